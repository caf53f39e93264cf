package org.csiconsole.views.resource;

import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.port.SourceFailure;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.notify.Notification;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.notify.Severity;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.task.TaskState;
import org.csiconsole.views.volumes.VolumesViewModel;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.ResourceKind;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** A read that some sources did not answer: its rows, a warning naming them, one notification, "Done with errors", a partial count. */
class PartialReadTest {
    private final FakeStorage storage = new FakeStorage().seeded();
    private final FakeDialogService dialogs = new FakeDialogService();
    private final Notifications notifications = new Notifications();
    private final TaskRunner tasks = new TaskRunner(Runnable::run);

    private VolumesViewModel model() {
        ActionRunner actions = new ActionRunner(tasks, notifications, dialogs);
        VolumesViewModel m = new VolumesViewModel(new ViewContext(storage, actions, Runnable::run, "Demo"));
        m.activate();
        return m;
    }

    private List<Notification> warnings() {
        return notifications.items().stream().filter(n -> n.severity() == Severity.WARNING).toList();
    }

    @Test
    void aReadThatOneArrayDidNotAnswerKeepsItsRowsAndNamesTheArrayAndTheReasonInTheStatusLine() {
        storage.answerPartly("listVolumes", "site-b", FailureKind.UNAVAILABLE, "connection refused");

        VolumesViewModel m = model();

        assertThat(m.table().all()).hasSize(3);
        assertThat(m.statusProperty().get()).isEqualTo("site-b: UNAVAILABLE \u2014 connection refused; showing 3 of ? volumes");
        assertThat(m.missingProperty().get()).extracting(SourceFailure::source).containsExactly("site-b");
        assertThat(m.completeProperty().get()).as("not everything the storage has").isFalse();
        assertThat(dialogs.failures).as("no modal for a partial read").isEmpty();
        assertThat(tasks.tasks().get(0).state()).isEqualTo(TaskState.DONE_WITH_ERRORS);
        assertThat(tasks.tasks().get(0).state().label()).isEqualTo("Done with errors");
        assertThat(tasks.tasks().get(0).messageProperty().get()).startsWith("site-b: UNAVAILABLE");
    }

    @Test
    void aPartialReadIsNotifiedOnceAndAgainOnlyWhenWhatIsMissingChanges() {
        storage.answerPartly("listVolumes", "site-b", FailureKind.UNAVAILABLE, "connection refused");
        VolumesViewModel m = model();
        m.refresh();
        m.refresh();
        assertThat(warnings()).as("three reads, the same array missing").hasSize(1);
        assertThat(warnings().get(0).message()).contains("site-b: UNAVAILABLE \u2014 connection refused");

        storage.answerPartly("listVolumes", "site-b", FailureKind.TIMEOUT, "no answer within 30 s");
        m.refresh();
        assertThat(warnings()).hasSize(2);

        storage.answerFully("listVolumes");
        m.refresh();
        assertThat(m.statusProperty().get()).isEqualTo("Read 3 volumes");
        assertThat(tasks.tasks().get(0).state()).isEqualTo(TaskState.SUCCEEDED);
        assertThat(warnings()).hasSize(2);

        storage.answerPartly("listVolumes", "site-b", FailureKind.TIMEOUT, "no answer within 30 s");
        m.refresh();
        assertThat(warnings()).as("missing again after a complete read").hasSize(3);
    }

    @Test
    void aDriverThatCannotListIsCountedByTheRowsOfTheConsolesRecordTheViewShowsWithItsNote() {
        ConnectionModel connection = new ConnectionModel(ConnectionProfile.demo());
        org.csiconsole.core.record.ConsoleBook book = org.csiconsole.core.record.ConsoleBook.inMemory("unix:///csi/csi.sock");
        for (String id : List.of("vol-1", "vol-2")) {
            book.record(org.csiconsole.core.record.RecordedItem.of(org.csiconsole.core.record.RecordKind.VOLUME, id, "", null,
                    org.csiconsole.core.record.RecordOrigin.CREATED, 0, java.util.Map.of(), java.time.Instant.now()));
        }
        ActionRunner actions = new ActionRunner(tasks, notifications, dialogs);
        VolumesViewModel m = new VolumesViewModel(new ViewContext(new FakeStorage(FakeStorage.cannotList()), actions, Runnable::run, "strict",
                KnownResources.of(book)));
        StorageViews.keepCount(m, connection, ResourceKind.VOLUMES);

        m.activate();

        assertThat(connection.count(ResourceKind.VOLUMES).get()).as("the rows the view shows, not \"cannot list\" beside them").isEqualTo(2);
        assertThat(connection.partial(ResourceKind.VOLUMES).get()).startsWith("The 2 volumes shown are from the console's record");
    }

    @Test
    void theNavigatorCountOfAPartialReadIsMarkedWithTheMissingSourcesAndClearedByAFullRead() {
        ConnectionModel connection = new ConnectionModel(ConnectionProfile.demo());
        storage.answerPartly("listVolumes", "site-b", FailureKind.UNAVAILABLE, "connection refused");
        ActionRunner actions = new ActionRunner(tasks, notifications, dialogs);
        VolumesViewModel m = new VolumesViewModel(new ViewContext(storage, actions, Runnable::run, "Demo"));
        StorageViews.keepCount(m, connection, ResourceKind.VOLUMES);

        m.activate();
        assertThat(connection.count(ResourceKind.VOLUMES).get()).isEqualTo(3);
        assertThat(connection.partial(ResourceKind.VOLUMES).get()).isEqualTo("site-b: UNAVAILABLE \u2014 connection refused");

        storage.answerFully("listVolumes");
        m.refresh();
        assertThat(connection.partial(ResourceKind.VOLUMES).get()).isEmpty();
    }
}
