package org.csiconsole.app.gui;

import javafx.geometry.Dimension2D;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.layout.Background;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.Border;
import javafx.scene.layout.BorderStroke;
import javafx.scene.layout.BorderStrokeStyle;
import javafx.scene.layout.BorderWidths;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.text.Font;
import javafx.scene.text.FontWeight;
import javafx.scene.text.Text;
import javafx.stage.Stage;
import org.csiconsole.views.theme.Theme;

/**
 * The window's first frame while the workbench is being built: the outline of the workbench's frame
 * (its menu and tool bars, the navigator, the bottom panel and the status line, where the remembered
 * size, place and dividers put them) in the remembered theme's colours, with "Starting…" in the
 * status line. The workbench then fills the window where it stands (docs/benchmarks.md, "Benchmarks").
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
    /** The status line's text while the workbench is built. */
    static final String STARTING = "Starting CSI Console\u2026";
    /** Heights in pixels of the workbench's menu bar and tool bar (each with its 1 px bottom line) and status line. */
    static final double MENU_BAR = 38, TOOL_BAR = 40, STATUS_LINE = 27;

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
        root.setTop(new VBox(bar(MENU_BAR, c, Side.BOTTOM), bar(TOOL_BAR, c, Side.BOTTOM)));

        Text header = new Text("NAVIGATOR");
        header.setFont(Font.font(null, FontWeight.BOLD, 11));
        header.setFill(c.mutedText());
        VBox navigator = new VBox(header);
        navigator.setPadding(new Insets(8, 12, 8, 12));
        navigator.setPrefWidth(Math.round(size.getWidth() * preferences.navigatorDivider()));
        fill(navigator, c.subtle(), c, Side.RIGHT);
        root.setLeft(navigator);
        if (!preferences.bottomPanelHidden()) {
            double middle = size.getHeight() - MENU_BAR - TOOL_BAR - STATUS_LINE;
            Region bottom = new Region();
            bottom.setPrefHeight(Math.round(middle * (1 - preferences.bottomDivider())));
            fill(bottom, c.background(), c, Side.TOP);
            root.setBottom(new VBox(bottom, statusLine(c)));
        } else {
            root.setBottom(statusLine(c));
        }

        Scene scene = new Scene(root, size.getWidth(), size.getHeight(), c.background());
        stage.setScene(scene);
        WindowPlacement.place(stage, preferences);
        stage.show();
        return scene;
    }

    private enum Side { TOP, RIGHT, BOTTOM }

    private static Region bar(double height, Theme.FirstFrameColours c, Side line) {
        Region bar = new Region();
        bar.setMinHeight(height);
        bar.setPrefHeight(height);
        fill(bar, c.subtle(), c, line);
        return bar;
    }

    private static Node statusLine(Theme.FirstFrameColours c) {
        Text status = new Text(STARTING);
        status.setId("status-starting");
        status.setFill(c.mutedText());
        HBox line = new HBox(status);
        line.setAlignment(Pos.CENTER_LEFT);
        line.setPadding(new Insets(0, 10, 0, 10));
        line.setMinHeight(STATUS_LINE);
        line.setPrefHeight(STATUS_LINE);
        fill(line, c.subtle(), c, Side.TOP);
        return line;
    }

    /** {@code region} filled with {@code colour}, with a 1 px line of the theme's border colour on {@code side}. */
    private static void fill(Region region, Color colour, Theme.FirstFrameColours c, Side side) {
        region.setBackground(new Background(new BackgroundFill(colour, null, null)));
        BorderWidths w = new BorderWidths(side == Side.TOP ? 1 : 0, side == Side.RIGHT ? 1 : 0, side == Side.BOTTOM ? 1 : 0, 0);
        region.setBorder(new Border(new BorderStroke(c.border(), BorderStrokeStyle.SOLID, null, w)));
    }
}
