package org.csiconsole.core.reference.cspserver;

import java.nio.CharBuffer;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.HexFormat;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Session tokens of the CSP server (hpe-csp-rest-spec.md {@code /containers/v1/tokens}): POST
 * creates one for a known user and password, every other request must send its
 * {@code session_token} as {@code x-auth-token} until {@code expiry_time}. Thread-safe.
 */
final class CspTokens {
    /** A live session. Times in seconds since the epoch. */
    record LoginSession(String id, String sessionToken, String username, String arrayIp, long creationTime, long expiryTime) {
        @Override
        public String toString() {
            return "LoginSession[id=" + id + ", username=" + username + "]";
        }
    }

    private final CspServerConfig config;
    private final SecureRandom random = new SecureRandom();
    private final Map<String, LoginSession> byToken = new ConcurrentHashMap<>();

    CspTokens(CspServerConfig config) {
        this.config = config;
    }

    /**
     * Logs a user in and wipes the given password.
     *
     * @return empty when the user is unknown or the password is wrong
     */
    Optional<LoginSession> login(String username, char[] password, String arrayIp) {
        try {
            char[] expected = username == null ? null : config.users().get(username);
            if (expected == null || password == null || !constantTimeEquals(expected, password)) return Optional.empty();
            long now = config.clock().instant().getEpochSecond();
            long expiry = now + Math.max(1, config.tokenLifetime().toSeconds());
            LoginSession s = new LoginSession(hex(21), hex(16), username, arrayIp == null ? "" : arrayIp, now, expiry);
            byToken.put(s.sessionToken(), s);
            return Optional.of(s);
        } finally {
            if (password != null) java.util.Arrays.fill(password, '\0');
        }
    }

    /** The session of a token, if it exists and has not expired; an expired token is dropped. */
    Optional<LoginSession> check(String sessionToken) {
        if (sessionToken == null || sessionToken.isEmpty()) return Optional.empty();
        LoginSession s = byToken.get(sessionToken);
        if (s == null) return Optional.empty();
        Instant now = config.clock().instant();
        if (now.getEpochSecond() >= s.expiryTime()) {
            byToken.remove(sessionToken, s);
            return Optional.empty();
        }
        return Optional.of(s);
    }

    /** Drops the session of a token (fault injection: token expiry). */
    void expire(String sessionToken) {
        if (sessionToken != null) byToken.remove(sessionToken);
    }

    /** Drops every session (fault injection: all tokens expire at once). */
    void expireAll() {
        byToken.clear();
    }

    /**
     * DELETE /tokens/{id}: ends the session with that id when it belongs to the same user as the
     * caller's session.
     *
     * @return false when no such session exists
     */
    boolean delete(String id, LoginSession caller) {
        for (Map.Entry<String, LoginSession> e : byToken.entrySet()) {
            LoginSession s = e.getValue();
            if (s.id().equals(id) && s.username().equals(caller.username())) {
                return byToken.remove(e.getKey(), s);
            }
        }
        return false;
    }

    int size() {
        return byToken.size();
    }

    private String hex(int bytes) {
        byte[] b = new byte[bytes];
        random.nextBytes(b);
        return HexFormat.of().formatHex(b);
    }

    private static boolean constantTimeEquals(char[] a, char[] b) {
        byte[] x = utf8(a);
        byte[] y = utf8(b);
        try {
            return MessageDigest.isEqual(sha256(x), sha256(y));
        } finally {
            java.util.Arrays.fill(x, (byte) 0);
            java.util.Arrays.fill(y, (byte) 0);
        }
    }

    private static byte[] utf8(char[] chars) {
        java.nio.ByteBuffer bb = StandardCharsets.UTF_8.encode(CharBuffer.wrap(chars));
        byte[] out = new byte[bb.remaining()];
        bb.get(out);
        java.util.Arrays.fill(bb.array(), (byte) 0);
        return out;
    }

    private static byte[] sha256(byte[] in) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(in);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }
}
