package org.csiconsole.app.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.csp.CspSessionInfo;
import org.csiconsole.core.json.StableJson;
import org.csiconsole.core.model.ByteSize;
import org.csiconsole.core.model.Host;
import org.csiconsole.core.model.ReplicationPartner;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.SnapshotGroup;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeGroup;

import java.io.PrintWriter;
import java.time.Instant;
import java.util.List;

/** Prints CSP results as a table or as JSON (the domain records, dates in ISO-8601). */
final class CspOutput {
    private static final class CspPrinterJson {
        /** Built on first use: the commands that print no JSON load no Jackson. */
        static final ObjectMapper MAPPER = StableJson.INDENTED;
    }

    private final PrintWriter out;
    private final OutputFormat format;

    CspOutput(PrintWriter out, OutputFormat format) {
        this.out = out;
        this.format = format;
    }

    void session(String endpoint, CspSessionInfo s) {
        if (json(s)) return;
        out.println("Logged in to " + endpoint + " as " + s.username()
                + (s.arrayIp().isEmpty() ? "" : " (array " + s.arrayIp() + ")")
                + (s.expiryTime() == null ? "" : "; the token expires at " + s.expiryTime() + " (array clock)"));
        out.flush();
    }

    void hosts(List<Host> hosts) {
        if (json(hosts)) return;
        Table t = new Table("ID", "UUID", "NAME", "PROTOCOL", "INITIATORS", "NETWORKS");
        for (Host h : hosts) {
            int initiators = h.iqns().size() + h.wwpns().size() + h.nqns().size();
            t.row(h.id(), h.uuid(), h.name(), h.accessProtocol() == null ? "" : h.accessProtocol().wire(), initiators,
                    String.join(",", h.networks()));
        }
        t.print(out);
    }

    void volumes(List<Volume> volumes) {
        if (json(volumes)) return;
        Table t = new Table("ID", "NAME", "SIZE", "PUBLISHED", "GROUP", "SOURCE");
        for (Volume v : volumes) {
            t.row(v.volumeId(), v.name(), ByteSize.format(v.capacityBytes()), v.properties().getOrDefault("published", ""),
                    v.groupId(), v.source().id());
        }
        t.print(out);
    }

    void snapshots(List<Snapshot> snapshots) {
        if (json(snapshots)) return;
        Table t = new Table("ID", "NAME", "VOLUME", "SIZE", "READY", "CREATED");
        for (Snapshot s : snapshots) {
            t.row(s.snapshotId(), s.name(), s.sourceVolumeId(), ByteSize.format(s.sizeBytes()), s.readyToUse(), time(s.creationTime()));
        }
        t.print(out);
    }

    void volumeGroups(List<VolumeGroup> groups) {
        if (json(groups)) return;
        Table t = new Table("ID", "NAME", "VOLUMES", "CREATED", "DESCRIPTION");
        for (VolumeGroup g : groups) t.row(g.id(), g.name(), g.volumes().size(), time(g.creationTime()), g.description());
        t.print(out);
    }

    void snapshotGroups(List<SnapshotGroup> groups) {
        if (json(groups)) return;
        Table t = new Table("ID", "NAME", "VOLUME GROUP", "SNAPSHOTS", "REPLICATION", "CREATED");
        for (SnapshotGroup g : groups) {
            String repl = g.replication() == SnapshotGroup.Replication.NONE ? "" : g.replication().status().name().toLowerCase();
            t.row(g.id(), g.name(), g.volumeGroupName().isEmpty() ? g.volumeGroupId() : g.volumeGroupName(), g.snapshots().size(),
                    repl, time(g.creationTime()));
        }
        t.print(out);
    }

    void partners(List<ReplicationPartner> partners) {
        if (json(partners)) return;
        Table t = new Table("ID", "NAME", "ALIVE", "ROLE");
        for (ReplicationPartner p : partners) {
            t.row(p.id(), p.name(), p.alive() == null ? "unknown" : p.alive(), p.role().name().toLowerCase());
        }
        t.print(out);
    }

    /** The call trace, one line per HTTP attempt; entries are already redacted by the client. */
    static void trace(PrintWriter err, List<TraceEntry> entries) {
        for (TraceEntry e : entries) {
            err.println("[trace] " + e.method() + " attempt " + e.attempt() + " -> " + e.status() + " in " + e.duration().toMillis() + " ms");
            if (!e.request().isEmpty()) err.println("[trace]   request  " + e.request());
            if (!e.response().isEmpty()) err.println("[trace]   response " + e.response());
        }
        err.flush();
    }

    private boolean json(Object value) {
        if (format != OutputFormat.json) return false;
        try {
            out.println(CspPrinterJson.MAPPER.writeValueAsString(value));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write JSON output", e);
        }
        out.flush();
        return true;
    }

    private static String time(Instant t) {
        return t == null ? "" : t.toString();
    }
}
