package org.csiconsole.app.gui;

import javafx.application.Platform;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.csiconsole.app.gui.connect.Sessions;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.session.Backoff;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.session.SocketWatcher;
import org.csiconsole.views.CssWarnings;
import org.csiconsole.views.FxWait;
import org.csiconsole.views.replication.ReplicationRow;
import org.csiconsole.views.replication.ReplicationView;
import org.csiconsole.views.replication.SiteChoice;
import org.csiconsole.views.training.TrainingPerspective;
import org.csiconsole.views.training.TrainingView;
import org.csiconsole.views.volumes.VolumesView;
import org.csiconsole.views.workbench.ConnectionModel;
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

/**
 * A two-site scenario (planned failover) started in the Training perspective shows its connection as the demo's
 * is: the seeded volumes by their seed names in the Volumes tab, and both arrays of the scenario as replication
 * sites in the Replication tab beside the steps, with the replicated group's rows on each.
 */
@ExtendWith(ApplicationExtension.class)
class TrainingTwoSitesFxTest {
    private static final String SCENARIO = "planned-failover";
    private Console console;
    /** Opened before the console's scene is built. */
    private final CssWarnings css = CssWarnings.record();
    @TempDir
    Path temp;

    @Start
    void start(Stage stage) {
        console = new Console(stage, LaunchOptions.DEMO, temp.resolve("config"), Platform::runLater,
                trace -> new Sessions(Platform::runLater, trace, Backoff.DEFAULT, SocketWatcher.DEFAULT_POLL, temp.resolve("demo")));
        console.show();
    }

    @AfterEach
    void close() throws Exception {
        WaitForAsyncUtils.asyncFx(() -> console.close()).get(20, TimeUnit.SECONDS);
        css.close();
    }

    @Test
    void aTwoSiteScenarioShowsBothSitesAndTheSeedsVolumeNames(FxRobot robot) throws Exception {
        robot.clickOn("#start-view");
        robot.press(KeyCode.ALT, KeyCode.DIGIT5).release(KeyCode.DIGIT5, KeyCode.ALT);
        assertThat(FxWait.onFx(() -> console.workbench().perspectiveProperty().get())).isEqualTo(TrainingPerspective.ID);
        TrainingView view = (TrainingView) FxWait.onFx(() -> console.workbench().activeViewProperty().get());
        FxWait.until(() -> view.model().scenarios().stream().anyMatch(s -> s.id().equals(SCENARIO)));
        robot.interact(() -> view.model().selectedProperty().set(
                view.model().scenarios().stream().filter(s -> s.id().equals(SCENARIO)).findFirst().orElseThrow()));
        robot.clickOn("#training-start");
        FxWait.until(() -> view.model().connectionProperty().get() != null
                && view.model().connectionProperty().get().stateProperty().get() == ConnectionState.CONNECTED);
        ConnectionModel training = FxWait.onFx(() -> view.model().connectionProperty().get());

        // the seed's names, as the arrays name their volumes
        VolumesView volumes = (VolumesView) FxWait.onFx(() -> view.besideViews().stream().filter(v -> v instanceof VolumesView)
                .findFirst().orElseThrow());
        FxWait.until(() -> volumes.viewModel().table().all().stream().anyMatch(v -> "erp-db".equals(v.name())));
        Volume erpDb = FxWait.onFx(() -> volumes.viewModel().table().all().stream().filter(v -> "erp-db".equals(v.name()))
                .findFirst().orElseThrow());
        assertThat(erpDb.volumeId()).as("the name is the seed's, not the id").isNotEqualTo("erp-db");

        // both arrays as sites of the training connection (shown when its tab is), with rows on each
        ReplicationView replication = (ReplicationView) FxWait.onFx(() -> view.besideViews().stream()
                .filter(v -> v instanceof ReplicationView).findFirst().orElseThrow());
        robot.interact(() -> view.tabs().getSelectionModel().select(view.tabs().getTabs().stream()
                .filter(t -> t.getUserData() == replication).findFirst().orElseThrow()));
        FxWait.until(() -> replication.model().sites().size() == 2);
        assertThat(FxWait.onFx(() -> replication.model().sites().stream().map(SiteChoice::label).toList()))
                .containsExactly("site-a \u00b7 " + training.name(), "site-b \u00b7 " + training.name());
        FxWait.until(() -> sitesOfRows(replication).containsAll(List.of("site-a", "site-b")));
        // the replicated group on site A is paired with its partner read on site B, as the wizards take them
        FxWait.until(() -> replication.model().table().all().stream().anyMatch(r -> r.site().site().equals("site-a")
                && r.sample().item().name().equals("vg-erp") && r.partner() != null));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(css.messages()).as("every semantic token resolves on every node styled").isEmpty();
    }

    private static List<String> sitesOfRows(ReplicationView replication) throws Exception {
        return FxWait.onFx(() -> replication.model().table().all().stream().map(ReplicationRow::site).map(SiteChoice::site).distinct().toList());
    }
}
