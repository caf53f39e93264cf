package org.csiconsole.views.replication;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.risk.Assessment;
import org.csiconsole.views.dialog.DialogService;
import org.csiconsole.views.dialog.RiskAnswer;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.task.ItemOutcome;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.workbench.ConnectionModel;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.Function;

/** Two connections, site-a and site-b, over fake replication ports, and the replication view model on top. */
final class ReplicationFixture {
    final FakeReplication.Port portA = new FakeReplication.Port("site-a");
    final FakeReplication.Port portB = new FakeReplication.Port("site-b");
    final FakeReplication.Services services = new FakeReplication.Services();
    final FakeDialogService dialogs = new FakeDialogService();
    /** Every risk assessment a confirmation showed, in order. */
    final List<Assessment> assessed = new ArrayList<>();
    final Dialogs replicationDialogs = new Dialogs();
    final Notifications notifications = new Notifications();
    final ObservableList<ConnectionModel> connections = FXCollections.observableArrayList();
    final ReplicationViewModel model;

    /** Answers results and wizards as the test says, and records them. */
    static final class Dialogs implements ReplicationDialogs {
        final List<List<String>> results = new ArrayList<>();
        final List<String> summaries = new ArrayList<>();
        /** Whether each results dialog offered a retry. */
        final List<Boolean> retryOffered = new ArrayList<>();
        /** Whether the person presses Retry in the results dialog (once). */
        boolean retry;
        final List<WorkflowWizardModel> wizards = new ArrayList<>();
        Function<WorkflowWizardModel, Void> onWizard = w -> null;

        @Override
        public boolean showResults(String title, String summary, List<? extends ItemOutcome<?>> outcomes, boolean retryable) {
            summaries.add(summary);
            retryOffered.add(retryable);
            results.add(outcomes.stream().map(o -> o.name() + ": " + o.describe()).toList());
            boolean again = retry && retryable;
            retry = false;
            return again;
        }

        @Override
        public void showWizard(WorkflowWizardModel wizard) {
            wizards.add(wizard);
            onWizard.apply(wizard);
        }
    }

    ReplicationFixture() {
        this(Runnable::run);
    }

    ReplicationFixture(Executor ui) {
        ActionRunner actions = new ActionRunner(new TaskRunner(ui), notifications, recording());
        model = new ReplicationViewModel(connections, services, m -> new ReplicationCommands(m, actions, replicationDialogs), ui, Runnable::run);
    }

    /** {@link #dialogs}, recording each assessment its risk confirmation shows ({@link #assessed}). */
    private DialogService recording() {
        FakeDialogService d = dialogs;
        return new DialogService() {
            @Override
            public boolean confirm(String title, String message, String actionLabel) {
                return d.confirm(title, message, actionLabel);
            }

            @Override
            public boolean confirmByTyping(String title, String message, String expected, String actionLabel) {
                return d.confirmByTyping(title, message, expected, actionLabel);
            }

            @Override
            public Optional<RiskAnswer> confirmRisk(Assessment a, String actionLabel) {
                assessed.add(a);
                return DialogService.super.confirmRisk(a, actionLabel);
            }

            @Override
            public void showFailure(CallFailure failure) {
                d.showFailure(failure);
            }

            @Override
            public void showInformation(String title, String message) {
                d.showInformation(title, message);
            }

            @Override
            public void showResults(String title, String summary, List<? extends ItemOutcome<?>> outcomes) {
                d.showResults(title, summary, outcomes);
            }

            @Override
            public boolean showForm(org.csiconsole.views.form.Form form) {
                return d.showForm(form);
            }

            @Override
            public boolean submitForm(org.csiconsole.views.form.Form form,
                                      Function<org.csiconsole.views.form.Form, org.csiconsole.views.task.UiTask<?>> submit) {
                return d.submitForm(form, submit);
            }
        };
    }

    /** Opens both connections (site-a, site-b) with storage. */
    ReplicationFixture open() {
        connections.add(connection("site-a", portA));
        connections.add(connection("site-b", portB));
        return this;
    }

    static ConnectionModel connection(String name, FakeReplication.Port port) {
        ConnectionModel c = new ConnectionModel(ConnectionProfile.csi(name, "unix:///run/" + name + ".sock"));
        c.storageProperty().set(FakeReplication.storage(port));
        c.stateProperty().set(org.csiconsole.core.session.ConnectionState.CONNECTED);
        return c;
    }

    FakeReplication.Sampler samplerA() {
        return services.samplers.get("site-a");
    }

    FakeReplication.Sampler samplerB() {
        return services.samplers.get("site-b");
    }

    /** The rows of {@code site}, by id. */
    ReplicationRow row(String site, String id) {
        return model.table().all().stream().filter(r -> r.site().name().equals(site) && r.source().id().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError("no row " + id + " on " + site + " in " + model.table().all()));
    }

    PairRow pair(String idA) {
        return model.pairs().all().stream().filter(p -> p.sideA() != null && p.sideA().source().id().equals(idA)).findFirst()
                .orElseThrow(() -> new AssertionError("no pair of " + idA));
    }
}
