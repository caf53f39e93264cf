package org.csiconsole.app.cli;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.csi.CreateVolumeRequest;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiRpc;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.AccessType;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.ExpandVolumeResult;
import org.csiconsole.core.model.Topology;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.model.VolumeSource;
import org.csiconsole.core.risk.Assessment;
import org.csiconsole.core.risk.RiskModel;
import org.csiconsole.core.risk.RiskOperation;
import org.csiconsole.core.risk.RiskRequest;
import org.csiconsole.core.risk.TargetFacts;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;

/** {@code create-volume}, {@code delete-volume} and {@code expand}: the volume commands of {@link CsiMutations}. */
final class VolumeMutations {
    /** Longest create name sent, in bytes (CSI spec, "Size Limits": names up to 128 bytes). */
    static final int MAX_NAME_BYTES = 128;

    private VolumeMutations() {
    }

    @Command(name = "create-volume", mixinStandardHelpOptions = true,
            description = {"Create a volume (CreateVolume; needs CREATE_DELETE_VOLUME) and print it: volume_id, capacity_bytes, "
                    + "volume_context, accessible_topology.",
                    "The name makes the request safe to repeat: a second create with the same name and options returns the same volume."})
    static final class CreateVolumeCommand extends CsiMutations.MutatingCommand {
        @Option(names = "--name", required = true, paramLabel = "NAME", description = "The create name (idempotency key), at most 128 bytes.")
        String name;

        @Option(names = "--size", required = true, paramLabel = "SIZE",
                description = "capacity_range.required_bytes: 10GiB, 500G, 1.5TiB or bytes.")
        String size;

        @Option(names = "--access-mode", paramLabel = "MODE", description = "Access mode, repeatable for one capability per mode "
                + "(default SINGLE_NODE_WRITER): SINGLE_NODE_WRITER, SINGLE_NODE_READER_ONLY, MULTI_NODE_READER_ONLY, "
                + "MULTI_NODE_SINGLE_WRITER, MULTI_NODE_MULTI_WRITER, SINGLE_NODE_SINGLE_WRITER, SINGLE_NODE_MULTI_WRITER.")
        List<String> accessModes = new ArrayList<>();

        @Option(names = "--access-type", paramLabel = "TYPE", defaultValue = "mount", description = "mount or block (default ${DEFAULT-VALUE}).")
        String accessType;

        @Option(names = "--fs-type", paramLabel = "FS", defaultValue = "",
                description = "File system of a mount volume (e.g. ext4, xfs); empty for the driver's default.")
        String fsType;

        @Option(names = "--parameter", paramLabel = "KEY=VALUE", description = "A create parameter (StorageClass parameter), repeatable.")
        Map<String, String> parameters = new LinkedHashMap<>();

        @Option(names = "--mutable-parameter", paramLabel = "KEY=VALUE",
                description = "A parameter ControllerModifyVolume may change later, repeatable; needs MODIFY_VOLUME.")
        Map<String, String> mutableParameters = new LinkedHashMap<>();

        @Option(names = "--from-snapshot", paramLabel = "SNAPSHOT_ID", description = "Create from this snapshot (content source).")
        String fromSnapshot;

        @Option(names = "--from-volume", paramLabel = "VOLUME_ID", description = "Clone this volume (content source); needs CLONE_VOLUME.")
        String fromVolume;

        @Option(names = "--topology", paramLabel = "KEY=VALUE[,KEY=VALUE]",
                description = "A topology the volume must be accessible from (accessibility_requirements.requisite), repeatable, "
                        + "e.g. topology.csi-console.org/site=site-a.")
        List<String> topologies = new ArrayList<>();

        private CreateVolumeRequest request;

        CreateVolumeCommand(Function<String, String> env) {
            super(env);
        }

        @Override
        void check() {
            if (name.isBlank()) throw CsiMutations.usage("Read --name", "the name is empty", "Give the volume a name, e.g. --name pvc-data");
            if (name.getBytes(StandardCharsets.UTF_8).length > MAX_NAME_BYTES) {
                throw CsiMutations.usage("Read --name", "the name is " + name.getBytes(StandardCharsets.UTF_8).length
                        + " bytes; CSI names are at most " + MAX_NAME_BYTES, "Give a shorter name");
            }
            long bytes = CsiMutations.size("--size", size);
            AccessType type = CsiMutations.accessType(accessType);
            if (type == AccessType.BLOCK && !fsType.isBlank()) {
                throw CsiMutations.usage("Read --fs-type", "a block volume has no file system", "Leave out --fs-type, or use --access-type mount");
            }
            if (fromSnapshot != null && fromVolume != null) {
                throw CsiMutations.usage("Read --from-snapshot/--from-volume", "a volume has one content source",
                        "Give either --from-snapshot or --from-volume");
            }
            List<VolumeCapability> caps = new ArrayList<>();
            for (String m : accessModes.isEmpty() ? List.of(AccessMode.SINGLE_NODE_WRITER.name()) : accessModes) {
                AccessMode mode = CsiMutations.accessMode(m);
                caps.add(type == AccessType.BLOCK ? VolumeCapability.block(mode) : VolumeCapability.mount(mode, fsType.strip()));
            }
            List<Topology> requisite = topologies.stream().map(CsiMutations::topology).toList();
            VolumeSource source = fromSnapshot != null ? VolumeSource.snapshot(fromSnapshot)
                    : fromVolume != null ? VolumeSource.volume(fromVolume) : VolumeSource.NONE;
            request = new CreateVolumeRequest(name, bytes, 0, caps, parameters, mutableParameters, null, source, requisite, null);
        }

        @Override
        void run(CsiClient client, CsiOutput ignored) throws Exception {
            if (!request.mutableParameters().isEmpty()) {
                CsiMutations.require(client, ControllerCapability.MODIFY_VOLUME, "CreateVolume " + name, "--mutable-parameter");
            }
            if (request.source().kind() == VolumeSource.Kind.VOLUME) {
                CsiMutations.require(client, ControllerCapability.CLONE_VOLUME, "CreateVolume " + name, "--from-volume");
            }
            Volume v = client.controller().createVolume(request.withSecrets(secrets)).get();
            output().volume(v);
        }
    }

    @Command(name = "delete-volume", mixinStandardHelpOptions = true,
            description = {"Delete a volume (DeleteVolume; needs CREATE_DELETE_VOLUME). This cannot be undone.",
                    "Reads the volume first and prints what core's risk assessment finds (size, the nodes it is published to, "
                            + "by the driver's report and by this console's own calls). A volume still published is not deleted.",
                    "On a terminal, type the volume's name (its volume_id when the driver reports no name) to confirm; "
                            + "without a terminal, pass --yes=<name-or-volume_id>.",
                    "A volume ControllerGetVolume no longer finds is not deleted again: it is reported already deleted, recorded "
                            + "in the audit log as not sent, and the command exits 2."})
    static final class DeleteVolumeCommand extends CsiMutations.MutatingCommand {
        @Option(names = "--volume-id", required = true, paramLabel = "ID", description = "volume_id of the volume to delete.")
        String volumeId;

        @Option(names = "--yes", paramLabel = "NAME", description = "Confirm without a terminal: the volume's name or volume_id, exactly.")
        String yes;

        @Option(names = "--override", description = "Send it although this console's own record says the volume is still published "
                + "(another orchestrator may have unpublished it); needs the name typed or --yes, and is audited as an override.")
        boolean override;

        private final RiskConsent risk;

        DeleteVolumeCommand(Function<String, String> env, Supplier<Optional<ConsoleTerminal>> terminal) {
            super(env);
            this.risk = RiskConsent.on(terminal);
        }

        @Override
        void check() {
            if (volumeId.isBlank()) throw CsiMutations.usage("Read --volume-id", "the volume_id is empty", "Give the volume_id to delete");
            risk.requireTerminalOrYes(RiskOperation.DELETE_VOLUME, TargetFacts.of("volume", volumeId, ""), yes());
        }

        private List<String> yes() {
            return yes == null ? List.of() : List.of(yes);
        }

        @Override
        void run(CsiClient client, CsiOutput ignored) throws Exception {
            if (client.capabilities().get().has(ControllerCapability.GET_VOLUME) && FoundGone.by(() -> client.controller().getVolume(volumeId).get())) {
                org.csiconsole.core.record.ConsoleBook book = record == null ? org.csiconsole.core.record.ConsoleBook.inMemory(client.endpoint().text())
                        : record.book(client.endpoint().text());
                Volume known = book.named(Volume.csi(volumeId, 0));
                Assessment a = risk.assess(RiskRequest.of(RiskOperation.DELETE_VOLUME, List.of(TargetFacts.of("volume", volumeId, known.name())),
                        Instant.now()).on(RiskConsent.connection(env, client)));
                FoundGone.refuse(client, risk, a, volumeId, known.displayName(), override, spec.commandLine().getErr());
            }
            TargetFacts facts = VolumeFacts.read(client, volumeId, record).withSnapshots(VolumeFacts.snapshotsOf(client, volumeId),
                    record == null ? org.csiconsole.core.record.ConsoleBook.inMemory(client.endpoint().text()) : record.book(client.endpoint().text()));
            Assessment a = risk.assess(RiskRequest.of(RiskOperation.DELETE_VOLUME, List.of(facts), Instant.now()).on(RiskConsent.connection(env, client)));
            overriding = risk.confirm(a, yes(), override, spec.commandLine().getErr()).override();
            client.controller().deleteVolume(volumeId, secrets).get();
            output().done(Map.of("volumeId", volumeId), "deleted", "Deleted volume " + volumeId + ".");
        }
    }

    @Command(name = "expand", mixinStandardHelpOptions = true,
            description = {"Grow a volume (ControllerExpandVolume; needs EXPAND_VOLUME) and print its new capacity_bytes "
                    + "and whether NodeExpandVolume must still run on the node.",
                    "Reads the volume first and prints what core's risk assessment finds; a size not larger than its capacity "
                            + "is not sent (CSI has no shrink). Running the command is the confirmation."})
    static final class ExpandCommand extends CsiMutations.MutatingCommand {
        @Option(names = "--volume-id", required = true, paramLabel = "ID", description = "volume_id of the volume to grow.")
        String volumeId;

        @Option(names = "--size", required = true, paramLabel = "SIZE",
                description = "The new size, capacity_range.required_bytes: 20GiB, 500G or bytes.")
        String size;

        private long bytes;
        private final RiskConsent risk;

        ExpandCommand(Function<String, String> env, Supplier<Optional<ConsoleTerminal>> terminal) {
            super(env);
            this.risk = RiskConsent.on(terminal);
        }

        @Override
        void check() {
            if (volumeId.isBlank()) throw CsiMutations.usage("Read --volume-id", "the volume_id is empty", "Give the volume_id to grow");
            bytes = CsiMutations.size("--size", size);
        }

        @Override
        void run(CsiClient client, CsiOutput ignored) throws Exception {
            TargetFacts facts = VolumeFacts.read(client, volumeId, record).withMaximum(maximum(client, spec.commandLine().getErr()));
            Map<String, String> sends = new LinkedHashMap<>();
            sends.put("volume_id", volumeId);
            sends.put(RiskModel.REQUIRED_BYTES, Long.toString(bytes));
            risk.confirm(risk.assess(RiskRequest.of(RiskOperation.EXPAND, List.of(facts), Instant.now()).sending(sends).on(RiskConsent.connection(env, client))),
                    List.of(), false, spec.commandLine().getErr());
            ExpandVolumeResult r = client.controller().expandVolume(volumeId, bytes, 0, null, secrets).get();
            output().expanded(volumeId, r);
        }
    }

    @Command(name = "modify-volume", mixinStandardHelpOptions = true,
            description = {"Change mutable parameters of a volume in place (ControllerModifyVolume; needs MODIFY_VOLUME), as the "
                    + "workbench's Modify does.",
                    "Reads the volume first and prints what core's risk assessment finds with the exact request "
                            + "(volume_id and each mutable_parameters entry). Running the command is the confirmation."})
    static final class ModifyVolumeCommand extends CsiMutations.MutatingCommand {
        @Option(names = "--volume-id", required = true, paramLabel = "ID", description = "volume_id of the volume to modify.")
        String volumeId;

        @Option(names = "--mutable-parameter", required = true, paramLabel = "KEY=VALUE",
                description = "A mutable parameter to set (ControllerModifyVolumeRequest.mutable_parameters), repeatable; "
                        + "the driver defines the keys (those it took at create-volume --mutable-parameter).")
        Map<String, String> mutableParameters = new LinkedHashMap<>();

        private final RiskConsent risk;

        ModifyVolumeCommand(Function<String, String> env, Supplier<Optional<ConsoleTerminal>> terminal) {
            super(env);
            this.risk = RiskConsent.on(terminal);
        }

        @Override
        void check() {
            if (volumeId.isBlank()) throw CsiMutations.usage("Read --volume-id", "the volume_id is empty", "Give the volume_id to modify");
            mutableParameters.forEach((k, v) -> {
                if (k.isBlank()) {
                    throw CsiMutations.usage("Read --mutable-parameter =" + v, "the key is empty", "Give KEY=VALUE, e.g. --mutable-parameter iops=5000");
                }
            });
        }

        @Override
        void run(CsiClient client, CsiOutput ignored) throws Exception {
            NodeMutations.require(client, CsiRpc.CONTROLLER_MODIFY_VOLUME, "ControllerModifyVolume " + volumeId);
            TargetFacts facts = VolumeFacts.read(client, volumeId, record);
            risk.confirm(risk.assess(RiskRequest.of(RiskOperation.MODIFY, List.of(facts), Instant.now())
                            .sending(RiskModel.modifySends(volumeId, mutableParameters)).on(RiskConsent.connection(env, client))),
                    List.of(), false, spec.commandLine().getErr());
            client.controller().modifyVolume(volumeId, mutableParameters, secrets).get();
            output().modified(volumeId, mutableParameters);
        }
    }

    /**
     * The largest volume the plugin provisions, as the GUI reads it for an expand: GetCapacity's
     * {@code maximum_volume_size} ({@link TargetFacts#maximumVolumeSize}) when the driver advertises GET_CAPACITY; 0 when
     * it does not; {@link TargetFacts#MAXIMUM_UNREAD} when the read fails (the assessment notes it, and the failure is
     * printed on stderr; the expand is not refused for it).
     */
    static long maximum(CsiClient client, java.io.PrintWriter err) throws Exception {
        if (!client.capabilities().get().has(ControllerCapability.GET_CAPACITY)) return 0;
        try {
            return TargetFacts.maximumVolumeSize(List.of(client.controller().getCapacity(List.of(), Map.of(), null).get()));
        } catch (Exception e) {
            CallFailure f = CallFailure.unwrap(e);
            if (f == null) throw e;
            err.println(f.getMessage());
            return TargetFacts.MAXIMUM_UNREAD;
        }
    }

    /**
     * The volume as ControllerGetVolume reports it, when the driver advertises GET_VOLUME; empty when it
     * does not, or when the volume does not exist (NOT_FOUND). Any other failure is thrown.
     */
    static Optional<Volume> read(CsiClient client, String volumeId) throws Exception {
        if (!client.capabilities().get().has(ControllerCapability.GET_VOLUME)) return Optional.empty();
        try {
            return Optional.of(client.controller().getVolume(volumeId).get());
        } catch (Exception e) {
            CallFailure f = CallFailure.unwrap(e);
            if (f != null && f.kind() == FailureKind.NOT_FOUND) return Optional.empty();
            throw e;
        }
    }

}
