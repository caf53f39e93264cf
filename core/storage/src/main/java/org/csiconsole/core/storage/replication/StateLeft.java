package org.csiconsole.core.storage.replication;

import org.csiconsole.core.replication.PlanItem;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.replication.WorkflowKind;
import org.csiconsole.core.replication.WorkflowRequest;

/** The state an item was left in after {@code done} of its steps succeeded, in words with what to do next. */
final class StateLeft {
    private StateLeft() {
    }

    /**
     * @param request the request run: an item's source is on its site A, its partner on its site B (for a one-site
     *     operation, the site of the item's steps)
     */
    static String describe(WorkflowRequest request, PlanItem item, int done) {
        WorkflowKind kind = request.kind();
        if (done == 0) return "Nothing was changed for " + item.source() + ".";
        String a = item.source().id();
        String sa = request.siteB() != null ? request.siteA().name() : item.steps().isEmpty() ? "" : item.steps().get(0).site();
        ReplicationSource pb = item.partner();
        String b = pb == null ? "" : pb.id();
        String sb = pb == null || request.siteB() == null ? "" : request.siteB().name();
        int all = item.steps().size();
        return switch (kind) {
            case ENABLE -> a + " on " + sa + " is replicated.";
            case DISABLE -> a + " on " + sa + " is no longer replicated.";
            case PROMOTE -> a + " on " + sa + " is primary.";
            case DEMOTE -> a + " on " + sa + " is secondary.";
            case RESYNC -> a + " on " + sa + " is resynchronized.";
            case PLANNED_FAILOVER -> switch (done) {
                case 1 -> a + " on " + sa + " is secondary and " + b + " on " + sb + " is still secondary: neither side takes writes. "
                        + "Finish by promoting " + b + " on " + sb + ", or undo by promoting " + a + " on " + sa + ".";
                case 2 -> a + " on " + sa + " is secondary and its final sync is done; " + b + " on " + sb
                        + " is still secondary: neither side takes writes. Promote " + b + " on " + sb + " to finish.";
                default -> b + " on " + sb + " is primary and " + a + " on " + sa + " is secondary.";
            };
            case UNPLANNED_FAILOVER -> done < all
                    ? sa + "'s clients are fenced, and " + b + " on " + sb + " is not promoted yet: promote it with force to finish, or unfence them."
                    : b + " on " + sb + " is primary (forced). If " + a + " on " + sa + " is still primary when that site returns, "
                    + "both sides are primary (split brain). " + org.csiconsole.core.replication.PairMismatch.BOTH_PRIMARY.safeNextStep();
            case FAILBACK -> switch (done) {
                case 1 -> a + " on " + sa + " is secondary and " + b + " on " + sb + " primary: resync " + a + " to continue.";
                case 2 -> a + " on " + sa + " is resynchronized; " + b + " on " + sb + " is primary.";
                case 3 -> "The pair is healthy with " + b + " on " + sb + " primary.";
                case 4 -> b + " on " + sb + " is secondary and " + a + " on " + sa + " is secondary: neither side takes writes. "
                        + "Finish by promoting " + a + " on " + sa + ", or undo by promoting " + b + " on " + sb + ".";
                case 5 -> "The final sync is done and both sides are secondary: promote " + a + " on " + sa + " to finish.";
                default -> a + " on " + sa + " is primary again and " + b + " on " + sb + " is secondary.";
            };
            case SPLIT_BRAIN_RECOVERY -> switch (done) {
                case 1 -> b + " on " + sb + " is secondary and " + a + " on " + sa + " primary: resync " + b + " to finish.";
                case 2 -> b + " on " + sb + " is resynchronized from " + a + "; wait until the pair is healthy.";
                default -> a + " on " + sa + " is primary, " + b + " on " + sb + " secondary, and the pair is healthy.";
            };
        };
    }
}
