package org.csiconsole.views.task;

/**
 * What running work may report while it runs. Safe to call from any thread; updates are coalesced
 * and applied on the UI executor, so calling it for every page of a listing is fine.
 */
public interface Progress {
    /** Fraction of the work done, used by the progress bar when it is unknown. */
    double INDETERMINATE = -1;

    /**
     * @param fraction 0..1, or {@link #INDETERMINATE}
     * @param message what is happening now, e.g. {@code "Read 3,000 volumes"}
     */
    void update(double fraction, String message);

    /**
     * Says the work will finish with errors: it completes normally, but part of it could not be
     * done (a listing whose CSP array did not answer). The task then ends
     * {@link TaskState#DONE_WITH_ERRORS}, not "Done", with {@code what} as its message. Call before
     * the work's future completes; the last call wins.
     *
     * @param what what could not be done, in words, e.g. {@code "site-b: UNAVAILABLE — connection refused"}
     */
    void doneWithErrors(String what);

    /** True once the person asked to cancel; long work should stop at the next opportunity. */
    boolean isCancelled();
}
