package org.csiconsole.core.reference.cspserver;

import static org.csiconsole.core.reference.cspserver.CspModelCalls.call;
import static org.csiconsole.core.reference.cspserver.CspModelCalls.text;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.array.GroupSnapshotRecord;
import org.csiconsole.core.reference.array.ReplicationHealthState;
import org.csiconsole.core.reference.array.SnapshotRecord;
import org.csiconsole.core.reference.array.VolumeGroupRecord;
import org.csiconsole.core.reference.array.VolumeGroupSpec;
import org.csiconsole.core.reference.array.VolumeRecord;

/**
 * The CSP volume groups and snapshot groups of {@link ModelCspBackend} (hpe-csp-rest-spec.md
 * {@code /volume_groups}, {@code /snapshot_groups}) over the model's volume groups and group
 * snapshots, filtered to the array a request selects. Statuses as {@link ModelCspBackend}.
 */
final class ModelCspGroups {
    private final ArrayModel model;

    ModelCspGroups(ArrayModel model) {
        this.model = model;
    }

    List<CspWire.VolumeGroupJson> volumeGroups(String array) {
        return model.groups().all().stream().filter(g -> inArray(g, array)).map(this::group).toList();
    }

    Optional<CspWire.VolumeGroupJson> volumeGroup(String array, String id) {
        return model.groups().get(id).filter(g -> inArray(g, array)).map(this::group);
    }

    /**
     * POST /volume_groups: a new empty group on the addressed array, or the existing group of that
     * name when the model's one idempotency rule ({@link org.csiconsole.core.reference.array.VolumeGroups#existingFor})
     * finds the request compatible (200 either way); 409 when the name is taken with another
     * {@code config}, or by a group with members on another array.
     */
    CspWire.VolumeGroupJson createVolumeGroup(String array, CspWire.VolumeGroupJson in) {
        VolumeGroupSpec spec = new VolumeGroupSpec(in.name().trim(), in.description(), text(in.config()), List.of(), array);
        return group(call(() -> model.groups().create(spec)));
    }

    void deleteVolumeGroup(String array, String id) {
        VolumeGroupRecord g = requireGroup(array, id);
        if (model.groupSnapshots().all().stream().anyMatch(s -> id.equals(s.volumeGroupId()))) {
            throw CspProblem.conflict("Volume group " + g.name() + " has snapshot groups. Delete them first.");
        }
        call(() -> model.groups().delete(g.id()));
    }

    private CspWire.VolumeGroupJson group(VolumeGroupRecord g) {
        List<CspWire.VolumeRef> refs = g.volumeIds().stream()
                .map(id -> new CspWire.VolumeRef(id, model.volumes().get(id).map(VolumeRecord::name).orElse(""))).toList();
        Map<String, Object> config = new TreeMap<>(g.parameters());
        config.putAll(model.replications().context(g.id(), false));
        return new CspWire.VolumeGroupJson(g.id(), g.name(), g.description(), refs, g.createdAtMs() / 1000, config);
    }

    VolumeGroupRecord requireGroup(String array, String id) {
        return model.groups().get(id).filter(g -> inArray(g, array))
                .orElseThrow(() -> CspProblem.notFound("Volume group with id " + id + " not found."));
    }

    /**
     * A group lives on the array of its members; an empty group has no array yet and is seen from
     * every array until its first member places it.
     */
    private static boolean inArray(VolumeGroupRecord g, String array) {
        return g.array().equals(array) || g.volumeIds().isEmpty();
    }

    void joinGroup(String volumeId, String groupId) {
        VolumeGroupRecord g = model.groups().get(groupId)
                .orElseThrow(() -> CspProblem.notFound("Volume group with id " + groupId + " not found."));
        List<String> members = new ArrayList<>(g.volumeIds());
        if (!members.contains(volumeId)) members.add(volumeId);
        call(() -> model.groups().setMembers(groupId, members));
    }

    void leaveGroup(String volumeId, VolumeGroupRecord g) {
        List<String> members = new ArrayList<>(g.volumeIds());
        members.remove(volumeId);
        call(() -> model.groups().setMembers(g.id(), members));
    }

    // ---------------------------------------------------------------- snapshot groups

    List<CspWire.SnapshotGroupJson> snapshotGroups(String array, String volumeGroupId) {
        VolumeGroupRecord g = requireGroup(array, volumeGroupId);
        return model.groupSnapshots().all().stream().filter(s -> g.id().equals(s.volumeGroupId())).map(this::snapshotGroup).toList();
    }

    Optional<CspWire.SnapshotGroupJson> snapshotGroup(String array, String id) {
        return model.groupSnapshots().get(id).filter(s -> s.sourceVolumeIds().stream().allMatch(v -> onArray(array, v)))
                .map(this::snapshotGroup);
    }

    CspWire.SnapshotGroupJson createSnapshotGroup(String array, CspWire.SnapshotGroupJson in) {
        VolumeGroupRecord g = requireGroup(array, in.volumeGroupId().trim());
        if (g.volumeIds().isEmpty()) {
            throw CspProblem.badRequest("Volume group " + g.name() + " has no volumes, so there is nothing to snapshot. "
                    + "Add volumes to it first.");
        }
        GroupSnapshotRecord s = call(() -> model.groupSnapshots().create(in.name().trim(), g.volumeIds(), g.id()));
        return snapshotGroup(s);
    }

    void deleteSnapshotGroup(String array, String id) {
        GroupSnapshotRecord s = model.groupSnapshots().get(id).filter(x -> x.sourceVolumeIds().stream().allMatch(v -> onArray(array, v)))
                .orElseThrow(() -> CspProblem.notFound("Snapshot group with id " + id + " not found."));
        for (String sid : s.snapshotIds()) {
            if (model.volumes().all().stream().anyMatch(v -> sid.equals(v.sourceSnapshotId()))) {
                throw CspProblem.conflict("Snapshot " + sid + " of snapshot group " + s.name() + " has a clone.");
            }
        }
        call(() -> model.groupSnapshots().delete(s.id(), List.of()));
    }

    private CspWire.SnapshotGroupJson snapshotGroup(GroupSnapshotRecord s) {
        List<CspWire.SnapshotRef> refs = new ArrayList<>();
        for (int i = 0; i < s.snapshotIds().size(); i++) {
            String sid = s.snapshotIds().get(i);
            String vid = s.sourceVolumeIds().get(i);
            refs.add(new CspWire.SnapshotRef(sid, model.snapshots().get(sid).map(SnapshotRecord::name).orElse(s.name()), vid,
                    model.volumes().get(vid).map(VolumeRecord::name).orElse("")));
        }
        String vgId = s.volumeGroupId() == null ? "" : s.volumeGroupId();
        Optional<VolumeGroupRecord> vg = model.groups().get(vgId);
        Map<String, Object> config = new LinkedHashMap<>();
        model.replications().of(vgId).ifPresent(r -> {
            long created = s.createdAtMs() / 1000;
            boolean done = r.lastSyncTimeMs() >= s.createdAtMs() && r.health() == ReplicationHealthState.HEALTHY;
            String status = r.health() == ReplicationHealthState.ERROR ? "fail"
                    : done ? "complete" : r.resyncing() || r.health() == ReplicationHealthState.HEALTHY ? "in_progress" : "pending";
            config.put("replicate", true);
            config.put("is_complete", done);
            config.put("repl_status", status);
            config.put("repl_start_time", created);
            if (done) config.put("repl_complete_time", Math.max(created, r.lastSyncTimeMs() / 1000));
        });
        return new CspWire.SnapshotGroupJson(s.id(), s.name(), vgId, vg.map(VolumeGroupRecord::name).orElse(""),
                s.createdAtMs() / 1000, refs, config);
    }

    private boolean onArray(String array, String volumeId) {
        return model.volumes().get(volumeId).filter(v -> v.array().equals(array)).isPresent();
    }
}
