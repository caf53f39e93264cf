package org.csiconsole.app.cli;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiRpc;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.ExpandVolumeResult;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.port.NodeTarget;
import org.csiconsole.core.risk.Assessment;
import org.csiconsole.core.risk.Placement;
import org.csiconsole.core.risk.RiskModel;
import org.csiconsole.core.risk.RiskOperation;
import org.csiconsole.core.risk.RiskRequest;
import org.csiconsole.core.risk.TargetFacts;
import org.csiconsole.core.storage.CsiStorage;
import org.csiconsole.core.storage.NodeDirectories;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * {@code stage}, {@code node-publish}, {@code node-unpublish}, {@code unstage} and {@code node-expand}: NodeStageVolume,
 * NodePublishVolume, NodeUnpublishVolume, NodeUnstageVolume and NodeExpandVolume on the node plugin ({@code --node-endpoint},
 * else the driver's endpoint), of {@link CsiMutations}. Stage and node publish build their requests and prepare the CO's
 * directories in the storage adapter the workbench uses ({@link CsiStorage#nodeStage(NodeTarget, org.csiconsole.core.model.Secrets)});
 * the others are assessed by core's risk model with what the driver reports and this console's own node calls left on that
 * node ({@link VolumeFacts#readOnNode}).
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
                    .on(RiskConsent.connection(env, client)));
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
                    .on(RiskConsent.connection(env, client)));
            risk.confirm(a, List.of(), false, spec.commandLine().getErr());
            ExpandVolumeResult r = client.node().nodeExpand(volumeId, volumePath, required, 0, stagingTargetPath, null, secrets).get();
            output().nodeExpanded(volumeId, node, r);
        }
    }

    /** The options of NodeStageVolume and NodePublishVolume that say how the volume is used: volume_capability and publish_context. */
    static final class UseOptions {
        @Option(names = "--access-mode", paramLabel = "MODE", defaultValue = "SINGLE_NODE_WRITER",
                description = "Access mode of the volume_capability (default ${DEFAULT-VALUE}).")
        String accessMode;

        @Option(names = "--access-type", paramLabel = "TYPE", defaultValue = "mount", description = "mount or block (default ${DEFAULT-VALUE}).")
        String accessType;

        @Option(names = "--fs-type", paramLabel = "FS", defaultValue = "", description = "File system of a mount volume; empty for the driver's default.")
        String fsType;

        @Option(names = "--mount-flag", paramLabel = "FLAG", description = "A mount flag of a mount volume (volume_capability.mount.mount_flags), repeatable.")
        List<String> mountFlags = new ArrayList<>();

        @Option(names = "--publish-context", paramLabel = "KEY=VALUE",
                description = "An entry of the publish_context that publish (ControllerPublishVolume) printed, repeatable.")
        Map<String, String> publishContext = new LinkedHashMap<>();

        VolumeCapability capability() {
            return CsiMutations.capability(accessType, accessMode, fsType, mountFlags);
        }
    }

    @Command(name = "stage", mixinStandardHelpOptions = true,
            description = {"Stage a volume on the node (NodeStageVolume; needs the node capability STAGE_UNSTAGE_VOLUME): the node "
                    + "attaches it at --staging-target-path, as the workbench's Node > Stage on this node does.",
                    "On a node plugin reached by a unix socket (this machine), the staging directory is created first when missing, as a "
                            + "CO does, and removed again if the call fails. Pass the publish_context that publish printed."})
    static final class StageCommand extends CsiMutations.MutatingCommand {
        @Option(names = "--volume-id", required = true, paramLabel = "ID", description = "volume_id of the volume to stage.")
        String volumeId;

        @Option(names = "--staging-target-path", required = true, paramLabel = "PATH",
                description = "staging_target_path: the absolute path on the node to stage it at.")
        String stagingTargetPath;

        @Mixin
        UseOptions use;

        private VolumeCapability capability;

        StageCommand(Function<String, String> env) {
            super(env);
        }

        @Override
        void check() {
            requireVolumeAndPath(volumeId, "--staging-target-path", stagingTargetPath);
            capability = use.capability();
        }

        @Override
        void run(CsiClient client, CsiOutput ignored) throws Exception {
            require(client, CsiRpc.NODE_STAGE_VOLUME, "NodeStageVolume " + volumeId);
            String node = client.node().nodeInfo().get().nodeId();
            String path = stagingTargetPath.strip();
            // core decides, as for the workbench's Node menu: a volume is staged once per node
            org.csiconsole.core.risk.IllegalCall staged = RiskModel.stageRefusal(VolumeFacts.readOnNode(client, volumeId, record, node), node);
            if (staged != null) {
                throw RiskConsent.usage("Stage volume " + volumeId + " on node " + node,
                        "not sent: " + staged.reason() + (staged.spec().isEmpty() ? "" : " (" + staged.spec() + ")"), staged.nextStep());
            }
            storage(client).nodeStage(new NodeTarget(volumeId, path, "", capability, use.publishContext, false), secrets).get();
            output().done(ids(volumeId, node, "stagingTargetPath", path), "staged",
                    "Staged volume " + volumeId + " on node " + node + " at " + path + ".");
        }
    }

    @Command(name = "node-publish", mixinStandardHelpOptions = true,
            description = {"Publish a volume on the node (NodePublishVolume): the node makes it available at --target-path, as the "
                    + "workbench's Node > Publish on this node does; give --staging-target-path where the node stages "
                    + "(STAGE_UNSTAGE_VOLUME).",
                    "On a node plugin reached by a unix socket (this machine), the parent directory of the target path is created first "
                            + "when missing, as a CO does. Pass the publish_context that publish printed."})
    static final class NodePublishCommand extends CsiMutations.MutatingCommand {
        @Option(names = "--volume-id", required = true, paramLabel = "ID", description = "volume_id of the volume to publish on the node.")
        String volumeId;

        @Option(names = "--target-path", required = true, paramLabel = "PATH", description = "target_path: the absolute path to make it available at.")
        String targetPath;

        @Option(names = "--staging-target-path", paramLabel = "PATH", defaultValue = "",
                description = "staging_target_path it was staged at (stage); leave out when the node does not stage.")
        String stagingTargetPath;

        @Option(names = "--readonly", description = "Publish read-only on the node.")
        boolean readonly;

        @Mixin
        UseOptions use;

        private VolumeCapability capability;

        NodePublishCommand(Function<String, String> env) {
            super(env);
        }

        @Override
        void check() {
            requireVolumeAndPath(volumeId, "--target-path", targetPath);
            if (!stagingTargetPath.isBlank()) requirePath("--staging-target-path", stagingTargetPath);
            capability = use.capability();
        }

        @Override
        void run(CsiClient client, CsiOutput ignored) throws Exception {
            require(client, CsiRpc.NODE_PUBLISH_VOLUME, "NodePublishVolume " + volumeId);
            String node = client.node().nodeInfo().get().nodeId();
            String path = targetPath.strip();
            storage(client).nodePublish(new NodeTarget(volumeId, stagingTargetPath.strip(), path, capability, use.publishContext, readonly),
                    secrets).get();
            output().done(ids(volumeId, node, "targetPath", path), "published",
                    "Published volume " + volumeId + " on node " + node + " at " + path + (readonly ? " (read-only)." : "."));
        }
    }

    @Command(name = "node-unpublish", mixinStandardHelpOptions = true,
            description = {"Unpublish a volume on the node (NodeUnpublishVolume): the workload using it at --target-path loses its mount.",
                    "Reads the node's node_id (NodeGetInfo), what the driver reports and what this console's own calls left on the node, "
                            + "and prints what core's risk assessment finds; a target path where the volume is not known published is "
                            + "not sent (the driver would answer OK and change nothing, or unmount another volume).",
                    "On a terminal, type the volume's name (its volume_id when the driver reports no name) to confirm; without a "
                            + "terminal, pass --yes=<name-or-volume_id>."})
    static final class NodeUnpublishCommand extends CsiMutations.MutatingCommand {
        @Option(names = "--volume-id", required = true, paramLabel = "ID", description = "volume_id of the published volume.")
        String volumeId;

        @Option(names = "--target-path", required = true, paramLabel = "PATH", description = "target_path it was published at (NodePublishVolume).")
        String targetPath;

        @Option(names = "--yes", paramLabel = "NAME", description = "Confirm without a terminal: the volume's name or volume_id, exactly.")
        String yes;

        @Option(names = "--override", description = "Send it although this console's own record does not know the volume published at "
                + "--target-path (another orchestrator may have published it there); needs the name typed or --yes, and is audited "
                + "as an override.")
        boolean override;

        private final RiskConsent risk;

        NodeUnpublishCommand(Function<String, String> env, Supplier<Optional<ConsoleTerminal>> terminal) {
            super(env);
            this.risk = RiskConsent.on(terminal);
        }

        @Override
        void check() {
            requireVolumeAndPath(volumeId, "--target-path", targetPath);
            risk.requireTerminalOrYes(RiskOperation.NODE_UNPUBLISH, TargetFacts.of("volume", volumeId, ""), yes());
        }

        private List<String> yes() {
            return yes == null ? List.of() : List.of(yes);
        }

        @Override
        void run(CsiClient client, CsiOutput ignored) throws Exception {
            require(client, CsiRpc.NODE_UNPUBLISH_VOLUME, "NodeUnpublishVolume " + volumeId);
            String node = client.node().nodeInfo().get().nodeId();
            String path = targetPath.strip();
            TargetFacts facts = VolumeFacts.readOnNode(client, volumeId, record, node);
            Map<String, String> sends = new LinkedHashMap<>();
            sends.put("volume_id", volumeId);
            sends.put(RiskModel.TARGET_PATH, path);
            Assessment a = risk.assess(RiskRequest.of(RiskOperation.NODE_UNPUBLISH, List.of(facts), Instant.now()).onNode(node).sending(sends)
                    .on(RiskConsent.connection(env, client)));
            overriding = risk.confirm(a, yes(), override, spec.commandLine().getErr()).override();
            client.node().nodeUnpublish(volumeId, path).get();
            // NodeUnpublishVolume answers OK for a path with nothing published (CSI spec): claim it only where it was known
            boolean known = facts.placements(Placement.Kind.NODE_PUBLISHED, node).stream().anyMatch(p -> p.path().equals(path));
            output().done(ids(volumeId, node, "targetPath", path), "unpublished", known
                    ? "Unpublished volume " + volumeId + " on node " + node + " from " + path + "."
                    : "NodeUnpublishVolume of volume " + volumeId + " on node " + node + ": the driver answered OK for " + path
                    + "; this console did not know the volume published there.");
        }
    }

    /**
     * The storage adapter the workbench's node calls go through, over {@code client}: it builds the requests, and creates the
     * CO's directories first when the node plugin is on this machine (a unix socket), as the workbench's connection does.
     */
    private static CsiStorage storage(CsiClient client) {
        boolean local = client.nodeEndpoint().orElse(client.endpoint()) instanceof Endpoint.Unix;
        return new CsiStorage(client, true, null, local ? new NodeDirectories() : null);
    }

    private static Map<String, String> ids(String volumeId, String nodeId, String pathKey, String path) {
        Map<String, String> ids = new LinkedHashMap<>();
        ids.put("volumeId", volumeId);
        ids.put("nodeId", nodeId);
        ids.put(pathKey, path);
        return ids;
    }

    private static void requirePath(String option, String path) {
        if (path.isBlank()) throw CsiMutations.usage("Read " + option, "the path is empty", "Give the absolute path on the node");
        if (!path.strip().startsWith("/")) {
            throw CsiMutations.usage("Read " + option, "'" + path + "' is not an absolute path", "Give the absolute path on the node (start with /)");
        }
    }

    private static void requireVolumeAndPath(String volumeId, String option, String path) {
        if (volumeId.isBlank()) throw CsiMutations.usage("Read --volume-id", "the volume_id is empty", "Give the volume_id");
        requirePath(option, path);
    }

    /**
     * Fails without sending when the plugin does not advertise {@code rpc} (its controller or node capability).
     *
     * @throws CallFailure UNSUPPORTED with the client's reason
     */
    static void require(CsiClient client, CsiRpc rpc, String what) throws Exception {
        Optional<String> why = client.unsupportedReason(rpc).get();
        if (why.isPresent()) {
            throw new CallFailure(FailureKind.UNSUPPORTED, what, why.get(), "Use a plugin that advertises it (" + rpc.service()
                    + "GetCapabilities)", "");
        }
    }
}
