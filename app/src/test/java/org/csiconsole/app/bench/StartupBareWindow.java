package org.csiconsole.app.bench;

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

/**
 * The baseline of the start-up benchmark (installer/benchmark-startup.sh): a bare JavaFX window
 * ("hello", the workbench's default size) started as the console is, from a launcher class that is
 * not an {@code Application}, with JavaFX on the class path. It writes
 * {@code painted <µs since the epoch> cpu <ms>} to the file named by {@code csi-console.startup.report} at the
 * end of the second pulse after the window was shown, as the workbench does
 * ({@code org.csiconsole.app.gui.StartupReport}).
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
            int[] pulses = {0};
            scene.addPostLayoutPulseListener(() -> {
                if (++pulses[0] == 1) {
                    Platform.requestNextPulse();
                } else if (pulses[0] == 2) {
                    report(Path.of(System.getProperty("csi-console.startup.report", "painted.txt")));
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
