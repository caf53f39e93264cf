package org.csiconsole.app.bench;

import com.sun.javafx.perf.PerformanceTracker;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The baseline of the start-up benchmark (installer/benchmark-startup.sh): a bare JavaFX window
 * ("hello", the workbench's default size) started as the console is, from a launcher class that is
 * not an {@code Application}, with JavaFX on the class path. It writes
 * {@code painted <µs since the epoch> cpu <ms>} to the file named by {@code csi-console.startup.report} once
 * its first frame is on the display, as the workbench does ({@code org.csiconsole.app.gui.StartupReport});
 * without that property it writes nothing.
 */
public final class StartupBareWindow {
    private StartupBareWindow() {
    }

    public static void main(String[] args) {
        Application.launch(Hello.class, args);
    }

    /** The window. */
    public static final class Hello extends Application {
        @Override
        public void start(Stage stage) {
            Scene scene = new Scene(new StackPane(new Label("Hello")), 1360, 860);
            stage.setTitle("Hello");
            stage.setScene(scene);
            stage.show();
            // as the console does (StartupReport): the first frame rendered, then its upload on the FX thread
            PerformanceTracker tracker = PerformanceTracker.getSceneTracker(scene);
            AtomicBoolean first = new AtomicBoolean(true);
            tracker.setOnRenderedFrameTask(() -> {
                if (first.getAndSet(false)) {
                    String file = System.getProperty("csi-console.startup.report", "");
                    if (!file.isBlank()) Platform.runLater(() -> report(Path.of(file)));
                }
            });
            Platform.requestNextPulse();
        }

        private static void report(Path file) {
            try {
                Files.writeString(file, "painted " + ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now()) + " cpu "
                        + ProcessHandle.current().info().totalCpuDuration().map(java.time.Duration::toMillis).orElse(-1L) + "\n",
                        StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        }
    }
}
