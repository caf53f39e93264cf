package org.csiconsole.core.storage;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.model.AccessProtocol;
import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.GroupSnapshot;
import org.csiconsole.core.model.Host;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.PluginInfo;
import org.csiconsole.core.model.PublishInfo;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.SpaceReclaimed;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.model.VolumeGroup;
import org.csiconsole.core.port.AddonsInfo;
import org.csiconsole.core.port.Availability;
import org.csiconsole.core.port.ExpandResult;
import org.csiconsole.core.port.Feature;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.port.FenceRequest;
import org.csiconsole.core.port.HostRequest;
import org.csiconsole.core.port.Listing;
import org.csiconsole.core.port.NodeTarget;
import org.csiconsole.core.port.SourceFailure;
import org.csiconsole.core.port.StorageService;
import org.csiconsole.core.port.VolumeRequest;
import org.csiconsole.core.trouble.ProbeReport;
import org.csiconsole.core.trouble.TroubleReport;

import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Predicate;

/**
 * {@link StorageService} over a saved {@link TroubleReport}, read-only: what the driver answered
 * when the report was made (GetPluginInfo, the capabilities, NodeGetInfo, the volumes and snapshots
 * as ListVolumes and ListSnapshots listed them). Nothing is ever sent anywhere: there is no client
 * behind it.
 *
 * <p>{@link #features()} offers only the reads the report can answer; every change is unavailable
 * with a reason that starts with {@link #READ_ONLY}, and a change asked for anyway fails with
 * {@link FailureKind#UNSUPPORTED} naming the report. A read the report holds no answer for (capacity,
 * volume statistics, groups, hosts) fails UNSUPPORTED as well, saying so.
 */
public final class ReportStorage implements StorageService {
    /** How every change on a saved report is refused; the start of its reason. */
    public static final String READ_ONLY = "This is a saved report: read-only";
    /** Rows per page handed to a listing's consumer. */
    static final int PAGE = 500;
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

    private final TroubleReport report;
    private final String source;
    private final ProbeReport probe;
    private final Features features;

    /**
     * @param report the report shown
     * @param source where it was read from, for messages, e.g. {@code /tmp/case-17/report.json}
     */
    public ReportStorage(TroubleReport report, String source) {
        this.report = Objects.requireNonNull(report, "report");
        this.source = Objects.requireNonNull(source, "source");
        this.probe = report.probe();
        this.features = features(report);
    }

    /** The report shown. */
    public TroubleReport report() {
        return report;
    }

    /**
     * What a saved report offers: the listings and reads it holds answers for, nothing else. The
     * capabilities are the ones the driver advertised then; no endpoint counts as connected.
     */
    static Features features(TroubleReport report) {
        ProbeReport p = report.probe();
        CapabilitySet caps = p == null || p.capabilities() == null ? CapabilitySet.NONE : p.capabilities();
        String when = WHEN.format(report.created());
        Map<Feature, Availability> m = new EnumMap<>(Feature.class);
        for (Feature f : Feature.values()) {
            m.put(f, Availability.no(f, READ_ONLY + ". It shows what the driver answered on " + when
                    + "; nothing is sent to it. Connect to the driver itself to " + f.words() + "."));
        }
        Availability volumes = listing(Feature.LIST_VOLUMES, p, p == null ? -1 : p.volumeCount(), p == null ? 0 : p.volumes().size(),
                "volumes", "ListVolumes", report);
        m.put(Feature.LIST_VOLUMES, volumes);
        m.put(Feature.GET_VOLUME, volumes.available() ? Availability.yes(Feature.GET_VOLUME) : Availability.no(Feature.GET_VOLUME, volumes.reason()));
        m.put(Feature.LIST_SNAPSHOTS, listing(Feature.LIST_SNAPSHOTS, p, p == null ? -1 : p.snapshotCount(),
                p == null ? 0 : p.snapshots().size(), "snapshots", "ListSnapshots", report));
        m.put(Feature.NODE_INFO, p != null && p.nodeInfo() != null ? Availability.yes(Feature.NODE_INFO)
                : Availability.no(Feature.NODE_INFO, "The report holds no NodeGetInfo answer (the probe had no node service to ask)."));
        m.put(Feature.ADDONS, p != null && !p.addonsEndpoint().isEmpty() ? Availability.yes(Feature.ADDONS)
                : Availability.no(Feature.ADDONS, "No csi-addons service answered when the report was made."));
        m.put(Feature.CAPACITY, Availability.no(Feature.CAPACITY, "The report records no capacity figures: the probe only checks "
                + "that GetCapacity answers (see the check capacity.topology)."));
        m.put(Feature.VOLUME_GROUPS, Availability.no(Feature.VOLUME_GROUPS, Availability.NOT_RECORDED + "volume groups."));
        m.put(Feature.LIST_FENCES, fences(p));
        return new Features(caps, false, false, false, false, m);
    }

    /**
     * The fenced networks as the report read them: listed when ListClusterFence answered; the
     * driver's words when it failed; else not recorded, saying why.
     */
    private static Availability fences(ProbeReport p) {
        if (p != null && p.fences() != null) return Availability.yes(Feature.LIST_FENCES);
        String failed = p == null ? null : p.facts().get(ProbeReport.FENCE_FAILURE);
        if (failed != null) return Availability.no(Feature.LIST_FENCES, "ListClusterFence failed when the report was made: " + failed);
        String why = p == null ? "the report holds no probe"
                : p.addonsEndpoint().isEmpty() ? "no csi-addons service answered when the report was made"
                : !p.addonsCapabilities().contains("NETWORK_FENCE") ? "the csi-addons service did not advertise NETWORK_FENCE"
                : "it was written before reports kept the fenced networks; make a new report to see them";
        return Availability.no(Feature.LIST_FENCES, Availability.NOT_RECORDED + "fenced networks: " + why + ".");
    }

    private static Availability listing(Feature f, ProbeReport p, long counted, int kept, String noun, String rpc, TroubleReport r) {
        if (p == null) return Availability.no(f, "The report holds no probe, so no " + noun + " were listed.");
        if (counted < 0) {
            return Availability.no(f, "The report lists no " + noun + ": " + rpc + " was not read or failed when it was made "
                    + "(see the report's checks).");
        }
        if (kept == 0 && counted > 0) {
            return Availability.no(f, "The report counts " + counted + " " + noun + " but does not list them: it was written by "
                    + "console " + (r.consoleVersion().isEmpty() ? "version unknown" : r.consoleVersion())
                    + ", before reports kept the list. Make a new report to see them.");
        }
        return Availability.yes(f);
    }

    @Override
    public CompletableFuture<Features> features() {
        return CompletableFuture.completedFuture(features);
    }

    @Override
    public CompletableFuture<PluginInfo> pluginInfo() {
        if (probe == null || probe.plugin() == null) {
            return notInReport("GetPluginInfo", "the driver did not answer GetPluginInfo when the report was made");
        }
        return CompletableFuture.completedFuture(probe.plugin());
    }

    @Override
    public CompletableFuture<Optional<AddonsInfo>> addons() {
        if (probe == null || probe.addonsEndpoint().isEmpty()) return CompletableFuture.completedFuture(Optional.empty());
        PluginInfo identity = new PluginInfo(probe.facts().getOrDefault("addons.name", ""), probe.facts().getOrDefault("addons.version", ""),
                Map.of());
        return CompletableFuture.completedFuture(Optional.of(new AddonsInfo(identity, probe.addonsCapabilities())));
    }

    @Override
    public CompletableFuture<List<SourceFailure>> listVolumes(PageSink<Volume> pages) {
        if (!features.available(Feature.LIST_VOLUMES)) return notInReport("ListVolumes", features.reason(Feature.LIST_VOLUMES));
        return stream(probe.volumes(), pages);
    }

    @Override
    public CompletableFuture<Volume> getVolume(String volumeId) {
        if (!features.available(Feature.GET_VOLUME)) return notInReport("ControllerGetVolume " + volumeId, features.reason(Feature.GET_VOLUME));
        return probe.volumes().stream().filter(v -> v.volumeId().equals(volumeId)).findFirst()
                .map(CompletableFuture::completedFuture)
                .orElseGet(() -> CompletableFuture.failedFuture(new CallFailure(FailureKind.NOT_FOUND, "Volume " + volumeId,
                        "the report does not list it (" + source + ")", "Look for its id among the report's volumes.", "")));
    }

    @Override
    public CompletableFuture<List<SourceFailure>> listSnapshots(String sourceVolumeId, PageSink<Snapshot> pages) {
        if (!features.available(Feature.LIST_SNAPSHOTS)) return notInReport("ListSnapshots", features.reason(Feature.LIST_SNAPSHOTS));
        Predicate<Snapshot> of = sourceVolumeId == null ? s -> true : s -> s.sourceVolumeId().equals(sourceVolumeId);
        return stream(probe.snapshots().stream().filter(of).toList(), pages);
    }

    /** The CIDR blocks ListClusterFence listed when the report was made; {@code parameters} and {@code secrets} are not used. */
    @Override
    public CompletableFuture<List<String>> listFences(Map<String, String> parameters, Secrets secrets) {
        if (!features.available(Feature.LIST_FENCES)) return notInReport("ListClusterFence", features.reason(Feature.LIST_FENCES));
        return CompletableFuture.completedFuture(probe.fences());
    }

    @Override
    public CompletableFuture<List<NodeInfo>> connectedNodes() {
        return CompletableFuture.completedFuture(probe == null || probe.nodeInfo() == null ? List.of() : List.of(probe.nodeInfo()));
    }

    /** The node NodeGetInfo described, then every node id the listed volumes were published to. */
    @Override
    public CompletableFuture<Listing<NodeInfo>> listNodes() {
        Set<String> published = new LinkedHashSet<>();
        if (probe != null) probe.volumes().forEach(v -> published.addAll(v.publishedNodeIds()));
        return connectedNodes().thenApply(own -> Listing.complete(NodeInfo.withPublished(own, published)));
    }

    /** Hands {@code rows} to {@code pages} {@link #PAGE} at a time, each page once the stage of the one before completed. */
    private static <T> CompletableFuture<List<SourceFailure>> stream(List<T> rows, PageSink<T> pages) {
        CompletableFuture<List<SourceFailure>> done = new CompletableFuture<>();
        next(rows, 0, pages, done);
        return done;
    }

    private static <T> void next(List<T> rows, int from, PageSink<T> pages, CompletableFuture<List<SourceFailure>> done) {
        if (done.isDone()) return;
        if (from >= rows.size()) {
            done.complete(List.of());
            return;
        }
        int to = Math.min(rows.size(), from + PAGE);
        try {
            pages.accept(rows.subList(from, to)).whenComplete((x, e) -> {
                if (e != null) done.completeExceptionally(e);
                else next(rows, to, pages, done);
            });
        } catch (RuntimeException e) {
            done.completeExceptionally(e);
        }
    }

    private <T> CompletableFuture<T> notInReport(String what, String why) {
        return CompletableFuture.failedFuture(new CallFailure(FailureKind.UNSUPPORTED, what, why,
                "Make a new report, or connect to the driver itself.", source));
    }

    /** A change refused: the report is read-only and nothing is sent. */
    private <T> CompletableFuture<T> readOnly(String what) {
        return CompletableFuture.failedFuture(new CallFailure(FailureKind.UNSUPPORTED, what,
                "this is a saved report (" + source + "), read-only: nothing was sent to the driver",
                "Connect to the driver itself to change anything.", ""));
    }

    // ---- every change is refused ----------------------------------------------------------------

    @Override
    public CompletableFuture<Volume> createVolume(VolumeRequest request) {
        return readOnly("CreateVolume " + request.name());
    }

    @Override
    public CompletableFuture<ExpandResult> expandVolume(String volumeId, long capacityBytes) {
        return readOnly("ControllerExpandVolume " + volumeId);
    }

    @Override
    public CompletableFuture<Void> modifyVolume(String volumeId, Map<String, String> mutableParameters) {
        return readOnly("ControllerModifyVolume " + volumeId);
    }

    @Override
    public CompletableFuture<Void> deleteVolume(String volumeId) {
        return readOnly("DeleteVolume " + volumeId);
    }

    @Override
    public CompletableFuture<Map<String, String>> controllerPublish(String volumeId, String nodeId, VolumeCapability capability,
                                                                    boolean readonly) {
        return readOnly("ControllerPublishVolume " + volumeId);
    }

    @Override
    public CompletableFuture<Void> controllerUnpublish(String volumeId, String nodeId) {
        return readOnly("ControllerUnpublishVolume " + volumeId);
    }

    @Override
    public CompletableFuture<Void> nodeStage(NodeTarget target) {
        return readOnly("NodeStageVolume " + target.volumeId());
    }

    @Override
    public CompletableFuture<Void> nodeUnstage(String volumeId, String stagingTargetPath) {
        return readOnly("NodeUnstageVolume " + volumeId);
    }

    @Override
    public CompletableFuture<Long> nodeExpand(String volumeId, String volumePath, String stagingTargetPath, long requiredBytes) {
        return readOnly("NodeExpandVolume " + volumeId);
    }

    @Override
    public CompletableFuture<Void> nodePublish(NodeTarget target) {
        return readOnly("NodePublishVolume " + target.volumeId());
    }

    @Override
    public CompletableFuture<Void> nodeUnpublish(String volumeId, String targetPath) {
        return readOnly("NodeUnpublishVolume " + volumeId);
    }

    @Override
    public CompletableFuture<Snapshot> createSnapshot(String sourceVolumeId, String name, Map<String, String> parameters) {
        return readOnly("CreateSnapshot " + name);
    }

    @Override
    public CompletableFuture<Void> deleteSnapshot(String snapshotId) {
        return readOnly("DeleteSnapshot " + snapshotId);
    }

    @Override
    public CompletableFuture<GroupSnapshot> createGroupSnapshot(String name, List<String> sourceVolumeIds, Map<String, String> parameters) {
        return readOnly("CreateVolumeGroupSnapshot " + name);
    }

    @Override
    public CompletableFuture<Void> deleteGroupSnapshot(GroupSnapshot groupSnapshot) {
        return readOnly("DeleteVolumeGroupSnapshot " + groupSnapshot.groupSnapshotId());
    }

    @Override
    public CompletableFuture<VolumeGroup> createVolumeGroup(String name, List<String> volumeIds, Map<String, String> parameters,
                                                           Secrets secrets) {
        return readOnly("CreateVolumeGroup " + name);
    }

    @Override
    public CompletableFuture<VolumeGroup> modifyVolumeGroupMembership(String volumeGroupId, List<String> volumeIds, Secrets secrets) {
        return readOnly("ModifyVolumeGroupMembership " + volumeGroupId);
    }

    @Override
    public CompletableFuture<Void> deleteVolumeGroup(String volumeGroupId, Secrets secrets) {
        return readOnly("DeleteVolumeGroup " + volumeGroupId);
    }

    @Override
    public CompletableFuture<Host> createHost(HostRequest host) {
        return readOnly("Create host " + host.name());
    }

    @Override
    public CompletableFuture<Void> deleteHost(String hostId) {
        return readOnly("Delete host " + hostId);
    }

    @Override
    public CompletableFuture<PublishInfo> cspPublish(String volumeId, String hostUuid, AccessProtocol protocol) {
        return readOnly("Publish " + volumeId);
    }

    @Override
    public CompletableFuture<Void> cspUnpublish(String volumeId, String hostUuid) {
        return readOnly("Unpublish " + volumeId);
    }

    @Override
    public CompletableFuture<Void> fence(FenceRequest request) {
        return readOnly("FenceClusterNetwork " + request.cidrTexts());
    }

    @Override
    public CompletableFuture<Void> unfence(FenceRequest request) {
        return readOnly("UnfenceClusterNetwork " + request.cidrTexts());
    }

    @Override
    public CompletableFuture<SpaceReclaimed> reclaimSpace(String volumeId, Secrets secrets) {
        return readOnly("ControllerReclaimSpace " + volumeId);
    }

    @Override
    public CompletableFuture<SpaceReclaimed> nodeReclaimSpace(String volumeId, String volumePath, String stagingTargetPath,
                                                              VolumeCapability capability, Secrets secrets) {
        return readOnly("NodeReclaimSpace " + volumeId);
    }

    @Override
    public CompletableFuture<Void> rotateEncryptionKey(String volumeId, String volumePath, Secrets secrets) {
        return readOnly("EncryptionKeyRotate " + volumeId);
    }
}
