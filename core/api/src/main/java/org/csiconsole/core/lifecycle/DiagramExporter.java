package org.csiconsole.core.lifecycle;

/**
 * Draws a {@link Diagram} with its {@link DiagramOverlay} into a file format for runbooks and
 * slides, headless (no UI toolkit). The application provides the implementation; the view and the
 * command line export through it, so both draw what the view shows.
 */
public interface DiagramExporter {

    /** The formats a diagram exports to. */
    enum Format {
        /** Scalable Vector Graphics 1.1, UTF-8 text; every state and label is a {@code <text>} element. */
        SVG("svg"),
        /** Portable Network Graphics at twice the diagram's size in pixels. */
        PNG("png");

        private final String extension;

        Format(String extension) {
            this.extension = extension;
        }

        /** The file name extension, without the dot. */
        public String extension() {
            return extension;
        }
    }

    /**
     * The diagram in {@code format}, with {@code caption} (what it shows and when, e.g.
     * {@code "Volume pvc-1 · 2025-03-01 14:05:09 UTC · Figure 6 · exact"}) under the drawing and
     * the legend below it.
     *
     * @return the file's bytes (SVG as UTF-8)
     * @throws org.csiconsole.core.call.CallFailure {@link org.csiconsole.core.call.FailureKind#FAILED_PRECONDITION}
     *     when this system cannot draw text (no font libraries or no font, as on a server without a desktop)
     */
    byte[] export(Diagram diagram, DiagramOverlay overlay, String caption, Format format);
}
