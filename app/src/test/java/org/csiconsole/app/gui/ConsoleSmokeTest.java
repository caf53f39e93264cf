package org.csiconsole.app.gui;

import javafx.application.Platform;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.store.ProfileStore;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.resource.StorageTableView;
import org.csiconsole.views.workbench.ResourceKind;
import org.csiconsole.app.gui.connect.Sessions;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.session.Backoff;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.session.SocketWatcher;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Starts the console in demo mode the way the application does and clicks through every view. */
@ExtendWith(ApplicationExtension.class)
class ConsoleSmokeTest {
    private Console console;
    @TempDir
    Path temp;
    private Stage stage;
    private Path configDir;

    @Start
    void start(Stage stage) throws Exception {
        this.stage = stage;
        configDir = temp.resolve("config");
        new ProfileStore(configDir).put(ConnectionProfile.csi("lab driver", "unix:///run/lab/csi.sock"));
        Path demoState = temp.resolve("demo");
        console = new Console(stage, LaunchOptions.DEMO, configDir, Platform::runLater,
                trace -> new Sessions(Platform::runLater, trace, Backoff.DEFAULT, SocketWatcher.DEFAULT_POLL, demoState));
        console.show();
    }

    @AfterEach
    void closeConsole() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> console.close()).get(20, TimeUnit.SECONDS);
    }

    @Test
    void demoAndSavedProfilesAppearAndEveryKindOpens(FxRobot robot) throws Exception {
        assertThat(console.connections()).extracting(ConnectionModel::name).containsExactly("Demo", "lab driver");
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> stage.getIcons().size() == 6); // set once the first frame is painted
        assertThat(stage.getTitle()).isEqualTo("CSI Console");
        ConnectionModel demo = console.connections().get(0);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> demo.stateProperty().get() == ConnectionState.CONNECTED
                && demo.count(ResourceKind.VOLUMES).get() > 0);
        assertThat(demo.pluginNameProperty().get()).isEqualTo(ReferencePlugin.PLUGIN_NAME);
        assertThat(demo.storage()).isNotNull();
        assertThat(robot.lookup("#status-state").queryAs(javafx.scene.control.Label.class).getText()).isEqualTo("Demo: Connected");
        assertThat(robot.lookup("#status-plugin").queryAs(javafx.scene.control.Label.class).getText()).startsWith(ReferencePlugin.PLUGIN_NAME);
        for (ResourceKind kind : ResourceKind.values()) {
            robot.interact(() -> console.workbench().navigator().select(demo, kind));
            assertThat(console.workbench().selectedView()).isInstanceOfSatisfying(StorageTableView.class,
                    v -> assertThat(v.kind()).isEqualTo(kind));
            StorageTableView<?> view = (StorageTableView<?>) console.workbench().selectedView();
            WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> !view.model().loadingProperty().get()
                    && view.model().table().totalCount().get() > 0);
            assertThat(robot.lookup("#" + view.node().getId()).tryQuery()).as(kind + " view is shown").isPresent();
        }
        // Views are opened, and the scene read, on the FX thread (opening one from this thread raced the FX thread's listeners).
        StorageTableView<?> volumes = onFx(() -> (StorageTableView<?>) console.workbench().open(demo, ResourceKind.VOLUMES));
        assertThat(onFx(() -> volumes.model().table().totalCount().get())).isEqualTo(onFx(() -> demo.count(ResourceKind.VOLUMES).get()));
        StorageTableView<?> hosts = onFx(() -> (StorageTableView<?>) console.workbench().open(demo, ResourceKind.HOSTS));
        assertThat(onFx(() -> hosts.model().table().totalCount().get())).as("a CSP host and a CSI node of one name count once, in the view and the navigator")
                .isEqualTo(onFx(() -> demo.count(ResourceKind.HOSTS).get()));
        assertThat(onFx(() -> console.workbench().centre().getTabs().size())).isEqualTo(ResourceKind.values().length + 1);
        assertThat(onFx(() -> console.notifications().unreadProperty().get())).as("no failure was reported").isZero();
    }

    private static <T> T onFx(java.util.concurrent.Callable<T> read) throws Exception {
        return WaitForAsyncUtils.asyncFx(read).get(30, TimeUnit.SECONDS);
    }

    @Test
    void themeAndLayoutAreRememberedOnClose(FxRobot robot) {
        robot.clickOn("#start-view");
        robot.press(KeyCode.CONTROL, KeyCode.SHIFT, KeyCode.D).release(KeyCode.D, KeyCode.SHIFT, KeyCode.CONTROL);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(console.themes().theme()).isEqualTo(Theme.DARK);
        robot.interact(() -> console.workbench().navigatorDividerProperty().set(0.3));
        robot.interact(stage::close);
        Preferences saved = new PreferencesStore(configDir).load();
        assertThat(saved.theme()).isEqualTo(Theme.DARK);
        assertThat(saved.navigatorDivider()).isCloseTo(0.3, org.assertj.core.data.Offset.offset(0.01));
        assertThat(saved.hasPosition()).isTrue();
    }

    @Test
    void openViewsAndTheHiddenBottomPanelSurviveARestart(FxRobot robot) throws Exception {
        ConnectionModel demo = console.connections().get(0);
        robot.interact(() -> {
            console.workbench().open(demo, ResourceKind.SNAPSHOTS);
            console.workbench().open(demo, ResourceKind.VOLUMES);
            console.workbench().closeCurrentTab();
            console.workbench().open(demo, ResourceKind.HOSTS);
            console.workbench().bottomShownProperty().set(false);
        });
        robot.interact(stage::close);
        WaitForAsyncUtils.asyncFx(() -> console.close()).get(20, TimeUnit.SECONDS);

        robot.interact(() -> {
            console = new Console(stage, LaunchOptions.DEMO, configDir, Platform::runLater,
                    trace -> new Sessions(Platform::runLater, trace, Backoff.DEFAULT, SocketWatcher.DEFAULT_POLL, temp.resolve("demo")));
            console.show();
        });
        // read on the FX thread, where the demo's views replace their placeholders once it connects
        List<Object> restored = WaitForAsyncUtils.asyncFx(() -> List.<Object>of(console.workbench().openViewKeys(),
                String.valueOf(console.workbench().selectedViewKey()), console.workbench().bottomShownProperty().get()))
                .get(20, TimeUnit.SECONDS);
        assertThat(restored.get(0)).isEqualTo(List.of("start", "Demo/SNAPSHOTS", "Demo/HOSTS"));
        assertThat(restored.get(1)).isEqualTo("Demo/HOSTS");
        assertThat(restored.get(2)).isEqualTo(false);
        assertThat(robot.lookup("#bottom-panel").tryQuery()).isEmpty();
    }

    @Test
    void theVolumesTableKeepsItsColumnWidthsOrderAndSortAcrossARestart(FxRobot robot) throws Exception {
        ConnectionModel demo = console.connections().get(0);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> demo.storage() != null);
        robot.interact(() -> console.workbench().open(demo, ResourceKind.VOLUMES));
        StorageTableView<?> before = (StorageTableView<?>) console.workbench().selectedView();
        robot.interact(() -> {
            var table = tableOf(before);
            var size = table.getColumns().stream().filter(c -> "size".equals(c.getId())).findFirst().orElseThrow();
            table.resizeColumn(table.getColumns().get(0), 75);
            table.getColumns().remove(size);
            table.getColumns().add(0, size);
        });
        WaitForAsyncUtils.waitForFxEvents();
        var sizeBefore = before.table().tableView().getColumns().get(0);
        javafx.scene.Node sizeHeader = robot.lookup(".column-header").match(n -> n instanceof javafx.scene.control.skin.TableColumnHeader h
                && h.getTableColumn() == sizeBefore).query();
        robot.clickOn(sizeHeader).clickOn(sizeHeader);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(sizeBefore.getSortType()).as("two clicks sort largest first").isEqualTo(javafx.scene.control.TableColumn.SortType.DESCENDING);
        double nameWidth = before.table().tableView().getColumns().get(1).getWidth();
        robot.interact(stage::close);
        WaitForAsyncUtils.asyncFx(() -> console.close()).get(20, TimeUnit.SECONDS);

        robot.interact(() -> {
            console = new Console(stage, LaunchOptions.DEMO, configDir, Platform::runLater,
                    trace -> new Sessions(Platform::runLater, trace, Backoff.DEFAULT, SocketWatcher.DEFAULT_POLL, temp.resolve("demo")));
            console.show();
        });
        ConnectionModel again = console.connections().get(0);
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> again.storage() != null
                && console.workbench().selectedView() instanceof StorageTableView<?> v && v.kind() == ResourceKind.VOLUMES);
        StorageTableView<?> after = (StorageTableView<?>) console.workbench().selectedView();
        WaitForAsyncUtils.waitForFxEvents();
        var table = tableOf(after);
        assertThat(table.getVisibleLeafColumns()).extracting(javafx.scene.control.TableColumn::getId).startsWith("size", "name", "id");
        assertThat(table.getColumns().get(1).getWidth()).isEqualTo(nameWidth);
        assertThat(table.getSortOrder()).extracting(javafx.scene.control.TableColumn::getId).containsExactly("size");
        assertThat(table.getSortOrder().get(0).getSortType()).isEqualTo(javafx.scene.control.TableColumn.SortType.DESCENDING);
    }

    @SuppressWarnings("unchecked")
    private static javafx.scene.control.TableView<Object> tableOf(StorageTableView<?> view) {
        return (javafx.scene.control.TableView<Object>) view.table().tableView();
    }
}
