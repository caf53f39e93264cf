package org.csiconsole.core.render;

import org.csiconsole.core.lifecycle.ArrowHeads;
import org.csiconsole.core.lifecycle.Diagram;
import org.csiconsole.core.lifecycle.DiagramOverlay;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.awt.FontMetrics;
import java.awt.Graphics2D;
import java.awt.RenderingHints;
import java.awt.geom.Line2D;
import java.awt.geom.Path2D;
import java.awt.geom.RoundRectangle2D;
import java.util.ArrayList;
import java.util.List;

/**
 * Draws a {@link Diagram} with its {@link DiagramOverlay} on a Java 2D {@link Graphics2D}: the
 * states as rounded boxes (the subject's state highlighted, the names on it below its label), the
 * figures' X boxes, the transitions as polylines with arrow heads and labels (legal ones in the
 * accent colour, illegal ones muted, a failed one red with its code and message, events dashed),
 * then a caption, the legend and the live status under the drawing. Light colours, for paper and
 * slides; sizes in pixels.
 */
final class DiagramPainter {
    static final Color BACKGROUND = new Color(0xffffff);
    static final Color TEXT = new Color(0x1f2328);
    static final Color MUTED = new Color(0x8c959f);
    static final Color LINE = new Color(0x57606a);
    static final Color ACCENT = new Color(0x0969da);
    static final Color ACCENT_FILL = new Color(0xddf4ff);
    static final Color SUCCESS = new Color(0x1a7f37);
    static final Color DANGER = new Color(0xcf222e);
    static final Color BOX_FILL = new Color(0xf6f8fa);
    static final Color BOX_LINE = new Color(0xd0d7de);
    static final String FONT = Font.SANS_SERIF;
    static final double CAPTION_GAP = 8;

    private final Diagram diagram;
    private final DiagramOverlay overlay;
    private final List<String> captionLines;
    private final List<String> legendLines;
    private final List<String> statusLines;

    DiagramPainter(Diagram diagram, DiagramOverlay overlay, String caption, Graphics2D measure) {
        this.diagram = diagram;
        this.overlay = overlay == null ? DiagramOverlay.NONE : overlay;
        // The caption wraps within the picture like the legend: a long volume name and the time read whole.
        measure.setFont(font(Font.BOLD, 12));
        this.captionLines = wrap(caption == null ? "" : caption, measure.getFontMetrics(), diagram.width() - 48);
        measure.setFont(font(Font.PLAIN, 11));
        this.legendLines = wrap(diagram.legend(), measure.getFontMetrics(), diagram.width() - 48);
        measure.setFont(font(Font.ITALIC, 11));
        this.statusLines = this.overlay.status().isEmpty() ? List.of()
                : wrap("Live state: " + this.overlay.status(), measure.getFontMetrics(), diagram.width() - 48);
    }

    /** Width of the whole picture in pixels. */
    double width() {
        return diagram.width();
    }

    /** Height of the whole picture in pixels: the drawing, the caption, the legend and the status. */
    double height() {
        return diagram.height() + CAPTION_GAP + 2 + Math.max(1, captionLines.size()) * 16 + legendLines.size() * 15 + statusLines.size() * 15 + 18;
    }

    void paint(Graphics2D g) {
        g.setRenderingHint(RenderingHints.KEY_ANTIALIASING, RenderingHints.VALUE_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_TEXT_ANTIALIASING, RenderingHints.VALUE_TEXT_ANTIALIAS_ON);
        g.setRenderingHint(RenderingHints.KEY_STROKE_CONTROL, RenderingHints.VALUE_STROKE_PURE);
        g.setColor(BACKGROUND);
        g.fill(new java.awt.geom.Rectangle2D.Double(0, 0, width(), height()));
        g.setColor(TEXT);
        g.setFont(font(Font.BOLD, 14));
        g.drawString(diagram.title(), 24f, 24f);
        for (Diagram.Arrow a : diagram.arrows()) paintArrow(g, a);
        for (Diagram.Box b : diagram.boxes()) paintBox(g, b);
        double y = diagram.height() + CAPTION_GAP;
        g.setColor(BOX_LINE);
        g.draw(new Line2D.Double(24, y, width() - 24, y));
        g.setColor(TEXT);
        g.setFont(font(Font.BOLD, 12));
        for (String line : captionLines) {
            y += 16;
            g.drawString(line, 24f, (float) y);
        }
        if (captionLines.isEmpty()) y += 16;
        g.setFont(font(Font.PLAIN, 11));
        g.setColor(LINE);
        for (String line : legendLines) {
            y += 15;
            g.drawString(line, 24f, (float) y);
        }
        g.setFont(font(Font.ITALIC, 11));
        for (String line : statusLines) {
            y += 15;
            g.drawString(line, 24f, (float) y);
        }
    }

    private void paintBox(Graphics2D g, Diagram.Box b) {
        boolean current = overlay.current().contains(b.id());
        if (b.terminal()) {
            g.setColor(current ? ACCENT_FILL : BACKGROUND);
            java.awt.geom.Rectangle2D r = new java.awt.geom.Rectangle2D.Double(b.x(), b.y(), b.width(), b.height());
            g.fill(r);
            g.setColor(current ? ACCENT : LINE);
            g.setStroke(new BasicStroke(current ? 2f : 1.2f));
            g.draw(r);
            double p = 8;
            g.draw(new Line2D.Double(b.x() + p, b.y() + p, b.x() + b.width() - p, b.y() + b.height() - p));
            g.draw(new Line2D.Double(b.x() + b.width() - p, b.y() + p, b.x() + p, b.y() + b.height() - p));
            if (!b.note().isEmpty()) {
                g.setFont(font(Font.PLAIN, 11));
                g.setColor(current ? ACCENT : LINE);
                text(g, b.note(), b.noteAt(), b.noteAnchor());
            }
            return;
        }
        RoundRectangle2D r = new RoundRectangle2D.Double(b.x(), b.y(), b.width(), b.height(), 12, 12);
        g.setColor(current ? ACCENT_FILL : BOX_FILL);
        g.fill(r);
        g.setColor(current ? ACCENT : BOX_LINE);
        g.setStroke(new BasicStroke(current ? 2.2f : 1.2f));
        g.draw(r);
        List<String> names = overlay.badges().getOrDefault(b.id(), List.of());
        g.setColor(current ? ACCENT : TEXT);
        g.setFont(font(Font.BOLD, 13));
        double labelY = names.isEmpty() ? b.centerY() : b.y() + 15;
        text(g, b.label(), new Diagram.Point(b.centerX(), labelY), Diagram.Anchor.MIDDLE);
        if (!names.isEmpty()) {
            g.setFont(font(Font.PLAIN, 11));
            g.setColor(current ? ACCENT : LINE);
            text(g, fit(String.join(", ", names), g.getFontMetrics(), b.width() - 12), new Diagram.Point(b.centerX(), b.y() + 32),
                    Diagram.Anchor.MIDDLE);
        }
    }

    private void paintArrow(Graphics2D g, Diagram.Arrow a) {
        DiagramOverlay.Mark mark = overlay.mark(a.id());
        DiagramOverlay.Kind kind = mark == null ? null : mark.kind();
        Color c = kind == null ? LINE : switch (kind) {
            case LEGAL -> ACCENT;
            case ILLEGAL -> MUTED;
            case TAKEN -> SUCCESS;
            case FAILED -> DANGER;
        };
        float w = kind == DiagramOverlay.Kind.TAKEN || kind == DiagramOverlay.Kind.FAILED ? 2.2f : kind == DiagramOverlay.Kind.LEGAL ? 1.8f : 1.3f;
        g.setColor(c);
        g.setStroke(a.event() ? new BasicStroke(w, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {5f, 4f}, 0f)
                : new BasicStroke(w, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER));
        Path2D line = new Path2D.Double();
        List<Diagram.Point> pts = a.points();
        Diagram.Point last = pts.get(pts.size() - 1);
        Diagram.Point prev = pts.get(pts.size() - 2);
        double[] head = ArrowHeads.head(prev.x(), prev.y(), last.x(), last.y());
        line.moveTo(pts.get(0).x(), pts.get(0).y());
        for (int i = 1; i < pts.size() - 1; i++) line.lineTo(pts.get(i).x(), pts.get(i).y());
        line.lineTo(head[6], head[7]); // stop at the head's base, so a thick line does not poke through its tip
        g.draw(line);
        Path2D tip = new Path2D.Double();
        tip.moveTo(head[0], head[1]);
        tip.lineTo(head[2], head[3]);
        tip.lineTo(head[4], head[5]);
        tip.closePath();
        g.fill(tip);
        g.setFont(font(kind == DiagramOverlay.Kind.LEGAL || kind == DiagramOverlay.Kind.TAKEN ? Font.BOLD : Font.PLAIN, 12));
        g.setColor(kind == DiagramOverlay.Kind.ILLEGAL ? MUTED : kind == null ? TEXT : c);
        text(g, a.label(), a.labelAt(), a.anchor());
        if (kind == DiagramOverlay.Kind.FAILED && !mark.text().isEmpty()) {
            g.setFont(font(Font.PLAIN, 10));
            g.setColor(DANGER);
            text(g, fit(mark.text(), g.getFontMetrics(), 200), new Diagram.Point(a.labelAt().x(), a.labelAt().y() + 14), a.anchor());
        }
    }

    /** Draws {@code s} with its vertical centre on {@code at}, placed by {@code anchor}. */
    private static void text(Graphics2D g, String s, Diagram.Point at, Diagram.Anchor anchor) {
        FontMetrics fm = g.getFontMetrics();
        int w = fm.stringWidth(s);
        double x = switch (anchor) {
            case START -> at.x();
            case MIDDLE -> at.x() - w / 2.0;
            case END -> at.x() - w;
        };
        double baseline = at.y() + (fm.getAscent() - fm.getDescent()) / 2.0;
        g.drawString(s, (float) x, (float) baseline);
    }

    static Font font(int style, int size) {
        return new Font(FONT, style, size);
    }

    /** {@code s} cut with an ellipsis to fit {@code width} pixels. */
    static String fit(String s, FontMetrics fm, double width) {
        if (fm.stringWidth(s) <= width) return s;
        String t = s;
        while (!t.isEmpty() && fm.stringWidth(t + "\u2026") > width) t = t.substring(0, t.length() - 1);
        return t + "\u2026";
    }

    /** {@code text} broken into lines of at most {@code width} pixels, at spaces. */
    static List<String> wrap(String text, FontMetrics fm, double width) {
        List<String> lines = new ArrayList<>();
        if (text == null || text.isBlank()) return lines;
        StringBuilder line = new StringBuilder();
        for (String word : text.split("\\s+")) {
            String candidate = line.isEmpty() ? word : line + " " + word;
            if (fm.stringWidth(candidate) > width && !line.isEmpty()) {
                lines.add(line.toString());
                line = new StringBuilder(word);
            } else {
                line = new StringBuilder(candidate);
            }
        }
        if (!line.isEmpty()) lines.add(line.toString());
        return lines;
    }
}
