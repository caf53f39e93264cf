package org.csiconsole.app.cli;

import org.csiconsole.core.audit.AuditRecord;
import org.csiconsole.core.audit.AuditSink;
import org.csiconsole.core.record.ConsoleRecords;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.AccessType;
import org.csiconsole.core.model.ByteSize;
import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.Topology;
import org.csiconsole.core.model.VolumeCapability;
import picocli.CommandLine.Mixin;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.stream.Collectors;

/**
 * The mutating CSI commands of {@code csi-console}: {@code create-volume}, {@code delete-volume},
 * {@code expand}, {@code modify-volume}, {@code publish}, {@code unpublish}, {@code snapshot}, {@code delete-snapshot},
 * {@code group-snapshot}, {@code delete-group-snapshot}, and on the node {@code stage}, {@code node-publish},
 * {@code node-unpublish}, {@code unstage} and {@code node-expand} ({@link VolumeMutations}, {@link PublishMutations},
 * {@link SnapshotMutations}, {@link GroupSnapshotMutations}, {@link NodeMutations}). They share the
 * options of the read commands ({@link CsiEndpointOptions}), read secrets through
 * {@link SecretsFileOption}, check every input before connecting, and make their calls through
 * {@link CsiClient#controller()}, so every call has the client's deadline, retry, per-volume lock
 * and trace. The destructive ones render core's risk assessment and collect
 * the consent it names ({@link RiskConsent}).
 */
public final class CsiMutations {
    private CsiMutations() {
    }

    /** The commands, reading {@code CSI_ENDPOINT} and {@code CSI_SECRETS_FILE} through {@code env}, confirming on this process's terminal. */
    public static List<Object> all(Function<String, String> env) {
        return all(env, ConsoleTerminal::system);
    }

    /** The commands on this process's terminal; every change they make is audited into {@code audit}. */
    public static List<Object> all(Function<String, String> env, AuditSink audit) {
        return all(env, ConsoleTerminal::system).stream()
                .<Object>map(c -> ((MutatingCommand) c).recordIn(audit)).toList();
    }

    /** The commands, confirming destructive ones on {@code terminal} (empty: no terminal). */
    static List<Object> all(Function<String, String> env, Supplier<Optional<ConsoleTerminal>> terminal) {
        return List.of(new VolumeMutations.CreateVolumeCommand(env), new VolumeMutations.DeleteVolumeCommand(env, terminal),
                new VolumeMutations.ExpandCommand(env, terminal), new PublishMutations.PublishCommand(env, terminal),
                new PublishMutations.UnpublishCommand(env, terminal), new SnapshotMutations.SnapshotCommand(env),
                new SnapshotMutations.DeleteSnapshotCommand(env, terminal), new NodeMutations.UnstageCommand(env, terminal),
                new NodeMutations.NodeExpandCommand(env, terminal), new NodeMutations.StageCommand(env),
                new NodeMutations.NodePublishCommand(env), new NodeMutations.NodeUnpublishCommand(env, terminal),
                new VolumeMutations.ModifyVolumeCommand(env, terminal), new GroupSnapshotMutations.CreateCommand(env),
                new GroupSnapshotMutations.DeleteCommand(env, terminal));
    }

    /** A mutating command: its input is checked and its secrets read before it connects. */
    abstract static class MutatingCommand extends CsiCommands.Base {
        @Mixin
        SecretsFileOption secretsOption;

        Secrets secrets = Secrets.NONE;

        /** The console's record its own earlier calls are read from (the facts of a risk assessment); null when none is kept. */
        ConsoleRecords record;

        /** Set once the person consented to send a refused call anyway: its audit record is then marked as an override. */
        boolean overriding;

        MutatingCommand(Function<String, String> env) {
            super(env);
        }

        /** Audits into {@code sink}; when it also keeps the console's record, reads this console's own calls from it. */
        MutatingCommand recordIn(AuditSink sink) {
            auditInto(sink);
            if (sink instanceof ConsoleRecords r) record = r;
            return this;
        }

        @Override
        AuditRecord marked(AuditRecord r) {
            return overriding ? r.asOverride() : r;
        }

        /** Checks the options; throws a {@link CallFailure} INVALID_ARGUMENT before anything is sent. */
        void check() {
        }

        @Override
        public Integer call() throws Exception {
            check();
            secrets = secretsOption.read(env);
            return super.call();
        }

        MutationOutput output() {
            return new MutationOutput(spec.commandLine().getOut(), o.output);
        }
    }

    /**
     * A size option in bytes: {@code 10GiB}, {@code 10G}, {@code 10737418240} ({@link ByteSize#parse}).
     *
     * @throws CallFailure INVALID_ARGUMENT for a malformed size, 0, or more than {@link Long#MAX_VALUE}
     *     bytes (csi.proto {@code CapacityRange} is int64)
     */
    static long size(String option, String text) {
        long bytes;
        try {
            bytes = ByteSize.parse(text);
        } catch (IllegalArgumentException e) {
            throw usage("Read " + option, e.getMessage(), "Give a size such as 10GiB, 500G or 4096 (bytes)");
        }
        if (bytes <= 0) throw usage("Read " + option, "the size must be more than 0 bytes", "Give a size such as 10GiB");
        return bytes;
    }

    /** An access mode by its csi.proto name, any case, {@code -} or {@code _}: {@code single-node-writer}. */
    static AccessMode accessMode(String text) {
        String n = text.strip().toUpperCase(Locale.ROOT).replace('-', '_');
        for (AccessMode m : AccessMode.values()) {
            if (m != AccessMode.UNKNOWN && m.name().equals(n)) return m;
        }
        throw usage("Read --access-mode", "'" + text + "' is not a CSI access mode", "Use one of " + Arrays.stream(AccessMode.values())
                .filter(m -> m != AccessMode.UNKNOWN).map(Enum::name).collect(Collectors.joining(", ")));
    }

    /** {@code mount} or {@code block}, any case. */
    static AccessType accessType(String text) {
        return switch (text.strip().toLowerCase(Locale.ROOT)) {
            case "mount" -> AccessType.MOUNT;
            case "block" -> AccessType.BLOCK;
            default -> throw usage("Read --access-type", "'" + text + "' is not an access type", "Use mount or block");
        };
    }

    /**
     * The volume_capability of a publish, stage or node publish: {@code --access-type} (mount or block),
     * {@code --access-mode}, and for a mount volume {@code --fs-type} and {@code --mount-flag}s.
     *
     * @throws CallFailure INVALID_ARGUMENT for an unknown type or mode, or a file system or mount flags on a block volume
     */
    static VolumeCapability capability(String accessType, String accessMode, String fsType, List<String> mountFlags) {
        AccessType type = accessType(accessType);
        if (type == AccessType.BLOCK && (!fsType.isBlank() || !mountFlags.isEmpty())) {
            throw usage("Read " + (fsType.isBlank() ? "--mount-flag" : "--fs-type"), "a block volume has no file system to mount",
                    "Leave out --fs-type and --mount-flag, or use --access-type mount");
        }
        return type == AccessType.BLOCK ? VolumeCapability.block(accessMode(accessMode))
                : new VolumeCapability(AccessType.MOUNT, accessMode(accessMode), fsType.strip(), List.copyOf(mountFlags));
    }

    /** One topology segment map, {@code k=v[,k=v]} (csi.proto {@code Topology.segments}). */
    static Topology topology(String text) {
        Map<String, String> segments = new LinkedHashMap<>();
        for (String part : text.split(",", -1)) {
            int eq = part.indexOf('=');
            if (eq <= 0 || eq == part.length() - 1) {
                throw usage("Read --topology " + text, "'" + part + "' is not a key=value segment",
                        "Give key=value pairs separated by commas, e.g. --topology topology.example.com/zone=zone-a");
            }
            String key = part.substring(0, eq).strip();
            if (segments.put(key, part.substring(eq + 1).strip()) != null) {
                throw usage("Read --topology " + text, "the key " + key + " is given twice", "Give each key once per --topology");
            }
        }
        return new Topology(segments);
    }

    /**
     * Fails without sending when the driver does not advertise {@code need}, for request fields the
     * client does not gate itself (CSI spec: mutable_parameters need MODIFY_VOLUME, a volume source
     * CLONE_VOLUME, readonly publish PUBLISH_READONLY).
     *
     * @throws CallFailure UNSUPPORTED naming the capability
     */
    static void require(CsiClient client, ControllerCapability need, String what, String field) throws Exception {
        CapabilitySet caps = client.capabilities().get();
        if (caps.has(need)) return;
        throw new CallFailure(FailureKind.UNSUPPORTED, what, field + " is not supported by this driver: it does not advertise the controller capability "
                + need.name(), "Leave out " + field + ", or use a driver that advertises " + need.name() + " (ControllerGetCapabilities)", "");
    }

    static CallFailure usage(String what, String why, String whatToDo) {
        return CallFailure.refused(what, why, whatToDo);
    }
}
