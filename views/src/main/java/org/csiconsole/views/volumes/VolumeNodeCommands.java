package org.csiconsole.views.volumes;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.csiconsole.core.model.ByteSize;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.port.Feature;
import org.csiconsole.core.port.NodeTarget;
import org.csiconsole.core.risk.RiskModel;
import org.csiconsole.core.risk.RiskOperation;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.resource.ViewContext;

import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * The volumes view's commands on the connected node socket: NodeStageVolume, NodePublishVolume,
 * NodeUnpublishVolume, NodeUnstageVolume and NodeExpandVolume of the selected volume. Each is offered when the
 * volume's state on that node allows it ({@link NodeVolumes}, the CSI spec's lifecycle), names the
 * node, and records what it did there once the plugin answered OK.
 */
final class VolumeNodeCommands {
    private final VolumesViewModel volumes;
    private final ViewContext context;
    private final Predicate<Form> ask;
    private final Function<String, Map<String, String>> publishContext;
    private final NodeVolumes onNode = new NodeVolumes();
    private final IntegerProperty stateVersion = new SimpleIntegerProperty(this, "stateVersion");
    private final StringProperty connectedNode = new SimpleStringProperty(this, "connectedNode", "");
    private final ViewAction stage;
    private final ViewAction publish;
    private final ViewAction unpublish;
    private final ViewAction unstage;
    private final ViewAction expand;

    /**
     * @param ask shows a form; true when the person confirmed it
     * @param publishContext the {@code publish_context} ControllerPublishVolume returned for a volume_id
     */
    VolumeNodeCommands(VolumesViewModel volumes, ViewContext context, Predicate<Form> ask,
                       Function<String, Map<String, String>> publishContext) {
        this.volumes = volumes;
        this.context = context;
        this.ask = ask;
        this.publishContext = publishContext;
        stage = action("Stage on this node\u2026", Feature.NODE_STAGE, this::whyNotStage, this::stage);
        publish = action("Publish on this node\u2026", Feature.NODE_PUBLISH, (v, node) -> onNode.whyNotPublish(context.publishedNodes(v), node,
                volumes.features().available(Feature.CONTROLLER_PUBLISH), volumes.features().available(Feature.NODE_STAGE),
                volumes.knownStagingPath(v)), this::publish);
        unpublish = action("Unpublish on this node\u2026", Feature.NODE_PUBLISH,
                (v, node) -> NodeVolumes.whyNotUnpublish(volumes.knownTargetPaths(v), node, volumes.mayBeOnConnectedNode(v)), this::unpublish);
        unstage = action("Unstage on this node\u2026", Feature.NODE_STAGE, (v, node) -> NodeVolumes.whyNotUnstage(volumes.knownStagingPath(v),
                volumes.knownTargetPaths(v), node, volumes.mayBeOnConnectedNode(v)), this::unstage);
        expand = action("Expand on this node\u2026", Feature.NODE_EXPAND, onNode::whyNotExpand, this::expand);
    }

    /**
     * A command gated on {@code feature}, a selected volume, and {@code whyNot} of the volume on the
     * node (null when it can run).
     */
    private ViewAction action(String label, Feature feature, BiFunction<Volume, String, String> whyNot, Runnable handler) {
        StringBinding reason = Bindings.createStringBinding(() -> {
            if (!volumes.features().available(feature)) return volumes.features().reason(feature);
            if (!volumes.oneRowReason().isEmpty()) return volumes.oneRowReason();
            Volume v = volumes.selected();
            if (v == null) return "Select one of the volumes first.";
            if (!volumes.goneReason().isEmpty()) return volumes.goneReason();
            String why = whyNot.apply(v, nodeName());
            return why == null ? "" : why;
        }, volumes.featuresProperty(), volumes.selectedProperty(), volumes.selectedRows(), connectedNode, stateVersion,
                volumes.detailVersionProperty());
        return org.csiconsole.views.resource.StorageViewModel.whileConnected(new ViewAction(label, reason.isEmpty(), reason, handler), context.state());
    }

    /**
     * Why NodeStageVolume is not offered: the lifecycle's order before it ({@link NodeVolumes#whyNotStage}), then core's
     * verdict on where the driver and this console know the volume staged ({@link RiskModel#stageRefusal}).
     */
    private String whyNotStage(Volume v, String node) {
        String before = onNode.whyNotStage(context.publishedNodes(v), node, volumes.features().available(Feature.CONTROLLER_PUBLISH));
        if (before != null) return before;
        org.csiconsole.core.risk.IllegalCall staged = RiskModel.stageRefusal(volumes.factsOf(v), connectedNode.get());
        return staged == null ? null : "Not offered: " + staged.reason() + ". " + staged.nextStep();
    }

    ViewAction stageAction() {
        return stage;
    }

    ViewAction publishAction() {
        return publish;
    }

    ViewAction unpublishAction() {
        return unpublish;
    }

    ViewAction unstageAction() {
        return unstage;
    }

    ViewAction expandAction() {
        return expand;
    }

    /** Where this console staged and published volumes on the connected node; {@link #stateProperty()} changes with it. */
    NodeVolumes onNode() {
        return onNode;
    }

    javafx.beans.value.ObservableValue<Number> stateProperty() {
        return stateVersion;
    }

    ReadOnlyStringProperty connectedNodeProperty() {
        return connectedNode;
    }

    /** The node id NodeGetInfo reported for the connected node socket. */
    void connectedNode(String nodeId) {
        connectedNode.set(nodeId);
    }

    /** The connected node's id, or "this node" while it is not known. */
    private String nodeName() {
        return connectedNode.get().isEmpty() ? "this node" : connectedNode.get();
    }

    /**
     * Takes what another reading found of {@code volumeId} on the connected node (the lifecycle
     * view's exact or inferred state) as this console's record, so the node commands follow it.
     */
    void seen(String volumeId, String stagingTargetPath, java.util.Collection<String> targetPaths) {
        onNode.unstaged(volumeId);
        for (String p : onNode.targetPaths(volumeId)) onNode.unpublished(volumeId, p);
        if (stagingTargetPath != null && !stagingTargetPath.isEmpty()) onNode.staged(volumeId, stagingTargetPath);
        for (String p : targetPaths) onNode.published(volumeId, p);
        changed();
    }

    private void changed() {
        stateVersion.set(stateVersion.get() + 1);
    }

    void stage() {
        Volume v = volumes.selected();
        if (v == null) return;
        Form form = VolumeForms.nodeStage(v).on(context.connectionName());
        if (!ask.test(form)) return;
        NodeTarget t = new NodeTarget(v.volumeId(), form.text("path").value(), "", VolumeForms.capability(form, v),
                publishContext.apply(v.volumeId()), false);
        context.actions().run("Stage " + v.displayName() + " on " + nodeName(), p -> context.storage().nodeStage(t),
                x -> "Staged at " + t.stagingTargetPath() + ".").outcome().thenRun(() -> {
                    onNode.staged(v.volumeId(), t.stagingTargetPath());
                    changed();
                    volumes.reread(v.volumeId());
                });
    }

    void publish() {
        Volume v = volumes.selected();
        if (v == null) return;
        Form form = VolumeForms.nodePublish(v, volumes.features().available(Feature.NODE_STAGE)).on(context.connectionName());
        String staging = volumes.knownStagingPath(v);
        if (staging != null) form.text("staging").set(staging);
        if (!ask.test(form)) return;
        NodeTarget t = new NodeTarget(v.volumeId(), form.text("staging").value(), form.text("path").value(),
                VolumeForms.capability(form, v), publishContext.apply(v.volumeId()), form.<Boolean>choice("readonly").value().get());
        context.actions().run("Publish " + v.displayName() + " on " + nodeName(), p -> context.storage().nodePublish(t),
                x -> "Published at " + t.targetPath() + ".").outcome().thenRun(() -> {
                    onNode.published(v.volumeId(), t.targetPath());
                    changed();
                    volumes.reread(v.volumeId());
                });
    }

    void unpublish() {
        Volume v = volumes.selected();
        if (v == null) return;
        Form form = VolumeForms.nodeUnpublish(v).on(context.connectionName());
        // the path the driver reports or this console published at: a node state not made here can be undone too
        List<String> paths = volumes.knownTargetPaths(v);
        paths.stream().findFirst().ifPresent(form.text("path")::set);
        if (!ask.test(form)) return;
        String path = form.text("path").value();
        // NodeUnpublishVolume answers OK for a path with nothing published (CSI spec): claim it only where it was known
        boolean known = paths.contains(path);
        volumes.withPlacements(List.of(v), read -> {
            if (!volumes.consent(RiskOperation.NODE_UNPUBLISH, read, connectedNode.get(),
                    sends("volume_id", v.volumeId(), RiskModel.TARGET_PATH, path), "Unpublish")) return;
            context.actions().run("Unpublish " + v.displayName() + " on " + nodeName(),
                    p -> context.storage().nodeUnpublish(v.volumeId(), path), x -> known ? "Unpublished from " + path + "."
                            : "The driver answered OK for " + path + "; this console did not know the volume published there.")
                    .outcome().thenRun(() -> {
                        onNode.unpublished(v.volumeId(), path);
                        changed();
                        volumes.reread(v.volumeId());
                    });
        });
    }

    void unstage() {
        Volume v = volumes.selected();
        if (v == null) return;
        Form form = VolumeForms.nodeUnstage(v).on(context.connectionName());
        String known = volumes.knownStagingPath(v);
        if (known != null) form.text("path").set(known);
        if (!ask.test(form)) return;
        String path = form.text("path").value();
        volumes.withPlacements(List.of(v), read -> {
            if (!volumes.consent(RiskOperation.NODE_UNSTAGE, read, connectedNode.get(),
                    sends("volume_id", v.volumeId(), RiskModel.STAGING_TARGET_PATH, path), "Unstage")) return;
            context.actions().run("Unstage " + v.displayName() + " on " + nodeName(),
                    p -> context.storage().nodeUnstage(v.volumeId(), path), x -> "Unstaged from " + path + ".")
                    .outcome().thenRun(() -> {
                        onNode.unstaged(v.volumeId());
                        changed();
                        volumes.reread(v.volumeId());
                    });
        });
    }

    /**
     * NodeExpandVolume of the selected volume, after a ControllerExpandVolume that said the node must grow the
     * file system: at the target path this console published it at (and its staging path), to the capacity
     * the driver reports, assessed by the risk model as an expand on the connected node.
     */
    void expand() {
        Volume v = volumes.selected();
        if (v == null) return;
        Form form = VolumeForms.nodeExpand(v).on(context.connectionName());
        onNode.targetPaths(v.volumeId()).stream().findFirst().ifPresent(form.text("path")::set);
        if (onNode.stagingPath(v.volumeId()) != null) form.text("staging").set(onNode.stagingPath(v.volumeId()));
        if (!ask.test(form)) return;
        String path = form.text("path").value();
        String staging = form.text("staging").value();
        Map<String, String> sends = sends("volume_id", v.volumeId(), "volume_path", path);
        if (!staging.isEmpty()) sends.put("staging_target_path", staging);
        if (v.capacityBytes() > 0) sends.put("capacity_range.required_bytes", Long.toString(v.capacityBytes()));
        if (!volumes.consent(RiskOperation.NODE_EXPAND, List.of(v), connectedNode.get(), sends, "Expand")) return;
        context.actions().run("Expand " + v.displayName() + " on " + nodeName(),
                p -> context.storage().nodeExpand(v.volumeId(), path, staging, v.capacityBytes()),
                bytes -> bytes > 0 ? "The file system at " + path + " now has " + ByteSize.format(bytes) + "." : "Expanded at " + path + ".");
    }

    /** Fields in order, for a request preview: {@code sends("volume_id", id, "target_path", path)}. */
    static Map<String, String> sends(String... kv) {
        Map<String, String> m = new java.util.LinkedHashMap<>();
        for (int i = 0; i + 1 < kv.length; i += 2) m.put(kv[i], kv[i + 1]);
        return m;
    }
}
