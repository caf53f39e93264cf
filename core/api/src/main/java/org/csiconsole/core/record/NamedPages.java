package org.csiconsole.core.record;

import org.csiconsole.core.call.PageSink;

import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.function.UnaryOperator;

/**
 * A listing's pages with each row given what the console's record knows and the driver does not report
 * (CSI ListVolumes and ListSnapshots carry no name: a volume created as {@code walk-vol-1} would read as
 * its id, and a filter by that name would find nothing).
 */
public final class NamedPages {
    private NamedPages() {
    }

    /** {@code sink} fed with each page's rows through {@code named}; progress passes through unchanged. */
    public static <T> PageSink<T> of(PageSink<T> sink, UnaryOperator<T> named) {
        return new PageSink<>() {
            @Override
            public CompletionStage<?> accept(List<T> page) {
                return sink.accept(page.stream().map(named).toList());
            }

            @Override
            public void progress(long done, long total, String steps) {
                sink.progress(done, total, steps);
            }
        };
    }
}
