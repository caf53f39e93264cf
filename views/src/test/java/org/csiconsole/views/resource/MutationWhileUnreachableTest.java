package org.csiconsole.views.resource;

import javafx.beans.property.SimpleObjectProperty;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.groups.SnapshotGroupsViewModel;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.snapshots.SnapshotsViewModel;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.volumes.VolumesViewModel;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/** Every mutation is disabled while the connection is not connected, with core's reason as its tooltip, and enabled again once it is. */
class MutationWhileUnreachableTest {
    private final FakeStorage storage = new FakeStorage().seeded();
    private final FakeDialogService dialogs = new FakeDialogService();
    private final SimpleObjectProperty<ConnectionState> state = new SimpleObjectProperty<>(ConnectionState.CONNECTED);
    private final ViewContext context = new ViewContext(storage, new ActionRunner(new TaskRunner(Runnable::run), new Notifications(), dialogs),
            Runnable::run, "Demo", new org.csiconsole.views.workbench.ResourceChanges(), KnownResources.inSession(), List::of,
            new org.csiconsole.core.risk.RiskModel(), null, state);

    private <T, M extends StorageViewModel<T>> void deleteFollowsTheConnection(M m, Function<M, ViewAction> delete) {
        m.activate();
        select(m);
        followsTheConnection(delete.apply(m));
    }

    private void followsTheConnection(ViewAction d) {
        state.set(ConnectionState.CONNECTED);
        assertThat(d.enabled().get()).as(d.label() + " while connected").isTrue();

        state.set(ConnectionState.RECONNECTING);
        assertThat(d.enabled().get()).as(d.label() + " while reconnecting").isFalse();
        assertThat(d.disabledReason().get()).isEqualTo("The driver does not answer (connection Reconnecting), so nothing is changed on "
                + "what was read before. Wait until the connection is Connected again (or reconnect it from the navigator).");
        assertThat(d.run()).isFalse();
        assertThat(dialogs.assessments).as("no dialog is opened").isEmpty();

        state.set(ConnectionState.CANNOT_CONNECT);
        assertThat(d.disabledReason().get()).startsWith("The driver does not answer (connection Cannot connect)");

        state.set(ConnectionState.CONNECTED);
        assertThat(d.enabled().get()).as(d.label() + " once connected again").isTrue();
    }

    private static <T> void select(StorageViewModel<T> m) {
        m.selectedProperty().set(m.table().rows().get(0));
    }

    @Test
    void aVolumesDeleteIsDisabledWhileTheDriverDoesNotAnswer() {
        deleteFollowsTheConnection(new VolumesViewModel(context), VolumesViewModel::deleteAction);
    }

    @Test
    void aSnapshotsDeleteIsDisabledWhileTheDriverDoesNotAnswer() {
        deleteFollowsTheConnection(new SnapshotsViewModel(context), SnapshotsViewModel::deleteAction);
    }

    @Test
    void aGroupSnapshotsDeleteIsDisabledWhileTheDriverDoesNotAnswer() {
        deleteFollowsTheConnection(new SnapshotGroupsViewModel(context), SnapshotGroupsViewModel::deleteAction);
    }

    @Test
    void theVolumesMutationsAreDisabledWhileTheDriverDoesNotAnswer() {
        VolumesViewModel m = new VolumesViewModel(context);
        m.activate();
        select(m);
        for (ViewAction a : List.of(m.createAction(), m.expandAction(), m.cloneAction(), m.modifyAction(), m.publishAction(),
                m.snapshotAction())) {
            followsTheConnection(a);
        }
    }

    @Test
    void fenceAndUnfenceAreDisabledWhileTheDriverDoesNotAnswer() {
        org.csiconsole.views.FakeFenceStorage fences = org.csiconsole.views.FakeFenceStorage.advertisingAll();
        fences.fenced.add("10.9.0.0/16");
        var m = new org.csiconsole.views.fence.FenceViewModel(new ViewContext(fences, new ActionRunner(new TaskRunner(Runnable::run),
                new Notifications(), dialogs), Runnable::run, "Demo", new org.csiconsole.views.workbench.ResourceChanges(),
                KnownResources.inSession(), List::of, new org.csiconsole.core.risk.RiskModel(), null, state));
        m.activate();
        select(m);
        followsTheConnection(m.fenceAction());
        followsTheConnection(m.unfenceAction());
        assertThat(fences.requests).as("nothing sent").isEmpty();
    }
}
