package org.csiconsole.core.storage.replication;

import org.csiconsole.core.addons.AddonsClient;
import org.csiconsole.core.model.AddonsCapability;
import org.csiconsole.core.model.ReplicationDestination;
import org.csiconsole.core.model.ReplicationInfo;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeGroup;
import org.csiconsole.core.model.VolumeReplication;
import org.csiconsole.core.port.GroupPort;
import org.csiconsole.core.port.Listing;
import org.csiconsole.core.port.Ports;
import org.csiconsole.core.port.SourceFailure;
import org.csiconsole.core.port.VolumePort;
import org.csiconsole.core.replication.ForceConfirmation;
import org.csiconsole.core.replication.ListedSites;
import org.csiconsole.core.replication.ReplicatedItem;
import org.csiconsole.core.replication.ReplicationContextKeys;
import org.csiconsole.core.replication.ReplicationFaults;
import org.csiconsole.core.replication.ReplicationFeatures;
import org.csiconsole.core.replication.ReplicationPort;
import org.csiconsole.core.replication.ReplicationRequest;
import org.csiconsole.core.replication.ReplicationSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * {@link ReplicationPort} over a csi-addons client (csi-addons/spec replication.proto): the calls go
 * through the client's call policy (deadline, ABORTED retried within bounds, per-source lock, trace,
 * one audit entry per mutating call); the inventory comes from the connection's CSI ListVolumes and
 * csi-addons ListVolumeGroups, read for the {@link ReplicationContextKeys} a driver reports. A forced
 * call is sent only with a {@link ForceConfirmation} naming the source.
 */
public final class AddonsReplicationPort implements ReplicationPort {
    private final String site;
    private final AddonsClient addons;
    private final VolumePort volumes;
    private final GroupPort groups;
    private final ReplicationFaults faults;

    /**
     * @param site the site name samples and plans carry
     * @param addons the controller side's csi-addons client, or null when the connection has none
     * @param volumes where the inventory lists volumes (the connection's CSI side)
     * @param groups where the inventory lists csi-addons volume groups
     * @param faults the simulated storage's faults (demo), or null
     */
    public AddonsReplicationPort(String site, AddonsClient addons, VolumePort volumes, GroupPort groups, ReplicationFaults faults) {
        this.site = Objects.requireNonNull(site, "site");
        this.addons = addons;
        this.volumes = Objects.requireNonNull(volumes, "volumes");
        this.groups = Objects.requireNonNull(groups, "groups");
        this.faults = faults;
    }

    @Override
    public String site() {
        return site;
    }

    @Override
    public Optional<ReplicationFaults> faults() {
        return Optional.ofNullable(faults);
    }

    @Override
    public CompletableFuture<ReplicationFeatures> features() {
        if (addons == null) return CompletableFuture.completedFuture(ReplicationFeatures.NONE);
        return addons.capabilities().handle((caps, e) -> {
            if (e != null) {
                return new ReplicationFeatures(false, false, false, "The csi-addons endpoint did not answer: "
                        + SourceFailure.of("csi-addons", e).describe() + ".");
            }
            boolean repl = caps.contains(AddonsCapability.VOLUME_REPLICATION);
            return new ReplicationFeatures(repl, caps.contains(AddonsCapability.GET_REPLICATION_DESTINATION_INFO), false,
                    repl ? "" : "The csi-addons sidecar does not advertise VolumeReplication.VOLUME_REPLICATION.");
        });
    }

    /**
     * Replicated volumes (a {@code replicationRole} in volume_context; members of a replicated group
     * are left to their group) and replicated csi-addons volume groups, CSI volumes first. A failed
     * group listing (no VolumeGroup service) leaves groups out and names csi-addons as missing.
     *
     * <p>Each item's site: this port's {@link #site()} when it is named (a connection scoped to one
     * array); else the site the driver reports for it ({@link ListedSites}: one accessible_topology
     * segment separating the two sides of its pairs, a group on its members' site), or empty when the
     * listing shows one site (the connection's).
     */
    @Override
    public CompletableFuture<Listing<ReplicatedItem>> inventory() {
        List<ReplicatedItem> items = new ArrayList<>();
        List<Volume> listed = new ArrayList<>();
        boolean bySegment = site.isEmpty();
        CompletableFuture<List<SourceFailure>> vols = volumes.listVolumes(page -> {
            synchronized (items) {
                for (Volume v : page) {
                    if (bySegment) listed.add(v);
                    ReplicatedItem i = item(v);
                    if (i != null) items.add(i);
                }
            }
            return CompletableFuture.completedFuture(null);
        });
        CompletableFuture<Listing<VolumeGroup>> gs = groups.listVolumeGroups()
                .exceptionally(e -> new Listing<>(List.of(), List.of(SourceFailure.of("csi-addons volume groups", e))));
        return vols.thenCombine(gs, (missing, groupListing) -> {
            List<ReplicatedItem> all;
            Map<String, String> sites;
            synchronized (items) {
                sites = bySegment ? ListedSites.of(listed) : Map.of();
                all = new ArrayList<>(sites.isEmpty() ? items : items.stream().map(i -> i.onSite(sites.getOrDefault(i.source().id(), ""))).toList());
            }
            for (VolumeGroup g : groupListing.items()) {
                VolumeReplication r = ReplicationContextKeys.read(g.config());
                if (!r.replicated()) continue;
                List<String> members = g.volumes().stream().map(Volume::volumeId).toList();
                all.add(new ReplicatedItem(ReplicationSource.volumeGroup(g.id()), g.name(), r.role(), r.health(), r.partner(),
                        ReplicationContextKeys.peerId(g.config()), ReplicationContextKeys.interval(g.config()),
                        members, bySegment ? ListedSites.ofGroup(members, sites) : site));
            }
            List<SourceFailure> gone = new ArrayList<>(missing);
            gone.addAll(groupListing.missing());
            return new Listing<>(all, gone);
        });
    }

    private ReplicatedItem item(Volume v) {
        VolumeReplication r = v.replication();
        if (!r.replicated() || !ReplicationContextKeys.group(v.volumeContext()).isEmpty()) return null;
        return new ReplicatedItem(ReplicationSource.volume(v.volumeId()), v.name(), r.role(), r.health(), r.partner(),
                ReplicationContextKeys.peerId(v.volumeContext()), ReplicationContextKeys.interval(v.volumeContext()), List.of(), site);
    }

    @Override
    public CompletableFuture<ReplicationInfo> info(ReplicationRequest r) {
        if (addons == null) return Ports.unsupported("GetVolumeReplicationInfo " + r.source());
        return addons.replication().replicationInfo(r.source(), r.replicationId(), r.secrets());
    }

    @Override
    public CompletableFuture<ReplicationDestination> destination(ReplicationSource source, Secrets secrets) {
        if (addons == null) return Ports.unsupported("GetReplicationDestinationInfo " + source);
        return addons.replication().replicationDestination(source, secrets);
    }

    @Override
    public CompletableFuture<Void> enable(ReplicationRequest r) {
        if (addons == null) return Ports.unsupported("EnableVolumeReplication " + r.source());
        return addons.replication().enableReplication(r.source(), r.replicationId(), r.parameters(), r.secrets());
    }

    @Override
    public CompletableFuture<Void> disable(ReplicationRequest r) {
        if (addons == null) return Ports.unsupported("DisableVolumeReplication " + r.source());
        return addons.replication().disableReplication(r.source(), r.replicationId(), r.parameters(), r.secrets());
    }

    @Override
    public CompletableFuture<Void> promote(ReplicationRequest r, ForceConfirmation force) {
        if (addons == null) return Ports.unsupported("PromoteVolume " + r.source());
        return forced(force, r, "PromoteVolume").thenCompose(f ->
                addons.replication().promote(r.source(), r.replicationId(), f, r.parameters(), r.secrets()));
    }

    @Override
    public CompletableFuture<Void> demote(ReplicationRequest r, ForceConfirmation force) {
        if (addons == null) return Ports.unsupported("DemoteVolume " + r.source());
        return forced(force, r, "DemoteVolume").thenCompose(f ->
                addons.replication().demote(r.source(), r.replicationId(), f, r.parameters(), r.secrets()));
    }

    @Override
    public CompletableFuture<Boolean> resync(ReplicationRequest r, ForceConfirmation force) {
        if (addons == null) return Ports.unsupported("ResyncVolume " + r.source());
        return forced(force, r, "ResyncVolume").thenCompose(f ->
                addons.replication().resync(r.source(), r.replicationId(), f, r.parameters(), r.secrets()));
    }

    @Override
    public CompletableFuture<Boolean> resyncPoll(ReplicationRequest r, ForceConfirmation force) {
        if (addons == null) return Ports.unsupported("ResyncVolume " + r.source());
        return forced(force, r, "ResyncVolume").thenCompose(f ->
                addons.replication().resyncPoll(r.source(), r.replicationId(), f, r.parameters(), r.secrets()));
    }

    /** {@code force=true} when a confirmation naming the source is given; fails without sending when it names another. */
    private static CompletableFuture<Boolean> forced(ForceConfirmation force, ReplicationRequest r, String call) {
        if (force == null) return CompletableFuture.completedFuture(false);
        try {
            ForceConfirmation.require(force, r.source(), call);
            return CompletableFuture.completedFuture(true);
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }
}
