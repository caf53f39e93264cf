package org.csiconsole.views.volumes;

import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.port.NodeTarget;
import org.csiconsole.core.record.ConsoleRecords;
import org.csiconsole.core.risk.Assessment;
import org.csiconsole.core.risk.Placement;
import org.csiconsole.core.risk.RiskModel;
import org.csiconsole.core.risk.RiskOperation;
import org.csiconsole.core.risk.RiskRequest;
import org.csiconsole.core.risk.TargetFacts;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.resource.KnownResources;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.workbench.ResourceChanges;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A storage that records what is staged on each node (the bundled reference plugin, the demo): a volume another
 * orchestrator staged on the console's own node is not unpublished from the controller (CSI spec, Volume Lifecycle:
 * ControllerUnpublishVolume follows NodeUnstageVolume), and an unstage at a path other than the one staged is
 * refused, with the words the command line's assessment gives for the same facts.
 */
class DriverReportedStagingTest {
    private final FakeStorage storage = new FakeStorage().seeded();
    private final FakeDialogService dialogs = new FakeDialogService();
    private final ActionRunner actions = new ActionRunner(new TaskRunner(Runnable::run), new Notifications(), dialogs);

    DriverReportedStagingTest() {
        storage.keepsRecords = true;
    }

    /** pvc-web (vol-0001), published to node-a1 as the driver reports, selected in a volumes view on node-a1. */
    private VolumesViewModel view() {
        VolumesViewModel m = new VolumesViewModel(new ViewContext(storage, actions, Runnable::run, "demo", new ResourceChanges(),
                KnownResources.of(ConsoleRecords.inMemory().book("demo")), new CallTrace()::snapshot, null,
                new org.csiconsole.core.audit.OverrideMarks()));
        m.activate();
        m.selectedProperty().set(m.table().all().stream().filter(v -> v.volumeId().equals("vol-0001")).findFirst().orElseThrow());
        assertThat(m.connectedNodeProperty().get()).isEqualTo("node-a1");
        return m;
    }

    private void stagedByAnotherOrchestrator(String path) {
        storage.nodeStage(new NodeTarget("vol-0001", path, "", VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4"), Map.of(), false)).join();
        storage.calls.clear();
    }

    @Test
    void aVolumeTheDriverReportsStagedOnTheNodeIsNotUnpublishedFromTheController() {
        stagedByAnotherOrchestrator("/var/lib/kubelet/plugins/demo/vol-0001/globalmount");
        VolumesViewModel m = view();
        dialogs.formAnswer = f -> true;

        m.unpublishAction().run();

        assertThat(storage.calls).doesNotContain("controllerUnpublish");
        Assessment a = dialogs.assessments.get(0);
        assertThat(a.blocked()).isTrue();
        assertThat(a.illegal().reason()).isEqualTo("pvc-web is still staged on node-a1 at /var/lib/kubelet/plugins/demo/vol-0001/globalmount"
                + " (reported by the driver)");
        assertThat(a.illegal().overridable()).as("the driver says so: no send-anyway").isFalse();
        assertThat(a.illegal().nextStep()).contains("Node > Unstage on this node");
        assertThat(m.nodeState(m.selected())).contains("staged on node-a1 at /var/lib/kubelet/plugins/demo/vol-0001/globalmount (reported by the driver)");
    }

    @Test
    void anUnstageAtAPathOtherThanTheStagedOneIsRefusedWithTheCommandLinesWords() {
        stagedByAnotherOrchestrator("/staging/web");
        VolumesViewModel m = view();
        m.seenOnConnectedNode("vol-0001", "/staging/web", List.of());
        dialogs.formAnswer = f -> {
            assertThat(f.text("path").value()).as("the path known staged is offered").isEqualTo("/staging/web");
            f.text("path").set("/staging/other");
            return true;
        };

        m.nodeUnstageAction().run();

        assertThat(storage.calls).doesNotContain("nodeUnstage");
        Assessment gui = dialogs.assessments.get(0);
        assertThat(gui.illegal().reason()).isEqualTo("pvc-web is staged on node-a1 at /staging/web, not at /staging/other");
        assertThat(gui.illegal().overridable()).isFalse();
        // the command line assesses the same facts (the volume, its staging) with the one model: the same words
        TargetFacts cli = TargetFacts.ofVolume(storage.volumes.get(0), true, List.of(),
                List.of(new org.csiconsole.core.model.VolumeOnNode("node-a1", true, List.of("/staging/web"), List.of())));
        Assessment expected = new RiskModel().assess(RiskRequest.of(RiskOperation.NODE_UNSTAGE, List.of(cli), Instant.now()).onNode("node-a1")
                .sending(VolumeNodeCommands.sends("volume_id", "vol-0001", "staging_target_path", "/staging/other")));
        assertThat(gui.illegal()).isEqualTo(expected.illegal());
        assertThat(gui.hazards()).isEqualTo(expected.hazards());
        assertThat(cli.placements(Placement.Kind.STAGED, "node-a1")).singleElement().extracting(Placement::from).isEqualTo(Placement.Knowledge.DRIVER);
    }

    @Test
    void aNodeUnpublishAtAPathWhereNothingIsPublishedIsRefusedAndNotSent() {
        storage.nodePublish(new NodeTarget("vol-0001", "", "/var/lib/kubelet/pods/web/mount",
                VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4"), Map.of(), false)).join();
        storage.calls.clear();
        VolumesViewModel m = view();
        m.seenOnConnectedNode("vol-0001", "", List.of("/var/lib/kubelet/pods/web/mount"));
        dialogs.formAnswer = f -> {
            f.text("path").set("/var/lib/kubelet/pods/other/mount");
            return true;
        };

        m.nodeUnpublishAction().run();

        assertThat(storage.calls).doesNotContain("nodeUnpublish");
        Assessment a = dialogs.assessments.get(0);
        assertThat(a.blocked()).isTrue();
        assertThat(a.illegal().reason()).isEqualTo("pvc-web is not known published on node-a1 at /var/lib/kubelet/pods/other/mount"
                + " (it is at /var/lib/kubelet/pods/web/mount)");
        assertThat(a.hazards()).noneMatch(h -> h.describe().contains("loses its mount"));
    }

    @Test
    void stageIsNotOfferedWhereTheDriverReportsTheVolumeStagedAndItsNodeStateCanBeUndoneWithTypedConsent() {
        stagedByAnotherOrchestrator("/staging/web");
        storage.nodePublish(new NodeTarget("vol-0001", "/staging/web", "/pods/web/mount",
                VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4"), Map.of(), false)).join();
        storage.calls.clear();
        VolumesViewModel m = view();

        assertThat(m.nodeStageAction().enabled().get()).as("NodeStageVolume would fail FAILED_PRECONDITION").isFalse();
        assertThat(m.nodeStageAction().disabledReason().get())
                .startsWith("Not offered: pvc-web is already staged on node-a1 at /staging/web (reported by the driver). ")
                .contains("unpublish it on node-a1 at /pods/web/mount (Node > Unpublish on this node), then unstage it on node-a1 at "
                        + "/staging/web (Node > Unstage on this node)");
        // the next step names actions that can run: the driver's paths are enough to undo what another orchestrator did
        assertThat(m.nodeUnpublishAction().enabled().get()).as(m.nodeUnpublishAction().disabledReason().get()).isTrue();
        assertThat(m.nodeUnstageAction().disabledReason().get()).isEqualTo("Unpublish it on node-a1 first: it is still published at /pods/web/mount.");

        dialogs.formAnswer = f -> {
            assertThat(f.text("path").value()).as("the driver's target path is offered").isEqualTo("/pods/web/mount");
            return true;
        };
        dialogs.typed = "pvc-web";
        m.nodeUnpublishAction().run();

        assertThat(dialogs.assessments.get(0).consent().level()).isEqualTo(org.csiconsole.core.risk.Consent.Kind.TYPED);
        assertThat(storage.calls).contains("nodeUnpublish");
        // read again after the call: the detail and the actions follow the driver's new state at once
        assertThat(m.nodeState(m.selected())).doesNotContain("published on node-a1").contains("staged on node-a1 at /staging/web");
        assertThat(m.nodeUnstageAction().enabled().get()).as(m.nodeUnstageAction().disabledReason().get()).isTrue();

        dialogs.formAnswer = f -> {
            assertThat(f.text("path").value()).as("the driver's staging path is offered").isEqualTo("/staging/web");
            return true;
        };
        m.nodeUnstageAction().run();

        assertThat(dialogs.assessments.get(1).consent().level()).as("the same typed consent as the command line's unstage")
                .isEqualTo(org.csiconsole.core.risk.Consent.Kind.TYPED);
        assertThat(storage.calls).contains("nodeUnstage");
        assertThat(m.nodeState(m.selected())).doesNotContain("staged on node-a1");
        assertThat(m.nodeStageAction().enabled().get()).as(m.nodeStageAction().disabledReason().get()).isTrue();
    }

    @Test
    void onADriverThatReportsNoStagingsTheRefusedControllerUnpublishOffersUnstageAndUnpublishOnTheNodeAtAPathAskedFor() {
        storage.keepsRecords = false; // a CSI driver on a socket: no call reports what another orchestrator staged
        VolumesViewModel m = view();
        assertThat(m.nodeUnstageAction().enabled().get()).as("nothing known staged yet").isFalse();
        storage.failNext("controllerUnpublish", org.csiconsole.core.call.FailureKind.FAILED_PRECONDITION,
                "Volume vol-0001 is still staged or published on node node-a1", "Unstage it first");
        dialogs.formAnswer = f -> true;
        dialogs.typed = "pvc-web";

        m.unpublishAction().run();

        assertThat(storage.calls).contains("controllerUnpublish");
        // the driver's refusal is its report: the next step it names can run, not a dead end
        assertThat(m.nodeUnstageAction().enabled().get()).as(m.nodeUnstageAction().disabledReason().get()).isTrue();
        assertThat(m.nodeUnpublishAction().enabled().get()).as(m.nodeUnpublishAction().disabledReason().get()).isTrue();
        dialogs.formAnswer = f -> {
            f.text("path").set("/var/lib/kubelet/plugins/demo/vol-0001/globalmount");
            return true;
        };

        m.nodeUnstageAction().run();

        assertThat(dialogs.assessments.get(1).blocked()).as(String.join("\n", dialogs.assessments.get(1).lines())).isFalse();
        assertThat(storage.calls).contains("nodeUnstage");
    }

    @Test
    void onADriverThatReportsStagingsNothingStagedOnTheNodeIsNotOfferedForUnstage() {
        VolumesViewModel m = view();

        assertThat(m.nodeUnstageAction().enabled().get()).isFalse();
        assertThat(m.nodeUnstageAction().disabledReason().get()).isEqualTo("Neither the driver nor this console knows it staged on node-a1 at a staging path.");
    }

    @Test
    void aVolumeDeletedBySomeoneElseIsFoundGoneAtConsentNothingIsSentAndTheResultSaysSo() {
        VolumesViewModel m = view();
        storage.volumes.removeIf(v -> v.volumeId().equals("vol-0001")); // the command line, or another orchestrator
        dialogs.typed = "pvc-web";

        m.deleteAction().run();

        Assessment a = dialogs.assessments.get(0);
        assertThat(a.blocked()).isTrue();
        assertThat(a.illegal().reason()).isEqualTo("pvc-web is already deleted (by someone else?): the driver answered NOT_FOUND when read just now");
        assertThat(a.illegal().overridable()).isFalse();
        assertThat(storage.calls).contains("getVolume").doesNotContain("deleteVolume");
        assertThat(m.statusProperty().get()).isEqualTo("Already deleted (by someone else?): pvc-web was found gone before sending; nothing was sent.");
        assertThat(m.table().all()).noneMatch(v -> v.volumeId().equals("vol-0001"));
        assertThat(storage.notSent).as("audited as what it was, not as an OK delete")
                .containsExactly("csi.v1.Controller/DeleteVolume [vol-0001]: Already deleted (by someone else?): pvc-web was found gone before sending; nothing was sent.");
    }

    @Test
    void aModifyWithAParameterLeftEmptyIsNotSent() {
        VolumesViewModel m = view();
        dialogs.formAnswer = f -> {
            f.keyValues("mutableParameters").add("iops");
            assertThat(f.keyValues("mutableParameters").error().get()).as("the form says so as it is typed")
                    .isEqualTo("iops has no value: an empty string would be sent; give it a value or remove its row.");
            assertThat(f.valid().get()).as("Next stays disabled").isFalse();
            return true;
        };

        m.modifyAction().run();

        assertThat(storage.calls).doesNotContain("modifyVolume");
        // the same sentence core's assessment refuses such a request with, on the command line too (RiskModelTableTest)
        assertThat(new RiskModel().assess(RiskRequest.of(RiskOperation.MODIFY, List.of(m.factsOf(m.selected())), Instant.now())
                .sending(org.csiconsole.core.risk.RiskModel.modifySends(m.selected().volumeId(), Map.of("iops", "")))).illegal().reason())
                .isEqualTo("iops has no value: an empty string would be sent");
    }

    @Test
    void aVolumeDeletedWhileTheNameWasTypedIsReadAgainBeforeSendingAndNotSent() {
        // the second ControllerGetVolume (just before sending) finds pvc-db gone: someone else deleted it while the name was typed
        int[] reads = {0};
        org.csiconsole.core.port.StorageService racing = (org.csiconsole.core.port.StorageService) java.lang.reflect.Proxy.newProxyInstance(
                getClass().getClassLoader(), new Class<?>[] {org.csiconsole.core.port.StorageService.class}, (proxy, method, args) -> {
                    if (method.getName().equals("getVolume") && ++reads[0] == 2) storage.volumes.removeIf(v -> v.volumeId().equals("vol-0002"));
                    try {
                        return method.invoke(storage, args);
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        VolumesViewModel m = new VolumesViewModel(new ViewContext(racing, actions, Runnable::run, "demo", new ResourceChanges(),
                KnownResources.of(ConsoleRecords.inMemory().book("demo")), new CallTrace()::snapshot, null,
                new org.csiconsole.core.audit.OverrideMarks()));
        m.activate();
        m.selectedProperty().set(m.table().all().stream().filter(v -> v.volumeId().equals("vol-0002")).findFirst().orElseThrow()); // published nowhere

        m.deleteAction().run();

        assertThat(dialogs.assessments.get(0).blocked()).as("it was there at consent").isFalse();
        assertThat(reads[0]).isEqualTo(2);
        assertThat(storage.calls).doesNotContain("deleteVolume");
        assertThat(m.statusProperty().get()).isEqualTo("Already deleted (by someone else?): pvc-db was found gone before sending; nothing was sent.");
        assertThat(storage.notSent).containsExactly("csi.v1.Controller/DeleteVolume [vol-0002]: Already deleted (by someone else?): pvc-db was found gone before sending; nothing was sent.");
    }

    @Test
    void aFoundGoneThatCannotBeAuditedIsShownAsTheFailureItIs() {
        VolumesViewModel m = view();
        storage.volumes.removeIf(v -> v.volumeId().equals("vol-0001"));
        storage.failNext("auditFoundGone", org.csiconsole.core.call.FailureKind.INTERNAL, "disk full", "Free disk space");
        dialogs.typed = "pvc-web";

        m.deleteAction().run();

        assertThat(storage.calls).doesNotContain("deleteVolume");
        assertThat(dialogs.failures).singleElement().satisfies(f -> assertThat(f.why()).isEqualTo("disk full"));
    }
}
