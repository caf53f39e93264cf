package org.csiconsole.core.storage;

import org.csiconsole.core.addons.AddonsClient;
import org.csiconsole.core.model.AddonsCapability;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.VolumeGroup;
import org.csiconsole.core.port.Listing;
import org.csiconsole.core.port.Ports;
import org.csiconsole.core.port.VolumeGroupRules;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * The csi-addons volume groups of a {@link CsiStorage} (csi-addons/spec volumegroup.proto) over its
 * {@link AddonsClient}: create, modify membership, delete, get and list. Calls whose VolumeGroup
 * capability is not advertised fail UNSUPPORTED in the client without being sent. A group's name is
 * the one it was created with when the driver reports it in {@code volume_group_context} under
 * {@code name} (the reference plugin does); otherwise it has none and shows by its id.
 */
final class AddonsGroupStorage {
    /** Key of {@code volume_group_context} read as the group's name. */
    static final String NAME_KEY = "name";

    private final AddonsClient addons;

    /** @param addons the csi-addons client, or null when the connection has none */
    AddonsGroupStorage(AddonsClient addons) {
        this.addons = addons;
    }

    CompletableFuture<VolumeGroup> create(String name, List<String> volumeIds, Map<String, String> parameters, Secrets secrets) {
        if (addons == null) return Ports.unsupported("CreateVolumeGroup " + name);
        return addons.volumeGroups().createVolumeGroup(name, List.copyOf(volumeIds), parameters, secrets).thenApply(AddonsGroupStorage::named);
    }

    CompletableFuture<VolumeGroup> modify(String volumeGroupId, List<String> volumeIds, Secrets secrets) {
        if (addons == null) return Ports.unsupported("ModifyVolumeGroupMembership " + volumeGroupId);
        return addons.volumeGroups().modifyVolumeGroup(volumeGroupId, List.copyOf(volumeIds), Map.of(), secrets)
                .thenApply(AddonsGroupStorage::named);
    }

    CompletableFuture<Void> delete(String volumeGroupId, Secrets secrets) {
        if (addons == null) return Ports.unsupported("DeleteVolumeGroup " + volumeGroupId);
        return addons.volumeGroups().deleteVolumeGroup(volumeGroupId, secrets);
    }

    CompletableFuture<VolumeGroup> get(String volumeGroupId, Secrets secrets) {
        if (addons == null) return Ports.unsupported("ControllerGetVolumeGroup " + volumeGroupId);
        return addons.volumeGroups().getVolumeGroup(volumeGroupId, secrets).thenApply(AddonsGroupStorage::named);
    }

    /** ListVolumeGroups, every page; one source (csi-addons): completes whole or fails. */
    CompletableFuture<Listing<VolumeGroup>> list() {
        if (addons == null) return Ports.unsupported("ListVolumeGroups");
        List<VolumeGroup> all = new ArrayList<>();
        return addons.volumeGroups().listVolumeGroups(0, Secrets.NONE, page -> {
            synchronized (all) {
                page.forEach(g -> all.add(named(g)));
            }
        }).thenApply(x -> {
            synchronized (all) {
                return Listing.complete(all);
            }
        });
    }

    CompletableFuture<VolumeGroupRules> rules(CompletableFuture<Set<AddonsCapability>> capabilities) {
        return capabilities.handle((caps, e) -> e == null ? VolumeGroupRules.from(caps) : VolumeGroupRules.NONE);
    }

    private static VolumeGroup named(VolumeGroup g) {
        String name = g.name().isEmpty() ? g.config().getOrDefault(NAME_KEY, "") : g.name();
        return name.equals(g.name()) ? g : new VolumeGroup(g.id(), name, g.description(), g.volumes(), g.creationTime(), g.config(), g.origin());
    }
}
