package org.csiconsole.core.render;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
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

    /** The Debian and Ubuntu packages of the libraries Java 2D draws text with, and of a font (fontconfig brings one). */
    static final String FONT_PACKAGES = "libfreetype6 libharfbuzz0b liblcms2-2 libfontconfig1";

    /**
     * {@inheritDoc}
     *
     * @throws CallFailure {@link FailureKind#FAILED_PRECONDITION} when Java 2D cannot measure text here:
     *     its font libraries (FreeType, HarfBuzz, Little CMS) cannot be loaded, or fontconfig finds no
     *     font, as on a server or a node installed without a desktop
     */
    @Override
    public byte[] export(Diagram diagram, DiagramOverlay overlay, String caption, Format format) {
        Objects.requireNonNull(diagram, "diagram");
        Objects.requireNonNull(format, "format");
        try {
            return switch (format) {
                case SVG -> svg(diagram, overlay, caption);
                case PNG -> png(diagram, overlay, caption);
            };
        } catch (Error e) {
            // UnsatisfiedLinkError on the first use without the libraries, NoClassDefFoundError on later
            // ones, InternalError (or Error) from the font manager when fontconfig is missing or finds no font
            boolean kind = e instanceof LinkageError || e instanceof InternalError || e.getClass() == Error.class;
            if (kind && fromJava2d(e)) throw cannotDrawText(e);
            throw e;
        }
    }

    /** Whether {@code e} or one of its causes was thrown inside Java 2D or its font code. */
    static boolean fromJava2d(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            for (StackTraceElement f : t.getStackTrace()) {
                String c = f.getClassName();
                if (c.startsWith("sun.font.") || c.startsWith("sun.java2d.") || c.startsWith("sun.awt.") || c.startsWith("java.awt.")) {
                    return true;
                }
            }
        }
        return false;
    }

    /** The failure for {@code e}, raised by Java 2D's font code: what is missing, and what to install. */
    static CallFailure cannotDrawText(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) root = root.getCause();
        String cause = root.getClass().getSimpleName() + (root.getMessage() == null ? "" : ": " + root.getMessage());
        return new CallFailure(FailureKind.FAILED_PRECONDITION, "Draw the diagram",
                "this system cannot draw text: the font libraries of Java 2D (FreeType, HarfBuzz, Little CMS) "
                        + "or a font are missing, as on a server installed without a desktop",
                "Install them (Debian and Ubuntu: sudo apt-get install " + FONT_PACKAGES
                        + "; the csi-console package recommends them), then draw again",
                cause, e);
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
