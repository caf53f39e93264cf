package org.csiconsole.app.gui;

import javafx.application.Platform;
import javafx.scene.Scene;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The workbench's first frame: runs what can wait until it is painted, and writes when that was
 * for the start-up benchmark and the package's class-data training run
 * (installer/benchmark-startup.sh, installer/cds-training.sh).
 *
 * <p>"Painted" is the end of the second pulse after the window was shown. The first pulse lays out
 * and hands the first frame to the renderer; the second one starts only once that frame is
 * rendered, so its end is the first frame painted, give or take one pulse (16.7 ms at 60 Hz).
 */
final class StartupReport {
    /**
     * The system property naming a file to append {@code painted <µs since the epoch> cpu <ms>} to
     * (the process's CPU time, user and system, up to then); off when unset.
     */
    static final String PROPERTY = "csi-console.startup.report";
    /**
     * The system property that, set to {@code true} beside {@value #PROPERTY}, ends the process
     * right after the report line is written, before anything meant for after the first frame runs
     * (the connections, the table warm-up): the class-data training run records the classes of the
     * first frame and no more (installer/cds-training.sh).
     */
    static final String EXIT_PROPERTY = "csi-console.startup.exit";

    private StartupReport() {
    }

    /**
     * Runs {@code then} on the FX thread once the first frame of {@code scene} is painted, and writes
     * the report line when {@value #PROPERTY} is set. Call on the FX thread right after the stage is shown.
     */
    static void afterFirstFrame(Scene scene, Runnable then) {
        int[] pulses = {0};
        Runnable[] listener = new Runnable[1];
        listener[0] = () -> {
            if (++pulses[0] < 2) {
                Platform.requestNextPulse();
                return;
            }
            Platform.runLater(() -> scene.removePostLayoutPulseListener(listener[0]));
            String file = System.getProperty(PROPERTY);
            if (file != null && !file.isBlank()) {
                append(Path.of(file), "painted " + ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now()) + " cpu "
                        + ProcessHandle.current().info().totalCpuDuration().map(java.time.Duration::toMillis).orElse(-1L));
                // (halt: no shutdown hook or close handler runs and loads classes of its own)
                if (Boolean.getBoolean(EXIT_PROPERTY)) Runtime.getRuntime().halt(0);
            }
            Platform.runLater(then);
        };
        scene.addPostLayoutPulseListener(listener[0]);
        Platform.requestNextPulse();
    }

    private static void append(Path file, String line) {
        try {
            Files.writeString(file, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the start-up report " + file, e);
        }
    }
}
