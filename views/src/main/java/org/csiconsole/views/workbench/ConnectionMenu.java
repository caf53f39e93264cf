package org.csiconsole.views.workbench;

import javafx.scene.control.ContextMenu;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import org.csiconsole.core.session.ConnectionKind;
import org.csiconsole.core.session.ConnectionState;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * The context menu of a connection row in the navigator. A live connection has Connect, Disconnect,
 * Log in again (a driver with its CSP array, while the array is not logged in to), Edit, Remove and New connection; a saved report (read-only) has Recorded calls, which opens the
 * calls the report recorded in a trace tab of their own, and Close report.
 */
final class ConnectionMenu {
    private final Supplier<ConnectionActions> actions;
    private final WorkbenchTraces traces;

    /**
     * @param actions what the items do (the composition root's, set after the workbench is built)
     * @param traces where recorded calls open
     */
    ConnectionMenu(Supplier<ConnectionActions> actions, WorkbenchTraces traces) {
        this.actions = Objects.requireNonNull(actions);
        this.traces = Objects.requireNonNull(traces);
    }

    /** The menu of {@code c}'s row. */
    ContextMenu of(ConnectionModel c) {
        return c.profile().kind() == ConnectionKind.REPORT ? report(c) : live(c);
    }

    private ContextMenu live(ConnectionModel c) {
        MenuItem connect = item("Connect", "menu-connect", () -> actions.get().connect(c));
        connect.disableProperty().bind(c.stateProperty().isNotEqualTo(ConnectionState.DISCONNECTED));
        MenuItem disconnect = item("Disconnect", "menu-disconnect", () -> actions.get().disconnect(c));
        disconnect.disableProperty().bind(connect.disableProperty().not());
        // a driver with its array: the array's login, failed or refused, is tried again without closing the driver's side
        MenuItem login = item("Log in again\u2026", "menu-log-in-again", () -> actions.get().logInAgain(c));
        login.setVisible(c.profile().pairsCsp());
        login.disableProperty().bind(c.arrayNotReachedProperty().not().or(c.stateProperty().isEqualTo(ConnectionState.DISCONNECTED)));
        MenuItem edit = item("Edit\u2026", "menu-edit", () -> actions.get().edit(c));
        edit.setDisable(c.profile().kind() == ConnectionKind.DEMO);
        MenuItem remove = item("Remove\u2026", "menu-remove", () -> actions.get().remove(c));
        MenuItem add = item("New connection\u2026", "menu-new-connection", () -> actions.get().newConnection());
        return new ContextMenu(connect, disconnect, login, new SeparatorMenuItem(), edit, remove, new SeparatorMenuItem(), add);
    }

    private ContextMenu report(ConnectionModel c) {
        MenuItem calls = item("Recorded calls", "menu-recorded-calls", () -> traces.showRecorded(c));
        calls.disableProperty().bind(c.recordedCallsProperty().isNull());
        MenuItem close = item("Close report", "menu-close-report", () -> actions.get().remove(c));
        MenuItem add = item("New connection\u2026", "menu-new-connection", () -> actions.get().newConnection());
        return new ContextMenu(calls, new SeparatorMenuItem(), close, new SeparatorMenuItem(), add);
    }

    private static MenuItem item(String text, String id, Runnable action) {
        MenuItem m = new MenuItem(text);
        m.setId(id);
        m.setOnAction(e -> action.run());
        return m;
    }
}
