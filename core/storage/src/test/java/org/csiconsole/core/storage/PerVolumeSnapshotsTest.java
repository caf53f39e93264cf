package org.csiconsole.core.storage;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.port.SourceFailure;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/** Every snapshot of an API that lists them per volume: bounded requests in flight, progress, cancel, failures named. */
class PerVolumeSnapshotsTest {
    /** Requests the test answers by hand, in the order they were sent. */
    private final Map<String, CompletableFuture<List<Snapshot>>> sent = new LinkedHashMap<>();
    private final List<String> pages = new ArrayList<>();
    private final List<String> progress = new ArrayList<>();

    private CompletableFuture<List<Snapshot>> read(String volumeId) {
        CompletableFuture<List<Snapshot>> f = new CompletableFuture<>();
        sent.put(volumeId, f);
        return f;
    }

    private final PageSink<Snapshot> sink = new PageSink<>() {
        @Override
        public CompletionStage<?> accept(List<Snapshot> page) {
            page.forEach(s -> pages.add(s.snapshotId()));
            return READY;
        }

        @Override
        public void progress(long done, long total, String steps) {
            progress.add(done + " of " + total + " " + steps);
        }
    };

    private static List<String> volumes(int n) {
        return IntStream.range(0, n).mapToObj(i -> "vol-" + i).toList();
    }

    private static List<Snapshot> snapshotOf(String volumeId) {
        return List.of(new Snapshot("snap-of-" + volumeId, "", volumeId, 1L << 30, Instant.EPOCH, true, "", org.csiconsole.core.model.Origin.CSP, Map.of()));
    }

    private long open() {
        return sent.values().stream().filter(f -> !f.isDone()).count();
    }

    @Test
    void atMostEightRequestsAreInFlightAndEachAnswerLetsTheNextOneGo() {
        CompletableFuture<List<SourceFailure>> done = PerVolumeSnapshots.list("site-a", volumes(20), this::read, sink);

        assertThat(sent).hasSize(PerVolumeSnapshots.IN_FLIGHT);
        sent.get("vol-0").complete(snapshotOf("vol-0"));
        assertThat(sent).hasSize(PerVolumeSnapshots.IN_FLIGHT + 1);
        assertThat(open()).isEqualTo(PerVolumeSnapshots.IN_FLIGHT);
        while (open() > 0) {
            sent.values().stream().filter(f -> !f.isDone()).findFirst().orElseThrow().complete(List.of());
            assertThat(open()).isLessThanOrEqualTo(PerVolumeSnapshots.IN_FLIGHT);
        }

        assertThat(sent).hasSize(20);
        assertThat(done).isCompletedWithValue(List.of());
        assertThat(pages).containsExactly("snap-of-vol-0");
        assertThat(progress).startsWith("1 of 20 volumes").endsWith("20 of 20 volumes").hasSize(20);
    }

    @Test
    void cancellingStopsTheRequestsInFlightAndSendsNoMore() {
        CompletableFuture<List<SourceFailure>> done = PerVolumeSnapshots.list("site-a", volumes(100), this::read, sink);
        List<CompletableFuture<List<Snapshot>>> inFlight = List.copyOf(sent.values());

        done.cancel(true);
        inFlight.forEach(f -> f.complete(List.of()));

        assertThat(inFlight).allMatch(CompletableFuture::isCancelled);
        assertThat(sent).hasSize(PerVolumeSnapshots.IN_FLIGHT);
    }

    @Test
    void pagesWaitingForTheSinkAreDroppedOnceTheListingIsCancelled() {
        CompletableFuture<Void> taken = new CompletableFuture<>();
        List<String> got = new ArrayList<>();
        PageSink<Snapshot> slow = page -> {
            page.forEach(s -> got.add(s.snapshotId()));
            return taken;
        };
        CompletableFuture<List<SourceFailure>> done = PerVolumeSnapshots.list("site-a", volumes(3), this::read, slow);
        sent.get("vol-0").complete(snapshotOf("vol-0"));
        sent.get("vol-1").complete(snapshotOf("vol-1"));

        done.cancel(true);
        taken.complete(null);

        assertThat(got).containsExactly("snap-of-vol-0");
    }

    @Test
    void aVolumeDeletedSinceTheVolumeListingIsNoFailureButAVolumeThatFailsIsNamedWithTheReason() {
        CompletableFuture<List<SourceFailure>> done = PerVolumeSnapshots.list("site-a", volumes(3), this::read, sink);

        sent.get("vol-0").completeExceptionally(new CallFailure(FailureKind.NOT_FOUND, "List snapshots of vol-0", "no such volume", "", ""));
        sent.get("vol-1").completeExceptionally(new CallFailure(FailureKind.UNAVAILABLE, "List snapshots of vol-1", "HTTP 503", "", ""));
        sent.get("vol-2").complete(snapshotOf("vol-2"));

        assertThat(done).isCompleted();
        assertThat(done.join()).singleElement().satisfies(m -> {
            assertThat(m.source()).isEqualTo("site-a (snapshots of 1 of 3 volumes)");
            assertThat(m.failure().kind()).isEqualTo(FailureKind.UNAVAILABLE);
        });
        assertThat(pages).containsExactly("snap-of-vol-2");
    }

    @Test
    void whenNoVolumeCanBeReadTheListingFails() {
        CompletableFuture<List<SourceFailure>> done = PerVolumeSnapshots.list("site-a", volumes(2), this::read, sink);

        sent.values().forEach(f -> f.completeExceptionally(new CallFailure(FailureKind.UNAVAILABLE, "List snapshots", "HTTP 503", "", "")));

        assertThat(done).isCompletedExceptionally();
    }

    @Test
    void aSinkThatHoldsThePageBackHoldsBackTheNextRequestOfThatVolumeSlot() {
        CompletableFuture<Void> taken = new CompletableFuture<>();
        PageSink<Snapshot> slow = page -> taken;
        PerVolumeSnapshots.list("site-a", volumes(9), this::read, slow);

        sent.get("vol-0").complete(snapshotOf("vol-0"));
        assertThat(sent).as("the page is not taken yet").hasSize(PerVolumeSnapshots.IN_FLIGHT);
        taken.complete(null);
        assertThat(sent).hasSize(9);
    }
}
