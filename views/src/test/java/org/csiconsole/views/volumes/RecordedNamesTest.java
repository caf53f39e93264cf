package org.csiconsole.views.volumes;

import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeSource;
import org.csiconsole.core.record.ConsoleBook;
import org.csiconsole.core.record.RecordKind;
import org.csiconsole.core.record.RecordOrigin;
import org.csiconsole.core.record.RecordedItem;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.resource.KnownResources;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.workbench.ResourceChanges;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A driver that lists volumes without names (CSI ListVolumes carries none, as csi-driver-host-path): after a restart
 * the console's record gives a volume created as {@code walk-vol-1} its name, its clone keeps its source, and Delete
 * asks for the name it was created under.
 */
class RecordedNamesTest {
    private static final Instant T = Instant.parse("2026-12-06T12:00:00Z");
    private final FakeStorage storage = new FakeStorage();
    private final FakeDialogService dialogs = new FakeDialogService();
    private final ConsoleBook book = ConsoleBook.inMemory("unix:///csi/csi.sock");

    private VolumesViewModel view() {
        ActionRunner actions = new ActionRunner(new TaskRunner(Runnable::run), new Notifications(), dialogs);
        VolumesViewModel m = new VolumesViewModel(new ViewContext(storage, actions, Runnable::run, "hostpath", new ResourceChanges(),
                KnownResources.of(book)));
        m.activate();
        return m;
    }

    @Test
    void aNamelessListedVolumeShowsTheNameItWasCreatedUnderAndItsCloneItsSource() {
        storage.volumes.add(Volume.csi("4f1c0a2e-uuid", 1L << 30));
        storage.volumes.add(Volume.csi("9b7d3c1f-uuid", 1L << 30));
        book.record(RecordedItem.of(RecordKind.VOLUME, "4f1c0a2e-uuid", "walk-vol-1", null, RecordOrigin.CREATED, 1L << 30, Map.of(), T));
        book.record(RecordedItem.of(RecordKind.VOLUME, "9b7d3c1f-uuid", "walk-clone-1", VolumeSource.volume("4f1c0a2e-uuid"),
                RecordOrigin.CREATED, 1L << 30, Map.of(), T));

        VolumesViewModel m = view();

        assertThat(m.table().all()).extracting(Volume::volumeId, Volume::name).containsExactly(
                org.assertj.core.groups.Tuple.tuple("4f1c0a2e-uuid", "walk-vol-1"), org.assertj.core.groups.Tuple.tuple("9b7d3c1f-uuid", "walk-clone-1"));
        assertThat(m.table().all().get(1).source()).isEqualTo(VolumeSource.volume("4f1c0a2e-uuid"));
        assertThat(m.noteOf(m.table().all().get(0))).as("a listed row needs no note").isEmpty();
    }

    @Test
    void aRowGoneAtTheDriverOffersOnlyRecheckAndForgetAndForgetRemovesItFromTheRecord() {
        // every capability but listing (and no CSP, which lists), with csi-addons
        java.util.Set<org.csiconsole.core.model.ControllerCapability> controller =
                java.util.EnumSet.allOf(org.csiconsole.core.model.ControllerCapability.class);
        controller.remove(org.csiconsole.core.model.ControllerCapability.LIST_VOLUMES);
        var all = FakeStorage.allCapabilities();
        storage.features = org.csiconsole.core.port.VolumeGroupFeatures.apply(org.csiconsole.core.port.Features.from(
                new org.csiconsole.core.model.CapabilitySet(all.plugin(), controller, all.node(), all.groupController(), all.alpha()),
                true, false, true, true), java.util.EnumSet.allOf(org.csiconsole.core.model.AddonsCapability.class));
        book.record(RecordedItem.of(RecordKind.VOLUME, "vol-gone", "walk-vol-9", null, RecordOrigin.PASTED_ID, 1L << 30, Map.of(), T)
                .checked(true, T.plusSeconds(600)));
        book.record(RecordedItem.of(RecordKind.VOLUME, "vol-here", "", null, RecordOrigin.PASTED_ID, 1L << 30, Map.of(), T));
        VolumesViewModel m = view();
        Volume gone = m.table().all().stream().filter(v -> v.volumeId().equals("vol-gone")).findFirst().orElseThrow();
        m.selectedProperty().set(gone);

        for (var action : java.util.List.of(m.deleteAction(), m.expandAction(), m.publishAction(), m.snapshotAction(), m.nodeStageAction(),
                m.validateAction())) {
            assertThat(action.enabled().get()).as(action.label()).isFalse();
            assertThat(action.disabledReason().get()).as(action.label()).startsWith("vol-gone is gone at the driver since ")
                    .contains("Only Re-check with the driver and Forget (remove it from the record) act on it.");
        }
        assertThat(m.recheckAction().enabled().get()).isTrue();
        assertThat(m.forgetAction().enabled().get()).isTrue();

        m.forgetAction().run();

        assertThat(book.find(RecordKind.VOLUME, "vol-gone")).isEmpty();
        assertThat(m.table().all()).extracting(Volume::volumeId).containsExactly("vol-here");
        m.selectedProperty().set(m.table().all().get(0));
        assertThat(m.deleteAction().enabled().get()).as("a row the driver still knows").isTrue();
    }

    @Test
    void theDeleteConfirmationPrefersTheDriversSizeAndShowsTheExportsBesideItWithTheirOrigins() {
        storage.volumes.add(Volume.csi("4f1c0a2e-uuid", 12L << 30));
        book.record(RecordedItem.of(RecordKind.VOLUME, "4f1c0a2e-uuid", "pvc-data", null, RecordOrigin.PV_EXPORT, 10L << 30, Map.of(), T));
        VolumesViewModel m = view();
        m.selectedProperty().set(m.table().all().get(0));
        dialogs.answer = false;

        m.deleteAction().run();

        assertThat(dialogs.assessments.get(0).state()).singleElement().satisfies(line -> assertThat(line)
                .contains("12 GiB (as the driver reports; the console's record (imported from a PV export) says 10 GiB)"));
        assertThat(dialogs.assessments.get(0).hazards().get(0).sentence()).contains("pvc-data (12 GiB)");
    }

    @Test
    void aRowOnlyTheRecordHoldsNamesWhereItsSizeComesFrom() {
        storage.features = FakeStorage.cannotList();
        storage.volumes.add(Volume.csi("4f1c0a2e-uuid", 0)); // read by id at consent (it is there), with no size reported
        book.record(RecordedItem.of(RecordKind.VOLUME, "4f1c0a2e-uuid", "pvc-data", null, RecordOrigin.PV_EXPORT, 10L << 30, Map.of(), T));
        VolumesViewModel m = view();
        m.selectedProperty().set(m.table().all().get(0));
        dialogs.answer = false;

        m.deleteAction().run();

        assertThat(dialogs.assessments.get(0).state()).singleElement().satisfies(line -> assertThat(line)
                .contains("10 GiB (from the console's record: imported from a PV export)"));
    }

    @Test
    void rowsAnotherProcessAddedToTheRecordShowOnF5AndWhenTheViewIsShownAgain() {
        storage.features = FakeStorage.cannotList();
        ConsoleBook shared = ConsoleBook.inMemory("unix:///csi/csi.sock");
        // the command line writes the same record from another process: this view hears nothing of it
        ConsoleBook silent = (ConsoleBook) java.lang.reflect.Proxy.newProxyInstance(ConsoleBook.class.getClassLoader(),
                new Class<?>[] {ConsoleBook.class}, (proxy, method, args) -> method.getName().equals("subscribe")
                        ? (AutoCloseable) () -> { } : method.invoke(shared, args));
        ActionRunner actions = new ActionRunner(new TaskRunner(Runnable::run), new Notifications(), dialogs);
        VolumesViewModel m = new VolumesViewModel(new ViewContext(storage, actions, Runnable::run, "rbd", new ResourceChanges(),
                KnownResources.of(silent)));
        m.activate();
        assertThat(m.table().all()).isEmpty();

        shared.record(RecordedItem.of(RecordKind.VOLUME, "vol-from-cli", "", null, RecordOrigin.PASTED_ID, 0, Map.of(), T));
        assertThat(m.refreshAction().enabled().get()).as("F5 reads the record though the driver cannot list").isTrue();
        m.refreshAction().run();
        assertThat(m.table().all()).extracting(Volume::volumeId).containsExactly("vol-from-cli");

        m.deactivate();
        shared.record(RecordedItem.of(RecordKind.VOLUME, "vol-while-hidden", "", null, RecordOrigin.PV_EXPORT, 0, Map.of(), T.plusSeconds(1)));
        m.activate();
        assertThat(m.table().all()).extracting(Volume::volumeId).containsExactly("vol-from-cli", "vol-while-hidden");
    }

    @Test
    void deleteAsksForTheNameTheVolumeWasCreatedUnder() {
        storage.volumes.add(Volume.csi("4f1c0a2e-uuid", 1L << 30));
        book.record(RecordedItem.of(RecordKind.VOLUME, "4f1c0a2e-uuid", "walk-vol-1", null, RecordOrigin.CREATED, 1L << 30, Map.of(), T));
        VolumesViewModel m = view();
        m.selectedProperty().set(m.table().all().get(0));

        m.deleteAction().run();

        assertThat(dialogs.assessments).singleElement().satisfies(a -> assertThat(a.consent().names()).containsExactly("walk-vol-1"));
        assertThat(dialogs.confirmations).anyMatch(c -> c.endsWith(":walk-vol-1"));
    }
}
