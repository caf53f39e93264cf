package org.csiconsole.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.csiconsole.app.PvExportSample;
import org.csiconsole.app.audit.LazyAuditLog;
import org.csiconsole.core.oddpeer.RbdLikeDriver;
import org.csiconsole.core.store.SqliteConsoleRecords;
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
 * A driver shaped like ceph-csi's RBD driver does not list volumes: the inventory is the console's record, built from
 * a PV export and pasted ids; {@code volumes} and {@code replication list} show its rows with their names and origins,
 * a new process reads the same record, and {@code inventory recheck} marks what the driver no longer holds.
 */
class InventoryCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    @TempDir
    Path dir;

    private final RbdLikeDriver rbd = new RbdLikeDriver();
    private String endpoint;
    /** The RBD-shaped driver refuses calls that carry secrets without them: given as an admin would, in CSI_SECRETS_FILE. */
    private Path secrets;
    /** False to run as an admin who gave no secrets. */
    private boolean secretsGiven = true;
    private StringWriter out;
    private StringWriter err;

    @BeforeEach
    void start() throws Exception {
        endpoint = rbd.startInProcess("inventory-" + UUID.randomUUID()).text();
        secrets = java.nio.file.Files.writeString(dir.resolve("secrets.properties"), "userID=csi-rbd\nuserKey=not-a-real-key\n");
        rbd.images.add(PvExportSample.BOUND);
        rbd.images.add(PvExportSample.STATIC);
        rbd.mirrored.add(PvExportSample.BOUND);
    }

    @AfterEach
    void stop() throws Exception {
        rbd.close();
    }

    /** One process of the command line: its own audit log and record on the same data folder. */
    private int run(String... args) {
        out = new StringWriter();
        err = new StringWriter();
        try (LazyAuditLog audit = new LazyAuditLog(dir.resolve("data"))) {
            CommandLine cl = CsiConsoleCommand.commandLine(k -> k.equals("CSI_SECRETS_FILE") && secretsGiven ? secrets.toString() : null, audit, args);
            cl.setOut(new PrintWriter(out, true));
            cl.setErr(new PrintWriter(err, true));
            return cl.execute(args);
        }
    }

    private Path export() throws Exception {
        Path f = dir.resolve("pv.json");
        Files.writeString(f, PvExportSample.PV_EXPORT);
        return f;
    }

    @Test
    void volumesOfADriverThatCannotListAreTheImportedAndPastedRowsWithTheirOrigin() throws Exception {
        assertThat(run("inventory", "import-pv", export().toString(), "--endpoint", endpoint)).as(err.toString()).isZero();
        assertThat(out.toString()).contains("Recorded 2 volumes of rbd.csi.ceph.com from " + dir.resolve("pv.json"))
                .contains("left out: 1 of other drivers, 1 not CSI (in-tree)");
        assertThat(run("inventory", "add-ids", "--endpoint", endpoint, "vol-pasted-1")).isZero();

        assertThat(run("volumes", "--endpoint", endpoint)).as(err.toString()).isZero();

        assertThat(out.toString()).contains("VOLUME_ID").contains("ORIGIN").contains("3 volumes");
        assertThat(out.toString().lines().filter(l -> l.startsWith(PvExportSample.BOUND)).findFirst().orElseThrow())
                .contains("pvc-5b1c6a2e").contains("10 GiB").contains("imported from a PV export");
        assertThat(out.toString().lines().filter(l -> l.startsWith("vol-pasted-1")).findFirst().orElseThrow()).contains("pasted id");
        assertThat(err.toString()).contains("The driver does not list volumes (no LIST_VOLUMES): the 3 shown are the console's record");
        assertThat(rbd.calls("ListVolumes")).isZero();
    }

    @Test
    void replicationListSamplesTheInventoryAndShowsEachRowsNameAndOrigin() throws Exception {
        run("inventory", "import-pv", export().toString(), "--endpoint", endpoint);

        assertThat(run("replication", "list", "--endpoint", endpoint, "--output", "json")).as(err.toString()).isZero();

        JsonNode rows = JSON.readTree(out.toString());
        assertThat(rows.findValuesAsText("source")).containsExactly(PvExportSample.BOUND, PvExportSample.STATIC);
        JsonNode bound = rows.get(0);
        assertThat(bound.get("name").asText()).isEqualTo("pvc-5b1c6a2e");
        assertThat(bound.get("origin").asText()).isEqualTo("imported from a PV export");
        assertThat(bound.get("health").asText()).isEqualTo("HEALTHY");
        assertThat(bound.get("lastSyncTime").asText()).isEqualTo(RbdLikeDriver.LAST_SYNC.toString());
        assertThat(rows.get(1).toString()).contains(RbdLikeDriver.NOT_MIRRORED);

        assertThat(run("replication", "list", "--endpoint", endpoint)).isZero();
        assertThat(out.toString()).contains("ORIGIN").contains("imported from a PV export")
                .contains("1 replicated source; 1 not replicated (the driver says replication is not enabled): " + PvExportSample.STATIC)
                .doesNotContain("NOT READ YET");
        assertThat(out.toString().lines().filter(l -> l.startsWith(PvExportSample.STATIC)).findFirst().orElseThrow())
                .contains("NOT REPLICATED");
    }

    @Test
    void replicationListWithoutSecretsExitsFiveAndCountsTheRowsItCouldNotReadAndSaysWhereToGiveSecrets() throws Exception {
        run("inventory", "import-pv", export().toString(), "--endpoint", endpoint);
        secretsGiven = false;

        assertThat(run("replication", "list", "--endpoint", endpoint)).as(err.toString()).isEqualTo(ExitCodes.AUTH);

        assertThat(out.toString()).contains("NOT READ YET (AUTHENTICATION): no secrets were sent").doesNotContain("STALE");
        assertThat(err.toString().lines().filter(l -> l.contains("could not be read")).findFirst().orElseThrow())
                .startsWith("2 of 2 rows could not be read: 2 AUTHENTICATION (no secrets were sent")
                .contains("--secrets-file FILE", "CSI_SECRETS_FILE", "profile");
        secretsGiven = true;
        assertThat(run("replication", "list", "--endpoint", endpoint)).as("read with the secrets: the not-mirrored image answered")
                .isZero();
        assertThat(err.toString()).doesNotContain("could not be read");
    }

    @Test
    void addIdsTakesOneIdPerArgumentTrimmedAndRefusesAnIdOverTheSpecsLimitRecordingNone() throws Exception {
        String tooLong = "csi-vol-" + "a".repeat(130);

        assertThat(run("inventory", "add-ids", "--endpoint", endpoint, "vol-ok", tooLong)).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("the id \"csi-vol-aaaaaaaaaaaaaaaaaaaaaaaa\u2026\" is 138 bytes").contains("128 bytes")
                .doesNotContain(tooLong);
        assertThat(run("inventory", "list", "--endpoint", endpoint, "--output", "json")).isZero();
        assertThat(JSON.readTree(out.toString()).findValuesAsText("id")).as("nothing recorded in part").doesNotContain("vol-ok");

        assertThat(run("inventory", "add-ids", "--endpoint", endpoint, " vol-a ", "vol b")).as(err.toString()).isZero();
        assertThat(run("inventory", "list", "--endpoint", endpoint, "--output", "json")).isZero();
        assertThat(JSON.readTree(out.toString()).findValuesAsText("id")).containsExactly("vol-a", "vol b");
    }

    @Test
    void forgetRemovesRowsOfTheRecordAndRefusesAnIdItDoesNotHoldRemovingNone() throws Exception {
        run("inventory", "add-ids", "--endpoint", endpoint, "vol-a", "vol-typo");

        assertThat(run("inventory", "forget", "--endpoint", endpoint, "vol-typo", "vol-never")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("holds no volume vol-never").contains("nothing was removed");
        assertThat(run("inventory", "list", "--endpoint", endpoint, "--output", "json")).isZero();
        assertThat(JSON.readTree(out.toString()).findValuesAsText("id")).containsExactly("vol-a", "vol-typo");

        assertThat(run("inventory", "forget", "--endpoint", endpoint, "vol-typo")).as(err.toString()).isZero();
        assertThat(out.toString()).contains("Removed 1 volume id(s) from the record");
        assertThat(run("inventory", "list", "--endpoint", endpoint, "--output", "json")).isZero();
        assertThat(JSON.readTree(out.toString()).findValuesAsText("id")).containsExactly("vol-a");
    }

    @Test
    void replicationListOfADriverThatCannotListSaysWhyNothingIsListedAndExitsFourCountingNoIdTheDriverDoesNotHold() throws Exception {
        assertThat(run("replication", "list", "--endpoint", endpoint)).as(err.toString()).isEqualTo(ExitCodes.UNSUPPORTED);
        assertThat(out.toString()).contains("0 replicated sources");
        assertThat(err.toString()).contains("The driver does not list its volumes (no LIST_VOLUMES)", "it knows none yet",
                "csi-console inventory add-ids ID...", "inventory import-pv FILE");

        run("inventory", "add-ids", "--endpoint", endpoint, "vol-typo");
        assertThat(run("replication", "list", "--endpoint", endpoint)).as(err.toString()).isEqualTo(ExitCodes.UNSUPPORTED);
        assertThat(out.toString()).contains("NOT FOUND at the driver (NOT_FOUND)", "0 replicated sources; 1 id not found at the driver: vol-typo")
                .doesNotContain("NOT READ YET", "1 replicated source");
        assertThat(err.toString()).contains("the driver holds none of the 1 id it was given (NOT_FOUND)");

        run("inventory", "import-pv", export().toString(), "--endpoint", endpoint);
        assertThat(run("replication", "list", "--endpoint", endpoint)).as("the imported volumes are sources").isZero();
        assertThat(out.toString()).contains("1 replicated source; 1 not replicated (the driver says replication is not enabled): "
                + PvExportSample.STATIC + "; 1 id not found at the driver: vol-typo");
        assertThat(err.toString()).doesNotContain("does not list its volumes");
    }

    @Test
    void replicationListHelpDocumentsItsExitCodes() {
        assertThat(run("replication", "list", "--help")).isZero();
        assertThat(out.toString()).contains("Exit codes:").contains("5", "secrets were missing or refused");
    }

    @Test
    void recheckMarksTheIdTheDriverDoesNotHoldAsGoneAndKeepsItsRow() throws Exception {
        run("inventory", "import-pv", export().toString(), "--endpoint", endpoint);
        run("inventory", "add-ids", "--endpoint", endpoint, "vol-typo");

        assertThat(run("inventory", "recheck", "--endpoint", endpoint)).as(err.toString()).isZero();
        assertThat(out.toString()).contains("2 known, 1 gone at the driver (vol-typo), 0 not checked");

        assertThat(run("inventory", "list", "--endpoint", endpoint, "--output", "json")).isZero();
        JsonNode rows = JSON.readTree(out.toString());
        assertThat(rows.findValuesAsText("id")).containsExactly(PvExportSample.BOUND, PvExportSample.STATIC, "vol-typo");
        assertThat(rows.get(2).get("goneSince").isNull()).isFalse();
        assertThat(rows.get(0).get("goneSince").isNull()).isTrue();
        assertThat(rows.get(0).get("details").get("claim").asText()).isEqualTo("shop/data-postgres-0");
        assertThat(rows.get(0).get("details").get("secret.nodeStage").asText()).isEqualTo("ceph-csi-rbd/csi-rbd-secret");
        assertThat(Files.exists(dir.resolve("data").resolve(SqliteConsoleRecords.FILE_NAME))).isTrue();
    }

    @Test
    void aMalformedExportNamesTheFileAndTheFieldAndRecordsNothing() throws Exception {
        Path f = dir.resolve("broken.json");
        Files.writeString(f, "{\"kind\":\"List\",\"items\":[{\"kind\":\"PersistentVolume\",\"spec\":{\"csi\":{\"driver\":\"rbd.csi.ceph.com\"}}}]}");

        assertThat(run("inventory", "import-pv", f.toString(), "--endpoint", endpoint, "--driver", RbdLikeDriver.NAME))
                .isEqualTo(ExitCodes.USAGE);

        assertThat(err.toString()).contains(f.toString()).contains("field items[0].spec.csi.volumeHandle is missing")
                .doesNotContain("Exception");
        assertThat(run("inventory", "list", "--endpoint", endpoint)).isZero();
        assertThat(out.toString()).contains("0 rows in the record of");
    }

    @Test
    void listingAVolumeWithNothingRecordedStillSaysTheDriverCannotList() {
        assertThat(run("volumes", "--endpoint", endpoint)).isEqualTo(ExitCodes.UNSUPPORTED);
        assertThat(err.toString()).contains("LIST_VOLUMES");
        assertThat(Files.exists(dir.resolve("data").resolve(SqliteConsoleRecords.FILE_NAME))).as("a read creates no record").isFalse();
    }
}
