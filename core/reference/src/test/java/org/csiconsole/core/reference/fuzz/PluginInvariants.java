package org.csiconsole.core.reference.fuzz;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.array.GroupSnapshotRecord;
import org.csiconsole.core.reference.array.NodeMount;
import org.csiconsole.core.reference.array.Publication;
import org.csiconsole.core.reference.array.ReplicationStatus;
import org.csiconsole.core.reference.array.SnapshotRecord;
import org.csiconsole.core.reference.array.StorageArray;
import org.csiconsole.core.reference.array.VolumeGroupRecord;
import org.csiconsole.core.reference.array.VolumeRecord;

/**
 * The reference plugin's model stays consistent whatever it was sent: every listed volume can be
 * fetched by id and by name, sizes are non-negative, pool accounting matches the volumes,
 * publications, node mounts, snapshots of groups, group members and replication sides refer to
 * objects that exist. Returns the violations in words (empty when consistent).
 */
final class PluginInvariants {
    private PluginInvariants() {
    }

    static List<String> violations(ArrayModel m) {
        List<String> out = new ArrayList<>();
        List<VolumeRecord> volumes = m.volumes().all();
        Map<String, VolumeRecord> byId = new HashMap<>();
        Map<String, Long> provisioned = new HashMap<>();
        for (VolumeRecord v : volumes) {
            if (byId.put(v.id(), v) != null) out.add("volume_id " + v.id() + " is listed twice");
            if (!m.volumes().get(v.id()).equals(java.util.Optional.of(v))) out.add("volume " + v.id() + " is listed but cannot be fetched");
            if (m.volumes().byName(v.name()).map(VolumeRecord::id).filter(v.id()::equals).isEmpty()) {
                out.add("volume " + v.id() + " cannot be found by its name");
            }
            if (v.capacityBytes() <= 0 || v.capacityBytes() > ArrayModel.MAX_VOLUME_BYTES) {
                out.add("volume " + v.id() + " has capacity_bytes " + v.capacityBytes());
            }
            if (v.usedBytes() < 0 || v.usedBytes() > v.capacityBytes()) {
                out.add("volume " + v.id() + " has used bytes " + v.usedBytes() + " of " + v.capacityBytes());
            }
            if (m.arrays().get(v.array()).isEmpty()) out.add("volume " + v.id() + " is on unknown array " + v.array());
            provisioned.merge(v.array() + "/" + v.pool(), v.capacityBytes(), Long::sum);
        }
        if (m.volumes().count() != volumes.size()) out.add("volumeCount " + m.volumes().count() + " != " + volumes.size());
        for (StorageArray a : m.arrays().all()) {
            for (StorageArray.Pool p : a.pools()) {
                long sum = provisioned.getOrDefault(a.name() + "/" + p.name(), 0L);
                if (m.arrays().provisionedBytes(a.name(), p.name()) != sum) {
                    out.add("pool " + a.name() + "/" + p.name() + " counts " + m.arrays().provisionedBytes(a.name(), p.name())
                            + " provisioned bytes, its volumes " + sum);
                }
                if (m.arrays().availableBytes(a.name(), p.name()) < 0) out.add("pool " + p.name() + " has negative available bytes");
            }
        }
        Set<String> nodes = new HashSet<>();
        m.hosts().all().forEach(h -> nodes.add(h.nodeId()));
        for (Publication p : m.publications().all()) {
            if (!byId.containsKey(p.volumeId())) out.add("publication of missing volume " + p.volumeId());
            if (!nodes.contains(p.nodeId())) out.add("publication to node " + p.nodeId() + " that has no host");
        }
        for (VolumeRecord v : volumes) {
            for (NodeMount n : m.nodeRecords().of(v.id())) {
                if (!n.volumeId().equals(v.id())) out.add("node mount of " + n.volumeId() + " listed under " + v.id());
            }
        }
        Map<String, SnapshotRecord> snaps = new HashMap<>();
        for (SnapshotRecord s : m.snapshots().all()) {
            snaps.put(s.id(), s);
            if (s.sizeBytes() < 0) out.add("snapshot " + s.id() + " has size " + s.sizeBytes());
            if (m.snapshots().get(s.id()).isEmpty()) out.add("snapshot " + s.id() + " is listed but cannot be fetched");
            if (s.groupSnapshotId() != null && m.groupSnapshots().get(s.groupSnapshotId()).isEmpty()) {
                out.add("snapshot " + s.id() + " belongs to missing group snapshot " + s.groupSnapshotId());
            }
        }
        for (GroupSnapshotRecord g : m.groupSnapshots().all()) {
            for (String id : g.snapshotIds()) {
                if (!snaps.containsKey(id)) out.add("group snapshot " + g.id() + " lists missing snapshot " + id);
            }
        }
        Set<String> grouped = new HashSet<>();
        Set<String> groupIds = new HashSet<>();
        for (VolumeGroupRecord g : m.groups().all()) {
            groupIds.add(g.id());
            for (String id : g.volumeIds()) {
                VolumeRecord v = byId.get(id);
                if (v == null) out.add("volume group " + g.id() + " lists missing volume " + id);
                else if (!v.array().equals(g.array())) out.add("volume group " + g.id() + " on " + g.array() + " holds " + id + " of " + v.array());
                if (!grouped.add(id)) out.add("volume " + id + " is in more than one group");
                if (m.groups().of(id).map(VolumeGroupRecord::id).filter(g.id()::equals).isEmpty()) {
                    out.add("volume " + id + " is listed in group " + g.id() + " but groupOf disagrees");
                }
            }
        }
        for (ReplicationStatus r : m.replications().all()) {
            for (String side : List.of(r.id(), r.peerId())) {
                if (!byId.containsKey(side) && !groupIds.contains(side)) out.add("replication " + r.pairId() + " side " + side + " is missing");
            }
        }
        return out;
    }
}
