package org.csiconsole.views.trace;

import org.csiconsole.core.call.CallOrigin;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.TraceArchive;
import org.csiconsole.core.call.TraceCommand;
import org.csiconsole.core.call.TraceCommands;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.call.TracePayload;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/** Trace entries, commands and an in-memory archive for the trace view's tests. */
public final class TraceFixtures {
    public static final String SOCKET = "unix:///run/csi/csi.sock";
    public static final String OTHER = "unix:///run/other/csi.sock";

    private TraceFixtures() {
    }

    /** Records one call naming {@code volumeId} (when not null) on {@code trace}. */
    public static TraceEntry call(CallTrace trace, String endpoint, String method, String status, String volumeId, CallOrigin origin) {
        boolean ok = "OK".equals(status);
        return trace.record(new TraceEntry(0, Instant.parse("2026-01-01T00:00:00Z").plusMillis(trace.snapshot().size()), "grpc", endpoint,
                method, 1, TracePayload.of("{\n  \"volumeId\": \"" + volumeId + "\"\n}"), ok ? TracePayload.of("{}") : TracePayload.EMPTY,
                status, ok, Duration.ofMillis(12), ok ? "" : "the plugin is not reachable",
                volumeId == null ? Map.of() : Map.of("volume_id", List.of(volumeId)), Map.of(), origin));
    }

    public static TraceEntry call(CallTrace trace, String method, String status, String volumeId) {
        return call(trace, SOCKET, method, status, volumeId, CallOrigin.NONE);
    }

    /** Why curl has no command: as long as the demo's sentence for a call made in process, with the commands to try. */
    public static final String CURL_REASON = "curl is for the CSP REST API; to try it, serve the demo with `csi-console serve "
            + "--endpoint unix:///tmp/csi-console-demo.sock --seed demo` and open it with `csi-console --endpoint "
            + "unix:///tmp/csi-console-demo.sock --csp-url https://localhost:8443`";

    /** Commands that say which call they repeat: {@code grpcurl <method>}; csc has none. */
    public static TraceCommands commands() {
        return new TraceCommands() {
            @Override
            public TraceCommand grpcurl(TraceEntry e) {
                return new TraceCommand("grpcurl", List.of("grpcurl", e.method()), "grpcurl " + e.method(), "");
            }

            @Override
            public TraceCommand csc(TraceEntry e) {
                return TraceCommand.unavailable("csc", "csc has no command for " + e.shortMethod());
            }

            @Override
            public TraceCommand curl(TraceEntry e) {
                return TraceCommand.unavailable("curl", CURL_REASON);
            }
        };
    }

    /** Keeps saved traces in memory, by path. */
    public static final class MemoryArchive implements TraceArchive {
        public final Map<Path, Contents> files = new HashMap<>();
        public final List<Path> saves = new ArrayList<>();

        @Override
        public void save(List<TraceEntry> entries, long dropped, Path file) {
            saves.add(file);
            files.put(file, new Contents(entries, dropped, "2026-01-01T00:00:00Z"));
        }

        @Override
        public Contents open(Path file) throws IOException {
            Contents c = files.get(file);
            if (c == null) throw new IOException("no such file: " + file);
            return c;
        }
    }
}
