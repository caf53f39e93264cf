package org.csiconsole.views.trace;

import org.csiconsole.core.call.CallOrigin;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.task.TaskRunner;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.csiconsole.views.trace.TraceFixtures.OTHER;
import static org.csiconsole.views.trace.TraceFixtures.SOCKET;
import static org.csiconsole.views.trace.TraceFixtures.call;

class CallTraceViewModelTest {
    private final CallTrace trace = new CallTrace(100);
    private final FakeDialogService dialogs = new FakeDialogService();
    private final CallTraceViewModel model = new CallTraceViewModel(trace, Runnable::run, dialogs);

    private TraceEntry record(String method, boolean ok) {
        return trace.record("grpc", "unix:///run/csi.sock", method, 1, "name: \"pvc-1\"", ok ? "volume {}" : "",
                ok ? "OK" : "UNAVAILABLE", ok, Instant.parse("2026-01-01T00:00:00Z"), Duration.ofMillis(12));
    }

    @Test
    void activationShowsWhatWasRecordedThenFollowsLive() {
        record("csi.v1.Identity/GetPluginInfo", true);
        assertThat(model.table().all()).isEmpty();
        model.activate();
        assertThat(model.table().all()).extracting(TraceEntry::method).containsExactly("csi.v1.Identity/GetPluginInfo");
        record("csi.v1.Controller/CreateVolume", false);
        assertThat(model.table().all()).extracting(TraceEntry::method)
                .containsExactly("csi.v1.Identity/GetPluginInfo", "csi.v1.Controller/CreateVolume");
    }

    @Test
    void inactiveModelHoldsNoSubscription() {
        model.activate();
        model.deactivate();
        record("csi.v1.Controller/ListVolumes", true);
        assertThat(model.table().all()).isEmpty();
        model.activate();
        assertThat(model.table().all()).hasSize(1);
    }

    @Test
    void theBoundDropsTheOldestCallsAndSaysHowMany() {
        model.activate();
        for (int i = 1; i <= 130; i++) record("m" + i, true);
        assertThat(model.table().all()).hasSize(100);
        assertThat(model.table().all().get(0).method()).isEqualTo("m31");
        assertThat(model.droppedNote().get()).isEqualTo("30 older calls dropped: the trace keeps the last 100");
    }

    @Test
    void aSmallerBoundChosenInTheViewDropsTheOldestAtOnce() {
        CallTrace big = new CallTrace();
        CallTraceViewModel m = new CallTraceViewModel(big, Runnable::run, dialogs);
        m.activate();
        for (int i = 1; i <= 1_200; i++) call(big, "m" + i, "OK", null);
        m.setCapacity(1_000);
        assertThat(m.capacityProperty().get()).isEqualTo(1_000);
        assertThat(m.table().all()).hasSize(1_000).first().extracting(TraceEntry::method).isEqualTo("m201");
        assertThat(m.droppedNote().get()).isEqualTo("200 older calls dropped: the trace keeps the last 1,000");
    }

    @Test
    void whilePacedCallsArrivingWithinTheIntervalReachTheTableTogetherAtTheFrameAfterIt() {
        java.util.ArrayDeque<Runnable> frames = new java.util.ArrayDeque<>();
        long[] now = {0};
        model.pace(frames::add, Duration.ofMillis(100), () -> now[0]);
        model.activate();
        record("first", true);
        assertThat(model.table().all()).as("the first call after a quiet interval at once").hasSize(1);
        now[0] += 10_000_000;
        record("second", true);
        record("third", true);
        assertThat(model.table().all()).hasSize(1);
        frames.poll().run();
        assertThat(model.table().all()).as("not before the interval passed").hasSize(1);
        now[0] += 100_000_000;
        frames.poll().run();
        assertThat(model.table().all()).extracting(TraceEntry::method).containsExactly("first", "second", "third");
        assertThat(frames).isEmpty();
    }

    @Test
    void wordsInTheFilterFindByStatusAndMethod() {
        model.activate();
        record("csi.v1.Controller/CreateVolume", false);
        record("csi.v1.Controller/DeleteVolume", true);
        model.table().filterTextProperty().set("unavailable create");
        assertThat(model.table().rows()).extracting(TraceEntry::method).containsExactly("csi.v1.Controller/CreateVolume");
    }

    @Test
    void theFiltersNarrowByVolumeConnectionMethodStatusAndTaskAndNewCallsFollowThem() {
        CallOrigin task = trace.origins().next("Delete volume vol-2");
        model.activate();
        call(trace, SOCKET, "csi.v1.Controller/CreateVolume", "OK", "vol-1", CallOrigin.NONE);
        call(trace, SOCKET, "csi.v1.Controller/DeleteVolume", "UNAVAILABLE", "vol-2", task);
        call(trace, OTHER, "csi.v1.Node/NodeStageVolume", "OK", "vol-1", CallOrigin.NONE);
        TraceFilter f = model.filter();

        f.volumeIdProperty().set("vol-1");
        assertThat(model.table().all()).extracting(TraceEntry::shortMethod).containsExactly("CreateVolume", "NodeStageVolume");
        f.connectionProperty().set(OTHER);
        assertThat(model.table().all()).extracting(TraceEntry::shortMethod).containsExactly("NodeStageVolume");
        call(trace, OTHER, "csi.v1.Node/NodePublishVolume", "OK", "vol-1", CallOrigin.NONE);
        call(trace, SOCKET, "csi.v1.Node/NodePublishVolume", "OK", "vol-1", CallOrigin.NONE);
        assertThat(model.table().all()).extracting(TraceEntry::shortMethod).containsExactly("NodeStageVolume", "NodePublishVolume");

        f.clear();
        f.statusProperty().set(TraceFilter.FAILURES);
        assertThat(model.table().all()).extracting(TraceEntry::shortMethod).containsExactly("DeleteVolume");
        f.clear();
        f.methodProperty().set("csi.v1.Node/NodePublishVolume");
        assertThat(model.table().all()).hasSize(2);
        f.clear();
        f.taskProperty().set(task);
        assertThat(model.table().all()).extracting(e -> e.origin().title()).containsExactly("Delete volume vol-2");
        assertThat(f.describe()).isEqualTo("task \u201cDelete volume vol-2\u201d");
    }

    @Test
    void theChoicesOfTheFiltersAreWhatWasCalledWithFailuresFirstAmongStatuses() {
        model.activate();
        call(trace, SOCKET, "csi.v1.Controller/CreateVolume", "OK", "vol-1", CallOrigin.NONE);
        call(trace, OTHER, "csi.v1.Controller/DeleteVolume", "NOT_FOUND", "vol-1", CallOrigin.NONE);
        assertThat(model.connections()).containsExactly(SOCKET, OTHER);
        assertThat(model.methods()).containsExactly("csi.v1.Controller/CreateVolume", "csi.v1.Controller/DeleteVolume");
        assertThat(model.statuses()).containsExactly(TraceFilter.FAILURES, "OK", "NOT_FOUND");
    }

    @Test
    void followingTheSelectionFiltersToTheVolumeSelectedInTheViewInFront() {
        model.activate();
        call(trace, "csi.v1.Controller/CreateVolume", "OK", "vol-1");
        call(trace, "csi.v1.Controller/CreateVolume", "OK", "vol-2");
        model.selectedVolumeProperty().set("vol-2");
        assertThat(model.table().all()).hasSize(2);

        model.followSelectionProperty().set(true);
        assertThat(model.filter().volumeIdProperty().get()).isEqualTo("vol-2");
        assertThat(model.table().all()).extracting(e -> e.targets("volume_id").get(0)).containsExactly("vol-2");
        model.selectedVolumeProperty().set("vol-1");
        assertThat(model.table().all()).extracting(e -> e.targets("volume_id").get(0)).containsExactly("vol-1");
    }

    @Test
    void theCountOfFailuresFollowsNewAndDroppedCalls() {
        model.activate();
        call(trace, "csi.v1.Controller/CreateVolume", "UNAVAILABLE", "vol-1");
        call(trace, "csi.v1.Identity/GetPluginInfo", "OK", null);
        assertThat(model.failures().get()).isEqualTo(1);
        for (int i = 0; i < 100; i++) call(trace, "csi.v1.Identity/Probe", "OK", null);
        assertThat(model.failures().get()).isZero();
    }

    @Test
    void theConsolesOwnBackgroundReadsAreCountedApartFromThePersonsFailures() {
        model.activate();
        CallOrigin delete = trace.origins().next("Delete volume vol-2");
        call(trace, SOCKET, "csi.v1.Controller/DeleteVolume", "FAILED_PRECONDITION", "vol-2", delete);
        assertThat(model.failuresHeadline().get()).isEqualTo("1 failed");

        call(trace, SOCKET, "replication.Controller/GetVolumeReplicationInfo", "UNAVAILABLE", "vol-1", CallOrigin.NONE);
        call(trace, SOCKET, "replication.Controller/GetVolumeReplicationInfo", "UNAVAILABLE", "vol-3", CallOrigin.NONE);
        assertThat(model.failures().get()).isEqualTo(3);
        assertThat(model.backgroundFailures().get()).isEqualTo(2);
        assertThat(model.failuresHeadline().get()).isEqualTo("3 failed (2 of them background reads)");

        model.filter().volumeIdProperty().set("vol-1");
        assertThat(model.failuresHeadline().get()).as("under a filter, of the rows shown").isEqualTo("1 failed (a background read)");
        model.filter().volumeIdProperty().set(null);
        for (int i = 0; i < 100; i++) call(trace, "csi.v1.Identity/Probe", "OK", null);
        assertThat(model.failuresHeadline().get()).as("dropped with their rows").isEmpty();
        assertThat(model.backgroundFailures().get()).isZero();
    }

    @Test
    void theSameBackgroundReadFailingAgainAndAgainCountsOnceWithHowOftenSoThePersonsFailuresStandOut() {
        model.activate();
        CallOrigin delete = trace.origins().next("Delete volume vol-9");
        call(trace, SOCKET, "csi.v1.Controller/DeleteVolume", "FAILED_PRECONDITION", "vol-9", delete);
        for (int i = 0; i < 40; i++) {
            call(trace, SOCKET, "replication.Controller/GetVolumeReplicationInfo", "FAILED_PRECONDITION", "vol-2", CallOrigin.NONE);
        }
        assertThat(model.failures().get()).as("every failed row is held").isEqualTo(41);
        assertThat(model.failuresHeadline().get()).isEqualTo("2 failed (1 of them a background read \u00d740)");

        call(trace, SOCKET, "replication.Controller/GetVolumeReplicationInfo", "UNAVAILABLE", "vol-3", CallOrigin.NONE);
        assertThat(model.failuresHeadline().get()).isEqualTo("3 failed (2 of them background reads, 41 calls in all)");

        model.filter().volumeIdProperty().set("vol-2");
        assertThat(model.failuresHeadline().get()).as("under a filter, of the rows shown").isEqualTo("1 failed (a background read \u00d740)");
        model.filter().volumeIdProperty().set(null);
        for (int i = 0; i < 100; i++) call(trace, "csi.v1.Identity/Probe", "OK", null);
        assertThat(model.failuresHeadline().get()).as("dropped with their rows").isEmpty();
    }

    @Test
    void copyingSaysWhatWasCopiedOrWhyNothingWas() {
        ActionRunner actions = new ActionRunner(new TaskRunner(Runnable::run), new Notifications(), dialogs);
        model.setTools(new TraceTools(TraceFixtures.commands(), new TraceFixtures.MemoryArchive(), Runnable::run), actions);
        TraceEntry e = call(trace, "csi.v1.Controller/CreateVolume", "OK", "vol-1");

        assertThat(model.copyText(CopyTool.GRPCURL, e)).isEqualTo("grpcurl csi.v1.Controller/CreateVolume");
        assertThat(model.messageProperty().get()).isEqualTo("Copied CreateVolume as grpcurl");
        assertThat(model.copyText(CopyTool.CSC, e)).isEmpty();
        assertThat(model.messageProperty().get()).isEqualTo("No csc command: csc has no command for CreateVolume");
    }

    @Test
    void savingTheCallsShownSavesOnlyThemOldestFirstAndTheSavedFileOpensOffline() throws Exception {
        TraceFixtures.MemoryArchive archive = new TraceFixtures.MemoryArchive();
        ActionRunner actions = new ActionRunner(new TaskRunner(Runnable::run), new Notifications(), dialogs);
        model.setTools(new TraceTools(TraceFixtures.commands(), archive, Runnable::run), actions);
        model.activate();
        call(trace, "csi.v1.Controller/CreateVolume", "OK", "vol-1");
        call(trace, "csi.v1.Controller/CreateVolume", "OK", "vol-2");
        call(trace, "csi.v1.Controller/DeleteVolume", "OK", "vol-1");
        model.filter().volumeIdProperty().set("vol-1");
        Path file = Path.of("/tmp/case.jsonl");

        assertThat(model.save(file, true).outcome().get()).isEqualTo(2);
        assertThat(archive.files.get(file).entries()).extracting(TraceEntry::shortMethod).containsExactly("CreateVolume", "DeleteVolume");
        model.save(file, false).outcome().get();
        assertThat(archive.files.get(file).entries()).hasSize(3);

        CallTraceViewModel offline = CallTraceViewModel.offline(archive.open(file), "case.jsonl", Runnable::run, dialogs);
        offline.activate();
        assertThat(offline.table().all()).containsExactlyElementsOf(trace.snapshot());
        assertThat(offline.canClear().get()).isFalse();
        assertThat(offline.clear()).isFalse();
        offline.filter().volumeIdProperty().set("vol-2");
        assertThat(offline.table().all()).hasSize(1);
    }

    @Test
    void clearAsksFirstAndKeepsEverythingWhenRefused() {
        model.activate();
        record("m", true);
        dialogs.answer = false;
        assertThat(model.clear()).isFalse();
        assertThat(trace.snapshot()).hasSize(1);
        assertThat(model.canClear().get()).isTrue();
        dialogs.answer = true;
        assertThat(model.clear()).isTrue();
        assertThat(trace.snapshot()).isEmpty();
        assertThat(model.table().all()).isEmpty();
        assertThat(model.canClear().get()).isFalse();
        assertThat(dialogs.confirmations).hasSize(2);
    }

    @Test
    void durationsReadInMilliseconds() {
        assertThat(TraceDetails.millis(Duration.ofNanos(1_500_000))).isEqualTo("1.5 ms");
        assertThat(TraceDetails.millis(Duration.ofMillis(250))).isEqualTo("250 ms");
    }
}
