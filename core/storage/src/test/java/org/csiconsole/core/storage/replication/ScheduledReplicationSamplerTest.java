package org.csiconsole.core.storage.replication;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.ReplicationInfo;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.port.Listing;
import org.csiconsole.core.replication.ReplicatedItem;
import org.csiconsole.core.replication.ReplicationFeatures;
import org.csiconsole.core.replication.ReplicationPort;
import org.csiconsole.core.replication.ReplicationRequest;
import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.replication.SampleRound;
import org.csiconsole.core.replication.SamplerSettings;
import org.csiconsole.core.testing.MutableClock;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/** The sampler over a port whose answers the test holds and releases. */
class ScheduledReplicationSamplerTest {
    private final MutableClock clock = new MutableClock(Instant.parse("2030-01-01T00:00:00Z"));
    private ScheduledReplicationSampler sampler;

    @AfterEach
    void stop() {
        if (sampler != null) sampler.close();
    }

    /** A port with {@code n} replicated volumes whose info calls wait until the test completes them. */
    private static class HeldPort implements ReplicationPort {
        final List<ReplicatedItem> items = new ArrayList<>();
        final ConcurrentLinkedQueue<CompletableFuture<ReplicationInfo>> pending = new ConcurrentLinkedQueue<>();
        final AtomicInteger inFlight = new AtomicInteger();
        final AtomicInteger mostInFlight = new AtomicInteger();
        final AtomicBoolean inventoryFails = new AtomicBoolean();
        /** When set, the listing fails and only the console's record answers: the first item, the driver named missing. */
        final AtomicBoolean onlyRecordAnswers = new AtomicBoolean();

        HeldPort(int n) {
            for (int i = 0; i < n; i++) {
                items.add(new ReplicatedItem(ReplicationSource.volume("vol-" + i), "", VolumeReplicationRole.PRIMARY, null, "site-b", "r-" + i,
                        Duration.ofMinutes(1), List.of(), "site-a"));
            }
        }

        @Override
        public CompletableFuture<ReplicationFeatures> features() {
            return CompletableFuture.completedFuture(new ReplicationFeatures(true, false, false, ""));
        }

        @Override
        public CompletableFuture<Listing<ReplicatedItem>> inventory() {
            if (inventoryFails.get()) {
                return CompletableFuture.failedFuture(new CallFailure(FailureKind.UNAVAILABLE, "ListVolumes", "connection refused", "", ""));
            }
            if (onlyRecordAnswers.get()) {
                return CompletableFuture.completedFuture(new Listing<>(items.subList(0, 1), List.of(org.csiconsole.core.port.SourceFailure.of(
                        "site-a listing", new CallFailure(FailureKind.UNAVAILABLE, "ListVolumes", "connection refused", "", "")))));
            }
            return CompletableFuture.completedFuture(Listing.complete(items));
        }

        @Override
        public CompletableFuture<ReplicationInfo> info(ReplicationRequest request) {
            int now = inFlight.incrementAndGet();
            mostInFlight.accumulateAndGet(now, Math::max);
            CompletableFuture<ReplicationInfo> f = new CompletableFuture<>();
            pending.add(f);
            return f.whenComplete((x, e) -> inFlight.decrementAndGet());
        }

        /** Answers every pending call (and, as they free slots, the ones they start) until the round ends. */
        void answerAll(CompletableFuture<SampleRound> round, Instant lastSync) {
            while (!round.isDone()) {
                CompletableFuture<ReplicationInfo> f = pending.poll();
                if (f != null) f.complete(new ReplicationInfo(lastSync, Duration.ofSeconds(2), 1024, ReplicationHealth.HEALTHY, ""));
                else Thread.onSpinWait();
            }
        }
    }

    private ScheduledReplicationSampler sampler(HeldPort port, SamplerSettings settings) {
        sampler = new ScheduledReplicationSampler("site-a", port, settings, Executors.newSingleThreadScheduledExecutor(), true, clock, null);
        return sampler;
    }

    @Test
    void noMoreThanMaxInFlightCallsAreOutstandingAndEverySourceIsSampled() throws Exception {
        HeldPort port = new HeldPort(40);
        ScheduledReplicationSampler s = sampler(port, SamplerSettings.DEFAULT.withMaxInFlight(3));

        CompletableFuture<SampleRound> round = s.sampleNow();
        // held calls: the sampler starts as many as it may, then waits for an answer
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (port.pending.size() < 3 && System.nanoTime() < until) Thread.onSpinWait();
        assertThat(port.inFlight.get()).as("calls started before any answer").isEqualTo(3);
        port.answerAll(round, clock.instant());
        SampleRound r = round.get(30, TimeUnit.SECONDS);

        assertThat(port.mostInFlight.get()).as("most calls outstanding at once").isEqualTo(3);
        assertThat(r.samples()).hasSize(40).allMatch(x -> x.lastError() == null && x.readAt() != null);
        assertThat(r.complete()).isTrue();
        assertThat(s.samples()).hasSize(40);
    }

    @Test
    void aRoundAskedForWhileOneRunsIsANewRoundThatReadsEverySourceAfterTheAsking() throws Exception {
        HeldPort port = new HeldPort(2);
        ScheduledReplicationSampler s = sampler(port, SamplerSettings.DEFAULT);
        CompletableFuture<SampleRound> first = s.sampleNow();
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (port.pending.size() < 2 && System.nanoTime() < until) Thread.onSpinWait();

        // a promote lands while the first round holds its reads; the read asked for now must not be the first round's
        CompletableFuture<SampleRound> after = s.sampleNow();
        Instant before = clock.instant().minusSeconds(30);
        for (int i = 0; i < 2; i++) {
            port.pending.poll().complete(new ReplicationInfo(before, Duration.ofSeconds(2), 1024, ReplicationHealth.HEALTHY, ""));
        }
        first.get(30, TimeUnit.SECONDS);
        assertThat(after).as("the round asked for waits for reads of its own").isNotDone();
        Instant later = clock.instant().minusSeconds(1);
        port.answerAll(after, later);

        assertThat(after.get(30, TimeUnit.SECONDS).samples()).hasSize(2).allSatisfy(x -> assertThat(x.lastSyncTime()).isEqualTo(later));
    }

    @Test
    void whenTheInventoryFailsEverySampleKeepsItsFiguresMarkedWithTheFailure() throws Exception {
        HeldPort port = new HeldPort(2);
        ScheduledReplicationSampler s = sampler(port, SamplerSettings.DEFAULT);
        Instant synced = clock.instant().minusSeconds(10);
        CompletableFuture<SampleRound> first = s.sampleNow();
        port.answerAll(first, synced);
        first.get(30, TimeUnit.SECONDS);

        port.inventoryFails.set(true);
        clock.advance(Duration.ofMinutes(2));
        SampleRound r = s.sampleNow().get(30, TimeUnit.SECONDS);

        assertThat(r.missing()).singleElement().satisfies(m -> assertThat(m.failure().kind()).isEqualTo(FailureKind.UNAVAILABLE));
        assertThat(r.samples()).hasSize(2).allSatisfy(x -> {
            assertThat(x.lastSyncTime()).isEqualTo(synced);
            assertThat(x.stale(clock.instant(), s.settings().staleAfter())).isTrue();
            assertThat(x.age(clock.instant())).isEqualTo(Duration.ofMinutes(2));
        });
    }

    @Test
    void whenTheDriverStopsAnsweringAndOnlyTheRecordListsSomeSourcesEveryOtherSourceStaysMarkedWithTheFailureSinceItsLastRead()
            throws Exception {
        HeldPort port = new HeldPort(3);
        ScheduledReplicationSampler s = sampler(port, SamplerSettings.DEFAULT);
        Instant synced = clock.instant().minusSeconds(10);
        CompletableFuture<SampleRound> first = s.sampleNow();
        port.answerAll(first, synced);
        Instant lastRead = first.get(30, TimeUnit.SECONDS).samples().get(1).readAt();

        port.onlyRecordAnswers.set(true);
        clock.advance(Duration.ofMinutes(2));
        CompletableFuture<SampleRound> second = s.sampleNow();
        while (!second.isDone()) {
            CompletableFuture<ReplicationInfo> f = port.pending.poll();
            if (f != null) f.completeExceptionally(new CallFailure(FailureKind.UNAVAILABLE, "GetVolumeReplicationInfo", "connection refused", "", ""));
            else Thread.onSpinWait();
        }
        SampleRound r = second.get(30, TimeUnit.SECONDS);

        assertThat(r.samples()).as("the unlisted sources are kept, not dropped").extracting(x -> x.source().id())
                .containsExactlyInAnyOrder("vol-0", "vol-1", "vol-2");
        assertThat(r.samples()).allSatisfy(x -> {
            assertThat(x.lastError()).isNotNull();
            assertThat(x.lastError().kind()).isEqualTo(FailureKind.UNAVAILABLE);
            assertThat(x.lastSyncTime()).isEqualTo(synced);
        });
        assertThat(r.samples()).filteredOn(x -> !x.source().id().equals("vol-0"))
                .allSatisfy(x -> assertThat(x.readAt()).as("stale since its last read").isEqualTo(lastRead));
        assertThat(s.samples()).hasSize(3);
    }

    @Test
    void aSideListedSecondaryIsNotAskedForReplicationInfoAndReadsAsListedEachRound() throws Exception {
        AtomicInteger asked = new AtomicInteger();
        HeldPort port = new HeldPort(1) {
            @Override
            public CompletableFuture<ReplicationInfo> info(ReplicationRequest request) {
                asked.incrementAndGet();
                return super.info(request);
            }
        };
        port.items.set(0, new ReplicatedItem(ReplicationSource.volume("vol-0"), "", VolumeReplicationRole.SECONDARY, null, "", "", null,
                List.of(), "site-a"));
        ScheduledReplicationSampler s = sampler(port, SamplerSettings.DEFAULT);

        ReplicationSample first = s.sampleNow().get(30, TimeUnit.SECONDS).samples().get(0);
        clock.advance(Duration.ofSeconds(30));
        ReplicationSample second = s.sampleNow().get(30, TimeUnit.SECONDS).samples().get(0);

        assertThat(first.role()).isEqualTo(VolumeReplicationRole.SECONDARY);
        assertThat(first.lastError()).isNull();
        assertThat(first.info()).isNull();
        assertThat(second.readAt()).isEqualTo(clock.instant());
        assertThat(second.stale(clock.instant(), s.settings().staleAfter())).isFalse();
        assertThat(asked.get()).isZero();
    }

    @Test
    void aSideTheDriverRefusesAsSecondaryReadsAsSecondaryNotAsAFailure() throws Exception {
        HeldPort port = new HeldPort(1) {
            @Override
            public CompletableFuture<ReplicationInfo> info(ReplicationRequest request) {
                return CompletableFuture.failedFuture(new CallFailure(FailureKind.FAILED_PRECONDITION, "GetVolumeReplicationInfo",
                        "vol-0 is the secondary of its replication pair; replication info is reported by the primary", "", ""));
            }
        };
        port.items.set(0, new ReplicatedItem(ReplicationSource.volume("vol-0"), "", VolumeReplicationRole.UNKNOWN, null, "", "", null,
                List.of(), "site-a"));
        ScheduledReplicationSampler s = sampler(port, SamplerSettings.DEFAULT);

        ReplicationSample first = s.sampleNow().get(30, TimeUnit.SECONDS).samples().get(0);

        assertThat(first.role()).isEqualTo(VolumeReplicationRole.SECONDARY);
        assertThat(first.lastError()).isNull();
        assertThat(first.info()).isNull();
    }

    @Test
    void theHiddenIntervalIsNeverShorterThanTheShownOneAndASampleIsStaleAfterTwoIntervals() {
        SamplerSettings s = SamplerSettings.DEFAULT.withInterval(Duration.ofSeconds(30)).withHiddenInterval(Duration.ofMinutes(5));
        assertThat(s.staleAfter()).isEqualTo(Duration.ofSeconds(60));
        assertThat(s.hiddenInterval()).isEqualTo(Duration.ofMinutes(5));
        assertThat(SamplerSettings.DEFAULT.withInterval(Duration.ofMinutes(10)).hiddenInterval()).isEqualTo(Duration.ofMinutes(10));
    }

    @Test
    void aSourceTheDriverSaysIsNotReplicatedIsNotAskedAgainEveryRoundOnlyWhenItsListingChangesOrAfterTheRecheck() throws Exception {
        AtomicInteger asked = new AtomicInteger();
        HeldPort port = new HeldPort(1) {
            @Override
            public CompletableFuture<ReplicationInfo> info(ReplicationRequest request) {
                asked.incrementAndGet();
                return CompletableFuture.failedFuture(new CallFailure(FailureKind.FAILED_PRECONDITION, "GetVolumeReplicationInfo vol-0",
                        "replication is not enabled", "", ""));
            }
        };
        ScheduledReplicationSampler s = sampler(port, SamplerSettings.DEFAULT);

        for (int i = 0; i < 5; i++) {
            SampleRound r = s.sampleNow().get(30, TimeUnit.SECONDS);
            assertThat(r.samples()).singleElement().satisfies(x -> assertThat(org.csiconsole.core.replication.InventoryNote.notReplicated(x))
                    .as("still shown as not replicated").isTrue());
            clock.advance(Duration.ofMinutes(1));
        }
        assertThat(asked.get()).as("the same answer is not asked for every round").isEqualTo(1);

        clock.advance(SampleReader.NOT_REPLICATED_RECHECK);
        s.sampleNow().get(30, TimeUnit.SECONDS);
        assertThat(asked.get()).as("asked again after the recheck time").isEqualTo(2);

        ReplicatedItem was = port.items.get(0);
        port.items.set(0, new ReplicatedItem(was.source(), was.name(), VolumeReplicationRole.PRIMARY, null, "site-b", "r-new",
                was.schedulingInterval(), List.of(), "site-a"));
        s.sampleNow().get(30, TimeUnit.SECONDS);
        assertThat(asked.get()).as("asked again once its listing changed (replication enabled)").isEqualTo(3);
    }
}
