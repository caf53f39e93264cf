package org.csiconsole.core.store;

import org.csiconsole.core.audit.AuditEntry;
import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditQuery;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** An acknowledged change keeps its audit entry when the console is killed (SIGKILL) right after. */
class AuditSurvivesKillTest {
    @TempDir
    Path dir;

    @Test
    @Timeout(value = 120, unit = TimeUnit.SECONDS)
    void anAcknowledgedChangeKeepsItsEntryWhenTheConsoleIsKilledRightAfter() throws Exception {
        Path java = Path.of(System.getProperty("java.home"), "bin", "java");
        ProcessBuilder pb = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                AuditKillChild.class.getName(), dir.resolve("data").toString(), dir.resolve("plugin").toString())
                .redirectError(dir.resolve("child.err").toFile());
        Process child = pb.start();
        String volumeId = null;
        try (BufferedReader out = new BufferedReader(new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
            String line;
            while ((line = out.readLine()) != null) {
                if (line.startsWith("ACK ")) {
                    child.destroyForcibly();
                    volumeId = line.substring(4);
                    break;
                }
            }
        } finally {
            child.destroyForcibly();
            child.waitFor(30, TimeUnit.SECONDS);
        }
        assertThat(volumeId).as("the child acknowledged a change; see child.err").isNotNull();

        try (SqliteAuditLog log = SqliteAuditLog.open(dir.resolve("data"))) {
            List<AuditEntry> found = log.find(AuditQuery.FIRST_PAGE.withTargetId(volumeId));
            assertThat(found).singleElement().satisfies(e -> {
                assertThat(e.record().call()).isEqualTo("csi.v1.Controller/CreateVolume");
                assertThat(e.record().outcome()).isEqualTo(AuditOutcome.OK);
            });
            assertThat(log.verify().intact()).isTrue();
        }
    }
}
