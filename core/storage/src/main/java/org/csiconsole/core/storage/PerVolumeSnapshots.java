package org.csiconsole.core.storage;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.port.SourceFailure;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;

/**
 * Lists every snapshot of an API that lists snapshots only per volume (the CSP's
 * {@code GET /snapshots?volume_id=}, hpe-csp-rest-spec.md): at most {@link #IN_FLIGHT} requests at a
 * time, each volume's snapshots handed to the {@link PageSink} as one page, one page at a time and
 * paced by it (a volume's next request waits until the sink took the last page), with
 * {@link PageSink#progress} after each volume. Cancelling the returned future cancels the requests
 * in flight and starts no more.
 *
 * <p>A volume answering NOT_FOUND was deleted since the volumes were listed and has no snapshots;
 * any other failure leaves that volume's snapshots out, and the listing completes with one
 * {@link SourceFailure} naming how many volumes could not be read and the first reason. When no
 * volume could be read, the listing fails with the first failure.
 */
final class PerVolumeSnapshots {
    /** Requests in flight at most: enough to hide the round trip, few enough not to flood an array. */
    static final int IN_FLIGHT = 8;

    private final String source;
    private final List<String> volumeIds;
    private final Function<String, CompletableFuture<List<Snapshot>>> read;
    private final PageSink<Snapshot> pages;
    private final CompletableFuture<List<SourceFailure>> result = new CompletableFuture<>();
    private final AtomicInteger next = new AtomicInteger();
    private final AtomicInteger finished = new AtomicInteger();
    private final List<CallFailure> failures = new ArrayList<>();
    private final Set<CompletableFuture<?>> running = ConcurrentHashMap.newKeySet();
    private final Object lock = new Object();
    private CompletableFuture<Void> delivered = CompletableFuture.completedFuture(null);

    private PerVolumeSnapshots(String source, List<String> volumeIds,
                               Function<String, CompletableFuture<List<Snapshot>>> read, PageSink<Snapshot> pages) {
        this.source = Objects.requireNonNull(source);
        this.volumeIds = List.copyOf(volumeIds);
        this.read = Objects.requireNonNull(read);
        this.pages = Objects.requireNonNull(pages);
    }

    /**
     * Starts reading.
     *
     * @param source the source in words for a {@link SourceFailure}, e.g. the array name
     * @param volumeIds the volumes whose snapshots to list, in order of the requests
     * @param read the snapshots of one volume ({@code GET /snapshots?volume_id=})
     * @param pages where each volume's snapshots go
     * @return completes when every volume was read, with the volumes that could not be read named
     *     (empty when all could); fails when none could, or when the sink failed
     */
    static CompletableFuture<List<SourceFailure>> list(String source, List<String> volumeIds,
                                                       Function<String, CompletableFuture<List<Snapshot>>> read,
                                                       PageSink<Snapshot> pages) {
        return new PerVolumeSnapshots(source, volumeIds, read, pages).start();
    }

    private CompletableFuture<List<SourceFailure>> start() {
        if (volumeIds.isEmpty()) {
            result.complete(List.of());
            return result;
        }
        result.whenComplete((v, e) -> running.forEach(f -> f.cancel(true)));
        for (int i = 0; i < Math.min(IN_FLIGHT, volumeIds.size()); i++) readNext();
        return result;
    }

    private void readNext() {
        if (result.isDone()) return;
        int i = next.getAndIncrement();
        if (i >= volumeIds.size()) return;
        CompletableFuture<List<Snapshot>> f;
        try {
            f = read.apply(volumeIds.get(i));
        } catch (RuntimeException e) {
            f = CompletableFuture.failedFuture(e);
        }
        running.add(f);
        if (result.isDone()) f.cancel(true);
        CompletableFuture<List<Snapshot>> call = f;
        call.whenComplete((list, e) -> {
            running.remove(call);
            if (result.isDone()) return;
            if (e != null) {
                CallFailure failure = SourceFailure.of(source, e).failure();
                // NOT_FOUND: the volume was deleted after the volumes were listed; it has no snapshots.
                if (failure.kind() != FailureKind.NOT_FOUND) {
                    synchronized (failures) {
                        failures.add(failure);
                    }
                }
                stepDone(List.of());
            } else {
                stepDone(list);
            }
        });
    }

    private void stepDone(List<Snapshot> page) {
        CompletableFuture<Void> mine;
        synchronized (lock) {
            // Pages waiting for the sink are dropped once the listing is cancelled.
            delivered = delivered.thenCompose(x -> page.isEmpty() || result.isDone() ? CompletableFuture.<Void>completedFuture(null)
                    : pages.accept(page).thenApply(y -> (Void) null));
            mine = delivered;
        }
        mine.whenComplete((x, e) -> {
            if (e != null) {
                result.completeExceptionally(e);
                return;
            }
            int done = finished.incrementAndGet();
            pages.progress(done, volumeIds.size(), "volumes");
            if (done == volumeIds.size()) finish();
            else readNext();
        });
    }

    private void finish() {
        List<CallFailure> failed;
        synchronized (failures) {
            failed = List.copyOf(failures);
        }
        if (failed.isEmpty()) {
            result.complete(List.of());
        } else if (failed.size() == volumeIds.size()) {
            result.completeExceptionally(failed.get(0));
        } else {
            result.complete(List.of(new SourceFailure(source + " (snapshots of " + failed.size() + " of "
                    + volumeIds.size() + " volumes)", failed.get(0))));
        }
    }
}
