package org.csiconsole.views.replication;

import org.csiconsole.views.task.ItemOutcome;

import java.util.List;

/**
 * The replication perspective's own dialogs (its confirmations are the one risk dialog,
 * {@link org.csiconsole.views.dialog.DialogService#confirmRisk}), behind a seam so its view model runs without JavaFX
 * windows in tests ({@link FxReplicationDialogs} in the application). Called on the UI thread; each
 * returns when the person has answered.
 */
public interface ReplicationDialogs {

    /**
     * Shows what came of each item of a bulk operation.
     *
     * @param retryable true when some items can be run again
     * @return true when the person asked to run the failed and stopped items again
     */
    boolean showResults(String title, String summary, List<? extends ItemOutcome<?>> outcomes, boolean retryable);

    /** Shows a guided workflow (failover, failback, split-brain recovery) until the person closes it. */
    void showWizard(WorkflowWizardModel wizard);
}
