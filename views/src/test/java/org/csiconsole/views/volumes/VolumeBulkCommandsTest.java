package org.csiconsole.views.volumes;

import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.Volume;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.snapshots.SnapshotsViewModel;
import org.csiconsole.views.task.TaskRunner;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class VolumeBulkCommandsTest {
    private final FakeStorage storage = new FakeStorage().seeded();
    private final FakeDialogService dialogs = new FakeDialogService();
    private final Notifications notifications = new Notifications();
    private final ViewContext context = new ViewContext(storage,
            new ActionRunner(new TaskRunner(Runnable::run), notifications, dialogs), Runnable::run, "Demo");

    private VolumesViewModel model() {
        VolumesViewModel m = new VolumesViewModel(context);
        m.activate();
        return m;
    }

    private static void selectAll(VolumesViewModel m) {
        m.selectedRows().setAll(m.table().rows());
        m.selectedProperty().set(m.table().rows().get(0));
    }

    @Test
    void deletingSeveralVolumesAsksOnceForTheCountAndKeepsTheOneThatFailed() {
        VolumesViewModel m = model();
        selectAll(m);
        storage.failFor("deleteVolume", "vol-0002", FailureKind.FAILED_PRECONDITION, "volume vol-0002 has snapshots", "Delete them first.");

        m.deleteAction().run();

        assertThat(dialogs.confirmations).containsExactly("Delete 3 volumes:delete 3 volumes");
        assertThat(m.table().all()).extracting(Volume::name).containsExactly("pvc-db");
        assertThat(dialogs.results).singleElement().asList()
                .containsExactly("pvc-web: OK", "pvc-db: Failed: deleteVolume: volume vol-0002 has snapshots", "pvc-logs: OK");
        assertThat(notifications.items().get(0).message()).isEqualTo("Deleted 2 of 3 volumes; 1 failed.");
        assertThat(m.selectedRows()).extracting(Volume::name).as("the failed volume stays selected").containsExactly("pvc-db");
        assertThat(m.selected().name()).isEqualTo("pvc-db");
    }

    @Test
    void aWrongCountTypedDeletesNothing() {
        VolumesViewModel m = model();
        selectAll(m);
        dialogs.typed = "delete 2 volumes";
        m.deleteAction().run();
        assertThat(storage.calls).doesNotContain("deleteVolume");
        assertThat(m.table().all()).hasSize(3);
    }

    @Test
    void oneSelectedVolumeIsStillConfirmedByItsName() {
        VolumesViewModel m = model();
        m.selectedProperty().set(m.table().rows().get(1));
        m.deleteAction().run();
        assertThat(dialogs.confirmations).containsExactly("Delete volume pvc-db:pvc-db");
        assertThat(m.table().all()).extracting(Volume::name).containsExactly("pvc-web", "pvc-logs");
        assertThat(dialogs.results).isEmpty();
    }

    @Test
    void singleVolumeCommandsSayHowManyAreSelected() {
        VolumesViewModel m = model();
        m.selectedRows().setAll(m.table().rows().subList(0, 2));
        m.selectedProperty().set(m.table().rows().get(1));
        for (var a : List.of(m.expandAction(), m.cloneAction(), m.modifyAction(), m.publishAction(), m.nodeStageAction(), m.cspPublishAction())) {
            assertThat(a.enabled().get()).as(a.label()).isFalse();
            assertThat(a.disabledReason().get()).as(a.label()).isEqualTo("Select one volume: 2 are selected.");
        }
        assertThat(m.deleteAction().enabled().get()).isTrue();
        assertThat(m.snapshotAction().enabled().get()).isTrue();

        m.selectedProperty().set(m.table().rows().get(2));
        assertThat(m.selectedRows()).as("a lead outside the selection is the selection").hasSize(1);
        assertThat(m.expandAction().enabled().get()).isTrue();
    }

    @Test
    void snapshottingSeveralVolumesNamesEachAfterItsVolume() {
        VolumesViewModel m = model();
        selectAll(m);
        dialogs.formAnswer = f -> {
            f.text("suffix").text().set("-before-upgrade");
            return true;
        };
        m.snapshotAction().run();
        assertThat(storage.snapshots).extracting(s -> s.name() + "<" + s.sourceVolumeId())
                .contains("pvc-web-before-upgrade<vol-0001", "pvc-db-before-upgrade<vol-0002", "pvc-logs-before-upgrade<vol-0003");
        assertThat(notifications.items().get(0).message()).isEqualTo("Snapshotted 3 of 3 volumes.");
    }

    @Test
    void deletingSeveralSnapshotsRemovesThoseDeleted() {
        SnapshotsViewModel m = new SnapshotsViewModel(context);
        m.activate();
        m.selectedRows().setAll(m.table().rows());
        m.selectedProperty().set(m.table().rows().get(0));
        storage.failFor("deleteSnapshot", "snap-0001", FailureKind.BUSY, "the snapshot is being cut (ABORTED)", "Wait.");
        m.deleteAction().run();
        assertThat(dialogs.confirmations).containsExactly("Delete 2 snapshots:delete 2 snapshots");
        assertThat(m.table().all()).extracting(s -> s.name()).containsExactly("pvc-web-daily");
        assertThat(dialogs.results.get(0)).containsExactly("pvc-web-daily: Failed: deleteSnapshot: the snapshot is being cut (ABORTED)",
                "pvc-db-hourly: OK");
    }
}
