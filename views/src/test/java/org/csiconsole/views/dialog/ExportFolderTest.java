package org.csiconsole.views.dialog;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class ExportFolderTest {
    @TempDir
    Path home;

    @Test
    void anExportOpensInTheDocumentsFolderWhenThereIsOne() throws Exception {
        Path documents = Files.createDirectory(home.resolve("Documents"));
        assertThat(new ExportFolder(home).initial()).isEqualTo(documents);
    }

    @Test
    void anExportOpensInTheHomeTheEnvironmentGivesNotTheJvmsUserHome() {
        assertThat(new ExportFolder(Map.of("HOME", home.toString()), "/root").initial()).isEqualTo(home);
        assertThat(new ExportFolder(Map.of("HOME", "relative"), home.toString()).initial())
                .as("a HOME that is not absolute is not a home").isEqualTo(home);
    }

    @Test
    void withoutADocumentsFolderAnExportOpensInTheHomeFolder() {
        assertThat(new ExportFolder(home).initial()).isEqualTo(home);
    }

    @Test
    void theNextExportOpensWhereTheLastOneWent() throws Exception {
        Files.createDirectory(home.resolve("Documents"));
        Path results = Files.createDirectories(home.resolve("class/results"));
        ExportFolder folder = new ExportFolder(home);
        folder.used(results.resolve("ada.json"));
        assertThat(folder.initial()).isEqualTo(results);
    }

    @Test
    void aLastFolderRemovedSinceIsNotOffered() throws Exception {
        Path gone = Files.createDirectory(home.resolve("gone"));
        ExportFolder folder = new ExportFolder(home);
        folder.used(gone.resolve("trace.jsonl"));
        Files.delete(gone);
        assertThat(folder.initial()).isEqualTo(home);
    }
}
