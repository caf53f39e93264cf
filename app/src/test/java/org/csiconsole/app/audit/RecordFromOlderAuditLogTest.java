package org.csiconsole.app.audit;

import org.csiconsole.core.audit.AuditOrigin;
import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditRecord;
import org.csiconsole.core.record.ConsoleBook;
import org.csiconsole.core.record.RecordKind;
import org.csiconsole.core.risk.Placement;
import org.csiconsole.core.store.SqliteAuditLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A console upgraded beside an audit log written before the record existed: the record starts from the log's calls. */
class RecordFromOlderAuditLogTest {
    private static final String EP = "unix:///csi/csi.sock";

    @TempDir
    Path dir;

    private static AuditRecord ok(Instant at, String call, Map<String, List<String>> targets, String params) {
        return new AuditRecord(at, AuditOrigin.local("t"), EP, "grpc", call, targets, params, AuditOutcome.OK, "", "", 2, "c", 1);
    }

    @Test
    void theRecordMadeBesideAnOlderAuditLogTakesItsCallsOldestFirst() throws Exception {
        Instant t = Instant.parse("2026-12-01T10:00:00Z");
        SqliteAuditLog older = SqliteAuditLog.open(dir);
        try {
            older.append(ok(t, "csi.v1.Controller/CreateVolume", Map.of("name", List.of("walk-vol-1"), "volume_id", List.of("vol-1")),
                    "name: \"walk-vol-1\"")).get();
            older.append(ok(t.plusSeconds(60), "csi.v1.Controller/ControllerPublishVolume",
                    Map.of("volume_id", List.of("vol-1"), "node_id", List.of("node-1")), "")).get();
            older.append(ok(t.plusSeconds(120), "csi.v1.Controller/ControllerPublishVolume",
                    Map.of("volume_id", List.of("vol-1"), "node_id", List.of("node-2")), "")).get();
            older.append(ok(t.plusSeconds(180), "csi.v1.Controller/ControllerUnpublishVolume",
                    Map.of("volume_id", List.of("vol-1"), "node_id", List.of("node-2")), "")).get();
        } finally {
            older.close();
        }

        try (LazyAuditLog upgraded = new LazyAuditLog(dir)) {
            ConsoleBook book = upgraded.book(EP);

            assertThat(book.find(RecordKind.VOLUME, "vol-1").orElseThrow().name()).isEqualTo("walk-vol-1");
            assertThat(book.consolePlacements("vol-1", "")).extracting(Placement::nodeId).containsExactly("node-1");
        }
    }
}
