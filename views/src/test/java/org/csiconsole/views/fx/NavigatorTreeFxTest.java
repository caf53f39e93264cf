package org.csiconsole.views.fx;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.TreeCell;
import javafx.scene.control.TreeItem;
import javafx.scene.control.TreeView;
import javafx.stage.Stage;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.views.FxWait;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.theme.ThemeManager;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.NavItem;
import org.csiconsole.views.workbench.NavigatorView;
import org.csiconsole.views.workbench.ResourceKind;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The navigator's rows never garble: after connections are added, removed and reordered while the
 * tree is scrolled, every row drawn shows the tree's item at its index, at its level's indentation,
 * and connections keep the expanded or collapsed state the person left them in.
 */
@ExtendWith(ApplicationExtension.class)
class NavigatorTreeFxTest {
    private final ObservableList<ConnectionModel> connections = FXCollections.observableArrayList();
    private NavigatorView navigator;

    @Start
    void start(Stage stage) {
        for (int i = 0; i < 3; i++) connections.add(connection("array-" + i));
        navigator = new NavigatorView(connections, item -> { });
        Scene scene = new Scene(navigator, 260, 300);
        new ThemeManager(Theme.LIGHT).style(scene);
        stage.setScene(scene);
        stage.show();
    }

    private static ConnectionModel connection(String name) {
        ConnectionModel m = new ConnectionModel(ConnectionProfile.csi(name, "unix:///run/csi/" + name + ".sock"));
        m.stateProperty().set(ConnectionState.CONNECTED);
        m.count(ResourceKind.SNAPSHOTS).set(30);
        return m;
    }

    private TreeView<NavItem> tree() {
        return navigator.tree();
    }

    /** Each drawn row's problem: another item than the tree's at its index, or an indentation not its level's. */
    private List<String> garbled() {
        TreeView<NavItem> tree = tree();
        List<String> problems = new ArrayList<>();
        Map<Integer, Double> indentByLevel = new HashMap<>();
        for (Node n : tree.lookupAll(".tree-cell")) {
            if (!(n instanceof TreeCell<?> cell) || !cell.isVisible() || cell.isEmpty() || cell.getIndex() < 0) continue;
            TreeItem<?> item = cell.getTreeItem();
            if (item != tree.getTreeItem(cell.getIndex())) {
                problems.add("row " + cell.getIndex() + " shows " + cell.getItem() + " but the tree has " + tree.getTreeItem(cell.getIndex()).getValue());
                continue;
            }
            if (cell.getGraphic() == null) {
                problems.add("row " + cell.getIndex() + " (" + cell.getItem() + ") is drawn without its content");
                continue;
            }
            double x = cell.getGraphic().localToScene(0, 0).getX();
            int level = tree.getTreeItemLevel(item);
            Double seen = indentByLevel.putIfAbsent(level, x);
            if (seen != null && Math.abs(seen - x) > 1) {
                problems.add("row " + cell.getIndex() + " (" + cell.getItem() + ") at x " + x + ", its level's rows at " + seen);
            }
        }
        List<Integer> levels = indentByLevel.keySet().stream().sorted().toList();
        for (int i = 1; i < levels.size(); i++) {
            if (indentByLevel.get(levels.get(i)) <= indentByLevel.get(levels.get(i - 1))) {
                problems.add("level " + levels.get(i) + " is not indented past level " + levels.get(i - 1));
            }
        }
        return problems;
    }

    private void scrollToBottom(FxRobot robot) {
        robot.interact(() -> tree().scrollTo(tree().getExpandedItemCount() - 1));
        WaitForAsyncUtils.waitForFxEvents();
    }

    @Test
    void rowsStayInPlaceThroughAddsRemovesAndReordersWhileScrolled(FxRobot robot) throws Exception {
        scrollToBottom(robot);
        FxWait.eventually(() -> assertThat(garbled()).isEmpty());
        for (int round = 0; round < 4; round++) {
            int r = round;
            robot.interact(() -> connections.add(1, connection("report-" + r)));
            FxWait.afterLayout(navigator);
            FxWait.eventually(() -> assertThat(garbled()).as("after an add").isEmpty());
            scrollToBottom(robot);
            robot.interact(() -> connections.remove(0));
            FxWait.afterLayout(navigator);
            FxWait.eventually(() -> assertThat(garbled()).as("after a remove").isEmpty());
            robot.interact(() -> {
                // A connection waiting for its driver shows its state on a second line; then it connects.
                connections.get(1).stateProperty().set(ConnectionState.WAITING);
                connections.get(0).count(ResourceKind.VOLUMES).set(100 + r);
            });
            FxWait.afterLayout(navigator);
            FxWait.eventually(() -> assertThat(garbled()).as("after a state change").isEmpty());
            robot.interact(() -> {
                connections.get(1).stateProperty().set(ConnectionState.CONNECTED);
                FXCollections.reverse(connections);
            });
            FxWait.afterLayout(navigator);
            FxWait.eventually(() -> assertThat(garbled()).as("after a reorder").isEmpty());
            robot.interact(() -> tree().scrollTo(3));
            FxWait.afterLayout(navigator);
            FxWait.eventually(() -> assertThat(garbled()).as("scrolled back").isEmpty());
        }
    }

    @Test
    void aCollapsedConnectionStaysCollapsedWhenAnotherIsAdded(FxRobot robot) throws Exception {
        ConnectionModel first = connections.get(0);
        robot.interact(() -> connectionItem(first).setExpanded(false));
        robot.interact(() -> connections.add(connection("new-one")));
        FxWait.afterLayout(navigator);
        assertThat(FxWait.onFx(() -> connectionItem(first).isExpanded())).isFalse();
        assertThat(FxWait.onFx(() -> connectionItem(connections.get(3)).isExpanded())).as("a new connection opens expanded").isTrue();
    }

    private TreeItem<NavItem> connectionItem(ConnectionModel m) {
        return tree().getRoot().getChildren().get(0).getChildren().stream()
                .filter(t -> t.getValue() instanceof NavItem.ConnectionItem c && c.model() == m).findFirst().orElseThrow();
    }
}
