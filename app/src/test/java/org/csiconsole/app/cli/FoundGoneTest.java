package org.csiconsole.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditRecord;
import org.csiconsole.core.audit.AuditSink;
import org.csiconsole.core.reference.ReferencePlugin;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The command line's deletes read their target just before sending, as the workbench does at consent: one the driver no
 * longer knows is not deleted again (CSI's deletes answer OK for an unknown id), the result says it was already deleted,
 * the audit log records the call as not sent (never as an OK delete), and the exit is core's refusal's, 2.
 */
class FoundGoneTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private ReferencePlugin plugin;
    private String endpoint;
    private final List<AuditRecord> audited = new CopyOnWriteArrayList<>();
    private final AuditSink sink = r -> {
        audited.add(r);
        return CompletableFuture.completedFuture(null);
    };
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void start() {
        plugin = ReferencePlugin.builder(dir.resolve("state")).start();
        String name = "found-gone-" + UUID.randomUUID();
        plugin.startInProcess(name);
        endpoint = "inproc:" + name;
    }

    @AfterEach
    void stop() {
        plugin.close();
    }

    private int run(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        CommandLine cl = new CommandLine(new CsiConsoleCommand());
        cl.setExecutionExceptionHandler(new FailureHandler());
        cl.setExitCodeExceptionMapper(ExitCodes::forThrowable);
        for (Object c : CsiMutations.all(Map.<String, String>of()::get, Optional::empty)) {
            cl.addSubcommand(((CsiMutations.MutatingCommand) c).recordIn(sink));
        }
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    private String created(String... args) throws Exception {
        assertThat(run(args)).as(err.toString()).isEqualTo(ExitCodes.OK);
        return JSON.readTree(out.toString()).get(args[0].equals("snapshot") ? "snapshotId" : "volumeId").asText();
    }

    @Test
    void aVolumeDeletedAlreadyIsNotDeletedAgainAndIsAuditedAsNotSent() throws Exception {
        String id = created("create-volume", "--endpoint", endpoint, "--name", "erp-db", "--size", "1GiB", "-o", "json");
        assertThat(run("delete-volume", "--endpoint", endpoint, "--volume-id", id, "--yes=" + id)).as(err.toString()).isEqualTo(ExitCodes.OK);
        audited.clear();

        assertThat(run("delete-volume", "--endpoint", endpoint, "--volume-id", id, "--yes=" + id)).isEqualTo(ExitCodes.USAGE);

        assertThat(err.toString()).contains("Already deleted (by someone else?): " + id + " was found gone before sending; nothing was sent.")
                .contains("Nothing to delete").doesNotContain("Deleted volume");
        assertThat(out.toString()).doesNotContain("deleted");
        assertThat(audited).singleElement().satisfies(r -> {
            assertThat(r.call()).isEqualTo("csi.v1.Controller/DeleteVolume");
            assertThat(r.outcome()).isEqualTo(AuditOutcome.NOT_SENT);
            assertThat(r.code()).isEqualTo("FOUND_GONE");
            assertThat(r.attempts()).as("nothing was sent").isZero();
            assertThat(r.targets()).containsEntry("volume_id", List.of(id));
            assertThat(r.message()).isEqualTo("Already deleted (by someone else?): " + id + " was found gone before sending; nothing was sent.");
            assertThat(r.endpoint()).isEqualTo(endpoint);
        });
    }

    @Test
    void aSnapshotDeletedAlreadyIsNotDeletedAgainAndIsAuditedAsNotSent() throws Exception {
        String volume = created("create-volume", "--endpoint", endpoint, "--name", "erp-db", "--size", "1GiB", "-o", "json");
        String snap = created("snapshot", "--endpoint", endpoint, "--volume-id", volume, "--name", "erp-snap", "-o", "json");
        assertThat(run("delete-snapshot", "--endpoint", endpoint, "--snapshot-id", snap, "--yes=" + snap)).as(err.toString()).isEqualTo(ExitCodes.OK);
        audited.clear();

        assertThat(run("delete-snapshot", "--endpoint", endpoint, "--snapshot-id", snap, "--yes=" + snap, "-o", "json")).isEqualTo(ExitCodes.USAGE);

        assertThat(err.toString()).contains("was found gone before sending; nothing was sent.");
        assertThat(JSON.readTree(out.toString()).get("error").get("message").asText()).contains("already deleted (by someone else?)");
        assertThat(audited).singleElement().satisfies(r -> {
            assertThat(r.call()).isEqualTo("csi.v1.Controller/DeleteSnapshot");
            assertThat(r.outcome()).isEqualTo(AuditOutcome.NOT_SENT);
            assertThat(r.targets()).containsEntry("snapshot_id", List.of(snap));
        });
    }

    @Test
    void aVolumeStillThereIsDeletedAndAuditedAsAnOkDelete() throws Exception {
        String id = created("create-volume", "--endpoint", endpoint, "--name", "scratch", "--size", "1GiB", "-o", "json");
        audited.clear();

        assertThat(run("delete-volume", "--endpoint", endpoint, "--volume-id", id, "--yes=" + id)).as(err.toString()).isEqualTo(ExitCodes.OK);

        assertThat(audited).singleElement().satisfies(r -> assertThat(r.outcome()).isEqualTo(AuditOutcome.OK));
    }
}
