package org.csiconsole.app.gui.connect;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.port.AddonsInfo;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.session.Backoff;
import org.csiconsole.core.session.ConnectionKind;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.store.ProfileStore;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.workbench.ConnectionModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/** A driver whose csi-addons sidecar listens on a socket of its own, as ceph-csi serves it. */
class CsiAddonsEndpointTest {
    @TempDir
    Path dir;
    private final LinkedBlockingQueue<Runnable> uiQueue = new LinkedBlockingQueue<>();
    private final ObservableList<ConnectionModel> connections = FXCollections.observableArrayList();
    private ReferencePlugin plugin;
    private Sessions sessions;
    private ConnectionManager manager;

    @BeforeEach
    void setUp() throws Exception {
        plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.EMPTY).start();
        plugin.serve(new ReferencePlugin.Sockets(dir.resolve("csi.sock"), Optional.empty(),
                Optional.of(dir.resolve("csi-addons.sock")), Optional.empty()));
        sessions = new Sessions(uiQueue::add, new CallTrace(), new Backoff(Duration.ofMillis(10), Duration.ofMillis(50)), Duration.ofMillis(20));
        manager = new ConnectionManager(connections, new ProfileStore(dir.resolve("config")), new ConnectionManagerTest.FakeConnectionDialogs(),
                new ConnectionManagerTest.RecordingDialogs(), new Notifications(), sessions);
    }

    @AfterEach
    void tearDown() {
        manager.close();
        sessions.close();
        plugin.close();
    }

    private void pumpUntil(BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("condition not reached within 60 s");
            Runnable r = uiQueue.poll(50, TimeUnit.MILLISECONDS);
            if (r != null) r.run();
        }
    }

    private Optional<AddonsInfo> addonsOf(ConnectionProfile profile) throws Exception {
        ConnectionModel m = manager.add(profile);
        manager.connect(m);
        pumpUntil(() -> m.stateProperty().get() == ConnectionState.CONNECTED && m.storage() != null);
        return m.storage().addons().get(30, TimeUnit.SECONDS);
    }

    @Test
    void theProfilesCsiAddonsEndpointIsWhereCsiAddonsIsAsked() throws Exception {
        ConnectionProfile p = new ConnectionProfile(ConnectionKind.CSI, "ceph", "unix://" + dir.resolve("csi.sock"), "", "", "", "",
                "", "", "", "", "unix://" + dir.resolve("csi-addons.sock"), "");

        assertThat(addonsOf(p)).hasValueSatisfying(a -> assertThat(a.capabilities()).contains("NetworkFence.NETWORK_FENCE"));
    }

    @Test
    void withoutOneCsiAddonsIsTriedOnTheCsiSocketAndItsAbsenceIsNoFailure() throws Exception {
        assertThat(addonsOf(ConnectionProfile.csi("ceph", "unix://" + dir.resolve("csi.sock")))).isEmpty();
    }
}
