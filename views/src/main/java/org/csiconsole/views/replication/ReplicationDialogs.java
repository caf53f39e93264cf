package org.csiconsole.views.replication;

import org.csiconsole.core.replication.ForceConfirmation;
import org.csiconsole.views.task.ItemOutcome;

import java.util.List;
import java.util.Optional;

/**
 * The replication perspective's own dialogs, behind a seam so its view model runs without JavaFX
 * windows in tests ({@link FxReplicationDialogs} in the application). Called on the UI thread; each
 * returns when the person has answered.
 */
public interface ReplicationDialogs {

    /**
     * Asks for force on one volume or group: shows the RPO age, the health and status message, any
     * split-brain warning and the data that can be lost, and needs the name typed.
     *
     * @return the typed confirmation; empty when cancelled (nothing is then sent)
     */
    Optional<ForceConfirmation> confirmForce(ForceFacts facts);

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
