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

    /** pvc-db and pvc-logs: the seeded volumes no node has (pvc-web is published to node-a1). */
    private static void selectUnpublished(VolumesViewModel m) {
        m.selectedRows().setAll(m.table().rows().subList(1, 3));
        m.selectedProperty().set(m.table().rows().get(1));
    }

    @Test
    void deletingSeveralVolumesAsksOnceForAPhraseNamingThemAndKeepsTheOneThatFailed() {
        storage.withoutReplicationOf("vol-0003"); // a replicated volume is not deleted before its replication is disabled
        VolumesViewModel m = model();
        selectUnpublished(m);
        storage.failFor("deleteVolume", "vol-0002", FailureKind.FAILED_PRECONDITION, "volume vol-0002 has snapshots", "Delete them first.");

        m.deleteAction().run();

        assertThat(dialogs.confirmations).containsExactly("Delete 2 volumes:delete pvc-db, pvc-logs");
        assertThat(String.join("\n", dialogs.assessments.get(0).lines()))
                .as("each volume with its size and where it is").contains("pvc-db (vol-0002), 500 GiB", "pvc-logs (vol-0003), 1 TiB");
        assertThat(m.table().all()).extracting(Volume::name).containsExactly("pvc-web", "pvc-db");
        assertThat(dialogs.results).singleElement().asList()
                .containsExactly("pvc-db: Failed: deleteVolume: volume vol-0002 has snapshots", "pvc-logs: OK");
        assertThat(m.selectedRows()).extracting(Volume::name).as("the failed volume stays selected").containsExactly("pvc-db");
    }

    @Test
    void aSelectionWithAPublishedVolumeDeletesNothingAndSaysWhereItIsPublished() {
        VolumesViewModel m = model();
        selectAll(m);
        m.deleteAction().run();
        assertThat(storage.calls).doesNotContain("deleteVolume");
        assertThat(dialogs.assessments).singleElement().satisfies(a -> {
            assertThat(a.blocked()).isTrue();
            assertThat(a.illegal().reason()).contains("pvc-web is still published to node-a1 (reported by the driver)");
            assertThat(a.illegal().nextStep()).contains("Unpublish it from node-a1");
        });
        assertThat(m.table().all()).hasSize(3);
    }

    @Test
    void aWrongPhraseTypedDeletesNothing() {
        VolumesViewModel m = model();
        selectUnpublished(m);
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
        assertThat(dialogs.confirmations).containsExactly("Delete 2 snapshots:delete pvc-web-daily, pvc-db-hourly");
        assertThat(m.table().all()).extracting(s -> s.name()).containsExactly("pvc-web-daily");
        assertThat(dialogs.results.get(0)).containsExactly("pvc-web-daily: Failed: deleteSnapshot: the snapshot is being cut (ABORTED)",
                "pvc-db-hourly: OK");
    }

    @Test
    void deletingAVolumeNamesItsSnapshotsWhichStay() {
        VolumesViewModel m = model();
        selectUnpublished(m);
        dialogs.typed = "nothing";

        m.deleteAction().run();

        assertThat(String.join("\n", dialogs.assessments.get(0).lines()))
                .contains("pvc-db has 1 snapshot (pvc-db-hourly (snap-0002)): it stays and becomes the only copy of its data");
        assertThat(storage.calls).doesNotContain("deleteVolume");
    }
}
