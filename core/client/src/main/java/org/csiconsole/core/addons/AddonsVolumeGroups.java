package org.csiconsole.core.addons;

import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.call.CallMode;
import org.csiconsole.core.call.CallSpec;
import org.csiconsole.core.call.InFlightGuard;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.csi.CsiMapping;
import org.csiconsole.core.model.AddonsCapability;
import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeGroup;
import volumegroup.VolumeGroupProto;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The csi-addons volume group service (csi-addons/spec volumegroup.proto) of one {@link AddonsClient}: create,
 * modify membership, delete, get and list volume groups. Mutating calls are serialized per group (per group name
 * on create).
 */
public final class AddonsVolumeGroups {
    private final AddonsConnection conn;
    private final CallMode mode;

    AddonsVolumeGroups(AddonsConnection conn, CallMode mode) {
        this.conn = conn;
        this.mode = mode;
    }

    /** CreateVolumeGroup; needs VOLUME_GROUP. */
    public CompletableFuture<VolumeGroup> createVolumeGroup(String name, List<String> volumeIds, Map<String, String> parameters,
                                                            Secrets secrets) {
        CallSpec spec = CallSpec.of(CallKind.MUTATE, "CreateVolumeGroup " + name).locking(InFlightGuard.group("name/" + name));
        return conn.gated(mode, AddonsCapability.VOLUME_GROUP, () -> conn.unary(volumegroup.ControllerGrpc.getCreateVolumeGroupMethod(),
                VolumeGroupProto.CreateVolumeGroupRequest.newBuilder().setName(name).addAllVolumeIds(volumeIds)
                        .putAllParameters(parameters).putAllSecrets(secrets.values()).build(), mode.apply(spec)))
                .thenApply(r -> volumeGroup(r.getVolumeGroup(), name));
    }

    /** ModifyVolumeGroupMembership: the group's members become exactly {@code volumeIds}; needs MODIFY_VOLUME_GROUP. */
    public CompletableFuture<VolumeGroup> modifyVolumeGroup(String volumeGroupId, List<String> volumeIds,
                                                            Map<String, String> parameters, Secrets secrets) {
        return conn.gated(mode, AddonsCapability.MODIFY_VOLUME_GROUP, () -> conn.unary(volumegroup.ControllerGrpc.getModifyVolumeGroupMembershipMethod(),
                VolumeGroupProto.ModifyVolumeGroupMembershipRequest.newBuilder().setVolumeGroupId(volumeGroupId)
                        .addAllVolumeIds(volumeIds).putAllParameters(parameters).putAllSecrets(secrets.values()).build(),
                mutate("ModifyVolumeGroupMembership " + volumeGroupId, ReplicationSource.volumeGroup(volumeGroupId))))
                .thenApply(r -> volumeGroup(r.getVolumeGroup(), ""));
    }

    /** DeleteVolumeGroup; needs VOLUME_GROUP. */
    public CompletableFuture<Void> deleteVolumeGroup(String volumeGroupId, Secrets secrets) {
        return conn.gated(mode, AddonsCapability.VOLUME_GROUP, () -> conn.unary(volumegroup.ControllerGrpc.getDeleteVolumeGroupMethod(),
                VolumeGroupProto.DeleteVolumeGroupRequest.newBuilder().setVolumeGroupId(volumeGroupId)
                        .putAllSecrets(secrets.values()).build(),
                mutate("DeleteVolumeGroup " + volumeGroupId, ReplicationSource.volumeGroup(volumeGroupId)))).thenApply(r -> null);
    }

    /** ControllerGetVolumeGroup; needs GET_VOLUME_GROUP. */
    public CompletableFuture<VolumeGroup> getVolumeGroup(String volumeGroupId, Secrets secrets) {
        return conn.gated(mode, AddonsCapability.GET_VOLUME_GROUP, () -> conn.unary(volumegroup.ControllerGrpc.getControllerGetVolumeGroupMethod(),
                VolumeGroupProto.ControllerGetVolumeGroupRequest.newBuilder().setVolumeGroupId(volumeGroupId)
                        .putAllSecrets(secrets.values()).build(),
                CallSpec.of(CallKind.READ, "ControllerGetVolumeGroup " + volumeGroupId)))
                .thenApply(r -> volumeGroup(r.getVolumeGroup(), ""));
    }

    /** ListVolumeGroups, every page in order (repeated next_token detected); needs LIST_VOLUME_GROUPS. */
    public CompletableFuture<Void> listVolumeGroups(int maxEntries, Secrets secrets, Consumer<List<VolumeGroup>> page) {
        return conn.gated(mode, AddonsCapability.LIST_VOLUME_GROUPS, () -> conn.policy.pages(conn.connection.channel(), conn.connection.endpoint().text(),
                volumegroup.ControllerGrpc.getListVolumeGroupsMethod(),
                token -> VolumeGroupProto.ListVolumeGroupsRequest.newBuilder().setMaxEntries(maxEntries).setStartingToken(token)
                        .putAllSecrets(secrets.values()).build(),
                r -> {
                    List<VolumeGroup> out = new ArrayList<>(r.getEntriesCount());
                    for (VolumeGroupProto.ListVolumeGroupsResponse.Entry e : r.getEntriesList()) out.add(volumeGroup(e.getVolumeGroup(), ""));
                    return out;
                }, VolumeGroupProto.ListVolumeGroupsResponse::getNextToken, PageSink.unpaced(page),
                CallSpec.of(CallKind.LIST, "ListVolumeGroups")));
    }

    static VolumeGroup volumeGroup(VolumeGroupProto.VolumeGroup g, String name) {
        List<Volume> vols = new ArrayList<>(g.getVolumesCount());
        for (csi.v1.Csi.Volume v : g.getVolumesList()) vols.add(CsiMapping.volume(v, List.of(), null));
        return new VolumeGroup(g.getVolumeGroupId(), name, "", vols, null, g.getVolumeGroupContextMap(), Origin.CSI);
    }

    private CallSpec mutate(String what, ReplicationSource s) {
        return mode.apply(CallSpec.of(CallKind.MUTATE, what)
                .locking(s.group() ? InFlightGuard.group(s.id()) : InFlightGuard.volume(s.id())));
    }
}
