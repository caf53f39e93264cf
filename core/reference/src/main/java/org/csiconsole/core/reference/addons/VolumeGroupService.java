package org.csiconsole.core.reference.addons;

import csi.v1.Csi;
import io.grpc.stub.StreamObserver;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.array.VolumeGroupRecord;
import org.csiconsole.core.reference.array.VolumeRecord;
import org.csiconsole.core.reference.fault.Faults;
import volumegroup.ControllerGrpc;
import volumegroup.VolumeGroupProto;

import java.util.List;
import java.util.Objects;

/**
 * csi-addons VolumeGroup controller (volumegroup.proto). Groups are the same objects as CSP
 * volume_groups. A volume belongs to at most one group; deleting a group keeps its volumes. Codes:
 * INVALID_ARGUMENT for a missing name or id, a negative {@code max_entries} or members on different
 * arrays; NOT_FOUND for an unknown group (get, modify) or member volume; ALREADY_EXISTS for a name
 * reused with other parameters or other members (CreateVolumeGroup applies the model's one idempotency
 * rule, {@link org.csiconsole.core.reference.array.VolumeGroups#existingFor}, as the CSP face's POST
 * /volume_groups does); FAILED_PRECONDITION for a member of another group or a change to a
 * replicated group; ABORTED for an unknown {@code starting_token} or a concurrent call on the group.
 * DeleteVolumeGroup of an unknown group succeeds (idempotent).
 */
public final class VolumeGroupService extends ControllerGrpc.ControllerImplBase {
    private final ArrayModel model;
    private final Faults faults;
    private final org.csiconsole.core.reference.SiteScope scope;

    public VolumeGroupService(ArrayModel model, Faults faults) {
        this(model, faults, org.csiconsole.core.reference.SiteScope.ALL);
    }

    /** @param scope the array whose groups ListVolumeGroups lists */
    public VolumeGroupService(ArrayModel model, Faults faults, org.csiconsole.core.reference.SiteScope scope) {
        this.model = Objects.requireNonNull(model, "model");
        this.faults = Objects.requireNonNull(faults, "faults");
        this.scope = Objects.requireNonNull(scope, "scope");
    }

    @Override
    public void createVolumeGroup(VolumeGroupProto.CreateVolumeGroupRequest r,
                                  StreamObserver<VolumeGroupProto.CreateVolumeGroupResponse> out) {
        String rpc = "CreateVolumeGroup";
        AddonsCalls.run(out, faults, rpc, () -> AddonsCalls.require(r.getName(), "name", rpc), name -> {
            VolumeGroupRecord g = model.groups().create(name, "", r.getParametersMap(), ids(r.getVolumeIdsList(), rpc));
            return VolumeGroupProto.CreateVolumeGroupResponse.newBuilder().setVolumeGroup(group(g)).build();
        });
    }

    @Override
    public void modifyVolumeGroupMembership(VolumeGroupProto.ModifyVolumeGroupMembershipRequest r,
                                            StreamObserver<VolumeGroupProto.ModifyVolumeGroupMembershipResponse> out) {
        String rpc = "ModifyVolumeGroupMembership";
        AddonsCalls.run(out, faults, rpc, () -> AddonsCalls.require(r.getVolumeGroupId(), "volume_group_id", rpc), id -> {
            VolumeGroupRecord g = model.groups().setMembers(id, ids(r.getVolumeIdsList(), rpc));
            return VolumeGroupProto.ModifyVolumeGroupMembershipResponse.newBuilder().setVolumeGroup(group(g)).build();
        });
    }

    @Override
    public void deleteVolumeGroup(VolumeGroupProto.DeleteVolumeGroupRequest r,
                                  StreamObserver<VolumeGroupProto.DeleteVolumeGroupResponse> out) {
        String rpc = "DeleteVolumeGroup";
        AddonsCalls.run(out, faults, rpc, () -> AddonsCalls.require(r.getVolumeGroupId(), "volume_group_id", rpc), id -> {
            model.groups().delete(id);
            return VolumeGroupProto.DeleteVolumeGroupResponse.getDefaultInstance();
        });
    }

    @Override
    public void controllerGetVolumeGroup(VolumeGroupProto.ControllerGetVolumeGroupRequest r,
                                         StreamObserver<VolumeGroupProto.ControllerGetVolumeGroupResponse> out) {
        String rpc = "ControllerGetVolumeGroup";
        AddonsCalls.run(out, faults, rpc, () -> null, k -> {
            String id = AddonsCalls.require(r.getVolumeGroupId(), "volume_group_id", rpc);
            VolumeGroupRecord g = model.groups().get(id).orElseThrow(() -> AddonsCalls.notFound(
                    "Volume group " + id + " does not exist. Check the volume_group_id."));
            return VolumeGroupProto.ControllerGetVolumeGroupResponse.newBuilder().setVolumeGroup(group(g)).build();
        });
    }

    /** Pages in volume_group_id order; {@code next_token} is the last id returned, empty on the last page. */
    @Override
    public void listVolumeGroups(VolumeGroupProto.ListVolumeGroupsRequest r,
                                 StreamObserver<VolumeGroupProto.ListVolumeGroupsResponse> out) {
        String rpc = "ListVolumeGroups";
        AddonsCalls.run(out, faults, rpc, () -> null, k -> {
            if (r.getMaxEntries() < 0) {
                throw AddonsCalls.invalid("max_entries must not be negative in " + rpc + " (was " + r.getMaxEntries()
                        + "). Use 0 for no limit.");
            }
            List<VolumeGroupRecord> all = model.groups().all().stream().filter(g -> scope.includes(g.array()))
                    .sorted(java.util.Comparator.comparing(VolumeGroupRecord::id)).toList();
            int from = 0;
            String token = r.getStartingToken();
            if (!token.isEmpty()) {
                int at = -1;
                for (int i = 0; i < all.size(); i++) if (all.get(i).id().equals(token)) at = i;
                if (at < 0) {
                    throw io.grpc.Status.ABORTED.withDescription("starting_token " + token + " is not known (the group may "
                            + "have been deleted). Restart the listing without a starting_token.").asRuntimeException();
                }
                from = at + 1;
            }
            int max = r.getMaxEntries() == 0 ? Integer.MAX_VALUE : r.getMaxEntries();
            int to = (int) Math.min(all.size(), (long) from + max);
            var b = VolumeGroupProto.ListVolumeGroupsResponse.newBuilder();
            for (VolumeGroupRecord g : all.subList(from, to)) {
                b.addEntries(VolumeGroupProto.ListVolumeGroupsResponse.Entry.newBuilder().setVolumeGroup(group(g)));
            }
            if (to < all.size()) b.setNextToken(all.get(to - 1).id());
            return b.build();
        });
    }

    private VolumeGroupProto.VolumeGroup group(VolumeGroupRecord g) {
        var b = VolumeGroupProto.VolumeGroup.newBuilder().setVolumeGroupId(g.id())
                .putVolumeGroupContext("name", g.name()).putVolumeGroupContext("array", g.array())
                .putAllVolumeGroupContext(model.replications().context(g.id(), true));
        for (String id : g.volumeIds()) model.volumes().get(id).ifPresent(v -> b.addVolumes(volume(v)));
        return b.build();
    }

    private static Csi.Volume volume(VolumeRecord v) {
        return Csi.Volume.newBuilder().setVolumeId(v.id()).setCapacityBytes(v.capacityBytes())
                .addAccessibleTopology(Csi.Topology.newBuilder().putAllSegments(v.topology())).build();
    }

    private static List<String> ids(List<String> in, String rpc) {
        if (in.stream().anyMatch(s -> s == null || s.isBlank())) {
            throw AddonsCalls.invalid("volume_ids in " + rpc + " contains an empty id. Remove it and retry.");
        }
        return in.stream().map(String::trim).distinct().toList();
    }
}
