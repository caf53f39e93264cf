package org.csiconsole.views.resource;

import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.AccessType;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.model.VolumeSource;
import org.csiconsole.core.port.VolumeRequest;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.snapshots.SnapshotsViewModel;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.volumes.VolumesViewModel;
import org.csiconsole.views.workbench.ResourceChanges;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** After a command, the views of the same connection show what is true now, not what was read before. */
class ResourceChangesTest {
    private final FakeDialogService dialogs = new FakeDialogService();
    private final ResourceChanges changes = new ResourceChanges();
    private final ActionRunner actions = new ActionRunner(new TaskRunner(Runnable::run), new Notifications(), dialogs);

    private ViewContext context(FakeStorage storage) {
        return new ViewContext(storage, actions, Runnable::run, "Demo", changes);
    }

    @Test
    void aSnapshotTakenInTheVolumesViewShowsInTheOpenSnapshotsViewWithoutARefresh() {
        FakeStorage storage = new FakeStorage().seeded();
        VolumesViewModel volumes = new VolumesViewModel(context(storage));
        SnapshotsViewModel snapshots = new SnapshotsViewModel(context(storage));
        volumes.activate();
        snapshots.activate();
        int before = snapshots.table().all().size();

        volumes.selectedProperty().set(volumes.table().all().get(0));
        dialogs.formAnswer = f -> true;
        volumes.snapshotAction().run();

        assertThat(snapshots.table().all()).hasSize(before + 1);
        assertThat(snapshots.statusProperty().get()).isEqualTo("Read " + (before + 1) + " snapshots");
    }

    @Test
    void aHiddenViewSaysWhatChangedAndReadsAgainWhenShown() {
        FakeStorage storage = new FakeStorage().seeded();
        VolumesViewModel volumes = new VolumesViewModel(context(storage));
        SnapshotsViewModel snapshots = new SnapshotsViewModel(context(storage));
        snapshots.activate();
        int before = snapshots.table().all().size();
        snapshots.deactivate();
        volumes.activate();

        volumes.selectedProperty().set(volumes.table().all().get(0));
        dialogs.formAnswer = f -> true;
        volumes.snapshotAction().run();

        assertThat(snapshots.table().all()).as("a hidden view reads nothing").hasSize(before);
        assertThat(snapshots.statusProperty().get()).startsWith("Created snapshot pvc-web-snap-")
                .endsWith("; the snapshots are read again when shown.");
        snapshots.activate();
        assertThat(snapshots.table().all()).hasSize(before + 1);
    }

    @Test
    void aFailedReadLeavesTheStatusLineOnceTheConnectionIsBack() {
        org.csiconsole.views.workbench.ConnectionModel connection =
                new org.csiconsole.views.workbench.ConnectionModel(org.csiconsole.core.session.ConnectionProfile.demo());
        connection.stateProperty().set(org.csiconsole.core.session.ConnectionState.CONNECTED);
        FakeStorage storage = new FakeStorage().seeded();
        storage.failNext("listVolumes", org.csiconsole.core.call.FailureKind.UNAVAILABLE, "the driver is gone", "Start it again.");
        VolumesViewModel volumes = new VolumesViewModel(new ViewContext(storage, actions, Runnable::run, "Demo", connection.changes()));
        SnapshotsViewModel hidden = new SnapshotsViewModel(new ViewContext(storage, actions, Runnable::run, "Demo", connection.changes()));
        storage.failNext("listSnapshots", org.csiconsole.core.call.FailureKind.UNAVAILABLE, "the driver is gone", "Start it again.");
        hidden.activate();
        hidden.deactivate();
        volumes.activate();
        assertThat(volumes.statusProperty().get()).contains("the driver is gone");
        assertThat(hidden.statusProperty().get()).contains("the driver is gone");

        connection.stateProperty().set(org.csiconsole.core.session.ConnectionState.RECONNECTING);
        connection.stateProperty().set(org.csiconsole.core.session.ConnectionState.CONNECTED);

        assertThat(volumes.statusProperty().get()).isEqualTo("Read 3 volumes");
        assertThat(hidden.statusProperty().get()).startsWith("Connected again at ").endsWith("; the snapshots are read again when shown.");
    }

    @Test
    void aCommandsNoteOfAFailureWhileTheDriverWasAwayLeavesTheStatusLineOnceTheConnectionIsBack() {
        org.csiconsole.views.workbench.ConnectionModel connection =
                new org.csiconsole.views.workbench.ConnectionModel(org.csiconsole.core.session.ConnectionProfile.demo());
        connection.stateProperty().set(org.csiconsole.core.session.ConnectionState.CONNECTED);
        VolumesViewModel volumes = new VolumesViewModel(new ViewContext(new FakeStorage().seeded(), actions, Runnable::run, "Demo",
                connection.changes()));
        volumes.activate();
        volumes.showStatus("The confirmation could not read the hosts (io exception).");

        connection.stateProperty().set(org.csiconsole.core.session.ConnectionState.RECONNECTING);
        connection.stateProperty().set(org.csiconsole.core.session.ConnectionState.CONNECTED);

        assertThat(volumes.statusProperty().get()).startsWith("3 volumes; connected again at ").doesNotContain("io exception");
    }

    @Test
    void aCreatedVolumeIsSelectedAndTheStatusCountsIt() {
        FakeStorage storage = new FakeStorage().seeded();
        VolumesViewModel volumes = new VolumesViewModel(context(storage));
        volumes.activate();
        assertThat(volumes.statusProperty().get()).isEqualTo("Read 3 volumes");

        volumes.create(new VolumeRequest("pvc-new", 1L << 30, List.of(), Map.of(), Map.of(), VolumeSource.NONE));

        assertThat(volumes.selected().name()).isEqualTo("pvc-new");
        assertThat(volumes.statusProperty().get()).matches("4 volumes \\(3 read at \\d\\d:\\d\\d:\\d\\d; 1 added here since\\)");

        volumes.deleteAction().run();
        assertThat(volumes.statusProperty().get()).matches("3 volumes \\(3 read at \\d\\d:\\d\\d:\\d\\d; 1 added, 1 removed here since\\)");
    }

    @Test
    void expandKeepsTheAccessTypeThatControllerGetVolumeDoesNotReport() {
        VolumeCapability mount = new VolumeCapability(AccessType.MOUNT, AccessMode.SINGLE_NODE_WRITER, "ext4", List.of());
        FakeStorage storage = new FakeStorage();
        storage.volumes.add(new Volume("vol-1", "pvc-a", 1L << 30, VolumeSource.NONE, List.of(mount), Map.of("pool", "gold"),
                Map.of(), List.of(), List.of(), null, "", org.csiconsole.core.model.Origin.CSI, null));
        VolumesViewModel volumes = new VolumesViewModel(context(storage));
        volumes.activate();
        volumes.selectedProperty().set(volumes.table().all().get(0));
        // As over CSI, ControllerGetVolume answers a Volume that carries no name, capabilities or parameters.
        Volume listed = storage.volumes.get(0);
        storage.volumes.set(0, new Volume(listed.volumeId(), "", listed.capacityBytes(), listed.source(), List.of(), Map.of(),
                listed.volumeContext(), listed.accessibleTopology(), listed.publishedNodeIds(), listed.condition(),
                listed.groupId(), listed.origin(), listed.properties()));
        dialogs.formAnswer = f -> {
            f.text("size").set("2GiB");
            return true;
        };

        volumes.expandAction().run();

        Volume now = volumes.table().all().get(0);
        assertThat(now.capacityBytes()).isEqualTo(2L << 30);
        assertThat(now.name()).isEqualTo("pvc-a");
        assertThat(now.capabilities()).containsExactly(mount);
        assertThat(now.parameters()).containsEntry("pool", "gold");
    }
}
