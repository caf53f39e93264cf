package org.csiconsole.core.call;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * Receives the pages of a paged listing (ListVolumes, ListSnapshots, ListVolumeGroups) and paces
 * it: the next page is requested only once the stage returned for the previous one completes. A
 * consumer slower than the plugin (a table filled on a UI thread) thereby holds the listing back
 * instead of queueing pages in memory and competing with itself for the CPU.
 *
 * <p>{@link #accept} is called on a gRPC thread (for unix and TCP endpoints the connection's I/O
 * thread), one page at a time, and must not block. A stage that fails, or an exception thrown,
 * ends the listing with that failure.
 */
@FunctionalInterface
public interface PageSink<T> {
    /** A stage that is already complete: "ready for the next page now". */
    CompletionStage<Void> READY = CompletableFuture.completedFuture(null);

    /**
     * Takes one page.
     *
     * @param page the page's entries, in the plugin's order; may be empty
     * @return completes when the next page may be requested
     */
    CompletionStage<?> accept(List<T> page);

    /**
     * How far a listing that reads in steps has come, for a progress line such as
     * {@code "312 of 10,000 volumes read"}: CSP snapshots are listed one volume at a time. Called
     * from any thread, possibly concurrently with {@link #accept}; must not block. Listings read in
     * one stream (CSI ListVolumes, ListSnapshots) never call it. Does nothing by default.
     *
     * @param done steps finished so far
     * @param total steps in all
     * @param steps what a step reads, plural, e.g. {@code "volumes"}
     */
    default void progress(long done, long total, String steps) {
    }

    /** A sink that takes every page at once and never holds the listing back. */
    static <T> PageSink<T> unpaced(Consumer<? super List<T>> pages) {
        return page -> {
            pages.accept(page);
            return READY;
        };
    }
}
