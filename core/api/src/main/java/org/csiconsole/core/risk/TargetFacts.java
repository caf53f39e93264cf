package org.csiconsole.core.risk;

import org.csiconsole.core.model.VolumeReplicationRole;

import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeGroup;
import org.csiconsole.core.model.ByteSize;
import org.csiconsole.core.record.RecordedItem;
import org.csiconsole.core.replication.PairMismatch;
import org.csiconsole.core.replication.ReplicationSample;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * What core knows of one target of an operation when it is assessed: identity, size, where it is
 * on nodes (from the driver and from this console's own calls), its replication side and partner,
 * and the things that depend on it (the hosts inside a fenced CIDR, the volumes published to a host,
 * a group's members).
 *
 * @param kind what it is, singular: {@code "volume"}, {@code "snapshot"}, {@code "volume group"},
 *     {@code "group snapshot"}, {@code "host"}, {@code "network"}
 * @param id its id ({@code volume_id}, {@code snapshot_id}, a host's id, a CIDR)
 * @param name its name; empty when not known
 * @param capacityBytes its size in bytes; 0 when unknown or not a volume
 * @param placements where it is on nodes; never null
 * @param driverReportsPlacements true when the driver reports publications (published_node_ids, a CSP
 *     host's volumes, the reference plugin): then no driver placement means none; false when the
 *     driver does not, and only this console's own calls are known
 * @param side this side's replication state; null when not replicated or not known
 * @param partner the partner's replication state; null when there is none or it is unknown
 * @param dependents what depends on it, one phrase each (e.g. {@code "worker-01 (10.1.0.11)"}); never null
 * @param reached the names of the volumes cut off with its dependents (those published to the clients inside a
 *     fenced block), each once; for a volume group being deleted, the members deleted with it; never null
 * @param pairing what is wrong with the site pair it was matched into ({@link org.csiconsole.core.replication.SitePairs}):
 *     {@link PairMismatch#NONE} for a consistent pair; null when it was not matched against a partner site
 * @param sizeOrigin where {@code capacityBytes} comes from when not from the driver alone ({@link #sized}):
 *     {@code "the console's record: imported from a PV export"}, or both figures with their origins when they differ;
 *     empty when the driver reported it and the record agrees or holds none
 * @param fence for a {@code "network"} target, whether the driver lists it fenced and which of its clients other fenced
 *     blocks keep fenced ({@link FenceFacts}); null when the fence list was not read
 * @param lastCopyOf for a snapshot whose source volume is gone: that volume in words ({@code "volume vol-00000003"}),
 *     as this snapshot is the last copy of its data; empty otherwise
 * @param maximumBytes the largest volume the plugin reports it provisions (GetCapacity {@code maximum_volume_size}), in
 *     bytes; 0 when not reported or not asked; {@link #MAXIMUM_UNREAD} when GetCapacity is advertised but failed
 * @param presence whether the volume exists as far as the console can tell before sending ({@link Existence#read});
 *     null when not checked
 */
public record TargetFacts(String kind, String id, String name, long capacityBytes, List<Placement> placements,
                          boolean driverReportsPlacements, SideFacts side, SideFacts partner, List<String> dependents,
                          List<String> reached, PairMismatch pairing, String sizeOrigin, FenceFacts.Listed fence,
                          String lastCopyOf, long maximumBytes, Existence presence) {
    public TargetFacts {
        lastCopyOf = lastCopyOf == null ? "" : lastCopyOf;
        Objects.requireNonNull(kind, "kind");
        Objects.requireNonNull(id, "id");
        name = name == null ? "" : name;
        placements = placements == null ? List.of() : List.copyOf(placements);
        dependents = dependents == null ? List.of() : List.copyOf(dependents);
        reached = reached == null ? List.of() : List.copyOf(reached);
        sizeOrigin = sizeOrigin == null ? "" : sizeOrigin;
    }

    /** A target whose fence list was not read and that is no last copy of a deleted volume. */
    public TargetFacts(String kind, String id, String name, long capacityBytes, List<Placement> placements,
                       boolean driverReportsPlacements, SideFacts side, SideFacts partner, List<String> dependents,
                       List<String> reached, PairMismatch pairing, String sizeOrigin) {
        this(kind, id, name, capacityBytes, placements, driverReportsPlacements, side, partner, dependents, reached, pairing, sizeOrigin, null, "", 0, null);
    }

    /**
     * A snapshot as its deletion is assessed, the same in the views and the command line: its name and size, and its
     * source volume, named (name and id) while it exists; when the source is gone, this snapshot is the last copy of
     * that volume's data ({@link #lastCopyOf()}).
     *
     * @param sourceId the snapshot's {@code source_volume_id}; empty when not known
     * @param sourceName the source volume's name; empty when unknown or unnamed
     * @param sourceGone true when the source volume is known not to exist any more (not listed, or deleted by this console)
     */
    public static TargetFacts ofSnapshot(String snapshotId, String name, long sizeBytes, String sourceId, String sourceName, boolean sourceGone) {
        String source = sourceName == null || sourceName.isEmpty() || sourceName.equals(sourceId) ? sourceId : sourceName + " (" + sourceId + ")";
        List<String> of = sourceId == null || sourceId.isEmpty() ? List.of()
                : List.of("of volume " + source + (sourceGone ? ", which no longer exists" : ""));
        return new TargetFacts("snapshot", snapshotId, name, sizeBytes, List.of(), false, null, null, of, List.of(), null, "",
                null, sourceGone && sourceId != null && !sourceId.isEmpty() ? "volume " + source : "", 0, null);
    }

    /** {@link #maximumBytes()} when GetCapacity was advertised but could not be read: an expand notes it is not checked. */
    public static final long MAXIMUM_UNREAD = -1;

    /**
     * The largest volume the plugin reports it provisions: the largest {@code maximum_volume_size} among the GetCapacity
     * answers (one per topology segment, or one for the whole plugin), in bytes; 0 when none reports one (CSI spec,
     * GetCapacity: the field is optional).
     */
    public static long maximumVolumeSize(java.util.Collection<org.csiconsole.core.model.Capacity> answers) {
        return answers.stream().map(org.csiconsole.core.model.Capacity::maximumVolumeSizeBytes).filter(Objects::nonNull)
                .mapToLong(Long::longValue).max().orElse(0);
    }

    /**
     * Snapshot {@code s} as its deletion is assessed, from the driver's report and the console's record together: its name
     * and size where the driver reports none (a driver without LIST_SNAPSHOTS reports neither), and whether its source
     * volume is gone. While the driver listed its volumes ({@code listedVolumes}), the source is gone when that listing
     * lacks it; when it cannot list them, the record's lineage decides: gone when this console deleted the source
     * ({@link RecordedItem#sourceDeleted}) or the driver answered it no longer knows it ({@link RecordedItem#gone}).
     *
     * @param listedVolumes the driver's complete listing of volumes, {@code volume_id} to name; null when it does not list
     *     them (no LIST_VOLUMES) or the listing failed
     * @param book the console's record of the connection
     */
    public static TargetFacts ofSnapshot(org.csiconsole.core.model.Snapshot s, java.util.Map<String, String> listedVolumes,
                                         org.csiconsole.core.record.ConsoleBook book) {
        org.csiconsole.core.model.Snapshot named = book.named(s);
        java.util.Optional<RecordedItem> recorded = book.find(org.csiconsole.core.record.RecordKind.SNAPSHOT, s.snapshotId());
        String sourceId = !s.sourceVolumeId().isEmpty() ? s.sourceVolumeId() : recorded.map(i -> i.source().id()).orElse("");
        long size = s.sizeBytes() > 0 ? s.sizeBytes() : recorded.map(RecordedItem::capacityBytes).orElse(0L);
        java.util.Optional<RecordedItem> source = book.find(org.csiconsole.core.record.RecordKind.VOLUME, sourceId);
        String sourceName;
        boolean gone;
        if (listedVolumes != null) {
            sourceName = listedVolumes.getOrDefault(sourceId, "");
            gone = !listedVolumes.containsKey(sourceId);
        } else {
            sourceName = "";
            gone = recorded.map(RecordedItem::sourceDeleted).orElse(false) || source.map(RecordedItem::gone).orElse(false);
        }
        // the record names the source: its own row while kept, else the name the snapshot's row kept when it was deleted
        if (sourceName.isEmpty()) {
            sourceName = source.map(RecordedItem::name).filter(n -> !n.isEmpty())
                    .orElse(recorded.map(i -> i.details().getOrDefault(RecordedItem.SOURCE_NAME, "")).orElse(""));
        }
        return ofSnapshot(s.snapshotId(), named.name(), size, sourceId, sourceName, gone);
    }

    /**
     * This volume with its snapshots as what depends on it: those the driver listed, or, when it cannot list them
     * ({@code listed} null: no LIST_SNAPSHOTS, or the listing failed), those the console's record holds of it
     * ({@link org.csiconsole.core.record.ConsoleBook#snapshotsOf}).
     *
     * @param listed the driver's snapshots of this volume, {@code "erp-snap (snap-1)"} each; null when not listed
     */
    public TargetFacts withSnapshots(List<String> listed, org.csiconsole.core.record.ConsoleBook book) {
        return withSnapshots(listed != null ? listed : book.snapshotsOf(id));
    }

    /**
     * This volume with {@code maximumBytes}, the largest volume the plugin reports (0: not known;
     * {@link #MAXIMUM_UNREAD}: GetCapacity could not be read).
     */
    public TargetFacts withMaximum(long maximumBytes) {
        return new TargetFacts(kind, id, name, capacityBytes, placements, driverReportsPlacements, side, partner, dependents, reached, pairing,
                sizeOrigin, fence, lastCopyOf, maximumBytes, presence);
    }

    /** This volume with its snapshots ({@code "erp-snap (snap-1)"} each) as what depends on it: they stay when it is deleted. */
    public TargetFacts withSnapshots(List<String> snapshots) {
        return withDependents(snapshots);
    }

    /** A target not matched against a partner site. */
    public TargetFacts(String kind, String id, String name, long capacityBytes, List<Placement> placements,
                       boolean driverReportsPlacements, SideFacts side, SideFacts partner, List<String> dependents,
                       List<String> reached) {
        this(kind, id, name, capacityBytes, placements, driverReportsPlacements, side, partner, dependents, reached, null, "");
    }

    /** A target that reaches no volume through its dependents. */
    public TargetFacts(String kind, String id, String name, long capacityBytes, List<Placement> placements,
                       boolean driverReportsPlacements, SideFacts side, SideFacts partner, List<String> dependents) {
        this(kind, id, name, capacityBytes, placements, driverReportsPlacements, side, partner, dependents, List.of());
    }

    /** A target known by kind, id and name only. */
    public static TargetFacts of(String kind, String id, String name) {
        return new TargetFacts(kind, id, name, 0, List.of(), false, null, null, List.of());
    }

    /**
     * The facts of volume {@code v} for an assessment, the same for every view and the command line: its
     * name and size; when the driver reports publications, the nodes of {@code published_node_ids} as
     * {@link Placement.Knowledge#DRIVER} publications (a CSP's {@code published=true} without hosts as "a host
     * the array does not name");
     * then {@code console}'s placements (this console's own calls, from its record:
     * {@link org.csiconsole.core.record.ConsoleBook#consolePlacements}) that the driver does not already report; and its replication role and health
     * on this site when it replicates.
     *
     * @param driverReportsPlacements true when {@code v}'s {@code published_node_ids} are the driver's report
     *     ({@link #driverReportsPlacements(CapabilitySet, boolean, VolumeRead)}): then no published node means
     *     the volume is published nowhere; otherwise they are left out
     * @param console this console's placements of {@code v}; empty when none are known
     */
    public static TargetFacts ofVolume(Volume v, boolean driverReportsPlacements, List<Placement> console) {
        return ofVolume(v, driverReportsPlacements, console, null);
    }

    /**
     * As {@link #ofVolume(Volume, boolean, List)}, with what the storage itself records of {@code v} on each node
     * ({@link org.csiconsole.core.port.NodePort#volumeOnNodes}: controller publications, stagings and node
     * publications with their paths, as the bundled reference plugin keeps them) as
     * {@link Placement.Knowledge#DRIVER} placements. Such records are the driver's report of every node, so
     * with them no placement means none. The views and the command line pass what they read; CSI has no call
     * that reports stagings, so a plain CSI driver gives none (null).
     *
     * @param nodeRecords the storage's records of {@code v} per node; null when the storage keeps none
     */
    public static TargetFacts ofVolume(Volume v, boolean driverReportsPlacements, List<Placement> console,
                                       List<org.csiconsole.core.model.VolumeOnNode> nodeRecords) {
        List<Placement> all = new ArrayList<>();
        if (driverReportsPlacements) {
            for (String node : v.publishedNodeIds()) all.add(new Placement(node, Placement.Kind.PUBLISHED, "", Placement.Knowledge.DRIVER, null));
        }
        if (driverReportsPlacements && v.publishedNodeIds().isEmpty() && v.published()) {
            // a CSP reports published=true without naming its hosts
            all.add(new Placement("a host the array does not name", Placement.Kind.PUBLISHED, "", Placement.Knowledge.DRIVER, null));
        }
        for (org.csiconsole.core.model.VolumeOnNode n : nodeRecords == null ? List.<org.csiconsole.core.model.VolumeOnNode>of() : nodeRecords) {
            if (n.controllerPublished()) driverPlacement(all, new Placement(n.nodeId(), Placement.Kind.PUBLISHED, "", Placement.Knowledge.DRIVER, null));
            for (String p : n.stagingTargetPaths()) driverPlacement(all, new Placement(n.nodeId(), Placement.Kind.STAGED, p, Placement.Knowledge.DRIVER, null));
            for (String p : n.targetPaths()) driverPlacement(all, new Placement(n.nodeId(), Placement.Kind.NODE_PUBLISHED, p, Placement.Knowledge.DRIVER, null));
        }
        for (Placement c : console) {
            boolean driverToo = all.stream().anyMatch(d -> d.from() == Placement.Knowledge.DRIVER && d.step() == c.step() && d.nodeId().equals(c.nodeId())
                    && (c.step() == Placement.Kind.PUBLISHED || d.path().equals(c.path())));
            if (!driverToo) all.add(c);
        }
        driverReportsPlacements |= nodeRecords != null;
        SideFacts side = !v.replication().replicated() ? null
                : new SideFacts("", v.volumeId(), v.name(), v.replication().role(), v.replication().health(), true, null, null);
        return new TargetFacts("volume", v.volumeId(), v.name(), v.capacityBytes(), all, driverReportsPlacements, side, null, List.of());
    }

    private static void driverPlacement(List<Placement> all, Placement p) {
        if (all.stream().noneMatch(d -> d.step() == p.step() && d.nodeId().equals(p.nodeId()) && d.path().equals(p.path()))) all.add(p);
    }

    /**
     * A CSP host as its deletion is assessed, the same in the views and the command line: its id and name, and as what
     * depends on it the volumes of {@code volumes} published to it: those whose {@code published_node_ids} name the host
     * by its id or by its name.
     *
     * @param reportsPublications whether {@code volumes} came from a listing that reports publications
     */
    public static TargetFacts ofHost(String id, String name, List<Volume> volumes, boolean reportsPublications) {
        // each by its name with its id beside it: a PVC name alone cannot be found in a listing by volume id
        List<String> published = volumes.stream().filter(v -> v.publishedNodeIds().contains(id) || v.publishedNodeIds().contains(name))
                .map(v -> v.name().isEmpty() || v.name().equals(v.volumeId()) ? v.volumeId() : v.name() + " (" + v.volumeId() + ")").toList();
        return new TargetFacts("host", id, name, 0, List.of(), reportsPublications, null, null, published);
    }

    /**
     * A CSI group snapshot as its deletion is assessed, the same in the views and the command line: its id and name, and
     * as what depends on it its member snapshots (each by name, its snapshot_id when unnamed), deleted with it.
     */
    public static TargetFacts ofGroupSnapshot(org.csiconsole.core.model.GroupSnapshot g) {
        return new TargetFacts("group snapshot", g.groupSnapshotId(), g.name(), 0, List.of(), false, null, null,
                g.snapshots().stream().map(s -> s.name().isEmpty() ? s.snapshotId() : s.name()).toList());
    }

    /**
     * A csi-addons volume group as its deletion is assessed, the same in the views and the command line:
     * its id and name, its members' names (their ids when unnamed) as what depends on it, and its replication
     * as its {@code volume_group_context} reports it ({@link org.csiconsole.core.replication.ReplicationContextKeys}):
     * this side's role and health, and the partner group it names (id and array, its state not read).
     */
    public static TargetFacts ofGroup(VolumeGroup g) {
        return ofGroup(g, List.of());
    }

    /**
     * The group of a deletion {@code plan}, with the members whose data the plan deletes as {@link #reached()}
     * (deleted one by one, or by the driver with the group); none when they stay.
     */
    public static TargetFacts ofGroup(org.csiconsole.core.port.VolumeGroupDeletion plan) {
        return ofGroup(plan.group(), plan.membersLost() ? plan.group().volumes().stream().map(Volume::displayName).toList() : List.of());
    }

    private static TargetFacts ofGroup(VolumeGroup g, List<String> deleted) {
        org.csiconsole.core.model.VolumeReplication r = org.csiconsole.core.replication.ReplicationContextKeys.read(g.config());
        SideFacts side = null;
        SideFacts partner = null;
        if (r.replicated()) {
            side = new SideFacts("", g.id(), g.name(), r.role(), r.health(), true, null, null);
            String peer = org.csiconsole.core.replication.ReplicationContextKeys.peerId(g.config());
            if (!peer.isEmpty() || !r.partner().isEmpty()) {
                partner = new SideFacts(r.partner(), peer.isEmpty() ? "its partner group" : peer, "", null, null, false, null, null, false);
            }
        }
        return new TargetFacts("volume group", g.id(), g.name(), 0, List.of(), false, side, partner,
                g.volumes().stream().map(Volume::displayName).toList(), deleted);
    }

    /**
     * A replicated volume or volume group as its replication operations see it: {@code side} and its
     * partner (null when not paired or not found) from their latest samples ({@link SideFacts#of}), on
     * the sites named (empty for the samples' own), and what is wrong with their pair ({@code pairing}, null
     * when not matched against a partner site). Where it is published is not gathered for a replication operation.
     */
    public static TargetFacts replicated(String site, ReplicationSample side, String partnerSite, ReplicationSample partner,
                                         PairMismatch pairing) {
        return new TargetFacts(side.source().group() ? "volume group" : "volume", side.source().id(), side.item().name(), 0,
                List.of(), false, SideFacts.of(site, side), partner == null ? reportedPartner(partnerSite, side) : SideFacts.of(partnerSite, partner),
                List.of(), List.of(), pairing, "");
    }

    /**
     * The partner of {@code side} when its own sample is not at hand: the destination id the side reports, on {@code partnerSite}
     * (else the partner array the side names), its state not read; primary when the side's driver reports a split brain
     * ({@link org.csiconsole.core.replication.PairState#saysSplitBrain}: both sides primary), as the detail pane shows it.
     * Null when the side names no destination.
     */
    private static SideFacts reportedPartner(String partnerSite, ReplicationSample side) {
        if (side.destinationId().isEmpty()) return null;
        String site = partnerSite == null || partnerSite.isEmpty() ? side.item().partner() : partnerSite;
        boolean splitBrain = org.csiconsole.core.replication.PairState.saysSplitBrain(side);
        return new SideFacts(site, side.destinationId(), "", splitBrain ? VolumeReplicationRole.PRIMARY : VolumeReplicationRole.UNKNOWN,
                splitBrain ? side.health() : null, false, null, null, false);
    }

    /**
     * True when the {@code published_node_ids} of a volume read as {@code readBy} are the driver's report,
     * so that none means published nowhere: the one place this is decided, for every view, the command line
     * and the lifecycle reading. A CSP array always reports its publications. CSI spec, ListVolumes
     * {@code VolumeStatus.published_node_ids}: set when the plugin has LIST_VOLUMES_PUBLISHED_NODES;
     * ControllerGetVolume {@code VolumeStatus.published_node_ids}: set when it has PUBLISH_UNPUBLISH_VOLUME
     * (and GET_VOLUME, which that call needs).
     *
     * @param caps the CSI capabilities the plugin advertised
     * @param csp true when a CSP array is part of the connection
     * @param readBy the call the volume was read with
     */
    public static boolean driverReportsPlacements(CapabilitySet caps, boolean csp, VolumeRead readBy) {
        if (csp) return true;
        return switch (readBy) {
            case LIST_VOLUMES -> caps.has(ControllerCapability.LIST_VOLUMES_PUBLISHED_NODES);
            case CONTROLLER_GET_VOLUME -> caps.has(ControllerCapability.LIST_VOLUMES_PUBLISHED_NODES)
                    || caps.has(ControllerCapability.GET_VOLUME) && caps.has(ControllerCapability.PUBLISH_UNPUBLISH_VOLUME);
        };
    }

    /**
     * True when, to know where a volume is published, it must be read with ControllerGetVolume: its listing
     * does not report publications ({@link #driverReportsPlacements}) and ControllerGetVolume does.
     */
    public static boolean placementsNeedGetVolume(CapabilitySet caps, boolean csp) {
        return !driverReportsPlacements(caps, csp, VolumeRead.LIST_VOLUMES) && driverReportsPlacements(caps, csp, VolumeRead.CONTROLLER_GET_VOLUME);
    }

    /** The call a volume was read with, for {@link #driverReportsPlacements}. */
    public enum VolumeRead {
        /** ListVolumes (or a create's reply, or this console's record). */
        LIST_VOLUMES,
        /** ControllerGetVolume. */
        CONTROLLER_GET_VOLUME
    }

    /** The name when known, else the id. */
    public String displayName() {
        return name.isEmpty() ? id : name;
    }

    /** This target with {@code placements} instead. */
    public TargetFacts withPlacements(List<Placement> placements, boolean driverReportsPlacements) {
        return new TargetFacts(kind, id, name, capacityBytes, placements, driverReportsPlacements, side, partner, dependents, reached, pairing, sizeOrigin, fence, lastCopyOf, maximumBytes, presence);
    }

    /** This target with {@code presence} ({@link #presence()}). */
    public TargetFacts withPresence(Existence presence) {
        return new TargetFacts(kind, id, name, capacityBytes, placements, driverReportsPlacements, side, partner, dependents, reached, pairing, sizeOrigin, fence, lastCopyOf, maximumBytes, presence);
    }

    /** This target with its replication side and partner. */
    public TargetFacts withReplication(SideFacts side, SideFacts partner) {
        return new TargetFacts(kind, id, name, capacityBytes, placements, driverReportsPlacements, side, partner, dependents, reached, pairing, sizeOrigin, fence, lastCopyOf, maximumBytes, presence);
    }

    /**
     * This target's size from the driver and from the console's record together: the driver's figure
     * ({@code driverBytes}) when it reported one; else the record's, named by where the record has it from; when
     * both are known and differ, the driver's, with the record's figure and origin beside it, so a confirmation
     * never shows an export's figure as the volume's.
     *
     * @param driverBytes the capacity the driver reported (ListVolumes, ControllerGetVolume), in bytes; 0 when it reported none
     * @param recorded the console's record of this target; null when it holds none
     */
    public TargetFacts sized(long driverBytes, RecordedItem recorded) {
        long kept = recorded == null ? 0 : recorded.capacityBytes();
        long bytes = driverBytes > 0 ? driverBytes : kept;
        String origin = "";
        if (driverBytes <= 0 && kept > 0) {
            origin = "from the console's record: " + recorded.origin().words();
        } else if (driverBytes > 0 && kept > 0 && kept != driverBytes && !ownCall(recorded)) {
            origin = "as the driver reports; the console's record (" + recorded.origin().words() + ") says " + ByteSize.format(kept);
        }
        return new TargetFacts(kind, id, name, bytes, placements, driverReportsPlacements, side, partner, dependents, reached, pairing, origin, fence, lastCopyOf, maximumBytes, presence);
    }

    /**
     * True when the record's figure is this console's own (its create, or a call on a volume it had not recorded): the
     * driver's later read supersedes it (an expand, by this console or another orchestrator), so it is not shown beside it.
     */
    private static boolean ownCall(RecordedItem recorded) {
        return recorded.origin() == org.csiconsole.core.record.RecordOrigin.CREATED
                || recorded.origin() == org.csiconsole.core.record.RecordOrigin.TOUCHED;
    }

    /** This target matched into a site pair with {@code pairing} ({@link #pairing()}). */
    public TargetFacts paired(PairMismatch pairing) {
        return new TargetFacts(kind, id, name, capacityBytes, placements, driverReportsPlacements, side, partner, dependents, reached, pairing, sizeOrigin, fence, lastCopyOf, maximumBytes, presence);
    }

    /** This target with {@code reached}, the volumes cut off with its dependents, instead. */
    public TargetFacts reaching(List<String> reached) {
        return new TargetFacts(kind, id, name, capacityBytes, placements, driverReportsPlacements, side, partner, dependents, reached, pairing, sizeOrigin, fence, lastCopyOf, maximumBytes, presence);
    }

    /** This network target with what the fence list says of it ({@link #fence()}). */
    public TargetFacts withFence(FenceFacts.Listed fence) {
        return new TargetFacts(kind, id, name, capacityBytes, placements, driverReportsPlacements, side, partner, dependents, reached, pairing, sizeOrigin, fence, lastCopyOf, maximumBytes, presence);
    }

    /** This target with {@code dependents} instead. */
    public TargetFacts withDependents(List<String> dependents) {
        return new TargetFacts(kind, id, name, capacityBytes, placements, driverReportsPlacements, side, partner, dependents, reached, pairing, sizeOrigin, fence, lastCopyOf, maximumBytes, presence);
    }

    /** The placements of {@code step}, on {@code nodeId} when it is not empty, else on any node. */
    public List<Placement> placements(Placement.Kind step, String nodeId) {
        return placements.stream().filter(p -> p.step() == step && (nodeId == null || nodeId.isEmpty() || p.nodeId().equals(nodeId))).toList();
    }
}
