package org.csiconsole.core.reference.cspserver;

/**
 * Asked once per CSP request, before authentication, whether a fault is injected. A
 * {@code TOKEN_EXPIRED} answer to a login request has no effect. Answers come from
 * the plugin's fault API (issue 3, item 6: CSP 401 token expiry and 503).
 */
@FunctionalInterface
public interface CspFaultHook {
    /** What to do with one request. */
    enum Fault {
        /** Serve the request normally. */
        NONE,
        /** Treat the presented session token as expired: it is dropped and the request gets 401. */
        TOKEN_EXPIRED,
        /** End every session, then serve the request (which gets 401 unless it is a login). */
        EXPIRE_ALL_TOKENS,
        /** Answer 503 Service Unavailable without touching state. */
        UNAVAILABLE
    }

    /** No faults. */
    CspFaultHook NONE = (method, path) -> Fault.NONE;

    /**
     * @param method HTTP method, upper case
     * @param path path below the context path, e.g. {@code /containers/v1/volumes}
     */
    Fault before(String method, String path);
}
