package org.csiconsole.app.gui.connect;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureOwner;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.oddpeer.HpeLikeDriver;
import org.csiconsole.core.oddpeer.MinimalCsiDriver;
import org.csiconsole.core.port.Feature;
import org.csiconsole.core.port.StorageService;
import org.csiconsole.core.session.Backoff;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.storage.CsiStorage;
import org.csiconsole.core.store.ProfileStore;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.plugin.CapabilityRow;
import org.csiconsole.views.plugin.PluginViewModel;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.volumes.VolumesViewModel;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.ResourceKind;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * A connection state that tells the truth: a driver restarted with fewer capabilities re-gates the
 * views; Disconnect then Connect gives a working channel while the old one is the console's own
 * closed channel; a regular file as socket is diagnosed as the command line does; counts of a
 * service the driver does not serve say so, and counts follow the console's own changes.
 */
class ConnectionTruthTest {
    @TempDir
    Path dir;
    private final LinkedBlockingQueue<Runnable> ui = new LinkedBlockingQueue<>();
    private final String name = "truth-" + UUID.randomUUID();
    private HpeLikeDriver driver = new HpeLikeDriver(true);
    private CsiClient client;
    private Sessions sessions;
    private ConnectionManager manager;

    @AfterEach
    void stop() throws Exception {
        if (manager != null) manager.close();
        if (sessions != null) sessions.close();
        if (client != null) client.close();
        driver.close();
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

    private ViewContext context(StorageService storage) {
        ActionRunner actions = new ActionRunner(new TaskRunner(ui::add), new Notifications(), new ConnectionManagerTest.RecordingDialogs());
        return new ViewContext(storage, actions, ui::add, "truth");
    }

    private final CallTrace trace = new CallTrace();

    private ConnectionModel connectThroughManager(ConnectionProfile profile) throws InterruptedException {
        sessions = new Sessions(ui::add, trace, new Backoff(Duration.ofMillis(10), Duration.ofMillis(50)), Duration.ofMillis(20));
        manager = new ConnectionManager(FXCollections.observableArrayList(), new ProfileStore(dir.resolve("config")),
                new ConnectionManagerTest.FakeConnectionDialogs(), new ConnectionManagerTest.RecordingDialogs(), new Notifications(), sessions);
        ConnectionModel m = manager.add(profile);
        manager.connect(m);
        return m;
    }

    private static boolean advertised(PluginViewModel plugin, String capability) {
        return plugin.table().all().stream().anyMatch(r -> r.name().equals(capability) && r.advertised());
    }

    @Test
    void aDriverRestartedWithoutPublishUnpublishReGatesThePluginAndVolumeViewsOnF5() throws Exception {
        driver.startInProcess(name);
        client = CsiClient.open(new Endpoint.InProcess(name), Optional.empty(), CsiClientOptions.defaults(), new CallTrace());
        CsiStorage storage = new CsiStorage(client, true);
        PluginViewModel plugin = new PluginViewModel(context(storage));
        VolumesViewModel volumes = new VolumesViewModel(context(storage));
        plugin.activate();
        volumes.activate();
        pumpUntil(() -> !plugin.table().all().isEmpty() && volumes.completeProperty().get());
        assertThat(advertised(plugin, "PUBLISH_UNPUBLISH_VOLUME")).isTrue();
        assertThat(volumes.features().available(Feature.CONTROLLER_PUBLISH)).isTrue();

        driver.close();
        driver = new HpeLikeDriver(false);
        driver.startInProcess(name);
        assertThat(plugin.refreshAction().run()).isTrue();
        assertThat(volumes.refreshAction().run()).isTrue();
        pumpUntil(() -> !advertised(plugin, "PUBLISH_UNPUBLISH_VOLUME") && !volumes.features().available(Feature.CONTROLLER_PUBLISH)
                && !plugin.loadingProperty().get() && !volumes.loadingProperty().get());

        assertThat(plugin.table().all()).extracting(CapabilityRow::name).contains("PUBLISH_UNPUBLISH_VOLUME");
        assertThat(volumes.features().available(Feature.CONTROLLER_PUBLISH)).as("Stage no longer waits for a publish").isFalse();
    }

    @Test
    void disconnectThenConnectGivesAWorkingChannelAndTheOldOneFailsAsTheConsolesOwn() throws Exception {
        driver.credentialsGiven();
        driver.serving("vol-1", HpeLikeDriver.NODE_ID);
        driver.startInProcess(name);
        ConnectionModel m = connectThroughManager(ConnectionProfile.csi("hpe", "inproc:" + name));
        pumpUntil(() -> m.stateProperty().get() == ConnectionState.CONNECTED && m.storage() != null);
        StorageService before = m.storage();

        manager.disconnect(m);
        manager.connect(m);
        pumpUntil(() -> m.stateProperty().get() == ConnectionState.CONNECTED && m.storage() != null);
        StorageService after = m.storage();

        assertThat(after).isNotSameAs(before);
        java.util.List<org.csiconsole.core.model.Volume> read = new java.util.concurrent.CopyOnWriteArrayList<>();
        assertThat(after.listVolumes(PageSink.unpaced(read::addAll)).get(30, TimeUnit.SECONDS)).isEmpty();
        assertThat(read).extracting(org.csiconsole.core.model.Volume::volumeId).containsExactly("vol-1");
        // A view still holding the old storage learns whose failure it is: the console's, not the driver's.
        java.util.concurrent.atomic.AtomicReference<Throwable> failed = new java.util.concurrent.atomic.AtomicReference<>();
        pumpUntil(() -> {
            failed.set(catchThrowable(() -> before.listVolumes(PageSink.unpaced(p -> { })).get(30, TimeUnit.SECONDS)));
            return failed.get() != null; // the old session's client closes in the background
        });
        CallFailure f = CallFailure.unwrap(failed.get());
        assertThat(f.owner()).isEqualTo(FailureOwner.CONSOLE);
        assertThat(f.why()).doesNotContain("plugin says").contains("already closed its channel");
    }

    @Test
    void aRegularFileAsSocketIsDiagnosedInTheConnectionAsOnTheCommandLineAndNeverLeftConnecting() throws Exception {
        Path file = Files.writeString(dir.resolve("csi.sock"), "not a socket");
        String cli = new org.csiconsole.core.endpoint.SocketDiagnostics().check(file).orElseThrow().why();
        ConnectionModel m = connectThroughManager(ConnectionProfile.csi("lab", "unix://" + file));

        pumpUntil(() -> m.stateProperty().get() == ConnectionState.CANNOT_CONNECT);

        assertThat(cli).contains("is a regular file, not a unix socket");
        assertThat(m.noteProperty().get()).containsIgnoringCase(cli).doesNotContain("not running");
    }

    @Test
    void groupsOfADriverThatDoesNotServeThemAreCountedAsNotServedNeverZero() throws Exception {
        try (MinimalCsiDriver minimal = new MinimalCsiDriver()) {
            Endpoint ep = minimal.startInProcess("truth-minimal-" + UUID.randomUUID());
            client = CsiClient.open(ep, Optional.empty(), CsiClientOptions.defaults(), new CallTrace());
            CsiStorage storage = new CsiStorage(client, true);
            ConnectionModel model = new ConnectionModel(ConnectionProfile.demo());
            model.storageProperty().set(storage);

            Counts.refresh(model, storage, Runnable::run).get(60, TimeUnit.SECONDS);

            for (ResourceKind k : new ResourceKind[]{ResourceKind.VOLUME_GROUPS, ResourceKind.SNAPSHOT_GROUPS}) {
                assertThat(model.count(k).get()).as(k.name()).isEqualTo(ConnectionModel.NOT_SERVED);
                assertThat(model.partial(k).get()).as(k.name()).startsWith("Not served: ");
            }
        }
    }

    @Test
    void aCsiConnectionsCountsFollowTheConsolesOwnChangesWithoutOpeningTheView() throws Exception {
        driver.credentialsGiven();
        driver.startInProcess(name);
        ConnectionModel m = connectThroughManager(ConnectionProfile.csi("hpe", "inproc:" + name));
        pumpUntil(() -> m.count(ResourceKind.VOLUMES).get() == 0);

        driver.serving("vol-new", HpeLikeDriver.NODE_ID);
        m.changes().tell(ResourceKind.VOLUMES, "Created volume vol-new", this);

        pumpUntil(() -> m.count(ResourceKind.VOLUMES).get() == 1);
    }
    @Test
    void aConnectionWhoseDriverRefusesItsSecretsIsDegradedNotConnectedAndSaysWhereToGiveThem() throws Exception {
        driver.startInProcess(name);
        ConnectionModel m = connectThroughManager(ConnectionProfile.csi("hpe", "inproc:" + name));
        pumpUntil(() -> m.storage() != null && m.stateProperty().get() == ConnectionState.CONNECTED);

        var create = m.storage().createVolume(new org.csiconsole.core.port.VolumeRequest("pvc-nosecrets", 1L << 30,
                java.util.List.of(org.csiconsole.core.model.VolumeCapability.mount(org.csiconsole.core.model.AccessMode.SINGLE_NODE_WRITER,
                        "ext4")), java.util.Map.of(), java.util.Map.of(), org.csiconsole.core.model.VolumeSource.NONE));
        assertThat(CallFailure.unwrap(catchThrowable(() -> create.get(60, TimeUnit.SECONDS))).owner()).isEqualTo(FailureOwner.CREDENTIALS);
        pumpUntil(() -> m.stateProperty().get() == ConnectionState.DEGRADED);

        assertThat(m.stateProperty().get().label()).isNotEqualTo("Connected");
        assertThat(m.noteProperty().get()).startsWith("Degraded: the driver refuses the credentials of a call that carry secrets")
                .contains("CreateVolume", HpeLikeDriver.NO_SECRETS, "Edit connection", "secrets file");
        assertThat(m.stateProperty().get().up()).as("the channel itself is up").isTrue();
    }

    @Test
    void aSavedEndpointThatDoesNotAnswerIsTriedAgainOnAGrowingScheduleWithoutARedRowPerPoll() throws Exception {
        ConnectionModel m = connectThroughManager(ConnectionProfile.csi("dead", "tcp://127.0.0.1:1"));
        pumpUntil(() -> m.noteProperty().get().contains("Next try at"));
        long failedRows = trace.snapshot().stream().filter(e -> !e.ok()).count();

        assertThat(m.stateProperty().get()).isEqualTo(ConnectionState.CONNECTING);
        assertThat(m.noteProperty().get()).contains("refused the connection", "(in 2 s, try 2)", "doubles up to 2 min");
        assertThat(failedRows).as("the first connect's failure is in the trace").isPositive();

        pumpUntil(() -> m.noteProperty().get().contains("try 3"));
        assertThat(m.noteProperty().get()).contains("(in 4 s, try 3)");
        assertThat(trace.snapshot().stream().filter(e -> !e.ok()).count()).as("the wait between tries sends nothing").isEqualTo(failedRows);
    }
}
