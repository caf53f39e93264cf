package org.csiconsole.app.cli;

import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The command line starts without JavaFX: a fresh JVM running a command loads no {@code javafx.*} class. */
class CliLoadsNoJavaFxTest {
    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(strings = {"--version", "volumes --endpoint unix:///nonexistent/csi.sock --retries 1"})
    void aCommandInAFreshJvmLoadsNoJavaFxClass(String command) throws IOException, InterruptedException {
        Path classes = dir.resolve("classes.log");
        List<String> cmd = new java.util.ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xlog:class+load=info:file=" + classes, "-cp", System.getProperty("java.class.path"),
                "org.csiconsole.app.Main"));
        cmd.addAll(List.of(command.split(" ")));
        ProcessBuilder pb = new ProcessBuilder(cmd).redirectErrorStream(true).redirectOutput(dir.resolve("out.txt").toFile());
        pb.environment().put("CSI_CONSOLE_DATA_DIR", dir.resolve("data").toString());
        Process p = pb.start();
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).as("the command ends").isTrue();
        String loaded = Files.readString(classes, StandardCharsets.UTF_8);
        assertThat(loaded).as("classes loaded").contains("org.csiconsole.app.Main ");
        assertThat(loaded.lines().filter(l -> l.contains(" javafx.") || l.contains(" com.sun.javafx.")).toList()).isEmpty();
    }
}
