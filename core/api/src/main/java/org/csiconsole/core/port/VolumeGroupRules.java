package org.csiconsole.core.port;

import org.csiconsole.core.model.AddonsCapability;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeGroup;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * How a csi-addons VolumeGroup service treats member volumes, from the capabilities it advertises
 * (csi-addons identity.proto {@code Capability.VolumeGroup}; kubernetes-csi-addons
 * docs/volumegroup.md).
 *
 * @param managed VOLUME_GROUP: CreateVolumeGroup and DeleteVolumeGroup are served
 * @param oneGroupPerVolume LIMIT_VOLUME_TO_ONE_VOLUME_GROUP: a volume may be a member of one group
 *     only, so adding a volume that is in another group is refused before anything is sent
 * @param deleteKeepsVolumes DO_NOT_ALLOW_VG_TO_DELETE_VOLUMES: DeleteVolumeGroup never deletes
 *     the members (some drivers then refuse to delete a group that still has members, with
 *     FAILED_PRECONDITION). Without it, the volumegroup spec's "DeleteVolumeGroup" applies:
 *     deleting a group deletes all volumes in it
 * @param canModify MODIFY_VOLUME_GROUP: ModifyVolumeGroupMembership is served
 * @param canGet GET_VOLUME_GROUP: ControllerGetVolumeGroup is served
 * @param canList LIST_VOLUME_GROUPS: ListVolumeGroups is served
 */
public record VolumeGroupRules(boolean managed, boolean oneGroupPerVolume, boolean deleteKeepsVolumes, boolean canModify,
                               boolean canGet, boolean canList) {

    /** No csi-addons VolumeGroup service. */
    public static final VolumeGroupRules NONE = new VolumeGroupRules(false, false, false, false, false, false);

    /** The rules advertised by {@code capabilities} (csi-addons GetCapabilities). */
    public static VolumeGroupRules from(Set<AddonsCapability> capabilities) {
        return new VolumeGroupRules(capabilities.contains(AddonsCapability.VOLUME_GROUP),
                capabilities.contains(AddonsCapability.LIMIT_VOLUME_TO_ONE_VOLUME_GROUP),
                capabilities.contains(AddonsCapability.DO_NOT_ALLOW_VG_TO_DELETE_VOLUMES),
                capabilities.contains(AddonsCapability.MODIFY_VOLUME_GROUP),
                capabilities.contains(AddonsCapability.GET_VOLUME_GROUP),
                capabilities.contains(AddonsCapability.LIST_VOLUME_GROUPS));
    }

    /**
     * What stops {@code volumeIds} from joining the group {@code groupId} (empty for a new group)
     * under LIMIT_VOLUME_TO_ONE_VOLUME_GROUP, one sentence per volume that is already in another of
     * {@code known} groups, e.g. {@code "vol-7 is already in group db; this driver allows one group
     * per volume."}; empty when the driver does not limit membership or nothing conflicts.
     */
    public List<String> conflicts(List<VolumeGroup> known, String groupId, List<String> volumeIds) {
        List<String> out = new ArrayList<>();
        if (!oneGroupPerVolume) return out;
        for (String id : new LinkedHashSet<>(volumeIds)) {
            for (VolumeGroup g : known) {
                if (g.id().equals(groupId)) continue;
                if (g.volumes().stream().map(Volume::volumeId).anyMatch(id::equals)) {
                    out.add(id + " is already in group " + displayName(g) + "; this driver allows one group per volume.");
                    break;
                }
            }
        }
        return out;
    }

    /** A group's name, or its {@code volume_group_id} when it has none. */
    public static String displayName(VolumeGroup g) {
        return g.name().isEmpty() ? g.id() : g.name();
    }
}
