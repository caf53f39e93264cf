package org.csiconsole.app.gui;

import org.csiconsole.views.theme.Theme;

/**
 * What the workbench remembers between runs: theme, window bounds, divider positions.
 *
 * @param theme {@code LIGHT} or {@code DARK}
 * @param x window x in screen pixels, NaN when never saved
 * @param y window y in screen pixels, NaN when never saved
 * @param width window width in pixels
 * @param height window height in pixels
 * @param maximized whether the window was maximized
 * @param navigatorDivider navigator divider position, 0..1 of the width
 * @param bottomDivider bottom panel divider position, 0..1 of the height
 */
public record Preferences(Theme theme, double x, double y, double width, double height, boolean maximized,
                          double navigatorDivider, double bottomDivider) {
    private static final double DEFAULT_WIDTH = 1360;
    private static final double DEFAULT_HEIGHT = 860;

    public static final Preferences DEFAULTS = new Preferences(Theme.LIGHT, Double.NaN, Double.NaN,
            DEFAULT_WIDTH, DEFAULT_HEIGHT, false, 0.2, 0.58);

    public Preferences {
        if (theme == null) theme = Theme.LIGHT;
        if (!(width >= 480)) width = DEFAULT_WIDTH;
        if (!(height >= 320)) height = DEFAULT_HEIGHT;
        navigatorDivider = clampDivider(navigatorDivider, 0.2);
        bottomDivider = clampDivider(bottomDivider, 0.58);
    }

    private static double clampDivider(double v, double fallback) {
        return v > 0.05 && v < 0.95 ? v : fallback;
    }

    /** Whether a window position was saved. */
    public boolean hasPosition() {
        return !Double.isNaN(x) && !Double.isNaN(y);
    }

    public Preferences withTheme(Theme t) {
        return new Preferences(t, x, y, width, height, maximized, navigatorDivider, bottomDivider);
    }
}
