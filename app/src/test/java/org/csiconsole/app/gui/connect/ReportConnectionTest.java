package org.csiconsole.app.gui.connect;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.reference.csi.NodePaths;
import org.csiconsole.core.session.Backoff;
import org.csiconsole.core.session.ConnectionKind;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.storage.ReportStorage;
import org.csiconsole.core.store.ProfileStore;
import org.csiconsole.core.trouble.Probe;
import org.csiconsole.core.trouble.ProbeOptions;
import org.csiconsole.core.trouble.ProbeReport;
import org.csiconsole.core.trouble.ProbeTarget;
import org.csiconsole.core.trouble.ReportFiles;
import org.csiconsole.core.trouble.TroubleReport;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.volumes.VolumesViewModel;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.ResourceKind;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A saved report of the reference plugin (seeded with the demo), opened after the plugin has
 * stopped: it becomes a read-only connection whose views show the report's data, whose changes are
 * unavailable, and which is never saved as a profile. No toolkit: UI work is pumped by the test.
 */
class ReportConnectionTest {
    @TempDir
    static Path dir;
    /** The report written once for every test, read back from its file as the console reads it. */
    private static Path file;
    private static TroubleReport report;

    private final LinkedBlockingQueue<Runnable> ui = new LinkedBlockingQueue<>();
    private final ObservableList<ConnectionModel> connections = FXCollections.observableArrayList();
    private final ConnectionManagerTest.RecordingDialogs dialogs = new ConnectionManagerTest.RecordingDialogs();
    private final CallTrace consoleTrace = new CallTrace();
    private final Notifications notifications = new Notifications();
    private ProfileStore store;
    private Sessions sessions;
    private ConnectionManager manager;

    @BeforeEach
    void setUp() throws Exception {
        if (report == null) writeReport();
        store = new ProfileStore(dir.resolve("config"));
        sessions = new Sessions(ui::add, consoleTrace, new Backoff(Duration.ofMillis(10), Duration.ofMillis(50)), Duration.ofMillis(20));
        manager = new ConnectionManager(connections, store, new ConnectionManagerTest.FakeConnectionDialogs(), dialogs, notifications,
                sessions);
    }

    /** Probes the reference plugin on a unix socket, writes report.json, and stops the plugin: the driver is gone. */
    private static void writeReport() throws Exception {
        Path socket = Files.createDirectories(dir.resolve("kubelet/plugins/" + ReferencePlugin.PLUGIN_NAME)).resolve("csi.sock");
        try (ReferencePlugin plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.DEMO).nodeId("node-1")
                .nodePaths(NodePaths.Mode.HOST).start()) {
            plugin.serve(socket, Optional.empty());
            CallTrace calls = new CallTrace(50_000);
            ProbeReport probe = Probe.run(ProbeTarget.of(new Endpoint.Unix(socket)),
                    ProbeOptions.defaults().withKubeletRoot(dir.resolve("kubelet")), calls, e -> { });
            ReportFiles.write(new TroubleReport(TroubleReport.FORMAT, "1.0.0", Instant.now(), Map.of("host", "node-1"),
                    probe.endpoint(), null, probe, null, calls.snapshot(), null), dir.resolve("case"));
        }
        file = dir.resolve("case").resolve(ReportFiles.JSON_NAME);
        report = ReportFiles.read(file);
    }

    @AfterEach
    void tearDown() {
        manager.close();
        sessions.close();
    }

    /** Runs posted UI work until {@code done} holds, then what is still queued; fails after 60 s. */
    private void pumpUntil(BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!done.getAsBoolean()) {
            Runnable r = ui.poll(Math.max(1, deadline - System.nanoTime()), TimeUnit.NANOSECONDS);
            if (r == null) throw new AssertionError("the condition was not reached in 60 s");
            r.run();
        }
        for (Runnable r; (r = ui.poll()) != null; ) r.run();
    }

    private VolumesViewModel volumesOf(ConnectionModel c) throws InterruptedException {
        ActionRunner actions = new ActionRunner(new TaskRunner(ui::add), notifications, dialogs);
        VolumesViewModel m = new VolumesViewModel(new ViewContext(c.storage(), actions, ui::add, c.name()));
        m.activate();
        pumpUntil(() -> !m.loadingProperty().get() && !m.table().all().isEmpty());
        return m;
    }

    @Test
    void openingASavedReportAddsAReadOnlyConnectionWhoseVolumesAreTheReportsVolumes() throws Exception {
        List<String> listed = report.probe().volumes().stream().map(Volume::volumeId).toList();
        assertThat(listed).as("the demo seed's volumes, as the probe listed them").hasSizeGreaterThan(100)
                .hasSize((int) report.probe().volumeCount());

        ConnectionModel c = manager.openReport(file, report);
        pumpUntil(() -> c.count(ResourceKind.VOLUMES).get() >= 0);
        VolumesViewModel volumes = volumesOf(c);

        assertThat(connections).containsExactly(c);
        assertThat(c.profile().kind()).isEqualTo(ConnectionKind.REPORT);
        assertThat(c.name()).startsWith("report: " + ReferencePlugin.PLUGIN_NAME + " 20");
        assertThat(c.stateProperty().get()).isEqualTo(ConnectionState.OFFLINE);
        assertThat(c.noteProperty().get()).contains("read-only").contains(report.endpoint());
        assertThat(c.pluginNameProperty().get()).isEqualTo(ReferencePlugin.PLUGIN_NAME);
        assertThat(c.count(ResourceKind.VOLUMES).get()).isEqualTo(listed.size());
        assertThat(volumes.table().all()).extracting(Volume::volumeId).containsExactlyInAnyOrderElementsOf(listed);
        assertThat(c.recordedCallsProperty().get()).hasSameSizeAs(report.trace()).isNotEmpty();
        assertThat(consoleTrace.snapshot()).as("nothing was sent anywhere").isEmpty();
    }

    @Test
    void theNetworkFenceOfASavedReportIsWhatItsProbeReadNotCannotList() throws Exception {
        assertThat(report.probe().fences()).as("the demo fences a block, and its ListClusterFence lists it").isNotEmpty();

        ConnectionModel c = manager.openReport(file, report);
        pumpUntil(() -> c.count(ResourceKind.FENCES).get() != ConnectionModel.UNKNOWN);

        assertThat(c.count(ResourceKind.FENCES).get()).isEqualTo(report.probe().fences().size());
        assertThat(c.partial(ResourceKind.FENCES).get()).isEmpty();
    }

    /** {@link #report} with its probe's fence listing replaced: not kept ({@code fences} null), or failed with {@code failure}. */
    private static TroubleReport withFences(List<String> fences, String failure) {
        ProbeReport p = report.probe();
        Map<String, String> facts = new java.util.HashMap<>(p.facts());
        if (failure != null) facts.put(ProbeReport.FENCE_FAILURE, failure);
        ProbeReport q = new ProbeReport(p.endpoint(), p.nodeEndpoint(), p.addonsEndpoint(), p.started(), p.took(), p.reachable(), p.plugin(),
                p.capabilities(), p.addonsCapabilities(), p.nodeInfo(), p.volumeCount(), p.snapshotCount(), p.checks(), p.timings(), facts,
                p.volumes(), p.snapshots(), fences);
        return new TroubleReport(report.format(), report.consoleVersion(), report.created(), report.environment(), report.endpoint(),
                report.discovery(), q, report.exercise(), report.trace(), report.driverLog());
    }

    @Test
    void aReportThatDidNotKeepTheFencesSaysNotInReportAndOneWhoseListingFailedGivesTheDriversWords() throws Exception {
        ConnectionModel old = manager.openReport(file, withFences(null, null));
        pumpUntil(() -> old.count(ResourceKind.FENCES).get() != ConnectionModel.UNKNOWN);
        assertThat(old.count(ResourceKind.FENCES).get()).isEqualTo(ConnectionModel.NOT_RECORDED);
        assertThat(old.partial(ResourceKind.FENCES).get()).startsWith("The report records no fenced networks: ")
                .contains("make a new report");

        String words = "ListClusterFence: the plugin failed (INTERNAL): panic: runtime error: invalid memory address";
        ConnectionModel failed = manager.openReport(dir.resolve("other/report.json"), withFences(null, words));
        pumpUntil(() -> failed.count(ResourceKind.FENCES).get() != ConnectionModel.UNKNOWN);
        assertThat(failed.count(ResourceKind.FENCES).get()).isEqualTo(ConnectionModel.CANNOT_LIST);
        assertThat(failed.partial(ResourceKind.FENCES).get()).contains("cannot list fenced networks").contains(words);
    }

    @Test
    void everyChangeOnTheReportsVolumesIsUnavailableWithTheReadOnlyReason() throws Exception {
        ConnectionModel c = manager.openReport(file, report);
        VolumesViewModel volumes = volumesOf(c);
        volumes.selectedProperty().set(volumes.table().all().get(0));
        pumpUntil(() -> true);

        for (ViewAction a : List.of(volumes.createAction(), volumes.expandAction(), volumes.cloneAction(), volumes.modifyAction(),
                volumes.deleteAction(), volumes.publishAction(), volumes.snapshotAction(), volumes.nodeStageAction(),
                volumes.nodePublishAction(), volumes.reclaimAction(), volumes.rotateKeyAction())) {
            assertThat(a.enabled().get()).as(a.label()).isFalse();
            assertThat(a.disabledReason().get()).as(a.label()).startsWith(ReportStorage.READ_ONLY);
        }
        assertThat(volumes.refreshAction().enabled().get()).as("reading the report again").isTrue();
        assertThat(consoleTrace.snapshot()).isEmpty();
    }

    @Test
    void aReportIsNeverSavedAsAConnectionAndClosingItRemovesIt() throws Exception {
        ConnectionModel c = manager.openReport(file, report);
        ConnectionModel again = manager.openReport(file, report);
        pumpUntil(() -> c.count(ResourceKind.VOLUMES).get() >= 0);

        assertThat(again).as("the same file opened twice").isSameAs(c);
        assertThat(store.load()).isEmpty();
        assertThat(manager.save(c.profile())).isTrue();
        assertThat(store.load()).as("saving a report's profile saves nothing").isEmpty();

        manager.remove(c);

        assertThat(connections).as("closed without a confirmation (the dialogs here answer No): its file stays").isEmpty();
        assertThat(c.storage()).isNull();
        assertThat(manager.session(c)).isNull();
        assertThat(Files.exists(file)).isTrue();
        assertThat(store.load()).isEmpty();
    }

    @Test
    void anotherReportOfTheSameNameGetsANumber() throws Exception {
        Path copy = Files.createDirectories(dir.resolve("copy")).resolve(ReportFiles.JSON_NAME);
        Files.copy(file, copy, java.nio.file.StandardCopyOption.REPLACE_EXISTING);

        ConnectionModel first = manager.openReport(file, report);
        ConnectionModel second = manager.openReport(copy, ReportFiles.read(copy));

        assertThat(second.name()).isEqualTo(first.name() + " (2)");
        assertThat(second.profile().endpoint()).isEqualTo(copy.toAbsolutePath().toString());
    }

    @Test
    void connectingAClosedReportReadsItFromItsFileAgain() throws Exception {
        ConnectionModel c = manager.openReport(file, report);
        pumpUntil(() -> c.count(ResourceKind.VOLUMES).get() >= 0);
        manager.remove(c);
        ConnectionModel reopened = manager.add(c.profile());

        manager.connect(reopened);
        pumpUntil(() -> reopened.stateProperty().get() == ConnectionState.OFFLINE && reopened.count(ResourceKind.VOLUMES).get() >= 0);

        assertThat(reopened.count(ResourceKind.VOLUMES).get()).isEqualTo(report.probe().volumes().size());
    }
}
