package org.csiconsole.views.volumes;

import org.csiconsole.core.model.Volume;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What this console has done to volumes on the connected node: where it staged each one
 * (NodeStageVolume's {@code staging_target_path}) and where it published it (NodePublishVolume's
 * {@code target_path}s). CSI has no call that lists a node's stagings, so this is the console's own
 * record, and the node actions follow it: the order the CSI spec's lifecycle (figures 5 and 6 of
 * "Volume Lifecycle") allows, explained in words when an action cannot run.
 */
final class NodeVolumes {
    private final Map<String, String> staged = new HashMap<>();
    private final Map<String, Set<String>> published = new HashMap<>();

    void staged(String volumeId, String stagingTargetPath) {
        staged.put(volumeId, stagingTargetPath);
    }

    void unstaged(String volumeId) {
        staged.remove(volumeId);
    }

    void published(String volumeId, String targetPath) {
        published.computeIfAbsent(volumeId, k -> new LinkedHashSet<>()).add(targetPath);
    }

    void unpublished(String volumeId, String targetPath) {
        Set<String> paths = published.get(volumeId);
        if (paths == null) return;
        paths.remove(targetPath);
        if (paths.isEmpty()) published.remove(volumeId);
    }

    /** Where this console staged the volume on the node, or null. */
    String stagingPath(String volumeId) {
        return staged.get(volumeId);
    }

    /** Where this console published the volume on the node; empty when nowhere. */
    Set<String> targetPaths(String volumeId) {
        return Set.copyOf(published.getOrDefault(volumeId, Set.of()));
    }

    /**
     * Why NodeStageVolume of {@code v} on {@code node} cannot run now, or null when it can.
     *
     * @param publishedTo the nodes it is published to: those the driver reports and those this console
     *     published it to ({@link org.csiconsole.views.resource.ViewContext#publishedNodes})
     * @param controllerPublishes whether the plugin advertises PUBLISH_UNPUBLISH_VOLUME, so the
     *     volume must be published to the node first (CSI spec, ControllerPublishVolume)
     */
    String whyNotStage(List<String> publishedTo, String node, boolean controllerPublishes) {
        return notPublishedTo(publishedTo, node, controllerPublishes);
    }

    /**
     * Why NodePublishVolume cannot run now, or null; {@code stages} when the node advertises STAGE_UNSTAGE_VOLUME.
     *
     * @param stagingPath where the driver or this console knows the volume staged on the node; null when nowhere
     */
    String whyNotPublish(List<String> publishedTo, String node, boolean controllerPublishes, boolean stages, String stagingPath) {
        String notThere = notPublishedTo(publishedTo, node, controllerPublishes);
        if (notThere != null) return notThere;
        if (stages && stagingPath == null) {
            return "Stage it on " + node + " first: this node stages volumes (STAGE_UNSTAGE_VOLUME) before publishing them.";
        }
        return null;
    }

    /**
     * Why NodeUnpublishVolume cannot run now, or null.
     *
     * @param targetPaths where the driver reports or this console published the volume on the node
     * @param mayBeThere true when it may be published there at a path no one reported (the driver refused a controller
     *     unpublish from the node as still in use there, and reports no node publications): then it is offered, and the
     *     path is asked for
     */
    static String whyNotUnpublish(List<String> targetPaths, String node, boolean mayBeThere) {
        return !targetPaths.isEmpty() || mayBeThere ? null
                : "Neither the driver nor this console knows it published on " + node + ": there is no target path to unpublish.";
    }

    /** Why NodeExpandVolume cannot run now, or null: it grows the file system where the volume is published on the node. */
    String whyNotExpand(Volume v, String node) {
        return published.containsKey(v.volumeId()) ? null
                : "Not published on " + node + " by this console: NodeExpandVolume needs the target path it is published at "
                + "(Node > Publish on this node).";
    }

    /**
     * Why NodeUnstageVolume cannot run now, or null.
     *
     * @param stagingPath where the driver or this console knows the volume staged on the node; null when nowhere
     * @param targetPaths where the driver reports or this console published it on the node
     * @param mayBeThere true when it may be staged there at a path no one reported (the driver refused a controller
     *     unpublish from the node as still in use there, and reports no stagings): then it is offered, and the path is
     *     asked for
     */
    static String whyNotUnstage(String stagingPath, List<String> targetPaths, String node, boolean mayBeThere) {
        if (stagingPath == null && !mayBeThere) return "Neither the driver nor this console knows it staged on " + node + " at a staging path.";
        return targetPaths.isEmpty() ? null
                : "Unpublish it on " + node + " first: it is still published at " + String.join(", ", targetPaths) + ".";
    }

    private static String notPublishedTo(List<String> publishedTo, String node, boolean controllerPublishes) {
        if (!controllerPublishes || publishedTo.contains(node)) return null;
        return "Publish it to " + node + " first (Controller > Publish to a node): " + node
                + " is not among the nodes it is published to.";
    }
}
