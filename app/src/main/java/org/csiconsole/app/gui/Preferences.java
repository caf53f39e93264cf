package org.csiconsole.app.gui;

import org.csiconsole.core.call.CallTrace;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.workbench.Workbench;

import java.util.List;
import java.util.Map;
import org.csiconsole.views.table.TableLayout;
import org.csiconsole.views.table.TableLayouts;

/**
 * What the workbench remembers between runs: theme, window bounds, the layout of the workbench.
 *
 * @param theme {@code LIGHT} or {@code DARK}
 * @param x window x in screen pixels, NaN when never saved
 * @param y window y in screen pixels, NaN when never saved
 * @param width window width in pixels
 * @param height window height in pixels
 * @param maximized whether the window was maximized
 * @param navigatorDivider navigator divider position, 0..1 of the width
 * @param bottomDivider bottom panel divider position, 0..1 of the height (kept while the panel is hidden)
 * @param bottomPanelHidden whether the bottom panel (trace, tasks, notifications) was collapsed
 * @param openViews the open centre tabs in order, as {@code Workbench} view keys ({@code start},
 *     {@code <connection name>/<RESOURCE_KIND>}); empty for the start page alone
 * @param selectedView the key of the selected centre tab, or null
 * @param tables the tables' column order, widths, visibility and sort, by view kind ({@code volumes},
 *     {@code snapshots}, ...); empty when none was changed. Column ids a table no longer has are
 *     ignored when the layout is applied
 * @param traceCapacity how many calls the call trace keeps (the trace's Keep menu), within
 *     [{@value CallTrace#MIN_CAPACITY}, {@value CallTrace#MAX_CAPACITY}]; missing or out of range
 *     gives {@value CallTrace#DEFAULT_CAPACITY}
 * @param trainingFolder the folder of scenario files the Training perspective's library reads besides the bundled
 *     scenarios, as the trainer last picked it; null for none
 */
public record Preferences(Theme theme, double x, double y, double width, double height, boolean maximized,
                          double navigatorDivider, double bottomDivider, boolean bottomPanelHidden,
                          List<String> openViews, String selectedView, Map<String, TableLayout> tables, int traceCapacity,
                          String trainingFolder) {
    private static final double DEFAULT_WIDTH = 1360;
    private static final double DEFAULT_HEIGHT = 860;
    /** Where the bottom panel's divider starts: the workbench's default. */
    static final double DEFAULT_BOTTOM_DIVIDER = Workbench.DEFAULT_BOTTOM_DIVIDER;
    static final double DEFAULT_NAVIGATOR_DIVIDER = Workbench.DEFAULT_NAVIGATOR_DIVIDER;

    public static final Preferences DEFAULTS = new Preferences(Theme.LIGHT, Double.NaN, Double.NaN,
            DEFAULT_WIDTH, DEFAULT_HEIGHT, false, DEFAULT_NAVIGATOR_DIVIDER, DEFAULT_BOTTOM_DIVIDER, false, List.of(), null, Map.of(),
            CallTrace.DEFAULT_CAPACITY, null);

    public Preferences {
        if (theme == null) theme = Theme.LIGHT;
        if (!(width >= 480)) width = DEFAULT_WIDTH;
        if (!(height >= 320)) height = DEFAULT_HEIGHT;
        navigatorDivider = clampDivider(navigatorDivider, DEFAULT_NAVIGATOR_DIVIDER);
        bottomDivider = clampDivider(bottomDivider, DEFAULT_BOTTOM_DIVIDER);
        openViews = openViews == null ? List.of() : openViews.stream().filter(v -> v != null && !v.isBlank()).toList();
        tables = tables == null ? Map.of() : new TableLayouts(tables).all();
        if (trainingFolder != null && trainingFolder.isBlank()) trainingFolder = null;
        if (traceCapacity < CallTrace.MIN_CAPACITY || traceCapacity > CallTrace.MAX_CAPACITY) traceCapacity = CallTrace.DEFAULT_CAPACITY;
    }

    private static double clampDivider(double v, double fallback) {
        return v > 0.05 && v < 0.95 ? v : fallback;
    }

    /** Whether a window position was saved. */
    public boolean hasPosition() {
        return !Double.isNaN(x) && !Double.isNaN(y);
    }

    public Preferences withTheme(Theme t) {
        return new Preferences(t, x, y, width, height, maximized, navigatorDivider, bottomDivider, bottomPanelHidden,
                openViews, selectedView, tables, traceCapacity, trainingFolder);
    }
}
