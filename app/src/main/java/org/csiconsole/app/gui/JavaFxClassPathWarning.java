package org.csiconsole.app.gui;

import java.util.logging.Logger;

/**
 * JavaFX warns at every start, on stderr, that its classes were loaded from the class path
 * ({@code Unsupported JavaFX configuration: classes were loaded from 'unnamed module @…'}). The
 * console runs JavaFX from the class path on purpose: its main class is not an
 * {@code Application}, and the package's launcher and class-data archive are built that way
 * (installer/README.md). So a person who starts the workbench from a terminal is not shown that
 * warning; every other message of JavaFX's logger still reaches stderr.
 */
public final class JavaFxClassPathWarning {
    /** The java.util.logging logger JavaFX's own messages go to. */
    static final String LOGGER = "javafx";
    /** The start of the one message left out. */
    static final String MESSAGE = "Unsupported JavaFX configuration: classes were loaded from 'unnamed module";

    // held here: java.util.logging keeps its loggers weakly, and a collected logger loses its filter
    private static final Logger JAVAFX = Logger.getLogger(LOGGER);

    private JavaFxClassPathWarning() {
    }

    /** Leaves the class-path warning out of JavaFX's log; call before JavaFX starts. Idempotent. */
    public static void leaveOut() {
        JAVAFX.setFilter(r -> r.getMessage() == null || !r.getMessage().startsWith(MESSAGE));
    }
}
