package org.csiconsole.views.trace;

import javafx.beans.Observable;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.csiconsole.core.call.CallOrigin;
import org.csiconsole.core.call.TraceEntry;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/**
 * Which calls the trace shows, beside the table's word filter: those naming a volume_id, sent to
 * one connection (endpoint), of one method, with one status (or any failure), made by one task.
 * An empty or null value lets every call through.
 */
public final class TraceFilter {
    /** The {@link #statusProperty() status} choice that keeps every failure (not the calls of an optional service left out). */
    public static final String FAILURES = "Failures";

    private final StringProperty volumeId = new SimpleStringProperty(this, "volumeId", "");
    private final ObjectProperty<String> connection = new SimpleObjectProperty<>(this, "connection");
    private final ObjectProperty<String> method = new SimpleObjectProperty<>(this, "method");
    private final ObjectProperty<String> status = new SimpleObjectProperty<>(this, "status");
    private final ObjectProperty<CallOrigin> task = new SimpleObjectProperty<>(this, "task");

    /** A volume_id (or any other id) the call names; empty for any. */
    public StringProperty volumeIdProperty() {
        return volumeId;
    }

    /** The endpoint the call went to ({@link TraceEntry#endpoint()}); null for any. */
    public ObjectProperty<String> connectionProperty() {
        return connection;
    }

    /** The full method ({@link TraceEntry#method()}); null for any. */
    public ObjectProperty<String> methodProperty() {
        return method;
    }

    /** A status ({@code OK}, {@code UNAVAILABLE}, {@code 404}) or {@link #FAILURES}; null for any. */
    public ObjectProperty<String> statusProperty() {
        return status;
    }

    /** The task that made the call; null for any. */
    public ObjectProperty<CallOrigin> taskProperty() {
        return task;
    }

    /** Every property; a change of any changes {@link #predicate()}. */
    public Observable[] dependencies() {
        return new Observable[]{volumeId, connection, method, status, task};
    }

    /** Runs {@code onChange} whenever any filter changes. */
    void predicateChanged(Runnable onChange) {
        for (Observable o : dependencies()) o.addListener(x -> onChange.run());
    }

    /** Whether any of the filters is set. */
    public boolean isSet() {
        return !volumeId.get().isBlank() || connection.get() != null || method.get() != null || status.get() != null || task.get() != null;
    }

    /** Lets every call through again. */
    public void clear() {
        volumeId.set("");
        connection.set(null);
        method.set(null);
        status.set(null);
        task.set(null);
    }

    /** The filters as they are now, as a test of one entry. */
    public Predicate<TraceEntry> predicate() {
        String vol = volumeId.get() == null ? "" : volumeId.get().strip();
        String conn = connection.get();
        String m = method.get();
        String s = status.get();
        CallOrigin t = task.get();
        return e -> (vol.isEmpty() || e.names(vol))
                && (conn == null || conn.equals(e.endpoint()))
                && (m == null || m.equals(e.method()))
                && (s == null || (FAILURES.equals(s) ? e.failed() : s.equals(e.status())))
                && (t == null || t.equals(e.origin()));
    }

    /** The filters set, in words: {@code volume_id vol-1, status Failures}; empty for none. */
    public String describe() {
        List<String> parts = new ArrayList<>();
        if (!volumeId.get().isBlank()) parts.add("volume_id " + volumeId.get().strip());
        if (connection.get() != null) parts.add("connection " + connection.get());
        if (method.get() != null) parts.add("method " + method.get());
        if (status.get() != null) parts.add("status " + status.get());
        if (task.get() != null) parts.add("task \u201c" + task.get().title() + "\u201d");
        return String.join(", ", parts);
    }
}
