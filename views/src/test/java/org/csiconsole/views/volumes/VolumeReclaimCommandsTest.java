package org.csiconsole.views.volumes;

import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.AddonsCapability;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.port.Feature;
import org.csiconsole.core.port.ReclaimFeatures;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.task.TaskRunner;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class VolumeReclaimCommandsTest {
    private static final long MIB = 1L << 20;
    private final FakeStorage storage = new FakeStorage().seeded();
    private final FakeDialogService dialogs = new FakeDialogService();
    private final Notifications notifications = new Notifications();
    private final ViewContext context = new ViewContext(storage,
            new ActionRunner(new TaskRunner(Runnable::run), notifications, dialogs), Runnable::run, "Demo");

    private VolumesViewModel model(Set<AddonsCapability> controller, Set<AddonsCapability> node) {
        storage.features = ReclaimFeatures.with(storage.features, controller, node);
        VolumesViewModel m = new VolumesViewModel(context);
        m.activate();
        return m;
    }

    private VolumesViewModel model() {
        return model(EnumSet.allOf(AddonsCapability.class), EnumSet.allOf(AddonsCapability.class));
    }

    private static void selectAll(VolumesViewModel m) {
        m.selectedRows().setAll(m.table().rows());
        m.selectedProperty().set(m.table().rows().get(0));
    }

    private static Volume named(VolumesViewModel m, String name) {
        return m.table().all().stream().filter(v -> v.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void reclaimingSeveralVolumesIsOneTaskWithPerVolumeResultsAndKeepsWhatEachFreed() {
        VolumesViewModel m = model();
        storage.usedBytes.put("vol-0001", 800 * MIB);
        storage.usedBytes.put("vol-0003", 400 * MIB);
        storage.failFor("reclaimSpace", "vol-0002", FailureKind.BUSY, "another call on vol-0002 is running", "Try again.");
        selectAll(m);

        m.reclaimAction().run();

        assertThat(dialogs.results).singleElement().asList()
                .containsExactly("pvc-web: OK", "pvc-db: Failed: reclaimSpace: another call on vol-0002 is running", "pvc-logs: OK");
        assertThat(notifications.items().get(0).message()).isEqualTo("Reclaimed space on 2 of 3 volumes; 1 failed.");
        assertThat(m.reclaimedBytesOf(named(m, "pvc-web"))).isEqualTo(200 * MIB);
        assertThat(m.reclaimedBytesOf(named(m, "pvc-logs"))).isEqualTo(100 * MIB);
        assertThat(m.reclaimedBytesOf(named(m, "pvc-db"))).as("failed: nothing to show").isNull();
        assertThat(m.reclaimedText(named(m, "pvc-web"))).isEqualTo("800 MiB \u2192 600 MiB (\u2212200 MiB)");
    }

    @Test
    void aDriverWithoutReclaimSpaceOfflineDisablesReclaimWithTheReason() {
        VolumesViewModel m = model(EnumSet.of(AddonsCapability.CONTROLLER_SERVICE), EnumSet.allOf(AddonsCapability.class));
        selectAll(m);

        assertThat(m.reclaimAction().enabled().get()).isFalse();
        assertThat(m.reclaimAction().disabledReason().get()).contains("ReclaimSpace.OFFLINE");
        m.reclaimAction().run();
        assertThat(storage.calls).doesNotContain("reclaimSpace");
    }

    @Test
    void aNodeSideWithoutOnlineReclaimOrKeyRotationDisablesEachWithTheMissingCapability() {
        VolumesViewModel m = model(EnumSet.allOf(AddonsCapability.class), EnumSet.of(AddonsCapability.NODE_SERVICE));
        m.selectedProperty().set(named(m, "pvc-web"));

        assertThat(m.nodeReclaimAction().enabled().get()).isFalse();
        assertThat(m.nodeReclaimAction().disabledReason().get()).contains("ReclaimSpace.ONLINE");
        assertThat(m.rotateKeyAction().enabled().get()).isFalse();
        assertThat(m.rotateKeyAction().disabledReason().get()).contains("EncryptionKeyRotation");
        m.rotateKeyAction().run();
        assertThat(storage.calls).doesNotContain("rotateEncryptionKey");
    }

    @Test
    void withoutANodeSideEndpointNodeReclaimAndKeyRotationSayWhy() {
        VolumesViewModel m = model(EnumSet.allOf(AddonsCapability.class), null);
        m.selectedProperty().set(named(m, "pvc-web"));

        assertThat(m.nodeReclaimAction().disabledReason().get()).contains("No node-side csi-addons endpoint");
        assertThat(m.rotateKeyAction().enabled().get()).isFalse();
        assertThat(m.rotateKeyAction().disabledReason().get()).contains("No node-side csi-addons endpoint");
        assertThat(m.reclaimAction().enabled().get()).isTrue();
    }

    @Test
    void reclaimOnTheNodeIsOfferedOnlyForVolumesThisConsoleStagedThereAndUsesTheirPaths() {
        VolumesViewModel m = model();
        Volume web = named(m, "pvc-web");
        m.selectedProperty().set(web);
        assertThat(m.nodeReclaimAction().enabled().get()).isFalse();
        assertThat(m.nodeReclaimAction().disabledReason().get()).contains("did not stage or publish it there");

        dialogs.formAnswer = f -> true;
        m.nodeStage();
        storage.usedBytes.put(web.volumeId(), 64 * MIB);

        assertThat(m.nodeReclaimAction().enabled().get()).isTrue();
        m.nodeReclaimAction().run();
        assertThat(storage.calls).contains("nodeReclaimSpace");
        assertThat(storage.lastNodePath).isEqualTo("/var/lib/csi-console/staging/" + web.volumeId());
        assertThat(m.reclaimedBytesOf(named(m, "pvc-web"))).isEqualTo(16 * MIB);
    }

    @Test
    void keyRotationAsksFirstSayingTheDataStaysReadableAndSendsNothingWhenDeclined() {
        VolumesViewModel m = model();
        m.selectedProperty().set(named(m, "pvc-db"));
        dialogs.answer = false;

        m.rotateKeyAction().run();

        assertThat(dialogs.confirmations).as("the name typed, as the command line asks").containsExactly("Rotate the encryption key of volume pvc-db:pvc-db");
        assertThat(String.join("\n", dialogs.assessments.get(0).lines())).contains("encryption key of pvc-db is replaced", "stays readable");
        assertThat(storage.calls).doesNotContain("rotateEncryptionKey");

        dialogs.answer = true;
        m.rotateKeyAction().run();
        assertThat(storage.calls).contains("rotateEncryptionKey");
        assertThat(m.features().available(Feature.ROTATE_ENCRYPTION_KEY)).isTrue();
    }
}
