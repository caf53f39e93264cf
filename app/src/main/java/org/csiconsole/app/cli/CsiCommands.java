package org.csiconsole.app.cli;

import org.csiconsole.core.audit.AuditRecord;
import org.csiconsole.core.audit.AuditSink;
import org.csiconsole.core.call.CallAudit;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.record.ConsoleBook;
import org.csiconsole.core.record.ConsoleRecords;
import org.csiconsole.core.record.NamedPages;
import org.csiconsole.core.record.RecordKind;
import org.csiconsole.core.record.RecordedItem;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.PluginInfo;
import org.csiconsole.core.model.Snapshot;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.function.Function;

/**
 * The CSI commands of {@code csi-console}: {@code info}, {@code capabilities}, {@code volumes},
 * {@code snapshots} and {@code node}. Each connects to one driver endpoint (unix socket, TCP or
 * in-process), makes its calls through {@link CsiClient} and prints a table or JSON. Failures print
 * what / why / what to do on stderr, never a stack trace; an RPC the driver does not implement says
 * "not supported by this driver". Exit codes are those of {@link ExitCodes}.
 */
public final class CsiCommands {
    private CsiCommands() {
    }

    /** The five commands, reading {@code CSI_ENDPOINT} through {@code env}, auditing nothing (they only read). */
    public static List<Object> all(Function<String, String> env) {
        return all(env, AuditSink.discarding());
    }

    /** The five commands, reading {@code CSI_ENDPOINT} through {@code env}; any change a command makes is audited into {@code audit}. */
    public static List<Object> all(Function<String, String> env, AuditSink audit) {
        return List.of(new InfoCommand(env).auditInto(audit), new CapabilitiesCommand(env).auditInto(audit),
                new VolumesCommand(env).auditInto(audit), new SnapshotsCommand(env).auditInto(audit), new NodeCommand(env).auditInto(audit));
    }

    /**
     * Reads a secrets file (a JSON object of strings or key=value lines, {@link org.csiconsole.core.store.SecretFiles});
     * an unreadable file is a usage error naming the file only.
     */
    static org.csiconsole.core.model.Secrets readSecrets(java.nio.file.Path file) {
        return file == null ? org.csiconsole.core.model.Secrets.NONE : org.csiconsole.core.store.SecretFiles.read(file);
    }

    /** The console's record of {@code client}'s connection when {@code audit} keeps one, else an empty one. */
    static ConsoleBook book(AuditSink audit, CsiClient client) {
        String endpoint = client.endpoint().text();
        return audit instanceof ConsoleRecords r ? r.book(endpoint) : ConsoleBook.inMemory(endpoint);
    }

    /** Common plumbing: open, run, print the trace, close. */
    abstract static class Base implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        CsiEndpointOptions o;

        final Function<String, String> env;
        AuditSink audit = AuditSink.discarding();

        Base(Function<String, String> env) {
            this.env = Objects.requireNonNull(env, "env");
        }

        /** Audits the changes this command's client makes into {@code sink}, as connection "the endpoint". */
        Base auditInto(AuditSink sink) {
            this.audit = Objects.requireNonNull(sink, "sink");
            return this;
        }

        abstract void run(CsiClient client, CsiOutput out) throws Exception;

        /** The record audited for a call of this command: {@code r} unless the command marks it (an override). */
        AuditRecord marked(AuditRecord r) {
            return r;
        }

        @Override
        public Integer call() throws Exception {
            Endpoint controller = o.controller(env);
            CallTrace trace = o.trace ? new CallTrace() : new CallTrace(1); // nobody reads it without --trace
            PrintWriter out = spec.commandLine().getOut();
            try (CsiClient client = CsiClient.open(controller, o.node(), CsiClientOptions.defaults().withPolicy(o.policy())
                    .withAudit(CallAudit.to(r -> audit.append(marked(r)), AuditedConnection.origin(env, controller.text()))), trace)) {
                if (audit instanceof org.csiconsole.core.record.ConsoleRecords r) client.names().fallingBackTo(r.book(controller.text())::nameOf);
                run(client, new CsiOutput(out, o.output));
            } catch (ExecutionException | CompletionException e) {
                CallFailure f = CallFailure.unwrap(e);
                throw f != null ? f : e;
            } finally {
                if (o.trace) CsiOutput.trace(spec.commandLine().getErr(), trace.snapshot());
            }
            return ExitCodes.OK;
        }
    }

    @Command(name = "info", mixinStandardHelpOptions = true,
            description = "Show the driver's identity (GetPluginInfo) and readiness (Probe).")
    static final class InfoCommand extends Base {
        InfoCommand(Function<String, String> env) {
            super(env);
        }

        @Override
        void run(CsiClient client, CsiOutput out) throws Exception {
            PluginInfo info = client.identity().pluginInfo().get();
            out.info(client.endpoint().text(), info, client.identity().readiness().get());
        }
    }

    @Command(name = "capabilities", mixinStandardHelpOptions = true,
            description = "Show what the driver advertises: plugin, controller, node and group controller capabilities.")
    static final class CapabilitiesCommand extends Base {
        CapabilitiesCommand(Function<String, String> env) {
            super(env);
        }

        @Override
        void run(CsiClient client, CsiOutput out) throws Exception {
            CapabilitySet caps = client.capabilities().get();
            out.capabilities(caps);
        }
    }

    @Command(name = "volumes", mixinStandardHelpOptions = true,
            description = {"List volumes (ListVolumes, every page), each with the name it was created under from the console's record.",
                    "A driver without LIST_VOLUMES shows the console's record instead (see csi-console inventory), each row with its origin; "
                            + "with nothing recorded it fails as not supported."})
    static final class VolumesCommand extends Base {
        @Option(names = "--page-size", paramLabel = "N", defaultValue = "500", description = "max_entries per page (default ${DEFAULT-VALUE}; 0 lets the driver choose).")
        int pageSize;

        /** Accepted as every other verb's, though ListVolumes carries no secrets (csi.proto: ListVolumesRequest has no secrets field). */
        @Option(names = "--secrets-file", paramLabel = "FILE",
                description = "Accepted for symmetry with the other commands; not read: ListVolumes carries no secrets (csi.proto).")
        java.nio.file.Path secretsFile;

        VolumesCommand(Function<String, String> env) {
            super(env);
        }

        @Override
        void run(CsiClient client, CsiOutput out) throws Exception {
            if (secretsFile != null) {
                spec.commandLine().getErr().println("--secrets-file is not needed here: ListVolumes carries no secrets (csi.proto), so "
                        + secretsFile + " was not read.");
                spec.commandLine().getErr().flush();
            }
            ConsoleBook book = book(audit, client);
            // Streamed: each page is printed while the next one is read, never the whole listing held.
            try (VolumeStream stream = new VolumeStream(spec.commandLine().getOut(), o.output)) {
                List<Volume> rows = book.items(RecordKind.VOLUME).stream().map(RecordedItem::volume).map(book::withPublications).toList();
                if (rows.isEmpty() || client.capabilities().get().has(ControllerCapability.LIST_VOLUMES)) {
                    try {
                        client.controller().listVolumesPaced(pageSize, NamedPages.of(stream, book.volumeNames())).get();
                        stream.finish();
                        return;
                    } catch (ExecutionException e) {
                        // A listing advertised but not implemented (UNIMPLEMENTED) is no listing either; with nothing
                        // recorded, the failure names the capability.
                        CallFailure f = CallFailure.unwrap(e);
                        if (rows.isEmpty() || f == null || f.kind() != org.csiconsole.core.call.FailureKind.UNSUPPORTED) throw e;
                    }
                }
                // Most production drivers do not list: the console's record is the inventory, each row with its origin.
                stream.accept(rows);
                stream.finish();
                spec.commandLine().getErr().println(ConsoleBook.cannotList(RecordKind.VOLUME, rows.size()));
            }
        }
    }

    @Command(name = "snapshots", mixinStandardHelpOptions = true,
            description = {"List snapshots (ListSnapshots, every page), each with the name it was created under from the console's record.",
                    "Needs the LIST_SNAPSHOTS controller capability."})
    static final class SnapshotsCommand extends Base {
        @Option(names = "--volume-id", paramLabel = "ID", defaultValue = "", description = "Only snapshots of this source volume.")
        String volumeId;

        @Option(names = "--page-size", paramLabel = "N", defaultValue = "500", description = "max_entries per page (default ${DEFAULT-VALUE}).")
        int pageSize;

        @picocli.CommandLine.Mixin
        SecretsFileOption secrets = new SecretsFileOption();

        SnapshotsCommand(Function<String, String> env) {
            super(env);
        }

        @Override
        void run(CsiClient client, CsiOutput out) throws Exception {
            List<Snapshot> all = new ArrayList<>();
            // CSI ListSnapshots carries no name: the record gives each snapshot the name it was created under.
            var named = book(audit, client).snapshotNames();
            client.controller().listSnapshots(volumeId, pageSize, secrets.read(env), page -> {
                synchronized (all) {
                    page.stream().map(named).forEach(all::add);
                }
            }).get();
            out.snapshots(all);
        }
    }

    @Command(name = "node", mixinStandardHelpOptions = true,
            description = "Show the node plugin's NodeGetInfo and node capabilities (use --node-endpoint for a separate node socket).")
    static final class NodeCommand extends Base {
        NodeCommand(Function<String, String> env) {
            super(env);
        }

        @Override
        void run(CsiClient client, CsiOutput out) throws Exception {
            NodeInfo info = client.node().nodeInfo().get();
            CapabilitySet caps = client.capabilities().get();
            out.node(info, caps);
        }
    }
}
