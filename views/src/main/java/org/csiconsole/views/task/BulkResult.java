package org.csiconsole.views.task;

import java.util.List;

/**
 * The per-item outcomes of a {@link BulkWork}, in the order the items were given.
 *
 * @param outcomes one per item
 * @param cancelled true when the work was cancelled before its last item
 * @param <T> the item type
 */
public record BulkResult<T>(List<ItemOutcome<T>> outcomes, boolean cancelled) {
    public BulkResult {
        outcomes = List.copyOf(outcomes);
    }

    public int total() {
        return outcomes.size();
    }

    public int done() {
        return count(ItemOutcome.Status.DONE);
    }

    public int failed() {
        return count(ItemOutcome.Status.FAILED);
    }

    public int notRun() {
        return count(ItemOutcome.Status.NOT_RUN);
    }

    /** True when every item was done. */
    public boolean allDone() {
        return done() == total();
    }

    /** The items done, in order. */
    public List<T> doneItems() {
        return outcomes.stream().filter(ItemOutcome::ok).map(ItemOutcome::item).toList();
    }

    /**
     * The outcome in one sentence, e.g. {@code "Deleted 8 of 10 volumes; 2 failed"} or
     * {@code "Deleted 3 of 10 volumes; cancelled before the other 7"}.
     *
     * @param verb what was done, in the past tense, capitalised: {@code "Deleted"}
     * @param noun the items, plural: {@code "volumes"}
     */
    public String summary(String verb, String noun) {
        StringBuilder s = new StringBuilder(verb).append(' ').append(done()).append(" of ").append(total()).append(' ').append(noun);
        if (failed() > 0) s.append("; ").append(failed()).append(" failed");
        if (notRun() > 0) s.append("; cancelled before the other ").append(notRun());
        return s.toString();
    }

    private int count(ItemOutcome.Status status) {
        return (int) outcomes.stream().filter(o -> o.status() == status).count();
    }
}
