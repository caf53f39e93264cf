package org.csiconsole.app.cli;

/**
 * The examples the help of the two-site {@code replication} commands ends with ({@code %n} is a line
 * break in picocli's footer; lines stay within the help's 80 columns). {@code $A} and {@code $B} stand
 * for the sites' endpoints, as {@code serve --site site-a --site-endpoint site-b=...} serves them.
 */
final class ReplicationExamples {
    private static final String SITES = "%nExamples (A=unix:///tmp/site-a.sock B=unix:///tmp/site-b.sock):%n";

    static final String FAILOVER = SITES
            + "  csi-console replication failover -e $A --partner-endpoint $B \\%n"
            + "      --volume-id vol-1 --dry-run%n"
            + "  csi-console replication failover -e $A --partner-endpoint $B \\%n"
            + "      --volume-id vol-1 --volume-id vol-2 --output json%n"
            + "  csi-console replication failover --unplanned -e $A --partner-endpoint $B \\%n"
            + "      --volume-id vol-1 --partner-id vol-9 --force --yes=vol-9 \\%n"
            + "      --fence-cidr 10.10.3.0/24 --yes=10.10.3.0/24%n";

    static final String FAILBACK = SITES
            + "  csi-console replication failback -e $A --partner-endpoint $B \\%n"
            + "      --volume-id vol-1 --dry-run%n"
            + "  csi-console replication failback -e $A --partner-endpoint $B \\%n"
            + "      --volume-id vol-1 --wait-timeout 1800%n";

    static final String RECOVER_SPLIT_BRAIN = SITES
            + "  csi-console replication recover-split-brain -e $A --partner-endpoint $B \\%n"
            + "      --volume-id vol-1 --survivor=B --dry-run%n"
            + "  csi-console replication recover-split-brain -e $A --partner-endpoint $B \\%n"
            + "      --volume-id vol-1 --survivor=A --yes=vol-1 --output json%n";

    private ReplicationExamples() {
    }
}
