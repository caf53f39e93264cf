package org.csiconsole.views.replication;

import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import org.csiconsole.views.dialog.DialogFit;
import org.csiconsole.views.dialog.FxDialogService;
import org.csiconsole.views.dialog.ResultsDialog;
import org.csiconsole.views.task.ItemOutcome;

import java.time.Clock;
import java.time.ZoneId;
import java.util.List;
import java.util.Objects;

/** {@link ReplicationDialogs} with JavaFX dialogs, modal over the workbench window and themed like the console's others. */
public final class FxReplicationDialogs implements ReplicationDialogs {
    /**
     * The button of the results dialog that runs again the items that were sent and failed
     * ({@link org.csiconsole.core.replication.WorkflowResult#retryable()}); never the default button: Enter
     * closes the results, and a retry of a replication action is always a click of its own.
     */
    public static final ButtonType RETRY = new ButtonType("Retry failed", ButtonBar.ButtonData.OTHER);

    private final FxDialogService dialogs;
    private final Clock clock;
    private final ZoneId zone;

    public FxReplicationDialogs(FxDialogService dialogs, Clock clock, ZoneId zone) {
        this.dialogs = Objects.requireNonNull(dialogs);
        this.clock = Objects.requireNonNull(clock);
        this.zone = Objects.requireNonNull(zone);
    }

    @Override
    public boolean showResults(String title, String summary, List<? extends ItemOutcome<?>> outcomes, boolean retryable) {
        ResultsDialog d = dialogs.prepare(new ResultsDialog(title, summary, outcomes));
        boolean[] retry = {false};
        if (retryable) {
            d.getDialogPane().getButtonTypes().add(RETRY);
            Button b = (Button) d.getDialogPane().lookupButton(RETRY);
            b.addEventFilter(javafx.event.ActionEvent.ACTION, e -> retry[0] = true);
            b.setDefaultButton(false);
            ((Button) d.getDialogPane().lookupButton(ButtonType.CLOSE)).setDefaultButton(true);
        }
        d.showAndWait();
        return retry[0];
    }

    @Override
    public void showWizard(WorkflowWizardModel wizard) {
        WorkflowWizard w = dialogs.prepare(new WorkflowWizard(wizard, clock.instant(), zone));
        w.setOnShown(e -> DialogFit.fit(w));
        w.showAndWait();
    }
}
