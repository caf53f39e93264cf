package org.csiconsole.app.gui.connect;

import org.csiconsole.core.storage.CspStorage;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.csp.CertificateTrustFailure;
import org.csiconsole.core.csp.CspClient;
import org.csiconsole.core.csp.CspConfig;
import org.csiconsole.core.csp.CspPassword;
import org.csiconsole.core.csp.CspTrust;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.session.PlainHttp;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.views.connection.CspLogin;
import org.csiconsole.views.workbench.ConnectionModel;

import java.net.URI;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Optional;

/** A logged-in (or logging-in) CSP client; closing logs out on a background thread. */
final class CspSession implements Session {
    private final Sessions sessions;
    private final CspClient client;
    private volatile boolean closed;

    private CspSession(Sessions sessions, CspClient client) {
        this.sessions = sessions;
        this.client = client;
    }

    /**
     * Asks for the password of {@code model}'s profile and logs in with it. Returns the session, or null
     * when no password was given. A connection marked to ask for its whole login (an array named on
     * the command line, see {@link ConnectionManager#askLoginDetails}) asks for user, array IP and
     * password instead; its model is then replaced by one with the user and array IP given, and null
     * is returned since the session belongs to the replacement. UI thread.
     */
    static Session open(Sessions sessions, ConnectionModel model, ConnectionManager manager) {
        refuseUnencryptedLogin(model.profile());
        if (manager.asksLoginDetails(model)) return openWithLogin(sessions, model, manager);
        Optional<char[]> password = manager.connectionDialogs().askPassword(model.profile());
        if (password.isEmpty()) {
            model.stateProperty().set(ConnectionState.DISCONNECTED);
            model.noteProperty().set("Not connected: no password was given.");
            return null;
        }
        return login(sessions, model, manager, password.get());
    }

    /**
     * Refuses a login whose password would travel unencrypted to another machine ({@link PlainHttp#refusal}).
     *
     * @throws CallFailure INVALID_ARGUMENT saying so, with what to do
     */
    static void refuseUnencryptedLogin(ConnectionProfile p) {
        java.util.Optional<String> refused = PlainHttp.refusal(p.cspUrl());
        if (refused.isPresent()) {
            throw new CallFailure(org.csiconsole.core.call.FailureKind.INVALID_ARGUMENT, "Log in to " + p.name(), refused.get(),
                    "Edit the connection and write its address with https://", "");
        }
    }

    private static Session openWithLogin(Sessions sessions, ConnectionModel model, ConnectionManager manager) {
        Optional<CspLogin> asked = manager.connectionDialogs().askLogin(model.profile());
        if (asked.isEmpty()) {
            model.stateProperty().set(ConnectionState.DISCONNECTED);
            model.noteProperty().set("Not connected: the login was cancelled. Right-click the connection and choose Connect to log in.");
            return null;
        }
        CspLogin login = asked.get();
        ConnectionModel target = manager.replace(model, model.profile().withLogin(login.user(), login.arrayIp()));
        try {
            manager.opened(target, login(sessions, target, manager, login.password()));
        } catch (CallFailure f) {
            target.stateProperty().set(ConnectionState.DISCONNECTED);
            target.noteProperty().set("Not connected: " + f.why());
            manager.dialogs().showFailure(f);
        }
        return null;
    }

    /** Logs in with {@code password} (wiped when done); on an unknown certificate asks to pin it and retries once. */
    private static Session login(Sessions sessions, ConnectionModel model, ConnectionManager manager, char[] password) {
        ConnectionProfile p = model.profile();
        CspClient client;
        try {
            client = CspClient.open(config(p), CspPassword.of(password), sessions.trace, sessions.audit(p.name()), sessions.io);
        } catch (CallFailure f) {
            Arrays.fill(password, '\0');
            throw f;
        }
        CspSession live = new CspSession(sessions, client);
        model.stateProperty().set(ConnectionState.CONNECTING);
        model.noteProperty().set("Logging in as " + p.user() + "\u2026");
        client.login().whenComplete((info, e) -> sessions.ui.execute(() -> {
            if (live.closed) {
                Arrays.fill(password, '\0');
                return;
            }
            if (e == null) {
                Arrays.fill(password, '\0');
                CspStorage storage = new CspStorage(client, hostOf(p.cspUrl()));
                sessions.connected(model, storage);
                model.stateProperty().set(ConnectionState.CONNECTED);
                model.noteProperty().set("Logged in as " + info.username() + ".");
                return;
            }
            Throwable t = Sessions.unwrap(e);
            if (t instanceof CertificateTrustFailure trust && p.pinnedFingerprint().isEmpty()
                    && manager.connectionDialogs().trustCertificate(p.cspUrl(), trust.subject(), trust.fingerprint())) {
                ConnectionProfile pinned = p.withPinnedFingerprint(trust.fingerprint());
                if (!manager.save(pinned)) {
                    Arrays.fill(password, '\0');
                    return;
                }
                ConnectionModel replacement = manager.replace(model, pinned);
                try {
                    manager.opened(replacement, login(sessions, replacement, manager, password));
                } catch (CallFailure f) {
                    replacement.noteProperty().set(f.why());
                    manager.dialogs().showFailure(f);
                }
                return;
            }
            Arrays.fill(password, '\0');
            manager.ended(model);
            model.stateProperty().set(ConnectionState.DISCONNECTED);
            if (t instanceof CertificateTrustFailure && p.pinnedFingerprint().isEmpty()) {
                model.noteProperty().set("Not connected: the certificate was not trusted.");
            } else if (t instanceof CallFailure f) {
                model.noteProperty().set("Not connected: " + f.why() + ".");
                manager.dialogs().showFailure(f);
            } else {
                model.noteProperty().set("Not connected: " + t.getMessage());
            }
        }));
        return live;
    }

    /** The CSP client settings of a profile: CA file, pin or the system trust store. */
    static CspConfig config(ConnectionProfile p) {
        CspTrust trust = !p.pinnedFingerprint().isEmpty() ? CspTrust.pin(p.pinnedFingerprint())
                : !p.tlsCaPath().isEmpty() ? CspTrust.caFile(Path.of(p.tlsCaPath())) : CspTrust.system();
        return CspConfig.builder(p.cspUrl(), p.user()).arrayIp(p.arrayIp()).trust(trust).build();
    }

    /** The host of a CSP URL, the name its array's storage goes by; the URL itself when it has none. */
    static String hostOf(String url) {
        try {
            String h = URI.create(url).getHost();
            return h == null ? url : h;
        } catch (IllegalArgumentException e) {
            return url;
        }
    }

    @Override
    public void close() {
        if (closed) return;
        closed = true;
        sessions.closeInBackground(client::close);
    }
}
