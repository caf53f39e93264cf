package org.csiconsole.app.gui.connect;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.csp.CspClient;
import org.csiconsole.core.csp.CspConfig;
import org.csiconsole.core.csp.CspPassword;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.AccessProtocol;
import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.oddpeer.HpeLikeDriver;
import org.csiconsole.core.port.HostRequest;
import org.csiconsole.core.port.StorageService;
import org.csiconsole.core.port.VolumeRequest;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.session.Backoff;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.storage.CombinedStorage;
import org.csiconsole.core.storage.CsiStorage;
import org.csiconsole.core.storage.CspStorage;
import org.csiconsole.core.store.ProfileStore;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.hosts.HostRow;
import org.csiconsole.views.hosts.HostsViewModel;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.volumes.VolumesViewModel;
import org.csiconsole.views.workbench.ConnectionModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A driver shaped like the HPE CSI driver ({@code volume_id}s are CSP volume ids, no name or size
 * in ListVolumes, nothing listed before it has credentials) with the reference CSP for its array:
 * one connection correlates them as the demo does, in the views and in the sessions.
 */
class HpeLikePairTest {
    private static final String ARRAY_IP = "10.10.1.5";
    @TempDir
    Path dir;
    private final LinkedBlockingQueue<Runnable> ui = new LinkedBlockingQueue<>();
    private final ExecutorService io = Executors.newCachedThreadPool();
    private final HpeLikeDriver driver = new HpeLikeDriver(true);
    private ReferencePlugin plugin;
    private String cspUrl;
    private String driverName;
    private CspClient cspClient;
    private CsiClient csiClient;
    private CspStorage array;
    private Volume web;

    @BeforeEach
    void start() throws Exception {
        plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.EMPTY).start();
        cspUrl = plugin.startCsp(0);
        cspClient = CspClient.open(CspConfig.builder(cspUrl, "admin").arrayIp(ARRAY_IP).build(),
                CspPassword.of("admin".toCharArray()), new CallTrace(), io);
        array = new CspStorage(cspClient, "site-a");
        web = array.createVolume(new VolumeRequest("pvc-web", 1L << 30,
                List.of(VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4")), Map.of(), Map.of(), null)).get(30, TimeUnit.SECONDS);
        array.createHost(new HostRequest("worker-1", HpeLikeDriver.NODE_ID, List.of("iqn.2026-01.com.example:worker-1"), null, null,
                List.of("10.10.1.0/24"), "", null, AccessProtocol.ISCSI, "")).get(30, TimeUnit.SECONDS);
        driver.serving(web.volumeId(), HpeLikeDriver.NODE_ID);
        driverName = "hpe-like-" + UUID.randomUUID();
        driver.startInProcess(driverName);
    }

    @AfterEach
    void stop() throws Exception {
        if (csiClient != null) csiClient.close();
        cspClient.close();
        driver.close();
        plugin.close();
        io.shutdownNow();
    }

    private StorageService pair() {
        csiClient = CsiClient.open(new org.csiconsole.core.endpoint.Endpoint.InProcess(driverName), Optional.empty(),
                CsiClientOptions.defaults(), new CallTrace());
        return new CombinedStorage(new CsiStorage(csiClient, true), List.of(array));
    }

    private ViewContext context(StorageService storage) {
        ActionRunner actions = new ActionRunner(new TaskRunner(ui::add), new Notifications(), new ConnectionManagerTest.RecordingDialogs());
        return new ViewContext(storage, actions, ui::add, "hpe");
    }

    /** Runs UI work posted by background threads until {@code done} holds, then what is still queued; fails after 60 s. */
    private void pumpUntil(BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("not settled in 60 s");
            Runnable r = ui.poll(50, TimeUnit.MILLISECONDS);
            if (r != null) r.run();
        }
        for (Runnable r; (r = ui.poll()) != null; ) r.run();
    }

    private VolumesViewModel volumes(StorageService storage) throws InterruptedException {
        VolumesViewModel m = new VolumesViewModel(context(storage));
        m.activate();
        pumpUntil(() -> m.completeProperty().get() && !m.loadingProperty().get());
        return m;
    }

    @Test
    void beforeTheDriverHasCredentialsItsArraysVolumesAreStillShownFromTheCsp() throws Exception {
        VolumesViewModel m = volumes(pair());

        assertThat(m.table().all()).singleElement().satisfies(v -> {
            assertThat(v.volumeId()).isEqualTo(web.volumeId());
            assertThat(v.origin()).isEqualTo(Origin.CSP);
            assertThat(v.name()).isEqualTo("pvc-web");
        });
    }

    @Test
    void theDriversVolumeShowsTheCspsNameSizeAndTheHostItIsPublishedTo() throws Exception {
        driver.credentialsGiven();
        VolumesViewModel m = volumes(pair());

        Volume v = m.table().all().get(0);
        assertThat(m.table().all()).hasSize(1);
        assertThat(v.origin()).isEqualTo(Origin.BOTH);
        assertThat(v.name()).isEqualTo("pvc-web");
        assertThat(v.capacityBytes()).isEqualTo(1L << 30);
        assertThat(v.publishedNodeIds()).containsExactly(HpeLikeDriver.NODE_ID);
        m.selectedProperty().set(v);
        pumpUntil(() -> m.nodeState(v).contains("CSP host worker-1"));
        assertThat(m.nodeState(v)).contains("published to " + HpeLikeDriver.NODE_ID + " (CSP host worker-1) (reported by the driver)");
    }

    @Test
    void theCspHostListsTheVolumesPublishedToItsUuid() throws Exception {
        driver.credentialsGiven();
        HostsViewModel hosts = new HostsViewModel(context(pair()));
        hosts.activate();
        pumpUntil(() -> hosts.completeProperty().get() && !hosts.loadingProperty().get());
        HostRow worker = hosts.table().all().stream().filter(r -> r.name().equals("worker-1")).findFirst().orElseThrow();

        assertThat(worker.kind()).as("the host and the driver's node are one row").isEqualTo("CSP host + CSI node");
        hosts.publishedVolumes(worker);
        pumpUntil(() -> !hosts.publishedVolumes(worker).startsWith("Reading"));
        assertThat(hosts.publishedVolumes(worker)).isEqualTo("pvc-web  " + web.volumeId());
    }

    @Test
    void aCsiConnectionNamingItsCspLogsInWithTheAskedPasswordAndCorrelatesBoth() throws Exception {
        try (Harness h = new Harness()) {
            h.asks.password = "admin";
            ConnectionModel hpe = h.manager.add(ConnectionProfile.csiWithCsp("hpe", "inproc:" + driverName, cspUrl, "admin", ARRAY_IP));
            h.manager.connect(hpe);
            h.pumpUntil(() -> hpe.storage() instanceof CombinedStorage);

            assertThat(h.asks.passwordAsks).isEqualTo(1);
            assertThat(((CombinedStorage) hpe.storage()).arrays()).hasSize(1);
            assertThat(hpe.noteProperty().get()).doesNotContain("Array not connected");
        }
    }

    @Test
    void afterAWrongCspPasswordTheArrayIsLoggedInAgainWithoutClosingTheDriversSide() throws Exception {
        try (Harness h = new Harness()) {
            h.asks.password = "wrong";
            ConnectionModel hpe = h.manager.add(ConnectionProfile.csiWithCsp("hpe", "inproc:" + driverName, cspUrl, "admin", ARRAY_IP));
            h.manager.connect(hpe);
            // the driver answers, the array's login failed: up, and not a plain Connected (CredentialHealth)
            h.pumpUntil(() -> hpe.arrayNotReachedProperty().get() && hpe.stateProperty().get().up());
            assertThat(hpe.storage()).isInstanceOf(CsiStorage.class);

            h.asks.password = "admin";
            h.manager.logInAgain(hpe);
            h.pumpUntil(() -> hpe.storage() instanceof CombinedStorage);

            assertThat(h.asks.passwordAsks).as("the password is asked again").isEqualTo(2);
            assertThat(hpe.arrayNotReachedProperty().get()).isFalse();
            assertThat(hpe.stateProperty().get()).isEqualTo(ConnectionState.CONNECTED);
            assertThat(hpe.noteProperty().get()).doesNotContain("Array not connected");
        }
    }

    @Test
    void aCsiConnectionSharesAnOpenCspConnectionToItsArrayWithoutAskingAgain() throws Exception {
        try (Harness h = new Harness()) {
            h.asks.password = "admin";
            ConnectionModel csp = h.manager.add(ConnectionProfile.csp("site-a", cspUrl, "admin", ARRAY_IP));
            h.manager.connect(csp);
            h.pumpUntil(() -> csp.stateProperty().get() == ConnectionState.CONNECTED);
            ConnectionModel hpe = h.manager.add(ConnectionProfile.csiWithCsp("hpe", "inproc:" + driverName, cspUrl, "admin", ARRAY_IP));
            h.manager.connect(hpe);
            h.pumpUntil(() -> hpe.storage() instanceof CombinedStorage);

            assertThat(h.asks.passwordAsks).as("asked for the CSP connection only").isEqualTo(1);
            assertThat(((CombinedStorage) hpe.storage()).arrays()).containsExactly((CspStorage) csp.storage());

            h.manager.disconnect(csp);
            h.pumpUntil(() -> !(hpe.storage() instanceof CombinedStorage));
            assertThat(hpe.storage()).isInstanceOf(CsiStorage.class);
            assertThat(hpe.noteProperty().get()).contains("Array not connected").contains("site-a");
        }
    }

    /** A connection manager with sessions whose UI work runs when pumped. */
    private final class Harness implements AutoCloseable {
        final ConnectionManagerTest.FakeConnectionDialogs asks = new ConnectionManagerTest.FakeConnectionDialogs();
        final ProfileStore store = new ProfileStore(dir.resolve("config"));
        final Sessions sessions = new Sessions(ui::add, new CallTrace(), new Backoff(Duration.ofMillis(10), Duration.ofMillis(50)),
                Duration.ofMillis(20));
        final ObservableList<ConnectionModel> connections = FXCollections.observableArrayList();
        final ConnectionManager manager = new ConnectionManager(connections, store, asks, new ConnectionManagerTest.RecordingDialogs(),
                new Notifications(), sessions);

        void pumpUntil(BooleanSupplier done) throws InterruptedException {
            HpeLikePairTest.this.pumpUntil(done);
        }

        @Override
        public void close() {
            manager.close();
            sessions.close();
        }
    }
}
