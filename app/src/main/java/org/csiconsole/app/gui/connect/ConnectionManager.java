package org.csiconsole.app.gui.connect;

import javafx.collections.ObservableList;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.session.ConnectionKind;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.store.ProfileStore;
import org.csiconsole.views.connection.ConnectionDialogs;
import org.csiconsole.views.dialog.DialogService;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.workbench.ConnectionActions;
import org.csiconsole.views.workbench.ConnectionModel;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Keeps the workbench's connections: several open at once, each a {@link ConnectionModel} in the
 * navigator with a {@link Session} behind it. Implements the navigator's connection menu and
 * File, New connection: new and edited profiles are saved with {@link ProfileStore} (never a
 * password), then opened through {@link Sessions}. UI thread only; {@link #close()} closes every
 * session (on exit).
 */
public final class ConnectionManager implements ConnectionActions, AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(ConnectionManager.class);

    private final ObservableList<ConnectionModel> connections;
    private final ProfileStore profiles;
    private final ConnectionDialogs connectionDialogs;
    private final DialogService dialogs;
    private final Notifications notifications;
    private final Sessions sessions;
    private final Map<ConnectionModel, Session> open = new IdentityHashMap<>();
    private final Set<ConnectionModel> loginDetails = java.util.Collections.newSetFromMap(new IdentityHashMap<>());
    /** The connections of running training scenarios, with their scenario: never saved, never edited, closed with their scenario. */
    private final Map<ConnectionModel, org.csiconsole.core.training.TrainingSession> training = new IdentityHashMap<>();

    public ConnectionManager(ObservableList<ConnectionModel> connections, ProfileStore profiles,
                             ConnectionDialogs connectionDialogs, DialogService dialogs, Notifications notifications,
                             Sessions sessions) {
        this.connections = Objects.requireNonNull(connections);
        this.profiles = Objects.requireNonNull(profiles);
        this.connectionDialogs = Objects.requireNonNull(connectionDialogs);
        this.dialogs = Objects.requireNonNull(dialogs);
        this.notifications = Objects.requireNonNull(notifications);
        this.sessions = Objects.requireNonNull(sessions);
    }

    /**
     * The saved CSI connection to {@code endpoint} that names secrets files, with its name and those
     * secrets, for calls made to that endpoint outside the connection (the probe, the exercise); empty
     * when no such connection goes there.
     */
    public java.util.Optional<org.csiconsole.core.trouble.LocalTroubleshooter.SavedSecrets> secretsFor(String endpoint) {
        return connections.stream().map(ConnectionModel::profile)
                .filter(p -> p.kind() == org.csiconsole.core.session.ConnectionKind.CSI && p.endpoint().equals(endpoint))
                .filter(p -> p.secrets() != null && !p.secrets().noneNamed())
                .findFirst().map(p -> new org.csiconsole.core.trouble.LocalTroubleshooter.SavedSecrets(p.name(),
                        org.csiconsole.core.store.SecretFiles.of(p.secrets())));
    }

    /** Adds a model for {@code profile} (not opened) and returns it; an existing one of that name is returned as is. */
    public ConnectionModel add(ConnectionProfile profile) {
        for (ConnectionModel c : connections) if (c.name().equals(profile.name())) return c;
        ConnectionModel m = new ConnectionModel(profile);
        m.stateProperty().set(ConnectionState.DISCONNECTED);
        connections.add(m);
        nameAfterDriver(m);
        return m;
    }

    /**
     * A CSI driver no one named ({@link ConnectionProfile#namedAfterAddress()}) takes its driver's
     * name (GetPluginInfo) when the driver first tells it, with " (2)", " (3)" ... when another
     * connection has that name; a saved profile is saved under the new name. The connection is then
     * reopened under that name.
     */
    private void nameAfterDriver(ConnectionModel m) {
        if (!m.profile().namedAfterAddress()) return;
        m.pluginNameProperty().addListener(new javafx.beans.value.ChangeListener<>() {
            @Override
            public void changed(javafx.beans.value.ObservableValue<? extends String> o, String before, String driver) {
                if (driver == null || driver.isBlank()) return;
                m.pluginNameProperty().removeListener(this);
                if (connections.contains(m)) rename(m, unique(driver.strip()));
            }
        });
    }

    private void rename(ConnectionModel m, String name) {
        ConnectionProfile renamed = m.profile().withName(name);
        try {
            if (profiles.load().stream().anyMatch(p -> p.name().equals(m.name()))) {
                profiles.remove(m.name());
                profiles.put(renamed);
            }
        } catch (CallFailure f) {
            dialogs.showFailure(f);
            return;
        }
        boolean wasOpen = open.containsKey(m);
        ConnectionModel replacement = replace(m, renamed);
        if (wasOpen) connect(replacement);
    }

    private String unique(String name) {
        Set<String> taken = names();
        String n = name;
        for (int i = 2; taken.contains(n); i++) n = name + " (" + i + ")";
        return n;
    }

    /**
     * Opens a connection to the CSI driver at {@code endpoint} found on this node: the connection
     * that already reaches it ({@link #sameTarget}) when there is one, else a new one named
     * {@code name} (with " (2)", " (3)" ... when another connection has that name), never saved.
     *
     * @return the connection opened, and what was done in one sentence
     */
    public OpenedFound openFound(String name, String endpoint) {
        ConnectionProfile p = ConnectionProfile.csi(name, endpoint);
        ConnectionModel existing = sameTarget(p, null);
        if (existing != null) {
            boolean wasOpen = open.containsKey(existing);
            connect(existing);
            return new OpenedFound(existing, existing.name() + " already connects to " + p.target() + (wasOpen ? "; it is shown" : "; it was opened")
                    + " rather than a second connection to the same driver.");
        }
        ConnectionModel m = add(ConnectionProfile.csi(unique(name), endpoint));
        connect(m);
        return new OpenedFound(m, "Added " + m.name() + " for " + p.target() + " and opened it.");
    }

    /** What {@link #openFound} did: the connection, and a sentence saying whether it was added or already there. */
    public record OpenedFound(ConnectionModel connection, String said) {
    }

    /**
     * Makes the next connect of the CSP {@code connection} ask for the whole login (user, array IP
     * and password, see {@link ConnectionDialogs#askLogin}) instead of the password alone: an array
     * named on the command line has no saved profile to edit first.
     */
    public void askLoginDetails(ConnectionModel connection) {
        loginDetails.add(connection);
    }

    /** Whether connecting {@code connection} asks for the whole login: marked so, or a CSP profile without a user. */
    boolean asksLoginDetails(ConnectionModel connection) {
        return loginDetails.contains(connection)
                || (connection.profile().kind() == ConnectionKind.CSP && connection.profile().user().isBlank());
    }

    /**
     * An open, connected CSP connection to the array the CSI profile {@code csi} names
     * ({@link ConnectionProfile#pairsWith}), whose storage the CSI connection can share; null when none.
     */
    ConnectionModel openArray(ConnectionProfile csi) {
        for (ConnectionModel c : connections) {
            if (c.profile().kind() == ConnectionKind.CSP && csi.pairsWith(c.profile()) && c.stateProperty().get().up()
                    && c.storage() instanceof org.csiconsole.core.storage.CspStorage) {
                return c;
            }
        }
        return null;
    }

    /** The session behind {@code connection}, or null when it is not open. */
    public Session session(ConnectionModel connection) {
        return open.get(connection);
    }

    @Override
    public void newConnection() {
        connectionDialogs.editProfile(null, names()).ifPresent(p -> {
            if (offeredExisting(p, null)) return;
            if (!save(p)) return;
            connect(add(p));
        });
    }

    /** The connection other than {@code except} that reaches the same storage as {@code p} ({@link ConnectionProfile#sameTarget}); null when none. */
    public ConnectionModel sameTarget(ConnectionProfile p, ConnectionModel except) {
        for (ConnectionModel c : connections) if (c != except && c.profile().sameTarget(p)) return c;
        return null;
    }

    /**
     * When another connection already reaches the storage {@code p} names: says so and offers to open that one
     * instead (a second connection would show the same storage twice, with a record and trace of its own); true
     * then, whether or not the person opened it, and {@code p} is not added.
     */
    private boolean offeredExisting(ConnectionProfile p, ConnectionModel except) {
        ConnectionModel existing = sameTarget(p, except);
        if (existing == null) return false;
        if (p.pairsCsp() && !existing.profile().pairsCsp()) {
            // the driver is open already without its array: the CSP joins that connection, not a second one
            if (dialogs.confirm("Add the CSP array to " + existing.name(), existing.name() + " already connects to " + p.target()
                            + " without its array. Add the CSP at " + p.cspUrl() + " (user " + p.user() + ", array " + p.arrayIp()
                            + ") to " + existing.name() + ": it reconnects and reads its volumes, hosts and publications from both.",
                    "Add to " + existing.name())) {
                addCsp(existing, p);
            }
            return true;
        }
        if (dialogs.confirm("Already in the navigator: " + existing.name(), existing.name() + " already connects to " + p.target()
                        + ". A second connection to it would show the same storage twice, with a record and a call trace of its own. "
                        + "Open " + existing.name() + " instead; to change how it connects, edit it.", "Open " + existing.name())) {
            connect(existing);
        }
        return true;
    }

    /** {@code existing} (a CSI connection without its CSP) with the CSP that {@code with} names, saved and reconnected. */
    private void addCsp(ConnectionModel existing, ConnectionProfile with) {
        ConnectionProfile o = existing.profile();
        ConnectionProfile p = new ConnectionProfile(o.kind(), o.name(), o.endpoint(), o.nodeEndpoint(), o.tlsCaPath(), with.cspUrl(),
                with.user(), with.arrayIp(), with.pinnedFingerprint(), o.tlsClientCertPath(), o.tlsClientKeyPath(), o.addonsEndpoint(),
                o.nodeAddonsEndpoint(), o.secrets());
        if (!save(p)) return;
        boolean wasOpen = open.containsKey(existing);
        ConnectionModel replacement = replace(existing, p);
        if (wasOpen) connect(replacement);
    }

    /**
     * Adds a saved report to the navigator as a read-only connection, named as {@link
     * ReportSession#name} says (with " (2)", " (3)" ... when another connection has that name), and
     * shows it; a report whose file is open already is not added twice. The connection is never
     * saved as a profile: closing it removes it, and the next start does not reopen it.
     *
     * @param file where the report was read from
     * @param report the report read
     * @return the report's connection
     */
    public ConnectionModel openReport(java.nio.file.Path file, org.csiconsole.core.trouble.TroubleReport report) {
        ConnectionProfile profile = ConnectionProfile.report(ReportSession.name(report), file);
        for (ConnectionModel c : connections) {
            if (c.profile().kind() == ConnectionKind.REPORT && c.profile().endpoint().equals(profile.endpoint())) return c;
        }
        ConnectionModel m = add(ConnectionProfile.report(unique(profile.name()), file));
        open.put(m, ReportSession.open(sessions, m, report, file));
        return m;
    }

    /**
     * Adds and connects the connection of a running training scenario: a CSI connection to the scenario's own
     * plugin ({@link org.csiconsole.core.training.TrainingSession#endpoint()}, {@code inproc:NAME}) shown as the
     * demo is, with its arrays' names and one replication site per array ({@link Sessions#openTraining}), named
     * {@code name} (with " (2)", " (3)" ... when another connection has that name). It is never saved as a profile
     * nor edited; {@link #discard} closes it when its scenario stops.
     *
     * @return the connection
     */
    public ConnectionModel openTraining(String name, org.csiconsole.core.training.TrainingSession session) {
        ConnectionModel m = add(ConnectionProfile.csi(unique(name), session.endpoint()));
        training.put(m, session);
        connect(m);
        return m;
    }

    /** Closes {@code connection} and removes it from the navigator without asking: for a connection nothing of which is saved. */
    public void discard(ConnectionModel connection) {
        Session s = open.remove(connection);
        if (s != null) closeQuietly(connection, s);
        connection.storageProperty().set(null);
        connection.stateProperty().set(ConnectionState.DISCONNECTED);
        training.remove(connection);
        connections.remove(connection);
    }

    @Override
    public void edit(ConnectionModel connection) {
        if (connection.profile().kind() == ConnectionKind.DEMO || connection.profile().kind() == ConnectionKind.REPORT
                || training.containsKey(connection)) {
            return;
        }
        Set<String> taken = names();
        taken.remove(connection.name());
        connectionDialogs.editProfile(connection.profile(), taken).ifPresent(p -> {
            if (offeredExisting(p, connection)) return;
            if (!p.name().equals(connection.name())) {
                try {
                    profiles.remove(connection.name());
                } catch (CallFailure f) {
                    dialogs.showFailure(f);
                    return;
                }
            }
            if (!save(p)) return;
            boolean wasOpen = open.containsKey(connection);
            ConnectionModel replacement = replace(connection, p);
            if (wasOpen) connect(replacement);
        });
    }

    @Override
    public void connect(ConnectionModel connection) {
        if (open.containsKey(connection)) return;
        connection.noteProperty().set("");
        try {
            org.csiconsole.core.training.TrainingSession scenario = training.get(connection);
            Session s = scenario != null ? sessions.openTraining(connection, this, scenario) : sessions.open(connection, this);
            if (s != null) open.put(connection, s);
        } catch (CallFailure f) {
            connection.stateProperty().set(ConnectionState.DISCONNECTED);
            connection.noteProperty().set(f.why());
            dialogs.showFailure(f);
        } catch (RuntimeException e) {
            LOG.warn("Could not open connection {}", connection.name(), e);
            connection.stateProperty().set(ConnectionState.DISCONNECTED);
            connection.noteProperty().set("Could not open: " + e.getMessage());
        }
    }

    /** Logs in to the array again: a CSI connection's paired array anew, else the connection is closed and opened (asking the password). */
    @Override
    public void logInAgain(ConnectionModel connection) {
        Session s = open.get(connection);
        if (s != null && s.logInAgain()) return;
        disconnect(connection);
        connect(connection);
    }

    /** Closes {@code connection}; a saved report is removed from the navigator as well (its file stays). */
    @Override
    public void disconnect(ConnectionModel connection) {
        if (connection.profile().kind() == ConnectionKind.REPORT) {
            discard(connection);
            return;
        }
        Session s = open.remove(connection);
        if (s != null) closeQuietly(connection, s);
        connection.storageProperty().set(null);
        connection.stateProperty().set(ConnectionState.DISCONNECTED);
        connection.noteProperty().set("Disconnected.");
    }

    /** Removes {@code connection} after confirmation; a saved report closes without asking (nothing is lost, the file stays). */
    @Override
    public void remove(ConnectionModel connection) {
        if (connection.profile().kind() == ConnectionKind.REPORT) {
            discard(connection);
            return;
        }
        if (training.containsKey(connection)) {
            dialogs.showInformation("Remove connection " + connection.name(), "This connection belongs to the training "
                    + "scenario that runs in the Training perspective: it closes when the scenario stops or another one starts.");
            return;
        }
        boolean saved = connection.profile().kind() != ConnectionKind.DEMO;
        String message = saved
                ? "The connection is closed and its saved profile is deleted. The storage itself is not touched."
                : "The demo connection is closed for this run; it opens again at the next start.";
        if (!dialogs.confirm("Remove connection " + connection.name(), message, "Remove")) return;
        disconnect(connection);
        if (saved) {
            try {
                profiles.remove(connection.name());
            } catch (CallFailure f) {
                dialogs.showFailure(f);
            }
        }
        loginDetails.remove(connection);
        connections.remove(connection);
    }

    /**
     * Replaces {@code old} by a new model for {@code profile} at the same place, closing the old
     * session. Used after an edit and after a certificate was pinned.
     */
    public ConnectionModel replace(ConnectionModel old, ConnectionProfile profile) {
        Session s = open.remove(old);
        if (s != null) closeQuietly(old, s);
        old.storageProperty().set(null);
        loginDetails.remove(old);
        ConnectionModel m = new ConnectionModel(profile);
        m.stateProperty().set(ConnectionState.DISCONNECTED);
        int i = connections.indexOf(old);
        if (i >= 0) connections.set(i, m);
        else connections.add(m);
        nameAfterDriver(m);
        return m;
    }

    /** Records {@code session} as the one behind {@code connection} (a session opened from a callback). */
    void opened(ConnectionModel connection, Session session) {
        if (session != null) open.put(connection, session);
    }

    /** Forgets the session of {@code connection} after it ended by itself (login cancelled or failed). */
    void ended(ConnectionModel connection) {
        Session s = open.remove(connection);
        if (s != null) closeQuietly(connection, s);
    }

    /**
     * Saves {@code profile}, replacing one of the same name; shows the failure and returns false when
     * it cannot. The demo and saved reports are never saved: they are opened anew at each start.
     */
    public boolean save(ConnectionProfile profile) {
        if (profile.kind() == ConnectionKind.DEMO || profile.kind() == ConnectionKind.REPORT) return true;
        try {
            profiles.put(profile);
            return true;
        } catch (CallFailure f) {
            dialogs.showFailure(f);
            return false;
        }
    }

    public ConnectionDialogs connectionDialogs() {
        return connectionDialogs;
    }

    public DialogService dialogs() {
        return dialogs;
    }

    public Notifications notifications() {
        return notifications;
    }

    private Set<String> names() {
        return connections.stream().map(ConnectionModel::name).collect(Collectors.toCollection(java.util.HashSet::new));
    }

    private static void closeQuietly(ConnectionModel c, Session s) {
        try {
            s.close();
        } catch (RuntimeException e) {
            LOG.warn("Closing connection {} failed: {}", c.name(), e.toString());
        }
    }

    /** Closes every open session. */
    @Override
    public void close() {
        List<Map.Entry<ConnectionModel, Session>> all = new ArrayList<>(open.entrySet());
        open.clear();
        for (Map.Entry<ConnectionModel, Session> e : all) closeQuietly(e.getKey(), e.getValue());
    }
}
