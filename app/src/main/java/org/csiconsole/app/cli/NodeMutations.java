package org.csiconsole.app.cli;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiRpc;
import org.csiconsole.core.model.ExpandVolumeResult;
import org.csiconsole.core.risk.Assessment;
import org.csiconsole.core.risk.Placement;
import org.csiconsole.core.risk.RiskOperation;
import org.csiconsole.core.risk.RiskRequest;
import org.csiconsole.core.risk.TargetFacts;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * {@code unstage} and {@code node-expand}: NodeUnstageVolume and NodeExpandVolume on the node plugin
 * ({@code --node-endpoint}, else the driver's endpoint), of {@link CsiMutations}. Both are assessed by
 * core's risk model with what this console's own node calls left on that node ({@link VolumeFacts#readOnNode}).
 */
final class NodeMutations {
    private NodeMutations() {
    }

    @Command(name = "unstage", mixinStandardHelpOptions = true,
            description = {"Unstage a volume on the node (NodeUnstageVolume; needs the node capability STAGE_UNSTAGE_VOLUME). "
                    + "The node loses the staging at --staging-target-path.",
                    "Reads the node's node_id (NodeGetInfo) and what this console's own calls left on it, and prints what core's "
                            + "risk assessment finds; a volume this console still published on the node (NodePublishVolume) is not "
                            + "unstaged.",
                    "Confirm with --yes=<name-or-volume_id> (or type the name on a terminal), as the workbench asks. To send it "
                            + "although this console's record says the volume is still published on the node (another orchestrator "
                            + "may have unpublished it), pass --override as well."})
    static final class UnstageCommand extends CsiMutations.MutatingCommand {
        @Option(names = "--volume-id", required = true, paramLabel = "ID", description = "volume_id of the staged volume.")
        String volumeId;

        @Option(names = "--staging-target-path", required = true, paramLabel = "PATH",
                description = "staging_target_path it was staged at (NodeStageVolume).")
        String stagingTargetPath;

        @Option(names = "--yes", paramLabel = "NAME", description = "The volume's name or volume_id, exactly: the consent to unstage it.")
        String yes;

        @Option(names = "--override", description = "Send it although this console's own record says the volume is still published "
                + "on the node; needs the name typed or --yes, and is audited as an override.")
        boolean override;

        private final RiskConsent risk;

        UnstageCommand(Function<String, String> env, Supplier<Optional<ConsoleTerminal>> terminal) {
            super(env);
            this.risk = RiskConsent.on(terminal);
        }

        @Override
        void check() {
            requireVolumeAndPath(volumeId, "--staging-target-path", stagingTargetPath);
        }

        @Override
        void run(CsiClient client, CsiOutput ignored) throws Exception {
            require(client, CsiRpc.NODE_UNSTAGE_VOLUME, "NodeUnstageVolume " + volumeId);
            String node = client.node().nodeInfo().get().nodeId();
            TargetFacts facts = VolumeFacts.readOnNode(client, volumeId, record, node);
            Map<String, String> sends = new LinkedHashMap<>();
            sends.put("volume_id", volumeId);
            sends.put("staging_target_path", stagingTargetPath);
            Assessment a = risk.assess(RiskRequest.of(RiskOperation.NODE_UNSTAGE, List.of(facts), Instant.now()).onNode(node).sending(sends)
                    .on(RiskConsent.connection(client)));
            overriding = risk.confirm(a, yes == null ? List.of() : List.of(yes), override, spec.commandLine().getErr()).override();
            client.node().nodeUnstage(volumeId, stagingTargetPath).get();
            Map<String, String> ids = new LinkedHashMap<>();
            ids.put("volumeId", volumeId);
            ids.put("nodeId", node);
            ids.put("stagingTargetPath", stagingTargetPath);
            // NodeUnstageVolume answers OK for a path not staged (CSI spec): claim the unstage only where it was known staged
            boolean known = facts.placements(Placement.Kind.STAGED, node).stream().anyMatch(p -> p.path().equals(stagingTargetPath));
            output().done(ids, "unstaged", known ? "Unstaged volume " + volumeId + " on node " + node + " (" + stagingTargetPath + ")."
                    : "NodeUnstageVolume of volume " + volumeId + " on node " + node + ": the driver answered OK for " + stagingTargetPath
                    + "; this console did not know the volume staged there.");
        }
    }

    @Command(name = "node-expand", mixinStandardHelpOptions = true,
            description = {"Grow the file system of a volume on the node (NodeExpandVolume; needs the node capability EXPAND_VOLUME), "
                    + "after expand (ControllerExpandVolume) said node expansion is required.",
                    "Prints what core's risk assessment of an expand finds; running the command is the confirmation."})
    static final class NodeExpandCommand extends CsiMutations.MutatingCommand {
        @Option(names = "--volume-id", required = true, paramLabel = "ID", description = "volume_id of the expanded volume.")
        String volumeId;

        @Option(names = "--volume-path", required = true, paramLabel = "PATH",
                description = "volume_path: where the volume is published on the node (the target_path of NodePublishVolume).")
        String volumePath;

        @Option(names = "--staging-target-path", paramLabel = "PATH", defaultValue = "",
                description = "staging_target_path, when the volume is staged on the node.")
        String stagingTargetPath;

        @Option(names = "--size", paramLabel = "SIZE",
                description = "capacity_range.required_bytes: the size the volume was expanded to (20GiB, 500G or bytes); "
                        + "default: its capacity as the driver reports it, else none.")
        String size;

        private long bytes;
        private final RiskConsent risk;

        NodeExpandCommand(Function<String, String> env, Supplier<Optional<ConsoleTerminal>> terminal) {
            super(env);
            this.risk = RiskConsent.on(terminal);
        }

        @Override
        void check() {
            requireVolumeAndPath(volumeId, "--volume-path", volumePath);
            bytes = size == null ? 0 : CsiMutations.size("--size", size);
        }

        @Override
        void run(CsiClient client, CsiOutput ignored) throws Exception {
            require(client, CsiRpc.NODE_EXPAND_VOLUME, "NodeExpandVolume " + volumeId);
            String node = client.node().nodeInfo().get().nodeId();
            TargetFacts facts = VolumeFacts.readOnNode(client, volumeId, record, node);
            long required = bytes > 0 ? bytes : facts.capacityBytes();
            Map<String, String> sends = new LinkedHashMap<>();
            sends.put("volume_id", volumeId);
            sends.put("volume_path", volumePath);
            if (!stagingTargetPath.isBlank()) sends.put("staging_target_path", stagingTargetPath);
            if (required > 0) sends.put("capacity_range.required_bytes", Long.toString(required));
            Assessment a = risk.assess(RiskRequest.of(RiskOperation.NODE_EXPAND, List.of(facts), Instant.now()).onNode(node).sending(sends)
                    .on(RiskConsent.connection(client)));
            risk.confirm(a, List.of(), false, spec.commandLine().getErr());
            ExpandVolumeResult r = client.node().nodeExpand(volumeId, volumePath, required, 0, stagingTargetPath, null, secrets).get();
            output().nodeExpanded(volumeId, node, r);
        }
    }

    private static void requireVolumeAndPath(String volumeId, String option, String path) {
        if (volumeId.isBlank()) throw CsiMutations.usage("Read --volume-id", "the volume_id is empty", "Give the volume_id");
        if (path.isBlank()) throw CsiMutations.usage("Read " + option, "the path is empty", "Give the path on the node");
    }

    private static void require(CsiClient client, CsiRpc rpc, String what) throws Exception {
        Optional<String> why = client.unsupportedReason(rpc).get();
        if (why.isPresent()) throw new CallFailure(FailureKind.UNSUPPORTED, what, why.get(), "Use a node plugin that advertises it (NodeGetCapabilities)", "");
    }
}
