package org.csiconsole.app;

import org.csiconsole.app.cli.CsiConsoleCommand;
import org.junit.jupiter.api.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class AppVersionTest {
    private static AppVersion parse(String text) throws IOException {
        return AppVersion.parse(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void theBuildWritesTheProjectVersionACommitAndAnIsoBuildDateIntoTheJar() {
        AppVersion v = AppVersion.current();
        assertThat(v.version()).isNotEqualTo("development").matches("\\d+\\.\\d+\\.\\d+.*");
        assertThat(v.commit()).matches("[0-9a-f]{10}(-dirty)?|unknown");
        assertThat(Instant.parse(v.buildDate())).isBefore(Instant.now().plusSeconds(60));
    }

    @Test
    void valuesTheBuildDidNotFillInReadAsDevelopmentAndUnknown() throws IOException {
        AppVersion v = parse("version=${project.version}\ncommit=${git.commit.id.abbrev}\ndirty=${git.dirty}\nbuildDate=\n");
        assertThat(v).isEqualTo(new AppVersion("development", "unknown", "unknown"));
    }

    @Test
    void aCommitBuiltFromChangedFilesIsMarkedDirty() throws IOException {
        AppVersion v = parse("version=1.2.0\ncommit=0123456789\ndirty=true\nbuildDate=2026-11-25T13:04:26Z\n");
        assertThat(v.line()).isEqualTo("csi-console 1.2.0 (commit 0123456789-dirty, built 2026-11-25T13:04:26Z)");
    }

    @Test
    void versionOptionAndAboutTextShowTheSameVersionCommitAndBuildDate() {
        StringWriter out = new StringWriter();
        int code = CsiConsoleCommand.commandLine().setOut(new PrintWriter(out)).execute("--version");
        AppVersion v = AppVersion.current();
        assertThat(code).isZero();
        assertThat(out.toString()).startsWith(v.line()).contains("CSI spec v1.12.0");
        assertThat(AppVersion.aboutText()).contains("CSI Console " + v.version(), "Commit " + v.commit(), "built " + v.buildDate());
    }
}
