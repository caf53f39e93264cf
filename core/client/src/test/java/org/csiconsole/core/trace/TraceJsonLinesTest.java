package org.csiconsole.core.trace;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.csiconsole.core.call.CallOrigin;
import org.csiconsole.core.call.TraceArchive;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.call.TraceFileException;
import org.csiconsole.core.call.TracePayload;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TraceJsonLinesTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private final TraceJsonLines files = new TraceJsonLines(Clock.fixed(Instant.parse("2026-03-01T14:07:00Z"), ZoneOffset.UTC));

    private static List<TraceEntry> entries() {
        CallOrigin task = new CallOrigin(3, "Create volume pvc-1");
        return List.of(
                new TraceEntry(41, Instant.parse("2026-03-01T14:06:58.001234567Z"), "grpc", "unix:///csi/csi.sock",
                        "csi.v1.Controller/CreateVolume", 1, TracePayload.of("{\n  \"name\": \"pvc-1\",\n  \"secrets\": {\n    \"password\": \"***\"\n  }\n}"),
                        TracePayload.EMPTY, "UNAVAILABLE", false, Duration.ofNanos(12_500_001), "connection refused",
                        Map.of("name", List.of("pvc-1")), Map.of(), task),
                new TraceEntry(42, Instant.parse("2026-03-01T14:06:59Z"), "grpc", "unix:///csi/csi.sock",
                        "csi.v1.Controller/CreateVolume", 2, TracePayload.of("{\"name\":\"pvc-1\"}"),
                        TracePayload.of("{\"volume\":{\"volumeId\":\"vol-7\",\"capacityBytes\":\"1073741824\"}}", "2 more entries of entries not shown"),
                        "OK", true, Duration.ofMillis(9), "", Map.of("name", List.of("pvc-1"), "volume_id", List.of("vol-7")), Map.of(), task),
                new TraceEntry(43, Instant.parse("2026-03-01T14:07:00Z"), "http", "https://array.example:8080/csp",
                        "GET /csp/containers/v1/volumes?name=pvc-1", 1, TracePayload.EMPTY, TracePayload.of("<1000000 bytes, not recorded>"),
                        "200", true, Duration.ofMillis(30), "", Map.of(), Map.of("x-array-ip", "10.10.1.5", "x-auth-token", "***"),
                        CallOrigin.NONE));
    }

    @Test
    void aSavedTraceOpensAgainWithTheSameEntries() throws Exception {
        Path file = dir.resolve("case-4711.jsonl");
        files.save(entries(), 17, file);

        TraceArchive.Contents back = files.open(file);

        assertThat(back.dropped()).isEqualTo(17);
        assertThat(back.savedAt()).isEqualTo("2026-03-01T14:07:00Z");
        assertThat(back.entries()).hasSize(3);
        for (int i = 0; i < 3; i++) {
            TraceEntry a = entries().get(i);
            TraceEntry b = back.entries().get(i);
            assertThat(b).usingRecursiveComparison().ignoringFields("request", "response").isEqualTo(a);
            assertThat(tree(b.request())).isEqualTo(tree(a.request()));
            assertThat(tree(b.response())).isEqualTo(tree(a.response()));
            assertThat(b.request().note()).isEqualTo(a.request().note());
            assertThat(b.response().note()).isEqualTo(a.response().note());
        }
        assertThat(Files.readAllLines(file)).hasSize(4).first().asString().contains("\"format\":\"csi-console-trace\"");
    }

    private static Object tree(TracePayload p) throws Exception {
        if (p.json().isEmpty()) return "";
        try {
            return JSON.readTree(p.json());
        } catch (com.fasterxml.jackson.core.JsonProcessingException notJson) {
            return p.json();
        }
    }

    @Test
    void aFileThatIsNoTraceIsRefusedWithWhatATraceFileLooksLike() throws Exception {
        Path file = dir.resolve("notes.txt");
        Files.writeString(file, "hello\n");

        assertThatThrownBy(() -> files.open(file)).isInstanceOf(TraceFileException.class)
                .hasMessageContaining("notes.txt is not a call trace saved by CSI Console");
    }

    @Test
    void aBrokenLineIsNamedByItsNumber() throws Exception {
        Path file = dir.resolve("t.jsonl");
        files.save(entries(), 0, file);
        List<String> lines = new java.util.ArrayList<>(Files.readAllLines(file));
        lines.set(2, lines.get(2).replace("\"method\"", "\"methodx\""));
        Files.write(file, lines);

        assertThatThrownBy(() -> files.open(file)).isInstanceOf(TraceFileException.class)
                .hasMessage("line 3: the entry has no \"method\"")
                .extracting(e -> ((TraceFileException) e).line()).isEqualTo(3L);
    }

    @Test
    void aSaveReplacesTheFileWhole() throws Exception {
        Path file = dir.resolve("t.jsonl");
        files.save(entries(), 0, file);
        files.save(entries().subList(0, 1), 0, file);

        assertThat(files.open(file).entries()).hasSize(1);
        try (var listing = Files.list(dir)) {
            assertThat(listing).containsExactly(file);
        }
    }
}
