package org.csiconsole.views.groups;

import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.Volume;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.form.Picks;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.task.TaskRunner;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** A group snapshot's members are picked from the listed volumes, not typed. */
class SnapshotGroupsViewModelTest {
    private final FakeStorage storage = new FakeStorage().seeded();
    private final FakeDialogService dialogs = new FakeDialogService();

    private SnapshotGroupsViewModel model() {
        ActionRunner actions = new ActionRunner(new TaskRunner(Runnable::run), new Notifications(), dialogs);
        SnapshotGroupsViewModel m = new SnapshotGroupsViewModel(new ViewContext(storage, actions, Runnable::run, "Demo"));
        m.activate();
        return m;
    }

    @Test
    void theMembersArePickedFromTheListedVolumesSortedByName() {
        SnapshotGroupsViewModel m = model();
        dialogs.formAnswer = f -> {
            Picks<Volume> p = f.picks(VolumeGroupForms.MEMBERS);
            assertThat(p.options()).extracting(v -> v.name().isEmpty() ? v.volumeId() : v.name()).isSorted();
            assertThat(p.options()).extracting(Volume::volumeId).contains("vol-0001", "vol-0002");
            f.text("name").set("app-set");
            assertThat(f.valid().get()).as("no member yet").isFalse();
            assertThat(f.firstError()).isEqualTo("Tick at least one volume, or give its volume_id.");
            p.pick(p.options().stream().filter(v -> v.volumeId().equals("vol-0002")).findFirst().orElseThrow(), true);
            return true;
        };
        m.createAction().run();

        assertThat(storage.groupSnapshots).anySatisfy(g -> {
            assertThat(g.name()).isEqualTo("app-set");
            assertThat(g.snapshots()).extracting(Snapshot::sourceVolumeId).containsExactly("vol-0002");
        });
        Form form = dialogs.forms.get(dialogs.forms.size() - 1);
        assertThat(form.fields()).extracting(Form.Field::id).doesNotContain("volumeIds");
    }
}
