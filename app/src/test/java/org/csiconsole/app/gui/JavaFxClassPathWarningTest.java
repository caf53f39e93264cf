package org.csiconsole.app.gui;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import static org.assertj.core.api.Assertions.assertThat;

class JavaFxClassPathWarningTest {
    private final Logger javafx = Logger.getLogger(JavaFxClassPathWarning.LOGGER);
    private final List<String> seen = new ArrayList<>();
    /** Other tests in this JVM may still render (and log CSS warnings) on the FX thread: keep this thread's records. */
    private final long thisThread = Thread.currentThread().getId();
    /** The filter an earlier start in this JVM may have left on the logger: put back afterwards. */
    private final java.util.logging.Filter before = javafx.getFilter();
    private final Handler capture = new Handler() {
        @Override
        public void publish(LogRecord record) {
            if (record.getLongThreadID() == thisThread) {
                seen.add(record.getMessage());
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    @AfterEach
    void restore() {
        javafx.removeHandler(capture);
        javafx.setFilter(before);
    }

    @Test
    void theClassPathWarningIsLeftOutAndJavaFxsOtherWarningsPass() {
        javafx.addHandler(capture);
        javafx.setFilter(null); // as in a fresh JVM, whatever ran in this one before
        // as JavaFX logs it: through System.Logger, which java.util.logging backs
        System.Logger logger = System.getLogger(JavaFxClassPathWarning.LOGGER);
        String classPath = "Unsupported JavaFX configuration: classes were loaded from 'unnamed module @4973813a'";
        logger.log(System.Logger.Level.WARNING, classPath);
        assertThat(seen).as("before").containsExactly(classPath);

        JavaFxClassPathWarning.leaveOut();
        logger.log(System.Logger.Level.WARNING, classPath);
        logger.log(System.Logger.Level.WARNING, "Unsupported JavaFX configuration: glass GTK 2 is not supported");
        assertThat(seen).containsExactly(classPath, "Unsupported JavaFX configuration: glass GTK 2 is not supported");
    }
}
