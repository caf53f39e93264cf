package org.csiconsole.views.snapshots;

import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.Snapshot;
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
 * CSI ListSnapshots carries no name: after a restart the console's record gives a snapshot created as
 * {@code walk-vol-1-snap-20261206-0741} that name in the table, and the filter finds it by it.
 */
class RecordedSnapshotNamesTest {
    private static final Instant T = Instant.parse("2026-12-06T07:41:00Z");
    private final FakeStorage storage = new FakeStorage();
    private final ConsoleBook book = ConsoleBook.inMemory("unix:///csi/csi.sock");

    private SnapshotsViewModel view() {
        ActionRunner actions = new ActionRunner(new TaskRunner(Runnable::run), new Notifications(), new FakeDialogService());
        SnapshotsViewModel m = new SnapshotsViewModel(new ViewContext(storage, actions, Runnable::run, "hostpath", new ResourceChanges(),
                KnownResources.of(book)));
        m.activate();
        return m;
    }

    @Test
    void aNamelessListedSnapshotShowsTheNameItWasCreatedUnderAndTheFilterFindsIt() {
        storage.snapshots.add(new Snapshot("7c1e0b2a-uuid", "", "4f1c0a2e-uuid", 1L << 30, T, true, "", Origin.CSI, null));
        storage.snapshots.add(new Snapshot("9d2f3c4b-uuid", "", "4f1c0a2e-uuid", 1L << 30, T, true, "", Origin.CSI, null));
        book.record(RecordedItem.of(RecordKind.SNAPSHOT, "7c1e0b2a-uuid", "walk-vol-1-snap-20261206-0741", null, RecordOrigin.CREATED,
                1L << 30, Map.of(), T));

        SnapshotsViewModel m = view();

        assertThat(m.table().all()).extracting(Snapshot::snapshotId, Snapshot::name).containsExactly(
                org.assertj.core.groups.Tuple.tuple("7c1e0b2a-uuid", "walk-vol-1-snap-20261206-0741"),
                org.assertj.core.groups.Tuple.tuple("9d2f3c4b-uuid", ""));
        m.table().filterTextProperty().set("snap-20261206");
        assertThat(m.table().rows()).extracting(Snapshot::snapshotId).containsExactly("7c1e0b2a-uuid");
    }
}
