package org.csiconsole.app.gui;

import javafx.animation.PauseTransition;
import javafx.beans.property.IntegerProperty;
import javafx.beans.value.ChangeListener;
import javafx.beans.value.ObservableValue;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.util.Duration;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.ResourceKind;

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
            if (TRACKER_READABLE) RenderedFrames.release(scene);
            if (record(event + " " + ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now()) + " cpu "
                    + ProcessHandle.current().info().totalCpuDuration().map(java.time.Duration::toMillis).orElse(-1L))) {
                // (halt: no shutdown hook or close handler runs and loads classes of its own)
                String exitAt = System.getProperty(EXIT_PROPERTY, "");
                if (event.equals(exitAt) || PAINTED.equals(event) && "true".equals(exitAt)) Runtime.getRuntime().halt(0);
            }
            then.run();
        };
        if (TRACKER_READABLE) {
            RenderedFrames.onFirst(scene, () -> Platform.runLater(finish));
        } else {
            // JavaFX on the module path (the javafx:run goal without the launch's --add-exports): the first
            // layout pass of the shown scene, then the FX thread's return to the event loop, a frame later
            // at most than the renderer's own callback
            AtomicBoolean first = new AtomicBoolean(true);
            Runnable pulse = new Runnable() {
                @Override
                public void run() {
                    if (!first.getAndSet(false)) return;
                    scene.removePostLayoutPulseListener(this);
                    Platform.runLater(finish);
                }
            };
            scene.addPostLayoutPulseListener(pulse);
        }
        noFrame.setOnFinished(e -> finish.run());
        noFrame.play();
        Platform.requestNextPulse();
    }

    /** The event of a connection's first volume count: {@code volumes <count> <connection name>}. */
    static final String VOLUMES = "volumes";

    /**
     * Writes {@code volumes <count> <connection name>} to the report once the connection's volumes
     * have been counted (a count of 0 or more; not "unknown" or "cannot list"), so a launch check can
     * tell that the workbench not only opened but listed a connection's volumes. Nothing when
     * {@value #PROPERTY} is unset. FX thread.
     */
    static void reportVolumes(ConnectionModel connection) {
        if (System.getProperty(PROPERTY, "").isBlank()) return;
        IntegerProperty count = connection.count(ResourceKind.VOLUMES);
        ChangeListener<Number> once = new ChangeListener<>() {
            @Override
            public void changed(ObservableValue<? extends Number> o, Number before, Number now) {
                if (now.intValue() < 0) return;
                count.removeListener(this);
                record(VOLUMES + " " + now.intValue() + " " + connection.name());
            }
        };
        count.addListener(once);
        if (count.get() >= 0) once.changed(count, count.get(), count.get());
    }

    /**
     * Appends {@code line} to the report file when {@value #PROPERTY} is set.
     *
     * @return true when a report file is set (and the line was written)
     * @throws UncheckedIOException when the file cannot be written
     */
    static boolean record(String line) {
        String file = System.getProperty(PROPERTY);
        if (file == null || file.isBlank()) return false;
        append(Path.of(file), line);
        return true;
    }

    /**
     * True when JavaFX's performance tracker ({@code com.sun.javafx.perf}, not exported by the
     * {@code javafx.graphics} module) can be used from here: always with JavaFX on the class path, as
     * the launchers start it; on the module path only with {@code --add-exports
     * javafx.graphics/com.sun.javafx.perf=ALL-UNNAMED}. Without it the first frame is taken from the
     * scene's first layout pulse instead, so no launch path fails on an internal API.
     */
    static final boolean TRACKER_READABLE =
            Scene.class.getModule().isExported("com.sun.javafx.perf", StartupReport.class.getModule());

    /** The one use of the internal tracker, in a class of its own: loaded only when {@link #TRACKER_READABLE}. */
    private static final class RenderedFrames {
        static void onFirst(Scene scene, Runnable task) {
            AtomicBoolean first = new AtomicBoolean(true);
            com.sun.javafx.perf.PerformanceTracker.getSceneTracker(scene).setOnRenderedFrameTask(() -> {
                if (first.getAndSet(false)) task.run();
            });
        }

        static void release(Scene scene) {
            com.sun.javafx.perf.PerformanceTracker.releaseSceneTracker(scene);
        }
    }

    private static void append(Path file, String line) {
        try {
            Files.writeString(file, line + "\n", StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the start-up report " + file, e);
        }
    }
}
