package org.csiconsole.views;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Records the warnings JavaFX's CSS engine logs (logger {@code javafx.css}): a semantic token such as
 * {@code -cc-fg-muted} that a node cannot resolve is reported there ("Could not resolve '-cc-fg-muted'
 * while resolving lookups for '-fx-text-fill' ...") and the node falls back to the default colour.
 * Open one before the scene is built and {@link #messages()} lists what was logged since, each with the
 * console's frames of the call that styled the node; close it after.
 */
public final class CssWarnings implements AutoCloseable {
    private static final Logger CSS = Logger.getLogger("javafx.css");
    private final List<String> messages = new ArrayList<>();
    private final Handler handler = new Handler() {
        @Override
        public void publish(LogRecord r) {
            if (r.getLevel().intValue() < Level.WARNING.intValue()) return;
            // The engine logs while it styles the node, on the FX thread: the console's frames say which code styled it.
            StringBuilder where = new StringBuilder();
            for (StackTraceElement e : new Throwable().getStackTrace()) {
                if (e.getClassName().startsWith("org.csiconsole.") && !e.getClassName().equals(CssWarnings.class.getName() + "$1")) {
                    where.append("\n    at ").append(e);
                }
            }
            synchronized (messages) {
                messages.add(r.getMessage() + where);
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    private CssWarnings() {
        CSS.addHandler(handler);
    }

    /** Starts recording. */
    public static CssWarnings record() {
        return new CssWarnings();
    }

    /** The CSS warnings logged since {@link #record()}, oldest first. */
    public List<String> messages() {
        synchronized (messages) {
            return List.copyOf(messages);
        }
    }

    @Override
    public void close() {
        CSS.removeHandler(handler);
    }
}
