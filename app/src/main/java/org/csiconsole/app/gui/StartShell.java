package org.csiconsole.app.gui;

import javafx.geometry.Dimension2D;
import javafx.geometry.Insets;
import javafx.scene.Scene;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.workbench.FrameOutline;

/**
 * The window's first frame while the workbench is being built: the outline of the workbench's frame
 * (its menu and tool bars, the navigator, the bottom panel and the status line, where the remembered
 * size, place and dividers put them) in the remembered theme's colours, with "Starting…" in the
 * status line ({@link FrameOutline}). The workbench then fills the window where it stands, its own first
 * frame keeping this outline but for the navigator and the centre (docs/benchmarks.md, "Benchmarks").
 *
 * <p>It is drawn with layout panes, shapes and text only, without controls or stylesheets: a control
 * makes JavaFX load and apply a user-agent stylesheet, which here took about 80 ms of a 0.34 s first
 * frame (the theme's stylesheet, then the CSS of a menu bar, a tool bar and two split panes). The
 * colours are the theme's own ({@link Theme#firstFrame()}).
 *
 * <p>{@link Console#show()} replaces the scene with the workbench's about a third of a second later
 * on a two-core machine ({@code installer/benchmark-startup.sh} measures both).
 */
final class StartShell {
    private StartShell() {
    }

    /**
     * Shows {@code stage} with the shell, sized and placed by {@link WindowPlacement} as the workbench
     * would be, and returns its scene. Call on the FX thread.
     */
    static Scene show(Stage stage, Preferences preferences) {
        Theme.FirstFrameColours c = preferences.theme().firstFrame();
        Dimension2D size = WindowPlacement.size(preferences);

        BorderPane root = new BorderPane();
        root.setId("start-shell");
        root.setTop(FrameOutline.bars(c));

        Text header = new Text("NAVIGATOR");
        header.setFont(Font.font(null, FontWeight.BOLD, 11));
        header.setFill(c.mutedText());
        VBox navigator = new VBox(header);
        navigator.setPadding(new Insets(8, 12, 8, 12));
        navigator.setPrefWidth(Math.round(size.getWidth() * preferences.navigatorDivider()));
        FrameOutline.fill(navigator, c.subtle(), c, FrameOutline.Side.RIGHT);
        root.setLeft(navigator);
        if (!preferences.bottomPanelHidden()) {
            double middle = size.getHeight() - FrameOutline.MENU_BAR - FrameOutline.TOOL_BAR - FrameOutline.STATUS_LINE;
            Region bottom = FrameOutline.bottomPanel(c);
            bottom.setPrefHeight(Math.round(middle * (1 - preferences.bottomDivider())));
            root.setBottom(new VBox(bottom, FrameOutline.statusLine(c)));
        } else {
            root.setBottom(FrameOutline.statusLine(c));
        }

        Scene scene = new Scene(root, size.getWidth(), size.getHeight(), c.background());
        stage.setScene(scene);
        WindowPlacement.place(stage, preferences);
        stage.show();
        return scene;
    }
}
