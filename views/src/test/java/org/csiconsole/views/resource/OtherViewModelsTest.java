package org.csiconsole.views.resource;

import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.AccessProtocol;
import org.csiconsole.core.model.Host;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.capacity.CapacityViewModel;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.groups.SnapshotGroupRow;
import org.csiconsole.views.groups.SnapshotGroupsViewModel;
import org.csiconsole.views.groups.VolumeGroupsViewModel;
import org.csiconsole.views.hosts.HostRow;
import org.csiconsole.views.hosts.HostsViewModel;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.plugin.CapabilityRow;
import org.csiconsole.views.plugin.PluginViewModel;
import org.csiconsole.views.snapshots.SnapshotsViewModel;
import org.csiconsole.views.task.TaskRunner;
import org.junit.jupiter.api.Test;

import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/** View models of the snapshot, group, host, capacity and plugin views, without JavaFX running. */
class OtherViewModelsTest {
    private final FakeStorage storage = new FakeStorage().seeded();
    private final FakeDialogService dialogs = new FakeDialogService();
    private final Notifications notifications = new Notifications();

    private <M extends StorageViewModel<?>> M model(Function<ViewContext, M> factory) {
        ActionRunner actions = new ActionRunner(new TaskRunner(Runnable::run), notifications, dialogs);
        M m = factory.apply(new ViewContext(storage, actions, Runnable::run, "Demo"));
        m.activate();
        return m;
    }

    @Test
    void snapshotsCreateDeleteAndRestoreToANewVolume() {
        SnapshotsViewModel m = model(SnapshotsViewModel::new);
        assertThat(m.table().all()).extracting(Snapshot::name).containsExactly("pvc-web-daily", "pvc-db-hourly");
        m.create("vol-0002", "db-pre-upgrade", java.util.Map.of());
        assertThat(m.table().all()).extracting(Snapshot::name).contains("db-pre-upgrade");

        m.selectedProperty().set(m.table().all().get(1));
        assertThat(m.restoreAction().enabled().get()).as("pvc-db-hourly is not ready").isFalse();
        m.selectedProperty().set(m.table().all().get(0));
        dialogs.formAnswer = f -> {
            f.text("name").set("pvc-web-copy");
            return true;
        };
        m.restoreAction().run();
        assertThat(storage.volumes).anySatisfy(v -> {
            assertThat(v.name()).isEqualTo("pvc-web-copy");
            assertThat(v.source().id()).isEqualTo("snap-0001");
            assertThat(v.capacityBytes()).isEqualTo(10L << 30);
        });

        dialogs.typed = "pvc-web-daily";
        m.deleteAction().run();
        assertThat(m.table().all()).extracting(Snapshot::name).doesNotContain("pvc-web-daily");
    }

    @Test
    void aSnapshotCreatedHereKeepsItsCreateNameWhenTheListingCarriesNoneAndIsFoundByIt() {
        SnapshotsViewModel m = model(SnapshotsViewModel::new);
        m.create("vol-0001", "walk-vol-1-snap-20261206-0741", java.util.Map.of());
        String id = storage.snapshots.get(storage.snapshots.size() - 1).snapshotId();
        // As CSI ListSnapshots answers: the snapshot without a name.
        storage.snapshots.replaceAll(s -> s.snapshotId().equals(id) ? new Snapshot(id, "", s.sourceVolumeId(), s.sizeBytes(),
                s.creationTime(), s.readyToUse(), "", s.origin(), null) : s);

        m.refreshAction().run();
        m.table().filterTextProperty().set("walk-vol-1-snap");

        assertThat(m.table().rows()).extracting(Snapshot::snapshotId).containsExactly(id);
        assertThat(m.table().rows()).extracting(Snapshot::name).containsExactly("walk-vol-1-snap-20261206-0741");
    }

    @Test
    void groupsShowMembersAndReplicationAndCutGroupSnapshots() {
        VolumeGroupsViewModel vg = model(VolumeGroupsViewModel::new);
        assertThat(vg.table().all()).hasSize(1);
        vg.selectedProperty().set(vg.table().all().get(0));
        dialogs.formAnswer = f -> true;
        vg.snapshotAction().run();
        assertThat(storage.groupSnapshots).anySatisfy(g -> assertThat(g.name()).isEqualTo("web-group-snap"));

        SnapshotGroupsViewModel sg = model(SnapshotGroupsViewModel::new);
        assertThat(sg.table().all()).extracting(SnapshotGroupRow::displayName)
                .containsExactlyInAnyOrder("db-consistent", "web-nightly", "web-group-snap");
        SnapshotGroupRow csp = sg.table().all().stream().filter(r -> r.id().equals("sg-1")).findFirst().orElseThrow();
        assertThat(csp.replicationText()).isEqualTo("In progress");
        assertThat(csp.volumeGroup()).isEqualTo("web");
    }

    @Test
    void hostFormChecksInitiatorsPerProtocolAndChapPairs() {
        HostsViewModel m = model(HostsViewModel::new);
        assertThat(m.table().all()).extracting(HostRow::kind).containsExactly("CSP host", "CSP host", "CSI node", "CSI node");
        assertThat(m.table().all().get(0).chap()).isEqualTo("user chapuser, password " + HostRow.MASK);

        Form f = m.hostForm();
        f.text("name").set("worker-c1");
        f.text("initiators").set("50:00:00:00:00:00:00:02");
        assertThat(f.text("initiators").error().get()).contains("is not an IQN");
        f.<AccessProtocol>choice("protocol").set(AccessProtocol.FC);
        assertThat(f.text("initiators").error().get()).isEmpty();
        assertThat(f.text("networks").error().get()).as("networks only required for iSCSI").isEmpty();
        f.text("chapUser").set("chap");
        assertThat(f.text("chapPassword").error().get()).contains("CHAP password");
        f.text("chapPassword").set("secret-1");
        assertThat(f.valid().get()).isTrue();
    }

    @Test
    void createHostSendsInitiatorsOfTheChosenProtocolAndNeverKeepsThePassword() {
        HostsViewModel m = model(HostsViewModel::new);
        Form[] shown = new Form[1];
        dialogs.formAnswer = f -> {
            shown[0] = f;
            f.text("name").set("worker-n1");
            f.<AccessProtocol>choice("protocol").set(AccessProtocol.NVME_TCP);
            f.text("initiators").set("nqn.2014-08.org.nvmexpress:uuid:1234");
            f.text("chapUser").set("chap");
            f.text("chapPassword").set("secret-2");
            return true;
        };
        m.createAction().run();
        Host h = storage.hosts.get(storage.hosts.size() - 1);
        assertThat(h.nqns()).containsExactly("nqn.2014-08.org.nvmexpress:uuid:1234");
        assertThat(h.iqns()).isEmpty();
        assertThat(shown[0].text("chapPassword").text().get()).as("password cleared after sending").isEmpty();
        assertThat(notifications.items()).noneMatch(n -> n.message().contains("secret-2") || n.title().contains("secret-2"));

        m.selectedProperty().set(m.table().all().stream().filter(r -> !r.isHost()).findFirst().orElseThrow());
        assertThat(m.deleteAction().enabled().get()).isFalse();
    }

    @Test
    void capacityOverviewAndFailureInWords() {
        CapacityViewModel m = model(CapacityViewModel::new);
        assertThat(m.table().all()).hasSize(3);
        assertThat(CapacityViewModel.parameters(m.table().all().get(2))).isEqualTo("tier=gold");
        storage.failNext("capacity", FailureKind.UNAVAILABLE, "the plugin did not answer (UNAVAILABLE)", "Check the driver.");
        m.refresh();
        assertThat(dialogs.failures).singleElement().satisfies(f -> assertThat(f.kind()).isEqualTo(FailureKind.UNAVAILABLE));
        assertThat(m.statusProperty().get()).contains("did not answer");
    }

    @Test
    void pluginListsEveryCapabilityWithAdvertisedAndAlphaFlags() {
        storage.features = FakeStorage.readOnly();
        PluginViewModel m = model(PluginViewModel::new);
        assertThat(m.infoProperty().get().name()).isEqualTo("csi.reference.csiconsole.org");
        assertThat(m.table().all()).contains(new CapabilityRow("Controller", "LIST_VOLUMES", true, false),
                new CapabilityRow("Controller", "CREATE_DELETE_VOLUME", false, false),
                new CapabilityRow("Controller", "GET_VOLUME", false, true),
                new CapabilityRow("csi-addons", "ReclaimSpace.ONLINE", true, false));
        assertThat(m.addonsNoteProperty().get()).isEmpty();
        storage.failNext("pluginInfo", FailureKind.BUSY, "the plugin is busy (ABORTED)", "Wait, then refresh.");
        m.refresh();
        assertThat(dialogs.failures).singleElement().satisfies(f -> assertThat(f.kind()).isEqualTo(FailureKind.BUSY));
    }

    @Test
    void aDriverWithoutCsiAddonsIsSaidOnceAndIsNoFailure() {
        storage.addonsAnswer = java.util.Optional.empty();
        PluginViewModel m = model(PluginViewModel::new);

        assertThat(m.addonsNoteProperty().get()).startsWith("csi-addons is not served here");
        assertThat(m.missingProperty().get()).isEmpty();
        assertThat(m.table().all()).noneMatch(r -> r.service().equals("csi-addons"));
        assertThat(dialogs.failures).isEmpty();
    }

    @Test
    void aSnapshotWhoseSourceVolumeIsGoneIsCalledTheLastCopyOfItsData() {
        storage.volumes.removeIf(v -> v.volumeId().equals("vol-0002"));
        SnapshotsViewModel m = model(SnapshotsViewModel::new);
        m.selectedProperty().set(m.table().all().stream().filter(s -> s.snapshotId().equals("snap-0002")).findFirst().orElseThrow());
        dialogs.typed = "nothing";

        m.deleteAction().run();

        String text = String.join("\n", dialogs.assessments.get(0).lines());
        assertThat(text).contains("pvc-db-hourly is the last copy of the data of volume vol-0002, which no longer exists",
                "of volume vol-0002, which no longer exists");
        assertThat(storage.calls).doesNotContain("deleteSnapshot");
    }

    @Test
    void aSnapshotOfAnExistingVolumeNamesItsSourceByNameAndIsNoLastCopy() {
        SnapshotsViewModel m = model(SnapshotsViewModel::new);
        m.selectedProperty().set(m.table().all().stream().filter(s -> s.snapshotId().equals("snap-0002")).findFirst().orElseThrow());
        dialogs.typed = "nothing";

        m.deleteAction().run();

        String text = String.join("\n", dialogs.assessments.get(0).lines());
        assertThat(text).contains("of volume pvc-db (vol-0002)").doesNotContain("last copy");
    }
}
