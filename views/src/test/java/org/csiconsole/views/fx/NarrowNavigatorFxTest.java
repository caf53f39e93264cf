package org.csiconsole.views.fx;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.views.theme.ThemeManager;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.NavigatorView;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** In a narrow navigator a short connection name stays whole; the state text beside it gives way. */
@ExtendWith(ApplicationExtension.class)
class NarrowNavigatorFxTest {
    private final ObservableList<ConnectionModel> connections = FXCollections.observableArrayList();
    private final ConnectionModel demo = new ConnectionModel(ConnectionProfile.demo());
    private final ConnectionModel longName = new ConnectionModel(ConnectionProfile.csi(
            "array-east-production-block-storage-01", "unix:///run/csi/east.sock"));

    @Start
    void start(Stage stage) {
        demo.stateProperty().set(ConnectionState.CONNECTING);
        longName.stateProperty().set(ConnectionState.CONNECTING);
        connections.addAll(demo, longName);
        NavigatorView navigator = new NavigatorView(connections, item -> { });
        Scene scene = new Scene(navigator, 170, 300);
        new ThemeManager(Theme.LIGHT).style(scene);
        stage.setScene(scene);
        stage.show();
    }

    @Test
    void theShortNameIsWholeAndTheLongOneIsCut() throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        List<String> shown = WaitForAsyncUtils.asyncFx(() -> texts(demo.name(), longName.name())).get(10, TimeUnit.SECONDS);
        assertThat(shown.get(0)).isEqualTo(demo.name());
        // cut in its middle: its end ("-01", "(strict)", " (2)") tells it from another connection of the same start
        assertThat(shown.get(1)).as("a long name gives way").isNotEqualTo(longName.name()).contains("...").startsWith("arr").endsWith("01");
    }

    /** The text each named connection's label shows (its Text node, after ellipsis). */
    private static List<String> texts(String... names) {
        Node root = javafx.stage.Window.getWindows().get(0).getScene().getRoot();
        return java.util.Arrays.stream(names).map(n -> root.lookupAll(".cc-nav-connection").stream()
                .map(l -> (javafx.scene.control.Label) l)
                .filter(l -> l.getText().equals(n))
                .map(l -> ((Text) l.lookup(".text")).getText())
                .findFirst().orElse("(no label for " + n + ")")).toList();
    }
}
