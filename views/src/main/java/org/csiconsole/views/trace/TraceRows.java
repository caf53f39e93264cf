package org.csiconsole.views.trace;

import javafx.collections.ListChangeListener;
import javafx.css.PseudoClass;
import javafx.scene.control.IndexedCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.VirtualFlow;
import javafx.scene.input.KeyEvent;
import javafx.scene.input.MouseEvent;
import javafx.scene.input.ScrollEvent;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.views.theme.ConsoleStyles;

import java.util.List;

/** How the call trace's table shows its rows: each row in the state of its call, and the newest call kept in sight. */
final class TraceRows {
    private static final PseudoClass FAILED = PseudoClass.getPseudoClass(ConsoleStyles.TRACE_FAILED_STATE);
    private static final PseudoClass OK = PseudoClass.getPseudoClass(ConsoleStyles.TRACE_OK_STATE);
    private static final PseudoClass NO_TASK = PseudoClass.getPseudoClass(ConsoleStyles.TRACE_NO_TASK_STATE);

    private TraceRows() {
    }

    /**
     * Puts each row in the state of its call: failed (tinted, status bold), OK (status in the
     * success colour), or neither (an optional service not served: muted); and no task (task muted).
     */
    static void markStates(TableView<TraceEntry> tv) {
        tv.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(TraceEntry item, boolean empty) {
                super.updateItem(item, empty);
                boolean filled = !empty && item != null;
                pseudoClassStateChanged(FAILED, filled && item.failed());
                pseudoClassStateChanged(OK, filled && item.ok());
                pseudoClassStateChanged(NO_TASK, filled && !item.origin().isTask());
            }
        });
    }

    /**
     * Keeps the newest call in sight, as a log viewer does: while the rows read oldest first (by
     * time, ascending) and the last row is in sight, new calls scroll the table to the bottom.
     * Scrolling up stops that; scrolling back to the bottom resumes it.
     */
    static void followNewCalls(TableView<TraceEntry> tv) {
        boolean[] following = {true};
        boolean[] adminMoved = {false};
        // Only the admin's own scrolling (wheel, scroll bar, keys) decides whether to follow; the
        // rows the table scrolls to itself do not.
        tv.addEventFilter(ScrollEvent.SCROLL, e -> adminMoved[0] = true);
        tv.addEventFilter(MouseEvent.MOUSE_RELEASED, e -> adminMoved[0] = true);
        tv.addEventFilter(KeyEvent.KEY_RELEASED, e -> adminMoved[0] = true);
        boolean[] scheduled = {false};
        ListChangeListener<TraceEntry> onRows = c -> {
            if (adminMoved[0] && tv.lookup(".virtual-flow") instanceof VirtualFlow<?> flow) {
                // The flow still shows the rows as they were before this change: was the last in sight?
                IndexedCell<?> last = flow.getLastVisibleCell();
                following[0] = flow.getCellCount() == 0 || last != null && last.getIndex() >= flow.getCellCount() - 1;
                adminMoved[0] = false;
            }
            if (!following[0] || !readsOldestFirst(tv) || scheduled[0]) return;
            // After the table's own listeners have taken the change in: scrolling from inside it
            // would clamp to the row count the table knew before. One scroll per pulse however many changes.
            scheduled[0] = true;
            javafx.application.Platform.runLater(() -> {
                scheduled[0] = false;
                // Scrolling lays the rows out and styles them at once, outside the pulse. A table whose scene is not
                // in a shown window (the window hidden or closed, the scene replaced) would have them styled without
                // the scene's root styles, where the colour tokens live: every token a row uses fails to resolve. The
                // first change once the table is shown again scrolls it.
                if (tv.getItems().isEmpty() || !onShownWindow(tv)) return;
                tv.scrollTo(tv.getItems().size() - 1);
                // scrollTo puts the row at the top where it can; the end of the flow shows it whole.
                if (tv.lookup(".virtual-flow") instanceof VirtualFlow<?> flow) flow.setPosition(1.0);
            });
        };
        tv.getItems().addListener(onRows);
        tv.itemsProperty().addListener((o, old, now) -> {
            if (old != null) old.removeListener(onRows);
            if (now != null) now.addListener(onRows);
        });
    }

    private static boolean onShownWindow(TableView<TraceEntry> tv) {
        return tv.getScene() != null && tv.getScene().getWindow() != null && tv.getScene().getWindow().isShowing();
    }

    private static boolean readsOldestFirst(TableView<TraceEntry> tv) {
        List<TableColumn<TraceEntry, ?>> order = tv.getSortOrder();
        return order.isEmpty() || ("time".equals(order.get(0).getId()) && order.get(0).getSortType() == TableColumn.SortType.ASCENDING);
    }
}
