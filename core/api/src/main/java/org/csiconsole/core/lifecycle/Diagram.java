package org.csiconsole.core.lifecycle;

import java.util.List;
import java.util.Objects;

/**
 * A state diagram laid out for drawing: boxes (states) and labelled arrows (RPCs or events) at
 * fixed positions, in pixels at 100 % zoom, origin top left. The console's view and the SVG/PNG
 * exporter both draw this one model, so they show the same thing.
 *
 * @param id what the diagram shows, e.g. {@code "volume"}, {@code "snapshot"}, {@code "replication"}
 * @param title a short title, e.g. {@code "Figure 6"}
 * @param legend why this diagram (for a volume: the capabilities that chose the figure)
 * @param boxes the states
 * @param arrows the transitions
 * @param width width of the drawing in pixels
 * @param height height of the drawing in pixels
 */
public record Diagram(String id, String title, String legend, List<Box> boxes, List<Arrow> arrows, double width, double height) {
    public Diagram {
        Objects.requireNonNull(id, "id");
        title = Objects.requireNonNullElse(title, "");
        legend = Objects.requireNonNullElse(legend, "");
        boxes = List.copyOf(boxes);
        arrows = List.copyOf(arrows);
    }

    /** A point in pixels. */
    public record Point(double x, double y) {
    }

    /** Where a label sits relative to its point: starting there, centred on it, or ending there. */
    public enum Anchor { START, MIDDLE, END }

    /**
     * One state.
     *
     * @param id the state's id (for a volume: a {@link VolumeState} name)
     * @param label the text in the box ({@code "NODE_READY"}; {@code "X"} for an end box)
     * @param note a word beside an end box ({@code "not created"}); empty for a state
     * @param noteAt where the note is anchored (vertical centre); null when there is no note
     * @param noteAnchor how the note sits on {@code noteAt}
     * @param terminal true for the figures' small X boxes
     * @param x left edge
     * @param y top edge
     * @param width width
     * @param height height
     */
    public record Box(String id, String label, String note, Point noteAt, Anchor noteAnchor, boolean terminal,
                      double x, double y, double width, double height) {
        public Box {
            Objects.requireNonNull(id, "id");
            label = Objects.requireNonNullElse(label, "");
            note = Objects.requireNonNullElse(note, "");
            noteAnchor = Objects.requireNonNullElse(noteAnchor, Anchor.MIDDLE);
            if (noteAt == null) noteAt = new Point(x + width / 2, y + height + 12);
        }

        /** A state box without a note. */
        public static Box state(String id, String label, double x, double y, double width, double height) {
            return new Box(id, label, "", null, Anchor.MIDDLE, false, x, y, width, height);
        }

        public double centerX() {
            return x + width / 2;
        }

        public double centerY() {
            return y + height / 2;
        }
    }

    /**
     * One transition, drawn as a polyline with an arrow head at its last point.
     *
     * @param id the transition's id (for a volume: the RPC name, {@link Transition#id()})
     * @param label the text beside it, e.g. {@code "NodeStageVolume"}
     * @param from the box it leaves
     * @param to the box it enters (the same box for a loop)
     * @param points the polyline, at least two points
     * @param labelAt where the label is anchored
     * @param anchor how the label sits on {@code labelAt}
     * @param event true when it is not an RPC but something the plugin or array does (drawn dashed)
     */
    public record Arrow(String id, String label, String from, String to, List<Point> points, Point labelAt, Anchor anchor,
                        boolean event) {
        public Arrow {
            Objects.requireNonNull(id, "id");
            label = Objects.requireNonNullElse(label, "");
            points = List.copyOf(points);
            if (points.size() < 2) throw new IllegalArgumentException("an arrow needs two points at least");
            Objects.requireNonNull(labelAt, "labelAt");
            Objects.requireNonNull(anchor, "anchor");
        }
    }

    /** The box with {@code id}, or null. */
    public Box box(String id) {
        for (Box b : boxes) if (b.id().equals(id)) return b;
        return null;
    }

    /** The arrow with {@code id}, or null. */
    public Arrow arrow(String id) {
        for (Arrow a : arrows) if (a.id().equals(id)) return a;
        return null;
    }
}
