package org.csiconsole.views.volumes;

import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.AccessType;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.port.Features;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.task.TaskRunner;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class VolumeValidateCommandTest {
    private final FakeStorage storage = new FakeStorage().seeded();
    private final FakeDialogService dialogs = new FakeDialogService();
    private final Notifications notifications = new Notifications();

    private VolumesViewModel model() {
        VolumesViewModel m = new VolumesViewModel(new ViewContext(storage,
                new ActionRunner(new TaskRunner(Runnable::run), notifications, dialogs), Runnable::run, "Demo"));
        m.activate();
        return m;
    }

    private static Volume named(VolumesViewModel m, String name) {
        return m.table().all().stream().filter(v -> v.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void theFormOpensWithTheVolumesOwnCapabilityAndSendsWhatWasChosen() {
        VolumesViewModel m = model();
        m.selectedProperty().set(named(m, "pvc-web")); // mount ext4, single node writer
        dialogs.formAnswer = f -> {
            assertThat(f.<AccessType>choice("accessType").value().get()).isEqualTo(AccessType.MOUNT);
            assertThat(f.<AccessMode>choice("accessMode").value().get()).isEqualTo(AccessMode.SINGLE_NODE_WRITER);
            assertThat(f.text("fsType").value()).isEqualTo("ext4");
            f.text("fsType").text().set("xfs");
            return true;
        };

        assertThat(m.validateAction().run()).isTrue();

        assertThat(storage.lastValidated).containsExactly(VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "xfs"));
        assertThat(notifications.items().get(0).message())
                .isEqualTo("Confirmed: csi.reference.csiconsole.org supports mount (xfs), single node writer for vol-0001.");
    }

    @Test
    void aBlockCapabilityWithAFileSystemIsRefusedInTheFormAndNothingIsSent() {
        VolumesViewModel m = model();
        m.selectedProperty().set(named(m, "pvc-web"));
        dialogs.formAnswer = f -> {
            f.<AccessType>choice("accessType").value().set(AccessType.BLOCK);
            return true;
        };

        m.validateAction().run();

        Form form = dialogs.forms.get(0);
        assertThat(form.valid().get()).isFalse();
        assertThat(storage.calls).doesNotContain("validateCapabilities");
    }

    @Test
    void aVolumeOnlyTheCspArrayKnowsCannotBeValidatedAndSaysWhy() {
        VolumesViewModel m = model();
        m.selectedProperty().set(named(m, "pvc-logs")); // origin CSP

        assertThat(m.validateAction().enabled().get()).isFalse();
        assertThat(m.validateAction().disabledReason().get()).contains("known only to the CSP array");
    }

    @Test
    void aConnectionWithoutACsiPluginDisablesValidateWithTheReason() {
        storage.features = Features.from(null, false, true, false, false);
        VolumesViewModel m = model();
        m.selectedProperty().set(named(m, "pvc-web"));

        assertThat(m.validateAction().enabled().get()).isFalse();
        assertThat(m.validateAction().disabledReason().get()).isEqualTo("ValidateVolumeCapabilities is a CSI controller call; "
                + "this connection has no CSI plugin.");
        m.validateAction().run();
        assertThat(storage.calls).doesNotContain("validateCapabilities");
    }
}
