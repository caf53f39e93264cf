package org.csiconsole.views.volumes;

import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeSource;
import org.csiconsole.core.record.ConsoleBook;
import org.csiconsole.core.record.RecordKind;
import org.csiconsole.core.record.RecordOrigin;
import org.csiconsole.core.record.RecordedItem;
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
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A driver that lists volumes without names (CSI ListVolumes carries none, as csi-driver-host-path): after a restart
 * the console's record gives a volume created as {@code walk-vol-1} its name, its clone keeps its source, and Delete
 * asks for the name it was created under.
 */
class RecordedNamesTest {
    private static final Instant T = Instant.parse("2026-12-06T12:00:00Z");
    private final FakeStorage storage = new FakeStorage();
    private final FakeDialogService dialogs = new FakeDialogService();
    private final ConsoleBook book = ConsoleBook.inMemory("unix:///csi/csi.sock");

    private VolumesViewModel view() {
        ActionRunner actions = new ActionRunner(new TaskRunner(Runnable::run), new Notifications(), dialogs);
        VolumesViewModel m = new VolumesViewModel(new ViewContext(storage, actions, Runnable::run, "hostpath", new ResourceChanges(),
                KnownResources.of(book)));
        m.activate();
        return m;
    }

    @Test
    void aNamelessListedVolumeShowsTheNameItWasCreatedUnderAndItsCloneItsSource() {
        storage.volumes.add(Volume.csi("4f1c0a2e-uuid", 1L << 30));
        storage.volumes.add(Volume.csi("9b7d3c1f-uuid", 1L << 30));
        book.record(RecordedItem.of(RecordKind.VOLUME, "4f1c0a2e-uuid", "walk-vol-1", null, RecordOrigin.CREATED, 1L << 30, Map.of(), T));
        book.record(RecordedItem.of(RecordKind.VOLUME, "9b7d3c1f-uuid", "walk-clone-1", VolumeSource.volume("4f1c0a2e-uuid"),
                RecordOrigin.CREATED, 1L << 30, Map.of(), T));

        VolumesViewModel m = view();

        assertThat(m.table().all()).extracting(Volume::volumeId, Volume::name).containsExactly(
                org.assertj.core.groups.Tuple.tuple("4f1c0a2e-uuid", "walk-vol-1"), org.assertj.core.groups.Tuple.tuple("9b7d3c1f-uuid", "walk-clone-1"));
        assertThat(m.table().all().get(1).source()).isEqualTo(VolumeSource.volume("4f1c0a2e-uuid"));
        assertThat(m.noteOf(m.table().all().get(0))).as("a listed row needs no note").isEmpty();
    }

    @Test
    void deleteAsksForTheNameTheVolumeWasCreatedUnder() {
        storage.volumes.add(Volume.csi("4f1c0a2e-uuid", 1L << 30));
        book.record(RecordedItem.of(RecordKind.VOLUME, "4f1c0a2e-uuid", "walk-vol-1", null, RecordOrigin.CREATED, 1L << 30, Map.of(), T));
        VolumesViewModel m = view();
        m.selectedProperty().set(m.table().all().get(0));

        m.deleteAction().run();

        assertThat(dialogs.assessments).singleElement().satisfies(a -> assertThat(a.consent().names()).containsExactly("walk-vol-1"));
        assertThat(dialogs.confirmations).anyMatch(c -> c.endsWith(":walk-vol-1"));
    }
}
