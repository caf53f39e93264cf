package org.csiconsole.views.workbench;

import javafx.beans.binding.Bindings;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.StackPane;
import org.csiconsole.views.Icons;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.theme.ConsoleStyles;
import org.csiconsole.views.trace.CallTraceView;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * The bottom panel: call trace, tasks, notifications. The trace is live only while its tab is
 * selected and the panel shown; opening Notifications marks them read. Node id {@code bottom-panel}.
 *
 * <p>The call trace view (its table, filters and tool bar) is built on first use: by
 * {@link #trace()}, by {@link #buildTrace()}, or when its tab is selected. Until then its tab holds
 * an empty pane (node id {@code call-trace-pending}).
 */
public final class BottomPanel extends TabPane {
    private final Tab traceTab;
    private final Tab tasksTab;
    private final Tab notificationsTab;
    private final Supplier<CallTraceView> traceFactory;
    private CallTraceView trace;
    private boolean shown = true;

    /** @param traceFactory builds the call trace view, once, when it is first needed */
    public BottomPanel(Supplier<CallTraceView> traceFactory, TaskRunner tasks, Notifications notifications) {
        this.traceFactory = Objects.requireNonNull(traceFactory);
        setId("bottom-panel");
        getStyleClass().add(ConsoleStyles.BOTTOM_PANEL);
        setTabClosingPolicy(TabClosingPolicy.UNAVAILABLE);
        StackPane pending = new StackPane();
        pending.setId("call-trace-pending");
        traceTab = new Tab("Call trace", pending);
        traceTab.setGraphic(Icons.of(Material2MZ.SWAP_HORIZ, 14));
        // Tasks and Notifications build their lists when first opened: the first frame does not wait for them.
        tasksTab = new Tab("Tasks");
        contentOnFirstSelection(tasksTab, () -> new TasksPanel(tasks));
        tasksTab.setGraphic(Icons.of(Material2AL.HOURGLASS_EMPTY, 14));
        tasksTab.textProperty().bind(Bindings.createStringBinding(() -> tasks.runningCount().get() == 0 ? "Tasks"
                : "Tasks (" + tasks.runningCount().get() + ")", tasks.runningCount()));
        notificationsTab = new Tab("Notifications");
        contentOnFirstSelection(notificationsTab, () -> new NotificationsPanel(notifications));
        notificationsTab.setGraphic(Icons.of(Material2MZ.NOTIFICATIONS, 14));
        notificationsTab.textProperty().bind(Bindings.createStringBinding(() -> notifications.unreadProperty().get() == 0
                ? "Notifications" : "Notifications (" + notifications.unreadProperty().get() + ")", notifications.unreadProperty()));
        getTabs().addAll(traceTab, tasksTab, notificationsTab);

        getSelectionModel().selectedItemProperty().addListener((o, a, b) -> {
            if (b == traceTab) trace().activate();
            else if (trace != null) trace.deactivate();
            if (b == notificationsTab) notifications.markAllRead();
        });
        notifications.unreadProperty().addListener((o, a, b) -> {
            if (getSelectionModel().getSelectedItem() == notificationsTab && b.intValue() > 0) notifications.markAllRead();
        });
    }

    private static void contentOnFirstSelection(Tab tab, java.util.function.Supplier<javafx.scene.Node> content) {
        tab.selectedProperty().addListener(new javafx.beans.value.ChangeListener<>() {
            @Override
            public void changed(javafx.beans.value.ObservableValue<? extends Boolean> o, Boolean was, Boolean selected) {
                if (!selected) return;
                tab.selectedProperty().removeListener(this);
                tab.setContent(content.get());
            }
        });
    }

    /** The call trace view, built now if it was not yet ({@link #buildTrace()}). */
    public CallTraceView trace() {
        buildTrace();
        return trace;
    }

    /** Whether {@code view} is this panel's call trace (false while the trace is not built). */
    boolean holdsTrace(ResourceView view) {
        return trace != null && view == trace;
    }

    /**
     * Builds the call trace view if it was not yet and puts it in its tab, live when its tab is
     * selected and the panel shown; idempotent. Styling and laying out its table is a large share of
     * a first frame that does not need it (no call is made before the workbench is painted).
     */
    void buildTrace() {
        if (trace != null) return;
        trace = traceFactory.get();
        Workbench.markView(trace.node(), trace);
        traceTab.setContent(trace.node());
        if (shown && traceTab.isSelected()) trace.activate();
    }

    /** The panel was shown or hidden: a built trace follows the calls only while it is shown with its tab selected. */
    void setShown(boolean shown) {
        this.shown = shown;
        if (trace == null) return;
        if (shown && traceTab.isSelected()) trace.activate();
        else if (!shown) trace.deactivate();
    }

    public void showTrace() {
        getSelectionModel().select(traceTab);
    }

    public void showTasks() {
        getSelectionModel().select(tasksTab);
    }

    public void showNotifications() {
        getSelectionModel().select(notificationsTab);
    }
}
