package org.csiconsole.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.csiconsole.core.addons.AddonsClient;
import org.csiconsole.core.audit.AuditSink;
import org.csiconsole.core.call.CallAudit;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.json.StableJson;
import org.csiconsole.core.model.ByteSize;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.risk.RiskOperation;
import org.csiconsole.core.risk.RiskRequest;
import org.csiconsole.core.risk.TargetFacts;
import org.csiconsole.core.model.SpaceReclaimed;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * The csi-addons volume commands: {@code reclaim-space} (ControllerReclaimSpace, or NodeReclaimSpace
 * with {@code --node}) and {@code rotate-key} (EncryptionKeyRotate), csi-addons/spec
 * reclaimspace.proto and encryptionkeyrotation.proto. Secrets come from {@code --secrets-file} or
 * the file named by {@code CSI_SECRETS_FILE}, never from an argument; they go to the wire only and
 * are redacted from {@code --trace}. Every call is audited. Exit codes are those of {@link ExitCodes}.
 */
public final class AddonsVolumeCommands {
    /** Environment variable naming a secrets file when {@code --secrets-file} is not given. */
    public static final String SECRETS_FILE_ENV = SecretsFileOption.ENV;

    private AddonsVolumeCommands() {
    }

    /** Both commands, reading the environment through {@code env}, auditing into {@code audit}. */
    static List<Object> all(Function<String, String> env, AuditSink audit, Supplier<Optional<ConsoleTerminal>> terminal) {
        return List.of(new ReclaimSpaceCommand(env, audit), new RotateKeyCommand(env, audit, terminal));
    }

    abstract static class AddonsBase implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        CsiEndpointOptions o;

        @Mixin
        AddonsEndpointOptions a;

        @Mixin
        SecretsFileOption secretsOption = new SecretsFileOption();

        final Function<String, String> env;
        final AuditSink audit;

        AddonsBase(Function<String, String> env, AuditSink audit) {
            this.env = Objects.requireNonNull(env, "env");
            this.audit = Objects.requireNonNull(audit, "audit");
        }

        Secrets secrets() {
            return secretsOption.read(env);
        }

        /** Opens the csi-addons client at {@code endpoint}, auditing and tracing its calls. */
        AddonsClient open(Endpoint endpoint, CallTrace trace) {
            return AddonsClient.open(endpoint, CsiClientOptions.defaults().withPolicy(o.policy())
                    .withAudit(CallAudit.to(audit, AuditedConnection.origin(env, endpoint.text()))), trace);
        }

        void printTrace(CallTrace trace) {
            if (o.trace) CsiOutput.trace(spec.commandLine().getErr(), trace.snapshot());
        }

        static <T> T await(java.util.concurrent.CompletableFuture<T> f) throws Exception {
            try {
                return f.get();
            } catch (ExecutionException e) {
                CallFailure c = CallFailure.unwrap(e);
                throw c != null ? c : e;
            }
        }
    }

    @Command(name = "reclaim-space", mixinStandardHelpOptions = true,
            description = {"Free the unused blocks of volumes and print their usage before and after, in bytes "
                    + "(csi-addons ControllerReclaimSpace; with --node, NodeReclaimSpace on the node where the volume is published).",
                    "Needs ReclaimSpace.OFFLINE (controller) or ReclaimSpace.ONLINE (node) from the csi-addons sidecar. "
                            + "Each --volume-id is reclaimed in turn; a failure of one is printed and the rest still run; "
                            + "the exit code is that of the first failure."})
    static final class ReclaimSpaceCommand extends AddonsBase {
        @Option(names = "--volume-id", paramLabel = "ID", required = true, description = "Volume to reclaim; repeat for several.")
        List<String> volumeIds;

        @Option(names = "--node", description = "Reclaim on the node (online, NodeReclaimSpace) at --target-path.")
        boolean node;

        @Option(names = "--target-path", paramLabel = "PATH", description = "With --node: where the volume is published (volume_path).")
        String targetPath;

        @Option(names = "--staging-path", paramLabel = "PATH", defaultValue = "",
                description = "With --node: where the volume is staged (staging_target_path), when the driver stages.")
        String stagingPath;

        ReclaimSpaceCommand(Function<String, String> env, AuditSink audit) {
            super(env, audit);
        }

        @Override
        public Integer call() throws Exception {
            if (node && (targetPath == null || targetPath.isBlank())) {
                throw CallFailure.refused("Read --target-path", "NodeReclaimSpace needs the path where the volume "
                        + "is published on the node", "Give --target-path (and --staging-path when the driver stages volumes)");
            }
            if (!node && (targetPath != null || !stagingPath.isEmpty())) {
                throw CallFailure.refused("Read --target-path", "--target-path and --staging-path apply to "
                        + "--node only", "Add --node to reclaim on the node, or drop the paths");
            }
            Secrets secrets = secrets();
            Endpoint endpoint = node ? a.node(o, env) : a.controller(o, env);
            CallTrace trace = new CallTrace();
            List<ReclaimRow> rows = new ArrayList<>();
            CallFailure first = null;
            try (AddonsClient addons = open(endpoint, trace)) {
                for (String id : volumeIds) {
                    try {
                        SpaceReclaimed r = await(node
                                ? addons.reclaimSpace().nodeReclaimSpace(id, targetPath, stagingPath, null, secrets)
                                : addons.reclaimSpace().reclaimSpace(id, Map.of(), secrets));
                        rows.add(new ReclaimRow(id, r, null));
                    } catch (CallFailure f) {
                        rows.add(new ReclaimRow(id, null, f));
                        if (first == null) first = f;
                        if (f.kind() == FailureKind.UNSUPPORTED || f.kind() == FailureKind.ENDPOINT
                                || f.kind() == FailureKind.UNAVAILABLE) break; // the rest would fail the same way
                    }
                }
            } finally {
                printTrace(trace);
            }
            print(rows);
            if (first != null) {
                spec.commandLine().getErr().println(first.describe());
                return ExitCodes.forThrowable(first);
            }
            return ExitCodes.OK;
        }

        private record ReclaimRow(String volumeId, SpaceReclaimed reclaimed, CallFailure failure) {
        }

        private void print(List<ReclaimRow> rows) {
            PrintWriter out = spec.commandLine().getOut();
            if (o.output == OutputFormat.json) {
                ObjectMapper json = StableJson.INDENTED;
                ArrayNode arr = json.createArrayNode();
                for (ReclaimRow r : rows) {
                    ObjectNode n = arr.addObject();
                    n.put("volume_id", r.volumeId());
                    n.put("side", node ? "node" : "controller");
                    if (r.reclaimed() != null) {
                        putBytes(n, "pre_usage_bytes", r.reclaimed().preUsageBytes());
                        putBytes(n, "post_usage_bytes", r.reclaimed().postUsageBytes());
                        putBytes(n, "freed_bytes", r.reclaimed().freedBytes());
                    } else {
                        n.put("error", r.failure().getMessage());
                    }
                }
                out.println(arr.toPrettyString());
            } else {
                Table t = new Table("VOLUME_ID", "PRE_USAGE", "POST_USAGE", "FREED", "RESULT");
                for (ReclaimRow r : rows) {
                    SpaceReclaimed s = r.reclaimed();
                    t.row(r.volumeId(), s == null ? "" : bytes(s.preUsageBytes()), s == null ? "" : bytes(s.postUsageBytes()),
                            s == null ? "" : bytes(s.freedBytes()), s == null ? "failed: " + r.failure().kind() : "ok");
                }
                t.print(out);
            }
            out.flush();
        }

        private static void putBytes(ObjectNode n, String field, Long v) {
            if (v == null) n.putNull(field);
            else n.put(field, v);
        }

        private static String bytes(Long v) {
            if (v == null) return "not reported";
            return v + " B" + (Math.abs(v) >= 1024 ? " (" + (v < 0 ? "-" : "") + ByteSize.format(Math.abs(v)) + ")" : "");
        }
    }

    @Command(name = "rotate-key", mixinStandardHelpOptions = true,
            description = {"Give a volume a new encryption key (csi-addons EncryptionKeyRotate on the node side); the data stays readable.",
                    "Needs EncryptionKeyRotation.ENCRYPTIONKEYROTATION. Asks to type the volume_id on a terminal; "
                            + "without a terminal, --yes must give it (e.g. --yes=vol-0001), or nothing is sent (exit 2)."})
    static final class RotateKeyCommand extends AddonsBase {
        @Option(names = "--volume-id", paramLabel = "ID", required = true, description = "Volume whose key to rotate.")
        String volumeId;

        @Option(names = "--target-path", paramLabel = "PATH", required = true,
                description = "Where the volume is published on the node (volume_path).")
        String targetPath;

        @Option(names = "--yes", paramLabel = "VOLUME_ID", description = "Confirm without a terminal by giving the volume_id again.")
        String yes;

        private final Supplier<Optional<ConsoleTerminal>> terminal;

        RotateKeyCommand(Function<String, String> env, AuditSink audit, Supplier<Optional<ConsoleTerminal>> terminal) {
            super(env, audit);
            this.terminal = Objects.requireNonNull(terminal, "terminal");
        }

        @Override
        public Integer call() throws Exception {
            confirm();
            Secrets secrets = secrets();
            Endpoint endpoint = a.node(o, env);
            CallTrace trace = new CallTrace();
            try (AddonsClient addons = open(endpoint, trace)) {
                await(addons.keyRotation().rotateEncryptionKey(volumeId, targetPath, "", Map.of(), secrets, null));
            } finally {
                printTrace(trace);
            }
            PrintWriter out = spec.commandLine().getOut();
            if (o.output == OutputFormat.json) {
                ObjectNode n = StableJson.INDENTED.createObjectNode();
                n.put("volume_id", volumeId);
                n.put("rotated", true);
                out.println(n.toPrettyString());
            } else {
                out.println("Rotated the encryption key of " + volumeId + ".");
            }
            out.flush();
            return ExitCodes.OK;
        }

        private void confirm() {
            RiskConsent risk = RiskConsent.on(terminal);
            List<String> given = yes == null ? List.of() : List.of(yes);
            TargetFacts volume = TargetFacts.of("volume", volumeId, "");
            risk.requireTerminalOrYes(RiskOperation.ROTATE_KEY, volume, given);
            risk.confirm(risk.assess(RiskRequest.of(RiskOperation.ROTATE_KEY, List.of(volume), Instant.now()).on(AuditedConnection.described(env, a.node(o, env).text()))), given, false,
                    spec.commandLine().getErr());
        }
    }
}
