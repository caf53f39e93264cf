package org.csiconsole.core.trouble;

import csi.v1.Csi;
import csi.v1.NodeGrpc;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.csi.CsiMapping;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.NodeCapability;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.PluginCapability;
import org.csiconsole.core.model.Words;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.csiconsole.core.trouble.Checks.LIST_VOLUMES;
import static org.csiconsole.core.trouble.Checks.NODE_INFO;
import static org.csiconsole.core.trouble.Checks.NODE_STATS;
import static org.csiconsole.core.trouble.Checks.fail;
import static org.csiconsole.core.trouble.Checks.pass;
import static org.csiconsole.core.trouble.Checks.skipped;
import static org.csiconsole.core.trouble.Checks.warn;

/**
 * The node plugin: NodeGetInfo (node_id, max_volumes_per_node, accessible_topology), whether the
 * controller's published node ids agree with it, and NodeGetVolumeStats of the volumes the kubelet
 * published on this node.
 */
final class NodeChecks {
    /** Most kubelet-mounted volumes asked for their stats in one probe. */
    static final int MAX_STATS = 50;

    private NodeChecks() {
    }

    static void info(ProbeRun r) throws InterruptedException {
        String title = "NodeGetInfo describes the node";
        if (!r.nodeServed) {
            r.add(skipped("node.info", title, "no node service answered", NODE_INFO));
            return;
        }
        r.stage("Asking the node plugin about its node (NodeGetInfo)");
        try {
            Csi.NodeGetInfoResponse n = r.calls.call(r.nodeConnection(), NodeGrpc.getNodeGetInfoMethod(),
                    Csi.NodeGetInfoRequest.getDefaultInstance(), CallKind.PROBE);
            if (!n.getNodeId().isEmpty()) r.nodeInfo = CsiMapping.nodeInfo(n);
            String evidence = "node_id '" + n.getNodeId() + "', max_volumes_per_node " + n.getMaxVolumesPerNode()
                    + (n.getMaxVolumesPerNode() == 0 ? " (no limit reported)" : "")
                    + ", accessible_topology " + (n.hasAccessibleTopology() ? n.getAccessibleTopology().getSegmentsMap() : "not reported");
            boolean vac = r.capabilities != null && r.capabilities.has(PluginCapability.VOLUME_ACCESSIBILITY_CONSTRAINTS);
            if (n.getNodeId().isEmpty()) {
                r.add(fail("node.info", title, evidence, NODE_INFO, "node_id is REQUIRED: the controller publishes volumes to it. "
                        + "Check the node plugin's configuration (often a --nodeid flag fed from spec.nodeName)"));
            } else if (n.getMaxVolumesPerNode() < 0) {
                r.add(fail("node.info", title, evidence, NODE_INFO, "max_volumes_per_node MUST NOT be negative; report it to the vendor"));
            } else if (vac && (!n.hasAccessibleTopology() || n.getAccessibleTopology().getSegmentsCount() == 0)) {
                r.add(warn("node.info", title, evidence + "; VOLUME_ACCESSIBILITY_CONSTRAINTS is advertised", NODE_INFO,
                        "Without the node's topology the scheduler cannot match volumes that have a topology to this node, "
                                + "and provisioning with WaitForFirstConsumer gets no topology; check the node plugin's topology settings"));
            } else {
                r.add(pass("node.info", title, evidence, NODE_INFO));
            }
        } catch (CallFailure f) {
            r.add(fail("node.info", title, f.getMessage() + " [" + f.detail() + "]", NODE_INFO,
                    "NodeGetInfo is REQUIRED of every node plugin: the kubelet cannot register the driver without it. Read the "
                            + "node plugin's logs"));
        }
    }

    static void published(ProbeRun r) {
        String title = "Published node ids agree with NodeGetInfo";
        NodeInfo n = r.nodeInfo;
        if (n == null) {
            r.add(skipped("node.published", title, "NodeGetInfo gave no node_id", NODE_INFO));
            return;
        }
        if (r.capabilities == null || !r.capabilities.has(ControllerCapability.LIST_VOLUMES_PUBLISHED_NODES)) {
            r.add(skipped("node.published", title, "LIST_VOLUMES_PUBLISHED_NODES is not advertised", LIST_VOLUMES));
            return;
        }
        if (r.volumeCount < 0) {
            r.add(skipped("node.published", title, "the volumes could not be listed", LIST_VOLUMES));
            return;
        }
        int here = r.publishedNodes.getOrDefault(n.nodeId(), 0);
        List<String> nearMisses = new ArrayList<>();
        for (String id : r.publishedNodes.keySet()) {
            if (!id.equals(n.nodeId()) && sameHostOtherwise(id, n.nodeId())) nearMisses.add("'" + id + "'");
        }
        String evidence = Words.count(here, "volume") + " published to node '" + n.nodeId() + "'"
                + (n.maxVolumesPerNode() > 0 ? " (limit " + n.maxVolumesPerNode() + ")" : "")
                + "; node ids in ListVolumes: " + Checks.some(r.publishedNodes.keySet(), 10);
        if (n.maxVolumesPerNode() > 0 && here > n.maxVolumesPerNode()) {
            r.add(fail("node.published", title, evidence, NODE_INFO, "More volumes are published to this node than its "
                    + "max_volumes_per_node allows; new attachments will fail. Unpublish unused volumes or raise the limit"));
        } else if (!nearMisses.isEmpty()) {
            r.add(warn("node.published", title, evidence + "; " + String.join(", ", nearMisses) + " differ from '" + n.nodeId()
                            + "' only in case or domain", NODE_INFO,
                    "The controller and the node plugin seem to name this node differently, so volumes published to it may "
                            + "not be found on it. Make both use the same node id (the kubelet passes NodeGetInfo's node_id "
                            + "to the controller through the CSINode object)"));
        } else {
            r.add(pass("node.published", title, evidence, NODE_INFO));
        }
    }

    /** True when {@code a} and {@code b} name the same host in another case or with and without a domain. */
    static boolean sameHostOtherwise(String a, String b) {
        String x = a.toLowerCase(Locale.ROOT);
        String y = b.toLowerCase(Locale.ROOT);
        return x.equals(y) || x.startsWith(y + ".") || y.startsWith(x + ".");
    }

    static void volumeStats(ProbeRun r) throws InterruptedException {
        String title = "Volumes published on this node are healthy";
        if (!r.nodeServed || r.capabilities == null || !r.capabilities.has(NodeCapability.GET_VOLUME_STATS)) {
            r.add(skipped("node.volume-stats", title, "GET_VOLUME_STATS is not advertised by a node service", NODE_STATS));
            return;
        }
        if (r.plugin == null) {
            r.add(skipped("node.volume-stats", title, "the driver's name is unknown", NODE_STATS));
            return;
        }
        List<KubeletVolumes.Mounted> mounted = KubeletVolumes.of(r.options.kubeletRoot(), r.plugin.name(), MAX_STATS);
        if (mounted.isEmpty()) {
            r.add(skipped("node.volume-stats", title, "the kubelet has no volume of " + r.plugin.name() + " published for a pod under "
                    + r.options.kubeletRoot().resolve("pods"), NODE_STATS));
            return;
        }
        r.stage("Reading the stats of " + Words.count(mounted.size(), "volume") + " published on this node");
        List<String> abnormal = new ArrayList<>();
        List<String> unknown = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        for (KubeletVolumes.Mounted m : mounted) {
            try {
                Csi.NodeGetVolumeStatsResponse s = r.calls.call(r.nodeConnection(), NodeGrpc.getNodeGetVolumeStatsMethod(),
                        Csi.NodeGetVolumeStatsRequest.newBuilder().setVolumeId(m.volumeId()).setVolumePath(m.targetPath().toString()).build(),
                        CallKind.READ);
                if (s.hasVolumeCondition() && s.getVolumeCondition().getAbnormal()) {
                    abnormal.add(m.volumeId() + " (" + m.pvName() + "): " + s.getVolumeCondition().getMessage());
                }
            } catch (CallFailure f) {
                if (f.kind() == FailureKind.NOT_FOUND) unknown.add(m.volumeId() + " at " + m.targetPath());
                else failed.add(m.volumeId() + ": " + f.kind() + " " + f.why());
            }
        }
        String seen = Words.count(mounted.size(), "volume") + " published by the kubelet";
        if (!failed.isEmpty()) {
            r.add(fail("node.volume-stats", title, seen + "; NodeGetVolumeStats failed for " + Checks.some(failed, 5), NODE_STATS,
                    "Read the node plugin's logs; a failing NodeGetVolumeStats often means a hung mount or a lost path"));
        } else if (!abnormal.isEmpty() || !unknown.isEmpty()) {
            List<String> parts = new ArrayList<>();
            if (!abnormal.isEmpty()) parts.add("abnormal: " + Checks.some(abnormal, 5));
            if (!unknown.isEmpty()) parts.add("not known to the driver at the kubelet's path: " + Checks.some(unknown, 5));
            r.add(warn("node.volume-stats", title, seen + "; " + String.join("; ", parts), NODE_STATS,
                    "An abnormal volume needs a look on the storage and the node (multipath, file system). A volume the "
                            + "driver does not know at its path was lost by the node plugin (a restart without state): the pod "
                            + "using it may need to be restarted so the kubelet publishes it again"));
        } else {
            r.add(pass("node.volume-stats", title, seen + ", all answered and normal", NODE_STATS));
        }
    }
}
