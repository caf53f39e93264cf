package org.csiconsole.views.replication;

import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import org.csiconsole.core.replication.WorkflowStep;

/**
 * One step of a wizard's step list: the call or wait as planned, and how it is going. UI thread only.
 */
public final class StepRow {
    /** Where a step is. */
    public enum StepRowState {
        PENDING("Waiting"), RUNNING("Running"), DONE("Done"), FAILED("Failed"), STOPPED("Not run");

        private final String words;

        StepRowState(String words) {
            this.words = words;
        }

        public String words() {
            return words;
        }
    }

    private final String item;
    private final WorkflowStep step;
    private final ObjectProperty<StepRowState> status = new SimpleObjectProperty<>(this, "status", StepRowState.PENDING);
    private final StringProperty message = new SimpleStringProperty(this, "message", "");
    private final DoubleProperty percent = new SimpleDoubleProperty(this, "percent", -1);

    StepRow(String item, WorkflowStep step) {
        this.item = item;
        this.step = step;
    }

    /** The volume or group the step belongs to, as shown. */
    public String item() {
        return item;
    }

    public WorkflowStep step() {
        return step;
    }

    public ObjectProperty<StepRowState> statusProperty() {
        return status;
    }

    public StepRowState status() {
        return status.get();
    }

    /** The latest progress or failure in words. */
    public StringProperty messageProperty() {
        return message;
    }

    /** Percent done (0..100) of a step that reports it; -1 otherwise. */
    public DoubleProperty percentProperty() {
        return percent;
    }
}
