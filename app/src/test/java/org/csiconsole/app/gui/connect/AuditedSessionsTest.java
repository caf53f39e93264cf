package org.csiconsole.app.gui.connect;

import javafx.collections.FXCollections;
import org.csiconsole.core.audit.AuditEntry;
import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditQuery;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.model.VolumeSource;
import org.csiconsole.core.port.VolumeRequest;
import org.csiconsole.core.session.Backoff;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.session.SocketWatcher;
import org.csiconsole.core.store.ProfileStore;
import org.csiconsole.core.store.SqliteAuditLog;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.workbench.ConnectionModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/** A change made through a GUI session is audited into the log the sessions were given, under the connection's name. */
class AuditedSessionsTest {
    @TempDir
    Path dir;
    private final LinkedBlockingQueue<Runnable> ui = new LinkedBlockingQueue<>();
    private SqliteAuditLog log;
    private Sessions sessions;
    private ConnectionManager manager;

    @AfterEach
    void tearDown() {
        if (manager != null) manager.close();
        if (sessions != null) sessions.close();
        if (log != null) log.close();
    }

    private void pumpUntil(BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("not reached within 30 s");
            Runnable r = ui.poll(50, TimeUnit.MILLISECONDS);
            if (r != null) r.run();
        }
    }

    @Test
    void aVolumeCreatedInTheDemoIsAuditedUnderTheDemoConnection() throws Exception {
        log = SqliteAuditLog.open(dir.resolve("data"));
        sessions = new Sessions(ui::add, new CallTrace(), Backoff.DEFAULT, SocketWatcher.DEFAULT_POLL, dir.resolve("demo"), log);
        manager = new ConnectionManager(FXCollections.observableArrayList(), new ProfileStore(dir.resolve("config")),
                new ConnectionManagerTest.FakeConnectionDialogs(), new ConnectionManagerTest.RecordingDialogs(), new Notifications(), sessions);
        ConnectionModel demo = manager.add(ConnectionProfile.demo());
        manager.connect(demo);
        pumpUntil(() -> demo.stateProperty().get() != ConnectionState.CONNECTING);
        assertThat(demo.stateProperty().get()).as(demo.noteProperty().get()).isEqualTo(ConnectionState.CONNECTED);
        long before = log.count(AuditQuery.FIRST_PAGE);

        Volume created = demo.storage().createVolume(new VolumeRequest("pvc-audited-in-gui", 1L << 30,
                List.of(VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4")), Map.of(), Map.of(), VolumeSource.NONE))
                .get(60, TimeUnit.SECONDS);

        assertThat(before).isZero();
        List<AuditEntry> found = log.find(AuditQuery.FIRST_PAGE.withTargetId(created.volumeId()));
        assertThat(found).isNotEmpty().allSatisfy(e -> {
            assertThat(e.record().outcome()).isEqualTo(AuditOutcome.OK);
            assertThat(e.record().origin().connection()).startsWith("Demo");
            assertThat(e.record().origin().osUser()).isEqualTo(System.getProperty("user.name"));
        });
    }
}
