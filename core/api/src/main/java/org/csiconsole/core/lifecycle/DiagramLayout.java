package org.csiconsole.core.lifecycle;

import org.csiconsole.core.lifecycle.Diagram.Anchor;
import org.csiconsole.core.lifecycle.Diagram.Arrow;
import org.csiconsole.core.lifecycle.Diagram.Box;
import org.csiconsole.core.lifecycle.Diagram.Point;

import java.util.ArrayList;
import java.util.List;

/**
 * Lays out the volume lifecycle as the CSI spec v1.12 draws figures 5 to 8: the states in one
 * column from top to bottom, each pair joined by two vertical arrows (the call down on the left,
 * its reverse up on the right, labels outside), the two X boxes left and right of the top state
 * with the entry and exit calls as elbows (figures 5, 6, 7), or side by side above the column
 * (figure 8), and figure 7's ValidateVolumeCapabilities as a loop under the initial X.
 *
 * <p>Sizes are in pixels at 100 % zoom; label widths are estimated from their length (about 0.58
 * of the font size per character), so the layout does not depend on a font being installed.
 */
public final class DiagramLayout {
    /** Font size of arrow labels, in pixels. */
    public static final double LABEL_PX = 12;
    /** Font size of state names, in pixels. */
    public static final double STATE_PX = 13;
    static final double MARGIN = 24;
    static final double BOX_W = 168;
    static final double BOX_H = 44;
    static final double X_SIZE = 30;
    static final double ARROW_DX = 24;
    static final double ROW_GAP = 76;
    static final double TOP = 44;

    private DiagramLayout() {
    }

    /** Estimated width in pixels of {@code text} at {@code px}. */
    public static double textWidth(String text, double px) {
        return text.length() * px * 0.58;
    }

    /** The volume lifecycle of {@code lc} as its spec figure lays it out. */
    public static Diagram volume(VolumeLifecycle lc) {
        List<VolumeState> chain = lc.chain();
        boolean sideBoxes = lc.createDelete() || lc.publishUnpublish();
        boolean validate = lc.transition(LifecycleCall.VALIDATE_VOLUME_CAPABILITIES) != null;
        double labelW = 0;
        for (Transition t : lc.transitions()) labelW = Math.max(labelW, textWidth(t.id(), LABEL_PX));
        double cx = MARGIN + X_SIZE + 24 + labelW + 8 + ARROW_DX;
        if (validate) cx = Math.max(cx, MARGIN + textWidth(LifecycleCall.VALIDATE_VOLUME_CAPABILITIES.rpc(), LABEL_PX) + 12 + BOX_W / 2);
        double width = 2 * cx;
        double chainTop = sideBoxes ? TOP : TOP + X_SIZE + 70;

        List<Box> boxes = new ArrayList<>();
        List<Arrow> arrows = new ArrayList<>();
        for (int i = 0; i < chain.size(); i++) {
            VolumeState s = chain.get(i);
            boxes.add(Box.state(s.name(), s.specName(), cx - BOX_W / 2, rowY(chainTop, i), BOX_W, BOX_H));
        }
        Box top = boxes.get(0);
        Box start;
        Box end;
        if (sideBoxes) {
            double xy = top.y() + BOX_H + 26;
            start = new Box(VolumeState.INITIAL.name(), "X", validate ? "" : lc.createDelete() ? "not created" : "pre-provisioned",
                    new Point(MARGIN + X_SIZE / 2, xy + X_SIZE + 12), Anchor.MIDDLE, true, MARGIN, xy, X_SIZE, X_SIZE);
            end = new Box(VolumeState.FINAL.name(), "X", lc.createDelete() ? "deleted" : "unpublished",
                    new Point(width - MARGIN - X_SIZE / 2, xy + X_SIZE + 12), Anchor.MIDDLE, true, width - MARGIN - X_SIZE, xy, X_SIZE, X_SIZE);
        } else {
            double xy = TOP;
            start = new Box(VolumeState.INITIAL.name(), "X", "available", new Point(cx - ARROW_DX - X_SIZE / 2 - 8, xy + X_SIZE / 2),
                    Anchor.END, true, cx - ARROW_DX - X_SIZE / 2, xy, X_SIZE, X_SIZE);
            end = new Box(VolumeState.FINAL.name(), "X", "released", new Point(cx + ARROW_DX + X_SIZE / 2 + 8, xy + X_SIZE / 2),
                    Anchor.START, true, cx + ARROW_DX - X_SIZE / 2, xy, X_SIZE, X_SIZE);
        }
        boxes.add(0, start);
        boxes.add(end);

        for (Transition t : lc.transitions()) {
            arrows.add(arrow(t, lc, boxes, cx, width, sideBoxes));
        }
        double height = boxes.stream().mapToDouble(b -> b.y() + b.height()).max().orElse(0) + MARGIN;
        if (validate) height = Math.max(height, start.y() + X_SIZE + 26 + 14 + 8 + MARGIN);
        return new Diagram("volume", lc.title(), lc.reason(), boxes, arrows, width, height);
    }

    private static double rowY(double chainTop, int i) {
        return chainTop + i * (BOX_H + ROW_GAP);
    }

    private static Arrow arrow(Transition t, VolumeLifecycle lc, List<Box> boxes, double cx, double width, boolean sideBoxes) {
        Box from = find(boxes, t.from());
        Box to = find(boxes, t.to());
        String id = t.id();
        if (t.loop()) {
            double l = from.x() + 8;
            double r = from.x() + from.width() - 8;
            double b = from.y() + from.height();
            return new Arrow(id, id, from.id(), to.id(), List.of(new Point(l, b), new Point(l, b + 26), new Point(r, b + 26), new Point(r, b)),
                    new Point(from.x() - 4, b + 26 + 14), Anchor.START, false);
        }
        if (sideBoxes && t.from() == VolumeState.INITIAL) {
            double y = to.centerY();
            return new Arrow(id, id, from.id(), to.id(), List.of(new Point(from.centerX(), from.y()), new Point(from.centerX(), y),
                    new Point(to.x(), y)), new Point(to.x() - 6, y - 13), Anchor.END, false);
        }
        if (sideBoxes && t.to() == VolumeState.FINAL) {
            double y = from.centerY();
            double right = from.x() + from.width();
            return new Arrow(id, id, from.id(), to.id(), List.of(new Point(right, y), new Point(to.centerX(), y),
                    new Point(to.centerX(), to.y())), new Point(right + 6, y - 13), Anchor.START, false);
        }
        // A vertical step: down on the left, up on the right.
        boolean down = t.to().ordinal() > t.from().ordinal() && t.to() != VolumeState.FINAL || t.from() == VolumeState.INITIAL;
        double x = down ? cx - ARROW_DX : cx + ARROW_DX;
        Box upper = down ? from : to;
        Box lower = down ? to : from;
        double y1 = upper.y() + upper.height();
        double y2 = lower.y();
        List<Point> pts = down ? List.of(new Point(x, y1), new Point(x, y2)) : List.of(new Point(x, y2), new Point(x, y1));
        Point label = down ? new Point(x - 8, (y1 + y2) / 2) : new Point(x + 8, (y1 + y2) / 2);
        return new Arrow(id, id, from.id(), to.id(), pts, label, down ? Anchor.END : Anchor.START, false);
    }

    private static Box find(List<Box> boxes, VolumeState s) {
        for (Box b : boxes) if (b.id().equals(s.name())) return b;
        throw new IllegalStateException("no box for " + s);
    }
}
