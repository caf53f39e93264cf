package org.csiconsole.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.csiconsole.app.audit.LazyAuditLog;
import org.csiconsole.core.audit.AuditOrigin;
import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code csi-console audit}: prints, filters, exports and verifies the audit log of a data folder of its own. */
class AuditCommandTest {
    @TempDir
    Path dir;

    private LazyAuditLog log;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void fill() throws Exception {
        log = new LazyAuditLog(dir.resolve("data"));
        append("site-a", "vol-1", AuditOutcome.OK, Instant.parse("2026-03-01T10:00:00Z"));
        append("site-b", "vol-2", AuditOutcome.FAILED, Instant.parse("2026-03-02T10:00:00Z"));
        append("site-a", "vol-3", AuditOutcome.CANCELLED, Instant.parse("2026-03-03T10:00:00Z"));
    }

    @AfterEach
    void close() {
        log.close();
    }

    private void append(String connection, String volumeId, AuditOutcome outcome, Instant time) throws Exception {
        log.append(new AuditRecord(time, new AuditOrigin("ann", "host-1", connection), "unix:///csi/csi.sock", "grpc",
                "csi.v1.Controller/DeleteVolume", Map.of("volume_id", List.of(volumeId)), "volume_id: \"" + volumeId + "\"\n",
                outcome, outcome == AuditOutcome.OK ? "" : "NOT_FOUND", "", 7, "c-" + volumeId, 1)).get(10, TimeUnit.SECONDS);
    }

    private int run(String... args) {
        CommandLine cl = CsiConsoleCommand.commandLine(k -> null, log);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    @Test
    void printsEveryEntryNewestFirstWithItsCallTargetAndOutcome() {
        assertThat(run("audit")).isZero();

        String text = out.toString();
        assertThat(text).contains("DeleteVolume").contains("volume_id=vol-2").contains("FAILED NOT_FOUND").contains("ann@host-1");
        assertThat(text.indexOf("vol-3")).isLessThan(text.indexOf("vol-1"));
        assertThat(text).contains("3 of 3 matching entries");
    }

    @Test
    void filtersByConnectionVolumeIdOutcomeAndTime() throws Exception {
        assertThat(run("audit", "--output", "json", "--connection", "site-a", "--outcome", "cancelled")).isZero();
        JsonNode byConnection = new ObjectMapper().readTree(out.toString());
        assertThat(byConnection).hasSize(1);
        assertThat(byConnection.get(0).path("targets").path("volume_id").get(0).asText()).isEqualTo("vol-3");

        out.getBuffer().setLength(0);
        assertThat(run("audit", "--output", "json", "--volume-id", "vol-1", "--since", "2026-03-01", "--until", "2026-03-02")).isZero();
        JsonNode byVolume = new ObjectMapper().readTree(out.toString());
        assertThat(byVolume).hasSize(1);
        assertThat(byVolume.get(0).path("seq").asLong()).isEqualTo(1);
    }

    @Test
    void exportsJsonLinesAndCsvFiles() throws Exception {
        Path jsonl = dir.resolve("out/audit.jsonl");
        Path csv = dir.resolve("out/audit.csv");

        assertThat(run("audit", "--export-jsonl", jsonl.toString(), "--export-csv", csv.toString())).isZero();

        assertThat(Files.readAllLines(jsonl)).hasSize(3).first().asString().contains("\"seq\":1").contains("vol-1");
        assertThat(Files.readString(csv)).startsWith("seq,time,os_user");
        try (MappingIterator<Map<String, String>> rows = new CsvMapper().readerFor(Map.class)
                .with(CsvSchema.emptySchema().withHeader()).readValues(csv.toFile())) {
            List<Map<String, String>> all = rows.readAll();
            assertThat(all).extracting(r -> r.get("targets")).containsExactly("volume_id=vol-1", "volume_id=vol-2", "volume_id=vol-3");
            assertThat(all.get(0).get("parameters")).isEqualTo("volume_id: \"vol-1\"\n");
        }
        assertThat(out.toString()).contains("Wrote 3 entries to " + jsonl);
    }

    @Test
    void verifyExitsZeroOnAnIntactLogAndSixNamingTheEntryOnAnEditedOne() throws Exception {
        assertThat(run("audit", "--verify")).isZero();
        assertThat(out.toString()).contains("3 entries, none changed or removed");

        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve("data/audit.db"));
             Statement s = c.createStatement()) {
            s.executeUpdate("UPDATE audit_entry SET outcome = 'OK', code = '' WHERE seq = 2");
        }
        out.getBuffer().setLength(0);

        assertThat(run("audit", "--verify")).isEqualTo(ExitCodes.AUDIT_BROKEN);
        assertThat(out.toString()).contains("is broken").contains("entry 2 was changed");
    }

    @Test
    void aTimeThatIsNoTimeIsAUsageError() {
        assertThat(run("audit", "--since", "yesterday-ish")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--since 'yesterday-ish' is not a time");
        assertThat(err.toString()).as("the console's own refusal, not the driver's").contains("Whose: the console").doesNotContain("the driver");
    }

    @Test
    void dataDirReadsTheLogOfAnotherFolder() {
        assertThat(run("audit", "--data-dir", dir.resolve("elsewhere").toString())).isZero();
        assertThat(out.toString()).contains("0 of 0 matching entries").contains(dir.resolve("elsewhere").toString());
    }
}
