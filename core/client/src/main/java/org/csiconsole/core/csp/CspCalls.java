package org.csiconsole.core.csp;

import org.csiconsole.core.call.CallAudit;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;

/**
 * Shared plumbing of the object-set APIs: run work on the executor, send authenticated calls. Every
 * POST, PUT and DELETE sent here (each a change on the array; login and logout go elsewhere) is
 * audited as one logical call through the {@link CallAudit}, 401 re-login included, before it returns.
 * Cancelling an operation's future does not stop a request already sent (it runs to its end on the
 * executor); its entry is then written when the request ends, after the cancellation was seen.
 */
final class CspCalls {
    private final CspAuth session;
    private final Executor executor;
    private final CspHttp http;
    private final CspConfig config;
    private final CallAudit audit;
    /** The names of the volumes and hosts this client read: its failures name them beside their ids. */
    final org.csiconsole.core.model.VolumeNames names = new org.csiconsole.core.model.VolumeNames();

    CspCalls(CspAuth session, Executor executor, CspHttp http, CspConfig config, CallAudit audit) {
        this.session = session;
        this.executor = executor;
        this.http = http;
        this.config = config;
        this.audit = audit;
    }

    /**
     * Runs {@code work} on the executor. The future fails with a {@link CallFailure}; an unexpected
     * exception becomes {@link FailureKind#INTERNAL}.
     */
    <T> CompletableFuture<T> async(String what, Supplier<T> work) {
        try {
            return CompletableFuture.supplyAsync(() -> {
                try {
                    return work.get();
                } catch (CallFailure f) {
                    throw f;
                } catch (RuntimeException e) {
                    throw new CallFailure(FailureKind.INTERNAL, what, "an unexpected error occurred in the console",
                            "Report this with the call trace", e.getClass().getName(), e);
                }
            }, executor);
        } catch (RejectedExecutionException e) {
            return CompletableFuture.failedFuture(new CallFailure(FailureKind.CANCELLED, what,
                    "the console is shutting down", "", ""));
        }
    }

    CspHttp.Reply get(String what, Map<String, String> query, String... segments) {
        return session.call(call("GET", what, query, null, segments));
    }

    /** GET that reads the spec's "404 when not found by name" as empty. */
    Optional<CspHttp.Reply> getOrNotFound(String what, Map<String, String> query, String... segments) {
        CspHttp.Reply r = session.callAllowing404(call("GET", what, query, null, segments));
        return r.status() == 404 ? Optional.empty() : Optional.of(r);
    }

    CspHttp.Reply post(String what, Object dto, String... segments) {
        return audited(call("POST", what, Map.of(), CspJson.write(dto), segments));
    }

    CspHttp.Reply put(String what, Object dto, String... segments) {
        return audited(call("PUT", what, Map.of(), CspJson.write(dto), segments));
    }

    void delete(String what, Map<String, String> query, String... segments) {
        audited(call("DELETE", what, query, null, segments));
    }

    private CspHttp.Reply audited(CspHttp.Call c) {
        String parameters = c.body() == null ? "" : CspRedactor.redactJson(new String(c.body(), StandardCharsets.UTF_8));
        return audit.sync(config.endpointText(), "http", http.methodText(c), c.what(), parameters,
                CspAuditTargets.request(c.segments(), c.body()), r -> CspAuditTargets.created(c.method(), c.segments(), r),
                () -> session.call(c));
    }

    static Map<String, String> query(String... keyValues) {
        Map<String, String> q = new LinkedHashMap<>();
        for (int i = 0; i + 1 < keyValues.length; i += 2) {
            if (keyValues[i + 1] != null) q.put(keyValues[i], keyValues[i + 1]);
        }
        return q;
    }

    private CspHttp.Call call(String method, String what, Map<String, String> query, byte[] body, String... segments) {
        return new CspHttp.Call(method, List.copyOf(Arrays.asList(segments)), query, body, null, names.labelIn(what));
    }
}
