package org.csiconsole.app.cli;

import org.csiconsole.core.replication.ReplicationSource;
import picocli.CommandLine.Option;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The options of {@code csi-console replication} ({@link ReplicationCommand}) shared by its subcommands: what to
 * act on, the request's fields and pacing, {@code --force} and {@code --yes}, and the partner site.
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

        /** The sources named; an empty or blank id is refused before anything is read or sent. */
        List<ReplicationSource> sources() {
            for (var given : java.util.Map.of("--volume-id", volumes, "--group-id", groups).entrySet()) {
                org.csiconsole.core.call.CallFailure empty = org.csiconsole.core.call.EmptyIds.refusal(given.getKey(), given.getValue());
                if (empty != null) throw empty;
            }
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

        @picocli.CommandLine.Mixin
        SecretsFileOption secrets = new SecretsFileOption();

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

        @Option(names = "--yes", paramLabel = "ID",
                description = "The typed consent core's assessment asks for (with --force: the name or id of each source, once per source).")
        List<String> yes = new ArrayList<>();
    }

    /** The partner site of a one-site operation, read (not changed) for the risk assessment. */
    static final class OnePartner {
        @Option(names = "--partner-endpoint", paramLabel = "ENDPOINT",
                description = "CSI endpoint of the partner site: its side of each pair is read (role, health, reachable) so the "
                        + "assessment states it. Default: the partner as this endpoint lists it, if it does.")
        String endpoint;

        @Option(names = "--partner-addons-endpoint", paramLabel = "ENDPOINT", description = "csi-addons endpoint of the partner site. "
                + "Default: --partner-endpoint.")
        String addonsEndpoint;
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

        @Option(names = "--site-name", paramLabel = "NAME", defaultValue = "",
                description = "Site A's name in output. Default: the array site B's listing names as its partner (as promote and the "
                        + "workbench name it, e.g. site-a), else the --endpoint.")
        String siteA;

        @Option(names = "--partner-name", paramLabel = "NAME", defaultValue = "",
                description = "Site B's name in output. Default: the array site A's listing names as its partner (e.g. site-b), "
                        + "else the --partner-endpoint.")
        String siteB;
    }
}
