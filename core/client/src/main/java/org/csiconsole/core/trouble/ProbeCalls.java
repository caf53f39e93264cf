package org.csiconsole.core.trouble;

import com.google.protobuf.Message;
import io.grpc.MethodDescriptor;
import org.csiconsole.core.call.CallAudit;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.call.CallPolicy;
import org.csiconsole.core.call.CallSpec;
import org.csiconsole.core.call.CallTimer;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.InFlightGuard;
import org.csiconsole.core.call.PolicySettings;
import org.csiconsole.core.call.Redactor;
import org.csiconsole.core.endpoint.Connection;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadLocalRandom;

/**
 * The calls of one probe: each through a {@link CallPolicy} (trace with schema redaction, failures
 * as {@link CallFailure}) with the probe's deadline and no retries (a probe wants to see the first
 * answer), refused unless {@linkplain ReadOnlyRpcs read-only}, and timed from send to answer with
 * the probe's ticker. Never audited: nothing it sends changes anything.
 *
 * <p>Calls block the probe's own thread ({@link #await}); an interrupt cancels the call in flight.
 */
final class ProbeCalls {
    private final CallPolicy policy;
    private final ProbeOptions options;
    private final Map<String, Timing> timings = new LinkedHashMap<>();
    private int answered;
    private String firstFailure = "";
    /** The call waiting for its answer, null between calls. */
    private InFlight inFlight;
    /** The call a cancel cut off, null until one did. */
    private CutOff cutOff;

    /**
     * A call sent and not answered yet.
     *
     * @param method the bare RPC name, e.g. {@code GetPluginInfo}
     * @param kind its kind, which sets its latency threshold
     * @param sentAt the probe's ticker when it was sent, in nanoseconds
     */
    private record InFlight(String method, CallKind kind, long sentAt) {
    }

    /** The calls whose credentials the driver refused, by bare name, with why. */
    private final Map<String, String> credentialRefusals = new LinkedHashMap<>();

    ProbeCalls(CallTrace trace, ProbeOptions options) {
        this.options = options;
        this.policy = new CallPolicy(PolicySettings.DEFAULT, new InFlightGuard(), trace, new Redactor(), CallTimer.system(),
                () -> ThreadLocalRandom.current().nextDouble(), CallAudit.none(), options.secrets());
    }

    /**
     * Sends one read-only unary call and waits for it.
     *
     * @throws CallFailure as the policy maps the answer (DEADLINE_EXCEEDED as {@link FailureKind#TIMEOUT})
     * @throws InterruptedException when the probe is cancelled; the call is cancelled too
     */
    <Q extends Message, R extends Message> R call(Connection conn, MethodDescriptor<Q, R> method, Q request, CallKind kind)
            throws InterruptedException {
        String name = method.getFullMethodName();
        ReadOnlyRpcs.require(name);
        CallSpec spec = CallSpec.of(kind, method.getBareMethodName()).withDeadline(options.deadline()).retryingOn(Set.of());
        long t0 = options.ticker().getAsLong();
        CompletableFuture<R> f = policy.unary(conn.channel(), conn.endpoint().text(), method, request, spec);
        sent(method.getBareMethodName(), kind, t0);
        try {
            R r = await(f);
            record(name, kind, t0, false);
            countAnswer();
            return r;
        } catch (InterruptedException e) {
            stopped();
            throw e;
        } catch (CallFailure e) {
            record(name, kind, t0, e.kind() == FailureKind.TIMEOUT);
            failed(method.getBareMethodName(), e);
            throw e;
        } finally {
            answeredOrGaveUp();
        }
    }

    /**
     * Sends one read-only call to set up the connection (and the console's own call path) before the
     * calls whose latency is judged: traced, but timed only when it fails, since a failure here is
     * the driver's answer (or lack of one) and ends the probe's identity checks.
     *
     * @throws CallFailure as {@link #call} does
     */
    <Q extends Message, R extends Message> void warmUp(Connection conn, MethodDescriptor<Q, R> method, Q request)
            throws InterruptedException {
        String name = method.getFullMethodName();
        ReadOnlyRpcs.require(name);
        CallSpec spec = CallSpec.of(CallKind.PROBE, method.getBareMethodName()).withDeadline(options.deadline()).retryingOn(Set.of());
        long t0 = options.ticker().getAsLong();
        CompletableFuture<R> f = policy.unary(conn.channel(), conn.endpoint().text(), method, request, spec);
        sent(method.getBareMethodName(), CallKind.PROBE, t0);
        try {
            await(f);
            countAnswer();
        } catch (InterruptedException e) {
            stopped();
            throw e;
        } catch (CallFailure e) {
            record(name, CallKind.PROBE, t0, e.kind() == FailureKind.TIMEOUT);
            failed(method.getBareMethodName(), e);
            throw e;
        } finally {
            answeredOrGaveUp();
        }
    }

    private synchronized void sent(String method, CallKind kind, long t0) {
        inFlight = new InFlight(method, kind, t0);
    }

    private synchronized void answeredOrGaveUp() {
        inFlight = null;
    }

    /** Keeps the call in flight as the one the stop cut off, with how long it had waited by the probe's ticker. */
    private synchronized void stopped() {
        if (inFlight != null) {
            cutOff = new CutOff(inFlight.method(), options.threshold(inFlight.kind()),
                    Duration.ofNanos(Math.max(0, options.ticker().getAsLong() - inFlight.sentAt())));
        }
    }

    /**
     * A call the probe's stop (a cancel) cut off before it was answered.
     *
     * @param method the bare RPC name, e.g. {@code GetPluginInfo}
     * @param threshold the latency above which such a call is slow
     * @param waited how long it had waited for its answer
     */
    record CutOff(String method, Duration threshold, Duration waited) {
    }

    /** The call the probe's stop cut off; empty when it stopped between calls or was not stopped. */
    synchronized Optional<CutOff> cutOff() {
        return Optional.ofNullable(cutOff);
    }

    /** Waits for {@code f}, cancelling it when interrupted; unwraps its failure to the {@link CallFailure} it carries. */
    static <T> T await(Future<T> f) throws InterruptedException {
        try {
            return f.get();
        } catch (InterruptedException e) {
            f.cancel(true);
            throw e;
        } catch (CancellationException e) {
            throw new InterruptedException("cancelled");
        } catch (ExecutionException e) {
            CallFailure cf = CallFailure.unwrap(e);
            if (cf != null) throw cf;
            throw new CallFailure(FailureKind.INTERNAL, "probe call", String.valueOf(e.getCause()), "Report this as a console bug", "");
        }
    }

    private synchronized void record(String method, CallKind kind, long t0, boolean deadlineExceeded) {
        Duration took = Duration.ofNanos(Math.max(0, options.ticker().getAsLong() - t0));
        timings.computeIfAbsent(method, m -> new Timing(options.threshold(kind))).add(took, deadlineExceeded);
    }

    private synchronized void countAnswer() {
        answered++;
    }

    private synchronized void failed(String method, CallFailure e) {
        if (firstFailure.isEmpty()) firstFailure = method + ": " + e.getMessage();
        if (e.owner() == org.csiconsole.core.call.FailureOwner.CREDENTIALS) credentialRefusals.putIfAbsent(method, e.why());
    }

    /** The calls whose credentials (secrets) the driver refused so far, bare name to why, in the order refused. */
    synchronized Map<String, String> credentialRefusals() {
        return Map.copyOf(new LinkedHashMap<>(credentialRefusals));
    }

    /** How many calls got an answer (any answer but a failure) so far. */
    synchronized int answered() {
        return answered;
    }

    /** The first call that failed and why, {@code "GetPluginInfo: <failure>"}; empty when none failed. */
    synchronized String firstFailure() {
        return firstFailure;
    }

    /** The latency of every method called so far, in the order first called. */
    synchronized List<RpcTiming> timings() {
        List<RpcTiming> out = new ArrayList<>();
        timings.forEach((m, t) -> out.add(new RpcTiming(m, t.calls, t.slowest, t.total, t.threshold, t.deadlineExceeded)));
        return out;
    }

    private static final class Timing {
        final Duration threshold;
        int calls;
        Duration slowest = Duration.ZERO;
        Duration total = Duration.ZERO;
        int deadlineExceeded;

        Timing(Duration threshold) {
            this.threshold = threshold;
        }

        void add(Duration took, boolean exceeded) {
            calls++;
            total = total.plus(took);
            if (took.compareTo(slowest) > 0) slowest = took;
            if (exceeded) deadlineExceeded++;
        }
    }
}
