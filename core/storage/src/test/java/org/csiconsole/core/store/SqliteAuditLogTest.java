package org.csiconsole.core.store;

import com.fasterxml.jackson.databind.MappingIterator;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import org.csiconsole.core.audit.AuditEntry;
import org.csiconsole.core.audit.AuditExportFormat;
import org.csiconsole.core.audit.AuditOrigin;
import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditQuery;
import org.csiconsole.core.audit.AuditRecord;
import org.csiconsole.core.audit.AuditVerification;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class SqliteAuditLogTest {
    private static final Instant T0 = Instant.parse("2026-03-01T10:00:00Z");

    @TempDir
    Path dir;

    private SqliteAuditLog log;

    @BeforeEach
    void open() {
        log = SqliteAuditLog.open(dir);
    }

    @AfterEach
    void close() {
        log.close();
    }

    static AuditRecord record(Instant time, String connection, String volumeId, AuditOutcome outcome) {
        return new AuditRecord(time, new AuditOrigin("ann", "host-1", connection), "unix:///csi/csi.sock", "grpc",
                "csi.v1.Controller/DeleteVolume", Map.of("volume_id", List.of(volumeId)), "volume_id: \"" + volumeId + "\"\n",
                outcome, outcome == AuditOutcome.OK ? "" : "NOT_FOUND", outcome == AuditOutcome.OK ? "" : "DeleteVolume: no such volume",
                12, "corr-" + volumeId, 1);
    }

    private void append(AuditRecord... records) throws Exception {
        for (AuditRecord r : records) log.append(r).get(10, TimeUnit.SECONDS);
    }

    private void sql(String statement) throws Exception {
        try (Connection c = DriverManager.getConnection("jdbc:sqlite:" + dir.resolve(SqliteAuditLog.FILE_NAME));
             Statement s = c.createStatement()) {
            s.executeUpdate(statement);
        }
    }

    @Test
    void oneEndpointNamedByTheWorkbenchAndByTheCommandLineIsFoundByItsEndpointAndTheNameByItsName() throws Exception {
        AuditRecord gui = record(T0, "Served", "vol-1", AuditOutcome.OK);
        AuditRecord cli = record(T0.plusSeconds(60), "unix:///csi/csi.sock", "vol-2", AuditOutcome.OK);
        AuditRecord other = new AuditRecord(T0.plusSeconds(120), new AuditOrigin("ann", "host-1", "Lab"), "unix:///lab.sock", "grpc",
                "csi.v1.Controller/DeleteVolume", Map.of("volume_id", List.of("vol-3")), "", AuditOutcome.OK, "", "", 1, "corr-3", 1);
        append(gui, cli, other);

        assertThat(log.find(AuditQuery.FIRST_PAGE.withConnection("unix:///csi/csi.sock"))).extracting(AuditEntry::seq).containsExactly(2L, 1L);
        assertThat(log.find(AuditQuery.FIRST_PAGE.withConnection("Served"))).extracting(AuditEntry::seq).containsExactly(1L);
        assertThat(log.find(AuditQuery.FIRST_PAGE.withConnection("unix:///lab.sock"))).extracting(AuditEntry::seq).containsExactly(3L);
    }

    @Test
    void entriesComeBackNewestFirstAndFilterByTimeConnectionTargetAndOutcome() throws Exception {
        append(record(T0, "site-a", "vol-1", AuditOutcome.OK),
                record(T0.plusSeconds(60), "site-b", "vol-2", AuditOutcome.FAILED),
                record(T0.plusSeconds(120), "site-a", "vol-3", AuditOutcome.CANCELLED));

        assertThat(log.find(AuditQuery.FIRST_PAGE)).extracting(AuditEntry::seq).containsExactly(3L, 2L, 1L);
        assertThat(log.find(AuditQuery.FIRST_PAGE.withConnection("site-a"))).extracting(AuditEntry::seq).containsExactly(3L, 1L);
        assertThat(log.find(AuditQuery.FIRST_PAGE.withTargetId("vol-2"))).extracting(AuditEntry::seq).containsExactly(2L);
        assertThat(log.find(AuditQuery.FIRST_PAGE.withOutcome(AuditOutcome.CANCELLED))).extracting(AuditEntry::seq).containsExactly(3L);
        assertThat(log.find(AuditQuery.FIRST_PAGE.withSince(T0.plusSeconds(60)).withUntil(T0.plusSeconds(120))))
                .extracting(AuditEntry::seq).containsExactly(2L);
        assertThat(log.find(AuditQuery.FIRST_PAGE.page(1, 1))).extracting(AuditEntry::seq).containsExactly(2L);
        assertThat(log.count(AuditQuery.FIRST_PAGE.withConnection("site-a").page(0, 1))).isEqualTo(2);
        AuditRecord back = log.find(AuditQuery.FIRST_PAGE.withTargetId("vol-2")).get(0).record();
        assertThat(back).isEqualTo(record(T0.plusSeconds(60), "site-b", "vol-2", AuditOutcome.FAILED));
    }

    @Test
    void forcedAndOverrideEntriesAreMarkedFoundByTheMarkedFilterAndCoveredByTheHashChain() throws Exception {
        append(record(T0, "a", "vol-1", AuditOutcome.OK), record(T0.plusSeconds(1), "a", "vol-2", AuditOutcome.OK).asForced(),
                record(T0.plusSeconds(2), "a", "vol-3", AuditOutcome.OK).asOverride());

        assertThat(log.find(AuditQuery.FIRST_PAGE.withMarked(true))).extracting(AuditEntry::seq).containsExactly(3L, 2L);
        assertThat(log.count(AuditQuery.FIRST_PAGE.withMarked(true))).isEqualTo(2);
        assertThat(log.find(AuditQuery.FIRST_PAGE.withTargetId("vol-2")).get(0).record().forced()).isTrue();
        assertThat(log.find(AuditQuery.FIRST_PAGE.withTargetId("vol-3")).get(0).record().override()).isTrue();
        assertThat(log.verify().intact()).isTrue();

        sql("UPDATE audit_entry SET forced = 0 WHERE seq = 2");

        assertThat(log.verify().intact()).as("removing the mark breaks the chain").isFalse();
    }

    @Test
    void aLogWrittenBeforeTheMarksExistedOpensWithEveryEntryUnmarkedAndStillVerifies() throws Exception {
        append(record(T0, "a", "vol-1", AuditOutcome.OK));
        String before = log.find(AuditQuery.FIRST_PAGE).get(0).hash();
        log.close();
        sql("ALTER TABLE audit_entry DROP COLUMN forced");
        sql("ALTER TABLE audit_entry DROP COLUMN override");

        log = SqliteAuditLog.open(dir);
        append(record(T0.plusSeconds(1), "a", "vol-2", AuditOutcome.OK).asForced());

        assertThat(log.find(AuditQuery.FIRST_PAGE)).extracting(e -> e.record().forced()).containsExactly(true, false);
        assertThat(log.find(AuditQuery.FIRST_PAGE.withTargetId("vol-1")).get(0).hash()).isEqualTo(before);
        assertThat(log.verify().intact()).isTrue();
    }

    @Test
    void anUntouchedLogVerifies() throws Exception {
        append(record(T0, "a", "vol-1", AuditOutcome.OK), record(T0, "a", "vol-2", AuditOutcome.OK));

        AuditVerification v = log.verify();

        assertThat(v.intact()).as(v.problem()).isTrue();
        assertThat(v.entries()).isEqualTo(2);
    }

    @Test
    void verifyNamesTheEntryWhoseRowWasEdited() throws Exception {
        append(record(T0, "a", "vol-1", AuditOutcome.OK), record(T0, "a", "vol-2", AuditOutcome.FAILED),
                record(T0, "a", "vol-3", AuditOutcome.OK));
        sql("UPDATE audit_entry SET outcome = 'OK', code = '', message = '' WHERE seq = 2");

        AuditVerification v = log.verify();

        assertThat(v.intact()).isFalse();
        assertThat(v.firstBad()).hasValue(2);
        assertThat(v.problem()).contains("entry 2 was changed");
    }

    @Test
    void verifyNamesTheEntryWhoseRowWasDeleted() throws Exception {
        append(record(T0, "a", "vol-1", AuditOutcome.OK), record(T0, "a", "vol-2", AuditOutcome.OK),
                record(T0, "a", "vol-3", AuditOutcome.OK));
        sql("DELETE FROM audit_entry WHERE seq = 2");

        AuditVerification v = log.verify();

        assertThat(v.firstBad()).hasValue(2);
        assertThat(v.problem()).contains("entry 2 was removed");
    }

    @Test
    void verifyNoticesTheNewestEntryWasDeleted() throws Exception {
        append(record(T0, "a", "vol-1", AuditOutcome.OK), record(T0, "a", "vol-2", AuditOutcome.OK));
        sql("DELETE FROM audit_entry WHERE seq = 2");

        AuditVerification v = log.verify();

        assertThat(v.firstBad()).hasValue(2);
        assertThat(v.problem()).contains("newest");
    }

    @Test
    void eightThreadsAppendingAtOnceBuildOneUnbrokenChain() throws Exception {
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<CompletableFuture<Void>> all = new ArrayList<>();
            for (int t = 0; t < 8; t++) {
                int thread = t;
                all.add(CompletableFuture.runAsync(() -> {
                    for (int i = 0; i < 25; i++) log.append(record(T0, "t" + thread, "vol-" + thread + "-" + i, AuditOutcome.OK)).join();
                }, pool));
            }
            CompletableFuture.allOf(all.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
        } finally {
            pool.shutdownNow();
        }

        assertThat(log.count(AuditQuery.FIRST_PAGE)).isEqualTo(200);
        assertThat(log.verify().intact()).isTrue();
    }

    @Test
    void theChainContinuesAcrossReopening() throws Exception {
        append(record(T0, "a", "vol-1", AuditOutcome.OK));
        log.close();
        log = SqliteAuditLog.open(dir);
        append(record(T0, "a", "vol-2", AuditOutcome.OK));

        assertThat(log.find(AuditQuery.FIRST_PAGE)).extracting(AuditEntry::seq).containsExactly(2L, 1L);
        assertThat(log.verify().intact()).isTrue();
    }

    @Test
    void csvExportQuotesCommasQuotesAndLineBreaksSoEveryFieldReadsBack() throws Exception {
        String message = "DeleteVolume \"vol,1\": failed\nsecond line";
        append(new AuditRecord(T0, new AuditOrigin("ann", "host-1", "site, a"), "unix:///x", "grpc", "csi.v1.Controller/DeleteVolume",
                Map.of("volume_id", List.of("vol,1")), "volume_id: \"vol,1\"\n", AuditOutcome.FAILED, "NOT_FOUND", message, 3, "c-1", 2));
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        long n = log.export(AuditQuery.FIRST_PAGE.page(0, AuditQuery.ALL), AuditExportFormat.CSV, out);

        assertThat(n).isEqualTo(1);
        CsvMapper csv = new CsvMapper();
        try (MappingIterator<Map<String, String>> rows = csv.readerFor(Map.class).with(CsvSchema.emptySchema().withHeader())
                .readValues(out.toByteArray())) {
            Map<String, String> row = rows.next();
            assertThat(row).containsEntry("message", message).containsEntry("connection", "site, a")
                    .containsEntry("targets", "volume_id=vol,1").containsEntry("outcome", "FAILED").containsEntry("attempts", "2");
            assertThat(rows.hasNext()).isFalse();
        }
    }

    @Test
    void jsonLinesExportWritesOneObjectPerEntryOldestFirst() throws Exception {
        append(record(T0, "a", "vol-1", AuditOutcome.OK), record(T0, "a", "vol-2", AuditOutcome.OK));
        ByteArrayOutputStream out = new ByteArrayOutputStream();

        log.export(AuditQuery.FIRST_PAGE.page(0, AuditQuery.ALL), AuditExportFormat.JSON_LINES, out);

        String[] lines = out.toString(StandardCharsets.UTF_8).split("\n");
        assertThat(lines).hasSize(2);
        assertThat(AuditCanonical.JSON.readTree(lines[0]).path("targets").path("volume_id").get(0).asText()).isEqualTo("vol-1");
        assertThat(AuditCanonical.JSON.readTree(lines[1]).path("seq").asLong()).isEqualTo(2);
    }
}
