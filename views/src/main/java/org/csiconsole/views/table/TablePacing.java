package org.csiconsole.views.table;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.function.IntSupplier;
import java.util.function.LongSupplier;

/**
 * How a table paces changes of what it shows ({@link ResourceTableModel#pace}).
 *
 * @param frames runs a task on the UI thread at its next frame, before that frame's layout
 * @param viewportRows how many rows the table can show at once (read at each step)
 * @param fillFrames frames over which an empty viewport is filled, at least 1
 * @param appendInterval least time between two appends once the viewport is full
 * @param nanoClock the time in ns ({@link System#nanoTime} but in tests)
 */
public record TablePacing(Executor frames, IntSupplier viewportRows, int fillFrames, Duration appendInterval,
                          LongSupplier nanoClock) {
    public TablePacing {
        Objects.requireNonNull(frames);
        Objects.requireNonNull(viewportRows);
        Objects.requireNonNull(appendInterval);
        Objects.requireNonNull(nanoClock);
        if (fillFrames < 1) throw new IllegalArgumentException("fillFrames must be at least 1, was " + fillFrames);
    }

    /** Rows filled into the viewport per frame. */
    int rowsPerFrame() {
        return Math.max(1, (viewportRows.getAsInt() + fillFrames - 1) / fillFrames);
    }
}
