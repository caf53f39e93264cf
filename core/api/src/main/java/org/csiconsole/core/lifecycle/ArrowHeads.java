package org.csiconsole.core.lifecycle;

/**
 * The triangle at the end of an arrow, shared by every renderer of the diagrams so the heads look
 * the same everywhere.
 */
public final class ArrowHeads {
    /** Length of a head along the line, in pixels. */
    public static final double LENGTH = 9;
    /** Half its width across the line, in pixels. */
    public static final double HALF_WIDTH = 4.5;

    private ArrowHeads() {
    }

    /**
     * The head of a line from (x1, y1) to its tip (x2, y2): {@code {tipX, tipY, leftX, leftY,
     * rightX, rightY, baseX, baseY}} in pixels, the base being where the line should stop.
     */
    public static double[] head(double x1, double y1, double x2, double y2) {
        double dx = x2 - x1;
        double dy = y2 - y1;
        double len = Math.hypot(dx, dy);
        if (len == 0) len = 1;
        double ux = dx / len;
        double uy = dy / len;
        double bx = x2 - ux * LENGTH;
        double by = y2 - uy * LENGTH;
        return new double[] {x2, y2, bx - uy * HALF_WIDTH, by + ux * HALF_WIDTH, bx + uy * HALF_WIDTH, by - ux * HALF_WIDTH, bx, by};
    }
}
