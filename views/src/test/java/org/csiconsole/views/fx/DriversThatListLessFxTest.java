package org.csiconsole.views.fx;

import org.csiconsole.views.FxWait;
import javafx.application.Platform;
import javafx.collections.FXCollections;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.layout.HBox;
import javafx.stage.Stage;
import org.csiconsole.core.port.VolumeRequest;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.dialog.FxDialogService;
import org.csiconsole.views.hosts.HostsView;
import org.csiconsole.views.hosts.HostsViewModel;
import org.csiconsole.views.notify.Severity;
import org.csiconsole.views.resource.KnownResources;
import org.csiconsole.views.resource.StorageTableView;
import org.csiconsole.views.resource.StorageViews;
import org.csiconsole.views.snapshots.SnapshotsView;
import org.csiconsole.views.snapshots.SnapshotsViewModel;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.theme.ThemeManager;
import org.csiconsole.views.volumes.VolumesView;
import org.csiconsole.views.volumes.VolumesViewModel;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.NavigatorView;
import org.csiconsole.views.workbench.ResourceKind;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Drivers that implement less (no LIST_VOLUMES, no LIST_SNAPSHOTS, a slow ListVolumes): the views
 * say what the driver cannot do instead of showing empty storage, and keep what the console
 * created or looked up in sight.
 */
@ExtendWith(ApplicationExtension.class)
class DriversThatListLessFxTest {
    private static final String CANNOT_LIST_VOLUMES = "This driver cannot list volumes (it does not advertise LIST_VOLUMES).";

    private final StorageFxSupport fx = new StorageFxSupport(new FakeStorage(FakeStorage.cannotList()).seeded());
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @AfterEach
    void tearDown(FxRobot robot) {
        fx.closeDialogs(robot);
    }

    private void show(FxRobot robot, Function<org.csiconsole.views.resource.ViewContext, StorageTableView<?>> factory) {
        robot.interact(() -> fx.show(stage, factory));
    }

    /** The texts of the labels in the table's placeholder that are on screen. */
    /** Read on the FX thread: the scene graph changes while a listing arrives. */
    private List<String> placeholderTexts(FxRobot robot) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> robot.lookup(".cc-empty-state").queryAll().stream().filter(FxChecks::shown)
                .flatMap(n -> n.lookupAll(".label").stream()).map(n -> ((Label) n).getText()).toList()).get(10, TimeUnit.SECONDS);
    }

    private void awaitPlaceholder(FxRobot robot, String text) throws Exception {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> placeholderTexts(robot).stream().anyMatch(t -> t.contains(text)));
    }

    private String noteOfRow(int row) throws Exception {
        return FxWait.onFx(() -> {
            @SuppressWarnings("unchecked")
            TableColumn<Object, ?> note = (TableColumn<Object, ?>) fx.table().getColumns().stream()
                    .filter(c -> "note".equals(c.getId())).findFirst().orElseThrow();
            assertThat(note.isVisible()).as("the note column is shown while the driver cannot list").isTrue();
            return String.valueOf(note.getCellObservableValue(row).getValue());
        });
    }

    @Test
    void aDriverThatCannotListVolumesIsSaidSoWhereTheRowsWouldBeWithoutADialog(FxRobot robot) throws Exception {
        show(robot, c -> new VolumesView(new VolumesViewModel(c)));

        awaitPlaceholder(robot, CANNOT_LIST_VOLUMES);
        assertThat(placeholderTexts(robot)).noneMatch(t -> t.contains("no volumes yet"));
        FxWait.eventually(() -> assertThat(robot.lookup("#view-status").queryAs(Label.class).getText()).isEqualTo(CANNOT_LIST_VOLUMES));
        assertThat(robot.lookup(".dialog-pane").tryQuery()).as("no failure dialog").isEmpty();
        assertThat(fx.notifications.items()).noneMatch(n -> n.severity() == Severity.ERROR);
        Node lookUp = robot.lookup("#volume-lookup-empty").query();
        assertThat(FxWait.onFx(() -> FxChecks.shown(lookUp))).as("Look up by id offered in the placeholder").isTrue();
        assertThat(fx.disabled(robot, "volume-lookup-empty")).isFalse();
    }

    @Test
    void theNavigatorSaysTheDriverCannotListInsteadOfCountingZero(FxRobot robot) throws Exception {
        ConnectionModel connection = new ConnectionModel(ConnectionProfile.demo());
        TaskRunner tasks = new TaskRunner(Platform::runLater);
        robot.interact(() -> {
            connection.storageProperty().set(fx.storage);
            ThemeManager themes = new ThemeManager(Theme.LIGHT);
            ActionRunner actions = new ActionRunner(tasks, fx.notifications, new FxDialogService(() -> stage, themes));
            NavigatorView navigator = new NavigatorView(FXCollections.observableArrayList(connection), item -> { });
            var volumes = StorageViews.create(ResourceKind.VOLUMES, connection, actions, Platform::runLater);
            var snapshots = StorageViews.create(ResourceKind.SNAPSHOTS, connection, actions, Platform::runLater);
            Scene scene = new Scene(new HBox(navigator, volumes.node()), 1280, 760);
            themes.style(scene);
            stage.setScene(scene);
            stage.show();
            volumes.activate();
            snapshots.activate();
        });

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> connection.count(ResourceKind.VOLUMES).get() == ConnectionModel.CANNOT_LIST
                && connection.count(ResourceKind.SNAPSHOTS).get() == ConnectionModel.CANNOT_LIST);
        assertThat(connection.partial(ResourceKind.VOLUMES).get()).isEqualTo(CANNOT_LIST_VOLUMES);
        // The navigator's tree cells take the counts when they are next laid out.
        FxWait.eventually(() -> {
            List<Label> counts = robot.lookup(".cc-nav-count").queryAllAs(Label.class).stream().filter(FxChecks::shown).toList();
            assertThat(counts).filteredOn(l -> "cannot list".equals(l.getText())).hasSize(2)
                    .allSatisfy(l -> assertThat(l.getTooltip().getText()).startsWith("This driver cannot list"));
            assertThat(counts).extracting(Label::getText).doesNotContain("0");
        });
    }

    @Test
    void lookingUpAVolumeByIdAddsItsRowNotedAsLookedUp(FxRobot robot) throws Exception {
        show(robot, c -> new VolumesView(new VolumesViewModel(c)));
        awaitPlaceholder(robot, CANNOT_LIST_VOLUMES);

        robot.clickOn("#volume-lookup");
        fx.fill(robot, "volumeId", "vol-0002");
        fx.press(robot, "Look up");

        fx.awaitRows(1);
        assertThat(fx.firstColumn()).containsExactly("pvc-db");
        assertThat(noteOfRow(0)).matches("looked up by id at \\d\\d:\\d\\d");
        assertThat(fx.storage.calls).contains("getVolume");
        // The row stays in sight when the view reads again.
        robot.interact(() -> fx.view.refreshAction().run());
        WaitForAsyncUtils.waitForFxEvents();
        fx.awaitRows(1);
        assertThat(fx.firstColumn()).containsExactly("pvc-db");
    }

    @Test
    void aVolumeCreatedWhileTheDriverCannotListStaysKnownUntilItIsDeleted(FxRobot robot) throws Exception {
        KnownResources known = KnownResources.inSession();
        show(robot, c -> new VolumesView(new VolumesViewModel(new org.csiconsole.views.resource.ViewContext(
                c.storage(), c.actions(), c.ui(), c.connectionName(), known))));
        awaitPlaceholder(robot, CANNOT_LIST_VOLUMES);
        VolumesViewModel model = ((VolumesView) fx.view).viewModel();

        robot.interact(() -> model.create(new VolumeRequest("dcsi-test-1", 1L << 30, List.of(), Map.of(), Map.of(), null)));
        fx.awaitRows(1);
        assertThat(fx.firstColumn()).containsExactly("dcsi-test-1");
        assertThat(noteOfRow(0)).matches("created by this console at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d");

        // Read again (the driver still cannot list): the created volume is still shown, from what the console knows.
        robot.interact(() -> fx.view.refreshAction().run());
        WaitForAsyncUtils.waitForFxEvents();
        fx.awaitRows(1);
        assertThat(noteOfRow(0)).startsWith("created by this console");
        assertThat(known.volumes().entries()).hasSize(1);

        fx.select(robot, 0);
        robot.clickOn("#volume-delete");
        fx.confirmByTyping(robot, "dcsi-test-1", "Delete");
        fx.awaitRows(0);
        assertThat(fx.storage.calls).contains("deleteVolume");
        assertThat(known.volumes().entries()).isEmpty();
        awaitPlaceholder(robot, CANNOT_LIST_VOLUMES);
        robot.interact(() -> fx.view.refreshAction().run());
        awaitPlaceholder(robot, CANNOT_LIST_VOLUMES);
        assertThat(FxWait.onFx(() -> fx.table().getItems().size())).isZero();
    }

    @Test
    void aSnapshotTakenFromTheVolumesViewShowsInTheSnapshotsViewAsKnown(FxRobot robot) throws Exception {
        KnownResources known = KnownResources.inSession();
        known.volumes().created("vol-0001", fx.storage.volumes.get(0), java.time.Instant.now());
        show(robot, c -> new VolumesView(new VolumesViewModel(new org.csiconsole.views.resource.ViewContext(
                c.storage(), c.actions(), c.ui(), c.connectionName(), known))));
        fx.awaitRows(1);
        fx.select(robot, 0);
        robot.clickOn("#volume-snapshot");
        fx.fill(robot, "name", "pvc-web-before-upgrade");
        fx.press(robot, "Create");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> known.snapshots().entries().size() == 1);

        show(robot, c -> new SnapshotsView(new SnapshotsViewModel(new org.csiconsole.views.resource.ViewContext(
                c.storage(), c.actions(), c.ui(), c.connectionName(), known))));
        fx.awaitRows(1);
        assertThat(fx.firstColumn()).containsExactly("pvc-web-before-upgrade");
        assertThat(noteOfRow(0)).matches("created by this console at \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d");
        FxWait.eventually(() -> assertThat(robot.lookup("#view-status").queryAs(Label.class).getText())
                .isEqualTo("The snapshot shown is from the console's record of this connection, noted with where it came from. "
                        + "This driver cannot list snapshots (it does not advertise LIST_SNAPSHOTS)."));
    }

    @Test
    void theTableSaysReadingUntilTheFirstPageOfASlowListingArrives(FxRobot robot) throws Exception {
        FakeStorage slow = fx.storage;
        slow.features = new FakeStorage().features;
        CompletableFuture<Void> answer = new CompletableFuture<>();
        slow.holdVolumeListing = answer;
        show(robot, c -> new VolumesView(new VolumesViewModel(c)));

        awaitPlaceholder(robot, "Reading volumes\u2026");
        assertThat(placeholderTexts(robot)).noneMatch(t -> t.contains("no volumes yet"));

        answer.complete(null);
        fx.awaitRows(3);
    }

    @Test
    void aListingThatAnswersNoneStillSaysThereAreNoneYet(FxRobot robot) throws Exception {
        fx.storage.features = new FakeStorage().features;
        fx.storage.volumes.clear();
        show(robot, c -> new VolumesView(new VolumesViewModel(c)));

        awaitPlaceholder(robot, "This connection has no volumes yet.");
        assertThat(placeholderTexts(robot)).noneMatch(t -> t.contains("Reading"));
    }

    @Test
    void aNodesDetailsListTheVolumesPublishedToIt(FxRobot robot) throws Exception {
        fx.storage.features = new FakeStorage().features;
        show(robot, c -> new HostsView(new HostsViewModel(c)));
        fx.awaitRows(4);

        fx.select(robot, 2);
        FxWait.until(() -> detailText(robot).contains("pvc-web  vol-0001"));
        assertThat(FxWait.onFx(() -> detailText(robot))).contains("Published volumes");
        fx.select(robot, 3);
        FxWait.until(() -> detailText(robot).contains("node-b1"));
        FxWait.eventually(() -> assertThat(detailText(robot)).doesNotContain("vol-0001").contains("None"));
    }

    private static String detailText(FxRobot robot) {
        Node pane = robot.lookup("#table-detail").query();
        return java.util.stream.Stream.concat(pane.lookupAll(".label").stream().map(n -> ((Label) n).getText()),
                pane.lookupAll(".text-area").stream().map(n -> ((javafx.scene.control.TextArea) n).getText()))
                .collect(Collectors.joining("\n"));
    }
}
