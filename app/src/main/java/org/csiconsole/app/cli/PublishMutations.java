package org.csiconsole.app.cli;

import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.risk.Assessment;
import org.csiconsole.core.risk.RiskModel;
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

/** {@code publish} and {@code unpublish}: ControllerPublishVolume and ControllerUnpublishVolume, of {@link CsiMutations}. */
final class PublishMutations {
    private PublishMutations() {
    }

    @Command(name = "publish", mixinStandardHelpOptions = true,
            description = {"Make a volume available on a node (ControllerPublishVolume; needs PUBLISH_UNPUBLISH_VOLUME) "
                    + "and print the publish_context to pass to NodeStageVolume / NodePublishVolume.",
                    "The volume_context is read with ControllerGetVolume when the driver advertises GET_VOLUME.",
                    "Prints what core's risk assessment finds first; a volume published to another node (as the driver reports, or "
                            + "as this console's record of its own publish says) is not published again with a single-node access mode."})
    static final class PublishCommand extends CsiMutations.MutatingCommand {
        @Option(names = "--volume-id", required = true, paramLabel = "ID", description = "volume_id of the volume to publish.")
        String volumeId;

        @Option(names = "--node-id", required = true, paramLabel = "NODE_ID", description = "node_id of the node, as NodeGetInfo reports it.")
        String nodeId;

        @Option(names = "--access-mode", paramLabel = "MODE", defaultValue = "SINGLE_NODE_WRITER",
                description = "Access mode of the volume_capability (default ${DEFAULT-VALUE}).")
        String accessMode;

        @Option(names = "--access-type", paramLabel = "TYPE", defaultValue = "mount", description = "mount or block (default ${DEFAULT-VALUE}).")
        String accessType;

        @Option(names = "--fs-type", paramLabel = "FS", defaultValue = "", description = "File system of a mount volume; empty for the driver's default.")
        String fsType;

        @Option(names = "--readonly", description = "Publish read-only; needs PUBLISH_READONLY.")
        boolean readonly;

        @Option(names = "--yes", paramLabel = "NAME", description = "With --override: the volume's name or volume_id, exactly.")
        String yes;

        @Option(names = "--override", description = "Send it although this console's own record says the volume is published to "
                + "another node (another orchestrator may have undone that); needs --yes, and is audited as an override.")
        boolean override;

        private VolumeCapability capability;
        private final RiskConsent risk;

        PublishCommand(Function<String, String> env, Supplier<Optional<ConsoleTerminal>> terminal) {
            super(env);
            this.risk = RiskConsent.on(terminal);
        }

        @Override
        void check() {
            requireIds(volumeId, nodeId);
            capability = CsiMutations.capability(accessType, accessMode, fsType, List.of());
        }

        @Override
        void run(CsiClient client, CsiOutput ignored) throws Exception {
            if (readonly) {
                CsiMutations.require(client, ControllerCapability.PUBLISH_READONLY, "ControllerPublishVolume " + volumeId, "--readonly");
            }
            Map<String, String> sends = new LinkedHashMap<>();
            sends.put("volume_id", volumeId);
            sends.put("node_id", nodeId);
            sends.put(RiskModel.ACCESS_MODE, capability.accessMode().name());
            Assessment a = risk.assess(RiskRequest.of(RiskOperation.CONTROLLER_PUBLISH, List.of(VolumeFacts.read(client, volumeId, record)),
                    Instant.now()).onNode(nodeId).sending(sends).on(RiskConsent.connection(env, client)));
            overriding = risk.confirm(a, yes == null ? List.of() : List.of(yes), override, spec.commandLine().getErr()).override();
            Map<String, String> volumeContext = VolumeMutations.read(client, volumeId).map(Volume::volumeContext).orElse(Map.of());
            Map<String, String> context = client.controller().controllerPublish(volumeId, nodeId, capability, readonly, secrets,
                    volumeContext).get();
            output().published(volumeId, nodeId, readonly, context);
        }
    }

    @Command(name = "unpublish", mixinStandardHelpOptions = true,
            description = {"Take a volume away from a node (ControllerUnpublishVolume; needs PUBLISH_UNPUBLISH_VOLUME). "
                    + "The node loses access to the volume.",
                    "Reads the volume first and prints what core's risk assessment finds; a volume still staged or published on "
                            + "that node is not unpublished from the controller.",
                    "On a terminal, type the volume's name (its volume_id when the driver reports no name) to confirm; "
                            + "without a terminal, pass --yes=<name-or-volume_id>."})
    static final class UnpublishCommand extends CsiMutations.MutatingCommand {
        @Option(names = "--volume-id", required = true, paramLabel = "ID", description = "volume_id of the published volume.")
        String volumeId;

        @Option(names = "--node-id", required = true, paramLabel = "NODE_ID", description = "node_id of the node to take it from.")
        String nodeId;

        @Option(names = "--yes", paramLabel = "NAME", description = "Confirm without a terminal: the volume's name or volume_id, exactly.")
        String yes;

        @Option(names = "--override", description = "Send it although this console's own record says the volume is still staged or "
                + "published on the node (another orchestrator may have undone that); needs the name typed or --yes, and is audited "
                + "as an override.")
        boolean override;

        private final RiskConsent risk;

        UnpublishCommand(Function<String, String> env, Supplier<Optional<ConsoleTerminal>> terminal) {
            super(env);
            this.risk = RiskConsent.on(terminal);
        }

        @Override
        void check() {
            requireIds(volumeId, nodeId);
            risk.requireTerminalOrYes(RiskOperation.CONTROLLER_UNPUBLISH, TargetFacts.of("volume", volumeId, ""), yes());
        }

        private List<String> yes() {
            return yes == null ? List.of() : List.of(yes);
        }

        @Override
        void run(CsiClient client, CsiOutput ignored) throws Exception {
            TargetFacts facts = VolumeFacts.read(client, volumeId, record);
            Assessment a = risk.assess(RiskRequest.of(RiskOperation.CONTROLLER_UNPUBLISH, List.of(facts), Instant.now()).onNode(nodeId)
                    .on(RiskConsent.connection(env, client)));
            overriding = risk.confirm(a, yes(), override, spec.commandLine().getErr()).override();
            client.controller().controllerUnpublish(volumeId, nodeId, secrets).get();
            Map<String, String> ids = new LinkedHashMap<>();
            ids.put("volumeId", volumeId);
            ids.put("nodeId", nodeId);
            output().done(ids, "unpublished", "Unpublished volume " + volumeId + " from node " + nodeId + ".");
        }
    }

    private static void requireIds(String volumeId, String nodeId) {
        if (volumeId.isBlank()) throw CsiMutations.usage("Read --volume-id", "the volume_id is empty", "Give the volume_id");
        if (nodeId.isBlank()) {
            throw CsiMutations.usage("Read --node-id", "the node_id is empty", "Give the node_id NodeGetInfo reports (csi-console node)");
        }
    }
}
