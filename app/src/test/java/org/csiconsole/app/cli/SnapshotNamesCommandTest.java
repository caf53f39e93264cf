package org.csiconsole.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.csiconsole.app.audit.LazyAuditLog;
import org.csiconsole.core.reference.ReferencePlugin;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * CSI ListSnapshots carries no name: a snapshot cut by the console is listed by a later process with the name it
 * was created under, read from the console's record, in the table's NAME column and in the JSON, as {@code volumes}
 * does for volumes.
 */
class SnapshotNamesCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    Path dir;

    private ReferencePlugin plugin;
    private String endpoint;
    private StringWriter out;
    private StringWriter err;

    @BeforeEach
    void start() {
        plugin = ReferencePlugin.builder(dir.resolve("state")).start();
        String name = "snapshot-names-" + UUID.randomUUID();
        plugin.startInProcess(name);
        endpoint = "inproc:" + name;
    }

    @AfterEach
    void stop() {
        plugin.close();
    }

    /** One process of the command line: its own audit log and record on the same data folder. */
    private int run(String... args) {
        out = new StringWriter();
        err = new StringWriter();
        try (LazyAuditLog audit = new LazyAuditLog(dir.resolve("data"))) {
            CommandLine cl = CsiConsoleCommand.commandLine(k -> null, audit, args);
            cl.setOut(new PrintWriter(out, true));
            cl.setErr(new PrintWriter(err, true));
            return cl.execute(args);
        }
    }

    private String snapshotOfANewVolume(String name) throws Exception {
        assertThat(run("create-volume", "--endpoint", endpoint, "--name", "walk-vol-1", "--size", "1GiB", "-o", "json"))
                .as(err.toString()).isZero();
        String volumeId = JSON.readTree(out.toString()).get("volumeId").asText();
        assertThat(run("snapshot", "--endpoint", endpoint, "--volume-id", volumeId, "--name", name, "-o", "json"))
                .as(err.toString()).isZero();
        return JSON.readTree(out.toString()).get("snapshotId").asText();
    }

    @Test
    void aSnapshotCutByTheConsoleIsListedByALaterProcessWithItsCreateNameInTheNameColumn() throws Exception {
        String id = snapshotOfANewVolume("walk-vol-1-snap-20261206-0741");

        assertThat(run("snapshots", "--endpoint", endpoint)).as(err.toString()).isZero();

        String header = out.toString().lines().findFirst().orElseThrow();
        assertThat(header).contains("SNAPSHOT_ID").contains("NAME");
        assertThat(out.toString().lines().filter(l -> l.startsWith(id)).findFirst().orElseThrow())
                .contains("walk-vol-1-snap-20261206-0741");
    }

    @Test
    void theJsonListingCarriesTheCreateNameToo() throws Exception {
        String id = snapshotOfANewVolume("nightly-1");

        assertThat(run("snapshots", "--endpoint", endpoint, "-o", "json")).as(err.toString()).isZero();

        JsonNode rows = JSON.readTree(out.toString());
        assertThat(rows).singleElement().satisfies(s -> {
            assertThat(s.get("snapshotId").asText()).isEqualTo(id);
            assertThat(s.get("name").asText()).isEqualTo("nightly-1");
        });
    }
}
