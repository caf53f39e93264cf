package org.csiconsole.core.reference.fault;

import io.grpc.Status;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.Map;
import java.util.Optional;
import java.util.Random;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.array.ReplicationStatus;

/**
 * Fault injection for the reference plugin: per-RPC latency and error codes, CSP 401/503, and
 * replication faults. Deterministic under the seed given at construction: probability draws come
 * from one seeded generator in call order.
 *
 * <p>An RPC is named by its full gRPC method name ({@code csi.v1.Controller/CreateVolume}), by
 * its bare method name ({@code CreateVolume}), or {@code *} for every RPC. CSP requests are not
 * RPCs; the CSP server asks {@link #nextCspFault()} once per request.
 *
 * <p>Error faults are applied by {@link #interceptor()} before the service runs, so the call has
 * no effect. Latency is applied by the services through {@link #delay(String)} while they hold the
 * per-volume operation guard, so a slow call makes a concurrent call on the same volume see
 * ABORTED.
 */
public final class Faults {
    private record ErrorRule(Status.Code code, AtomicInteger remaining, double probability) {
    }

    private final Random random;
    private final ArrayModel model;
    private final Map<String, Duration> latencies = new ConcurrentHashMap<>();
    private final Map<String, List<ErrorRule>> errors = new ConcurrentHashMap<>();
    private final AtomicInteger csp401 = new AtomicInteger();
    private final AtomicInteger csp503 = new AtomicInteger();
    private final AtomicBoolean cspTokensExpired = new AtomicBoolean();
    private final FaultInterceptor interceptor = new FaultInterceptor(this);
    private final Map<String, Pause> pauses = new ConcurrentHashMap<>();

    /**
     * A pause point: calls of an RPC block (holding their per-volume guard) until released. Lets
     * tests and demos create a call that is provably in flight, without timing.
     */
    public static final class Pause {
        private final java.util.concurrent.CountDownLatch arrived = new java.util.concurrent.CountDownLatch(1);
        private final java.util.concurrent.CountDownLatch released = new java.util.concurrent.CountDownLatch(1);

        /** Waits until a call is blocked at this pause; false when none arrived within {@code timeout}. */
        public boolean awaitBlocked(Duration timeout) throws InterruptedException {
            return arrived.await(timeout.toMillis(), java.util.concurrent.TimeUnit.MILLISECONDS);
        }

        /** Lets every blocked and future call through. */
        public void release() {
            released.countDown();
        }

        void block() {
            arrived.countDown();
            try {
                released.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private final Set<String> lostSites = java.util.concurrent.ConcurrentHashMap.newKeySet();

    public Faults(long seed, ArrayModel model) {
        this.random = new Random(seed);
        this.model = model;
    }

    /** The server interceptor applying error faults; every reference service is wrapped in it. */
    public FaultInterceptor interceptor() {
        return interceptor;
    }

    /** Every call of {@code rpc} takes at least {@code latency} longer. {@link Duration#ZERO} removes it. */
    public Faults latency(String rpc, Duration latency) {
        if (latency.isZero()) {
            latencies.remove(rpc);
        } else {
            latencies.put(rpc, latency);
        }
        return this;
    }

    /** The next call of {@code rpc} fails with {@code code}. */
    public Faults failOnce(String rpc, Status.Code code) {
        return failTimes(rpc, code, 1);
    }

    /** The next {@code times} calls of {@code rpc} fail with {@code code}. */
    public Faults failTimes(String rpc, Status.Code code, int times) {
        errors.computeIfAbsent(rpc, k -> new ArrayList<>()).add(new ErrorRule(code, new AtomicInteger(times), 1.0));
        return this;
    }

    /** Every call of {@code rpc} fails with {@code code} with probability {@code p} (0..1), drawn from the seeded generator. */
    public Faults failWithProbability(String rpc, Status.Code code, double p) {
        if (p < 0 || p > 1) {
            throw new IllegalArgumentException("Probability must be between 0 and 1, was " + p + ".");
        }
        errors.computeIfAbsent(rpc, k -> new ArrayList<>()).add(new ErrorRule(code, new AtomicInteger(-1), p));
        return this;
    }

    /**
     * Takes a whole array (a site) down or brings it back: a replication call on any of its volumes or groups answers
     * UNAVAILABLE, whichever endpoint it reaches, as a lost site answers nothing. Not persisted; {@link #clear} brings
     * every site back.
     */
    public void siteDown(String array, boolean down) {
        if (down) lostSites.add(java.util.Objects.requireNonNull(array, "array"));
        else lostSites.remove(array);
    }

    /** True while {@code array} is {@linkplain #siteDown down}. */
    public boolean siteLost(String array) {
        return array != null && lostSites.contains(array);
    }

    /**
     * Removes every latency and error rule, CSP fault and lost site. Replication faults live in the model; undo them
     * with {@link #replicationLinkDown}.
     */
    public Faults clear() {
        lostSites.clear();
        latencies.clear();
        errors.clear();
        pauses.values().forEach(Pause::release);
        pauses.clear();
        csp401.set(0);
        csp503.set(0);
        cspTokensExpired.set(false);
        return this;
    }

    /** The next {@code times} CSP requests get 401 (as if the token expired). */
    public Faults cspUnauthorized(int times) {
        csp401.addAndGet(times);
        return this;
    }

    /**
     * Expires every issued CSP session token: the CSP server answers 401 to requests with a token
     * issued before this call (it reads {@link #consumeCspTokenExpiry()}).
     */
    public Faults cspExpireTokens() {
        cspTokensExpired.set(true);
        return this;
    }

    /** True once after {@link #cspExpireTokens()}: the CSP server then drops its sessions. */
    public boolean consumeCspTokenExpiry() {
        return cspTokensExpired.getAndSet(false);
    }

    /** The next {@code times} CSP requests get 503. */
    public Faults cspUnavailable(int times) {
        csp503.addAndGet(times);
        return this;
    }

    /** Called by the CSP server once per request: what to do with it. 401 faults are served before 503 faults. */
    public CspFault nextCspFault() {
        if (csp401.getAndUpdate(n -> n > 0 ? n - 1 : 0) > 0) {
            return CspFault.UNAUTHORIZED;
        }
        if (csp503.getAndUpdate(n -> n > 0 ? n - 1 : 0) > 0) {
            return CspFault.UNAVAILABLE;
        }
        return CspFault.NONE;
    }

    /**
     * Takes the replication link of one pair (either side's volume or volume group id) down or up;
     * {@code sideId == null} means every pair. Down: health DEGRADED, sync frozen. Persisted.
     */
    public void replicationLinkDown(String sideId, boolean down) {
        model.replications().setLinkDown(sideId, down);
    }

    /** Promotes both sides of the pair of {@code sideId}: split-brain, health ERROR. Persisted. */
    public ReplicationStatus splitBrain(String sideId) {
        return model.replications().splitBrain(sideId);
    }

    /** The injected error for this call of {@code fullMethod}, consuming once/N-times rules. */
    public Optional<Status.Code> nextError(String fullMethod) {
        String bare = fullMethod.substring(fullMethod.lastIndexOf('/') + 1);
        for (String key : new String[] {fullMethod, bare, "*"}) {
            List<ErrorRule> rules = errors.get(key);
            if (rules == null) {
                continue;
            }
            synchronized (rules) {
                for (ErrorRule r : rules) {
                    if (r.remaining().get() == 0) {
                        continue;
                    }
                    if (r.probability() < 1.0) {
                        boolean hit;
                        synchronized (random) {
                            hit = random.nextDouble() < r.probability();
                        }
                        if (hit) {
                            return Optional.of(r.code());
                        }
                        continue;
                    }
                    if (r.remaining().get() > 0) {
                        r.remaining().decrementAndGet();
                    }
                    return Optional.of(r.code());
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Marks {@code key} busy for one operation (see {@link ArrayModel#begin(String)}); close it when done.
     *
     * @throws org.csiconsole.core.reference.array.ModelException BUSY (gRPC ABORTED) when busy already
     */
    public AutoCloseable guard(String key) {
        return model.begin(key);
    }

    /** The latency configured for {@code rpc} (full or bare name, or "*"), zero when none. */
    public Duration latencyOf(String rpc) {
        String bare = rpc.substring(rpc.lastIndexOf('/') + 1);
        Duration d = latencies.get(rpc);
        if (d == null) {
            d = latencies.get(bare);
        }
        if (d == null) {
            d = latencies.get("*");
        }
        return d == null ? Duration.ZERO : d;
    }

    /** Calls of {@code rpc} (full or bare name) block until the returned pause is released; the pause is removed on release. */
    public Pause pause(String rpc) {
        Pause p = new Pause();
        pauses.put(rpc, p);
        return p;
    }

    /** Sleeps for the latency configured for {@code rpc} and blocks at a {@link #pause}; returns at once when none. */
    public void delay(String rpc) {
        String bare = rpc.substring(rpc.lastIndexOf('/') + 1);
        Pause p = pauses.get(rpc);
        if (p == null) {
            p = pauses.get(bare);
        }
        if (p != null) {
            p.block();
            pauses.remove(rpc, p);
            pauses.remove(bare, p);
        }
        Duration d = latencyOf(rpc);
        if (!d.isZero()) {
            try {
                Thread.sleep(d.toMillis());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
