package org.csiconsole.views.workbench;

import javafx.beans.binding.Bindings;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import org.csiconsole.views.Icons;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.theme.ConsoleStyles;
import org.csiconsole.views.trace.CallTraceView;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

/**
 * The bottom panel: call trace, tasks, notifications. The trace is live only while its tab is
 * shown; opening Notifications marks them read. Node id {@code bottom-panel}.
 */
public final class BottomPanel extends TabPane {
    private final Tab traceTab;
    private final Tab tasksTab;
    private final Tab notificationsTab;
    private final CallTraceView trace;

    public BottomPanel(CallTraceView trace, TaskRunner tasks, Notifications notifications) {
        this.trace = trace;
        setId("bottom-panel");
        getStyleClass().add(ConsoleStyles.BOTTOM_PANEL);
        setTabClosingPolicy(TabClosingPolicy.UNAVAILABLE);
        traceTab = new Tab("Call trace", trace.node());
        traceTab.setGraphic(Icons.of(Material2MZ.SWAP_HORIZ, 14));
        Workbench.markView(trace.node(), trace);
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
            if (b == traceTab) trace.activate();
            else trace.deactivate();
            if (b == notificationsTab) notifications.markAllRead();
        });
        notifications.unreadProperty().addListener((o, a, b) -> {
            if (getSelectionModel().getSelectedItem() == notificationsTab && b.intValue() > 0) notifications.markAllRead();
        });
        trace.activate();
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

    public CallTraceView trace() {
        return trace;
    }

    /**
     * Leaves the call trace's table and tool bar out of the scene, an empty pane in their place,
     * until {@link #attachTrace()}: styling and laying out the table is a large share of the
     * workbench's first frame, which does not need it (no call is made before it is painted).
     */
    void detachTrace() {
        if (traceTab.getContent() == trace.node()) {
            javafx.scene.layout.StackPane placeholder = new javafx.scene.layout.StackPane();
            placeholder.setId("call-trace-pending");
            traceTab.setContent(placeholder);
        }
    }

    /** Puts the call trace back in its tab after {@link #detachTrace()}; idempotent. */
    void attachTrace() {
        if (traceTab.getContent() != trace.node()) traceTab.setContent(trace.node());
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
