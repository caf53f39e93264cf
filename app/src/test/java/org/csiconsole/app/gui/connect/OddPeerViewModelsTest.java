package org.csiconsole.app.gui.connect;

import org.csiconsole.core.storage.CsiStorage;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.Capacity;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.oddpeer.MinimalCsiDriver;
import org.csiconsole.core.oddpeer.QuirkyCsiDriver;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.capacity.CapacityViewModel;
import org.csiconsole.views.groups.SnapshotGroupsViewModel;
import org.csiconsole.views.groups.VolumeGroupsViewModel;
import org.csiconsole.views.hosts.HostRow;
import org.csiconsole.views.hosts.HostsViewModel;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.notify.Severity;
import org.csiconsole.views.plugin.PluginViewModel;
import org.csiconsole.views.snapshots.SnapshotsViewModel;
import org.csiconsole.views.resource.StorageViewModel;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.volumes.VolumesViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every resource view model, without JavaFX running, over {@link CsiStorage} (as a CSI connection of
 * the application builds it) against each odd peer from core's test-jar: a view shows rows, or says
 * plainly that the driver does not offer what it lists; it never shows a failure dialog and never
 * ends as a silent empty list.
 */
class OddPeerViewModelsTest {
    enum Peer { MINIMAL, QUIRKY }

    /** Each view model the workbench opens for a CSI connection. */
    enum View {
        VOLUMES(VolumesViewModel::new), SNAPSHOTS(SnapshotsViewModel::new), SNAPSHOT_GROUPS(SnapshotGroupsViewModel::new),
        VOLUME_GROUPS(VolumeGroupsViewModel::new), HOSTS(HostsViewModel::new), CAPACITY(CapacityViewModel::new),
        PLUGIN(PluginViewModel::new);

        final Function<ViewContext, StorageViewModel<?>> factory;

        View(Function<ViewContext, StorageViewModel<?>> factory) {
            this.factory = factory;
        }
    }

    private final MinimalCsiDriver minimal = new MinimalCsiDriver();
    private final QuirkyCsiDriver quirky = new QuirkyCsiDriver();
    private final LinkedBlockingQueue<Runnable> ui = new LinkedBlockingQueue<>();
    private final ConnectionManagerTest.RecordingDialogs dialogs = new ConnectionManagerTest.RecordingDialogs();
    private final Notifications notifications = new Notifications();
    private CsiClient client;

    @AfterEach
    void stop() throws Exception {
        if (client != null) client.close();
        minimal.close();
        quirky.close();
    }

    static Stream<Arguments> everyViewAgainstEveryPeer() {
        List<Arguments> all = new ArrayList<>();
        for (Peer p : Peer.values()) {
            for (View v : View.values()) all.add(Arguments.of(p, v));
        }
        return all.stream();
    }

    private StorageViewModel<?> open(Peer peer, View view) throws Exception {
        Endpoint ep = peer == Peer.MINIMAL ? minimal.startInProcess("views-minimal-" + UUID.randomUUID())
                : quirky.startInProcess("views-quirky-" + UUID.randomUUID());
        client = CsiClient.open(ep, Optional.empty(), CsiClientOptions.defaults(), new CallTrace());
        ActionRunner actions = new ActionRunner(new TaskRunner(ui::add), notifications, dialogs);
        StorageViewModel<?> m = view.factory.apply(new ViewContext(new CsiStorage(client, true), actions, ui::add, peer.name()));
        m.activate();
        pumpUntil(() -> !m.statusProperty().get().isEmpty() && !m.loadingProperty().get());
        return m;
    }

    /** Runs posted UI work until {@code done} holds, then what is still queued; fails after 10 s. */
    private void pumpUntil(java.util.function.BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!done.getAsBoolean()) {
            Runnable r = ui.poll(deadline - System.nanoTime(), TimeUnit.NANOSECONDS);
            if (r == null) throw new AssertionError("the view did not settle in 10 s");
            r.run();
        }
        for (Runnable r; (r = ui.poll()) != null; ) r.run();
    }

    @ParameterizedTest(name = "the {1} view against the {0} peer")
    @MethodSource("everyViewAgainstEveryPeer")
    void everyViewShowsRowsOrSaysWhatTheDriverDoesNotOffer(Peer peer, View view) throws Exception {
        StorageViewModel<?> m = open(peer, view);

        assertThat(dialogs.failures).as("failure dialogs").isEmpty();
        assertThat(notifications.items()).noneMatch(n -> n.severity() == Severity.ERROR);
        if (m.unsupportedProperty().get()) {
            assertThat(m.table().all()).isEmpty();
            assertThat(m.statusProperty().get()).as("status").containsAnyOf("does not advertise", "does not offer", "has none");
        } else {
            assertThat(m.table().all()).as("rows of a view the driver supports; status: " + m.statusProperty().get()).isNotEmpty();
            assertThat(m.completeProperty().get()).isTrue();
        }
    }

    @Test
    void aMinimalDriverSaysWhichCapabilityEachListNeeds() throws Exception {
        assertThat(open(Peer.MINIMAL, View.VOLUMES).statusProperty().get()).contains("LIST_VOLUMES");
        assertThat(minimal.calls("ListVolumes")).as("not asked for what it does not advertise").isZero();
    }

    @Test
    void aMinimalDriversNodeIsShownThoughItAdvertisesNoNodeCapability() throws Exception {
        StorageViewModel<?> m = open(Peer.MINIMAL, View.HOSTS);

        assertThat(m.table().all()).extracting(r -> ((HostRow) r).name()).containsExactly(MinimalCsiDriver.NODE_ID);
    }

    @Test
    void aQuirkyDriversVolumesAreShownOnceWithoutEmptyNodes() throws Exception {
        StorageViewModel<?> m = open(Peer.QUIRKY, View.VOLUMES);

        assertThat(m.table().all()).extracting(v -> ((Volume) v).volumeId()).containsExactlyElementsOf(QuirkyCsiDriver.SHOWN_VOLUME_IDS);
        assertThat(m.table().all()).allSatisfy(v -> assertThat(((Volume) v).publishedNodeIds()).doesNotContain(""));
    }

    @Test
    void aQuirkyDriversNodesAreItsOwnAndThePublishedOnesWithoutAnEmptyOne() throws Exception {
        StorageViewModel<?> m = open(Peer.QUIRKY, View.HOSTS);

        assertThat(m.table().all()).extracting(r -> ((HostRow) r).name())
                .containsExactly(QuirkyCsiDriver.NODE_ID, "node-a", "node-b");
    }

    @Test
    void aQuirkyDriversSnapshotsAreShownOnceWithTheirUnknowns() throws Exception {
        StorageViewModel<?> snaps = open(Peer.QUIRKY, View.SNAPSHOTS);

        assertThat(snaps.table().all()).extracting(s -> ((Snapshot) s).snapshotId())
                .containsExactlyElementsOf(QuirkyCsiDriver.SHOWN_SNAPSHOT_IDS);
        Snapshot unknown = (Snapshot) snaps.table().all().get(0);
        assertThat(unknown.sizeBytes()).isZero();
        assertThat(unknown.creationTime()).isNull();
    }

    @Test
    void aQuirkyDriversCapacityOfZeroIsShownAsARow() throws Exception {
        StorageViewModel<?> capacity = open(Peer.QUIRKY, View.CAPACITY);

        assertThat(capacity.table().all()).isNotEmpty()
                .allSatisfy(c -> assertThat(((Capacity) c).availableCapacityBytes()).isZero());
    }
}
