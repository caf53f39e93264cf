package org.csiconsole.views.snapshots;

import org.csiconsole.core.audit.AuditOrigin;
import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditRecord;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.record.ConsoleRecords;
import org.csiconsole.core.record.RecordFeed;
import org.csiconsole.core.risk.Assessment;
import org.csiconsole.core.risk.Hazard;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.resource.KnownResources;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.volumes.VolumesViewModel;
import org.csiconsole.views.workbench.ResourceChanges;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A driver without LIST_VOLUMES and LIST_SNAPSHOTS: the Snapshots view shows a snapshot this console created as
 * CreateSnapshot returned it (ready, its size), so a volume can be restored from it; deleting its source volume names it,
 * and once the source is gone, deleting it says it is the last copy, as the record's lineage tells.
 */
class RecordedSnapshotsCannotListTest {
    private static final String EP = "unix:///csi/csi.sock";
    private final FakeStorage storage = new FakeStorage(FakeStorage.cannotList());
    private final FakeDialogService dialogs = new FakeDialogService();
    private final ConsoleRecords records = ConsoleRecords.inMemory();
    private final ActionRunner actions = new ActionRunner(new TaskRunner(Runnable::run), new Notifications(), dialogs);

    private ViewContext context() {
        return new ViewContext(storage, actions, Runnable::run, "strict", new ResourceChanges(), KnownResources.of(records.book(EP)));
    }

    private void audited(String rpc, Map<String, List<String>> targets, String params) {
        RecordFeed.apply(new AuditRecord(Instant.now(), AuditOrigin.local("strict"), EP, "grpc", rpc, targets, params, AuditOutcome.OK,
                "", "", 5, "c", 1), records);
    }

    @Test
    void aSnapshotCreatedHereIsReadyWithItsSizeAndANewVolumeCanBeMadeFromItThenItsSourcesDeleteNamesIt() {
        audited("csi.v1.Controller/CreateVolume", Map.of("name", List.of("w3-a"), "volume_id", List.of("vol-206")),
                "name: \"w3-a\"\ncapacity_range {\n  required_bytes: 1073741824\n}");
        // the driver holds it, though it cannot list it: ControllerGetVolume at consent finds it
        storage.volumes.add(org.csiconsole.core.model.Volume.csi("vol-206", 1L << 30));
        SnapshotsViewModel snapshots = new SnapshotsViewModel(context());
        snapshots.activate();

        audited("csi.v1.Controller/CreateSnapshot", Map.of("name", List.of("w3-snap"), "snapshot_id", List.of("snap-1000")), "source_volume_id: \"vol-206\"");
        snapshots.create("vol-206", "w3-snap", Map.of());

        Snapshot row = snapshots.table().all().stream().filter(s -> s.snapshotId().equals("snap-1000")).findFirst().orElseThrow();
        assertThat(row.readyToUse()).isTrue();
        assertThat(row.sizeBytes()).isEqualTo(1L << 30);
        assertThat(row.creationTime()).isEqualTo(Instant.parse("2026-11-23T12:00:00Z"));
        assertThat(snapshots.noteOf(row)).startsWith("created by this console at ");
        snapshots.selectedProperty().set(row);
        assertThat(snapshots.restoreAction().enabled().get()).as("ready as CreateSnapshot said").isTrue();

        VolumesViewModel volumes = new VolumesViewModel(context());
        volumes.activate();
        volumes.selectedProperty().set(volumes.table().all().stream().filter(v -> v.volumeId().equals("vol-206")).findFirst().orElseThrow());
        dialogs.answer = false;
        volumes.deleteAction().run();
        assertThat(dialogs.assessments).last().satisfies(a -> assertThat(a.hazards()).extracting(Hazard::sentence)
                .contains("w3-a has 1 snapshot (w3-snap (snap-1000)): it stays and becomes the only copy of its data"));

        audited("csi.v1.Controller/DeleteVolume", Map.of("volume_id", List.of("vol-206")), "volume_id: \"vol-206\"");
        snapshots.selectedProperty().set(snapshots.table().all().stream().filter(s -> s.snapshotId().equals("snap-1000")).findFirst().orElseThrow());
        snapshots.deleteAction().run();
        Assessment last = dialogs.assessments.get(dialogs.assessments.size() - 1);
        assertThat(last.hazards()).extracting(Hazard::sentence).anyMatch(h -> h.startsWith("w3-snap is the last copy of the data of volume w3-a (vol-206)"));
        assertThat(storage.calls).doesNotContain("deleteSnapshot", "deleteVolume");
    }
}
