package org.csiconsole.views.volumes;

import org.csiconsole.core.audit.AuditOrigin;
import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditRecord;
import org.csiconsole.core.audit.OverrideMarks;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.PluginCapability;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.record.ConsoleRecords;
import org.csiconsole.core.record.RecordFeed;
import org.csiconsole.core.risk.Assessment;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A driver that publishes but does not report published nodes (no LIST_VOLUMES_PUBLISHED_NODES, as
 * csi-driver-host-path with attach): after this console's own ControllerPublishVolume the console
 * can undo it, and deleting the volume is refused with the same words from every view that offers it.
 */
class ConsoleOwnPublishTest {
    private final FakeStorage storage = new FakeStorage(Features.from(new CapabilitySet(Set.of(PluginCapability.CONTROLLER_SERVICE),
            Set.of(ControllerCapability.LIST_VOLUMES, ControllerCapability.CREATE_DELETE_VOLUME, ControllerCapability.PUBLISH_UNPUBLISH_VOLUME),
            Set.of(), Set.of(), Set.of()), true, false, false, false)).seeded();
    private final FakeDialogService dialogs = new FakeDialogService();
    private final CallTrace trace = new CallTrace();
    /** The connection's record, fed as the application's audit log feeds it. */
    private final ConsoleRecords records = ConsoleRecords.inMemory();
    private final OverrideMarks overrides = new OverrideMarks();
    private final ActionRunner actions = new ActionRunner(new TaskRunner(Runnable::run), new Notifications(), dialogs);

    /** A volumes view model as a view builds it: its own context, the shared call trace. */
    private VolumesViewModel view() {
        VolumesViewModel m = new VolumesViewModel(new ViewContext(storage, actions, Runnable::run, "hostpath", new ResourceChanges(),
                KnownResources.of(records.book("unix:///csi/csi.sock")), trace::snapshot, null, overrides));
        m.activate();
        m.selectedProperty().set(m.table().all().stream().filter(v -> v.volumeId().equals("vol-0002")).findFirst().orElseThrow());
        return m;
    }

    /** This console's publish, ten minutes ago: old enough that another orchestrator may have undone it (RiskModel.FRESH). */
    private void published(String volumeId, String nodeId) {
        RecordFeed.apply(new AuditRecord(Instant.now().minusSeconds(600), AuditOrigin.local("hostpath"), "unix:///csi/csi.sock", "grpc",
                "csi.v1.Controller/ControllerPublishVolume", Map.of("volume_id", List.of(volumeId), "node_id", List.of(nodeId)),
                "volume_id: \"" + volumeId + "\"\nnode_id: \"" + nodeId + "\"", AuditOutcome.OK, "", "", 5, "c-0", 1), records);
    }

    @Test
    void theConsoleCanUnpublishWhatItPublishedThoughTheDriverReportsNoPublishedNodes() {
        VolumesViewModel volumes = view();
        assertThat(volumes.unpublishAction().enabled().get()).isFalse();

        published("vol-0002", "node-1");
        VolumesViewModel again = view();
        assertThat(again.unpublishAction().enabled().get()).as("its own publish is known").isTrue();

        List<Object> nodes = new ArrayList<>();
        dialogs.formAnswer = f -> {
            nodes.addAll(f.choice("nodeId").options());
            return true;
        };
        again.unpublishAction().run();
        assertThat(nodes).containsExactly("node-1");
        assertThat(dialogs.assessments).singleElement().satisfies(a -> {
            assertThat(a.blocked()).isFalse();
            assertThat(String.join("\n", a.lines())).contains("node-1 loses access to pvc-db", "node_id=node-1");
        });
        assertThat(storage.calls).contains("controllerUnpublish");
    }

    @Test
    void deletingAVolumeThisConsolePublishedIsRefusedWithTheSameWordsFromEveryView() {
        published("vol-0002", "node-1");
        VolumesViewModel volumesView = view();
        VolumesViewModel lifecycleView = view();

        volumesView.deleteAction().run();
        lifecycleView.deleteAction().run();

        assertThat(storage.calls).doesNotContain("deleteVolume");
        assertThat(dialogs.assessments).hasSize(2);
        Assessment first = dialogs.assessments.get(0);
        assertThat(first.illegal().reason()).contains("pvc-db is still published to node-1 (ControllerPublishVolume by this console");
        assertThat(first.illegal().overridable()).as("the console's record may be stale").isTrue();
        assertThat(dialogs.assessments.get(1).lines()).isEqualTo(first.lines());
    }

    @Test
    void aVolumeOnlyControllerGetVolumeReportsPublishedIsRefusedWithTheSameWordsFromEveryView() {
        // GET_VOLUME with PUBLISH_UNPUBLISH_VOLUME, no LIST_VOLUMES_PUBLISHED_NODES: the listing names no node,
        // ControllerGetVolume must (CSI spec, ControllerGetVolumeResponse.VolumeStatus.published_node_ids)
        FakeStorage driver = new FakeStorage(Features.from(new CapabilitySet(Set.of(PluginCapability.CONTROLLER_SERVICE),
                Set.of(ControllerCapability.LIST_VOLUMES, ControllerCapability.CREATE_DELETE_VOLUME, ControllerCapability.PUBLISH_UNPUBLISH_VOLUME,
                        ControllerCapability.GET_VOLUME), Set.of(), Set.of(), Set.of()), true, false, false, false)).seeded();
        driver.listsPublishedNodes = false;
        // another orchestrator published it: this console's record knows nothing of it
        driver.controllerPublish("vol-0002", "node-1", null, false).join();
        List<VolumesViewModel> views = new ArrayList<>();
        for (int i = 0; i < 2; i++) {
            VolumesViewModel m = new VolumesViewModel(new ViewContext(driver, actions, Runnable::run, "hostpath", new ResourceChanges(),
                    KnownResources.of(records.book("unix:///csi/csi.sock")), trace::snapshot, null, overrides));
            m.activate();
            m.selectedProperty().set(m.table().all().stream().filter(v -> v.volumeId().equals("vol-0002")).findFirst().orElseThrow());
            assertThat(m.selected().publishedNodeIds()).as("as listed").isEmpty();
            views.add(m);
        }

        views.forEach(v -> v.deleteAction().run());

        assertThat(driver.calls).doesNotContain("deleteVolume").contains("getVolume");
        assertThat(dialogs.assessments).hasSize(2);
        Assessment first = dialogs.assessments.get(0);
        assertThat(first.illegal().reason()).contains("pvc-db is still published to node-1 (reported by the driver)");
        assertThat(first.illegal().overridable()).as("the driver says so").isFalse();
        assertThat(dialogs.assessments.get(1).lines()).isEqualTo(first.lines());
    }

    @Test
    void aDeleteSentAnywayIsAnnouncedSoItsAuditRecordIsMarkedOverride() {
        published("vol-0002", "node-1");
        VolumesViewModel m = view();
        dialogs.sendAnyway = true;

        m.deleteAction().run();

        assertThat(storage.calls).contains("deleteVolume");
        AuditRecord sent = new AuditRecord(Instant.now(), AuditOrigin.local("hostpath"), "unix:///csi/csi.sock", "grpc",
                "csi.v1.Controller/DeleteVolume", Map.of("volume_id", List.of("vol-0002")), "volume_id: \"vol-0002\"", AuditOutcome.OK,
                "", "", 3, "c-1", 1);
        assertThat(overrides.mark(sent).override()).isTrue();
        assertThat(overrides.mark(sent).override()).as("one expectation marks one record").isFalse();
    }
}
