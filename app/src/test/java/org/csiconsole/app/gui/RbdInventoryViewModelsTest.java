package org.csiconsole.app.gui;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.csiconsole.app.audit.LazyAuditLog;
import org.csiconsole.app.PvExportSample;
import org.csiconsole.app.gui.connect.ConnectionManager;
import org.csiconsole.app.gui.connect.Sessions;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.oddpeer.RbdLikeDriver;
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
import org.csiconsole.views.replication.ReplicationCommands;
import org.csiconsole.views.replication.ReplicationDialogs;
import org.csiconsole.views.replication.ReplicationRow;
import org.csiconsole.views.replication.ReplicationViewModel;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.volumes.VolumesViewModel;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.ResourceChanges;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The workbench against a driver shaped like ceph-csi's RBD driver (no LIST_VOLUMES), wired as the application wires
 * it: a PV export imported from the Volumes view is the connection's inventory, shown with each row's origin and still
 * there after a restart (a new audit log and record on the same data folder); the Replication perspective samples it.
 */
class RbdInventoryViewModelsTest {
    @TempDir
    Path dir;

    private final RbdLikeDriver rbd = new RbdLikeDriver();
    private final LinkedBlockingQueue<Runnable> ui = new LinkedBlockingQueue<>();
    private final List<CallFailure> failures = new ArrayList<>();
    private final ObservableList<ConnectionModel> connections = FXCollections.observableArrayList();
    private Sessions sessions;
    private ConnectionManager manager;
    private LazyAuditLog audit;
    private ConnectionModel connection;

    @BeforeEach
    void start() throws Exception {
        String endpoint = rbd.startInProcess("rbd-views-" + UUID.randomUUID()).text();
        rbd.images.add(PvExportSample.BOUND);
        rbd.images.add(PvExportSample.STATIC);
        rbd.mirrored.add(PvExportSample.BOUND);
        audit = new LazyAuditLog(dir.resolve("data"));
        sessions = new Sessions(ui::add, new CallTrace(), new Backoff(Duration.ofMillis(10), Duration.ofMillis(50)), Duration.ofMillis(20),
                dir.resolve("demo"), audit);
        manager = new ConnectionManager(connections, new ProfileStore(dir.resolve("config")), new NoConnectionDialogs(), dialogs(),
                new Notifications(), sessions);
        // the RBD-shaped driver refuses calls that carry secrets without them: the profile names a secrets file
        java.nio.file.Path secrets = java.nio.file.Files.writeString(dir.resolve("rbd-secrets.properties"), "userID=csi-rbd\nuserKey=not-a-real-key\n");
        connection = manager.add(ConnectionProfile.csi("rbd", endpoint)
                .withSecrets(org.csiconsole.core.session.SecretSources.allFrom(secrets.toString())));
        manager.connect(connection);
        pumpUntil(() -> connection.stateProperty().get() == ConnectionState.CONNECTED && connection.storage() != null);
    }

    @AfterEach
    void stop() throws Exception {
        manager.close();
        sessions.close();
        audit.close();
        rbd.close();
    }

    private void pumpUntil(BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("condition not reached within 60 s");
            Runnable r = ui.poll(50, TimeUnit.MILLISECONDS);
            if (r != null) r.run();
        }
    }

    private DialogService dialogs() {
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
                failures.add(failure);
            }

            @Override
            public void showInformation(String title, String message) {
            }
        };
    }

    private VolumesViewModel volumes(LazyAuditLog log) throws InterruptedException {
        ConnectionRecords records = new ConnectionRecords(log, new KubernetesExports());
        ActionRunner actions = new ActionRunner(new TaskRunner(ui::add), new Notifications(), dialogs());
        VolumesViewModel m = new VolumesViewModel(new ViewContext(connection.storage(), actions, ui::add, "rbd", new ResourceChanges(),
                records.known(connection)));
        m.activate();
        pumpUntil(() -> m.unsupportedProperty().get() && !m.loadingProperty().get());
        return m;
    }

    private Volume row(VolumesViewModel m, String id) {
        return m.table().all().stream().filter(v -> v.volumeId().equals(id)).findFirst().orElseThrow();
    }

    @Test
    void theImportedPvsAreTheVolumesViewsRowsWithTheirOriginAndSurviveARestart() throws Exception {
        Path export = dir.resolve("pv.json");
        Files.writeString(export, PvExportSample.PV_EXPORT);
        VolumesViewModel before = volumes(audit);
        assertThat(before.table().all()).isEmpty();

        before.setPvExportChooser(() -> Optional.of(export));
        before.importPvAction().run();
        pumpUntil(() -> before.table().all().size() == 2);

        assertThat(failures).isEmpty();
        assertThat(before.noteOf(row(before, PvExportSample.BOUND))).startsWith("imported from a PV export at ");
        assertThat(before.statusProperty().get()).contains("does not advertise LIST_VOLUMES")
                .startsWith("The 2 volumes shown are from the console's record of this connection, each noted with where it came from.");

        before.deactivate();
        for (Runnable r; (r = ui.poll()) != null; ) r.run();
        audit.close();
        try (LazyAuditLog restarted = new LazyAuditLog(dir.resolve("data"))) {
            VolumesViewModel after = volumes(restarted);

            assertThat(after.table().all()).extracting(Volume::volumeId)
                    .containsExactly(PvExportSample.BOUND, PvExportSample.STATIC);
            Volume bound = row(after, PvExportSample.BOUND);
            assertThat(bound.name()).isEqualTo("pvc-5b1c6a2e");
            assertThat(bound.capacityBytes()).isEqualTo(10L << 30);
            assertThat(bound.properties()).containsEntry("claim", "shop/data-postgres-0").containsEntry("storage_class", "rook-ceph-block");
            assertThat(after.noteOf(bound)).startsWith("imported from a PV export at ");
        }
    }

    @Test
    void aRecheckMarksTheIdTheDriverDoesNotHoldAndTheRowStaysWithTheMark() throws Exception {
        VolumesViewModel m = volumes(audit);
        ConnectionRecords records = new ConnectionRecords(audit, new KubernetesExports());
        records.book(connection).record(org.csiconsole.core.record.RecordedItem.of(org.csiconsole.core.record.RecordKind.VOLUME,
                PvExportSample.STATIC, "static-rbd-archive", null, org.csiconsole.core.record.RecordOrigin.PV_EXPORT, 0, java.util.Map.of(),
                java.time.Instant.now()));
        records.book(connection).record(org.csiconsole.core.record.RecordedItem.of(org.csiconsole.core.record.RecordKind.VOLUME,
                "vol-typo", "", null, org.csiconsole.core.record.RecordOrigin.PASTED_ID, 0, java.util.Map.of(), java.time.Instant.now()));
        pumpUntil(() -> m.table().all().size() == 2);

        m.recheckAction().run();
        pumpUntil(() -> m.noteOf(row(m, "vol-typo")).contains("gone at the driver since"));

        assertThat(m.noteOf(row(m, PvExportSample.STATIC))).doesNotContain("gone");
        assertThat(rbd.calls("GetVolumeReplicationInfo")).as("no GET_VOLUME: asked through csi-addons").isEqualTo(2);
        assertThat(failures).isEmpty();
    }

    @Test
    void theReplicationPerspectiveSamplesTheInventoryAndShowsEachRowsOrigin() throws Exception {
        Path export = dir.resolve("pv.json");
        Files.writeString(export, PvExportSample.PV_EXPORT);
        VolumesViewModel volumes = volumes(audit);
        volumes.setPvExportChooser(() -> Optional.of(export));
        volumes.importPvAction().run();
        pumpUntil(() -> volumes.table().all().size() == 2);

        try (ConsoleReplication replication = new ConsoleReplication(manager, new ConnectionRecords(audit, new KubernetesExports())::book)) {
            ActionRunner actions = new ActionRunner(new TaskRunner(ui::add), new Notifications(), dialogs());
            ReplicationViewModel m = new ReplicationViewModel(connections, replication,
                    x -> new ReplicationCommands(x, actions, new NoReplicationDialogs()), ui::add, Runnable::run);
            m.activate();
            pumpUntil(() -> m.table().all().size() == 2);

            ReplicationRow bound = m.table().all().stream().filter(r -> r.source().id().equals(PvExportSample.BOUND))
                    .findFirst().orElseThrow();
            assertThat(bound.name()).isEqualTo("pvc-5b1c6a2e");
            assertThat(bound.origin()).isEqualTo("imported from a PV export");
            assertThat(bound.health().name()).isEqualTo("HEALTHY");
            assertThat(rbd.calls("ListVolumes")).isZero();
            m.deactivate();
        }
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

    private static final class NoReplicationDialogs implements ReplicationDialogs {
        @Override
        public boolean showResults(String title, String summary, List<? extends org.csiconsole.views.task.ItemOutcome<?>> outcomes,
                                   boolean retryable) {
            return false;
        }

        @Override
        public void showWizard(org.csiconsole.views.replication.WorkflowWizardModel wizard) {
        }
    }
}
