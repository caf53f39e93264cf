package org.csiconsole.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.csiconsole.app.audit.LazyAuditLog;
import org.csiconsole.core.audit.AuditEntry;
import org.csiconsole.core.audit.AuditQuery;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code group-snapshot} and {@code delete-group-snapshot} against the reference plugin over a unix socket: the group is
 * made of the volumes given, and its deletion asks the group's name or id, listing the member snapshots it takes with it.
 */
class GroupSnapshotMutationsTest {
    @TempDir
    Path dir;
    private ReferencePlugin plugin;
    private LazyAuditLog log;
    private String csi;
    private StringWriter out;
    private StringWriter err;

    @BeforeEach
    void start() throws Exception {
        plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.EMPTY).start();
        plugin.serve(new ReferencePlugin.Sockets(dir.resolve("csi.sock"), Optional.empty(), Optional.empty(), Optional.empty()));
        log = new LazyAuditLog(dir.resolve("data"));
        csi = "unix://" + dir.resolve("csi.sock");
    }

    @AfterEach
    void stop() {
        log.close();
        plugin.close();
    }

    private int run(String... args) {
        out = new StringWriter();
        err = new StringWriter();
        CommandLine cl = CsiConsoleCommand.commandLine(k -> null, log);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--endpoint", csi, "--output", "json"));
        return cl.execute(all.toArray(String[]::new));
    }

    private JsonNode ok(String... args) throws Exception {
        assertThat(run(args)).as(String.join(" ", args) + ": " + err).isEqualTo(ExitCodes.OK);
        return new ObjectMapper().readTree(out.toString());
    }

    private List<AuditEntry> calls(String method) {
        return log.find(new AuditQuery(null, null, null, null, null, 0, AuditQuery.ALL)).stream()
                .filter(e -> e.record().call().endsWith("/" + method)).toList();
    }

    @Test
    void aGroupSnapshotOfTwoVolumesIsDeletedOnlyWithItsIdTypedAndTakesItsMembersWithIt() throws Exception {
        String a = ok("create-volume", "--name", "db-a", "--size", "1GiB").get("volumeId").asText();
        String b = ok("create-volume", "--name", "db-b", "--size", "1GiB").get("volumeId").asText();

        JsonNode g = ok("group-snapshot", "--name", "nightly-db", "--volume-id", a, "--volume-id", b);
        String id = g.get("groupSnapshotId").asText();
        assertThat(g.get("snapshots").findValuesAsText("sourceVolumeId")).containsExactlyInAnyOrder(a, b);

        assertThat(run("delete-group-snapshot", "--group-snapshot-id", id)).as("no terminal, no --yes").isEqualTo(ExitCodes.USAGE);
        assertThat(run("delete-group-snapshot", "--group-snapshot-id", id, "--yes=nightly")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("nothing was sent");
        assertThat(run("delete-group-snapshot", "--group-snapshot-id", "group-never", "--yes=group-never")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("belongs to the group snapshot group-never");
        assertThat(calls("DeleteVolumeGroupSnapshot")).as("nothing was sent").isEmpty();

        // GetVolumeGroupSnapshot reports no name (csi.proto VolumeGroupSnapshot has none): the id is what is typed
        JsonNode done = ok("delete-group-snapshot", "--group-snapshot-id", id, "--yes=" + id);
        assertThat(done.get("result").asText()).isEqualTo("deleted");
        assertThat(err.toString()).contains("DeleteVolumeGroupSnapshot removes " + id);
        assertThat(calls("DeleteVolumeGroupSnapshot")).singleElement().satisfies(e -> assertThat(e.record().parameters())
                .contains(g.get("snapshots").get(0).get("snapshotId").asText()));
        assertThat(ok("snapshots").findValuesAsText("groupSnapshotId")).doesNotContain(id);
    }
}
