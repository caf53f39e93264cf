package org.csiconsole.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.csiconsole.app.audit.LazyAuditLog;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.shape.DriverShape;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reference plugin served as a strict driver that lists neither volumes nor snapshots (as in docs/reference-plugin.md,
 * {@code --without-capability LIST_VOLUMES,LIST_SNAPSHOTS}): the command line's own record is the inventory. A snapshot
 * keeps the size and readiness CreateSnapshot returned; {@code volumes} shows the console's own publication, marked; a
 * second single-node publish to another node is refused before it is sent.
 */
class CannotListRecordCommandsTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    Path dir;

    private ReferencePlugin plugin;
    private String endpoint;
    private StringWriter out;
    private StringWriter err;

    @BeforeEach
    void start() {
        plugin = ReferencePlugin.builder(dir.resolve("state"))
                .shape(DriverShape.of(Optional.empty(), List.of("LIST_VOLUMES", "LIST_SNAPSHOTS"), false)).start();
        String name = "cannot-list-" + UUID.randomUUID();
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

    private JsonNode json(String... args) throws Exception {
        assertThat(run(args)).as(err.toString()).isZero();
        return JSON.readTree(out.toString());
    }

    @Test
    void theRecordKeepsTheSnapshotsSizeAndShowsTheConsolesOwnPublicationAndASecondPublishElsewhereIsRefused() throws Exception {
        String volumeId = json("create-volume", "--endpoint", endpoint, "--name", "w3-a", "--size", "1GiB", "-o", "json").get("volumeId").asText();
        JsonNode snap = json("snapshot", "--endpoint", endpoint, "--volume-id", volumeId, "--name", "w3-snap", "-o", "json");
        assertThat(snap.get("readyToUse").asBoolean()).isTrue();
        assertThat(run("publish", "--endpoint", endpoint, "--volume-id", volumeId, "--node-id", "node-1")).as(err.toString()).isZero();

        assertThat(run("inventory", "list", "--endpoint", endpoint)).as(err.toString()).isZero();
        String snapRow = out.toString().lines().filter(l -> l.startsWith("snapshot")).findFirst().orElseThrow();
        assertThat(snapRow).contains("w3-snap").contains("1 GiB").doesNotContain("unknown");
        assertThat(out.toString()).contains("2 rows in the record of").doesNotContain("row(s)");

        assertThat(run("volumes", "--endpoint", endpoint)).as(err.toString()).isZero();
        assertThat(out.toString().lines().filter(l -> l.startsWith(volumeId)).findFirst().orElseThrow())
                .contains("w3-a").contains("node-1 (by this console)");

        assertThat(run("publish", "--endpoint", endpoint, "--volume-id", volumeId, "--node-id", "worker-01")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("Publish volume w3-a to worker-01").contains("not sent")
                .contains("published to node-1").contains("Unpublish it from node-1 first");
        assertThat(run("audit", "--volume-id", volumeId)).as(err.toString()).isZero();
        assertThat(out.toString()).as("one ControllerPublishVolume sent, the refused one not").containsOnlyOnce("ControllerPublishVolume");
    }
}
