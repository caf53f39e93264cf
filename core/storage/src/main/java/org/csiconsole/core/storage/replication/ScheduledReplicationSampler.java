package org.csiconsole.core.storage.replication;

import org.csiconsole.core.model.ReplicationDestination;
import org.csiconsole.core.port.Listing;
import org.csiconsole.core.port.SourceFailure;
import org.csiconsole.core.replication.ReplicatedItem;
import org.csiconsole.core.replication.ReplicationHistory;
import org.csiconsole.core.replication.ReplicationPort;
import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.ReplicationSampler;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.replication.SampleRound;
import org.csiconsole.core.replication.SamplerSettings;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

/**
 * {@link ReplicationSampler} of one site on a single scheduler thread. Each round reads the
 * inventory, then every source through {@link SampleReader} with at most
 * {@link SamplerSettings#maxInFlight()} calls in flight; the next round starts one interval after
 * this one started, or at once when this one ran longer. A source whose read fails keeps its
 * previous figures, marked with the failure (stale); a failed inventory keeps every previous
 * sample so marked and names the inventory in {@link SampleRound#missing()}.
 */
public final class ScheduledReplicationSampler implements ReplicationSampler {
    private static final Logger LOG = LoggerFactory.getLogger(ScheduledReplicationSampler.class);

    private final String site;
    private final ReplicationPort port;
    private final ScheduledExecutorService scheduler;
    private final boolean ownsScheduler;
    private final Clock clock;
    private final ReplicationHistory history;
    private final List<Consumer<SampleRound>> listeners = new CopyOnWriteArrayList<>();
    private final Map<ReplicationSource, ReplicationDestination> destinations = new ConcurrentHashMap<>();
    private volatile SamplerSettings settings;
    private volatile Map<ReplicationSource, ReplicationSample> latest = Map.of();
    private volatile SampleRound lastRound;
    private volatile boolean shown = true;
    private volatile boolean started;
    private volatile boolean closed;
    private CompletableFuture<SampleRound> running;
    private ScheduledFuture<?> next;
    private Instant lastStart;

    /**
     * @param site the site name a sample carries when its listing names none ({@link ReplicatedItem#site()})
     * @param port the site's replication port
     * @param settings schedule, bounds, staleness and thresholds
     * @param scheduler runs the schedule; shut down by {@link #close()} only when {@code ownsScheduler}
     * @param clock timestamps of samples and rounds
     * @param history where rounds are stored, or null
     */
    public ScheduledReplicationSampler(String site, ReplicationPort port, SamplerSettings settings, ScheduledExecutorService scheduler,
                                       boolean ownsScheduler, Clock clock, ReplicationHistory history) {
        this.site = Objects.requireNonNull(site, "site");
        this.port = Objects.requireNonNull(port, "port");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.scheduler = Objects.requireNonNull(scheduler, "scheduler");
        this.ownsScheduler = ownsScheduler;
        this.clock = Objects.requireNonNull(clock, "clock");
        this.history = history;
    }

    /** A sampler with a scheduler thread of its own ({@code replication-sampler-<site>}), the system clock. */
    public static ScheduledReplicationSampler create(String site, ReplicationPort port, SamplerSettings settings, ReplicationHistory history) {
        ScheduledExecutorService s = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "replication-sampler-" + site);
            t.setDaemon(true);
            return t;
        });
        return new ScheduledReplicationSampler(site, port, settings, s, true, Clock.systemUTC(), history);
    }

    @Override
    public synchronized void start() {
        if (started || closed) return;
        started = true;
        schedule(Duration.ZERO);
    }

    @Override
    public synchronized void visible(boolean shown) {
        boolean was = this.shown;
        this.shown = shown;
        if (!started || closed || was == shown || running != null) return;
        schedule(untilNext());
    }

    @Override
    public CompletableFuture<SampleRound> sampleNow() {
        CompletableFuture<SampleRound> before;
        synchronized (this) {
            if (closed) return CompletableFuture.completedFuture(lastRound);
            before = running;
            if (before == null && next != null) next.cancel(false);
        }
        if (before != null) return before.handle((x, e) -> null).thenCompose(x -> sampleNow());
        CompletableFuture<SampleRound> r = new CompletableFuture<>();
        scheduler.execute(() -> runRound().whenComplete((x, e) -> {
            if (e != null) r.completeExceptionally(e);
            else r.complete(x);
        }));
        return r;
    }

    @Override
    public List<ReplicationSample> samples() {
        return List.copyOf(latest.values());
    }

    @Override
    public SampleRound lastRound() {
        return lastRound;
    }

    @Override
    public AutoCloseable subscribe(Consumer<SampleRound> listener) {
        listeners.add(Objects.requireNonNull(listener, "listener"));
        return () -> listeners.remove(listener);
    }

    @Override
    public SamplerSettings settings() {
        return settings;
    }

    @Override
    public void settings(SamplerSettings settings) {
        this.settings = Objects.requireNonNull(settings, "settings");
    }

    @Override
    public synchronized void close() {
        if (closed) return;
        closed = true;
        if (next != null) next.cancel(false);
        if (ownsScheduler) scheduler.shutdownNow();
    }

    private Duration interval() {
        return shown ? settings.interval() : settings.hiddenInterval();
    }

    private Duration untilNext() {
        if (lastStart == null) return Duration.ZERO;
        Duration wait = Duration.between(clock.instant(), lastStart.plus(interval()));
        return wait.isNegative() ? Duration.ZERO : wait;
    }

    private synchronized void schedule(Duration delay) {
        if (closed) return;
        if (next != null) next.cancel(false);
        next = scheduler.schedule(this::runRound, delay.toMillis(), TimeUnit.MILLISECONDS);
    }

    /** Starts a round, or joins the one running; completes once the round is published and no longer running. */
    private CompletableFuture<SampleRound> runRound() {
        CompletableFuture<SampleRound> done = new CompletableFuture<>();
        CompletableFuture<SampleRound> r;
        synchronized (this) {
            if (running != null) return running;
            if (closed) return CompletableFuture.completedFuture(lastRound);
            lastStart = clock.instant();
            running = done;
            r = round(lastStart);
        }
        r.whenComplete((round, e) -> {
            synchronized (this) {
                running = null;
                if (started) schedule(untilNext());
            }
            if (e != null) {
                LOG.warn("Replication sampling of {} failed unexpectedly", site, e);
                done.completeExceptionally(e);
                return;
            }
            if (!closed) publish(round);
            done.complete(round);
        });
        return done;
    }

    private void publish(SampleRound round) {
        lastRound = round;
        if (history != null) {
            history.record(round, settings.thresholds()).exceptionally(e -> {
                LOG.warn("Replication history of {} not written: {}", site, e.getMessage());
                return null;
            });
        }
        for (Consumer<SampleRound> l : listeners) {
            try {
                l.accept(round);
            } catch (RuntimeException e) {
                LOG.warn("A replication sample listener failed", e);
            }
        }
    }

    /** One round: inventory, CSP figures, then every source with bounded concurrency. */
    private CompletableFuture<SampleRound> round(Instant started) {
        SamplerSettings s = settings;
        return port.features().thenCompose(features -> port.inventory().handle((listing, e) -> {
            if (e != null) return CompletableFuture.completedFuture(inventoryFailed(started, e));
            return CspFigures.read(port, features).thenCompose(csp -> {
                SampleReader reader = new SampleReader(port, features, csp, destinations, s.destinations(), clock);
                List<ReplicatedItem> items = listing.items().stream().map(this::onSite).toList();
                return Bounded.map(items, s.maxInFlight(), item -> reader.read(item, latest.get(item.source())))
                        .thenApply(samples -> finish(started, samples, listing, csp.missing()));
            });
        }).thenCompose(f -> f));
    }

    /** {@code i} on the site its listing names (one driver serving both sites names each item's), else on this sampler's. */
    private ReplicatedItem onSite(ReplicatedItem i) {
        return i.site().isEmpty() ? i.onSite(site) : i;
    }

    private SampleRound inventoryFailed(Instant started, Throwable e) {
        SourceFailure f = SourceFailure.of(site + " inventory", e);
        Instant now = clock.instant();
        List<ReplicationSample> kept = latest.values().stream().map(x -> x.failed(f.failure(), now)).toList();
        Map<ReplicationSource, ReplicationSample> m = new LinkedHashMap<>();
        kept.forEach(x -> m.put(x.source(), x));
        latest = m;
        return new SampleRound(site, started, now, kept, List.of(f));
    }

    /**
     * The round's samples; when a source of the listing failed ({@link Listing#missing()}: the driver stopped answering
     * and only the console's record listed some sources), every source sampled before and not listed now is kept with its
     * previous figures, marked with that failure (stale, since its last read), never dropped: a driver that does not
     * answer has not deleted its volumes.
     */
    private SampleRound finish(Instant started, List<ReplicationSample> samples, Listing<ReplicatedItem> listing, List<SourceFailure> cspMissing) {
        List<SourceFailure> missing = new ArrayList<>(listing.missing());
        missing.addAll(cspMissing);
        Map<ReplicationSource, ReplicationSample> m = new LinkedHashMap<>();
        samples.forEach(x -> m.put(x.source(), x));
        List<ReplicationSample> all = new ArrayList<>(samples);
        if (!listing.missing().isEmpty()) {
            Instant now = clock.instant();
            for (ReplicationSample before : latest.values()) {
                if (m.containsKey(before.source())) continue;
                ReplicationSample kept = before.failed(listing.missing().get(0).failure(), now);
                m.put(kept.source(), kept);
                all.add(kept);
            }
        }
        latest = m;
        return new SampleRound(site, started, clock.instant(), all, missing);
    }
}
