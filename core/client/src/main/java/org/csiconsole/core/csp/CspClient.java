package org.csiconsole.core.csp;

import org.csiconsole.core.call.CallAudit;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallOrigins;
import org.csiconsole.core.call.CallTrace;

import java.time.Clock;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * Client of one HPE Container Storage Provider (hpe-csp-rest-spec.md, plus the OpenAPI 1.1.0
 * additions). Every operation returns a {@link CompletableFuture} that runs on the injected
 * executor and fails with a {@link CallFailure}; nothing blocks the caller.
 *
 * <p>The session logs in on first use (or {@link #login()}), sends {@code x-auth-token} and
 * {@code x-array-ip}, refreshes the token ahead of its expiry, and on a 401 logs in again once and
 * retries once. Every HTTP attempt is recorded, redacted, in the shared {@link CallTrace}.
 * {@link #close()} deletes the token and wipes the password.
 *
 * <pre>{@code
 * CspConfig cfg = CspConfig.builder("https://array1:8080", "admin").trust(CspTrust.pin(sha256)).build();
 * try (CspClient csp = CspClient.open(cfg, CspPassword.of(chars), trace, executor)) {
 *     List<Volume> volumes = csp.volumes().list().join();
 * }
 * }</pre>
 */
public final class CspClient implements AutoCloseable {
    private final CspConfig config;
    private final CspHttp http;
    private final CspAuth session;
    private final CspCalls calls;
    private final CspHosts hosts;
    private final CspVolumes volumes;
    private final CspSnapshots snapshots;
    private final CspVolumeGroups volumeGroups;
    private final CspSnapshotGroups snapshotGroups;
    private final CspPartners partners;

    private CspClient(CspConfig config, CspPassword password, CallTrace trace, CallAudit audit, Executor executor, Clock clock) {
        this.config = config;
        this.http = new CspHttp(config, trace, clock);
        this.session = new CspAuth(config, http, password, clock);
        // Requests run on the executor with the task that asked for them, for the trace.
        this.calls = new CspCalls(session, CallOrigins.carrying(executor), http, config, audit);
        this.hosts = new CspHosts(calls);
        this.volumes = new CspVolumes(calls);
        this.snapshots = new CspSnapshots(calls);
        this.volumeGroups = new CspVolumeGroups(calls);
        this.snapshotGroups = new CspSnapshotGroups(calls);
        this.partners = new CspPartners(calls);
    }

    /**
     * Prepares a client; no request is sent until the first operation.
     *
     * @param password held for re-login until {@link #close()} (see {@link CspPassword})
     * @throws CallFailure INVALID_ARGUMENT when a CA file cannot be read; TLS when TLS cannot be set up
     */
    public static CspClient open(CspConfig config, CspPassword password, CallTrace trace, Executor executor) {
        return open(config, password, trace, executor, Clock.systemUTC());
    }

    /** As {@link #open(CspConfig, CspPassword, CallTrace, Executor)} with a clock for token expiry. */
    public static CspClient open(CspConfig config, CspPassword password, CallTrace trace, Executor executor, Clock clock) {
        return open(config, password, trace, CallAudit.none(), executor, clock);
    }

    /**
     * A client whose changes (POST, PUT, DELETE other than login and logout) are audited through
     * {@code audit}: each operation's future completes only once its record is durable, and fails
     * with {@link org.csiconsole.core.audit.AuditFailure} when it could not be written ({@link CallAudit}).
     */
    public static CspClient open(CspConfig config, CspPassword password, CallTrace trace, CallAudit audit, Executor executor) {
        return open(config, password, trace, audit, executor, Clock.systemUTC());
    }

    /** As {@link #open(CspConfig, CspPassword, CallTrace, CallAudit, Executor)} with a clock for token expiry. */
    public static CspClient open(CspConfig config, CspPassword password, CallTrace trace, CallAudit audit, Executor executor,
                                 Clock clock) {
        return new CspClient(Objects.requireNonNull(config, "config"), Objects.requireNonNull(password, "password"),
                Objects.requireNonNull(trace, "trace"), Objects.requireNonNull(audit, "audit"),
                Objects.requireNonNull(executor, "executor"), Objects.requireNonNull(clock, "clock"));
    }

    /** POST /tokens unless a fresh token is held; AUTHENTICATION (401) when the user or password is refused. */
    public CompletableFuture<CspSessionInfo> login() {
        String what = "Log in to the CSP at " + config.endpointText();
        return calls.async(what, session::login);
    }

    /** The current session, when logged in. */
    public Optional<CspSessionInfo> session() {
        return session.info();
    }

    public CspConfig config() {
        return config;
    }

    public CspHosts hosts() {
        return hosts;
    }

    public CspVolumes volumes() {
        return volumes;
    }

    public CspSnapshots snapshots() {
        return snapshots;
    }

    public CspVolumeGroups volumeGroups() {
        return volumeGroups;
    }

    public CspSnapshotGroups snapshotGroups() {
        return snapshotGroups;
    }

    public CspPartners partners() {
        return partners;
    }

    /** DELETE /tokens/{id} (best effort), wipes the password; later operations fail. */
    public CompletableFuture<Void> logout() {
        return calls.async("Log out of the CSP", () -> {
            session.logout();
            return null;
        });
    }

    /**
     * Logs out on the calling thread (bounded by the configured timeouts) and releases connections.
     * Prefer {@link #logout()} on a UI thread.
     */
    @Override
    public void close() {
        try {
            session.logout();
        } finally {
            http.close();
        }
    }
}
