package org.csiconsole.app.cli;

import org.csiconsole.app.audit.LazyAuditLog;
import org.csiconsole.core.oddpeer.RbdLikeDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The command line names the right party ("Whose:") and exit code: the console's own input and checks are the
 * console's and exit 2 with nothing sent; the driver's refusal exits 1; {@code volumes} accepts --secrets-file.
 */
class BlameAndExitCodeCommandTest {
    @TempDir
    Path dir;

    private final RbdLikeDriver rbd = RbdLikeDriver.mirroring("csi-vol-0001");
    private String endpoint;
    private Path secrets;
    private StringWriter out;
    private StringWriter err;

    @BeforeEach
    void start() throws Exception {
        endpoint = rbd.startInProcess("blame-" + UUID.randomUUID()).text();
        secrets = Files.writeString(dir.resolve("secrets.properties"), "userID=csi-rbd\nuserKey=not-a-real-key\n");
    }

    @AfterEach
    void stop() throws Exception {
        rbd.close();
    }

    private int run(String... args) {
        out = new StringWriter();
        err = new StringWriter();
        try (LazyAuditLog audit = new LazyAuditLog(dir.resolve("data"))) {
            CommandLine cl = CsiConsoleCommand.commandLine(k -> k.equals("CSI_SECRETS_FILE") ? secrets.toString() : null, audit, args);
            cl.setOut(new PrintWriter(out, true));
            cl.setErr(new PrintWriter(err, true));
            return cl.execute(args);
        }
    }

    @Test
    void aLocalFileThatIsNotJsonIsTheConsolesInputNotTheDriversFailure() throws Exception {
        Path notJson = Files.writeString(dir.resolve("pv.txt"), "NAME  CAPACITY\npv-1  1Gi\n");

        assertThat(run("inventory", "import-pv", notJson.toString(), "--endpoint", endpoint)).as(err.toString()).isEqualTo(ExitCodes.USAGE);

        assertThat(err.toString()).contains("it is not JSON", "Whose: the console (checked before sending)").doesNotContain("the driver");
    }

    @Test
    void aFieldOverTheSpecsLimitIsRefusedBeforeSendingAsTheConsolesCheck() {
        assertThat(run("replication", "info", "--endpoint", endpoint, "--volume-id", "v".repeat(200))).as(err.toString())
                .isEqualTo(ExitCodes.USAGE);

        assertThat(err.toString()).contains("Whose: the console (checked before sending)").doesNotContain("Whose: the driver");
        assertThat(rbd.calls("GetVolumeReplicationInfo")).isZero();
    }

    @Test
    void anEmptyVolumeIdIsRefusedBeforeSendingWithExitTwo() {
        assertThat(run("replication", "info", "--endpoint", endpoint, "--volume-id", "")).as(err.toString()).isEqualTo(ExitCodes.USAGE);

        assertThat(err.toString()).contains("--volume-id was given an empty id; nothing was sent");
        assertThat(rbd.calls("GetVolumeReplicationInfo")).isZero();
    }

    @Test
    void theDriversOwnRefusalExitsOneNotTheUsageCode() {
        assertThat(run("replication", "info", "--endpoint", endpoint, "--volume-id", "csi-vol-0001")).as(err.toString()).isZero();
        rbd.mirrored.clear();
        rbd.images.add("csi-vol-0001");

        int code = run("replication", "info", "--endpoint", endpoint, "--volume-id", "csi-vol-0001");

        assertThat(err.toString()).contains("Whose: the target's state");
        assertThat(code).as("FAILED_PRECONDITION from the driver").isEqualTo(ExitCodes.CALL_FAILED);
    }

    @Test
    void volumesAcceptsSecretsFileAndSaysListVolumesCarriesNone() {
        assertThat(run("inventory", "add-ids", "--endpoint", endpoint, "csi-vol-0001")).as(err.toString()).isZero();

        assertThat(run("volumes", "--endpoint", endpoint, "--secrets-file", secrets.toString())).as(err.toString()).isZero();

        assertThat(err.toString()).contains("--secrets-file is not needed here: ListVolumes carries no secrets");
        assertThat(out.toString()).contains("csi-vol-0001");
    }

    @Test
    void anEmptyPathIsRefusedWithExitTwoAndNothingIsRunOrWritten() throws Exception {
        Path here = Path.of("").toAbsolutePath();
        try (var before = Files.list(here)) {
            long files = before.count();

            assertThat(run("discover", "--root-dir", "")).isEqualTo(ExitCodes.USAGE);
            assertThat(err.toString()).contains("--root-dir: it is empty, and an empty path would mean the current directory; give a path (nothing was run)");
            assertThat(out.toString()).isEmpty();
            assertThat(run("report", "--endpoint", endpoint, "--out", " ", "--no-discover")).isEqualTo(ExitCodes.USAGE);
            assertThat(err.toString()).contains("--out: it is empty");
            assertThat(run("discover", "--path", "")).isEqualTo(ExitCodes.USAGE);
            assertThat(err.toString()).contains("--path: it is empty");
            assertThat(rbd.calls("GetPluginInfo")).isZero();
            try (var after = Files.list(here)) {
                assertThat(after.count()).as("nothing written in the current directory").isEqualTo(files);
            }
        }
    }
}
