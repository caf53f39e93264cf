package org.csiconsole.core.render;

import org.csiconsole.core.lifecycle.Diagram;
import org.csiconsole.core.lifecycle.DiagramExporter;
import org.csiconsole.core.lifecycle.DiagramOverlay;
import org.jfree.svg.SVGGraphics2D;
import org.jfree.svg.SVGUnits;

import javax.imageio.ImageIO;
import java.awt.Graphics2D;
import java.awt.image.BufferedImage;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Objects;

/**
 * Exports diagrams headless with Java 2D: SVG through JFreeSVG's {@link SVGGraphics2D} (text stays
 * text, so every state and call can be searched and read), PNG through a {@link BufferedImage} at
 * twice the size in pixels and {@link ImageIO}. One painter draws both.
 */
public final class Java2dDiagramExporter implements DiagramExporter {
    /** Pixels per diagram pixel in a PNG. */
    public static final int PNG_SCALE = 2;

    @Override
    public byte[] export(Diagram diagram, DiagramOverlay overlay, String caption, Format format) {
        Objects.requireNonNull(diagram, "diagram");
        Objects.requireNonNull(format, "format");
        return switch (format) {
            case SVG -> svg(diagram, overlay, caption);
            case PNG -> png(diagram, overlay, caption);
        };
    }

    private static byte[] svg(Diagram diagram, DiagramOverlay overlay, String caption) {
        BufferedImage scratch = new BufferedImage(1, 1, BufferedImage.TYPE_INT_ARGB);
        Graphics2D measure = scratch.createGraphics();
        DiagramPainter painter = new DiagramPainter(diagram, overlay, caption, measure);
        measure.dispose();
        SVGGraphics2D g = new SVGGraphics2D(Math.ceil(painter.width()), Math.ceil(painter.height()), SVGUnits.PX);
        painter.paint(g);
        String doc = g.getSVGDocument(); // with its XML declaration
        return doc.getBytes(StandardCharsets.UTF_8);
    }

    private static byte[] png(Diagram diagram, DiagramOverlay overlay, String caption) {
        BufferedImage scratch = new BufferedImage(1, 1, BufferedImage.TYPE_INT_ARGB);
        Graphics2D measure = scratch.createGraphics();
        DiagramPainter painter = new DiagramPainter(diagram, overlay, caption, measure);
        measure.dispose();
        int w = (int) Math.ceil(painter.width() * PNG_SCALE);
        int h = (int) Math.ceil(painter.height() * PNG_SCALE);
        BufferedImage image = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        Graphics2D g = image.createGraphics();
        try {
            g.scale(PNG_SCALE, PNG_SCALE);
            painter.paint(g);
        } finally {
            g.dispose();
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            ImageIO.write(image, "png", out);
        } catch (IOException e) {
            throw new UncheckedIOException("PNG encoding failed", e);
        }
        return out.toByteArray();
    }
}
