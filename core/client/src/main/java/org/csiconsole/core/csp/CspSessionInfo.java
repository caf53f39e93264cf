package org.csiconsole.core.csp;

import java.time.Instant;

/**
 * The CSP session after login (hpe-csp-rest-spec.md, {@code Token} object), without the session
 * token itself.
 *
 * @param tokenId the token {@code id}, used to delete it on logout
 * @param username the user logged in
 * @param arrayIp the array acted on, empty when the CSP runs on the array
 * @param creationTime the token's {@code creation_time} (array clock); null when not reported
 * @param expiryTime the token's {@code expiry_time} (array clock); null when not reported
 */
public record CspSessionInfo(String tokenId, String username, String arrayIp, Instant creationTime, Instant expiryTime) {
}
