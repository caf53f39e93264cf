package org.csiconsole.views.audit;

import org.csiconsole.core.audit.AuditEntry;
import org.csiconsole.core.audit.AuditExportFormat;
import org.csiconsole.core.audit.AuditFailure;
import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditQuery;
import org.csiconsole.core.audit.AuditVerification;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.notify.Notification;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.notify.Severity;
import org.csiconsole.views.task.TaskRunner;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

class AuditViewModelTest {
    private static final Instant NOW = Instant.parse("2026-11-25T12:00:00Z");

    private final FakeAuditLog log = new FakeAuditLog();
    private final Notifications notifications = new Notifications();
    private final FakeDialogService dialogs = new FakeDialogService();
    private final ActionRunner actions = new ActionRunner(new TaskRunner(Runnable::run), notifications, dialogs);
    private final AuditViewModel model = new AuditViewModel(log, Runnable::run, actions, Clock.fixed(NOW, ZoneOffset.UTC), 3);

    private AuditEntry add(Duration ago, String connection, String volumeId, AuditOutcome outcome) {
        return log.add(NOW.minus(ago), connection, "csi.v1.Controller/DeleteVolume", volumeId, outcome, "volume_id: \"" + volumeId + "\"");
    }

    @Test
    void aClonesEntryTellsItsSourceFromTheNewVolumeAndLaterEntriesNameTheIdsTheLogKnows() {
        AuditEntry first = add(Duration.ofMinutes(9), "lab", "vol-206", AuditOutcome.OK);
        AuditEntry clone = log.add(new org.csiconsole.core.audit.AuditRecord(NOW.minusSeconds(120), first.record().origin(),
                "unix:///run/csi/csi.sock", "grpc", "csi.v1.Controller/CreateVolume", new java.util.LinkedHashMap<>(java.util.Map.of(
                "name", java.util.List.of("walk-clone"), "source_volume_id", java.util.List.of("vol-206"), "volume_id", java.util.List.of("vol-207"))),
                "name: \"walk-clone\"", AuditOutcome.OK, "", "", 4, "c-1", 1));
        AuditEntry delete = add(Duration.ofMinutes(1), "lab", "vol-207", AuditOutcome.OK);
        model.activate();

        assertThat(model.targetsText(clone)).isEqualTo("vol-207 (walk-clone), from vol-206");
        assertThat(model.targetsText(delete)).isEqualTo("vol-207 (walk-clone)");
        assertThat(model.targetsText(first)).as("a name the log does not know is not made up").isEqualTo("vol-206");
        assertThat(AuditRows.details(delete, model.names())).anySatisfy(r -> assertThat(r.toString()).contains("vol-207 = walk-clone"));
        model.table().filterTextProperty().set("walk-clone");
        assertThat(model.table().rows()).extracting(AuditEntry::seq).containsExactlyInAnyOrder(clone.seq(), delete.seq());
    }

    @Test
    void aCallOnAVolumeTheConsoleKnowsByNameShowsTheNameItCarriesBesideTheIdAndNotAsATarget() {
        AuditEntry unpublish = log.add(new org.csiconsole.core.audit.AuditRecord(NOW.minusSeconds(60), new org.csiconsole.core.audit.AuditOrigin("ann", "h", "lab"),
                "unix:///run/csi/csi.sock", "grpc", "csi.v1.Controller/ControllerUnpublishVolume", new java.util.LinkedHashMap<>(java.util.Map.of(
                "volume_id", java.util.List.of("vol-00000206"), "node_id", java.util.List.of("node-1"),
                org.csiconsole.core.audit.AuditRecord.NAMES, java.util.List.of("vol-00000206=pvc-4f1c"))),
                "volume_id: \"vol-00000206\"", AuditOutcome.OK, "", "", 4, "c-2", 1));
        model.activate();

        assertThat(model.targetsText(unpublish)).isEqualTo("node-1, vol-00000206 (pvc-4f1c)");
        assertThat(AuditRows.details(unpublish, model.names())).noneSatisfy(r -> assertThat(r.label()).isEqualTo("names"))
                .anySatisfy(r -> assertThat(r.toString()).contains("vol-00000206 = pvc-4f1c"));
    }

    @Test
    void eachFilterReachesThePortAndNarrowsTheRows() {
        add(Duration.ofMinutes(5), "lab", "pvc-1", AuditOutcome.FAILED);
        add(Duration.ofMinutes(10), "lab", "pvc-2", AuditOutcome.OK);
        add(Duration.ofMinutes(20), "prod", "pvc-1", AuditOutcome.FAILED);
        add(Duration.ofHours(3), "lab", "pvc-1", AuditOutcome.FAILED);
        model.activate();

        model.timeRangeProperty().set(AuditTimeRange.LAST_HOUR);
        model.connectionProperty().set("lab");
        model.targetIdProperty().set(" pvc-1 ");
        model.outcomeProperty().set(AuditOutcomeChoice.FAILED);

        AuditQuery asked = log.finds.get(log.finds.size() - 1);
        assertThat(asked).isEqualTo(new AuditQuery(NOW.minus(Duration.ofHours(1)), null, "lab", "pvc-1", AuditOutcome.FAILED, 0, 3));
        assertThat(model.table().all()).extracting(AuditEntry::seq).containsExactly(1L);
        assertThat(model.statusProperty().get()).isEqualTo("Showing all 1 entry, newest first.");
    }

    @Test
    void forcedAndOverrideEntriesAreMarkedAndCanBeShownAlone() {
        AuditEntry plain = add(Duration.ofMinutes(5), "lab", "pvc-1", AuditOutcome.OK);
        AuditEntry promote = log.add(new org.csiconsole.core.audit.AuditRecord(NOW.minusSeconds(60), plain.record().origin(), "unix:///run/csi/csi.sock",
                "grpc", "replication.Controller/PromoteVolume", java.util.Map.of("volume_id", java.util.List.of("vol-9")), "force: true",
                AuditOutcome.OK, "", "", 4, "c-9", 1).asForced());
        AuditEntry anyway = log.add(plain.record().asOverride());
        AuditEntry discarded = log.add(new org.csiconsole.core.audit.AuditRecord(NOW.minusSeconds(30), plain.record().origin(), "unix:///run/csi/csi.sock",
                "grpc", "replication.Controller/DemoteVolume", java.util.Map.of("volume_id", java.util.List.of("vol-2r")), "force: false",
                AuditOutcome.OK, "", "", 4, "c-10", 1).asForced().inWorkflow("Split-brain recovery: survivor site-a (vol-2), discarded site-b (vol-2r)"));
        model.activate();
        assertThat(AuditRows.mark(discarded)).isEqualTo("forced (split-brain recovery)");
        assertThat(AuditRows.details(discarded, model.names())).anySatisfy(r -> assertThat(r.toString())
                .contains("Split-brain recovery: survivor site-a (vol-2), discarded site-b (vol-2r)"));
        assertThat(AuditRows.mark(promote)).isEqualTo("forced");
        assertThat(AuditRows.mark(anyway)).isEqualTo("override");
        assertThat(AuditRows.mark(plain)).isEmpty();

        model.markedOnlyProperty().set(true);

        assertThat(log.finds.get(log.finds.size() - 1).marked()).isTrue();
        assertThat(model.table().all()).extracting(AuditEntry::seq).containsExactlyInAnyOrder(promote.seq(), anyway.seq(), discarded.seq());
    }

    @Test
    void betweenAsksForTheChosenInstantsAndAllAsksForNoTimeLimit() {
        model.activate();
        model.timeRangeProperty().set(AuditTimeRange.BETWEEN);
        model.fromProperty().set(Instant.parse("2026-11-01T00:00:00Z"));
        model.toProperty().set(Instant.parse("2026-11-02T00:00:00Z"));
        AuditQuery between = log.finds.get(log.finds.size() - 1);
        assertThat(between.since()).isEqualTo(Instant.parse("2026-11-01T00:00:00Z"));
        assertThat(between.until()).isEqualTo(Instant.parse("2026-11-02T00:00:00Z"));

        model.timeRangeProperty().set(AuditTimeRange.ALL);
        AuditQuery all = log.finds.get(log.finds.size() - 1);
        assertThat(all.since()).isNull();
        assertThat(all.until()).isNull();
    }

    @Test
    void theNewestPageComesFirstAndLoadOlderAppendsTheNextUntilAllAreShown() {
        for (int i = 0; i < 7; i++) add(Duration.ofMinutes(70 - i), "lab", "pvc-" + i, AuditOutcome.OK);
        model.activate();
        assertThat(model.table().all()).extracting(AuditEntry::seq).containsExactly(7L, 6L, 5L);
        assertThat(model.matchingProperty().get()).isEqualTo(7);
        assertThat(model.canLoadOlder().get()).isTrue();
        assertThat(model.statusProperty().get()).isEqualTo("Showing 3 of 7 entries, newest first.");

        model.loadOlder();
        assertThat(log.finds.get(log.finds.size() - 1).offset()).isEqualTo(3);
        model.loadOlder();
        assertThat(model.table().all()).extracting(AuditEntry::seq).containsExactly(7L, 6L, 5L, 4L, 3L, 2L, 1L);
        assertThat(model.canLoadOlder().get()).isFalse();
        assertThat(log.finds).allSatisfy(q -> assertThat(q.limit()).isEqualTo(3));
    }

    @Test
    void entriesWrittenBetweenPagesAreNotShownTwice() {
        for (int i = 0; i < 4; i++) add(Duration.ofMinutes(10 - i), "lab", "pvc-" + i, AuditOutcome.OK);
        model.activate();
        add(Duration.ofMinutes(1), "lab", "pvc-new", AuditOutcome.OK);
        model.loadOlder();
        assertThat(model.table().all()).extracting(AuditEntry::seq).doesNotHaveDuplicates().contains(4L, 3L, 2L, 1L);
    }

    @Test
    void aFilterChangedWhileHiddenIsReadWhenTheViewIsShownAgain() {
        add(Duration.ofMinutes(5), "lab", "pvc-1", AuditOutcome.OK);
        model.activate();
        model.deactivate();
        int asked = log.finds.size();
        model.connectionProperty().set("prod");
        add(Duration.ofMinutes(1), "prod", "pvc-9", AuditOutcome.OK);
        assertThat(log.finds).hasSize(asked);

        model.activate();
        assertThat(model.table().all()).extracting(e -> e.record().origin().connection()).containsExactly("prod");
    }

    @Test
    void theConnectionChoicesAreTheConnectionsOfTheEntriesRead() {
        add(Duration.ofMinutes(5), "prod", "pvc-1", AuditOutcome.OK);
        add(Duration.ofMinutes(4), "lab", "pvc-2", AuditOutcome.OK);
        model.activate();
        assertThat(model.connections()).containsExactly("lab", "prod");
    }

    @Test
    void theWorkbenchsConnectionsAreOfferedBeforeAnyEntryOfTheirsIsReadAndChoosingOneAsksTheLogForItsEntries() {
        add(Duration.ofMinutes(4), "lab", "pvc-2", AuditOutcome.OK);
        javafx.collections.ObservableList<org.csiconsole.views.workbench.ConnectionModel> open = javafx.collections.FXCollections.observableArrayList(
                new org.csiconsole.views.workbench.ConnectionModel(org.csiconsole.core.session.ConnectionProfile.csi("Served", "unix:///tmp/served.sock")));
        model.offerConnections(open);
        model.activate();
        assertThat(model.connections()).containsExactly("Served", "lab");

        var added = new org.csiconsole.views.workbench.ConnectionModel(org.csiconsole.core.session.ConnectionProfile.csi("Second", "unix:///tmp/second.sock"));
        open.add(added);
        assertThat(model.connections()).containsExactly("Second", "Served", "lab");
        open.remove(added);
        assertThat(model.connections()).as("a connection removed with no entries read is no choice").containsExactly("Served", "lab");

        add(Duration.ofMinutes(1), "Served", "pvc-3", AuditOutcome.OK);
        model.connectionProperty().set("Served");
        assertThat(log.finds.get(log.finds.size() - 1).connection()).isEqualTo("Served");
        assertThat(model.table().all()).extracting(e -> e.record().origin().connection()).containsExactly("Served");
    }

    @Test
    void anIntactLogIsSaidInWords() {
        add(Duration.ofMinutes(5), "lab", "pvc-1", AuditOutcome.OK);
        model.verify();
        assertThat(model.statusProperty().get()).isEqualTo("The audit log is intact: 1 entry checked, none changed or removed.");
        assertThat(notifications.items()).extracting(Notification::severity).containsExactly(Severity.SUCCESS);
    }

    @Test
    void aChangedEntryIsNamedInTheStatusLineAndAnErrorNotificationWithoutAFailureDialog() {
        log.verification = AuditVerification.broken(10, 4, "entry 4 was changed: its hash does not match its content and the entry before it");
        model.verify();
        assertThat(model.statusProperty().get())
                .startsWith("The audit log is not intact: entry 4 was changed: its hash does not match")
                .contains("Entries before 4 are as written");
        Notification n = notifications.items().get(0);
        assertThat(n.severity()).isEqualTo(Severity.ERROR);
        assertThat(n.message()).contains("entry 4 was changed");
        assertThat(dialogs.failures).isEmpty();
    }

    @Test
    void exportWritesEveryEntryOfTheCurrentFilterThroughThePort(@TempDir Path dir) throws Exception {
        add(Duration.ofMinutes(5), "lab", "pvc-1", AuditOutcome.OK);
        add(Duration.ofMinutes(4), "prod", "pvc-2", AuditOutcome.OK);
        add(Duration.ofMinutes(3), "lab", "pvc-3", AuditOutcome.FAILED);
        model.activate();
        model.connectionProperty().set("lab");
        Path file = dir.resolve("audit.csv");

        model.export(AuditExportFormat.CSV, file);

        assertThat(log.exports).containsExactly(model.query());
        assertThat(log.exports.get(0).limit()).isEqualTo(AuditQuery.ALL);
        assertThat(log.exports.get(0).connection()).isEqualTo("lab");
        assertThat(log.exportFormats).containsExactly(AuditExportFormat.CSV);
        assertThat(Files.readAllLines(file)).hasSize(2);
        assertThat(notifications.items()).extracting(Notification::message).contains("Wrote 2 entries to " + file + ".");
    }

    @Test
    void aLogThatCannotBeReadSaysWhyAndKeepsTheRowsShown() {
        add(Duration.ofMinutes(5), "lab", "pvc-1", AuditOutcome.OK);
        model.activate();
        log.failure = new AuditFailure("Read the audit log", "the file is locked", "Close the other console and try again", null);
        model.refresh();
        assertThat(model.table().all()).hasSize(1);
        assertThat(model.statusProperty().get()).contains("the file is locked").contains("Close the other console");
        assertThat(notifications.items()).extracting(Notification::severity).containsExactly(Severity.ERROR);
        assertThat(model.loadingProperty().get()).isFalse();
    }
}
