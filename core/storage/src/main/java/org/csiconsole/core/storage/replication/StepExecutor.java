package org.csiconsole.core.storage.replication;

import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.ReplicationInfo;
import org.csiconsole.core.replication.ForceConfirmation;
import org.csiconsole.core.replication.ReplicationAction;
import org.csiconsole.core.replication.ReplicationRequest;
import org.csiconsole.core.replication.ReplicationSite;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.replication.RpoAge;
import org.csiconsole.core.replication.WorkflowOptions;
import org.csiconsole.core.replication.WorkflowRequest;
import org.csiconsole.core.replication.WorkflowStep;

import java.time.Clock;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.BiConsumer;
import java.util.function.BooleanSupplier;

/**
 * Sends one step of one item. Calls go through the site's port (and so the call policy: deadline,
 * ABORTED retried within bounds, one audit entry); force is passed only with the request's typed
 * confirmation for that source; waits and resyncs poll every {@link WorkflowOptions#pollInterval()}
 * until done, stopped or {@link WorkflowOptions#waitTimeout()}.
 */
final class StepExecutor {
    private final WorkflowRequest request;
    private final Clock clock;
    private final BooleanSupplier stop;
    /** When each source was demoted (just before the DemoteVolume was sent), for the final-sync wait. */
    private final Map<ReplicationSource, Instant> demotedAt = new HashMap<>();

    StepExecutor(WorkflowRequest request, Clock clock, BooleanSupplier stop) {
        this.request = request;
        this.clock = clock;
        this.stop = stop;
    }

    /**
     * @param progress gets (percent or -1, message) while a wait or resync polls
     */
    CompletableFuture<Void> run(WorkflowStep step, BiConsumer<Integer, String> progress) {
        ReplicationSite site = site(step.site());
        WorkflowOptions o = request.options();
        ReplicationRequest r = step.target() == null ? null : request.template().forSource(step.target());
        ForceConfirmation force = step.force() && step.target() != null ? request.force().get(step.target()) : null;
        return switch (step.action()) {
            case ENABLE -> site.replication().enable(r);
            case DISABLE -> site.replication().disable(r);
            case PROMOTE -> site.replication().promote(r, force);
            case DEMOTE -> {
                Instant before = clock.instant();
                synchronized (demotedAt) {
                    demotedAt.put(step.target(), before);
                }
                yield site.replication().demote(r, force);
            }
            case RESYNC -> {
                // ResyncVolumeResponse says only ready or not: how long it has run is what the admin can be told
                Instant started = clock.instant();
                yield site.replication().resync(r, force).thenCompose(ready -> ready ? CompletableFuture.completedFuture(null)
                    : Polling.until(() -> site.replication().resyncPoll(r, force), x -> x,
                            x -> progress.accept(-1, x ? "Resync is ready." : "Resync is running (" + RpoAge.words(
                                    java.time.Duration.between(started, clock.instant()).withNanos(0)) + " so far); asking again in "
                                    + RpoAge.words(o.pollInterval()) + "."),
                            o.pollInterval(), o.waitTimeout(), stop, clock, "Resync " + step.target() + " until ready").thenApply(x -> null));
            }
            case WAIT_FINAL_SYNC -> {
                Instant since;
                synchronized (demotedAt) {
                    since = demotedAt.getOrDefault(step.target(), clock.instant());
                }
                yield Polling.until(() -> site.replication().info(r), i -> i.lastSyncTime() != null && i.lastSyncTime().isAfter(since),
                        i -> progress.accept(-1, "Waiting for a sync later than " + since + " (last sync " + i.lastSyncTime() + ")."),
                        o.pollInterval(), o.waitTimeout(), stop, clock, "Wait for a final sync of " + step.target()).thenApply(x -> null);
            }
            case WAIT_HEALTHY -> Polling.until(() -> site.replication().info(r), i -> i.health() == ReplicationHealth.HEALTHY,
                    i -> progress.accept(percent(i), "Health " + i.health() + (i.statusMessage().isEmpty() ? "" : ": " + i.statusMessage())),
                    o.pollInterval(), o.waitTimeout(), stop, clock, "Wait until " + step.target() + " is healthy").thenApply(x -> null);
            case FENCE -> site.fence().fence(o.fence());
        };
    }

    /** The percent in a status message such as "Resync in progress (40% done)."; -1 when none. */
    static int percent(ReplicationInfo i) {
        java.util.regex.Matcher m = java.util.regex.Pattern.compile("(\\d{1,3})% done").matcher(i.statusMessage());
        return m.find() ? Math.min(100, Integer.parseInt(m.group(1))) : -1;
    }

    private ReplicationSite site(String name) {
        if (request.siteA().name().equals(name)) return request.siteA();
        if (request.siteB() != null && request.siteB().name().equals(name)) return request.siteB();
        throw new IllegalStateException("No site named " + name + " in the request");
    }
}
