package org.csiconsole.core.lifecycle;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.model.NodeCapability;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeOnNode;
import org.csiconsole.core.port.Feature;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.port.StorageService;

import java.time.Clock;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Reads where a volume is in its lifecycle, per node.
 *
 * <p>Exact where the storage records it ({@link StorageService#volumeOnNodes}: the bundled
 * reference plugin keeps controller publications, stagings and node publications). Inferred
 * otherwise, with every fact listed as {@link Evidence}: the volume's {@code published_node_ids}
 * (ControllerGetVolume, else ListVolumes; LIST_VOLUMES_PUBLISHED_NODES), the lifecycle calls this
 * console made (its call trace: node calls went to the connected node socket), and
 * NodeGetVolumeStats at each staging and target path known (GET_VOLUME_STATS): NOT_FOUND there
 * means the volume is no longer staged or published at that path.
 *
 * <p>A volume that ControllerGetVolume or ListVolumes does not find (NOT_FOUND) is DELETED. Never
 * fails for what it cannot read: a missing source is named in the evidence.
 */
public final class LiveStateReader {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");

    private final StorageService storage;
    private final Supplier<List<TraceEntry>> trace;
    private final Clock clock;

    /**
     * @param storage the connection's storage
     * @param trace the calls this console made, oldest first (the call trace's snapshot); an empty
     *     list where there is none (the command line)
     * @param clock when a reading is taken
     */
    public LiveStateReader(StorageService storage, Supplier<List<TraceEntry>> trace, Clock clock) {
        this.storage = Objects.requireNonNull(storage, "storage");
        this.trace = Objects.requireNonNull(trace, "trace");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Reads {@code volumeId}'s lifecycle; an empty id reads the lifecycle alone with no volume.
     * Completes with what could be read; fails only when the storage's {@link StorageService#features()} does.
     */
    public CompletableFuture<LifecycleReading> read(String volumeId) {
        String id = Objects.requireNonNullElse(volumeId, "");
        return storage.features().thenCompose(f -> {
            VolumeLifecycle lc = VolumeLifecycle.of(f.csi());
            return connectedNode(f).thenCompose(node -> {
                if (id.isEmpty()) return CompletableFuture.completedFuture(new LifecycleReading(lc, VolumeLiveState.none(clock.instant()), node));
                Acc acc = new Acc(id, lc, node);
                return readVolume(f, acc)
                        .thenCompose(x -> storage.volumeOnNodes(id).exceptionally(e -> {
                            acc.evidence.add(new Evidence("storage records", "not read: " + words(e)));
                            return Optional.empty();
                        }))
                        .thenCompose(records -> records.isPresent() ? exact(acc, records.get()) : inferred(f, acc))
                        .thenApply(x -> new LifecycleReading(lc, acc.state(clock), node));
            });
        });
    }

    private CompletableFuture<String> connectedNode(Features f) {
        if (!f.nodeSocket()) return CompletableFuture.completedFuture("");
        return storage.connectedNodes().handle((nodes, e) -> nodes == null || nodes.isEmpty() ? "" : nodes.get(0).nodeId());
    }

    /** Whether the volume exists and which nodes it reports being published to. */
    private CompletableFuture<Void> readVolume(Features f, Acc acc) {
        CompletableFuture<Volume> read;
        String source;
        if (f.available(Feature.GET_VOLUME)) {
            source = "ControllerGetVolume";
            read = storage.getVolume(acc.volumeId);
        } else if (f.available(Feature.LIST_VOLUMES)) {
            source = "ListVolumes";
            List<Volume> found = java.util.Collections.synchronizedList(new ArrayList<>());
            read = storage.listVolumes(PageSink.unpaced(page -> {
                for (Volume v : page) if (v.volumeId().equals(acc.volumeId)) found.add(v);
            })).thenApply(missing -> {
                if (!found.isEmpty()) return found.get(0);
                if (!missing.isEmpty()) throw new CallFailure(FailureKind.UNAVAILABLE, "ListVolumes", "some sources did not answer", "", "");
                throw new CallFailure(FailureKind.NOT_FOUND, "ListVolumes", "the volume is not listed", "", "");
            });
        } else {
            acc.evidence.add(new Evidence("volume", "the driver can neither read nor list volumes (no GET_VOLUME, no LIST_VOLUMES): taken to exist"));
            acc.presence = VolumeLiveState.Presence.PRESENT;
            return CompletableFuture.completedFuture(null);
        }
        return read.handle((v, e) -> {
            if (v != null) {
                acc.presence = VolumeLiveState.Presence.PRESENT;
                acc.volume = v;
                acc.source = source;
                return null;
            }
            CallFailure failure = CallFailure.unwrap(e);
            if (failure != null && failure.kind() == FailureKind.NOT_FOUND) {
                acc.presence = VolumeLiveState.Presence.DELETED;
                acc.evidence.add(new Evidence(source, "NOT_FOUND: the volume does not exist"));
            } else {
                acc.presence = VolumeLiveState.Presence.PRESENT;
                acc.evidence.add(new Evidence(source, "not read (" + words(e) + "): taken to exist"));
            }
            return null;
        });
    }

    private CompletableFuture<Void> exact(Acc acc, List<VolumeOnNode> records) {
        acc.exact = true;
        if (acc.presence != VolumeLiveState.Presence.PRESENT) return CompletableFuture.completedFuture(null);
        if (records.isEmpty()) acc.evidence.add(new Evidence("storage records", "no controller publication, staging or node publication"));
        for (VolumeOnNode r : records) {
            Node n = acc.node(r.nodeId());
            n.controllerPublished = r.controllerPublished();
            n.staging = r.stagingTargetPaths().isEmpty() ? "" : r.stagingTargetPaths().get(0);
            n.targets.addAll(r.targetPaths());
            List<String> parts = new ArrayList<>();
            if (r.controllerPublished()) parts.add("controller publication");
            if (!r.stagingTargetPaths().isEmpty()) parts.add("staged at " + String.join(", ", r.stagingTargetPaths()));
            if (!r.targetPaths().isEmpty()) parts.add("published at " + String.join(", ", r.targetPaths()));
            acc.evidence.add(new Evidence("storage records", r.nodeId() + ": " + String.join("; ", parts)));
        }
        return CompletableFuture.completedFuture(null);
    }

    private CompletableFuture<Void> inferred(Features f, Acc acc) {
        acc.exact = false;
        boolean reportsNodes = org.csiconsole.core.risk.TargetFacts.driverReportsPlacements(f.csi(), f.cspConnected(),
                "ControllerGetVolume".equals(acc.source) ? org.csiconsole.core.risk.TargetFacts.VolumeRead.CONTROLLER_GET_VOLUME
                        : org.csiconsole.core.risk.TargetFacts.VolumeRead.LIST_VOLUMES);
        if (acc.volume != null) {
            if (reportsNodes) {
                List<String> ids = acc.volume.publishedNodeIds();
                acc.evidence.add(new Evidence(acc.source, "published_node_ids: " + (ids.isEmpty() ? "none" : String.join(", ", ids))));
                for (String id : ids) acc.node(id).controllerPublished = true;
            } else {
                acc.evidence.add(new Evidence(acc.source, "the driver does not report published_node_ids here (no LIST_VOLUMES_PUBLISHED_NODES"
                        + ("ControllerGetVolume".equals(acc.source) ? ", no PUBLISH_UNPUBLISH_VOLUME" : "") + "):"
                        + " controller publications come from this console's calls only"));
            }
        }
        String nodeName = acc.connectedNode.isEmpty() ? "the connected node" : acc.connectedNode;
        for (TraceCalls.TracedCall c : TraceCalls.of(trace.get(), acc.volumeId)) {
            if (!c.ok()) continue;
            String at = TIME.format(c.at().atZone(ZoneId.systemDefault()));
            switch (c.call()) {
                case CONTROLLER_PUBLISH_VOLUME, CONTROLLER_UNPUBLISH_VOLUME -> {
                    if (reportsNodes && acc.volume != null || c.nodeId().isEmpty()) continue;
                    acc.node(c.nodeId()).controllerPublished = c.call() == LifecycleCall.CONTROLLER_PUBLISH_VOLUME;
                    acc.evidence.add(new Evidence("call trace", c.call().rpc() + " to " + c.nodeId() + " OK at " + at));
                }
                case NODE_STAGE_VOLUME -> {
                    acc.node(nodeKey(acc)).staging = c.stagingTargetPath();
                    acc.evidence.add(new Evidence("call trace", "NodeStageVolume on " + nodeName + " at " + c.stagingTargetPath() + " OK at " + at));
                }
                case NODE_UNSTAGE_VOLUME -> {
                    acc.node(nodeKey(acc)).staging = "";
                    acc.evidence.add(new Evidence("call trace", "NodeUnstageVolume on " + nodeName + " OK at " + at));
                }
                case NODE_PUBLISH_VOLUME -> {
                    acc.node(nodeKey(acc)).targets.add(c.targetPath());
                    acc.evidence.add(new Evidence("call trace", "NodePublishVolume on " + nodeName + " at " + c.targetPath() + " OK at " + at));
                }
                case NODE_UNPUBLISH_VOLUME -> {
                    acc.node(nodeKey(acc)).targets.remove(c.targetPath());
                    acc.evidence.add(new Evidence("call trace", "NodeUnpublishVolume on " + nodeName + " at " + c.targetPath() + " OK at " + at));
                }
                default -> {
                }
            }
        }
        if (!f.nodeSocket() || !f.csi().has(NodeCapability.GET_VOLUME_STATS) || acc.presence != VolumeLiveState.Presence.PRESENT) {
            if (f.nodeSocket() && !f.csi().has(NodeCapability.GET_VOLUME_STATS)) {
                acc.evidence.add(new Evidence("NodeGetVolumeStats", "not asked: the node does not advertise GET_VOLUME_STATS"));
            }
            return CompletableFuture.completedFuture(null);
        }
        Node n = acc.nodes.get(nodeKey(acc));
        if (n == null) return CompletableFuture.completedFuture(null);
        CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
        for (String path : List.copyOf(n.targets)) {
            chain = chain.thenCompose(x -> probe(acc, path, n.staging, () -> n.targets.remove(path), "published"));
        }
        if (!n.staging.isEmpty()) {
            String staging = n.staging;
            chain = chain.thenCompose(x -> probe(acc, staging, staging, () -> n.staging = "", "staged"));
        }
        return chain;
    }

    private CompletableFuture<Void> probe(Acc acc, String path, String staging, Runnable gone, String what) {
        return storage.nodeVolumeStats(acc.volumeId, path, staging.equals(path) ? "" : staging).handle((stats, e) -> {
            if (stats != null) {
                acc.evidence.add(new Evidence("NodeGetVolumeStats", "at " + path + ": answered, still " + what + " there"));
                return null;
            }
            CallFailure failure = CallFailure.unwrap(e);
            if (failure != null && failure.kind() == FailureKind.NOT_FOUND) {
                gone.run();
                acc.evidence.add(new Evidence("NodeGetVolumeStats", "at " + path + ": NOT_FOUND, no longer " + what + " there"));
            } else {
                acc.evidence.add(new Evidence("NodeGetVolumeStats", "at " + path + ": not answered (" + words(e) + ")"));
            }
            return null;
        });
    }

    private static String nodeKey(Acc acc) {
        return acc.connectedNode.isEmpty() ? "this node" : acc.connectedNode;
    }

    private static String words(Throwable e) {
        CallFailure f = CallFailure.unwrap(e);
        return f != null ? f.kind() + ", " + f.why() : String.valueOf(e);
    }

    /** What one node holds of the volume, while reading. */
    private static final class Node {
        boolean controllerPublished;
        String staging = "";
        final Set<String> targets = new LinkedHashSet<>();
    }

    /** The reading in progress: steps run one after the other, never at once. */
    private static final class Acc {
        final String volumeId;
        final VolumeLifecycle lc;
        final String connectedNode;
        final Map<String, Node> nodes = new LinkedHashMap<>();
        final List<Evidence> evidence = new ArrayList<>();
        VolumeLiveState.Presence presence = VolumeLiveState.Presence.PRESENT;
        Volume volume;
        String source = "";
        boolean exact;

        Acc(String volumeId, VolumeLifecycle lc, String connectedNode) {
            this.volumeId = volumeId;
            this.lc = lc;
            this.connectedNode = connectedNode;
        }

        Node node(String id) {
            return nodes.computeIfAbsent(id, k -> new Node());
        }

        VolumeLiveState state(Clock clock) {
            if (!connectedNode.isEmpty()) node(connectedNode);
            List<NodeState> states = new ArrayList<>();
            if (presence == VolumeLiveState.Presence.PRESENT) {
                for (Map.Entry<String, Node> e : nodes.entrySet()) {
                    Node n = e.getValue();
                    states.add(new NodeState(e.getKey(), lc.stateOf(n.controllerPublished, !n.staging.isEmpty(), !n.targets.isEmpty()),
                            n.controllerPublished, n.staging, List.copyOf(n.targets)));
                }
            }
            return new VolumeLiveState(volumeId, presence, exact, states, evidence, clock.instant());
        }
    }
}
