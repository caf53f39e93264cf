package org.csiconsole.core.storage.replication;

import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.ReplicationInfo;
import org.csiconsole.core.replication.ForceConfirmation;
import org.csiconsole.core.replication.PlanItem;
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
     * @param item the item the step belongs to, for a resync's progress read from its primary; may be null
     * @param progress gets (percent or -1, message) while a wait or resync polls
     */
    CompletableFuture<Void> run(WorkflowStep step, PlanItem item, BiConsumer<Integer, String> progress) {
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
                // ResyncVolumeResponse says only ready or not; the progress is the driver's status message
                // ("Resync in progress (40% done)"), reported by the primary, else by the side itself
                Instant started = clock.instant();
                ReplicationSource primary = other(step, item);
                yield site.replication().resync(r, force).thenCompose(ready -> ready ? CompletableFuture.completedFuture(null)
                    : Polling.until(() -> site.replication().resyncPoll(r, force).thenCompose(x -> x
                                    ? CompletableFuture.completedFuture(-2) : reportedPercent(step, r, primary)),
                            pct -> pct == -2,
                            pct -> progress.accept(pct < 0 ? -1 : pct, pct == -2 ? "Resync is ready." : resyncWords(pct,
                                    java.time.Duration.between(started, clock.instant()).withNanos(0), o.pollInterval())),
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

    /** A running resync in words: the driver's percent when it reports one, else how long it has run. */
    static String resyncWords(int percent, java.time.Duration elapsed, java.time.Duration poll) {
        return percent >= 0
                ? "Resync is running: " + percent + "% done (the driver's report), " + RpoAge.words(elapsed) + " so far."
                : "Resync is running (" + RpoAge.words(elapsed) + " so far); the driver reports no progress. Asking again in "
                + RpoAge.words(poll) + ".";
    }

    /**
     * The resync's percent as the driver reports it in a status message: asked of {@code primary} on the
     * other site when known (many drivers report only from the primary), else of the resynced side;
     * -1 when neither reports one or the read fails.
     */
    private CompletableFuture<Integer> reportedPercent(WorkflowStep step, ReplicationRequest own, ReplicationSource primary) {
        ReplicationSite other = primary == null ? null : otherSite(step.site());
        CompletableFuture<ReplicationInfo> read = other != null
                ? other.replication().info(request.template().forSource(primary))
                : site(step.site()).replication().info(own);
        return read.handle((i, e) -> e != null || i == null ? -1 : percent(i));
    }

    /** The source on the other site of the item {@code step} belongs to; null for a one-site operation or when unknown. */
    private static ReplicationSource other(WorkflowStep step, PlanItem item) {
        if (item == null || item.partner() == null || step.target() == null) return null;
        if (step.target().equals(item.partner())) return item.source();
        if (step.target().equals(item.source())) return item.partner();
        return null;
    }

    private ReplicationSite otherSite(String name) {
        if (request.siteB() == null) return null;
        return request.siteA().name().equals(name) ? request.siteB() : request.siteA();
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
