package org.csiconsole.views.workbench;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.layout.Background;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.layout.Border;
import javafx.scene.layout.BorderStroke;
import javafx.scene.layout.BorderStrokeStyle;
import javafx.scene.layout.BorderWidths;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.scene.paint.Color;
import javafx.scene.text.Text;
import org.csiconsole.views.theme.Theme;

/**
 * The outline of the workbench's frame drawn before its controls: its menu and tool bars, the bottom
 * panel and the status line as filled panes with their 1 px lines and, in the status line,
 * "Starting CSI Console…". Panes, shapes and text only, in the theme's first-frame colours
 * ({@link Theme#firstFrame()}): a control would make JavaFX load a user-agent stylesheet and build
 * its skin before the frame. The start shell draws the window's first frame with it, and the
 * workbench its own first frame until {@link Workbench#finishStart()} puts the controls in the same
 * places (docs/benchmarks.md, "The window's first frame").
 */
public final class FrameOutline {
    /** The status line's text while the workbench is built. */
    public static final String STARTING = "Starting CSI Console\u2026";
    /** Heights in pixels of the workbench's menu bar and tool bar (each with its 1 px bottom line) and status line. */
    public static final double MENU_BAR = 38, TOOL_BAR = 40, STATUS_LINE = 27;

    /** Which edge of an outlined pane carries its 1 px line. */
    public enum Side { TOP, RIGHT, BOTTOM }

    private FrameOutline() {
    }

    /** The menu bar's and the tool bar's outlines, one above the other: {@link #MENU_BAR} + {@link #TOOL_BAR} px high. */
    public static VBox bars(Theme.FirstFrameColours c) {
        VBox bars = new VBox(bar(MENU_BAR, c), bar(TOOL_BAR, c));
        bars.setId("outline-bars");
        return bars;
    }

    /** The status line's outline, {@link #STATUS_LINE} px high, saying {@link #STARTING} (node id {@code status-starting}). */
    public static HBox statusLine(Theme.FirstFrameColours c) {
        Text status = new Text(STARTING);
        status.setId("status-starting");
        status.setFill(c.mutedText());
        HBox line = new HBox(status);
        line.setId("outline-status");
        line.setAlignment(Pos.CENTER_LEFT);
        line.setPadding(new Insets(0, 10, 0, 10));
        fixHeight(line, STATUS_LINE);
        fill(line, c.subtle(), c, Side.TOP);
        return line;
    }

    /** The bottom panel's outline: the theme's background under a 1 px line; as high as its parent makes it. */
    public static Region bottomPanel(Theme.FirstFrameColours c) {
        Region bottom = new Region();
        bottom.setId("outline-bottom-panel");
        fill(bottom, c.background(), c, Side.TOP);
        return bottom;
    }

    /** {@code region} filled with {@code colour}, with a 1 px line of the theme's border colour on {@code side}. */
    public static void fill(Region region, Color colour, Theme.FirstFrameColours c, Side side) {
        region.setBackground(new Background(new BackgroundFill(colour, null, null)));
        BorderWidths w = new BorderWidths(side == Side.TOP ? 1 : 0, side == Side.RIGHT ? 1 : 0, side == Side.BOTTOM ? 1 : 0, 0);
        region.setBorder(new Border(new BorderStroke(c.border(), BorderStrokeStyle.SOLID, null, w)));
    }

    private static Region bar(double height, Theme.FirstFrameColours c) {
        Region bar = new Region();
        fixHeight(bar, height);
        fill(bar, c.subtle(), c, Side.BOTTOM);
        return bar;
    }

    private static void fixHeight(Region region, double height) {
        region.setMinHeight(height);
        region.setPrefHeight(height);
    }
}
