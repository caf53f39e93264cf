package org.csiconsole.core.trace;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.csiconsole.core.call.CallOrigin;
import org.csiconsole.core.call.TraceArchive;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.call.TraceFileException;
import org.csiconsole.core.call.TracePayload;

import java.io.BufferedReader;
import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Trace files for a support case: JSON lines (one JSON object per line, UTF-8, {@code \n}), by
 * convention named {@code *.jsonl}. Read them with any JSON-lines tool, e.g.
 * {@code jq -c 'select(.ok == false) | {method, status, message}' trace.jsonl}.
 *
 * <p>The first line is the header:
 * <pre>
 * {"format":"csi-console-trace","version":1,"saved_at":"2026-03-01T14:07:00.123Z","dropped":0}
 * </pre>
 * {@code format} and {@code version} identify the file; {@code dropped} counts the older calls the
 * console's trace had already dropped (it keeps a bounded number) when the file was saved.
 *
 * <p>Each further line is one attempt of a call, oldest first:
 * <pre>
 * {"seq":42,"start":"2026-03-01T14:06:58.001234Z","protocol":"grpc",
 *  "endpoint":"unix:///var/lib/kubelet/plugins/csi.hpe.com/csi.sock",
 *  "method":"csi.v1.Controller/CreateVolume","attempt":1,"status":"OK","ok":true,
 *  "duration_ns":12500000,"message":"","targets":{"name":["pvc-1"],"volume_id":["vol-7"]},
 *  "headers":{},"task":{"id":3,"title":"Create volume pvc-1"},
 *  "request":{"name":"pvc-1","secrets":{"password":"***"}},"request_note":"",
 *  "response":{"volume":{"volumeId":"vol-7"}},"response_note":""}
 * </pre>
 * (one line in the file). Fields: {@code seq} the entry's number in the console's trace;
 * {@code start} the attempt's start (ISO-8601, UTC); {@code protocol} {@code grpc} or {@code http};
 * {@code endpoint} the socket, address or CSP URL; {@code method} the full gRPC method or the HTTP
 * method and path; {@code attempt} 1 for the first try, 2.. for retries; {@code status} {@code OK},
 * a gRPC code name, an HTTP status or, for an HTTP request that got no answer, the failure kind;
 * {@code ok}; {@code duration_ns} in nanoseconds; {@code message} the failure in the peer's words;
 * {@code targets} the ids the call names (field name to values); {@code headers} the HTTP headers
 * worth repeating ({@code x-auth-token} as {@code ***}); {@code task} the task that made the call
 * (left out for none); {@code request} / {@code response} the redacted payload, as JSON (proto3
 * JSON mapping for gRPC, the body for REST), or as a string when it was no JSON, left out when
 * empty; {@code *_note} what the trace left out of it. Secrets are {@code "***"} as in the console:
 * a file holds none.
 *
 * <p>Reading accepts fields in any order and ignores unknown ones (a later version's); a line that
 * is no JSON object, or lacks {@code start}, {@code protocol}, {@code endpoint}, {@code method} or
 * {@code status}, is an error naming the line.
 */
public final class TraceJsonLines implements TraceArchive {
    /** The header's {@code format}. */
    public static final String FORMAT = "csi-console-trace";
    /** The header's {@code version} written by this console. */
    public static final int VERSION = 1;

    /** The data binding, made when a trace file is first written or read: the workbench builds this class's users before its first frame. */
    private static final class TraceFileJson {
        static final ObjectMapper MAPPER = new ObjectMapper();
    }
    private final Clock clock;

    public TraceJsonLines() {
        this(Clock.systemUTC());
    }

    /** @param clock gives the header's {@code saved_at} */
    public TraceJsonLines(Clock clock) {
        this.clock = clock;
    }

    @Override
    public void save(List<TraceEntry> entries, long dropped, Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
        try {
            try (BufferedWriter w = Files.newBufferedWriter(tmp, StandardCharsets.UTF_8)) {
                ObjectNode header = TraceFileJson.MAPPER.createObjectNode();
                header.put("format", FORMAT).put("version", VERSION).put("saved_at", clock.instant().toString()).put("dropped", dropped);
                w.write(TraceFileJson.MAPPER.writeValueAsString(header));
                w.write('\n');
                for (TraceEntry e : entries) {
                    w.write(TraceFileJson.MAPPER.writeValueAsString(line(e)));
                    w.write('\n');
                }
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    private static ObjectNode line(TraceEntry e) {
        ObjectNode o = TraceFileJson.MAPPER.createObjectNode();
        o.put("seq", e.seq()).put("start", e.start().toString()).put("protocol", e.protocol()).put("endpoint", e.endpoint())
                .put("method", e.method()).put("attempt", e.attempt()).put("status", e.status()).put("ok", e.ok())
                .put("duration_ns", e.duration().toNanos()).put("message", e.message());
        ObjectNode targets = o.putObject("targets");
        e.targets().forEach((k, v) -> v.forEach(targets.withArray(k)::add));
        ObjectNode headers = o.putObject("headers");
        e.headers().forEach(headers::put);
        if (e.origin().isTask()) o.putObject("task").put("id", e.origin().id()).put("title", e.origin().title());
        payload(o, "request", e.request());
        payload(o, "response", e.response());
        return o;
    }

    private static void payload(ObjectNode o, String name, TracePayload p) {
        String json = p.json();
        if (!json.isEmpty()) {
            try {
                o.set(name, TraceFileJson.MAPPER.readTree(json));
            } catch (JsonProcessingException notJson) {
                o.put(name, json);
            }
        }
        o.put(name + "_note", p.note());
    }

    @Override
    public Contents open(Path file) throws IOException {
        List<TraceEntry> entries = new ArrayList<>();
        long dropped;
        String savedAt;
        try (BufferedReader r = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            String first = r.readLine();
            JsonNode header;
            try {
                header = first == null ? null : object(first, 1);
            } catch (TraceFileException notJson) {
                header = null;
            }
            if (header == null || !FORMAT.equals(header.path("format").asText())) {
                throw new TraceFileException(0, file.getFileName() + " is not a call trace saved by CSI Console"
                        + " (its first line must be a header with \"format\":\"" + FORMAT + "\")");
            }
            if (header.path("version").asInt(0) > VERSION) {
                throw new TraceFileException(1, "the file was saved by a newer CSI Console (trace format version "
                        + header.path("version").asInt() + "; this one reads up to " + VERSION + ")");
            }
            dropped = header.path("dropped").asLong(0);
            savedAt = header.path("saved_at").asText("");
            String line;
            long n = 1;
            while ((line = r.readLine()) != null) {
                n++;
                if (line.isBlank()) continue;
                entries.add(entry(object(line, n), n));
            }
        }
        return new Contents(entries, dropped, savedAt);
    }

    private static JsonNode object(String line, long n) {
        try {
            JsonNode node = TraceFileJson.MAPPER.readTree(line);
            if (node == null || !node.isObject()) throw new TraceFileException(n, "not a JSON object");
            return node;
        } catch (JsonProcessingException e) {
            throw new TraceFileException(n, "not JSON (" + e.getOriginalMessage() + ")");
        }
    }

    private static TraceEntry entry(JsonNode o, long n) {
        Instant start;
        try {
            start = Instant.parse(required(o, "start", n));
        } catch (DateTimeParseException e) {
            throw new TraceFileException(n, "\"start\" is not an ISO-8601 instant: " + o.path("start").asText());
        }
        Map<String, List<String>> targets = new LinkedHashMap<>();
        Iterator<Map.Entry<String, JsonNode>> it = o.path("targets").fields();
        while (it.hasNext()) {
            Map.Entry<String, JsonNode> t = it.next();
            List<String> ids = new ArrayList<>();
            t.getValue().forEach(v -> ids.add(v.asText()));
            targets.put(t.getKey(), ids);
        }
        Map<String, String> headers = new LinkedHashMap<>();
        o.path("headers").fields().forEachRemaining(h -> headers.put(h.getKey(), h.getValue().asText()));
        JsonNode task = o.path("task");
        CallOrigin origin = task.isObject() && task.path("id").asLong(0) > 0
                ? new CallOrigin(task.path("id").asLong(), task.path("title").asText("")) : CallOrigin.NONE;
        return new TraceEntry(o.path("seq").asLong(0), start, required(o, "protocol", n), required(o, "endpoint", n),
                required(o, "method", n), o.path("attempt").asInt(1), payload(o, "request"), payload(o, "response"),
                required(o, "status", n), o.path("ok").asBoolean(false), Duration.ofNanos(o.path("duration_ns").asLong(0)),
                o.path("message").asText(""), targets, headers, origin);
    }

    private static String required(JsonNode o, String field, long n) {
        JsonNode v = o.get(field);
        if (v == null || !v.isValueNode() || v.isNull()) throw new TraceFileException(n, "the entry has no \"" + field + "\"");
        return v.asText();
    }

    private static TracePayload payload(JsonNode o, String name) {
        JsonNode v = o.get(name);
        String note = o.path(name + "_note").asText("");
        if (v == null || v.isNull()) return TracePayload.of("", note);
        if (v.isTextual()) return TracePayload.of(v.asText(), note);
        try {
            return TracePayload.of(TraceFileJson.MAPPER.writerWithDefaultPrettyPrinter().writeValueAsString(v), note);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a parsed tree cannot be written back", e);
        }
    }
}
