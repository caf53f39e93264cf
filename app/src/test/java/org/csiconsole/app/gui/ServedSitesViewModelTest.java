package org.csiconsole.app.gui;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.csiconsole.app.audit.LazyAuditLog;
import org.csiconsole.app.gui.connect.ConnectionManager;
import org.csiconsole.app.gui.connect.Sessions;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.reference.SiteScope;
import org.csiconsole.core.reference.csi.NodePaths;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.replication.PairMismatch;
import org.csiconsole.core.replication.RunOutcome;
import org.csiconsole.core.replication.WorkflowKind;
import org.csiconsole.core.session.Backoff;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.storage.KubernetesExports;
import org.csiconsole.core.store.ProfileStore;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.connection.ConnectionDialogs;
import org.csiconsole.views.connection.CspLogin;
import org.csiconsole.views.dialog.DialogService;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.replication.PairRow;
import org.csiconsole.views.replication.ReplicationCommands;
import org.csiconsole.views.replication.ReplicationDialogs;
import org.csiconsole.views.replication.ReplicationRow;
import org.csiconsole.views.replication.ReplicationViewModel;
import org.csiconsole.views.replication.SiteChoice;
import org.csiconsole.views.replication.WorkflowWizardModel;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.workbench.ConnectionModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The bundled reference plugin served on a real unix socket and opened as a connection named "Served", wired as the
 * application wires it: a driver serving both arrays behind one socket is two sites, named by what it reports for each
 * volume (its accessible_topology), and every DR workflow is offered within that one connection; a driver serving one
 * array is one site named after its connection.
 */
class ServedSitesViewModelTest {
    @TempDir
    Path dir;

    private final LinkedBlockingQueue<Runnable> ui = new LinkedBlockingQueue<>();
    private final ObservableList<ConnectionModel> connections = FXCollections.observableArrayList();
    private ReferencePlugin plugin;
    private Sessions sessions;
    private ConnectionManager manager;
    private LazyAuditLog audit;
    private ConsoleReplication replication;
    private ReplicationViewModel model;
    /** The wizards the commands opened, in order. */
    private final List<WorkflowWizardModel> wizards = new java.util.ArrayList<>();

    @AfterEach
    void stop() {
        if (model != null) model.dispose();
        if (replication != null) replication.close();
        if (manager != null) manager.close();
        if (sessions != null) sessions.close();
        if (audit != null) audit.close();
        if (plugin != null) plugin.close();
    }

    /** Serves the demo seed on a unix socket ({@code scope}'s arrays) and opens it as "Served" in a Replication view model. */
    private void open(SiteScope scope) throws Exception {
        plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.DEMO).nodePaths(NodePaths.Mode.SANDBOX).start();
        Path socket = dir.resolve("csi.sock");
        plugin.serve(new ReferencePlugin.Sockets(socket, Optional.empty(), Optional.empty(), Optional.empty(), scope));
        audit = new LazyAuditLog(dir.resolve("data"));
        sessions = new Sessions(ui::add, new CallTrace(), new Backoff(Duration.ofMillis(10), Duration.ofMillis(50)), Duration.ofMillis(20),
                dir.resolve("demo"), audit);
        manager = new ConnectionManager(connections, new ProfileStore(dir.resolve("config")), new NoConnectionDialogs(), dialogs(),
                new Notifications(), sessions);
        ConnectionModel served = manager.add(ConnectionProfile.csi("Served", "unix://" + socket));
        manager.connect(served);
        pumpUntil(() -> served.stateProperty().get() == ConnectionState.CONNECTED && served.storage() != null);
        replication = new ConsoleReplication(manager, new ConnectionRecords(audit, new KubernetesExports())::book);
        ActionRunner actions = new ActionRunner(new TaskRunner(ui::add), new Notifications(), dialogs());
        model = new ReplicationViewModel(connections, replication, x -> new ReplicationCommands(x, actions, new Wizards()),
                ui::add, Runnable::run);
        model.activate();
    }

    @Test
    void aDriverServingBothArraysOnOneSocketIsTwoSitesNamedByEachVolumesTopologyWithEveryDrWorkflowOffered() throws Exception {
        open(SiteScope.ALL);
        pumpUntil(() -> model.sites().size() == 2 && !model.pairs().all().isEmpty());

        assertThat(model.sites()).extracting(SiteChoice::label).containsExactly("site-a \u00b7 Served", "site-b \u00b7 Served");
        assertThat(model.siteAProperty().get().label()).isEqualTo("site-a \u00b7 Served");
        assertThat(model.siteBProperty().get().label()).isEqualTo("site-b \u00b7 Served");
        assertThat(model.siteNoteProperty().get()).as("the default sites stand side by side").isEmpty();
        // each row is on the array the plugin holds its volume or group on
        for (ReplicationRow row : model.table().all()) {
            String array = row.source().group() ? plugin.model().groups().get(row.source().id()).orElseThrow().array()
                    : plugin.model().volumes().get(row.source().id()).orElseThrow().array();
            assertThat(row.site().site()).as(row.source().id()).isEqualTo(array);
        }
        assertThat(model.table().all()).extracting(r -> r.site().site()).contains("site-a", "site-b");

        ReplicationCommands commands = model.commands();
        PairRow split = model.pairs().all().stream().filter(p -> p.mismatch() == PairMismatch.BOTH_PRIMARY).findFirst().orElseThrow();
        model.selectedPairs().setAll(split);
        assertThat(commands.wizardAction(WorkflowKind.SPLIT_BRAIN_RECOVERY).enabled().get())
                .as(commands.wizardAction(WorkflowKind.SPLIT_BRAIN_RECOVERY).disabledReason().get()).isTrue();

        PairRow healthy = model.pairs().all().stream().filter(p -> p.mismatch() == PairMismatch.NONE && p.sideA() != null
                && p.sideB() != null && p.sideA().role() == VolumeReplicationRole.PRIMARY).findFirst().orElseThrow();
        model.selectedPairs().setAll(healthy);
        for (WorkflowKind k : List.of(WorkflowKind.PLANNED_FAILOVER, WorkflowKind.UNPLANNED_FAILOVER)) {
            assertThat(commands.wizardAction(k).enabled().get()).as(k + ": " + commands.wizardAction(k).disabledReason().get()).isTrue();
        }

        ReplicationRow secondary = model.table().all().stream().filter(r -> r.sample() == healthy.sideB()).findFirst().orElseThrow();
        model.selectedRows().setAll(secondary);
        for (var action : List.of(commands.promoteAction(), commands.demoteAction(), commands.resyncAction())) {
            assertThat(action.enabled().get()).as(action.label() + ": " + action.disabledReason().get()).isTrue();
        }
    }

    @Test
    void aSplitBrainOfTheSocketIsRecoveredThroughTheWizardWithinThatOneConnection() throws Exception {
        open(SiteScope.ALL);
        plugin.replicationFaults().resyncDuration(Duration.ofMillis(50)).get(10, TimeUnit.SECONDS);
        pumpUntil(() -> model.pairs().all().stream().anyMatch(p -> p.mismatch() == PairMismatch.BOTH_PRIMARY));
        PairRow split = model.pairs().all().stream().filter(p -> p.mismatch() == PairMismatch.BOTH_PRIMARY).findFirst().orElseThrow();
        model.selectedPairs().setAll(split);

        assertThat(model.commands().wizardAction(WorkflowKind.SPLIT_BRAIN_RECOVERY).run()).isTrue();
        WorkflowWizardModel wizard = wizards.get(0);
        assertThat(wizard.survivorProperty().get()).as("no default survivor").isNull();
        wizard.keep(wizard.siteAProperty().get());
        assertThat(wizard.typed()).extracting(WorkflowWizardModel.TypedName::name).containsExactly(split.sideB().item().displayName());
        wizard.typed().get(0).typed().set(split.sideB().item().displayName());
        // the pre-flight checks read both sides through the socket first
        pumpUntil(() -> wizard.phaseProperty().get() == WorkflowWizardModel.Phase.READY);
        assertThat(wizard.canRun().get()).as(wizard.checks() + " " + wizard.messageProperty().get()).isTrue();
        wizard.run();
        pumpUntil(() -> wizard.phaseProperty().get() == WorkflowWizardModel.Phase.FINISHED);

        assertThat(wizard.resultProperty().get().outcome()).as(wizard.messageProperty().get()).isEqualTo(RunOutcome.SUCCEEDED);
        // the survivor on site-a stays primary; the discarded side on site-b is secondary again, both through one socket
        pumpUntil(() -> wizard.items().get(0).to() != null && wizard.items().get(0).to().role() == VolumeReplicationRole.SECONDARY);
        assertThat(wizard.items().get(0).from().role()).isEqualTo(VolumeReplicationRole.PRIMARY);
    }

    @Test
    void aDriverServingOneArrayIsOneSiteNamedAfterItsConnection() throws Exception {
        open(SiteScope.of("site-a"));
        pumpUntil(() -> !model.table().all().isEmpty() && model.siteAProperty().get() != null);

        assertThat(model.sites()).extracting(SiteChoice::label).containsExactly("Served");
        assertThat(model.table().all()).extracting(r -> r.site().label()).containsOnly("Served");
        assertThat(model.siteBProperty().get()).isNull();
    }

    private void pumpUntil(BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("condition not reached within 60 s");
            Runnable r = ui.poll(50, TimeUnit.MILLISECONDS);
            if (r != null) r.run();
        }
    }

    private static DialogService dialogs() {
        return new DialogService() {
            @Override
            public boolean confirm(String title, String message, String actionLabel) {
                return false;
            }

            @Override
            public boolean confirmByTyping(String title, String message, String expected, String actionLabel) {
                return false;
            }

            @Override
            public void showFailure(CallFailure failure) {
                throw new AssertionError(failure.describe());
            }

            @Override
            public void showInformation(String title, String message) {
            }
        };
    }

    private static final class NoConnectionDialogs implements ConnectionDialogs {
        @Override
        public Optional<ConnectionProfile> editProfile(ConnectionProfile existing, Set<String> takenNames) {
            return Optional.empty();
        }

        @Override
        public Optional<char[]> askPassword(ConnectionProfile profile) {
            return Optional.empty();
        }

        @Override
        public boolean trustCertificate(String url, String subject, String fingerprint) {
            return false;
        }

        @Override
        public Optional<CspLogin> askLogin(ConnectionProfile profile) {
            return Optional.empty();
        }
    }

    /** Keeps each wizard the commands open, as its dialog would show it. */
    private final class Wizards implements ReplicationDialogs {
        @Override
        public boolean showResults(String title, String summary, List<? extends org.csiconsole.views.task.ItemOutcome<?>> outcomes,
                                   boolean retryable) {
            return false;
        }

        @Override
        public void showWizard(WorkflowWizardModel wizard) {
            wizards.add(wizard);
        }
    }
}
