package org.csiconsole.core.record;

import org.csiconsole.core.audit.AuditOrigin;
import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditRecord;
import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.risk.Assessment;
import org.csiconsole.core.risk.Hazard;
import org.csiconsole.core.risk.RiskModel;
import org.csiconsole.core.risk.RiskOperation;
import org.csiconsole.core.risk.RiskRequest;
import org.csiconsole.core.risk.TargetFacts;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * On a driver that cannot list (no LIST_VOLUMES, no LIST_SNAPSHOTS) the console's record is the only source: a snapshot
 * keeps what CreateSnapshot returned, and a delete's assessment reads the record's lineage (the snapshots of a volume, the
 * last copy of a deleted one).
 */
class RecordLineageTest {
    private static final Instant T = Instant.parse("2026-12-06T12:00:00Z");
    private static final String EP = "unix:///csi/csi.sock";
    private final ConsoleBook book = ConsoleRecords.inMemory().book(EP);

    private void call(String rpc, Map<String, List<String>> targets, String params) {
        RecordFeed.apply(new AuditRecord(T, AuditOrigin.local("t"), EP, "grpc", rpc, targets, params, AuditOutcome.OK, "", "", 1, "c", 1), book);
    }

    /** w3-a created, then snapshot w3-snap of it, as the console's own calls feed the record (audit first, then the reply). */
    private void createdVolumeAndSnapshot() {
        call("csi.v1.Controller/CreateVolume", Map.of("name", List.of("w3-a"), "volume_id", List.of("vol-206")),
                "name: \"w3-a\"\ncapacity_range {\n  required_bytes: 1073741824\n}");
        call("csi.v1.Controller/CreateSnapshot", Map.of("name", List.of("w3-snap"), "snapshot_id", List.of("snap-1"),
                "source_volume_id", List.of("vol-206")), "source_volume_id: \"vol-206\"\nname: \"w3-snap\"");
        book.record(RecordedItem.created(new Snapshot("snap-1", "w3-snap", "vol-206", 1L << 30, T.plusSeconds(1), true, "", Origin.CSI, Map.of()),
                T.plusSeconds(1)));
    }

    @Test
    void aSnapshotOfTheRecordKeepsTheReadinessSizeAndCreationTimeCreateSnapshotReturnedAndIsMarkedFromTheRecord() {
        createdVolumeAndSnapshot();

        Snapshot s = book.find(RecordKind.SNAPSHOT, "snap-1").orElseThrow().snapshot();

        assertThat(s.readyToUse()).isTrue();
        assertThat(s.sizeBytes()).isEqualTo(1L << 30);
        assertThat(s.creationTime()).isEqualTo(T.plusSeconds(1));
        assertThat(s.sourceVolumeId()).isEqualTo("vol-206");
        assertThat(s.name()).isEqualTo("w3-snap");
        assertThat(s.properties()).containsEntry(RecordedItem.ORIGIN_PROPERTY, "created by this console")
                .doesNotContainKeys(RecordedItem.READY_TO_USE, RecordedItem.CREATION_TIME);
    }

    @Test
    void aSnapshotRecordedWithoutTheReplyIsNotReadyAndHasNoCreationTime() {
        call("csi.v1.Controller/CreateSnapshot", Map.of("name", List.of("w3-snap"), "snapshot_id", List.of("snap-1")), "source_volume_id: \"vol-206\"");

        Snapshot s = book.find(RecordKind.SNAPSHOT, "snap-1").orElseThrow().snapshot();

        assertThat(s.readyToUse()).as("nothing claimed that CreateSnapshot did not say").isFalse();
        assertThat(s.creationTime()).isNull();
    }

    @Test
    void deletingAVolumeOfTheRecordWarnsOfItsRecordedSnapshotWhenTheDriverCannotListThem() {
        createdVolumeAndSnapshot();
        TargetFacts volume = TargetFacts.of("volume", "vol-206", "w3-a").withSnapshots(null, book);

        Assessment a = new RiskModel(ZoneOffset.UTC).assess(RiskRequest.of(RiskOperation.DELETE_VOLUME, List.of(volume), T));

        assertThat(a.hazards()).extracting(Hazard::sentence)
                .contains("w3-a has 1 snapshot (w3-snap (snap-1)): it stays and becomes the only copy of its data");
        assertThat(TargetFacts.of("volume", "vol-206", "w3-a").withSnapshots(List.of(), book).dependents())
                .as("a driver that listed none is believed").isEmpty();
    }

    @Test
    void afterTheConsoleDeletedItsSourceTheRecordedSnapshotIsTheLastCopyNamedByTheSourcesName() {
        createdVolumeAndSnapshot();
        Snapshot s = book.find(RecordKind.SNAPSHOT, "snap-1").orElseThrow().snapshot();
        assertThat(TargetFacts.ofSnapshot(s, null, book).lastCopyOf()).as("the source is still there").isEmpty();
        assertThat(TargetFacts.ofSnapshot(s, null, book).dependents()).containsExactly("of volume w3-a (vol-206)");

        call("csi.v1.Controller/DeleteVolume", Map.of("volume_id", List.of("vol-206")), "volume_id: \"vol-206\"");
        Snapshot after = book.find(RecordKind.SNAPSHOT, "snap-1").orElseThrow().snapshot();
        TargetFacts facts = TargetFacts.ofSnapshot(after, null, book);

        assertThat(after.readyToUse()).as("the reply's facts stay").isTrue();
        assertThat(facts.lastCopyOf()).as("named as it was created").isEqualTo("volume w3-a (vol-206)");
        Assessment a = new RiskModel(ZoneOffset.UTC).assess(RiskRequest.of(RiskOperation.DELETE_SNAPSHOT, List.of(facts), T));
        assertThat(a.hazards()).extracting(Hazard::sentence).anyMatch(h -> h.startsWith("w3-snap is the last copy of the data of volume w3-a (vol-206)"));
        assertThat(TargetFacts.ofSnapshot(after, Map.of("vol-206", "w3-a"), book).lastCopyOf())
                .as("a driver that lists its volumes is believed over the record").isEmpty();
    }

    @Test
    void aSourceTheDriverNoLongerKnowsMakesTheSnapshotTheLastCopyToo() {
        createdVolumeAndSnapshot();
        book.checked(RecordKind.VOLUME, "vol-206", true, T.plusSeconds(60));

        Snapshot s = book.find(RecordKind.SNAPSHOT, "snap-1").orElseThrow().snapshot();

        assertThat(TargetFacts.ofSnapshot(s, null, book).lastCopyOf()).isEqualTo("volume w3-a (vol-206)");
        assertThat(book.snapshotsOf("vol-206")).containsExactly("w3-snap (snap-1)");
    }
}
