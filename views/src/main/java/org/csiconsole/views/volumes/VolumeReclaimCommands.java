package org.csiconsole.views.volumes;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.value.ObservableValue;
import org.csiconsole.core.model.ByteSize;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.SpaceReclaimed;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.port.Feature;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.resource.ViewContext;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * The volumes view's csi-addons commands on volumes: Reclaim space (ControllerReclaimSpace,
 * offline), Reclaim space on the node (NodeReclaimSpace, online, at the paths where this console
 * staged or published the volume on the connected node) and Rotate encryption key
 * (EncryptionKeyRotate). Reclaim runs on every selected volume, several as one task with per-item
 * results; the usage each reclaim reported is kept for this session ({@link #reclaimed}).
 */
final class VolumeReclaimCommands {
    private final VolumesViewModel volumes;
    private final ViewContext context;
    private final NodeVolumes onNode;
    private final Consumer<List<Volume>> changed;
    /** What the last reclaim in this session reported, by volume_id (UI thread). */
    private final Map<String, SpaceReclaimed> results = new HashMap<>();
    private final IntegerProperty version = new SimpleIntegerProperty(this, "reclaimVersion");
    private final ViewAction reclaim;
    private final ViewAction nodeReclaim;
    private final ViewAction rotateKey;

    /**
     * @param onNode where this console staged and published volumes on the connected node
     * @param nodeState changes when {@code onNode} changes
     * @param changed on the UI thread with the volumes whose usage changed (to read them again)
     */
    VolumeReclaimCommands(VolumesViewModel volumes, ViewContext context, NodeVolumes onNode, ObservableValue<?> nodeState,
                          Consumer<List<Volume>> changed) {
        this.volumes = volumes;
        this.context = context;
        this.onNode = onNode;
        this.changed = changed;
        reclaim = action("Reclaim space", Feature.RECLAIM_SPACE, false, nodeState, this::reclaim);
        nodeReclaim = action("Reclaim space on node", Feature.NODE_RECLAIM_SPACE, false, nodeState, this::reclaimOnNode);
        rotateKey = action("Rotate encryption key", Feature.ROTATE_ENCRYPTION_KEY, true, nodeState, this::rotateKey);
    }

    private ViewAction action(String label, Feature feature, boolean oneRow, ObservableValue<?> nodeState, Runnable handler) {
        StringBinding reason = Bindings.createStringBinding(() -> {
            if (!volumes.features().available(feature)) return volumes.features().reason(feature);
            List<Volume> targets = volumes.targets();
            if (targets.isEmpty()) return "Select one of the volumes first.";
            if (oneRow && !volumes.oneRowReason().isEmpty()) return volumes.oneRowReason();
            if (!volumes.goneReason().isEmpty()) return volumes.goneReason();
            if (feature == Feature.NODE_RECLAIM_SPACE) {
                for (Volume v : targets) {
                    if (volumePath(v) == null) return notOnNode(v);
                }
            }
            return "";
        }, volumes.featuresProperty(), volumes.selectedProperty(), volumes.selectedRows(), nodeState);
        return org.csiconsole.views.resource.StorageViewModel.whileConnected(new ViewAction(label, reason.isEmpty(), reason, handler), context.state());
    }

    private static String notOnNode(Volume v) {
        return "NodeReclaimSpace needs the paths where " + v.displayName() + " is staged or published on the node, and this console "
                + "did not stage or publish it there. Stage or publish it from Node first, or use Reclaim space (offline).";
    }

    ViewAction reclaimAction() {
        return reclaim;
    }

    ViewAction nodeReclaimAction() {
        return nodeReclaim;
    }

    ViewAction rotateKeyAction() {
        return rotateKey;
    }

    /** Changes whenever a reclaim result arrives. */
    ReadOnlyIntegerProperty versionProperty() {
        return version;
    }

    /** The usage the last reclaim of {@code volumeId} in this session reported, or null (UI thread). */
    SpaceReclaimed reclaimed(String volumeId) {
        return results.get(volumeId);
    }

    /** Bytes freed by the last reclaim of {@code volumeId} in this session, or null (UI thread). */
    Long freedBytes(String volumeId) {
        SpaceReclaimed r = results.get(volumeId);
        return r == null ? null : r.freedBytes();
    }

    /** The NodeReclaimSpace {@code volume_path}: the first target path this console published at, else its staging path. */
    private String volumePath(Volume v) {
        return onNode.targetPaths(v.volumeId()).stream().sorted().findFirst().orElse(onNode.stagingPath(v.volumeId()));
    }

    void reclaim() {
        run(volumes.targets(), "Reclaim space", v -> context.storage().reclaimSpace(v.volumeId(), Secrets.NONE));
    }

    void reclaimOnNode() {
        List<Volume> targets = volumes.targets();
        for (Volume v : targets) {
            if (volumePath(v) == null) {
                context.actions().dialogs().showInformation("Reclaim space on node", notOnNode(v));
                return;
            }
        }
        run(targets, "Reclaim space on node", v -> {
            String staging = onNode.stagingPath(v.volumeId());
            VolumeCapability cap = v.capabilities().isEmpty() ? null : v.capabilities().get(0);
            return context.storage().nodeReclaimSpace(v.volumeId(), volumePath(v), staging == null ? "" : staging, cap, Secrets.NONE);
        });
    }

    private void run(List<Volume> targets, String title,
                     java.util.function.Function<Volume, java.util.concurrent.CompletableFuture<SpaceReclaimed>> call) {
        if (targets.isEmpty()) return;
        if (targets.size() == 1) {
            Volume v = targets.get(0);
            context.actions().run(title + " of " + v.displayName(), p -> call.apply(v).thenApply(r -> record(v, r)),
                    VolumeReclaimCommands::describe).outcome().thenRun(() -> changed.accept(List.of(v)));
            return;
        }
        context.actions().runEach(title + " of " + targets.size() + " volumes", targets, Volume::displayName,
                v -> call.apply(v).thenApply(r -> record(v, r)), "Reclaimed space on", "volumes", r -> {
                    if (r.done() > 0) changed.accept(r.doneItems());
                });
    }

    private SpaceReclaimed record(Volume v, SpaceReclaimed r) {
        context.ui().execute(() -> {
            results.put(v.volumeId(), r);
            version.set(version.get() + 1);
        });
        return r;
    }

    void rotateKey() {
        Volume v = volumes.selected();
        if (v == null || volumes.targets().size() != 1) return;
        String path = onNode.targetPaths(v.volumeId()).stream().sorted().findFirst().orElse("");
        if (!volumes.consent(org.csiconsole.core.risk.RiskOperation.ROTATE_KEY, List.of(v), "",
                VolumeNodeCommands.sends("volume_id", v.volumeId(), "volume_path", path), "Rotate key")) return;
        context.actions().run("Rotate encryption key of " + v.displayName(),
                p -> context.storage().rotateEncryptionKey(v.volumeId(), path, Secrets.NONE), x -> "The volume has a new encryption key.");
    }

    /**
     * A reclaim result in words: {@code "1.2 GiB → 800 MiB (−400 MiB)"}; a figure the driver did not
     * report reads {@code "not reported"}.
     */
    static String describe(SpaceReclaimed r) {
        if (r == null) return "";
        String pre = r.preUsageBytes() == null ? "not reported" : ByteSize.format(r.preUsageBytes());
        String post = r.postUsageBytes() == null ? "not reported" : ByteSize.format(r.postUsageBytes());
        Long freed = r.freedBytes();
        String delta = freed == null ? "" : freed == 0 ? " (nothing freed)" : freed > 0 ? " (\u2212" + ByteSize.format(freed) + ")" : " (+" + ByteSize.format(-freed) + ")";
        return pre + " \u2192 " + post + delta;
    }
}
