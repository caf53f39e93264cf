package org.csiconsole.core.reference.cspserver;

import static org.csiconsole.core.reference.cspserver.CspModelCalls.blank;
import static org.csiconsole.core.reference.cspserver.CspModelCalls.call;
import static org.csiconsole.core.reference.cspserver.CspModelCalls.list;
import static org.csiconsole.core.reference.cspserver.CspModelCalls.parseLong;
import static org.csiconsole.core.reference.cspserver.CspModelCalls.text;
import static org.csiconsole.core.reference.cspserver.CspModelCalls.typed;

import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.array.Publications;
import org.csiconsole.core.reference.array.HostRecord;
import org.csiconsole.core.reference.array.Publication;
import org.csiconsole.core.reference.array.ReplicationHealthState;
import org.csiconsole.core.reference.array.ReplicationRole;
import org.csiconsole.core.reference.array.ReplicationStatus;
import org.csiconsole.core.reference.array.SnapshotRecord;
import org.csiconsole.core.reference.array.StorageArray;
import org.csiconsole.core.reference.array.VolumeGroupRecord;
import org.csiconsole.core.reference.array.VolumeRecord;
import org.csiconsole.core.reference.array.VolumeSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Supplier;

/**
 * The CSP view of the reference plugin's {@link ArrayModel}: the same volumes, snapshots, groups and
 * hosts the CSI and csi-addons services see, filtered to the array a request selects. A CSP host is
 * a model host whose CSP {@code uuid} is its CSI {@code node_id}; a CSP publish is a controller
 * publication to that node. Model refusals become the statuses of hpe-csp-rest-spec.md: 400 bad
 * input, 404 unknown, 409 conflict (name taken, busy, cannot delete), and 400 "Cannot delete a
 * published volume".
 */
public final class ModelCspBackend implements CspBackend {
    /** Volume config keys PUT /volumes/{id} may change; any other key is an "Unexpected argument". */
    public static final Set<String> EDITABLE_CONFIG = Set.of("performancePolicy", "limitIops", "limitMbps", "folder",
            "dedupeEnabled", "syncOnDetach");

    private final ArrayModel model;
    private final ModelCspGroups groups;

    public ModelCspBackend(ArrayModel model) {
        this.model = Objects.requireNonNull(model, "model");
        this.groups = new ModelCspGroups(model);
    }

    // ---------------------------------------------------------------- hosts

    @Override
    public List<CspWire.HostJson> hosts(String array) {
        return model.hosts().all().stream().map(ModelCspBackend::host).toList();
    }

    @Override
    public CspWire.HostJson createHost(String array, CspWire.HostJson in) {
        Map<String, String> topology = Map.of(ArrayModel.TOPOLOGY_KEY, array);
        HostRecord h = call(() -> model.hosts().create(new HostRecord(null, in.name().trim(), in.uuid().trim(), list(in.iqns()),
                list(in.wwpns()), list(in.nqns()), in.chapUser(), in.chapPassword(), topology, list(in.networks()), 0)));
        return host(h);
    }

    @Override
    public void deleteHost(String array, String idOrUuid) {
        HostRecord h = model.hosts().get(idOrUuid).or(() -> model.hosts().byNodeId(idOrUuid))
                .orElseThrow(() -> CspProblem.notFound("Host with id or uuid " + idOrUuid + " not found."));
        if (!model.publications().onNode(h.nodeId()).isEmpty()) {
            throw CspProblem.badRequest("Host " + h.name() + " still has published volumes. Unpublish them first.");
        }
        call(() -> model.hosts().delete(h.id()));
    }

    private static CspWire.HostJson host(HostRecord h) {
        return new CspWire.HostJson(h.id(), h.name(), h.nodeId(), h.iqns(), h.wwpns(), h.nqns(), h.networks(),
                h.chapUser().isEmpty() ? null : h.chapUser(), null, h.accessProtocol(), null);
    }

    // ---------------------------------------------------------------- volumes

    @Override
    public List<CspWire.VolumeJson> volumes(String array) {
        return model.volumes().all().stream().filter(v -> v.array().equals(array)).map(this::volume).toList();
    }

    @Override
    public Optional<CspWire.VolumeJson> volume(String array, String id) {
        return find(array, id).map(this::volume);
    }

    @Override
    public CspWire.VolumeJson createVolume(String array, CspWire.VolumeJson in) {
        String groupId = blank(in.volumeGroupId()) ? null : in.volumeGroupId().trim();
        if (groupId != null) groups.requireGroup(array, groupId);
        String base = blank(in.baseSnapshotId()) ? null : in.baseSnapshotId().trim();
        long size;
        if (base != null) {
            SnapshotRecord s = model.snapshots().get(base).filter(x -> onArray(array, x.sourceVolumeId()))
                    .orElseThrow(() -> CspProblem.notFound("Snapshot with id " + base + " not found."));
            size = in.size() == null ? s.sizeBytes() : in.size();
        } else {
            size = in.size();
        }
        VolumeSpec spec = new VolumeSpec(in.name().trim(), array, null, size, false, "ext4", List.of(),
                List.of("SINGLE_NODE_WRITER"), text(in.config()), Map.of(), Map.of(), base, null,
                in.description() == null ? "" : in.description());
        VolumeRecord v = call(() -> model.volumes().create(spec));
        if (!v.array().equals(array)) {
            throw CspProblem.conflict("Volume name " + v.name() + " is already used on array " + v.array() + ".");
        }
        if (groupId != null && !model.groups().of(v.id()).map(g -> g.id().equals(groupId)).orElse(false)) {
            try {
                groups.joinGroup(v.id(), groupId);
            } catch (RuntimeException e) {
                model.volumes().delete(v.id()); // leave nothing half made
                throw e;
            }
        }
        return volume(model.volumes().get(v.id()).orElse(v));
    }

    @Override
    public CspWire.VolumeJson editVolume(String array, String id, CspWire.VolumeJson in) {
        return guarded(id, () -> edit(array, id, in));
    }

    private CspWire.VolumeJson edit(String array, String id, CspWire.VolumeJson in) {
        VolumeRecord v = requireVolume(array, id);
        Map<String, String> config = text(in.config());
        for (String k : config.keySet()) {
            if (!EDITABLE_CONFIG.contains(k)) {
                throw CspProblem.badRequest("The request could not be understood by the server. Unexpected argument '" + k + "'.");
            }
        }
        if (in.size() != null && in.size() < v.capacityBytes()) {
            throw CspProblem.badRequest("Volume " + v.name() + " is " + v.capacityBytes() + " bytes and volumes cannot shrink. "
                    + "Give a size of at least " + v.capacityBytes() + " bytes.");
        }
        String groupId = in.volumeGroupId() == null ? null : in.volumeGroupId().trim();
        if (groupId != null && !groupId.isEmpty()) groups.requireGroup(array, groupId);
        if (in.size() != null) call(() -> model.volumes().expand(v.id(), in.size()));
        if (!config.isEmpty()) call(() -> model.volumes().modify(v.id(), config, EDITABLE_CONFIG));
        if (in.description() != null) call(() -> model.volumes().describe(v.id(), in.description()));
        if (groupId != null) {
            Optional<VolumeGroupRecord> current = model.groups().of(v.id());
            if (current.isPresent() && !current.get().id().equals(groupId)) groups.leaveGroup(v.id(), current.get());
            if (!groupId.isEmpty() && current.map(g -> !g.id().equals(groupId)).orElse(true)) groups.joinGroup(v.id(), groupId);
        }
        return volume(requireVolume(array, id));
    }

    @Override
    public CspWire.PublishInfoJson publish(String array, String volumeId, String hostUuid, String protocol) {
        return guarded(volumeId, () -> publishNow(array, volumeId, hostUuid, protocol));
    }

    private CspWire.PublishInfoJson publishNow(String array, String volumeId, String hostUuid, String protocol) {
        VolumeRecord v = requireVolume(array, volumeId);
        HostRecord h = model.hosts().byNodeId(hostUuid).or(() -> model.hosts().get(hostUuid))
                .orElseThrow(() -> CspProblem.notFound("Host with uuid " + hostUuid + " not found. Register it with POST /hosts first."));
        boolean supported = switch (protocol) {
            case "fc" -> !h.wwpns().isEmpty();
            case "nvmetcp" -> !h.nqns().isEmpty();
            default -> !h.iqns().isEmpty();
        };
        if (!supported) {
            throw CspProblem.badRequest("Host " + h.name() + " has no " + switch (protocol) {
                case "fc" -> "WWPNs";
                case "nvmetcp" -> "NQNs";
                default -> "IQNs";
            } + " for access_protocol " + protocol + ". Publish with a protocol the host has initiators for.");
        }
        Publication p = model.publications().of(v.id()).stream().filter(x -> x.nodeId().equals(h.nodeId())).findFirst()
                .orElseGet(() -> call(() -> model.publications().publish(v.id(), h.nodeId(),
                        v.accessModes().isEmpty() ? "SINGLE_NODE_WRITER" : v.accessModes().get(0), false)));
        return publishInfo(v, h, p, protocol);
    }

    private CspWire.PublishInfoJson publishInfo(VolumeRecord v, HostRecord h, Publication p, String protocol) {
        Map<String, String> ctx = p.publishContext();
        long lun = parseLong(ctx.get("lun"));
        StorageArray a = model.arrays().get(v.array()).orElse(null);
        List<String> discovery = a == null ? List.of() : a.discoveryIps();
        List<String> targets = switch (protocol) {
            case "fc" -> null;
            case "nvmetcp" -> List.of(ctx.getOrDefault("target_nqn", "nqn.2020-01.org.csi-console:" + v.array()));
            default -> List.of(ctx.getOrDefault("target_iqns", "iqn.2020-01.org.csi-console:" + v.array() + ":" + v.id()));
        };
        List<CspWire.SecondaryLunInfoJson> peers = new ArrayList<>();
        model.replications().of(v.id()).ifPresent(r -> {
            StorageArray peer = model.arrays().get(r.peerArray()).orElse(null);
            boolean fc = protocol.equals("fc");
            peers.add(new CspWire.SecondaryLunInfoJson(lun,
                    fc ? null : List.of("iqn.2020-01.org.csi-console:" + r.peerArray() + ":" + r.peerId()),
                    fc || peer == null ? null : peer.discoveryIps()));
        });
        boolean chap = protocol.equals("iscsi") && !h.chapUser().isEmpty();
        return new CspWire.PublishInfoJson(protocol, protocol.equals("fc") ? null : discovery, lun, peers,
                Publications.serialOf(v.id()), targets, chap ? h.chapUser() : null, chap ? h.chapPassword() : null);
    }

    @Override
    public void unpublish(String array, String volumeId, String hostUuid) {
        VolumeRecord v = requireVolume(array, volumeId);
        HostRecord h = model.hosts().byNodeId(hostUuid).or(() -> model.hosts().get(hostUuid))
                .orElseThrow(() -> CspProblem.notFound("Host with uuid " + hostUuid + " not found."));
        guarded(v.id(), () -> call(() -> model.publications().unpublishForce(v.id(), h.nodeId())));
    }

    @Override
    public void deleteVolume(String array, String id, boolean force) {
        guarded(id, () -> {
            delete(array, id, force);
            return null;
        });
    }

    private void delete(String array, String id, boolean force) {
        VolumeRecord v = requireVolume(array, id);
        if (!model.publications().of(v.id()).isEmpty()) {
            if (!force) throw CspProblem.badRequest("Cannot delete a published volume");
            for (Publication p : model.publications().of(v.id())) call(() -> model.publications().unpublishForce(v.id(), p.nodeId()));
        }
        Optional<VolumeGroupRecord> group = model.groups().of(v.id());
        group.ifPresent(g -> groups.leaveGroup(v.id(), g));
        try {
            call(() -> model.volumes().delete(v.id()));
        } catch (RuntimeException e) {
            group.ifPresent(g -> model.groups().get(g.id()).ifPresent(now -> groups.joinGroup(v.id(), g.id())));
            throw e;
        }
    }

    private CspWire.VolumeJson volume(VolumeRecord v) {
        Map<String, Object> config = new TreeMap<>();
        v.parameters().forEach((k, x) -> config.put(k, typed(x)));
        v.mutableParameters().forEach((k, x) -> config.put(k, typed(x)));
        config.putAll(model.replications().context(v.id(), false));
        boolean clone = v.sourceSnapshotId() != null || v.sourceVolumeId() != null;
        return new CspWire.VolumeJson(v.id(), v.name(), v.capacityBytes(), v.description(),
                !model.publications().of(v.id()).isEmpty(), v.sourceSnapshotId() == null ? "" : v.sourceSnapshotId(),
                clone ? Boolean.TRUE : null, model.groups().of(v.id()).map(VolumeGroupRecord::id).orElse(""), config);
    }

    // ---------------------------------------------------------------- snapshots

    @Override
    public List<CspWire.SnapshotJson> snapshots(String array, String volumeId) {
        if (volumeId == null) {
            return model.snapshots().all().stream()
                    .flatMap(s -> find(array, s.sourceVolumeId()).map(v -> snapshot(s, v)).stream()).toList();
        }
        VolumeRecord v = requireVolume(array, volumeId);
        return model.snapshots().of(v.id()).stream().map(s -> snapshot(s, v)).toList();
    }

    @Override
    public Optional<CspWire.SnapshotJson> snapshot(String array, String id) {
        return model.snapshots().get(id).flatMap(s -> find(array, s.sourceVolumeId()).map(v -> snapshot(s, v)));
    }

    @Override
    public CspWire.SnapshotJson createSnapshot(String array, CspWire.SnapshotJson in) {
        VolumeRecord v = requireVolume(array, in.volumeId().trim());
        SnapshotRecord s = call(() -> model.snapshots().create(in.name().trim(), v.id(), in.description()));
        return snapshot(s, v);
    }

    @Override
    public void deleteSnapshot(String array, String id) {
        CspWire.SnapshotJson s = snapshot(array, id).orElseThrow(() -> CspProblem.notFound("Snapshot with id " + id + " not found."));
        if (model.volumes().all().stream().anyMatch(v -> id.equals(v.sourceSnapshotId()))) {
            throw CspProblem.conflict("Snapshot " + s.name() + " for volume " + s.volumeName() + " has a clone.");
        }
        call(() -> model.snapshots().delete(id));
    }

    private static CspWire.SnapshotJson snapshot(SnapshotRecord s, VolumeRecord v) {
        return new CspWire.SnapshotJson(s.id(), s.name(), s.sizeBytes(), s.description(), s.sourceVolumeId(), v.name(), s.createdAtMs() / 1000,
                s.readyToUse(), Map.of());
    }

    // ---------------------------------------------------------------- volume groups, snapshot groups

    @Override
    public List<CspWire.VolumeGroupJson> volumeGroups(String array) {
        return groups.volumeGroups(array);
    }

    @Override
    public Optional<CspWire.VolumeGroupJson> volumeGroup(String array, String id) {
        return groups.volumeGroup(array, id);
    }

    @Override
    public CspWire.VolumeGroupJson createVolumeGroup(String array, CspWire.VolumeGroupJson in) {
        return groups.createVolumeGroup(array, in);
    }

    @Override
    public void deleteVolumeGroup(String array, String id) {
        groups.deleteVolumeGroup(array, id);
    }

    @Override
    public List<CspWire.SnapshotGroupJson> snapshotGroups(String array, String volumeGroupId) {
        return groups.snapshotGroups(array, volumeGroupId);
    }

    @Override
    public Optional<CspWire.SnapshotGroupJson> snapshotGroup(String array, String id) {
        return groups.snapshotGroup(array, id);
    }

    @Override
    public CspWire.SnapshotGroupJson createSnapshotGroup(String array, CspWire.SnapshotGroupJson in) {
        return groups.createSnapshotGroup(array, in);
    }

    @Override
    public void deleteSnapshotGroup(String array, String id) {
        groups.deleteSnapshotGroup(array, id);
    }

    // ---------------------------------------------------------------- partners

    @Override
    public List<CspWire.ReplicationPartnerJson> partners(String array) {
        StorageArray a = model.arrays().get(array).orElse(null);
        List<CspWire.ReplicationPartnerJson> out = new ArrayList<>();
        for (StorageArray other : model.arrays().all()) {
            boolean partnered = a != null && (other.name().equals(a.partner()) || array.equals(other.partner()));
            if (other.name().equals(array) || !partnered) continue;
            boolean down = false;
            boolean up = false;
            int pairs = 0;
            int linkDown = 0;
            for (ReplicationStatus r : model.replications().all()) {
                boolean mine = r.array().equals(array) && r.peerArray().equals(other.name());
                boolean theirs = r.array().equals(other.name()) && r.peerArray().equals(array);
                if (!mine && !theirs) continue;
                String primaryArray = r.role() == ReplicationRole.PRIMARY ? r.array() : r.peerRole() == ReplicationRole.PRIMARY ? r.peerArray() : null;
                if (array.equals(primaryArray)) down = true;
                if (other.name().equals(primaryArray)) up = true;
                pairs++;
                if (r.health() == ReplicationHealthState.DEGRADED && r.message().contains("link")) linkDown++;
            }
            // The partner is down when no pair between the arrays can sync: one pair's link fault
            // (the demo seeds one) leaves the partner alive.
            boolean alive = pairs == 0 || linkDown < pairs;
            String role = down && up ? "bi_directional" : down ? "downstream" : up ? "upstream" : "none";
            out.add(CspWire.ReplicationPartnerJson.of("partner-" + other.name(), other.name(), alive, role));
        }
        return out;
    }

    // ---------------------------------------------------------------- helpers

    private Optional<VolumeRecord> find(String array, String id) {
        return model.volumes().get(id).filter(v -> v.array().equals(array));
    }

    private boolean onArray(String array, String volumeId) {
        return find(array, volumeId).isPresent();
    }

    private VolumeRecord requireVolume(String array, String id) {
        return find(array, id).orElseThrow(() -> CspProblem.notFound("Volume with id " + id + " not found."));
    }

    /**
     * Runs {@code op} while {@code key} is marked busy in the model, so a CSP call and a CSI call on
     * the same volume never interleave; a key already busy is 409 Conflict.
     */
    private <T> T guarded(String key, Supplier<T> op) {
        AutoCloseable handle = call(() -> model.begin(key));
        try {
            return op.get();
        } finally {
            try {
                handle.close();
            } catch (Exception e) {
                throw new IllegalStateException("Could not release the in-flight mark of " + key, e);
            }
        }
    }
}
