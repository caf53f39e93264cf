package org.csiconsole.core.call;

import org.csiconsole.core.audit.AuditFailure;
import org.csiconsole.core.audit.AuditOrigin;
import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditRecord;
import org.csiconsole.core.audit.AuditSink;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The audit step of the call policy: one {@link AuditRecord} per mutating call (a CSI / csi-addons
 * RPC of a {@linkplain CallKind#mutating() mutating kind}, or a CSP POST, PUT or DELETE), appended to
 * the {@link AuditSink} when the call ends (OK, failed, deadline exceeded or cancelled) and
 * <em>before</em> the caller's future completes, so no view or command shows a result whose entry
 * is not on disk (issue 18, "durably before its result is shown").
 *
 * <p>One record per logical call: retries share its correlation id (a random UUID) and are counted in
 * {@link AuditRecord#attempts()}. Parameters are the call trace's redacted text ({@link Redactor} for
 * gRPC, {@code CspRedactor} for REST); target ids are read from the request and, when the call
 * succeeded, from the response (the id a create made).
 *
 * <p><b>When the append fails</b> (disk full, permission, log closed) the caller's future fails with
 * an {@link AuditFailure} rather than completing: the change was made, or not, but it is not
 * recorded, and the console must not show it as if it were. The failure says so in words, names
 * the call's own outcome, and carries the call's response ({@link AuditFailure#response()}) or its
 * failure (as the cause), so nothing of the result is lost. Failing loudly was chosen over
 * completing and logging, since a log line is easily missed and the log's promise is that every
 * shown change is on disk.
 *
 * <p><b>Cancellation.</b> Cancelling the returned future cancels the RPC, then writes the CANCELLED
 * record on the cancelling thread and waits for it (a durable append, normally under a few
 * milliseconds; at most {@link #CONFIRM_WAIT}) before the future is cancelled. If the append fails
 * or is not confirmed in time, the future fails with {@link AuditFailure} instead and
 * {@code cancel} returns false.
 */
public final class CallAudit {
    /** How long cancelling, or a synchronous REST call, waits for its record to be confirmed: 10 s. */
    public static final Duration CONFIRM_WAIT = Duration.ofSeconds(10);

    private static final CallAudit NONE = new CallAudit(null, new AuditOrigin("", "", ""), Clock.systemUTC());

    private final AuditSink sink;
    private final AuditOrigin origin;
    private final Clock clock;

    private CallAudit(AuditSink sink, AuditOrigin origin, Clock clock) {
        this.sink = sink;
        this.origin = origin;
        this.clock = clock;
    }

    /** Records every mutating call into {@code sink} as made by {@code origin}. */
    public static CallAudit to(AuditSink sink, AuditOrigin origin) {
        return new CallAudit(Objects.requireNonNull(sink, "sink"), Objects.requireNonNull(origin, "origin"), Clock.systemUTC());
    }

    /** Records nothing: for clients that make no changes (read-only tools) and tests of something else. */
    public static CallAudit none() {
        return NONE;
    }

    /** False for {@link #none()}. */
    public boolean enabled() {
        return sink != null;
    }

    public AuditOrigin origin() {
        return origin;
    }

    /**
     * One audited asynchronous call (the gRPC path of {@link CallPolicy}).
     *
     * @param endpoint endpoint text
     * @param protocol {@code "grpc"}
     * @param call the full method name
     * @param what the call in words, for the failure text
     * @param parameters the redacted request text
     * @param forced the request carries {@code force=true}: the record is {@linkplain AuditRecord#forced() marked forced}
     * @param targets ids the request names
     * @param responseTargets ids a successful response adds (the created volume's id, say)
     * @param send starts the call; receives a counter it increments per attempt sent
     * @return the caller's future: completes after the record is durable (see the class comment)
     */
    <R> CompletableFuture<R> async(String endpoint, String protocol, String call, String what, String parameters, boolean forced,
                                   Map<String, List<String>> targets, Function<R, Map<String, List<String>>> responseTargets,
                                   Function<AtomicInteger, CompletableFuture<R>> send) {
        Instant start = clock.instant();
        long t0 = System.nanoTime();
        String correlation = UUID.randomUUID().toString();
        AtomicInteger attempts = new AtomicInteger();
        Audited<R> outer = new Audited<>();
        outer.sink = sink;
        CompletableFuture<R> inner;
        try {
            inner = send.apply(attempts);
        } catch (RuntimeException e) {
            inner = CompletableFuture.failedFuture(e);
        }
        outer.inner = inner;
        Function<Ending<R>, AuditRecord> record = end -> {
            Map<String, List<String>> all = new java.util.LinkedHashMap<>(targets);
            if (end.outcome == AuditOutcome.OK && end.value != null) {
                responseTargets.apply(end.value).forEach((k, v) -> v.forEach(id -> AuditTargets.add(all, k, id)));
            }
            return new AuditRecord(start, origin, endpoint, protocol, call, all, parameters, end.outcome, end.code,
                    end.message, Duration.ofNanos(System.nanoTime() - t0).toMillis(), correlation, attempts.get(), forced, false);
        };
        outer.record = record;
        outer.what = what;
        inner.whenComplete((v, t) -> {
            if (!outer.claimed.compareAndSet(false, true)) return;
            Ending<R> end = Ending.of(v, t);
            CompletableFuture<Void> appended;
            try {
                appended = sink.append(record.apply(end));
            } catch (RuntimeException e) {
                appended = CompletableFuture.failedFuture(e);
            }
            appended.whenCompleteAsync((x, failed) -> {
                outer.written.complete(null);
                if (failed != null) {
                    outer.completeExceptionally(notRecorded(what, end, failed));
                } else if (t != null) {
                    outer.completeExceptionally(t instanceof CompletionException && t.getCause() != null ? t.getCause() : t);
                } else {
                    outer.complete(v);
                }
            });
        });
        return outer;
    }

    /**
     * One audited synchronous call (the REST path of the CSP client), on the calling thread: runs
     * {@code send}, appends the record and waits for it (at most {@link #CONFIRM_WAIT}).
     *
     * @return what {@code send} returned
     * @throws AuditFailure when the record could not be written (the call's result or failure inside)
     * @throws RuntimeException what {@code send} threw, once its record is durable
     */
    public <T> T sync(String endpoint, String protocol, String call, String what, String parameters,
                      Map<String, List<String>> targets, Function<T, Map<String, List<String>>> responseTargets,
                      Supplier<T> send) {
        if (!enabled()) return send.get();
        Instant start = clock.instant();
        long t0 = System.nanoTime();
        String correlation = UUID.randomUUID().toString();
        T value = null;
        RuntimeException thrown = null;
        try {
            value = send.get();
        } catch (RuntimeException e) {
            thrown = e;
        }
        Ending<T> end = Ending.of(value, thrown);
        Map<String, List<String>> all = new java.util.LinkedHashMap<>(targets);
        if (thrown == null && value != null) {
            responseTargets.apply(value).forEach((k, v) -> v.forEach(id -> AuditTargets.add(all, k, id)));
        }
        AuditRecord r = new AuditRecord(start, origin, endpoint, protocol, call, all, parameters, end.outcome, end.code,
                end.message, Duration.ofNanos(System.nanoTime() - t0).toMillis(), correlation, 1);
        Throwable failed;
        try {
            failed = await(sink.append(r));
        } catch (RuntimeException e) {
            failed = e;
        }
        if (failed != null) throw notRecorded(what, end, failed);
        if (thrown != null) throw thrown;
        return value;
    }

    /**
     * Records a mutating call the console did not send ({@link AuditRecord#notSent}), as made by this audit's origin.
     *
     * @param code why, as a word ({@code FOUND_GONE})
     * @param message what was found, in one sentence
     * @return completes once the record is durable; at once when nothing is audited ({@link #none()}); fails with
     *     {@link AuditFailure} when it could not be written
     */
    public CompletableFuture<Void> notSent(String endpoint, String protocol, String call, Map<String, List<String>> targets,
                                           String code, String message) {
        if (!enabled()) return CompletableFuture.completedFuture(null);
        CompletableFuture<Void> appended;
        try {
            appended = sink.append(AuditRecord.notSent(clock.instant(), origin, endpoint, protocol, call, targets, code, message));
        } catch (RuntimeException e) {
            appended = CompletableFuture.failedFuture(e);
        }
        return appended.handle((x, failed) -> {
            if (failed == null) return (Void) null;
            Throwable c = failed instanceof CompletionException && failed.getCause() != null ? failed.getCause() : failed;
            throw new CompletionException(new AuditFailure("Record " + call + " as not sent", "the record that it was not sent (" + message
                    + ") could not be written: " + c.getMessage(), "Make the audit log writable again (free disk space, check the "
                    + "folder's permissions), then run 'csi-console audit --verify'", AuditOutcome.NOT_SENT, null, c));
        });
    }

    private static Throwable await(CompletableFuture<Void> written) {
        try {
            written.get(CONFIRM_WAIT.toMillis(), TimeUnit.MILLISECONDS);
            return null;
        } catch (ExecutionException e) {
            return e.getCause();
        } catch (TimeoutException e) {
            return e;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return e;
        }
    }

    private static AuditFailure notRecorded(String what, Ending<?> end, Throwable failed) {
        String ended = switch (end.outcome) {
            case OK -> "succeeded";
            case CANCELLED -> "was cancelled";
            case FAILED -> "failed (" + end.message + ")";
            case UNKNOWN -> "ended with its outcome unknown (" + end.message + ")";
            case NOT_SENT -> "was not sent";
        };
        String why = "the call " + ended + " but its audit entry could not be written"
                + (failed instanceof TimeoutException ? " within " + CONFIRM_WAIT.toSeconds() + " s" : "")
                + (failed.getMessage() == null ? "" : ": " + failed.getMessage());
        String toDo = (end.outcome == AuditOutcome.OK ? "The change was made: check its result in the console before repeating it. " : "")
                + "Make the audit log writable again (free disk space, check the folder's permissions), then run "
                + "'csi-console audit --verify'";
        Throwable cause = end.thrown != null ? end.thrown : failed;
        return new AuditFailure(what, why, toDo, end.outcome, end.value, cause);
    }

    /** How a call ended, in the record's terms. */
    private record Ending<R>(AuditOutcome outcome, String code, String message, R value, Throwable thrown) {
        static <R> Ending<R> of(R value, Throwable t) {
            if (t == null) return new Ending<>(AuditOutcome.OK, "", "", value, null);
            Throwable c = t instanceof CompletionException && t.getCause() != null ? t.getCause() : t;
            CallFailure f = CallFailure.unwrap(c);
            if (c instanceof CancellationException || (f != null && f.kind() == FailureKind.CANCELLED)) {
                return new Ending<>(AuditOutcome.CANCELLED, FailureKind.CANCELLED.name(),
                        f != null ? f.getMessage() : "cancelled by the caller", null, c);
            }
            if (f != null) return new Ending<>(f.outcomeUnknown() ? AuditOutcome.UNKNOWN : AuditOutcome.FAILED, f.kind().name(), f.getMessage(), null, c);
            return new Ending<>(AuditOutcome.FAILED, FailureKind.INTERNAL.name(), c.getClass().getSimpleName(), null, c);
        }
    }

    /** The caller's future: cancelling it records CANCELLED first (see the class comment). */
    private static final class Audited<R> extends LinkedFuture<R> {
        final AtomicBoolean claimed = new AtomicBoolean();
        final CompletableFuture<Void> written = new CompletableFuture<>();
        volatile CompletableFuture<R> inner;
        volatile Function<Ending<R>, AuditRecord> record;
        volatile String what;
        volatile AuditSink sink;

        /** Cancels the call and writes its CANCELLED record before anything is cancelled (see the class comment). */
        @Override
        protected void beforeCancel(boolean mayInterruptIfRunning) {
            if (isDone()) return;
            if (!claimed.compareAndSet(false, true)) {
                await(written); // the call ended at the same time: its own record is being written
                return;
            }
            CompletableFuture<R> in = inner;
            if (in != null) in.cancel(mayInterruptIfRunning);
            Ending<R> end = new Ending<>(AuditOutcome.CANCELLED, FailureKind.CANCELLED.name(), what + ": cancelled by the caller",
                    null, new CancellationException("cancelled by the caller"));
            Throwable failed;
            try {
                failed = await(sink.append(record.apply(end)));
            } catch (RuntimeException e) {
                failed = e;
            }
            written.complete(null);
            if (failed != null) completeExceptionally(notRecorded(what, end, failed));
        }
    }
}
