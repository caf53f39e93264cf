package org.csiconsole.app.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.json.StableJson;
import org.csiconsole.core.model.ByteSize;
import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.PluginInfo;
import org.csiconsole.core.model.Readiness;
import org.csiconsole.core.model.Snapshot;

import java.io.PrintWriter;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/** Prints CSI results as a table or as JSON (the domain records, times in ISO-8601, sizes in bytes). */
final class CsiOutput {
    /** The JSON the CLI prints: records as objects, times in ISO-8601, indented. */
    static final class CsiJson {
        /** Built on first use: the commands that print no JSON load no Jackson. */
        static final ObjectMapper MAPPER = StableJson.INDENTED;
    }

    private final PrintWriter out;
    private final OutputFormat format;

    CsiOutput(PrintWriter out, OutputFormat format) {
        this.out = out;
        this.format = format;
    }

    /** The identity and the Probe answer: {@code ready} true or false, {@code readiness} as reported (READY, NOT_READY, NOT_REPORTED). */
    void info(String endpoint, PluginInfo info, Readiness readiness) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("endpoint", endpoint);
        m.put("name", info.name());
        m.put("vendorVersion", info.vendorVersion());
        m.put("manifest", info.manifest());
        m.put("ready", readiness.ready());
        m.put("readiness", readiness);
        if (json(m)) return;
        Table t = new Table("FIELD", "VALUE");
        t.row("endpoint", endpoint).row("name", info.name()).row("vendor_version", info.vendorVersion()).row("ready", readiness.text());
        info.manifest().entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(e -> t.row("manifest." + e.getKey(), e.getValue()));
        t.print(out);
    }

    void capabilities(CapabilitySet caps) {
        if (json(caps)) return;
        Table t = new Table("SERVICE", "CAPABILITY", "ALPHA");
        rows(t, "plugin", caps.plugin(), caps);
        rows(t, "controller", caps.controller(), caps);
        rows(t, "node", caps.node(), caps);
        rows(t, "group_controller", caps.groupController(), caps);
        t.print(out);
    }

    private static void rows(Table t, String service, Collection<? extends Enum<?>> values, CapabilitySet caps) {
        new TreeSet<>(values.stream().map(Enum::name).toList()).forEach(n ->
                t.row(service, n, caps.alpha().contains(n) ? "alpha" : ""));
    }

    void snapshots(List<Snapshot> snapshots) {
        if (json(snapshots)) return;
        Table t = new Table("SNAPSHOT_ID", "NAME", "SOURCE_VOLUME_ID", "SIZE", "CREATED", "READY", "GROUP_SNAPSHOT_ID");
        for (Snapshot s : snapshots) {
            t.row(s.snapshotId(), s.name(), s.sourceVolumeId(), size(s.sizeBytes()), s.creationTime() == null ? "unknown" : s.creationTime(),
                    s.readyToUse() ? "yes" : "no", s.groupSnapshotId());
        }
        t.print(out);
        out.println(org.csiconsole.core.model.Words.count(snapshots.size(), "snapshot"));
        out.flush();
    }

    void node(NodeInfo info, CapabilitySet caps) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("nodeId", info.nodeId());
        m.put("maxVolumesPerNode", info.maxVolumesPerNode());
        m.put("accessibleTopology", info.accessibleTopology() == null ? Map.of() : info.accessibleTopology().segments());
        m.put("capabilities", new TreeSet<>(caps.node().stream().map(Enum::name).toList()));
        if (json(m)) return;
        Table t = new Table("FIELD", "VALUE");
        t.row("node_id", info.nodeId())
                .row("max_volumes_per_node", info.maxVolumesPerNode() == 0 ? "no limit reported" : info.maxVolumesPerNode())
                .row("accessible_topology", info.accessibleTopology() == null ? "not reported" : info.accessibleTopology())
                .row("capabilities", String.join(",", new TreeSet<>(caps.node().stream().map(Enum::name).toList())));
        t.print(out);
    }

    static void trace(PrintWriter err, List<TraceEntry> entries) {
        for (TraceEntry e : entries) {
            err.println("# " + e.method() + " attempt " + e.attempt() + " " + e.status() + " " + e.duration().toMillis() + " ms @ " + e.endpoint());
            String request = e.request().json();
            String response = e.response().json();
            if (!request.isBlank()) err.println("> " + request.strip().replace("\n", "\n> "));
            if (!response.isBlank()) err.println("< " + response.strip().replace("\n", "\n< "));
        }
        err.flush();
    }

    /** A volume or snapshot size; 0 is "unknown" (csi.proto Volume.capacity_bytes, Snapshot.size_bytes). */
    private static String size(long bytes) {
        return bytes <= 0 ? "unknown" : ByteSize.format(bytes);
    }

    private boolean json(Object value) {
        return json(out, format, value);
    }

    /** Prints {@code value} as JSON to {@code out} when {@code format} is json; false (nothing printed) otherwise. */
    static boolean json(PrintWriter out, OutputFormat format, Object value) {
        if (format != OutputFormat.json) return false;
        try {
            out.println(CsiJson.MAPPER.writeValueAsString(value));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("could not write JSON: " + e.getOriginalMessage());
        }
        out.flush();
        return true;
    }
}
