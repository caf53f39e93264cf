package org.csiconsole.core.call;

import com.google.common.util.concurrent.ListenableFuture;
import com.google.protobuf.Message;
import io.grpc.CallOptions;
import io.grpc.Channel;
import io.grpc.ClientCall;
import io.grpc.MethodDescriptor;
import io.grpc.Status;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.StreamObserver;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;
import java.util.function.Function;

/**
 * The one place every CSI and csi-addons RPC goes through. For each call it:
 * <ol>
 *   <li>fills the request's empty {@code secrets} with the connection's secrets for the call's class
 *       ({@link SecretCalls#fill}); the trace, the audit log and failures show them masked by field;</li>
 *   <li>checks the request against the spec's field size limits ({@link SizeLimits}) and fails with
 *       {@link FailureKind#INVALID_ARGUMENT} without sending;</li>
 *   <li>takes the {@link InFlightGuard} on the objects a mutating call changes (wait or fail fast);</li>
 *   <li>sends each attempt with a deadline ({@link PolicySettings#deadline(CallKind)} or the call's own);</li>
 *   <li>retries ABORTED, UNAVAILABLE and DEADLINE_EXCEEDED with exponential backoff and jitter,
 *       bounded by attempts and total time ({@link RetrySettings}). Mutating calls are retried too: every CSI
 *       and csi-addons call is idempotent by spec (CSI spec, "Idempotency"), and CreateVolume / CreateSnapshot are
 *       idempotent by name, so a repeated create with the same name and arguments returns the object made by an
 *       earlier attempt instead of making a second one;</li>
 *   <li>a mutating call one of whose attempts was cut off after its request was sent
 *       ({@link TransportFailures#cutOffAfterSend}: the driver died mid-call, the deadline passed, the call was
 *       cancelled in flight) and that did not succeed later fails with
 *       {@link CallFailure#outcomeUnknown(CallFailure, String)}: audited as UNKNOWN, with the re-check to make;</li>
 *   <li>records every attempt in the {@link CallTrace}: method, endpoint, redacted request and
 *       response or status, duration, attempt number ({@link Redactor});</li>
 *   <li>audits a call of a {@linkplain CallKind#mutating() mutating kind} once, as one logical call, when it
 *       ends: the record is durable before the returned future completes ({@link CallAudit});</li>
 *   <li>maps a final non-OK status to a {@link CallFailure}: one the transport made (refused, reset,
 *       HTTP/2 error, TLS) as a problem of the endpoint ({@link TransportFailures}, {@link GrpcFailures#tls}),
 *       one the driver sent with the spec's condition and recovery ({@link GrpcFailures}).</li>
 * </ol>
 * Cancelling a returned future cancels the RPC in flight, stops further retries and releases the
 * guard. Futures complete on the channel's threads (for unix sockets and TCP, the connection's I/O
 * thread; see {@link org.csiconsole.core.endpoint.ChannelFactory}): never block inside a callback.
 */
public final class CallPolicy {
    private static final Logger LOG = LoggerFactory.getLogger(CallPolicy.class);

    private final PolicySettings settings;
    private final InFlightGuard guard;
    private final CallTrace trace;
    private final Redactor redactor;
    private final SizeLimits limits;
    private final CallTimer timer;
    private final DoubleSupplier random;
    private final CallAudit audit;
    private final org.csiconsole.core.model.ConnectionSecrets secrets;
    private final org.csiconsole.core.session.Reachability reachability;
    private final org.csiconsole.core.model.VolumeNames names = new org.csiconsole.core.model.VolumeNames();

    /** Default settings, a new guard, the system timer. */
    public CallPolicy(CallTrace trace) {
        this(PolicySettings.DEFAULT, new InFlightGuard(), trace, new Redactor(), CallTimer.system(),
                () -> ThreadLocalRandom.current().nextDouble());
    }

    /**
     * @param settings deadlines, retries, default lock mode
     * @param guard in-flight guard, shared by every client of the same driver
     * @param trace where attempts are recorded
     * @param redactor schema redaction for trace text
     * @param timer clock and non-blocking waits (a fake in tests)
     * @param random source of jitter in [0, 1)
     */
    public CallPolicy(PolicySettings settings, InFlightGuard guard, CallTrace trace, Redactor redactor, CallTimer timer,
                      DoubleSupplier random) {
        this(settings, guard, trace, redactor, timer, random, CallAudit.none());
    }

    /**
     * As {@link #CallPolicy(PolicySettings, InFlightGuard, CallTrace, Redactor, CallTimer, DoubleSupplier)},
     * auditing every mutating call through {@code audit}.
     */
    public CallPolicy(PolicySettings settings, InFlightGuard guard, CallTrace trace, Redactor redactor, CallTimer timer,
                      DoubleSupplier random, CallAudit audit) {
        this(settings, guard, trace, redactor, timer, random, audit, org.csiconsole.core.model.ConnectionSecrets.NONE);
    }

    /**
     * As {@link #CallPolicy(PolicySettings, InFlightGuard, CallTrace, Redactor, CallTimer, DoubleSupplier, CallAudit)},
     * sending {@code secrets} with every call whose request carries secrets and whose caller gave none.
     */
    public CallPolicy(PolicySettings settings, InFlightGuard guard, CallTrace trace, Redactor redactor, CallTimer timer,
                      DoubleSupplier random, CallAudit audit, org.csiconsole.core.model.ConnectionSecrets secrets) {
        this(settings, guard, trace, redactor, timer, random, audit, secrets, org.csiconsole.core.session.Reachability.ALWAYS);
    }

    /**
     * As {@link #CallPolicy(PolicySettings, InFlightGuard, CallTrace, Redactor, CallTimer, DoubleSupplier, CallAudit,
     * org.csiconsole.core.model.ConnectionSecrets)}, not sending a mutating call (nor retrying one) while {@code reachability}
     * says the driver does not answer: it fails with {@link CallFailure#refused} ("Not sent: Served is not answering
     * (connection Reconnecting)", {@link org.csiconsole.core.risk.RiskModel#notSentUnreachable}) and is audited as not sent
     * (code {@link org.csiconsole.core.risk.RiskModel#UNREACHABLE}).
     */
    public CallPolicy(PolicySettings settings, InFlightGuard guard, CallTrace trace, Redactor redactor, CallTimer timer,
                      DoubleSupplier random, CallAudit audit, org.csiconsole.core.model.ConnectionSecrets secrets,
                      org.csiconsole.core.session.Reachability reachability) {
        this.reachability = Objects.requireNonNull(reachability, "reachability");
        this.secrets = Objects.requireNonNull(secrets, "secrets");
        this.audit = Objects.requireNonNull(audit, "audit");
        this.settings = Objects.requireNonNull(settings, "settings");
        this.guard = Objects.requireNonNull(guard, "guard");
        this.trace = Objects.requireNonNull(trace, "trace");
        this.redactor = Objects.requireNonNull(redactor, "redactor");
        this.limits = new SizeLimits();
        this.timer = Objects.requireNonNull(timer, "timer");
        this.random = Objects.requireNonNull(random, "random");
    }

    public PolicySettings settings() {
        return settings;
    }

    public InFlightGuard guard() {
        return guard;
    }

    public CallTrace trace() {
        return trace;
    }

    public Redactor redactor() {
        return redactor;
    }

    /** Where mutating calls are audited. */
    public CallAudit audit() {
        return audit;
    }

    /** The secrets sent with calls whose caller gave none. */
    public org.csiconsole.core.model.ConnectionSecrets secrets() {
        return secrets;
    }

    /**
     * One unary RPC under the policy.
     *
     * @param channel where to send
     * @param endpoint endpoint text for the trace
     * @return the response; fails with {@link CallFailure} (never a raw gRPC exception), or is cancelled;
     *     for a mutating kind, completes only once its audit record is durable, and fails with
     *     {@link org.csiconsole.core.audit.AuditFailure} when it could not be written
     */
    public <Q extends Message, R extends Message> CompletableFuture<R> unary(Channel channel, String endpoint,
                                                                             MethodDescriptor<Q, R> method, Q given,
                                                                             CallSpec unnamed) {
        CallSpec spec = named(unnamed);
        Q request;
        try {
            request = SecretCalls.fill(given, method.getFullMethodName(), secrets);
        } catch (CallFailure f) {
            return CompletableFuture.failedFuture(f);
        }
        CallOrigin origin = trace.origins().current();
        if (spec.kind().mutating() && !reachability.answering()) {
            String why = org.csiconsole.core.risk.RiskModel.notSentUnreachable(reachability.connection(), reachability.state());
            CallFailure refused = CallFailure.refused(spec.what(), why, org.csiconsole.core.risk.RiskModel.afterUnreachable());
            return carry(origin, audit.notSent(endpoint, "grpc", method.getFullMethodName(), withNames(AuditTargets.of(request, redactor)),
                    org.csiconsole.core.risk.RiskModel.UNREACHABLE, why).thenCompose(x -> CompletableFuture.<R>failedFuture(refused)));
        }
        if (!spec.kind().mutating() || !audit.enabled()) {
            return carry(origin, send(channel, endpoint, method, request, spec, new AtomicInteger(), origin));
        }
        return carry(origin, audit.async(endpoint, "grpc", method.getFullMethodName(), spec.what(), redactor.text(request),
                forced(request), withNames(AuditTargets.of(request, redactor)), (R response) -> AuditTargets.of(response, redactor),
                attempts -> send(channel, endpoint, method, request, spec, attempts, origin)));
    }

    /** The names a person knows this connection's volumes by: failure texts and audit records name them beside their ids. */
    public org.csiconsole.core.model.VolumeNames names() {
        return names;
    }

    /** {@code spec} with the volume ids of its words named ({@link org.csiconsole.core.model.VolumeNames#labelIn}). */
    private CallSpec named(CallSpec spec) {
        String what = names.labelIn(spec.what());
        return what.equals(spec.what()) ? spec : spec.withWhat(what);
    }

    /** {@code targets} with the names of their volume and snapshot ids, under {@link org.csiconsole.core.audit.AuditRecord#NAMES}. */
    private Map<String, List<String>> withNames(Map<String, List<String>> targets) {
        List<String> named = new java.util.ArrayList<>();
        targets.forEach((field, ids) -> {
            if (!field.endsWith("volume_id") && !field.endsWith("volume_ids") && !field.endsWith("snapshot_id")) return;
            for (String id : ids) {
                String name = names.nameOf(id);
                if (!name.isEmpty() && !named.contains(id + "=" + name)) named.add(id + "=" + name);
            }
        });
        if (named.isEmpty()) return targets;
        Map<String, List<String>> all = new java.util.LinkedHashMap<>(targets);
        all.put(org.csiconsole.core.audit.AuditRecord.NAMES, named);
        return all;
    }

    /** True when {@code request} has a top-level boolean {@code force} set (csi-addons replication.proto: promote, demote, resync). */
    static boolean forced(Message request) {
        var field = request.getDescriptorForType().findFieldByName("force");
        return field != null && field.getJavaType() == com.google.protobuf.Descriptors.FieldDescriptor.JavaType.BOOLEAN
                && !field.isRepeated() && Boolean.TRUE.equals(request.getField(field));
    }

    private <Q extends Message, R extends Message> CompletableFuture<R> send(Channel channel, String endpoint,
                                                                             MethodDescriptor<Q, R> method, Q request,
                                                                             CallSpec spec, AtomicInteger attempts,
                                                                             CallOrigin origin) {
        Optional<CallFailure> tooBig = limits.check(spec.what(), request);
        if (tooBig.isPresent()) return CompletableFuture.failedFuture(tooBig.get());
        CompletableFuture<R> result = new LinkedFuture<>();
        Attempts<Q, R> run = new Attempts<>(channel, endpoint, method, request, spec, result, attempts, origin);
        return withGuard(spec, result, run::start);
    }

    /**
     * {@code call}, completing with {@code origin} current ({@link CallOrigins}): the stages chained
     * on it run as part of the same task, and calls they start are traced to it. A call made
     * outside any task is returned as it is. Cancelling the returned future cancels {@code call}.
     */
    private <T> CompletableFuture<T> carry(CallOrigin origin, CompletableFuture<T> call) {
        if (!origin.isTask() || call.isDone()) return call;
        CompletableFuture<T> carried = call.newIncompleteFuture();
        call.whenComplete((v, t) -> trace.origins().run(origin, () -> {
            if (t != null) carried.completeExceptionally(t instanceof java.util.concurrent.CompletionException c
                    && c.getCause() != null ? c.getCause() : t);
            else carried.complete(v);
        }));
        return carried;
    }

    /**
     * One server-streaming RPC under the policy: each message goes to {@code onMessage} as it arrives.
     * Retried like a unary call only while no message has arrived yet.
     *
     * @return completes when the stream ends; fails with {@link CallFailure}
     */
    public <Q extends Message, R extends Message> CompletableFuture<Void> serverStream(Channel channel, String endpoint,
                                                                                       MethodDescriptor<Q, R> method, Q given,
                                                                                       CallSpec unnamed, Consumer<R> onMessage) {
        CallSpec spec = named(unnamed);
        Q request;
        try {
            request = SecretCalls.fill(given, method.getFullMethodName(), secrets);
        } catch (CallFailure f) {
            return CompletableFuture.failedFuture(f);
        }
        Optional<CallFailure> tooBig = limits.check(spec.what(), request);
        if (tooBig.isPresent()) return CompletableFuture.failedFuture(tooBig.get());
        CompletableFuture<Void> result = new LinkedFuture<>();
        CallOrigin origin = trace.origins().current();
        Stream<Q, R> run = new Stream<>(channel, endpoint, method, request, spec, result, onMessage, origin);
        return carry(origin, withGuard(spec, result, run::start));
    }

    /**
     * Every page of a paged list (ListVolumes, ListSnapshots, ListVolumeGroups), in order, to
     * {@code consumer}. Stops with a {@link FailureKind#PROTOCOL} failure when the plugin returns a
     * {@code next_token} it returned before (a repeated or cyclic token would otherwise loop forever).
     * ABORTED is not retried here: for list calls the spec uses it for an invalid starting_token.
     * The next page is requested once the stage {@code consumer} returned for the previous page
     * completes, and the listing completes once the last page's stage has (see {@link PageSink}).
     *
     * @param requestFor the request for a starting token ({@code ""} for the first page)
     * @param items the entries of a page
     * @param nextToken the page's next_token, {@code ""} on the last page
     * @param consumer receives each page's entries (on a gRPC thread); an exception it throws, or a
     *     failed stage it returns, ends the listing
     */
    public <Q extends Message, R extends Message, T> CompletableFuture<Void> pages(
            Channel channel, String endpoint, MethodDescriptor<Q, R> method, Function<String, Q> requestFor,
            Function<R, List<T>> items, Function<R, String> nextToken, PageSink<T> consumer, CallSpec spec) {
        CallSpec pageSpec = spec.retryingOn(Set.of(Status.Code.UNAVAILABLE, Status.Code.DEADLINE_EXCEEDED));
        CompletableFuture<Void> result = new LinkedFuture<>();
        CallOrigin origin = trace.origins().current();
        // The next page may be asked for from another thread (see PagedListing): it is sent for the same task.
        new PagedListing<>(token -> trace.origins().within(origin, () -> unary(channel, endpoint, method, requestFor.apply(token), pageSpec)),
                items, nextToken, consumer, spec.what(), result).start();
        return carry(origin, result);
    }

    /**
     * Starts the call once its ids' permit is held. Returns the future for the caller, which completes
     * after the permit was released: code chained on it may start the next mutation of the same
     * volume at once, even in fail-fast mode. Cancelling it cancels {@code result}.
     */
    private <T> CompletableFuture<T> withGuard(CallSpec spec, CompletableFuture<T> result, Runnable start) {
        if (spec.lockKeys().isEmpty()) {
            start.run();
            return result;
        }
        LockMode mode = spec.lockMode() == null ? settings.lockMode() : spec.lockMode();
        CompletableFuture<InFlightGuard.Permit> permit = guard.acquire(spec.lockKeys(), mode, spec.what());
        CompletableFuture<T> caller = result.newIncompleteFuture();
        result.whenComplete((v, t) -> {
            if (!permit.cancel(false)) permit.thenAccept(InFlightGuard.Permit::release);
            if (t != null) caller.completeExceptionally(t);
            else caller.complete(v);
        });
        permit.whenComplete((p, t) -> {
            if (t != null) {
                result.completeExceptionally(t);
            } else if (!result.isDone()) {
                start.run();
            }
        });
        return caller;
    }

    private Duration deadline(CallSpec spec) {
        return spec.deadline() != null ? spec.deadline() : settings.deadline(spec.kind());
    }

    private static String bareName(MethodDescriptor<?, ?> m) {
        String b = m.getBareMethodName();
        return b == null ? m.getFullMethodName() : b;
    }

    /** Decides on a retry after a failed attempt; returns the wait, or null for no retry. */
    private Duration retryDelay(CallSpec spec, Status status, int attempt, long firstStart) {
        if (!spec.retryOn().contains(status.getCode())) return null;
        if (SecretCalls.saysSecretsMissing(status.getDescription())) return null; // the same request fails the same way
        if (GrpcFailures.tls(status, spec.what(), "").isPresent()) return null; // same certificates, same result
        if (TransportFailures.closedByConsole(status, "", "", "").isPresent()) return null; // a closed channel stays closed
        RetrySettings r = settings.retry();
        if (attempt >= r.maxAttempts()) return null;
        Duration wait = r.backoff(attempt, random.getAsDouble());
        long elapsed = timer.nanoTime() - firstStart;
        if (elapsed + wait.toNanos() > r.maxTotal().toNanos()) return null;
        return wait;
    }

    /**
     * The failure of a mutating call an attempt of which was cut off after sending: its outcome is unknown, and the next
     * step is a re-check. A create names how: CreateVolume and CreateSnapshot are idempotent by name (CSI spec), so the
     * same request again returns what an earlier attempt made.
     */
    static CallFailure outcomeUnknown(String method, CallFailure last, Message request) {
        var nameField = request.getDescriptorForType().findFieldByName("name");
        String name = nameField == null || nameField.isRepeated() || nameField.getJavaType() != com.google.protobuf.Descriptors.FieldDescriptor.JavaType.STRING
                ? "" : (String) request.getField(nameField);
        String recheck = (method.equals("CreateVolume") || method.equals("CreateSnapshot")) && !name.isEmpty()
                ? "Re-check before anything else: the console's record keeps \"" + name + "\" as outcome unknown. Run the same "
                        + method + " again with the same name and arguments (it is idempotent by name, CSI spec: the driver returns "
                        + "what it made, or makes it now), or look for it in the driver's listing"
                : "Re-check the object's state with the driver (refresh the view, or read it: ControllerGetVolume, ListSnapshots, "
                        + "GetVolumeReplicationInfo) before repeating " + method + "; repeating it is safe, the call is idempotent by spec";
        return CallFailure.outcomeUnknown(last, recheck);
    }

    private CallFailure failure(MethodDescriptor<?, ?> method, Message request, Status status, CallSpec spec, int attempts, String endpoint) {
        Optional<CallFailure> tls = GrpcFailures.tls(status, spec.what(), endpoint);
        if (tls.isPresent()) return tls.get();
        Optional<CallFailure> transport = TransportFailures.failure(status, bareName(method), spec.what(), endpoint, attempts);
        if (transport.isPresent()) return transport.get();
        Optional<CallFailure> timedOut = GrpcFailures.ownDeadline(bareName(method), status, spec.what(), deadline(spec), attempts);
        if (timedOut.isPresent()) return timedOut.get();
        return GrpcFailures.failure(bareName(method), status, spec.what(), attempts, SecretCalls.sent(request));
    }

    private static Status statusOf(Throwable t) {
        Status s = Status.fromThrowable(t);
        return s;
    }

    private static String statusText(Status s) {
        return s.getCode().name();
    }

    /** The attempts of one unary call. */
    private final class Attempts<Q extends Message, R extends Message> {
        private final Channel channel;
        private final String endpoint;
        private final MethodDescriptor<Q, R> method;
        private final Q request;
        private final CallSpec spec;
        private final CompletableFuture<R> result;
        private final AtomicReference<ListenableFuture<R>> inFlight = new AtomicReference<>();
        private final AtomicReference<CompletableFuture<Void>> waiting = new AtomicReference<>();
        private final AtomicInteger sent;
        private final CallOrigin origin;
        /** True once an attempt of a mutating call was cut off after its request was sent. */
        private volatile boolean cutOff;
        private TracePayload requestPayload;
        private Map<String, List<String>> targets;
        private long firstStart;

        Attempts(Channel channel, String endpoint, MethodDescriptor<Q, R> method, Q request, CallSpec spec,
                 CompletableFuture<R> result, AtomicInteger sent, CallOrigin origin) {
            this.sent = sent;
            this.origin = origin;
            this.channel = channel;
            this.endpoint = endpoint;
            this.method = method;
            this.request = request;
            this.spec = spec;
            this.result = result;
            result.whenComplete((v, t) -> {
                if (result.isCancelled()) {
                    ListenableFuture<R> f = inFlight.get();
                    if (f != null) f.cancel(true);
                    CompletableFuture<Void> w = waiting.get();
                    if (w != null) w.cancel(false);
                }
            });
        }

        void start() {
            requestPayload = GrpcTracing.payload(request, redactor);
            targets = GrpcTracing.targets(request, redactor);
            firstStart = timer.nanoTime();
            attempt(1);
        }

        private void attempt(int n) {
            if (result.isDone()) return;
            Instant wall = Instant.now();
            long t0 = System.nanoTime();
            ClientCall<Q, R> call = channel.newCall(method,
                    CallOptions.DEFAULT.withDeadlineAfter(deadline(spec).toNanos(), TimeUnit.NANOSECONDS));
            ListenableFuture<R> f = ClientCalls.futureUnaryCall(call, request);
            sent.set(n);
            inFlight.set(f);
            if (result.isCancelled()) f.cancel(true);
            f.addListener(() -> done(n, f, wall, t0), Runnable::run);
        }

        private void done(int n, ListenableFuture<R> f, Instant wall, long t0) {
            Duration took = Duration.ofNanos(System.nanoTime() - t0);
            R response;
            try {
                response = f.get();
            } catch (Throwable t) {
                Throwable cause = t instanceof java.util.concurrent.ExecutionException ? t.getCause() : t;
                Status status = t instanceof CancellationException ? Status.CANCELLED.withDescription("cancelled by the caller")
                        : statusOf(cause);
                trace.record(new TraceEntry(0, wall, TraceEntry.GRPC, endpoint, method.getFullMethodName(), n, requestPayload,
                        TracePayload.EMPTY, statusText(status), false, took, Objects.requireNonNullElse(status.getDescription(), ""),
                        targets, Map.of(), origin));
                if (spec.kind().mutating() && TransportFailures.cutOffAfterSend(status)) cutOff = true;
                if (result.isDone()) return;
                // a change is not sent again once its driver is known not to answer: no retries against a dead driver
                Duration wait = spec.kind().mutating() && !reachability.answering() ? null : retryDelay(spec, status, n, firstStart);
                if (wait != null) {
                    LOG.debug("{} attempt {} ended {}; retrying in {} ms", method.getFullMethodName(), n, status.getCode(), wait.toMillis());
                    CompletableFuture<Void> w = timer.delay(wait);
                    waiting.set(w);
                    w.thenRun(() -> attempt(n + 1));
                    return;
                }
                CallFailure failure = failure(method, request, status, spec, n, endpoint);
                if (cutOff) failure = outcomeUnknown(bareName(method), failure, request);
                LOG.debug("{} failed: {}", method.getFullMethodName(), status.getCode());
                result.completeExceptionally(failure);
                return;
            }
            trace.record(new TraceEntry(0, wall, TraceEntry.GRPC, endpoint, method.getFullMethodName(), n, requestPayload,
                    GrpcTracing.payload(response, redactor), "OK", true, took, "",
                    GrpcTracing.withResponse(targets, response, redactor), Map.of(), origin));
            result.complete(response);
        }
    }

    /** The attempts of one server-streaming call. */
    private final class Stream<Q extends Message, R extends Message> {
        private final Channel channel;
        private final String endpoint;
        private final MethodDescriptor<Q, R> method;
        private final Q request;
        private final CallSpec spec;
        private final CompletableFuture<Void> result;
        private final Consumer<R> onMessage;
        private final AtomicReference<ClientCall<Q, R>> inFlight = new AtomicReference<>();
        private final CallOrigin origin;
        private TracePayload requestPayload;
        private Map<String, List<String>> targets;
        private long firstStart;

        Stream(Channel channel, String endpoint, MethodDescriptor<Q, R> method, Q request, CallSpec spec,
               CompletableFuture<Void> result, Consumer<R> onMessage, CallOrigin origin) {
            this.origin = origin;
            this.channel = channel;
            this.endpoint = endpoint;
            this.method = method;
            this.request = request;
            this.spec = spec;
            this.result = result;
            this.onMessage = onMessage;
            result.whenComplete((v, t) -> {
                ClientCall<Q, R> c = inFlight.get();
                if (result.isCancelled() && c != null) c.cancel("cancelled by the caller", null);
            });
        }

        void start() {
            requestPayload = GrpcTracing.payload(request, redactor);
            targets = GrpcTracing.targets(request, redactor);
            firstStart = timer.nanoTime();
            attempt(1);
        }

        private void attempt(int n) {
            if (result.isDone()) return;
            Instant wall = Instant.now();
            long t0 = System.nanoTime();
            ClientCall<Q, R> call = channel.newCall(method,
                    CallOptions.DEFAULT.withDeadlineAfter(deadline(spec).toNanos(), TimeUnit.NANOSECONDS));
            inFlight.set(call);
            ClientCalls.asyncServerStreamingCall(call, request, new StreamObserver<R>() {
                private long count;
                private R first;

                @Override
                public void onNext(R value) {
                    if (count++ == 0) first = value;
                    try {
                        onMessage.accept(value);
                    } catch (RuntimeException e) {
                        call.cancel("the consumer failed", e);
                        result.completeExceptionally(e);
                    }
                }

                @Override
                public void onError(Throwable t) {
                    Status status = statusOf(t);
                    Duration took = Duration.ofNanos(System.nanoTime() - t0);
                    trace.record(new TraceEntry(0, wall, TraceEntry.GRPC, endpoint, method.getFullMethodName(), n, requestPayload,
                            count == 0 ? TracePayload.EMPTY : GrpcTracing.stream(first, count, redactor), statusText(status), false,
                            took, Objects.requireNonNullElse(status.getDescription(), ""), targets, Map.of(), origin));
                    if (result.isDone()) return;
                    Duration wait = count == 0 ? retryDelay(spec, status, n, firstStart) : null;
                    if (wait != null) {
                        timer.delay(wait).thenRun(() -> attempt(n + 1));
                        return;
                    }
                    result.completeExceptionally(failure(method, request, status, spec, n, endpoint));
                }

                @Override
                public void onCompleted() {
                    Duration took = Duration.ofNanos(System.nanoTime() - t0);
                    trace.record(new TraceEntry(0, wall, TraceEntry.GRPC, endpoint, method.getFullMethodName(), n, requestPayload,
                            GrpcTracing.stream(first, count, redactor), "OK", true, took, "", targets, Map.of(), origin));
                    result.complete(null);
                }
            });
        }
    }
}
