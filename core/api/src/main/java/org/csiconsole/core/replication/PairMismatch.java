package org.csiconsole.core.replication;

/**
 * What is wrong with a site pair, what it means and the safe next step. A pair is a volume or
 * group on site A and its partner on site B ({@link SitePairs}).
 */
public enum PairMismatch {
    /**
     * Matched by an equal volume or group id, but the drivers' own facts deny that the two are one pair
     * ({@link SitePairs#judge(ReplicationSample, ReplicationSample, PairingScope)}): two unrelated arrays can hold the
     * same ids, and a failover across them demotes one volume and promotes an unrelated one.
     */
    NOT_CONFIRMED("Pair not confirmed", "The drivers' own facts do not confirm that these two volumes are one pair: an equal id on "
            + "two arrays is not a pair. One side's driver names another partner volume or another partner array, or names a "
            + "partner array that its own connection serves, not the connection chosen as the other site.",
            "Choose as the other site the array the driver names as the partner (on the same connection when that connection "
                    + "serves it), then sample again; do not promote, demote, resync or fail over until the pair is confirmed."),
    /** One side primary, the other secondary (or resyncing). */
    NONE("Consistent", "The pair is consistent: one side primary, the other secondary.", "Nothing to do."),
    /** Both sides report primary: split brain. */
    BOTH_PRIMARY("Split brain", "Both sides are primary (split brain): each may have taken writes the other lacks, and nothing replicates.",
            "Stop writers on one side, pick the survivor by comparing both sides' last writes and sync times, demote the other side and resync it (split-brain recovery)."),
    /** Both sides report secondary. */
    BOTH_SECONDARY("Both secondary", "Both sides are secondary: no side accepts writes and nothing replicates.",
            "Promote the side whose data is newest (normally the one that was primary last), without force."),
    /** The destination id is known but the other site does not list it. */
    PARTNER_MISSING("Partner missing", "The partner named as destination is not listed on the other site: it was deleted, or the other connection shows another array.",
            "Check that site B is the array the driver names as the partner, read through the connection that serves it; "
                    + "if that array itself no longer lists the partner, ask the storage team before acting on this pair."),
    /** The destination id is not known (the driver does not report it and the listing names none). */
    DESTINATION_UNKNOWN("Destination unknown", "The destination on the other site is not known: the driver does not report it (GetReplicationDestinationInfo) and the listing names none.",
            "Find the partner by its replication_id on the other site, or ask the storage team; do not fail over until it is known."),
    /** A side's role is unknown (its reads fail or it reports none). */
    ROLE_UNKNOWN("Role unknown", "One side's role is unknown: its replication calls fail or report nothing.",
            "Check that site's connection; do not fail over until both roles are known.");

    private final String words;
    private final String meaning;
    private final String nextStep;

    PairMismatch(String words, String meaning, String nextStep) {
        this.words = words;
        this.meaning = meaning;
        this.nextStep = nextStep;
    }

    /**
     * The pair's roles in a few words, capitalised, as every front end shows them: {@code "Consistent"},
     * {@code "Split brain"}, {@code "Both secondary"}, {@code "Partner missing"}, {@code "Destination unknown"},
     * {@code "Role unknown"}. "Consistent" speaks of the roles only: see {@link ReplicationState} for a
     * pair's state with its health.
     */
    public String words() {
        return words;
    }

    /** What the mismatch means, one or two sentences. */
    public String meaning() {
        return meaning;
    }

    /** The safe next step. */
    public String safeNextStep() {
        return nextStep;
    }
}
