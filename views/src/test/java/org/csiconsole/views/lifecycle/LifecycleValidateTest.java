package org.csiconsole.views.lifecycle;

import javafx.collections.FXCollections;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.PluginCapability;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.notify.Notification;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.notify.Severity;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.volumes.VolumesViewModel;
import org.csiconsole.views.workbench.ConnectionModel;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Figure 7's ValidateVolumeCapabilities loop (a pre-provisioned volume: PUBLISH_UNPUBLISH_VOLUME
 * without CREATE_DELETE_VOLUME) is a command: clicking it runs the volumes view's read-only check
 * through its form and a task, and tells the driver's answer in words.
 */
class LifecycleValidateTest {
    private static final String VALIDATE = "ValidateVolumeCapabilities";

    private final FakeStorage storage = new FakeStorage(figureSeven()).seeded();
    private final FakeDialogService dialogs = new FakeDialogService();
    private final Notifications notifications = new Notifications();
    private LifecycleViewModel model;

    private static Features figureSeven() {
        return Features.from(new CapabilitySet(Set.of(PluginCapability.CONTROLLER_SERVICE),
                Set.of(ControllerCapability.PUBLISH_UNPUBLISH_VOLUME, ControllerCapability.LIST_VOLUMES, ControllerCapability.GET_VOLUME),
                Set.of(), Set.of(), Set.of()), true, false, true, false);
    }

    @BeforeEach
    void open() {
        storage.keepsRecords = true;
        ActionRunner actions = new ActionRunner(new TaskRunner(Runnable::run), notifications, dialogs);
        ConnectionModel connection = new ConnectionModel(ConnectionProfile.demo());
        connection.storageProperty().set(storage);
        model = new LifecycleViewModel(FXCollections.observableArrayList(connection),
                c -> new VolumesViewModel(new ViewContext(c.storage(), actions, Runnable::run, c.name(), c.changes())),
                actions, List::of, Clock.systemUTC(), (d, o, caption, format) -> new byte[0]);
        model.activate();
        // pvc-db: a block, single node writer volume published nowhere.
        model.volumeProperty().set(model.volumes().stream().filter(v -> v.volumeId().equals("vol-0002")).findFirst().orElseThrow());
    }

    private long validateCalls() {
        return storage.calls.stream().filter("validateCapabilities"::equals).count();
    }

    private Notification last() {
        return notifications.items().get(0);
    }

    @Test
    void theLoopArrowIsEnabledForAVolumeAndRunsOneValidateThatTheDriverConfirms() {
        assertThat(model.diagramProperty().get().title()).isEqualTo("Figure 7");
        EdgeCommand edge = model.edges().get(VALIDATE);
        assertThat(edge.enabled()).as(edge.reason()).isTrue();
        dialogs.formAnswer = f -> true;

        assertThat(model.take(VALIDATE)).isTrue();

        assertThat(validateCalls()).isEqualTo(1);
        assertThat(storage.lastValidated).containsExactly(VolumeCapability.block(AccessMode.SINGLE_NODE_WRITER));
        assertThat(dialogs.forms).extracting(Form::title).containsExactly("Validate capabilities of pvc-db");
        assertThat(dialogs.confirmations).as("it changes nothing: no confirmation").isEmpty();
        assertThat(last().severity()).isEqualTo(Severity.SUCCESS);
        assertThat(last().message())
                .isEqualTo("Confirmed: csi.reference.csiconsole.org supports block, single node writer for vol-0002.");
        assertThat(model.statusProperty().get()).endsWith("Confirmed: csi.reference.csiconsole.org supports block, single node writer for vol-0002.");
        assertThat(model.failures()).doesNotContainKey(VALIDATE);
    }

    @Test
    void anAccessModeTheVolumeDoesNotSupportIsToldAsNotConfirmedInTheDriversWords() {
        dialogs.formAnswer = f -> {
            f.<AccessMode>choice("accessMode").value().set(AccessMode.MULTI_NODE_MULTI_WRITER);
            return true;
        };

        model.take(VALIDATE);

        assertThat(validateCalls()).isEqualTo(1);
        assertThat(last().severity()).isEqualTo(Severity.WARNING);
        assertThat(last().message()).isEqualTo("Not confirmed: access mode MULTI_NODE_MULTI_WRITER is not supported");
        assertThat(model.failures()).containsEntry(VALIDATE, "Not confirmed: access mode MULTI_NODE_MULTI_WRITER is not supported");
    }

    @Test
    void aVolumeIdTheDriverDoesNotKnowIsExplainedAsNotFoundUnderTheForm() {
        storage.failFor("validateCapabilities", "vol-0002", FailureKind.NOT_FOUND, "volume vol-0002 does not exist",
                "Check the volume_id; the volume may have been deleted.");
        AtomicInteger asked = new AtomicInteger();
        dialogs.formAnswer = f -> asked.getAndIncrement() == 0;

        model.take(VALIDATE);

        Form form = dialogs.forms.get(0);
        assertThat(form.failureProperty().get().kind()).isEqualTo(FailureKind.NOT_FOUND);
        assertThat(form.failureProperty().get().why()).isEqualTo("volume vol-0002 does not exist");
        assertThat(model.failures()).containsEntry(VALIDATE, "NOT_FOUND: volume vol-0002 does not exist");
        assertThat(notifications.items()).noneMatch(n -> n.severity() == Severity.SUCCESS);
    }
}
