package org.csiconsole.app.gui;

import javafx.geometry.Dimension2D;
import javafx.geometry.Insets;
import javafx.geometry.Orientation;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.SplitPane;
import javafx.scene.control.ToolBar;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Pane;
import javafx.scene.layout.Region;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;
import org.csiconsole.views.theme.ConsoleStyles;
import org.csiconsole.views.theme.ThemeManager;

/**
 * The window's first frame while the workbench is being built: the workbench's frame without its
 * content, in the remembered theme, size, place and dividers, so the window appears as soon as a
 * bare JavaFX window would and the workbench then fills it where it stands (README.md,
 * "Benchmarks"). The menu titles show but do nothing yet; the status line says "Starting…".
 *
 * <p>{@link Console#show()} replaces the scene with the workbench's about a third of a second later
 * on a two-core machine ({@code installer/benchmark-startup.sh} measures both).
 */
final class StartShell {
    /** The status line's text while the workbench is built. */
    static final String STARTING = "Starting CSI Console\u2026";
    /** The workbench's menu titles, in its order (WorkbenchMenus; Window comes from its perspectives). */
    private static final String[] MENU_TITLES = {"File", "Edit", "View", "Window", "Help"};

    private StartShell() {
    }

    /**
     * Shows {@code stage} with the shell, sized and placed by {@link WindowPlacement} as the workbench
     * would be, and returns its scene. Call on the FX thread.
     */
    static Scene show(Stage stage, Preferences preferences) {
        ThemeManager themes = new ThemeManager(preferences.theme());
        BorderPane root = new BorderPane();
        root.setId("start-shell");
        root.getStyleClass().add(ConsoleStyles.WORKBENCH);

        MenuBar menus = new MenuBar();
        for (String title : MENU_TITLES) {
            Menu m = new Menu(title);
            m.setDisable(true);
            menus.getMenus().add(m);
        }
        // an empty tool bar is only its padding high: a button-high strut keeps the workbench's height
        Region strut = new Region();
        strut.setMinHeight(35);
        strut.setPrefHeight(35);
        ToolBar tools = new ToolBar(strut);
        tools.getStyleClass().add(ConsoleStyles.TOOLBAR);
        root.setTop(new VBox(menus, tools));

        Label header = new Label("NAVIGATOR");
        header.getStyleClass().add(ConsoleStyles.PANE_HEADER);
        VBox navigator = new VBox(header);
        navigator.getStyleClass().add(ConsoleStyles.NAVIGATOR);
        Pane centre = new StackPane();
        centre.getStyleClass().add(ConsoleStyles.CENTRE);
        SplitPane horizontal = new SplitPane(navigator, centre);
        horizontal.setDividerPositions(preferences.navigatorDivider());
        SplitPane.setResizableWithParent(navigator, false);
        if (preferences.bottomPanelHidden()) {
            root.setCenter(horizontal);
        } else {
            Pane bottom = new StackPane();
            bottom.getStyleClass().add(ConsoleStyles.BOTTOM_PANEL);
            SplitPane vertical = new SplitPane(horizontal, bottom);
            vertical.setOrientation(Orientation.VERTICAL);
            vertical.setDividerPositions(preferences.bottomDivider());
            SplitPane.setResizableWithParent(bottom, false);
            root.setCenter(vertical);
        }

        Label status = new Label(STARTING);
        status.setId("status-starting");
        status.setMinHeight(18); // as high as the workbench's status items with their 14 px icons
        HBox statusBar = new HBox(status);
        statusBar.getStyleClass().add(ConsoleStyles.STATUS_BAR);
        statusBar.setPadding(new Insets(3, 10, 3, 10));
        root.setBottom(statusBar);

        Dimension2D size = WindowPlacement.size(preferences);
        Scene scene = new Scene(root, size.getWidth(), size.getHeight());
        themes.style(scene);
        stage.setScene(scene);
        WindowPlacement.place(stage, preferences);
        stage.show();
        return scene;
    }
}
