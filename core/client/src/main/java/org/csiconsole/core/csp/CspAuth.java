package org.csiconsole.core.csp;

import com.fasterxml.jackson.core.JsonGenerator;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The CSP session (hpe-csp-rest-spec.md, {@code /containers/v1/tokens}): logs in with POST /tokens,
 * sends the token on every request, refreshes it ahead of {@code expiry_time}, and on a 401 logs in
 * again once and retries the request once. Logins are serialized: concurrent requests that need a
 * token share one login. Logout deletes the token and wipes the password.
 */
final class CspAuth {
    private static final Logger LOG = LoggerFactory.getLogger(CspAuth.class);

    private final CspConfig config;
    private final CspHttp http;
    private final CspPassword password;
    private final Clock clock;
    private final ReentrantLock loginLock = new ReentrantLock();
    private volatile Token current;
    private volatile boolean closed;

    /** A token with the local instant at which it should be replaced (null: never, rely on 401). */
    private record Token(String sessionToken, Instant refreshAt, CspSessionInfo info) {
    }

    CspAuth(CspConfig config, CspHttp http, CspPassword password, Clock clock) {
        this.config = config;
        this.http = http;
        this.password = password;
        this.clock = clock;
    }

    /** Logs in now unless a fresh token is held; returns the session. */
    CspSessionInfo login() {
        return token(null).info();
    }

    /** The current session, if logged in. */
    Optional<CspSessionInfo> info() {
        Token t = current;
        return t == null ? Optional.empty() : Optional.of(t.info());
    }

    /**
     * Sends an authenticated call and returns its 2xx reply.
     *
     * @throws CallFailure for every non-2xx status (see {@link CspErrors#forStatus}), AUTHENTICATION
     *     when the CSP refuses the token again right after a fresh login
     */
    CspHttp.Reply call(CspHttp.Call call) {
        CspHttp.Reply r = callAllowing404(call);
        if (r.status() == 404) throw CspErrors.forStatus(call.what(), call.method(), r.status(), r.contentType(), r.body());
        return r;
    }

    /**
     * Like {@link #call} but returns a 404 whose body is a CSP error (the "not found by name" answer of
     * the spec) instead of failing. A 404 without a CSP error body (wrong context path) still fails.
     */
    CspHttp.Reply callAllowing404(CspHttp.Call call) {
        Token t = token(null);
        CspHttp.Reply r = http.send(call, t.sessionToken());
        if (r.status() == 401) {
            LOG.debug("CSP refused the session token; logging in again once");
            Token fresh = token(t);
            r = http.send(call, fresh.sessionToken());
            if (r.status() == 401) {
                throw new CallFailure(FailureKind.AUTHENTICATION, call.what(),
                        "the CSP refused the request (HTTP 401) even right after a fresh login as " + config.username(),
                        "Check that the user may perform this operation and that the array's session limit is not reached", "HTTP 401");
            }
        }
        if (r.ok()) return r;
        if (r.status() == 404 && CspErrors.parseError(r.body()).present()) return r;
        throw CspErrors.forStatus(call.what(), call.method(), r.status(), r.contentType(), r.body());
    }

    /**
     * Returns a usable token. Logs in when none is held, when the held one is due for refresh, or
     * when {@code stale} (a token the CSP just refused) is still the current one.
     */
    private Token token(Token stale) {
        Token t = current;
        if (usable(t, stale)) return t;
        loginLock.lock();
        try {
            t = current;
            if (usable(t, stale)) return t;
            if (closed) {
                throw new CallFailure(FailureKind.FAILED_PRECONDITION, "CSP session", "the connection was closed",
                        "Connect again", "");
            }
            Token fresh = doLogin();
            current = fresh;
            return fresh;
        } finally {
            loginLock.unlock();
        }
    }

    private boolean usable(Token t, Token stale) {
        if (t == null || t == stale) return false;
        return t.refreshAt() == null || clock.instant().isBefore(t.refreshAt());
    }

    private Token doLogin() {
        String what = "Log in to the CSP at " + config.endpointText() + " as " + config.username();
        if (password.isWiped()) {
            throw new CallFailure(FailureKind.AUTHENTICATION, what, "the session expired and the password is no longer held",
                    "Connect again and enter the password", "");
        }
        byte[] body = loginBody();
        CspHttp.Reply r;
        Instant sentAt = clock.instant();
        try {
            r = http.send(new CspHttp.Call("POST", List.of("tokens"), Map.of(), body, loginTraceText(), what), null);
        } finally {
            Arrays.fill(body, (byte) 0);
            if (!config.keepPasswordForRelogin()) password.wipe();
        }
        if (r.status() == 401 || r.status() == 403) {
            throw new CallFailure(FailureKind.AUTHENTICATION, what, "the CSP refused the user name or password (HTTP " + r.status() + ")",
                    "Check the user name and password, and that the user may log in to the array"
                            + (config.arrayIp().isEmpty() ? "" : " " + config.arrayIp()), "HTTP " + r.status());
        }
        if (!r.ok()) throw CspErrors.forStatus(what, "POST", r.status(), r.contentType(), r.body());
        CspDto.TokenDto dto = CspJson.readObject(r, CspDto.TokenDto.class, what);
        CspSessionInfo info = CspMapping.session(dto, what);
        if (info.arrayIp().isEmpty() && !config.arrayIp().isEmpty()) {
            info = new CspSessionInfo(info.tokenId(), info.username(), config.arrayIp(), info.creationTime(), info.expiryTime());
        }
        LOG.debug("Logged in to {} as {}", config.endpointText(), config.username());
        return new Token(dto.sessionToken(), refreshAt(dto, sentAt), info);
    }

    /**
     * When to log in again: the token's lifetime ({@code expiry_time - creation_time}, measured on the
     * array's clock, so clock skew does not matter) counted from when we sent the login, less the
     * refresh margin (at most half the lifetime). Without a usable lifetime, the absolute
     * {@code expiry_time} less the margin; without {@code expiry_time}, never (401 handling only).
     */
    private Instant refreshAt(CspDto.TokenDto t, Instant sentAt) {
        if (t.expiryTime() == null || t.expiryTime() <= 0) return null;
        Duration margin = config.refreshAhead();
        if (t.creationTime() != null && t.creationTime() > 0 && t.expiryTime() > t.creationTime()) {
            Duration life = Duration.ofSeconds(t.expiryTime() - t.creationTime());
            if (margin.compareTo(life.dividedBy(2)) > 0) margin = life.dividedBy(2);
            return sentAt.plus(life).minus(margin);
        }
        return Instant.ofEpochSecond(t.expiryTime()).minus(margin);
    }

    /** The login body written straight from the password characters; the caller zeroes it. */
    private byte[] loginBody() {
        return password.use(chars -> {
            ByteArrayOutputStream out = new ByteArrayOutputStream(128);
            try (JsonGenerator g = CspJson.MAPPER.getFactory().createGenerator(out)) {
                g.writeStartObject();
                g.writeStringField("username", config.username());
                g.writeFieldName("password");
                g.writeString(chars, 0, chars.length);
                if (!config.arrayIp().isEmpty()) g.writeStringField("array_ip", config.arrayIp());
                g.writeEndObject();
            } catch (IOException e) {
                throw new IllegalStateException("cannot write login body", e);
            }
            return out.toByteArray();
        });
    }

    private String loginTraceText() {
        return new String(CspJson.write(new CspDto.TokenDto(null, config.username(), CspRedactor.MASK,
                config.arrayIp().isEmpty() ? null : config.arrayIp(), null, null, null)), java.nio.charset.StandardCharsets.UTF_8);
    }

    /** Deletes the token (best effort: a failure is recorded in the trace only) and wipes the password. */
    void logout() {
        loginLock.lock();
        try {
            closed = true;
            Token t = current;
            current = null;
            if (t != null) {
                try {
                    CspHttp.Reply r = http.send(new CspHttp.Call("DELETE", List.of("tokens", t.info().tokenId()), Map.of(), null, null,
                            "Log out of the CSP"), t.sessionToken());
                    if (!r.ok()) LOG.debug("Logout answered HTTP {}", r.status());
                } catch (CallFailure f) {
                    LOG.debug("Logout failed: {}", f.kind());
                }
            }
        } finally {
            password.wipe();
            loginLock.unlock();
        }
    }
}
