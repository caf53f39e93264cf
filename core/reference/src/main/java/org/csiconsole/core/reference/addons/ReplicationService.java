package org.csiconsole.core.reference.addons;

import com.google.protobuf.Duration;
import com.google.protobuf.Timestamp;
import io.grpc.stub.StreamObserver;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.array.ReplicationHealthState;
import org.csiconsole.core.reference.array.ReplicationRole;
import org.csiconsole.core.reference.array.ReplicationStatus;
import org.csiconsole.core.reference.array.VolumeGroupRecord;
import org.csiconsole.core.reference.fault.Faults;
import replication.ControllerGrpc;
import replication.Replication;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * csi-addons Replication controller (csi-addons-replication.md; newer fields from csi-addons/spec
 * main: status, status_message, last_sync_duration, last_sync_bytes, GetReplicationDestinationInfo).
 *
 * <p>Each request names its volume or volume group by {@code replication_source} or by the
 * deprecated {@code volume_id}; either is accepted, both must agree when both are given, and
 * neither is INVALID_ARGUMENT. Codes follow each RPC's error table: INVALID_ARGUMENT (missing
 * field), NOT_FOUND (no such volume or group), FAILED_PRECONDITION (not replicated; promote while
 * the peer is primary without {@code force}; resync of a primary; GetVolumeReplicationInfo on a
 * secondary while its peer is primary: the primary reports), ABORTED (another call on the same id in flight).
 * When both sides are secondary (after a planned demote) either side reports the pair's figures, so a
 * planned failover can wait for the final sync.
 *
 * <p>{@code parameters["schedulingInterval"]} of EnableVolumeReplication sets the sync interval
 * ("30s", "5m", "1h"; default 5 minutes).
 */
public final class ReplicationService extends ControllerGrpc.ControllerImplBase {
    private final ArrayModel model;
    private final Faults faults;
    private final Set<String> demoted;
    private final org.csiconsole.core.reference.SiteScope scope;

    public ReplicationService(ArrayModel model, Faults faults) {
        this(model, faults, ConcurrentHashMap.newKeySet());
    }

    /**
     * @param demoted as in {@link #ReplicationService(ArrayModel, Faults, Set)}
     * @param scope the array this endpoint serves: a volume or group of another array is NOT_FOUND here
     */
    public ReplicationService(ArrayModel model, Faults faults, Set<String> demoted, org.csiconsole.core.reference.SiteScope scope) {
        this.model = Objects.requireNonNull(model, "model");
        this.faults = Objects.requireNonNull(faults, "faults");
        this.demoted = Objects.requireNonNull(demoted, "demoted");
        this.scope = Objects.requireNonNull(scope, "scope");
    }

    /**
     * @param demoted ids demoted since their last resync, shared by every instance serving the same
     *                model so a resync requested on one endpoint sees a demote made on another
     */
    public ReplicationService(ArrayModel model, Faults faults, Set<String> demoted) {
        this(model, faults, demoted, org.csiconsole.core.reference.SiteScope.ALL);
    }

    @Override
    public void enableVolumeReplication(Replication.EnableVolumeReplicationRequest r,
                                        StreamObserver<Replication.EnableVolumeReplicationResponse> out) {
        String rpc = "EnableVolumeReplication";
        AddonsCalls.run(out, faults, rpc, () -> target(r.getVolumeId(), r.hasReplicationSource() ? r.getReplicationSource() : null, rpc), id -> {
            long interval = interval(r.getParametersMap(), rpc);
            inScope(id);
            model.replications().enable(id, r.getParametersMap(), interval);
            return Replication.EnableVolumeReplicationResponse.getDefaultInstance();
        });
    }

    @Override
    public void disableVolumeReplication(Replication.DisableVolumeReplicationRequest r,
                                         StreamObserver<Replication.DisableVolumeReplicationResponse> out) {
        String rpc = "DisableVolumeReplication";
        AddonsCalls.run(out, faults, rpc, () -> target(r.getVolumeId(), r.hasReplicationSource() ? r.getReplicationSource() : null, rpc), id -> {
            inScope(id);
            model.replications().disable(id);
            return Replication.DisableVolumeReplicationResponse.getDefaultInstance();
        });
    }

    @Override
    public void promoteVolume(Replication.PromoteVolumeRequest r, StreamObserver<Replication.PromoteVolumeResponse> out) {
        String rpc = "PromoteVolume";
        AddonsCalls.run(out, faults, rpc, () -> target(r.getVolumeId(), r.hasReplicationSource() ? r.getReplicationSource() : null, rpc), id -> {
            ReplicationStatus s = requireReplicated(id);
            if (s.role() != ReplicationRole.PRIMARY && s.peerRole() == ReplicationRole.PRIMARY && !r.getForce()) {
                throw AddonsCalls.failedPrecondition(id + " cannot be promoted without force: its peer " + s.peerId()
                        + " on " + s.peerArray() + " is primary. Demote the peer first, or promote with force "
                        + "(both sides primary is a split-brain).");
            }
            model.replications().promote(id, r.getForce());
            return Replication.PromoteVolumeResponse.getDefaultInstance();
        });
    }

    @Override
    public void demoteVolume(Replication.DemoteVolumeRequest r, StreamObserver<Replication.DemoteVolumeResponse> out) {
        String rpc = "DemoteVolume";
        AddonsCalls.run(out, faults, rpc, () -> target(r.getVolumeId(), r.hasReplicationSource() ? r.getReplicationSource() : null, rpc), id -> {
            ReplicationStatus before = requireReplicated(id);
            model.replications().demote(id);
            if (before.role() == ReplicationRole.PRIMARY) demoted.add(id);
            return Replication.DemoteVolumeResponse.getDefaultInstance();
        });
    }

    /**
     * A side that was demoted, or whose pair is not HEALTHY, is resynchronized from the primary: the
     * first call starts the resync and answers {@code ready=false}; later calls answer false while it
     * runs (on the model clock) and true once it has finished. A healthy secondary with nothing to
     * catch up is ready at once. FAILED_PRECONDITION for a primary (demote it first) or while the
     * replication link is down.
     */
    @Override
    public void resyncVolume(Replication.ResyncVolumeRequest r, StreamObserver<Replication.ResyncVolumeResponse> out) {
        String rpc = "ResyncVolume";
        AddonsCalls.run(out, faults, rpc, () -> target(r.getVolumeId(), r.hasReplicationSource() ? r.getReplicationSource() : null, rpc), id -> {
            ReplicationStatus now = requireReplicated(id);
            if (now.role() == ReplicationRole.PRIMARY || now.resyncing()) {
                model.replications().resync(id, r.getForce()); // refuses a primary; leaves a running resync alone
                return Replication.ResyncVolumeResponse.newBuilder().setReady(false).build();
            }
            boolean needed = demoted.contains(id) || now.health() != ReplicationHealthState.HEALTHY || r.getForce();
            if (!needed) return Replication.ResyncVolumeResponse.newBuilder().setReady(true).build();
            ReplicationStatus s = model.replications().resync(id, r.getForce());
            demoted.remove(id);
            boolean ready = !s.resyncing() && s.health() != ReplicationHealthState.ERROR;
            return Replication.ResyncVolumeResponse.newBuilder().setReady(ready).build();
        });
    }

    @Override
    public void getVolumeReplicationInfo(Replication.GetVolumeReplicationInfoRequest r,
                                         StreamObserver<Replication.GetVolumeReplicationInfoResponse> out) {
        String rpc = "GetVolumeReplicationInfo";
        AddonsCalls.run(out, faults, rpc, () -> target(r.getVolumeId(), r.hasReplicationSource() ? r.getReplicationSource() : null, rpc), id -> {
            ReplicationStatus s = requireReplicated(id);
            // a secondary whose primary's site is lost reports the pair's last sync itself: it is all that is left
            if (s.role() != ReplicationRole.PRIMARY && s.peerRole() == ReplicationRole.PRIMARY && !faults.siteLost(s.peerArray())) {
                throw AddonsCalls.failedPrecondition(id + " is the secondary of its replication pair; replication "
                        + "info is reported by the primary " + s.peerId() + " on " + s.peerArray()
                        + ". Ask the primary, or promote " + id + " first.");
            }
            if (s.lastSyncTimeMs() <= 0) {
                throw AddonsCalls.notFound("No sync of " + id + " has completed yet, so replication details are not "
                        + "available. Retry after the first sync.");
            }
            long ms = s.lastSyncTimeMs();
            return Replication.GetVolumeReplicationInfoResponse.newBuilder()
                    .setLastSyncTime(Timestamp.newBuilder().setSeconds(Math.floorDiv(ms, 1000))
                            .setNanos((int) Math.floorMod(ms, 1000) * 1_000_000))
                    .setLastSyncDuration(Duration.newBuilder().setSeconds(s.lastSyncDurationMs() / 1000)
                            .setNanos((int) (s.lastSyncDurationMs() % 1000) * 1_000_000))
                    .setLastSyncBytes(s.lastSyncBytes())
                    .setStatus(switch (s.health()) {
                        case HEALTHY -> Replication.GetVolumeReplicationInfoResponse.Status.HEALTHY;
                        case DEGRADED -> Replication.GetVolumeReplicationInfoResponse.Status.DEGRADED;
                        case ERROR -> Replication.GetVolumeReplicationInfoResponse.Status.ERROR;
                    })
                    .setStatusMessage(s.message())
                    .build();
        });
    }

    /**
     * The replica of a volume ({@code volume.volume_id}) or of a volume group, with each source
     * member volume mapped to its replica ({@code volume_ids}).
     */
    @Override
    public void getReplicationDestinationInfo(Replication.GetReplicationDestinationInfoRequest r,
                                              StreamObserver<Replication.GetReplicationDestinationInfoResponse> out) {
        String rpc = "GetReplicationDestinationInfo";
        boolean group = r.getReplicationSource().hasVolumegroup();
        AddonsCalls.run(out, faults, rpc, () -> null, ignored -> {
            if (!r.hasReplicationSource()) {
                throw AddonsCalls.invalid("replication_source is required in " + rpc + " but was empty. Set "
                        + "replication_source.volume.volume_id or replication_source.volumegroup.volume_group_id and retry.");
            }
            String id = target("", r.getReplicationSource(), rpc);
            ReplicationStatus s = requireReplicated(id);
            Replication.ReplicationDestination.Builder d = Replication.ReplicationDestination.newBuilder();
            if (group != s.group()) {
                throw AddonsCalls.invalid(id + " is a " + (s.group() ? "volume group" : "volume") + "; name it with replication_source."
                        + (s.group() ? "volumegroup" : "volume") + ".");
            }
            if (!s.group()) {
                d.setVolume(Replication.ReplicationDestination.VolumeDestination.newBuilder().setVolumeId(s.peerId()));
            } else {
                List<String> mine = model.groups().get(id).map(VolumeGroupRecord::volumeIds).orElse(List.of());
                List<String> theirs = model.groups().get(s.peerId()).map(VolumeGroupRecord::volumeIds).orElse(List.of());
                var g = Replication.ReplicationDestination.VolumeGroupDestination.newBuilder().setVolumeGroupId(s.peerId());
                for (int i = 0; i < Math.min(mine.size(), theirs.size()); i++) g.putVolumeIds(mine.get(i), theirs.get(i));
                d.setVolumegroup(g);
            }
            return Replication.GetReplicationDestinationInfoResponse.newBuilder().setReplicationDestination(d).build();
        });
    }

    /**
     * The id a request is about: {@code replication_source} (volume or volume group) or the
     * deprecated {@code volume_id}.
     */
    static String target(String volumeId, Replication.ReplicationSource source, String rpc) {
        String fromSource = null;
        if (source != null) {
            fromSource = switch (source.getTypeCase()) {
                case VOLUME -> AddonsCalls.require(source.getVolume().getVolumeId(), "replication_source.volume.volume_id", rpc);
                case VOLUMEGROUP -> AddonsCalls.require(source.getVolumegroup().getVolumeGroupId(),
                        "replication_source.volumegroup.volume_group_id", rpc);
                case TYPE_NOT_SET -> null;
            };
        }
        String legacy = volumeId == null || volumeId.isBlank() ? null : volumeId.trim();
        if (fromSource != null && legacy != null && !fromSource.equals(legacy)) {
            throw AddonsCalls.invalid(rpc + " names two different targets: volume_id " + legacy + " and replication_source "
                    + fromSource + ". Give one (replication_source; volume_id is deprecated).");
        }
        if (fromSource != null) return fromSource;
        if (legacy != null) return legacy;
        throw AddonsCalls.invalid("replication_source (or the deprecated volume_id) is required in " + rpc
                + " but was empty. Set the volume or volume group to act on and retry.");
    }

    /**
     * NOT_FOUND for a volume or group of an array this endpoint does not serve; UNAVAILABLE for one of an array whose
     * site is down ({@link Faults#siteDown}).
     */
    private void inScope(String id) {
        String array = model.volumes().get(id).map(v -> v.array())
                .or(() -> model.groups().get(id).map(VolumeGroupRecord::array)).orElse(null);
        if (faults.siteLost(array)) {
            throw io.grpc.Status.UNAVAILABLE.withDescription("Array " + array + " does not answer: the site is lost.")
                    .asRuntimeException();
        }
        if (!scope.scoped()) return;
        if (array != null && !scope.includes(array)) {
            throw AddonsCalls.notFound("Volume or volume group " + id + " is on array " + array + "; this endpoint serves "
                    + scope.array() + ". Send the call to " + array + "'s endpoint.");
        }
    }

    private ReplicationStatus requireReplicated(String id) {
        inScope(id);
        return model.replications().of(id).orElseThrow(() -> {
            if (model.volumes().get(id).isEmpty() && model.groups().get(id).isEmpty()) {
                return AddonsCalls.notFound("Volume or volume group " + id + " does not exist. Check the id.");
            }
            return AddonsCalls.failedPrecondition("Replication is not enabled for " + id
                    + ". Enable it with EnableVolumeReplication first.");
        });
    }

    private static long interval(Map<String, String> parameters, String rpc) {
        String v = parameters.get("schedulingInterval");
        if (v == null || v.isBlank()) return 0;
        String t = v.trim().toLowerCase(Locale.ROOT);
        try {
            long n = Long.parseLong(t.substring(0, t.length() - 1));
            long unit = switch (t.charAt(t.length() - 1)) {
                case 's' -> 1_000L;
                case 'm' -> 60_000L;
                case 'h' -> 3_600_000L;
                case 'd' -> 86_400_000L;
                default -> -1;
            };
            if (unit > 0 && n > 0) return n * unit;
        } catch (RuntimeException ignored) {
            // fall through to the message below
        }
        throw AddonsCalls.invalid("parameters.schedulingInterval '" + v + "' in " + rpc
                + " is not a duration such as 30s, 5m, 1h or 1d. Fix it and retry.");
    }
}
