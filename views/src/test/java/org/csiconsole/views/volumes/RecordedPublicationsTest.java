package org.csiconsole.views.volumes;

import org.csiconsole.core.audit.AuditOrigin;
import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditRecord;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.NodeCapability;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.PluginCapability;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.record.ConsoleRecords;
import org.csiconsole.core.record.RecordFeed;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.form.Form;
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
 * A driver without LIST_VOLUMES that publishes but reports no publications, with a node socket: the console's own
 * publish of w3-a to node-1, held in its record, counts as the driver's report would. The Node menu knows the node
 * (NodeGetInfo) and offers Stage; a second single-node publish to another node is refused before it is sent; the node
 * picker offers the nodes the console knows.
 */
class RecordedPublicationsTest {
    private static final String EP = "unix:///csi/csi.sock";
    private final FakeStorage storage = new FakeStorage(Features.from(new CapabilitySet(Set.of(PluginCapability.CONTROLLER_SERVICE),
            Set.of(ControllerCapability.CREATE_DELETE_VOLUME, ControllerCapability.PUBLISH_UNPUBLISH_VOLUME),
            Set.of(NodeCapability.STAGE_UNSTAGE_VOLUME), Set.of(), Set.of()), true, false, true, false));
    private final FakeDialogService dialogs = new FakeDialogService();
    private final ConsoleRecords records = ConsoleRecords.inMemory();

    private void audited(String rpc, Map<String, List<String>> targets, String params) {
        RecordFeed.apply(new AuditRecord(Instant.now(), AuditOrigin.local("strict"), EP, "grpc", rpc, targets, params, AuditOutcome.OK,
                "", "", 5, "c", 1), records);
    }

    private VolumesViewModel view() {
        storage.nodes.add(new NodeInfo("node-1", 0, null));
        audited("csi.v1.Controller/CreateVolume", Map.of("name", List.of("w3-a"), "volume_id", List.of("vol-206")),
                "name: \"w3-a\"\ncapacity_range {\n  required_bytes: 1073741824\n}");
        audited("csi.v1.Controller/ControllerPublishVolume", Map.of("volume_id", List.of("vol-206"), "node_id", List.of("node-1")),
                "volume_id: \"vol-206\"\nnode_id: \"node-1\"\nvolume_capability {\n  access_mode {\n    mode: SINGLE_NODE_WRITER\n  }\n}");
        ActionRunner actions = new ActionRunner(new TaskRunner(Runnable::run), new Notifications(), dialogs);
        VolumesViewModel m = new VolumesViewModel(new ViewContext(storage, actions, Runnable::run, "strict", new ResourceChanges(),
                KnownResources.of(records.book(EP))));
        m.activate();
        m.selectedProperty().set(m.table().all().stream().filter(v -> v.volumeId().equals("vol-206")).findFirst().orElseThrow());
        return m;
    }

    @Test
    void theNodeMenuNamesTheConnectedNodeAndOffersStageOfAVolumeTheRecordHasPublishedThere() {
        VolumesViewModel m = view();

        assertThat(m.unsupportedProperty().get()).as("the driver cannot list").isTrue();
        assertThat(m.connectedNodeProperty().get()).isEqualTo("node-1");
        assertThat(m.nodeStageAction().enabled().get()).as(m.nodeStageAction().disabledReason().get()).isTrue();
        assertThat(m.whereItIs(m.selected())).contains("published to node-1");
    }

    @Test
    void aSecondSingleNodePublishToAnotherNodeIsRefusedBeforeItIsSentAndThePickerListsTheKnownNodes() {
        VolumesViewModel m = view();
        List<String> offered = new ArrayList<>();
        dialogs.formAnswer = f -> {
            // submitted once; then the person closes the form
            if (!offered.isEmpty()) return false;
            offered.addAll(f.text("nodeId").suggestions());
            f.text("nodeId").set("worker-01");
            f.<AccessMode>choice("accessMode").set(AccessMode.SINGLE_NODE_WRITER);
            return true;
        };

        m.controllerPublish();

        assertThat(offered).contains("node-1");
        assertThat(dialogs.assessments).singleElement().satisfies(a -> {
            assertThat(a.blocked()).isTrue();
            assertThat(a.title()).isEqualTo("Publish volume w3-a to worker-01");
            assertThat(a.illegal().reason()).contains("published to node-1", "SINGLE_NODE_WRITER is no MULTI_NODE access mode");
            assertThat(a.illegal().nextStep()).startsWith("Unpublish it from node-1 first");
        });
        assertThat(storage.calls).doesNotContain("controllerPublish");
        assertThat(dialogs.informations).as("the refusal is shown once").hasSize(1);
    }

    @Test
    void aPublishToTheSameNodeOrWithAMultiNodeModeIsSent() {
        VolumesViewModel m = view();
        dialogs.formAnswer = f -> {
            f.text("nodeId").set("worker-01");
            f.<AccessMode>choice("accessMode").set(AccessMode.MULTI_NODE_MULTI_WRITER);
            return true;
        };

        m.controllerPublish();

        assertThat(storage.calls).contains("controllerPublish");
        assertThat(dialogs.assessments).singleElement().satisfies(a -> assertThat(a.blocked()).isFalse());
    }
}
