package org.csiconsole.core.csp;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.function.Supplier;

/** Shared plumbing of the object-set APIs: run work on the executor, send authenticated calls. */
final class CspCalls {
    private final CspAuth session;
    private final Executor executor;

    CspCalls(CspAuth session, Executor executor) {
        this.session = session;
        this.executor = executor;
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
        return session.call(call("POST", what, Map.of(), CspJson.write(dto), segments));
    }

    CspHttp.Reply put(String what, Object dto, String... segments) {
        return session.call(call("PUT", what, Map.of(), CspJson.write(dto), segments));
    }

    void delete(String what, Map<String, String> query, String... segments) {
        session.call(call("DELETE", what, query, null, segments));
    }

    static Map<String, String> query(String... keyValues) {
        Map<String, String> q = new LinkedHashMap<>();
        for (int i = 0; i + 1 < keyValues.length; i += 2) {
            if (keyValues[i + 1] != null) q.put(keyValues[i], keyValues[i + 1]);
        }
        return q;
    }

    private static CspHttp.Call call(String method, String what, Map<String, String> query, byte[] body, String... segments) {
        return new CspHttp.Call(method, List.copyOf(Arrays.asList(segments)), query, body, null, what);
    }
}
