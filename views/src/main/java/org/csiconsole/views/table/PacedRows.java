package org.csiconsole.views.table;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * The rows a table shows, and the pacing of their changes (see {@link ResourceTableModel} and
 * {@link TablePacing}): a published list fills a viewport that is not yet full over several
 * frames, and rows appended to a full viewport reach it at most once per append interval. The rows
 * still due are pending. Unpaced (every change at once) until {@link #pace} is called. UI thread
 * only.
 */
final class PacedRows<T> {
    private final ObservableList<T> shown = FXCollections.observableArrayList();
    private final ObservableList<T> shownReadOnly = FXCollections.unmodifiableObservableList(shown);
    /** Told after a paced step moved pending rows to the shown ones. */
    private final Runnable stepped;
    private Consumer<Runnable> publisher = Runnable::run;
    private TablePacing pacing;
    /** Rows due after {@code shown} from index {@code pendingFrom} on, while paced; null when none. */
    private List<T> pending;
    private int pendingFrom;
    /** Whether the pending rows were appended (held to the append interval) rather than published. */
    private boolean pendingAppended;
    private boolean stepScheduled;
    private long lastGrowth;

    PacedRows(Runnable stepped) {
        this.stepped = Objects.requireNonNull(stepped);
    }

    /** The rows shown. Read-only. */
    ObservableList<T> rows() {
        return shownReadOnly;
    }

    void pace(TablePacing pacing) {
        this.pacing = Objects.requireNonNull(pacing);
    }

    /** The pacing in force, or null when unpaced. */
    TablePacing pacing() {
        return pacing;
    }

    /** Wraps every replacement of the shown rows; see {@link ResourceTableModel#setPublisher}. */
    void setPublisher(Consumer<Runnable> publisher) {
        this.publisher = Objects.requireNonNull(publisher);
    }

    /** Whether no rows are pending. */
    boolean idle() {
        return pending == null;
    }

    /** The rows shown plus those pending. */
    int count() {
        return shown.size() + (pending == null ? 0 : pending.size() - pendingFrom);
    }

    /** Whether an append interval has passed since the shown rows last grew (paced only). */
    boolean appendIntervalPassed() {
        return pacing.nanoClock().getAsLong() - lastGrowth >= pacing.appendInterval().toNanos();
    }

    /**
     * Replaces the shown rows with {@code rows} (a list of the caller's, which stays in use as the
     * pending rows and grows there with later {@link #append appends}), filling the viewport paced.
     */
    void publish(List<T> rows) {
        pending = null;
        int end = viewportFull() ? rows.size() : Math.min(rows.size(), shown.size() + pacing.rowsPerFrame());
        publisher.accept(() -> shown.setAll(end == rows.size() ? rows : rows.subList(0, end)));
        grown();
        if (end < rows.size()) {
            pending = rows;
            pendingFrom = end;
            pendingAppended = false;
            scheduleStep();
        }
    }

    /** Adds {@code pass} after the shown rows, paced. */
    void append(List<T> pass) {
        if (pacing == null) {
            shown.addAll(pass);
        } else if (pending != null) {
            pending.addAll(pass);
        } else {
            pending = new ArrayList<>(pass);
            pendingFrom = 0;
            pendingAppended = true;
            growPending();
        }
    }

    /** Whether the shown rows fill the table's viewport (always, unpaced). */
    private boolean viewportFull() {
        return pacing == null || shown.size() >= pacing.viewportRows().getAsInt();
    }

    /** Moves as many pending rows to the shown ones as pacing allows now; schedules the rest. */
    private void growPending() {
        int due = pending.size() - pendingFrom;
        int n;
        if (!viewportFull()) {
            n = Math.min(due, pacing.rowsPerFrame());
        } else if (!pendingAppended || appendIntervalPassed()) {
            n = due;
        } else {
            n = 0;
        }
        if (n > 0) {
            shown.addAll(pending.subList(pendingFrom, pendingFrom + n));
            pendingFrom += n;
            grown();
        }
        if (pendingFrom == pending.size()) {
            pending = null;
        } else {
            scheduleStep();
        }
    }

    private void scheduleStep() {
        if (stepScheduled) return;
        stepScheduled = true;
        pacing.frames().execute(() -> {
            stepScheduled = false;
            if (pending == null) return;
            growPending();
            stepped.run();
        });
    }

    private void grown() {
        if (pacing != null) lastGrowth = pacing.nanoClock().getAsLong();
    }
}
