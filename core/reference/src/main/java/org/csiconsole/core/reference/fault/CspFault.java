package org.csiconsole.core.reference.fault;

/** What the CSP REST server must do with the next request, as decided by {@link Faults#nextCspFault()}. */
public enum CspFault {
    /** Serve normally. */
    NONE,
    /** Answer 401 as if the session token had expired (CSP spec: token expiry). */
    UNAUTHORIZED,
    /** Answer 503 Service Unavailable. */
    UNAVAILABLE
}
