package org.csiconsole.views.replication;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.csiconsole.core.replication.ForceConfirmation;
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
    final Dialogs replicationDialogs = new Dialogs();
    final Notifications notifications = new Notifications();
    final ObservableList<ConnectionModel> connections = FXCollections.observableArrayList();
    final ReplicationViewModel model;

    /** Answers force confirmations and results as the test says, and records them. */
    static final class Dialogs implements ReplicationDialogs {
        final List<ForceFacts> forceAsked = new ArrayList<>();
        /** What the person types; null cancels. */
        String typed;
        final List<List<String>> results = new ArrayList<>();
        final List<String> summaries = new ArrayList<>();
        /** Whether the person presses Retry in the results dialog (once). */
        boolean retry;
        final List<WorkflowWizardModel> wizards = new ArrayList<>();
        Function<WorkflowWizardModel, Void> onWizard = w -> null;

        @Override
        public Optional<ForceConfirmation> confirmForce(ForceFacts facts) {
            forceAsked.add(facts);
            if (typed == null || !facts.matches(typed)) return Optional.empty();
            return Optional.of(facts.confirm(typed));
        }

        @Override
        public boolean showResults(String title, String summary, List<? extends ItemOutcome<?>> outcomes, boolean retryable) {
            summaries.add(summary);
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
        ActionRunner actions = new ActionRunner(new TaskRunner(ui), notifications, dialogs);
        model = new ReplicationViewModel(connections, services, m -> new ReplicationCommands(m, actions, replicationDialogs), ui, Runnable::run);
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
