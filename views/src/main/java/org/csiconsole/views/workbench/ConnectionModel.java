package org.csiconsole.views.workbench;

import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.port.StorageService;

import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * One connection as the workbench shows it: its profile, state, plugin identity, a one-line note
 * (why it is disconnected, what is missing) and a count per resource kind. The connection's client
 * code fills these; the navigator and status bar only read them. UI thread only.
 */
public final class ConnectionModel {
    /** Count value meaning "not known yet"; the navigator shows no number. */
    public static final int UNKNOWN = -1;
    /**
     * Count value meaning "not counted yet": counting would read every item at a cost (CSP
     * snapshots are listed one volume at a time), so the count comes when the kind's view reads
     * them. The navigator says so.
     */
    public static final int NOT_COUNTED = -2;
    /**
     * Count value meaning "cannot be listed": the driver does not offer this listing (it does not
     * advertise LIST_VOLUMES or LIST_SNAPSHOTS, or answers UNIMPLEMENTED), so no number is known,
     * which is not the same as none. {@link #partial(ResourceKind)} then says why.
     */
    public static final int CANNOT_LIST = -3;
    /**
     * Count value meaning "not in the report": a saved report holds no answer for this listing,
     * though the driver may well list it; {@link #partial(ResourceKind)} says why it was not read.
     */
    public static final int NOT_RECORDED = -4;
    /**
     * Count value meaning "not served": the driver does not offer the service at all (it advertises
     * no volume groups, no group snapshots), so there is nothing to count, which is not the same as
     * none. {@link #partial(ResourceKind)} then says why.
     */
    public static final int NOT_SERVED = -5;

    private final ConnectionProfile profile;
    private final ObjectProperty<ConnectionState> state = new SimpleObjectProperty<>(this, "state", ConnectionState.DISCONNECTED);
    private final StringProperty pluginName = new SimpleStringProperty(this, "pluginName", "");
    private final StringProperty pluginVersion = new SimpleStringProperty(this, "pluginVersion", "");
    private final StringProperty note = new SimpleStringProperty(this, "note", "");
    private final Map<ResourceKind, IntegerProperty> counts = new EnumMap<>(ResourceKind.class);
    private final Map<ResourceKind, StringProperty> partial = new EnumMap<>(ResourceKind.class);
    private final ObjectProperty<StorageService> storage = new SimpleObjectProperty<>(this, "storage");
    private final ResourceChanges changes = new ResourceChanges();
    private final org.csiconsole.core.session.Reachability reachability;
    private final ObjectProperty<java.util.List<org.csiconsole.core.call.TraceEntry>> recordedCalls =
            new SimpleObjectProperty<>(this, "recordedCalls");

    public ConnectionModel(ConnectionProfile profile) {
        this.profile = Objects.requireNonNull(profile);
        this.reachability = new org.csiconsole.core.session.Reachability(profile.name());
        reachability.set(state.get());
        state.addListener((o, was, now) -> reachability.set(now == null ? ConnectionState.DISCONNECTED : now));
        for (ResourceKind k : ResourceKind.values()) {
            counts.put(k, new SimpleIntegerProperty(this, k.name(), UNKNOWN));
            partial.put(k, new SimpleStringProperty(this, k.name() + "Partial", ""));
        }
        // Back after a loss (Reconnecting, Waiting for the socket): the views may read what failed.
        state.addListener((o, was, now) -> {
            if (now != null && now.up() && (was == ConnectionState.RECONNECTING || was == ConnectionState.WAITING)) {
                changes.tellConnectedAgain();
            }
        });
    }

    public ConnectionProfile profile() {
        return profile;
    }

    public String name() {
        return profile.name();
    }

    /**
     * The connection as a confirmation names it: its name and endpoint (the CSI endpoint, else the CSP URL),
     * {@code "Demo (unix:///run/csi.sock)"} ({@link org.csiconsole.core.risk.RiskRequest#connection(String, String)}).
     */
    public String describe() {
        return org.csiconsole.core.risk.RiskRequest.connection(name(), endpoint());
    }

    /** Where the connection reaches its driver: the CSI endpoint, else the CSP URL; empty when neither is set. */
    public String endpoint() {
        return profile.endpoint().isEmpty() ? profile.cspUrl() : profile.endpoint();
    }

    /**
     * The connection's state as the send path reads it at the moment of sending (its clients refuse a change while it is not
     * up): follows {@link #stateProperty()}.
     */
    public org.csiconsole.core.session.Reachability reachability() {
        return reachability;
    }

    public ObjectProperty<ConnectionState> stateProperty() {
        return state;
    }

    /** Plugin name from GetPluginInfo (CSI spec, "GetPluginInfo"); empty until known. */
    public StringProperty pluginNameProperty() {
        return pluginName;
    }

    /** Plugin vendor version from GetPluginInfo; empty until known. */
    public StringProperty pluginVersionProperty() {
        return pluginVersion;
    }

    /** A sentence about the connection's state for the status bar and start page; may be empty. */
    public StringProperty noteProperty() {
        return note;
    }

    private final javafx.beans.property.BooleanProperty arrayNotReached = new javafx.beans.property.SimpleBooleanProperty(this, "arrayNotReached");

    /**
     * True while the CSP array a driver connection names ({@link ConnectionProfile#pairsCsp()}) is not logged in to (a wrong
     * or no password, an untrusted certificate, a shared connection closed): the navigator then offers to log in again.
     */
    public javafx.beans.property.BooleanProperty arrayNotReachedProperty() {
        return arrayNotReached;
    }

    /**
     * How many resources of {@code kind} the connection holds, or {@link #UNKNOWN}, {@link #NOT_COUNTED},
     * {@link #CANNOT_LIST} or {@link #NOT_SERVED}.
     */
    public IntegerProperty count(ResourceKind kind) {
        return counts.get(kind);
    }

    /**
     * Why {@link #count(ResourceKind)} is only what some sources had: the sources that did not
     * answer and why, in words ({@code "site-b: UNAVAILABLE — connection refused"}); empty when the
     * count is complete. The navigator marks such a count partial. With a count of
     * {@link #CANNOT_LIST}: why the listing is not offered.
     */
    public StringProperty partial(ResourceKind kind) {
        return partial.get(kind);
    }

    /**
     * The storage this connection offers to the views; null while the connection has none (not
     * wired, or not connected yet). Set by the composition root.
     */
    public ObjectProperty<StorageService> storageProperty() {
        return storage;
    }

    /** The current {@link #storageProperty()} value, or null. */
    public StorageService storage() {
        return storage.get();
    }

    /**
     * The calls a saved report recorded when it was made, oldest first, for a connection that shows
     * one (read-only); null for a live connection, whose calls go to the console's call trace.
     */
    public ObjectProperty<java.util.List<org.csiconsole.core.call.TraceEntry>> recordedCallsProperty() {
        return recordedCalls;
    }

    /** What the commands of this connection's views changed, told to its other views. */
    public ResourceChanges changes() {
        return changes;
    }
}
