package org.csiconsole.app.gui.connect;

import javafx.beans.value.ChangeListener;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.csp.CertificateTrustFailure;
import org.csiconsole.core.csp.CspClient;
import org.csiconsole.core.csp.CspPassword;
import org.csiconsole.core.port.StorageService;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.storage.CspStorage;
import org.csiconsole.views.workbench.ConnectionModel;

import java.util.Arrays;
import java.util.Optional;

/**
 * The CSP array behind a CSI driver, for a CSI connection that names it
 * ({@link ConnectionProfile#pairsCsp()}): an open CSP connection to the same array is shared (no
 * second login), else the password is asked as for a CSP connection (never saved) and the array
 * logged in to, an unknown certificate pinned on first use into the CSI connection's profile. Its
 * {@link #storage()} is what the CSI connection correlates its volumes, hosts and publications with.
 * The CSI side works without it: an array not reached is said in the connection's note. UI thread,
 * except {@link #storage()}.
 */
final class PairedArray implements AutoCloseable {
    private final Sessions sessions;
    private final ConnectionModel model;
    private final ConnectionManager manager;
    /** Runs on the UI thread when {@link #storage()} changed. */
    private final Runnable changed;
    private volatile CspStorage storage;
    /** The client this connection logged in with; null when the array is shared or not reached. */
    private CspClient own;
    private ConnectionModel shared;
    private ChangeListener<StorageService> sharedGone;
    private boolean closed;
    /** Why the array is not reached, for the connection's note; empty when it is. */
    private String trouble = "";
    /** Why the latest login failed; null when it succeeded, or none was tried. */
    private CallFailure loginFailure;

    private PairedArray(Sessions sessions, ConnectionModel model, ConnectionManager manager, Runnable changed) {
        this.sessions = sessions;
        this.model = model;
        this.manager = manager;
        this.changed = changed;
    }

    /**
     * Reaches the array {@code model}'s profile names: shares the open CSP connection to it when
     * there is one, else asks the password and logs in in the background. UI thread.
     *
     * @param changed runs on the UI thread each time {@link #storage()} changes
     */
    static PairedArray open(Sessions sessions, ConnectionModel model, ConnectionManager manager, Runnable changed) {
        PairedArray a = new PairedArray(sessions, model, manager, changed);
        ConnectionModel open = manager.openArray(model.profile());
        if (open != null) {
            a.share(open);
            return a;
        }
        ConnectionProfile csp = model.profile().cspSide();
        try {
            CspSession.refuseUnencryptedLogin(csp);
        } catch (CallFailure f) {
            a.failed(f);
            return a;
        }
        Optional<char[]> password = manager.connectionDialogs().askPassword(csp);
        if (password.isEmpty()) {
            a.say("Array not connected: no CSP password was given; volumes show what the driver reports alone.");
            return a;
        }
        a.login(csp, password.get());
        return a;
    }

    /** The array's storage once logged in (or shared), else null. Any thread. */
    CspStorage storage() {
        return storage;
    }

    private void share(ConnectionModel csp) {
        shared = csp;
        storage = (CspStorage) csp.storage();
        sharedGone = (o, before, now) -> {
            if (now == storage) return;
            csp.storageProperty().removeListener(sharedGone);
            storage = null;
            say("Array not connected: the connection " + csp.name() + " it shared was closed.");
            changed.run();
        };
        csp.storageProperty().addListener(sharedGone);
    }

    /** Logs in with {@code password} (wiped when done); an unknown certificate is offered for pinning once. */
    private void login(ConnectionProfile csp, char[] password) {
        CspClient client;
        try {
            client = CspClient.open(CspSession.config(csp), CspPassword.of(password), sessions.trace, sessions.audit(model.name()), sessions.io);
        } catch (CallFailure f) {
            Arrays.fill(password, '\0');
            failed(f);
            return;
        }
        own = client;
        client.login().whenComplete((info, e) -> sessions.ui.execute(() -> {
            if (closed) {
                Arrays.fill(password, '\0');
                return;
            }
            if (e == null) {
                Arrays.fill(password, '\0');
                storage = new CspStorage(client, CspSession.hostOf(csp.cspUrl()));
                loginFailure = null;
                say("");
                changed.run();
                return;
            }
            Throwable t = Sessions.unwrap(e);
            own = null;
            sessions.closeInBackground(client::close);
            if (t instanceof CertificateTrustFailure trust && csp.pinnedFingerprint().isEmpty()
                    && manager.connectionDialogs().trustCertificate(csp.cspUrl(), trust.subject(), trust.fingerprint())) {
                // The pin is kept in the CSI connection's profile, where the array is named.
                manager.save(model.profile().withPinnedFingerprint(trust.fingerprint()));
                login(csp.withPinnedFingerprint(trust.fingerprint()), password);
                return;
            }
            Arrays.fill(password, '\0');
            if (t instanceof CallFailure f) failed(f);
            else say("Array not connected: " + t.getMessage());
            changed.run();
        }));
    }

    private void failed(CallFailure f) {
        loginFailure = f;
        say("Array not connected: " + f.why() + ".");
        manager.dialogs().showFailure(f);
    }

    /** Why the latest login to the array failed; null when it succeeded or none was tried. UI thread. */
    CallFailure loginFailure() {
        return loginFailure;
    }

    /**
     * Asks the password again and logs in anew, after a failed login (a wrong password); false when the array is
     * shared with an open CSP connection (log in again there). UI thread.
     */
    boolean logInAgain() {
        if (shared != null) return false;
        if (own != null) sessions.closeInBackground(own::close);
        own = null;
        storage = null;
        changed.run();
        ConnectionProfile csp = model.profile().cspSide();
        Optional<char[]> password = manager.connectionDialogs().askPassword(csp);
        if (password.isEmpty()) {
            say("Array not connected: no CSP password was given; volumes show what the driver reports alone.");
            changed.run();
            return true;
        }
        login(csp, password.get());
        return true;
    }

    /** Why the array is not reached, for the connection's note while the driver is up; empty when it is. UI thread. */
    String trouble() {
        return trouble;
    }

    private void say(String why) {
        trouble = why;
        model.arrayNotReachedProperty().set(!why.isEmpty());
    }

    /** Stops listening to a shared connection and logs out of an own one (in the background). UI thread. */
    @Override
    public void close() {
        closed = true;
        if (shared != null && sharedGone != null) shared.storageProperty().removeListener(sharedGone);
        if (own != null) sessions.closeInBackground(own::close);
        storage = null;
    }
}
