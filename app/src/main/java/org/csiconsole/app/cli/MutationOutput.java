package org.csiconsole.app.cli;

import org.csiconsole.core.model.ByteSize;
import org.csiconsole.core.model.ExpandVolumeResult;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.Topology;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.model.VolumeSource;

import java.io.PrintWriter;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * Prints what a mutating CSI command did, as a FIELD/VALUE table or as JSON. JSON has the same
 * shape as the listing commands': a created volume or snapshot is the record {@code volumes} and
 * {@code snapshots} print ({@code volumeId}, {@code capacityBytes}, {@code accessibleTopology},
 * {@code volumeContext}, ...; sizes in bytes, times in ISO-8601), and the other commands print one
 * object naming the ids they acted on. Secrets are never part of any of it.
 */
final class MutationOutput {

    private final PrintWriter out;
    private final OutputFormat format;

    MutationOutput(PrintWriter out, OutputFormat format) {
        this.out = out;
        this.format = format;
    }

    /** A volume CreateVolume returned. */
    void volume(Volume v) {
        if (json(v)) return;
        Table t = new Table("FIELD", "VALUE");
        t.row("volume_id", v.volumeId()).row("name", v.name()).row("capacity_bytes", capacity(v.capacityBytes()));
        if (v.source().kind() != VolumeSource.Kind.NONE) {
            t.row("content_source", v.source().kind().name().toLowerCase(java.util.Locale.ROOT) + ":" + v.source().id());
        }
        for (VolumeCapability c : v.capabilities()) {
            t.row("capability", c.accessType().name().toLowerCase(java.util.Locale.ROOT) + " " + c.accessMode()
                    + (c.fsType().isEmpty() ? "" : " " + c.fsType()));
        }
        new TreeMap<>(v.parameters()).forEach((k, val) -> t.row("parameters." + k, val));
        new TreeMap<>(v.volumeContext()).forEach((k, val) -> t.row("volume_context." + k, val));
        for (Topology topo : v.accessibleTopology()) t.row("accessible_topology", topo);
        t.print(out);
    }

    /** The result of ControllerExpandVolume. */
    void expanded(String volumeId, ExpandVolumeResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("volumeId", volumeId);
        m.put("capacityBytes", r.capacityBytes());
        m.put("nodeExpansionRequired", r.nodeExpansionRequired());
        if (json(m)) return;
        new Table("FIELD", "VALUE").row("volume_id", volumeId).row("capacity_bytes", capacity(r.capacityBytes()))
                .row("node_expansion_required", r.nodeExpansionRequired()
                        ? "yes: NodeExpandVolume must still run on the node that uses the volume (csi-console node-expand)" : "no")
                .print(out);
    }

    /** What NodeExpandVolume on {@code nodeId} returned. */
    void nodeExpanded(String volumeId, String nodeId, ExpandVolumeResult r) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("volumeId", volumeId);
        m.put("nodeId", nodeId);
        m.put("capacityBytes", r.capacityBytes());
        if (json(m)) return;
        new Table("FIELD", "VALUE").row("volume_id", volumeId).row("node_id", nodeId).row("capacity_bytes", capacity(r.capacityBytes())).print(out);
    }

    /** What ControllerModifyVolume set: the mutable parameters sent, which the driver accepted (it answers nothing more). */
    void modified(String volumeId, Map<String, String> mutableParameters) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("volumeId", volumeId);
        m.put("mutableParameters", new TreeMap<>(mutableParameters));
        m.put("result", "modified");
        if (json(m)) return;
        Table t = new Table("FIELD", "VALUE").row("volume_id", volumeId);
        new TreeMap<>(mutableParameters).forEach((k, v) -> t.row("mutable_parameters." + k, v));
        t.print(out);
    }

    /** The publish_context ControllerPublishVolume returned. */
    void published(String volumeId, String nodeId, boolean readonly, Map<String, String> publishContext) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("volumeId", volumeId);
        m.put("nodeId", nodeId);
        m.put("readonly", readonly);
        m.put("publishContext", new TreeMap<>(publishContext));
        if (json(m)) return;
        Table t = new Table("FIELD", "VALUE").row("volume_id", volumeId).row("node_id", nodeId).row("readonly", readonly);
        new TreeMap<>(publishContext).forEach((k, v) -> t.row("publish_context." + k, v));
        t.print(out);
    }

    /** A snapshot CreateSnapshot returned. */
    void snapshot(Snapshot s) {
        if (json(s)) return;
        new Table("FIELD", "VALUE").row("snapshot_id", s.snapshotId()).row("name", s.name())
                .row("source_volume_id", s.sourceVolumeId()).row("size_bytes", capacity(s.sizeBytes()))
                .row("creation_time", s.creationTime() == null ? "unknown" : s.creationTime())
                .row("ready_to_use", s.readyToUse() ? "yes" : "no").print(out);
    }

    /** A group snapshot CreateVolumeGroupSnapshot returned, with its member snapshots as {@code snapshots} prints them. */
    void groupSnapshot(org.csiconsole.core.model.GroupSnapshot g) {
        if (json(g)) return;
        Table t = new Table("FIELD", "VALUE").row("group_snapshot_id", g.groupSnapshotId()).row("name", g.name())
                .row("creation_time", g.creationTime() == null ? "unknown" : g.creationTime()).row("ready_to_use", g.readyToUse() ? "yes" : "no");
        for (Snapshot s : g.snapshots()) t.row("snapshot", s.snapshotId() + " of " + s.sourceVolumeId());
        t.print(out);
    }

    /**
     * A call that returns nothing: DeleteVolume, ControllerUnpublishVolume, DeleteSnapshot.
     *
     * @param ids the ids acted on, in order, e.g. {@code volumeId -> vol-1}
     * @param result the JSON {@code result}: {@code deleted} or {@code unpublished}
     * @param sentence what happened, for the table format
     */
    void done(Map<String, String> ids, String result, String sentence) {
        Map<String, Object> m = new LinkedHashMap<>(ids);
        m.put("result", result);
        if (json(m)) return;
        out.println(sentence);
        out.flush();
    }

    /** A size in bytes, exact and in binary units; 0 is "unknown" (csi.proto: capacity_bytes 0 is unknown). */
    private static String capacity(long bytes) {
        return bytes <= 0 ? "unknown" : ByteSize.grouped(bytes) + " (" + ByteSize.format(bytes) + ")";
    }

    private boolean json(Object value) {
        return CsiOutput.json(out, format, value);
    }
}
