package org.csiconsole.core.addons;

import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.call.CallMode;
import org.csiconsole.core.call.CallSpec;
import org.csiconsole.core.call.InFlightGuard;
import org.csiconsole.core.csi.CsiMapping;
import org.csiconsole.core.model.AddonsCapability;
import org.csiconsole.core.model.ReplicationDestination;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.ReplicationInfo;
import org.csiconsole.core.model.Secrets;
import replication.Replication;

import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The csi-addons replication service (csi-addons/spec replication.proto) of one {@link AddonsClient}: enable,
 * disable, promote, demote, resync, replication info and destination. Requests set both the deprecated
 * {@code volume_id} and {@code replication_source}, so drivers built on csi-addons v0.2.0 and newer ones both
 * understand them. Mutating calls are serialized per volume or volume group.
 */
public final class AddonsReplication {
    private final AddonsConnection conn;
    private final CallMode mode;

    AddonsReplication(AddonsConnection conn, CallMode mode) {
        this.conn = conn;
        this.mode = mode;
    }

    /** EnableVolumeReplication. {@code parameters} come from the VolumeReplicationClass. */
    public CompletableFuture<Void> enableReplication(ReplicationSource source, String replicationId,
                                                     Map<String, String> parameters, Secrets secrets) {
        Replication.EnableVolumeReplicationRequest.Builder b = Replication.EnableVolumeReplicationRequest.newBuilder()
                .setReplicationSource(source(source)).setReplicationId(replicationId).putAllParameters(parameters)
                .putAllSecrets(secrets.values());
        if (!source.group()) b.setVolumeId(source.id());
        return conn.gated(mode, AddonsCapability.VOLUME_REPLICATION, () -> conn.unary(replication.ControllerGrpc.getEnableVolumeReplicationMethod(),
                b.build(), mutate("EnableVolumeReplication " + source, source))).thenApply(r -> null);
    }

    /** DisableVolumeReplication. */
    public CompletableFuture<Void> disableReplication(ReplicationSource source, String replicationId,
                                                      Map<String, String> parameters, Secrets secrets) {
        Replication.DisableVolumeReplicationRequest.Builder b = Replication.DisableVolumeReplicationRequest.newBuilder()
                .setReplicationSource(source(source)).setReplicationId(replicationId).putAllParameters(parameters)
                .putAllSecrets(secrets.values());
        if (!source.group()) b.setVolumeId(source.id());
        return conn.gated(mode, AddonsCapability.VOLUME_REPLICATION, () -> conn.unary(replication.ControllerGrpc.getDisableVolumeReplicationMethod(),
                b.build(), mutate("DisableVolumeReplication " + source, source))).thenApply(r -> null);
    }

    /** PromoteVolume: make this side primary; {@code force} when the peer is unreachable. */
    public CompletableFuture<Void> promote(ReplicationSource source, String replicationId, boolean force,
                                           Map<String, String> parameters, Secrets secrets) {
        Replication.PromoteVolumeRequest.Builder b = Replication.PromoteVolumeRequest.newBuilder()
                .setReplicationSource(source(source)).setReplicationId(replicationId).setForce(force)
                .putAllParameters(parameters).putAllSecrets(secrets.values());
        if (!source.group()) b.setVolumeId(source.id());
        return conn.gated(mode, AddonsCapability.VOLUME_REPLICATION, () -> conn.unary(replication.ControllerGrpc.getPromoteVolumeMethod(),
                b.build(), mutate("PromoteVolume " + source, source))).thenApply(r -> null);
    }

    /** DemoteVolume: make this side secondary. */
    public CompletableFuture<Void> demote(ReplicationSource source, String replicationId, boolean force,
                                          Map<String, String> parameters, Secrets secrets) {
        Replication.DemoteVolumeRequest.Builder b = Replication.DemoteVolumeRequest.newBuilder()
                .setReplicationSource(source(source)).setReplicationId(replicationId).setForce(force)
                .putAllParameters(parameters).putAllSecrets(secrets.values());
        if (!source.group()) b.setVolumeId(source.id());
        return conn.gated(mode, AddonsCapability.VOLUME_REPLICATION, () -> conn.unary(replication.ControllerGrpc.getDemoteVolumeMethod(),
                b.build(), mutate("DemoteVolume " + source, source))).thenApply(r -> null);
    }

    /** ResyncVolume; returns the {@code ready} flag (true when the resync finished). */
    public CompletableFuture<Boolean> resync(ReplicationSource source, String replicationId, boolean force,
                                             Map<String, String> parameters, Secrets secrets) {
        Replication.ResyncVolumeRequest.Builder b = Replication.ResyncVolumeRequest.newBuilder()
                .setReplicationSource(source(source)).setReplicationId(replicationId).setForce(force)
                .putAllParameters(parameters).putAllSecrets(secrets.values());
        if (!source.group()) b.setVolumeId(source.id());
        return conn.gated(mode, AddonsCapability.VOLUME_REPLICATION, () -> conn.unary(replication.ControllerGrpc.getResyncVolumeMethod(),
                b.build(), mutate("ResyncVolume " + source, source))).thenApply(Replication.ResyncVolumeResponse::getReady);
    }

    /**
     * ResyncVolume sent again to ask whether a resync that {@link #resync} started is {@code ready}:
     * the same request, made as a read (traced, retried, not locked and not audited), so that polling
     * a resync until it is ready leaves one audit entry, the one of the call that started it.
     */
    public CompletableFuture<Boolean> resyncPoll(ReplicationSource source, String replicationId, boolean force,
                                                 Map<String, String> parameters, Secrets secrets) {
        Replication.ResyncVolumeRequest.Builder b = Replication.ResyncVolumeRequest.newBuilder()
                .setReplicationSource(source(source)).setReplicationId(replicationId).setForce(force)
                .putAllParameters(parameters).putAllSecrets(secrets.values());
        if (!source.group()) b.setVolumeId(source.id());
        return conn.gated(mode, AddonsCapability.VOLUME_REPLICATION, () -> conn.unary(replication.ControllerGrpc.getResyncVolumeMethod(),
                b.build(), CallSpec.of(CallKind.READ, "ResyncVolume " + source + " (is it ready?)")))
                .thenApply(Replication.ResyncVolumeResponse::getReady);
    }

    /** GetVolumeReplicationInfo: last sync time, duration, bytes and status. */
    public CompletableFuture<ReplicationInfo> replicationInfo(ReplicationSource source, String replicationId, Secrets secrets) {
        Replication.GetVolumeReplicationInfoRequest.Builder b = Replication.GetVolumeReplicationInfoRequest.newBuilder()
                .setReplicationSource(source(source)).setReplicationId(replicationId).putAllSecrets(secrets.values());
        if (!source.group()) b.setVolumeId(source.id());
        return conn.gated(mode, AddonsCapability.VOLUME_REPLICATION, () -> conn.unary(replication.ControllerGrpc.getGetVolumeReplicationInfoMethod(),
                b.build(), CallSpec.of(CallKind.READ, "GetVolumeReplicationInfo " + source)))
                .thenApply(AddonsReplication::replicationInfo);
    }

    static ReplicationInfo replicationInfo(Replication.GetVolumeReplicationInfoResponse r) {
        Instant last = r.hasLastSyncTime() ? Instant.ofEpochSecond(r.getLastSyncTime().getSeconds(), r.getLastSyncTime().getNanos()) : null;
        Duration took = r.hasLastSyncDuration()
                ? Duration.ofSeconds(r.getLastSyncDuration().getSeconds(), r.getLastSyncDuration().getNanos()) : null;
        ReplicationHealth health = CsiMapping.enumByName(ReplicationHealth.class, r.getStatus().name(), ReplicationHealth.UNKNOWN);
        return new ReplicationInfo(last, took, r.hasLastSyncDuration() || r.getLastSyncBytes() != 0 ? r.getLastSyncBytes() : -1,
                health, r.getStatusMessage());
    }

    /** GetReplicationDestinationInfo; needs GET_REPLICATION_DESTINATION_INFO. */
    public CompletableFuture<ReplicationDestination> replicationDestination(ReplicationSource source, Secrets secrets) {
        return conn.gated(mode, AddonsCapability.GET_REPLICATION_DESTINATION_INFO, () -> conn.unary(
                replication.ControllerGrpc.getGetReplicationDestinationInfoMethod(),
                Replication.GetReplicationDestinationInfoRequest.newBuilder().setReplicationSource(source(source))
                        .putAllSecrets(secrets.values()).build(),
                CallSpec.of(CallKind.READ, "GetReplicationDestinationInfo " + source)))
                .thenApply(r -> {
                    Replication.ReplicationDestination d = r.getReplicationDestination();
                    if (d.hasVolume()) return new ReplicationDestination(d.getVolume().getVolumeId(), "", Map.of());
                    return new ReplicationDestination("", d.getVolumegroup().getVolumeGroupId(), d.getVolumegroup().getVolumeIdsMap());
                });
    }

    private static Replication.ReplicationSource source(ReplicationSource s) {
        Replication.ReplicationSource.Builder b = Replication.ReplicationSource.newBuilder();
        if (s.group()) b.setVolumegroup(Replication.ReplicationSource.VolumeGroupSource.newBuilder().setVolumeGroupId(s.id()));
        else b.setVolume(Replication.ReplicationSource.VolumeSource.newBuilder().setVolumeId(s.id()));
        return b.build();
    }

    private CallSpec mutate(String what, ReplicationSource s) {
        return mode.apply(CallSpec.of(CallKind.MUTATE, what)
                .locking(s.group() ? InFlightGuard.group(s.id()) : InFlightGuard.volume(s.id())));
    }
}
