package org.csiconsole.app.gui.connect;

import javafx.collections.FXCollections;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.session.Backoff;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.store.ProfileStore;
import org.csiconsole.core.session.SocketWatcher;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.ResourceKind;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/** The demo connection without FX: the seeded reference plugin in process, its identity, counts and volumes. */
class DemoStorageTest {
    @TempDir
    Path dir;
    private final LinkedBlockingQueue<Runnable> ui = new LinkedBlockingQueue<>();
    private Sessions sessions;
    private ConnectionManager manager;

    @AfterEach
    void tearDown() {
        if (manager != null) manager.close();
        if (sessions != null) sessions.close();
    }

    private void pumpUntil(BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("not reached within 30 s");
            Runnable r = ui.poll(50, TimeUnit.MILLISECONDS);
            if (r != null) r.run();
        }
    }

    /** Opens the demo with its state in {@code state} and waits until it is connected. */
    private ConnectionModel connectDemo(Path state) throws InterruptedException {
        sessions = new Sessions(ui::add, new CallTrace(), Backoff.DEFAULT, SocketWatcher.DEFAULT_POLL, state);
        manager = new ConnectionManager(FXCollections.observableArrayList(), new ProfileStore(dir.resolve("config")),
                new ConnectionManagerTest.FakeConnectionDialogs(), new ConnectionManagerTest.RecordingDialogs(), new Notifications(), sessions);
        ConnectionModel demo = manager.add(ConnectionProfile.demo());
        manager.connect(demo);
        pumpUntil(() -> demo.stateProperty().get() != ConnectionState.CONNECTING);
        assertThat(demo.stateProperty().get()).as(demo.noteProperty().get()).isEqualTo(ConnectionState.CONNECTED);
        return demo;
    }

    @Test
    void aDemoStartedWhileAClosingConsoleStillHoldsASiteNameServesItsSitesUnderAFreeName() throws Exception {
        // In-process names are global to the JVM; a console closed a moment ago may still hold "demo-site-a".
        io.grpc.Server held = io.grpc.inprocess.InProcessServerBuilder.forName("demo-site-a").build().start();
        try {
            ConnectionModel demo = connectDemo(dir.resolve("demo"));

            List<org.csiconsole.core.replication.ReplicationPort> sites = manager.session(demo).replicationSites();
            assertThat(sites).extracting(org.csiconsole.core.replication.ReplicationPort::site).containsExactly("site-a", "site-b");
            for (var site : sites) {
                assertThat(site.features().get(30, TimeUnit.SECONDS).replication()).as(site.site() + " answers as a replication site").isTrue();
            }
        } finally {
            held.shutdownNow();
        }
    }

    @Test
    void theDemoConnectsWithThePluginIdentityCountsAndSeededVolumes() throws Exception {
        ConnectionModel demo = connectDemo(dir.resolve("demo"));
        pumpUntil(() -> demo.count(ResourceKind.VOLUMES).get() >= 0 && demo.count(ResourceKind.HOSTS).get() >= 0
                && !demo.pluginNameProperty().get().isEmpty());
        assertThat(demo.pluginNameProperty().get()).isEqualTo(ReferencePlugin.PLUGIN_NAME);
        var features = demo.storage().features().get(10, TimeUnit.SECONDS);
        assertThat(features.available(org.csiconsole.core.port.Feature.LIST_VOLUMES)).as(features.reason(org.csiconsole.core.port.Feature.LIST_VOLUMES) + " " + features.csi()).isTrue();
        assertThat(demo.count(ResourceKind.VOLUMES).get()).isGreaterThan(100);

        List<Volume> volumes = new ArrayList<>();
        demo.storage().listVolumes(PageSink.unpaced(volumes::addAll)).get(30, TimeUnit.SECONDS);
        assertThat(volumes).hasSize(demo.count(ResourceKind.VOLUMES).get());
        assertThat(volumes).extracting(Volume::volumeId).doesNotHaveDuplicates();
        assertThat(volumes).as("CSI and CSP records correlated").allMatch(v -> v.origin() == Origin.BOTH);
        assertThat(volumes).anyMatch(v -> !v.name().isEmpty());
        assertThat(demo.count(ResourceKind.HOSTS).get()).isGreaterThan(0);
        var addons = demo.storage().addons().get(10, TimeUnit.SECONDS);
        assertThat(addons).hasValueSatisfying(a -> assertThat(a.capabilities()).contains("VolumeReplication.VOLUME_REPLICATION"));
        assertThat(demo.storage().features().get(10, TimeUnit.SECONDS).addonsConnected()).isTrue();
        assertThat(demo.count(ResourceKind.VOLUME_GROUPS).get()).isGreaterThan(0);
        assertThat(volumes).as("the seeded pairs show as replicated").filteredOn(v -> v.replication().replicated()).hasSize(20);
        assertThat(demo.storage().replication().faults()).as("demo mode drives replication faults").isPresent();
        assertThat(demo.storage().replication().faults().get().pairs().get(10, TimeUnit.SECONDS)).hasSize(8);
    }

    @Test
    void aChangeToldByAViewCountsAgainWithoutItsViewOpen() throws Exception {
        ConnectionModel demo = connectDemo(dir.resolve("demo"));
        pumpUntil(() -> demo.count(ResourceKind.SNAPSHOTS).get() >= 0);
        int before = demo.count(ResourceKind.SNAPSHOTS).get();
        List<Volume> volumes = new ArrayList<>();
        demo.storage().listVolumes(PageSink.unpaced(volumes::addAll)).get(30, TimeUnit.SECONDS);

        demo.storage().createSnapshot(volumes.get(0).volumeId(), "counted-again", java.util.Map.of()).get(30, TimeUnit.SECONDS);
        assertThat(demo.count(ResourceKind.SNAPSHOTS).get()).as("nothing counts by itself").isEqualTo(before);
        // The Volumes view tells the connection what its command changed.
        demo.changes().tell(ResourceKind.SNAPSHOTS, "Created snapshot counted-again", this);

        pumpUntil(() -> demo.count(ResourceKind.SNAPSHOTS).get() == before + 1);
    }

    @Test
    void whileTheDemoStateIsInUseTheDemoRunsFromAFolderOfItsOwnRemovedOnClose() throws Exception {
        Path state = dir.resolve("demo");
        try (ReferencePlugin other = ReferencePlugin.builder(state).start()) {
            ConnectionModel demo = connectDemo(state);
            String note = demo.noteProperty().get();
            assertThat(note).contains("for this run only").contains(state.toString());
            Path scratch = Path.of(note.substring(note.indexOf("kept in ") + "kept in ".length(), note.indexOf(" for this run only")));
            assertThat(scratch).isDirectory().isNotEqualTo(state);

            manager.close();
            manager = null;
            pumpUntil(() -> !java.nio.file.Files.exists(scratch));
            assertThat(state).as("the folder in use is left alone").isDirectory();
        }
    }
}
