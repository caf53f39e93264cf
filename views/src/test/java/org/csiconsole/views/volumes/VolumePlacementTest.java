package org.csiconsole.views.volumes;

import org.csiconsole.core.model.Topology;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.placement.PlacementOptions;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.notify.Severity;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.task.TaskRunner;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class VolumePlacementTest {
    static final Topology A = Topology.of("topology.csi.example.com/site", "site-a");
    static final Topology B = Topology.of("topology.csi.example.com/site", "site-b");

    private final FakeStorage storage = new FakeStorage().seeded();
    private final FakeDialogService dialogs = new FakeDialogService();
    private final Notifications notifications = new Notifications();

    private VolumesViewModel model() {
        ActionRunner actions = new ActionRunner(new TaskRunner(Runnable::run), notifications, dialogs);
        VolumesViewModel m = new VolumesViewModel(new ViewContext(storage, actions, Runnable::run, "Demo"));
        m.activate();
        return m;
    }

    private static Form lastForm(FakeDialogService dialogs) {
        return dialogs.forms.get(dialogs.forms.size() - 1);
    }

    private static PlacementOptions.Segment segment(Form f, Topology t) {
        return f.<PlacementOptions.Segment>choice("topology").options().stream().filter(s -> s.topology().equals(t)).findFirst().orElseThrow();
    }

    @Test
    void theCreateFormOffersAnyFirstThenTheKnownSegmentsAndTheKnownParameterKeysWithTheirValues() {
        VolumesViewModel m = model();
        m.create();
        Form f = lastForm(dialogs);

        assertThat(f.<PlacementOptions.Segment>choice("topology").value().get()).isEqualTo(VolumeForms.ANY);
        assertThat(f.<PlacementOptions.Segment>choice("topology").options()).extracting(s -> f.<PlacementOptions.Segment>choice("topology").name(s))
                .containsExactly("Any (the plugin chooses)",
                        "topology.csi.example.com/site=site-a (GetCapacity, NodeGetInfo node-a1, 2 volumes)",
                        "topology.csi.example.com/site=site-b (GetCapacity, NodeGetInfo node-b1, 1 volume)");
        assertThat(f.text("parameters").keyValues()).containsEntry("tier", List.of("gold"));
    }

    @Test
    void theChosenSegmentIsSentAsTheRequisiteTopology() {
        VolumesViewModel m = model();
        dialogs.formAnswer = f -> {
            f.text("name").set("pvc-b");
            f.<PlacementOptions.Segment>choice("topology").set(segment(f, B));
            f.text("parameters").put("tier", "gold");
            return true;
        };
        m.create();

        assertThat(storage.lastCreate.requisite()).containsExactly(B);
        assertThat(storage.lastCreate.parameters()).containsEntry("tier", "gold");
        assertThat(notifications.items()).noneMatch(n -> n.severity() == Severity.WARNING);
    }

    @Test
    void aVolumeCreatedOnAnotherSegmentThanAskedRaisesAWarningAndTheStatusSaysSo() {
        VolumesViewModel m = model();
        storage.placeOn = A;
        dialogs.formAnswer = f -> {
            f.text("name").set("pvc-b");
            f.<PlacementOptions.Segment>choice("topology").set(segment(f, B));
            return true;
        };
        m.create();

        assertThat(notifications.items()).filteredOn(n -> n.severity() == Severity.WARNING).singleElement()
                .satisfies(n -> assertThat(n.message()).isEqualTo("pvc-b is not where it was asked to go: Asked for topology "
                        + "topology.csi.example.com/site=site-b; the plugin reports the volume accessible from topology.csi.example.com/site=site-a."));
        assertThat(m.statusProperty().get()).startsWith("pvc-b is not where it was asked to go");
        assertThat(dialogs.failures).isEmpty();
    }

    @Test
    void thePublishFormOffersTheNodesThatReachTheVolumesTopologyFirstAndPrefillsThatNode() {
        VolumesViewModel m = model();
        Volume db = m.table().all().stream().filter(v -> v.name().equals("pvc-db")).findFirst().orElseThrow();
        m.selectedProperty().set(db);
        m.controllerPublish();
        Form f = lastForm(dialogs);

        assertThat(f.text("nodeId").suggestions()).containsExactly("node-b1", "node-a1");
        assertThat(f.text("nodeId").describe("node-b1")).isEqualTo("node-b1 \u2014 reaches the volume's topology");
        assertThat(f.text("nodeId").describe("node-a1")).startsWith("node-a1 \u2014 topology does not match");
        assertThat(f.text("nodeId").value()).isEqualTo("node-b1");
    }

    @Test
    void settingAKnownKeyReplacesItsLineAndKeepsTheOthers() {
        assertThat(Form.withKeyValue("tier=gold\n# note\npool=a\n", "pool", "b")).isEqualTo("tier=gold\n# note\npool=b");
        assertThat(Form.withKeyValue("tier=gold", "array", "site-b")).isEqualTo("tier=gold\narray=site-b");
        assertThat(Form.withKeyValue("", " array ", "site-b")).isEqualTo("array=site-b");
        assertThat(Form.withKeyValue("tier=gold", " ", "x")).isEqualTo("tier=gold");
    }
}
