package org.csiconsole.app.cli;

import org.csiconsole.core.replication.ForceConfirmation;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.replication.WorkflowKind;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The options of {@code csi-console replication} ({@link ReplicationCommand}) shared by its subcommands: what to
 * act on, the request's fields and pacing, {@code --force} with its typed confirmations, and the partner site.
 */
final class ReplicationOptions {
    private ReplicationOptions() {
    }

    /** What to act on. */
    static final class Targets {
        @Option(names = "--volume-id", paramLabel = "ID", description = "A volume_id; repeat for several.")
        List<String> volumes = new ArrayList<>();

        @Option(names = "--group-id", paramLabel = "ID", description = "A volume_group_id (replicated as a group); repeat for several.")
        List<String> groups = new ArrayList<>();

        List<ReplicationSource> sources() {
            List<ReplicationSource> out = new ArrayList<>();
            volumes.forEach(v -> out.add(ReplicationSource.volume(v)));
            groups.forEach(g -> out.add(ReplicationSource.volumeGroup(g)));
            return out;
        }
    }

    /** Options of every operation and workflow: dry run, the request's fields, concurrency and waits. */
    static class Calls {
        @Option(names = "--dry-run", description = "Print the calls in order with their parameters (secrets redacted) and send none of them "
                + "(only reads, where partners or state must be learned).")
        boolean dryRun;

        @Option(names = "--replication-id", paramLabel = "ID", defaultValue = "", description = "replication_id sent with every call.")
        String replicationId;

        @Option(names = "--parameter", paramLabel = "KEY=VALUE", description = "A driver parameter (e.g. schedulingInterval=5m); repeatable.")
        Map<String, String> parameters = new LinkedHashMap<>();

        @Option(names = "--secrets-file", paramLabel = "FILE", description = "Properties file (key=value lines) of secrets; never printed.")
        Path secretsFile;

        @Option(names = "--concurrency", paramLabel = "N", defaultValue = "4", description = "Items at once (default ${DEFAULT-VALUE}).")
        int concurrency;

        @Option(names = "--wait-timeout", paramLabel = "SECONDS", defaultValue = "600",
                description = "Longest wait for a resync, a final sync or health, in seconds (default ${DEFAULT-VALUE}).")
        long waitSeconds;

        @Option(names = "--poll-interval", paramLabel = "MS", defaultValue = "1000", description = "Time between polls in ms (default ${DEFAULT-VALUE}).")
        long pollMillis;
    }

    /** Options of the operations that can send force. */
    static final class Run extends Calls {
        @Option(names = "--force", description = "Send force=true; each source must be named by a --yes (or typed on a terminal).")
        boolean force;

        @Option(names = "--yes", paramLabel = "ID", description = "Confirms --force on the source with this id; repeat once per source.")
        List<String> yes = new ArrayList<>();

        /**
         * The typed confirmations {@code --force} needs: one per target, from its {@code --yes}, else typed
         * on the terminal; refused (exit 2) when one is missing, or {@code --yes} names something that is
         * not a target, or the operation has no force; {@code err} shows the warning before each typed one.
         */
        Map<ReplicationSource, ForceConfirmation> confirmations(WorkflowKind kind, List<ReplicationSource> targets,
                Supplier<Optional<ConsoleTerminal>> terminal, PrintWriter err) {
            if (!force) {
                if (!yes.isEmpty()) {
                    throw ReplicationCommand.usage(kind.words(), "--yes confirms --force, which was not given", "Drop --yes, or add --force");
                }
                return Map.of();
            }
            if (kind == WorkflowKind.ENABLE || kind == WorkflowKind.DISABLE || kind == WorkflowKind.PLANNED_FAILOVER || kind == WorkflowKind.FAILBACK) {
                throw ReplicationCommand.usage(kind.words(), "--force does not apply to " + kind.words().toLowerCase(),
                        kind == WorkflowKind.PLANNED_FAILOVER ? "For a lost site A, run failover --unplanned --force" : "Drop --force");
            }
            for (String y : yes) {
                if (targets.stream().noneMatch(s -> s.id().equals(y))) {
                    throw ReplicationCommand.usage(kind.words(), "--yes=" + y + " names none of the sources force would be sent to ("
                            + String.join(", ", targets.stream().map(ReplicationSource::id).toList()) + "); nothing was sent",
                            "Give --yes=<id> exactly for each of them");
                }
            }
            Map<ReplicationSource, ForceConfirmation> out = new LinkedHashMap<>();
            List<String> missing = new ArrayList<>();
            for (ReplicationSource s : targets) {
                if (yes.contains(s.id())) out.put(s, ForceConfirmation.typed(s, s.id(), s.id()));
                else missing.add(s.id());
            }
            if (missing.isEmpty()) return out;
            Optional<ConsoleTerminal> t = terminal.get();
            if (t.isEmpty()) {
                throw ReplicationCommand.usage(kind.words(), "--force needs each source named by its own --yes; missing for "
                        + String.join(", ", missing) + "; nothing was sent", "Add --yes=" + missing.get(0) + (missing.size() > 1 ? " and one --yes per other source" : ""));
            }
            for (ReplicationSource s : targets) {
                if (out.containsKey(s)) continue;
                err.println("Force on " + s + ": writes not yet replicated to the partner can be lost, and a forced promote while the "
                        + "partner is primary makes both sides primary (split brain).");
                err.flush();
                String typed = t.get().readLine("Type " + s.id() + " to send force on it: ");
                out.put(s, ForceConfirmation.typed(s, s.id(), typed == null ? "" : typed));
            }
            return out;
        }
    }

    /** The partner site. */
    static final class Partner {
        @Option(names = "--partner-endpoint", paramLabel = "ENDPOINT", required = true, description = "CSI endpoint of site B.")
        String endpoint;

        @Option(names = "--partner-addons-endpoint", paramLabel = "ENDPOINT", description = "csi-addons endpoint of site B. Default: --partner-endpoint.")
        String addonsEndpoint;

        @Option(names = "--partner-id", paramLabel = "ID",
                description = "Site B's id of each source, in the order of --volume-id then --group-id. "
                        + "Default: learned (GetReplicationDestinationInfo, else the listing).")
        List<String> partnerIds = new ArrayList<>();

        @Option(names = "--site-name", paramLabel = "NAME", defaultValue = "A", description = "Site A's name in output (default ${DEFAULT-VALUE}).")
        String siteA;

        @Option(names = "--partner-name", paramLabel = "NAME", defaultValue = "B", description = "Site B's name in output (default ${DEFAULT-VALUE}).")
        String siteB;
    }
}
