package org.csiconsole.views.volumes;

import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.AccessType;
import org.csiconsole.core.model.Volume;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.notify.Severity;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.port.NodeTarget;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.task.TaskRunner;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class VolumesViewModelTest {
    private final FakeStorage storage = new FakeStorage().seeded();
    private final FakeDialogService dialogs = new FakeDialogService();
    private final Notifications notifications = new Notifications();

    private VolumesViewModel model() {
        ActionRunner actions = new ActionRunner(new TaskRunner(Runnable::run), notifications, dialogs);
        VolumesViewModel m = new VolumesViewModel(new ViewContext(storage, actions, Runnable::run, "Demo"));
        m.activate();
        return m;
    }

    private static List<String> names(VolumesViewModel m) {
        return m.table().all().stream().map(Volume::name).toList();
    }

    @Test
    void activationStreamsTheSeededVolumesPageByPage() {
        VolumesViewModel m = model();
        assertThat(names(m)).containsExactly("pvc-web", "pvc-db", "pvc-logs");
        assertThat(m.statusProperty().get()).isEqualTo("Read 3 volumes");
        assertThat(m.loadingProperty().get()).isFalse();
        m.table().filterTextProperty().set("abnormal");
        assertThat(m.table().rows()).extracting(Volume::name).containsExactly("pvc-logs");
    }

    @Test
    void aCompleteEmptyListingShowsTheDriversNoteAndAListingWithRowsShowsNone() {
        storage.emptyListingNote = "csi.hpe.com lists only the volumes of arrays it has credentials for";
        List<Volume> seeded = List.copyOf(storage.volumes);
        storage.volumes.clear();
        VolumesViewModel m = model();
        assertThat(m.table().all()).isEmpty();
        assertThat(m.emptyNoteProperty().get()).isEqualTo(storage.emptyListingNote);

        storage.volumes.addAll(seeded);
        m.refresh();
        assertThat(m.emptyNoteProperty().get()).isEmpty();
    }

    @Test
    void aVolumeRestoredFromASnapshotThisConsoleTookShowsTheSnapshotsCreateNameBesideItsIdAndTheFilterFindsIt() {
        Volume v = storage.volumes.get(2);
        storage.volumes.set(2, new Volume(v.volumeId(), v.name(), v.capacityBytes(), org.csiconsole.core.model.VolumeSource.snapshot("snap-9"),
                v.capabilities(), v.parameters(), v.volumeContext(), v.accessibleTopology(), v.publishedNodeIds(), v.condition(), v.groupId(),
                v.origin(), v.properties()));
        ActionRunner actions = new ActionRunner(new TaskRunner(Runnable::run), notifications, dialogs);
        ViewContext context = new ViewContext(storage, actions, Runnable::run, "Demo");
        context.known().snapshots().created("snap-9", new org.csiconsole.core.model.Snapshot("snap-9", "walk-vol-1-snap-20261206-0741",
                v.volumeId(), 0, null, true, "", org.csiconsole.core.model.Origin.CSI, null), java.time.Instant.now());
        VolumesViewModel m = new VolumesViewModel(context);
        m.activate();

        Volume restored = m.table().all().get(2);
        assertThat(m.sourceOf(restored)).isEqualTo("Snapshot walk-vol-1-snap-20261206-0741 (snap-9)");
        assertThat(m.sourceOf(m.table().all().get(0))).isEmpty();
        m.table().filterTextProperty().set("walk-vol-1-snap");
        assertThat(m.table().rows()).containsExactly(restored);
        assertThat(VolumeForms.create(storage.features, org.csiconsole.core.model.VolumeSource.snapshot("snap-9"),
                "walk-vol-1-snap-20261206-0741", 0).title()).isEqualTo("New volume from snapshot walk-vol-1-snap-20261206-0741 (snap-9)");
    }

    @Test
    void publishTargetsComeFromTheConnectedNodeAndTheListedVolumesWithoutListingAgain() {
        Volume v = storage.volumes.get(1);
        storage.volumes.set(1, new Volume(v.volumeId(), v.name(), v.capacityBytes(), v.source(), v.capabilities(), v.parameters(),
                v.volumeContext(), v.accessibleTopology(), List.of("node-c9", "node-a1"), v.condition(), v.groupId(), v.origin(),
                v.properties()));
        VolumesViewModel m = model();
        assertThat(m.nodes()).extracting(org.csiconsole.core.model.NodeInfo::nodeId)
                .containsExactly("node-a1", "node-b1", "node-c9");
        assertThat(m.nodes().get(0).maxVolumesPerNode()).isEqualTo(64);
        assertThat(storage.calls).filteredOn("listVolumes"::equals).hasSize(1);
        assertThat(storage.calls).doesNotContain("listNodes");
    }

    @Test
    void refreshKeepsTheRowsOfVolumesThatDidNotChange() {
        VolumesViewModel m = model();
        List<Volume> before = List.copyOf(m.table().all());
        storage.volumes.replaceAll(v -> v.withOrigin(v.origin()));
        Volume db = storage.volumes.get(1);
        storage.volumes.set(1, db.withReplication(new org.csiconsole.core.model.VolumeReplication(true,
                org.csiconsole.core.model.VolumeReplicationRole.PRIMARY, org.csiconsole.core.model.ReplicationHealth.HEALTHY,
                "", "")));
        assertThat(storage.volumes.get(0)).isNotSameAs(before.get(0)).isEqualTo(before.get(0));

        m.refresh();

        assertThat(m.table().all()).hasSize(3);
        assertThat(m.table().all().get(0)).isSameAs(before.get(0));
        assertThat(m.table().all().get(2)).isSameAs(before.get(2));
        assertThat(m.table().all().get(1)).isSameAs(storage.volumes.get(1));
    }

    @Test
    void createThroughTheFormSendsTheParsedSizeAndAddsTheRow() {
        VolumesViewModel m = model();
        dialogs.formAnswer = f -> {
            f.text("name").set("pvc-new");
            f.text("size").set("10GiB");
            f.<AccessType>choice("accessType").set(AccessType.BLOCK);
            f.text("fsType").set("");
            f.<AccessMode>choice("accessMode").set(AccessMode.MULTI_NODE_READER_ONLY);
            f.text("parameters").set("tier=gold\n# comment\nzone = a");
            return true;
        };
        assertThat(m.createAction().run()).isTrue();

        Volume created = storage.volumes.get(storage.volumes.size() - 1);
        assertThat(created.name()).isEqualTo("pvc-new");
        assertThat(created.capacityBytes()).isEqualTo(10L * 1024 * 1024 * 1024);
        assertThat(created.capabilities().get(0).accessType()).isEqualTo(AccessType.BLOCK);
        assertThat(created.capabilities().get(0).accessMode()).isEqualTo(AccessMode.MULTI_NODE_READER_ONLY);
        assertThat(created.parameters()).containsEntry("tier", "gold").containsEntry("zone", "a");
        assertThat(names(m)).contains("pvc-new");
        assertThat(notifications.items().get(0).severity()).isEqualTo(Severity.SUCCESS);
        assertThat(notifications.items().get(0).message()).contains("pvc-new").contains("10 GiB");
    }

    @Test
    void aFailedCreateKeepsTheFormWithItsValuesAndShowsTheFailureInsideIt() {
        VolumesViewModel m = model();
        storage.failNext("createVolume", FailureKind.INVALID_ARGUMENT, "fs_type btrfs is not supported",
                "Leave the file system empty for the driver's default.");
        List<String> seen = new java.util.ArrayList<>();
        dialogs.formAnswer = f -> {
            if (seen.isEmpty()) {
                f.text("name").set("pvc-new");
                f.text("size").set("10GiB");
                f.text("fsType").set("btrfs");
            } else {
                f.text("fsType").set("");
            }
            var failure = f.failureProperty().get();
            seen.add(f.text("name").value() + " " + f.text("size").value() + " | " + (failure == null ? "" : failure.why()));
            return true;
        };

        assertThat(m.createAction().run()).isTrue();

        assertThat(seen).containsExactly("pvc-new 10GiB | ", "pvc-new 10GiB | fs_type btrfs is not supported");
        assertThat(dialogs.forms).as("one form, kept open").hasSize(1);
        assertThat(dialogs.failures).as("the failure is shown in the form, not in a dialog").isEmpty();
        assertThat(storage.calls).filteredOn("createVolume"::equals).hasSize(2);
        assertThat(names(m)).contains("pvc-new");
        assertThat(notifications.items()).extracting(n -> n.severity()).containsExactly(Severity.SUCCESS);
    }

    @Test
    void modifyOpensWithTheMutableParametersSetFromThisConsole() {
        VolumesViewModel m = model();
        dialogs.formAnswer = f -> {
            f.text("name").set("pvc-fast");
            f.text("mutableParameters").set("iops=3000\nqosPolicy=silver");
            return true;
        };
        m.createAction().run();
        m.selectedProperty().set(m.table().all().stream().filter(v -> v.name().equals("pvc-fast")).findFirst().orElseThrow());

        List<Map<String, String>> shown = new java.util.ArrayList<>();
        dialogs.formAnswer = f -> {
            shown.add(f.keyValues("mutableParameters").value());
            f.keyValues("mutableParameters").put("iops", "5000");
            return true;
        };
        m.modifyAction().run();
        assertThat(storage.modified).as("exactly the rows shown are sent").containsExactly(Map.of("iops", "5000", "qosPolicy", "silver"));
        assertThat(dialogs.assessments).last().satisfies(a -> assertThat(a.sends()).startsWith("volume_id=" + m.selected().volumeId() + ", ")
                .contains("mutable_parameters[iops]=5000", "mutable_parameters[qosPolicy]=silver").doesNotContain("3000"));

        dialogs.formAnswer = f -> {
            shown.add(f.keyValues("mutableParameters").value());
            f.keyValues("mutableParameters").put("iops", "5000iops=3000");
            assertThat(f.keyValues("mutableParameters").error().get()).as("a number stays a number").contains("iops was the whole number 5000");
            return false;
        };
        m.modifyAction().run();
        assertThat(storage.modified).hasSize(1);

        assertThat(shown).containsExactly(Map.of("iops", "3000", "qosPolicy", "silver"), Map.of("iops", "5000", "qosPolicy", "silver"));
        m.selectedProperty().set(m.table().all().get(0));
        dialogs.formAnswer = f -> {
            shown.add(f.keyValues("mutableParameters").value());
            assertThat(f.message()).contains("does not report the current values");
            return false;
        };
        m.modifyAction().run();
        assertThat(shown).last().isEqualTo(Map.of());
    }

    @Test
    void createFormRejectsBadInputWithReadableSentences() {
        Form f = VolumeForms.create(storage.features, org.csiconsole.core.model.VolumeSource.NONE, 0);
        f.text("name").set("");
        assertThat(f.valid().get()).isFalse();
        assertThat(f.text("name").error().get()).contains("name is required");
        f.text("name").set("pvc-1");
        f.text("size").set("10XB");
        assertThat(f.text("size").error().get()).contains("Unknown unit");
        f.text("size").set("500G");
        assertThat(f.valid().get()).isTrue();
        f.text("fsType").set("ext4");
        f.<AccessType>choice("accessType").set(AccessType.BLOCK);
        assertThat(f.text("fsType").error().get()).contains("block volume has no file system");
        f.text("fsType").set("");
        f.text("parameters").set("tier gold");
        assertThat(f.text("parameters").error().get()).contains("not key=value");
        f.text("parameters").set("tier=gold");
        f.<org.csiconsole.core.model.VolumeSource.Kind>choice("sourceKind").set(org.csiconsole.core.model.VolumeSource.Kind.SNAPSHOT);
        assertThat(f.text("sourceId").error().get()).contains("snapshot");
        f.text("sourceId").set("snap-0001");
        assertThat(f.valid().get()).isTrue();
        assertThat(VolumeForms.toRequest(f).capacityBytes()).isEqualTo(500_000_000_000L);
        assertThat(VolumeForms.toRequest(f).source().id()).isEqualTo("snap-0001");
    }

    @Test
    void theCreateFormLeavesTheFileSystemToTheDriverAndOffersTheUsualTypes() {
        Form f = VolumeForms.create(storage.features, org.csiconsole.core.model.VolumeSource.NONE, 0);
        assertThat(f.text("fsType").text().get()).as("empty: the driver's default").isEmpty();
        assertThat(f.text("fsType").suggestions()).contains("ext4", "xfs");
        f.text("name").set("pvc-1");
        assertThat(VolumeForms.toRequest(f).capabilities().get(0).fsType()).isEmpty();
    }

    @Test
    void theCreateFormOffersMutableParametersOnlyWithModifyVolume() {
        assertThat(VolumeForms.create(storage.features, org.csiconsole.core.model.VolumeSource.NONE, 0).field("mutableParameters"))
                .isPresent();

        var caps = FakeStorage.allCapabilities();
        var controller = java.util.EnumSet.copyOf(caps.controller());
        controller.remove(org.csiconsole.core.model.ControllerCapability.MODIFY_VOLUME);
        Features noModify = Features.from(new org.csiconsole.core.model.CapabilitySet(caps.plugin(), controller, caps.node(),
                caps.groupController(), java.util.Set.of()), true, false, false, false);
        Form f = VolumeForms.create(noModify, org.csiconsole.core.model.VolumeSource.NONE, 0);
        assertThat(f.field("mutableParameters")).isEmpty();
        f.text("name").set("pvc-1");
        assertThat(VolumeForms.toRequest(f).mutableParameters()).isEmpty();
    }

    @Test
    void aCreateAnsweredWithoutASizeSaysSizeNotReported() {
        VolumesViewModel m = model();
        m.create(new org.csiconsole.core.port.VolumeRequest("dcsi-test-1", 0, List.of(), Map.of(), Map.of(), null));
        assertThat(notifications.items()).singleElement()
                .satisfies(n -> assertThat(n.message()).isEqualTo("Created dcsi-test-1 (size not reported)."));
    }

    @Test
    void cloneFromSnapshotIsRefusedWhenThePluginCannotSnapshot() {
        Form f = VolumeForms.create(FakeStorage.readOnly(), org.csiconsole.core.model.VolumeSource.snapshot("snap-1"), 0);
        assertThat(f.text("sourceId").error().get()).contains("CREATE_DELETE");
    }

    @Test
    void deleteNeedsTheTypedNameAndRemovesTheRow() {
        VolumesViewModel m = model();
        m.selectedProperty().set(m.table().all().get(1));
        dialogs.typed = "pvc-d";
        m.deleteAction().run();
        assertThat(storage.calls).doesNotContain("deleteVolume");
        assertThat(dialogs.confirmations).containsExactly("Delete volume pvc-db:pvc-db");

        dialogs.typed = "pvc-db";
        m.deleteAction().run();
        assertThat(storage.calls).contains("deleteVolume");
        assertThat(names(m)).containsExactly("pvc-web", "pvc-logs");
        assertThat(m.selected()).isNull();
    }

    @Test
    void abortedAndUnavailableReachThePersonAsFailuresInWords() {
        VolumesViewModel m = model();
        m.selectedProperty().set(m.table().all().stream().filter(v -> v.publishedNodeIds().isEmpty()).findFirst().orElseThrow());
        storage.failNext("deleteVolume", FailureKind.BUSY, "another operation is pending for this volume (ABORTED)", "Wait for it to finish, then try again.");
        m.deleteAction().run();
        assertThat(dialogs.failures).hasSize(1);
        assertThat(dialogs.failures.get(0).kind()).isEqualTo(FailureKind.BUSY);
        assertThat(dialogs.failures.get(0).whatToDo()).startsWith("Wait");
        assertThat(names(m)).contains("pvc-db");
        assertThat(notifications.items().get(0).severity()).isEqualTo(Severity.ERROR);

        storage.failNext("listVolumes", FailureKind.UNAVAILABLE, "the plugin did not answer (UNAVAILABLE)", "Check that the driver runs.");
        m.refresh();
        assertThat(dialogs.failures).hasSize(2);
        assertThat(dialogs.failures.get(1).kind()).isEqualTo(FailureKind.UNAVAILABLE);
        assertThat(m.statusProperty().get()).contains("did not answer").endsWith("The volumes shown are from the read before.");
        assertThat(names(m)).as("a failed refresh loses no rows").contains("pvc-web", "pvc-db", "pvc-logs");
    }

    @Test
    void actionsTheStorageDoesNotAdvertiseAreDisabledWithTheReason() {
        storage.features = FakeStorage.readOnly();
        VolumesViewModel m = model();
        m.selectedProperty().set(m.table().all().get(0));
        assertThat(m.createAction().enabled().get()).isFalse();
        assertThat(m.createAction().disabledReason().get()).contains("CREATE_DELETE_VOLUME");
        assertThat(m.expandAction().disabledReason().get()).contains("EXPAND_VOLUME");
        assertThat(m.nodeStageAction().disabledReason().get()).contains("No node socket");
        assertThat(m.cspPublishAction().disabledReason().get()).contains("CSP array");
        assertThat(m.createAction().run()).isFalse();
        assertThat(storage.calls).doesNotContain("createVolume");
        assertThat(m.refreshAction().enabled().get()).isTrue();
    }

    @Test
    void selectionIsNeededForVolumeCommands() {
        VolumesViewModel m = model();
        assertThat(m.deleteAction().enabled().get()).isFalse();
        assertThat(m.deleteAction().disabledReason().get()).isEqualTo("Select one of the volumes first.");
        m.selectedProperty().set(m.table().all().get(1));
        assertThat(m.deleteAction().enabled().get()).isTrue();
        assertThat(m.unpublishAction().enabled().get()).as("pvc-db is published nowhere").isFalse();
    }

    @Test
    void expandPublishAndSnapshotUpdateTheRowAndDetails() {
        VolumesViewModel m = model();
        m.selectedProperty().set(m.table().all().get(1));
        dialogs.formAnswer = f -> {
            f.text("size").set("400GiB");
            return true;
        };
        m.expandAction().run();
        assertThat(storage.calls).doesNotContain("expandVolume");

        dialogs.formAnswer = f -> {
            f.text("size").set("1TiB");
            return true;
        };
        m.expandAction().run();
        assertThat(m.selected().capacityBytes()).isEqualTo(1L << 40);

        dialogs.formAnswer = f -> {
            f.text("nodeId").set("node-b1");
            return true;
        };
        m.publishAction().run();
        assertThat(m.selected().publishedNodeIds()).containsExactly("node-b1");
        assertThat(m.publishContexts()).containsKey("vol-0002/node-b1");

        dialogs.formAnswer = f -> true;
        m.snapshotAction().run();
        assertThat(m.snapshotsOfSelected()).extracting(s -> s.sourceVolumeId()).containsOnly("vol-0002").hasSize(2);
    }

    @Test
    void cloneSendsTheVolumeAsContentSourceWithItsSize() {
        VolumesViewModel m = model();
        m.selectedProperty().set(m.table().all().get(0));
        dialogs.formAnswer = f -> true;
        m.cloneAction().run();
        Volume clone = storage.volumes.get(storage.volumes.size() - 1);
        assertThat(clone.name()).isEqualTo("pvc-web-clone");
        assertThat(clone.source()).isEqualTo(org.csiconsole.core.model.VolumeSource.volume("vol-0001"));
        assertThat(clone.capacityBytes()).isEqualTo(10L << 30);
    }

    @Test
    void aSlowReadStreamsPagesAndCanBeCancelledKeepingWhatArrived() {
        java.util.List<java.util.concurrent.CompletableFuture<java.util.List<org.csiconsole.core.port.SourceFailure>>> outcomes = new java.util.ArrayList<>();
        java.util.List<PageSink<Volume>> sinks = new java.util.ArrayList<>();
        org.csiconsole.core.port.StorageService slow = listingInto(sinks, outcomes);
        ActionRunner actions = new ActionRunner(new TaskRunner(Runnable::run), notifications, dialogs);
        VolumesViewModel m = new VolumesViewModel(new ViewContext(slow, actions, Runnable::run, "Demo"));
        m.activate();
        assertThat(m.loadingProperty().get()).isTrue();
        sinks.get(0).accept(List.of(Volume.csi("vol-a", 1), Volume.csi("vol-b", 2)));
        assertThat(m.table().all()).hasSize(2);
        m.cancelLoad();
        assertThat(outcomes.get(0).isCancelled()).isTrue();
        assertThat(m.loadingProperty().get()).isFalse();
        assertThat(m.statusProperty().get()).isEqualTo("Reading was cancelled; 2 volumes shown.");
        assertThat(m.table().all()).hasSize(2);
        assertThat(dialogs.failures).isEmpty();
    }

    @Test
    void theNextPageIsAskedForOnlyOnceTheLastOneReachedTheTable() {
        java.util.List<PageSink<Volume>> sinks = new java.util.ArrayList<>();
        org.csiconsole.core.port.StorageService paged = listingInto(sinks, new java.util.ArrayList<>());
        java.util.Deque<Runnable> uiQueue = new java.util.ArrayDeque<>();
        ActionRunner actions = new ActionRunner(new TaskRunner(Runnable::run), notifications, dialogs);
        VolumesViewModel m = new VolumesViewModel(new ViewContext(paged, actions, uiQueue::add, "Demo"));
        m.activate();
        while (!uiQueue.isEmpty()) uiQueue.poll().run();

        java.util.concurrent.CompletionStage<?> ready = sinks.get(0).accept(List.of(Volume.csi("vol-a", 1), Volume.csi("vol-b", 2)));
        assertThat(ready.toCompletableFuture()).isNotDone();
        assertThat(m.table().all()).isEmpty();
        while (!uiQueue.isEmpty()) uiQueue.poll().run();
        assertThat(m.table().all()).extracting(Volume::volumeId).containsExactly("vol-a", "vol-b");
        assertThat(ready.toCompletableFuture()).isCompleted();
    }

    @Test
    void pagesStreamIntoAnEmptyTableButARefreshSwapsTheRowsOnlyOnceComplete() {
        java.util.List<java.util.concurrent.CompletableFuture<java.util.List<org.csiconsole.core.port.SourceFailure>>> outcomes = new java.util.ArrayList<>();
        java.util.List<PageSink<Volume>> sinks = new java.util.ArrayList<>();
        ActionRunner actions = new ActionRunner(new TaskRunner(Runnable::run), notifications, dialogs);
        VolumesViewModel m = new VolumesViewModel(new ViewContext(listingInto(sinks, outcomes), actions, Runnable::run, "Demo"));
        m.activate();
        sinks.get(0).accept(List.of(Volume.csi("vol-a", 1), Volume.csi("vol-b", 2)));
        assertThat(m.table().all()).as("the first read streams").extracting(Volume::volumeId).containsExactly("vol-a", "vol-b");
        outcomes.get(0).complete(java.util.List.of());
        m.selectedProperty().set(m.table().all().get(1));

        m.refresh();
        assertThat(m.loadingProperty().get()).isTrue();
        sinks.get(1).accept(List.of(Volume.csi("vol-c", 3)));
        sinks.get(1).accept(List.of(Volume.csi("vol-b", 2)));
        assertThat(m.table().all()).as("no half-read table while the refresh runs")
                .extracting(Volume::volumeId).containsExactly("vol-a", "vol-b");
        assertThat(m.statusProperty().get()).isEqualTo("Reading volumes\u2026");
        outcomes.get(1).complete(java.util.List.of());
        assertThat(m.table().all()).extracting(Volume::volumeId).containsExactly("vol-c", "vol-b");
        assertThat(m.statusProperty().get()).isEqualTo("Read 2 volumes");
        assertThat(m.selected()).as("the selection stays on a volume still there").extracting(Volume::volumeId).isEqualTo("vol-b");

        m.refresh();
        sinks.get(2).accept(List.of(Volume.csi("vol-d", 4)));
        m.cancelLoad();
        outcomes.get(2).completeExceptionally(new java.util.concurrent.CancellationException());
        assertThat(m.table().all()).as("a cancelled refresh loses nothing").extracting(Volume::volumeId).containsExactly("vol-c", "vol-b");
        assertThat(m.statusProperty().get()).isEqualTo("Reading was cancelled; the volumes shown are from the read before.");

        m.refresh();
        outcomes.get(3).complete(java.util.List.of());
        assertThat(m.table().all()).as("a read without pages ends with no rows").isEmpty();
        assertThat(m.statusProperty().get()).isEqualTo("Read 0 volumes");
    }

    /** A storage whose ListVolumes hands its page sink to the test and answers with a new future added to {@code outcomes}. */
    private org.csiconsole.core.port.StorageService listingInto(java.util.List<PageSink<Volume>> sinks,
                                                                java.util.List<java.util.concurrent.CompletableFuture<java.util.List<org.csiconsole.core.port.SourceFailure>>> outcomes) {
        return new org.csiconsole.core.port.StorageService() {
            @Override
            public java.util.concurrent.CompletableFuture<Features> features() {
                return java.util.concurrent.CompletableFuture.completedFuture(storage.features);
            }

            @Override
            public java.util.concurrent.CompletableFuture<java.util.List<org.csiconsole.core.port.SourceFailure>> listVolumes(PageSink<Volume> pages) {
                sinks.add(pages);
                java.util.concurrent.CompletableFuture<java.util.List<org.csiconsole.core.port.SourceFailure>> outcome = new java.util.concurrent.CompletableFuture<>();
                outcomes.add(outcome);
                return outcome;
            }
        };
    }

    @Test
    void aControllerPublishHandsItsPublishContextToNodeStageAndNodePublish() {
        VolumesViewModel m = model();
        Volume web = m.table().all().get(0);
        m.selectedProperty().set(web);
        dialogs.formAnswer = f -> {
            f.text("nodeId").set("node-a1");
            f.<AccessMode>choice("accessMode").set(AccessMode.SINGLE_NODE_MULTI_WRITER);
            return true;
        };
        m.controllerPublish();
        Map<String, String> context = Map.of("devicePath", "/dev/mapper/" + web.volumeId());
        assertThat(m.publishContexts()).containsEntry(web.volumeId() + "/node-a1", context);
        assertThat(m.selected().publishedNodeIds()).as("the row was read again and stays selected").contains("node-a1");

        dialogs.formAnswer = f -> {
            f.text("path").set("staging/relative");
            return true;
        };
        m.nodeStage();
        assertThat(storage.calls).as("a relative path is refused by the form").doesNotContain("nodeStage");

        dialogs.formAnswer = f -> true;
        m.nodeStage();
        assertThat(storage.lastNodeTarget.stagingTargetPath()).isEqualTo("/var/lib/csi-console/staging/" + web.volumeId());
        assertThat(storage.lastNodeTarget.publishContext()).isEqualTo(context);

        dialogs.formAnswer = f -> {
            f.<AccessMode>choice("accessMode").set(AccessMode.SINGLE_NODE_READER_ONLY);
            f.<Boolean>choice("readonly").set(true);
            return true;
        };
        m.nodePublish();
        NodeTarget published = storage.lastNodeTarget;
        assertThat(published.targetPath()).isEqualTo("/var/lib/csi-console/publish/" + web.volumeId());
        assertThat(published.stagingTargetPath()).isEqualTo("/var/lib/csi-console/staging/" + web.volumeId());
        assertThat(published.capability().accessMode()).isEqualTo(AccessMode.SINGLE_NODE_READER_ONLY);
        assertThat(published.readonly()).isTrue();
        assertThat(published.publishContext()).isEqualTo(context);
    }

    @Test
    void expandOnThisNodeIsOfferedWhereThisConsolePublishedTheVolumeAndSendsNodeExpandVolumeAtThatPath() {
        VolumesViewModel m = model();
        Volume web = m.table().all().get(0);
        m.selectedProperty().set(web);
        assertThat(m.nodeExpandAction().enabled().get()).as("not published on the node by this console").isFalse();
        assertThat(m.nodeExpandAction().disabledReason().get()).contains("NodeExpandVolume needs the target path");
        dialogs.formAnswer = f -> {
            if (f.field("nodeId").isPresent()) f.text("nodeId").set("node-a1");
            return true;
        };
        m.controllerPublish();
        m.nodeStage();
        m.nodePublish();
        assertThat(m.nodeExpandAction().enabled().get()).isTrue();

        List<Form> shown = new java.util.ArrayList<>();
        dialogs.formAnswer = f -> shown.add(f);
        m.nodeExpandAction().run();

        assertThat(shown.get(0).text("path").text().get()).isEqualTo("/var/lib/csi-console/publish/" + web.volumeId());
        assertThat(shown.get(0).text("staging").text().get()).isEqualTo("/var/lib/csi-console/staging/" + web.volumeId());
        assertThat(dialogs.assessments.get(dialogs.assessments.size() - 1)).satisfies(a -> {
            assertThat(a.request().operation()).isEqualTo(org.csiconsole.core.risk.RiskOperation.NODE_EXPAND);
            assertThat(a.request().sends()).containsEntry("volume_path", "/var/lib/csi-console/publish/" + web.volumeId());
            assertThat(String.join("\n", a.lines())).contains("NodeExpandVolume grows the file system of " + web.displayName());
        });
        assertThat(storage.calls).contains("nodeExpand");
        assertThat(storage.lastNodePath).isEqualTo("/var/lib/csi-console/publish/" + web.volumeId());
    }

    @Test
    void aCspPublishGoesToTheChosenHostWithTheChosenProtocolAndShowsItsLun() {
        VolumesViewModel m = model();
        m.selectedProperty().set(m.table().all().get(0));
        org.csiconsole.core.model.Host second = storage.hosts.get(1);
        dialogs.formAnswer = f -> {
            assertThat(f.<org.csiconsole.core.model.Host>choice("host").value().get()).isEqualTo(storage.hosts.get(0));
            f.<org.csiconsole.core.model.Host>choice("host").set(second);
            f.<org.csiconsole.core.model.AccessProtocol>choice("protocol").set(org.csiconsole.core.model.AccessProtocol.FC);
            return true;
        };
        m.cspPublish();
        assertThat(storage.calls).contains("listHosts", "cspPublish");
        assertThat(m.publishInfoOfSelected()).singleElement().satisfies(info -> {
            assertThat(info.accessProtocol()).isEqualTo(org.csiconsole.core.model.AccessProtocol.FC);
            assertThat(info.lunId()).isEqualTo(7);
        });
    }

    @Test
    void aCspUnpublishShowsCoresAssessmentAndIsSentOnlyOnceTheVolumesNameIsTyped() {
        VolumesViewModel m = model();
        Volume v = m.table().all().get(0);
        m.selectedProperty().set(v);
        org.csiconsole.core.model.Host host = storage.hosts.get(0);
        dialogs.formAnswer = f -> true;
        dialogs.typed = "not-" + v.displayName();

        m.cspUnpublish();

        assertThat(storage.calls).doesNotContain("cspUnpublish");
        assertThat(dialogs.assessments.get(dialogs.assessments.size() - 1)).satisfies(a -> {
            assertThat(a.request().operation()).isEqualTo(org.csiconsole.core.risk.RiskOperation.CSP_UNPUBLISH);
            assertThat(a.consent().level()).as("the command line's csp unpublish asks --yes too").isEqualTo(org.csiconsole.core.risk.Consent.Kind.TYPED);
            assertThat(String.join("\n", a.lines())).contains(host.name() + " loses access to " + v.displayName())
                    .contains("host_uuid=" + (host.uuid().isEmpty() ? host.id() : host.uuid()));
        });

        dialogs.typed = v.displayName();
        m.cspUnpublish();
        assertThat(storage.calls).contains("cspUnpublish");
    }

    @Test
    void featuresFromCapabilitiesExplainMissingController() {
        Features none = Features.from(org.csiconsole.core.model.CapabilitySet.NONE, true, false, false, false);
        assertThat(none.reason(org.csiconsole.core.port.Feature.CREATE_VOLUME)).contains("CONTROLLER_SERVICE");
        assertThat(Features.NONE.reason(org.csiconsole.core.port.Feature.LIST_VOLUMES)).contains("Not connected");
    }

    @Test
    void nodeActionsFollowTheLifecycleOnTheConnectedNode() {
        VolumesViewModel m = model();
        Volume db = m.table().all().stream().filter(v -> v.name().equals("pvc-db")).findFirst().orElseThrow();
        m.selectedProperty().set(db);
        assertThat(m.connectedNodeProperty().get()).isEqualTo("node-a1");
        assertThat(m.nodeStageAction().enabled().get()).as("not published to node-a1 yet").isFalse();

        dialogs.formAnswer = f -> {
            f.text("nodeId").set("node-a1");
            return true;
        };
        m.controllerPublish();
        dialogs.formAnswer = f -> true;
        assertThat(m.nodeStageAction().enabled().get()).isTrue();
        assertThat(m.nodePublishAction().disabledReason().get()).startsWith("Stage it on node-a1 first");
        assertThat(m.nodeUnstageAction().enabled().get()).isFalse();

        m.nodeStage();
        assertThat(m.nodeStageAction().disabledReason().get()).startsWith("Not offered: pvc-db is already staged on node-a1 at /")
                .contains("(Node > Publish on this node)");
        assertThat(m.nodePublishAction().enabled().get()).isTrue();
        assertThat(m.nodeUnpublishAction().enabled().get()).isFalse();

        m.nodePublish();
        assertThat(m.nodeUnpublishAction().enabled().get()).isTrue();
        assertThat(m.nodeUnstageAction().disabledReason().get()).startsWith("Unpublish it on node-a1 first: it is still published at /");

        String target = storage.lastNodeTarget.targetPath();
        String staging = storage.lastNodeTarget.stagingTargetPath();
        m.nodeUnpublish();
        assertThat(storage.lastNodePath).as("the form offers where it was published").isEqualTo(target);
        assertThat(m.nodeUnstageAction().enabled().get()).isTrue();
        m.nodeUnstage();
        assertThat(storage.lastNodePath).as("the form offers where it was staged").isEqualTo(staging);
        assertThat(m.nodeStageAction().enabled().get()).as("back where it started, still published to node-a1").isTrue();
        assertThat(m.nodeUnstageAction().enabled().get()).isFalse();
    }

    @Test
    void anUnstageAtAnotherPathThanTheRecordedOneIsAssessedAtThePathSentAndRefused() {
        VolumesViewModel m = model();
        Volume db = m.table().all().stream().filter(v -> v.name().equals("pvc-db")).findFirst().orElseThrow();
        m.selectedProperty().set(db);
        dialogs.formAnswer = f -> {
            f.text("nodeId").set("node-a1");
            return true;
        };
        m.controllerPublish();
        dialogs.formAnswer = f -> true;
        m.nodeStage();
        String recorded = storage.lastNodeTarget.stagingTargetPath();
        dialogs.formAnswer = f -> {
            f.text("path").set("/var/lib/other/globalmount");
            return true;
        };
        m.nodeUnstage();

        org.csiconsole.core.risk.Assessment a = dialogs.assessments.get(dialogs.assessments.size() - 1);
        assertThat(a.sends()).contains("staging_target_path=/var/lib/other/globalmount");
        assertThat(a.hazards()).anySatisfy(h -> assertThat(h.sentence()).contains("loses the staging of pvc-db at /var/lib/other/globalmount"));
        assertThat(a.hazards()).noneSatisfy(h -> assertThat(h.sentence()).contains("loses the staging of pvc-db at " + recorded));
        assertThat(a.illegal().reason()).isEqualTo("pvc-db is staged on node-a1 at " + recorded + ", not at /var/lib/other/globalmount");
        assertThat(storage.lastNodePath).as("refused: nothing sent").isNotEqualTo("/var/lib/other/globalmount");
    }

    @Test
    void aRefusedControllerPublishKeepsItsFormWithThePluginsWordsInside() {
        VolumesViewModel m = model();
        m.selectedProperty().set(m.table().all().stream().filter(v -> v.name().equals("pvc-db")).findFirst().orElseThrow());
        storage.failNext("controllerPublish", FailureKind.INVALID_ARGUMENT,
                "Volume vol-0002 supports access modes [MULTI_NODE_MULTI_WRITER], not SINGLE_NODE_WRITER.", "Fix the request.");
        List<String> seen = new java.util.ArrayList<>();
        dialogs.formAnswer = f -> {
            var failure = f.failureProperty().get();
            seen.add(f.text("nodeId").value() + " | " + (failure == null ? "" : failure.why()));
            if (failure != null) f.<AccessMode>choice("accessMode").set(AccessMode.MULTI_NODE_MULTI_WRITER);
            else f.text("nodeId").set("node-a1");
            return true;
        };
        m.controllerPublish();
        assertThat(seen).as("prefilled with node-b1, which reaches pvc-db's site-b").containsExactly("node-b1 | ",
                "node-a1 | Volume vol-0002 supports access modes [MULTI_NODE_MULTI_WRITER], not SINGLE_NODE_WRITER.");
        assertThat(dialogs.forms).as("one form, kept open").hasSize(1);
        assertThat(dialogs.failures).isEmpty();
        assertThat(m.selected().publishedNodeIds()).contains("node-a1");
    }

    @Test
    void theCreateAndPublishFormsNameTheConnectionTheyActOn() {
        VolumesViewModel m = model();
        dialogs.formAnswer = f -> false;
        m.createAction().run();
        m.selectedProperty().set(m.table().all().get(1));
        m.controllerPublish();

        assertThat(dialogs.forms).extracting(org.csiconsole.views.form.Form::connection).hasSize(2).containsOnly("Demo");
    }

    @Test
    void theFirstStepOfExpandModifyAndUnpublishNamesTheConnectionItActsOn() {
        VolumesViewModel m = model();
        m.selectedProperty().set(m.table().all().get(1));
        dialogs.formAnswer = f -> {
            f.text("nodeId").set("node-a1");
            return true;
        };
        m.controllerPublish();
        assertThat(m.selected().publishedNodeIds()).contains("node-a1");
        dialogs.forms.clear();
        dialogs.formAnswer = f -> false;
        m.expand();
        m.modify();
        m.controllerUnpublish();

        assertThat(dialogs.forms).extracting(org.csiconsole.views.form.Form::title).hasSize(3);
        assertThat(dialogs.forms).extracting(org.csiconsole.views.form.Form::connection).containsOnly("Demo");
    }

    @Test
    void anExpandBeyondTheLargestVolumeThePluginReportsIsRefusedAndNotSent() {
        VolumesViewModel m = model();
        m.selectedProperty().set(m.table().all().stream().filter(v -> v.name().equals("pvc-db")).findFirst().orElseThrow());
        dialogs.formAnswer = f -> {
            f.text("size").set("5 TiB");
            return true;
        };

        m.expandAction().run();

        assertThat(storage.calls).doesNotContain("expandVolume");
        assertThat(dialogs.assessments).singleElement().satisfies(a -> {
            assertThat(a.blocked()).isTrue();
            assertThat(a.illegal().reason()).isEqualTo("the new size, 5 TiB, is over the largest volume the plugin provisions, 4 TiB");
            assertThat(a.actionIsDefault()).isFalse();
        });
    }

    @Test
    void anExpandClosedOnItsRefusalOpensAgainWithTheSizeTyped() {
        VolumesViewModel m = model();
        m.selectedProperty().set(m.table().all().stream().filter(v -> v.name().equals("pvc-db")).findFirst().orElseThrow());
        dialogs.formAnswer = f -> {
            f.text("size").set("5 TiB");
            return true;
        };
        m.expandAction().run();
        assertThat(storage.calls).doesNotContain("expandVolume");

        java.util.List<String> opened = new java.util.ArrayList<>();
        dialogs.formAnswer = f -> {
            opened.add(f.text("size").text().get());
            return false;
        };
        m.expandAction().run();
        assertThat(opened).containsExactly("5 TiB");
    }

    @Test
    void anExpandWhenGetCapacityFailsIsConfirmedWithCoresNoteThatTheLimitWasNotChecked() {
        VolumesViewModel m = model();
        m.selectedProperty().set(m.table().all().stream().filter(v -> v.name().equals("pvc-db")).findFirst().orElseThrow());
        dialogs.formAnswer = f -> {
            f.text("size").set("5 TiB");
            return true;
        };
        storage.failNext("capacity", org.csiconsole.core.call.FailureKind.UNAVAILABLE, "array busy", "Try again.");

        m.expandAction().run();

        assertThat(dialogs.assessments).singleElement().satisfies(a -> {
            assertThat(a.blocked()).as("not a refusal").isFalse();
            assertThat(a.has(org.csiconsole.core.risk.Hazard.Kind.STATE_UNKNOWN)).isTrue();
            assertThat(a.lines()).anySatisfy(l -> assertThat(l).contains("the largest volume the plugin provisions could not be read"));
        });
    }
}
