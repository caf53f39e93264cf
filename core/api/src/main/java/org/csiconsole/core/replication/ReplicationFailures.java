package org.csiconsole.core.replication;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;

import java.util.Locale;

/**
 * Replication failures in words a person can act on, with the next safe step (csi-addons
 * replication.proto error tables; csi-addons-replication.md). The driver's own text stays in
 * {@link CallFailure#detail()}. Never suggests force as a first step: force appears only as the
 * last resort, with what it costs.
 */
public final class ReplicationFailures {
    private ReplicationFailures() {
    }

    /** A driver's words for a volume or group whose replication is not enabled. */
    private static final java.util.regex.Pattern NOT_ENABLED = java.util.regex.Pattern.compile(
            "\\b(replication|mirroring)\\b[^.;]*\\bnot enabled\\b|\\bnot replicated\\b", java.util.regex.Pattern.CASE_INSENSITIVE);

    /**
     * True when a GetVolumeReplicationInfo failure is the driver's answer that the source is not replicated: the
     * csi-addons spec's "Volume is not replicated" (FAILED_PRECONDITION, "replication is not enabled"), or ceph-csi's
     * INVALID_ARGUMENT "image mirroring is not enabled". Such a source was read: it is no replicated source, not a
     * failed read. Any other failure (a refusal of the secrets, UNAVAILABLE, INTERNAL) stays a failed read.
     */
    public static boolean notReplicated(CallFailure f) {
        return f != null && (f.kind() == FailureKind.FAILED_PRECONDITION || f.kind() == FailureKind.INVALID_ARGUMENT)
                && f.owner() != org.csiconsole.core.call.FailureOwner.CREDENTIALS
                && NOT_ENABLED.matcher(f.why() + " " + f.detail()).find();
    }

    /**
     * True when a GetVolumeReplicationInfo failure is a secondary saying it reports nothing (FAILED_PRECONDITION naming the
     * secondary: many drivers report only from the primary). The side's role is then read: secondary, without figures.
     */
    public static boolean reportsOnlyFromPrimary(CallFailure f) {
        return f != null && f.kind() == org.csiconsole.core.call.FailureKind.FAILED_PRECONDITION
                && (f.why() + " " + f.detail()).toLowerCase(java.util.Locale.ROOT).contains("secondary");
    }

    /**
     * {@code failure} of {@code action} on {@code source} explained; failures of other kinds than
     * FAILED_PRECONDITION, BUSY and NOT_FOUND are returned as they are.
     */
    public static CallFailure explain(CallFailure failure, ReplicationAction action, ReplicationSource source) {
        if (failure == null) return null;
        String text = (failure.why() + " " + failure.detail()).toLowerCase(Locale.ROOT);
        String what = failure.what();
        String detail = (failure.detail().isEmpty() ? "" : failure.detail() + " | ") + "driver: " + failure.why();
        return switch (failure.kind()) {
            case FAILED_PRECONDITION -> precondition(failure, action, source, text, what, detail);
            case BUSY -> new CallFailure(FailureKind.BUSY, what,
                    "another operation on " + source + " is still pending (ABORTED), and the bounded retries ran out",
                    "Wait for the pending operation to finish (see the call trace), then retry this one.", detail, failure);
            case NOT_FOUND -> new CallFailure(FailureKind.NOT_FOUND, what,
                    text.contains("no sync") ? "no sync of " + source + " has completed yet, so there are no replication figures"
                            : "the driver does not know " + source + " on this site",
                    text.contains("no sync") ? "Wait for the first scheduled sync, then read again."
                            : "Check the id, and that this connection is the site that holds it.", detail, failure);
            default -> failure;
        };
    }

    private static CallFailure precondition(CallFailure f, ReplicationAction action, ReplicationSource source, String text,
                                            String what, String detail) {
        String why;
        String next;
        if (text.contains("not enabled")) {
            why = "replication is not enabled for " + source;
            next = "Enable replication on it first (it needs a partner array).";
        } else if (action == ReplicationAction.PROMOTE && (text.contains("without force") || text.contains("is primary"))) {
            why = source + " cannot be promoted without force: its partner is still primary";
            next = "Safe: demote the partner first (planned failover), then promote. Only if the partner's site is lost: "
                    + "an unplanned failover with force, typed confirmation and the data-loss window stated.";
        } else if (action == ReplicationAction.RESYNC && text.contains("primary")) {
            why = "resync needs " + source + " demoted: only a secondary can be resynchronized";
            next = "Demote it first (in a split brain, demote the side whose changes you discard), then resync.";
        } else if (text.contains("link") && text.contains("down")) {
            why = "the replication link between the sites is down";
            next = "Restore the link (check the partner array and the network), then retry.";
        } else if (action == ReplicationAction.WAIT_FINAL_SYNC || action == ReplicationAction.WAIT_HEALTHY) {
            why = "this side does not report replication figures (it is secondary)";
            next = "Read the figures on the primary side.";
        } else if (text.contains("secondary")) {
            why = source + " is secondary on this site, and the driver reports replication only from the primary";
            next = "Read it on the partner site, or promote this side first.";
        } else if (text.contains("published") || text.contains("in use")) {
            why = "the replica is still in use";
            next = "Unpublish it on the partner site, then retry.";
        } else {
            why = "the driver refused " + action.name().toLowerCase(Locale.ROOT) + " of " + source + " in its current state";
            next = "Read its replication info to see the state; do not retry with force.";
        }
        return new CallFailure(FailureKind.FAILED_PRECONDITION, what, why, next, detail, f);
    }
}
