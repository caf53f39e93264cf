package org.csiconsole.app.gui;

import com.sun.javafx.perf.PerformanceTracker;
import javafx.animation.PauseTransition;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.util.Duration;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The window's first frames: runs what can wait until they are painted, and writes when that was
 * for the start-up benchmark and the package's class-data training run
 * (installer/benchmark-startup.sh, installer/cds-training.sh).
 *
 * <p>Two events, one line each: {@code window}, the start shell's first frame on the display (the
 * window has appeared, {@link StartShell}), and {@code painted}, the workbench's.
 */
final class StartupReport {
    /**
     * The system property naming a file to append {@code <event> <µs since the epoch> cpu <ms>} to
     * (the process's CPU time, user and system, up to then); off when unset.
     */
    static final String PROPERTY = "csi-console.startup.report";
    /**
     * The system property that, beside {@value #PROPERTY}, ends the process right after a report line,
     * before anything meant for after that frame runs: {@code true} or {@value #PAINTED} after the
     * workbench's (the class-data training run records the classes up to the workbench's first frame
     * and no more, installer/cds-training.sh), {@value #WINDOW} after the start shell's.
     */
    static final String EXIT_PROPERTY = "csi-console.startup.exit";
    /** The event of the start shell's first frame: the window has appeared. */
    static final String WINDOW = "window";
    /** The event of the workbench's first frame. */
    static final String PAINTED = "painted";

    private StartupReport() {
    }

    /** How long {@link #afterFirstFrame} waits for a first frame before it goes on without one: 2 s. */
    static final Duration NO_FRAME_AFTER = Duration.seconds(2);

    /**
     * Runs {@code then} on the FX thread once the first frame of {@code scene} is on the display, and
     * writes the {@code event} line ({@link #WINDOW} or {@link #PAINTED}) then when {@value #PROPERTY}
     * is set. Call on the FX thread right after the scene is shown. Should no frame be rendered within
     * {@link #NO_FRAME_AFTER} (a window manager that keeps the window unmapped, say), {@code then}
     * runs all the same: the start never waits on the renderer for good.
     *
     * <p>"On the display": JavaFX's renderer has finished the scene's first frame (its performance
     * tracker's rendered-frame callback, on the renderer's thread) and the FX thread has then come
     * back to the toolkit's event loop. With the software pipeline (no GPU: virtual machines, remote
     * desktops, Xvfb) the renderer only queues the frame's pixels for the FX thread to hand to the
     * window, so a frame counted as rendered while the FX thread stays busy reaches nobody's eyes; the
     * callback's task is queued behind that upload.
     */
    static void afterFirstFrame(Scene scene, String event, Runnable then) {
        AtomicBoolean done = new AtomicBoolean();
        PauseTransition noFrame = new PauseTransition(NO_FRAME_AFTER);
        Runnable finish = () -> {
            if (done.getAndSet(true)) return;
            noFrame.stop();
            PerformanceTracker.releaseSceneTracker(scene);
            String file = System.getProperty(PROPERTY);
            if (file != null && !file.isBlank()) {
                append(Path.of(file), event + " " + ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now()) + " cpu "
                        + ProcessHandle.current().info().totalCpuDuration().map(java.time.Duration::toMillis).orElse(-1L));
                // (halt: no shutdown hook or close handler runs and loads classes of its own)
                String exitAt = System.getProperty(EXIT_PROPERTY, "");
                if (event.equals(exitAt) || PAINTED.equals(event) && "true".equals(exitAt)) Runtime.getRuntime().halt(0);
            }
            then.run();
        };
        AtomicBoolean first = new AtomicBoolean(true);
        PerformanceTracker.getSceneTracker(scene).setOnRenderedFrameTask(() -> {
            if (first.getAndSet(false)) Platform.runLater(finish);
        });
        noFrame.setOnFinished(e -> finish.run());
        noFrame.play();
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
