package org.csiconsole.core.record;

import org.csiconsole.core.audit.AuditOrigin;
import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditRecord;
import org.csiconsole.core.model.VolumeSource;
import org.csiconsole.core.risk.Placement;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** How audited calls change the console's record. */
class RecordFeedTest {
    private static final Instant T = Instant.parse("2026-12-06T12:00:00Z");
    private static final String EP = "unix:///csi/csi.sock";
    private final ConsoleRecords records = ConsoleRecords.inMemory();

    private void call(String rpc, Map<String, List<String>> targets, String params, AuditOutcome outcome) {
        RecordFeed.apply(new AuditRecord(T, AuditOrigin.local("t"), EP, "grpc", rpc, targets, params, outcome, "", "", 1, "c", 1), records);
    }

    @Test
    void aCloneKeepsItsNameAndSourceAndItsSourceIsNotTakenForIt() {
        call("csi.v1.Controller/CreateVolume", Map.of("name", List.of("walk-clone"), "volume_id", List.of("vol-src", "vol-new")),
                "name: \"walk-clone\"\ncapacity_range {\n  required_bytes: 1073741824\n}\nvolume_content_source {\n  volume {\n"
                        + "    volume_id: \"vol-src\"\n  }\n}\nsecrets {\n  key: \"k\"\n  value: \"***\"\n}", AuditOutcome.OK);

        RecordedItem v = records.book(EP).find(RecordKind.VOLUME, "vol-new").orElseThrow();
        assertThat(v.name()).isEqualTo("walk-clone");
        assertThat(v.source()).isEqualTo(VolumeSource.volume("vol-src"));
        assertThat(v.capacityBytes()).isEqualTo(1L << 30);
        assertThat(records.book(EP).find(RecordKind.VOLUME, "vol-src")).isEmpty();
    }

    @Test
    void theConsolesOwnExpandUpdatesTheRecordedSizeSoNoDisagreementIsClaimedAfterIt() {
        call("csi.v1.Controller/CreateVolume", Map.of("name", List.of("walk-a"), "volume_id", List.of("vol-1")),
                "name: \"walk-a\"\ncapacity_range {\n  required_bytes: 10737418240\n}", AuditOutcome.OK);
        call("csi.v1.Controller/ControllerExpandVolume", Map.of("volume_id", List.of("vol-1")),
                "volume_id: \"vol-1\"\ncapacity_range {\n  required_bytes: 21474836480\n}", AuditOutcome.FAILED);
        assertThat(records.book(EP).find(RecordKind.VOLUME, "vol-1").orElseThrow().capacityBytes()).as("a failed expand changes nothing")
                .isEqualTo(10L << 30);

        call("csi.v1.Controller/ControllerExpandVolume", Map.of("volume_id", List.of("vol-1")),
                "volume_id: \"vol-1\"\ncapacity_range {\n  required_bytes: 21474836480\n}", AuditOutcome.OK);

        RecordedItem v = records.book(EP).find(RecordKind.VOLUME, "vol-1").orElseThrow();
        assertThat(v.capacityBytes()).isEqualTo(20L << 30);
        assertThat(v.name()).isEqualTo("walk-a");
        org.csiconsole.core.risk.TargetFacts facts = org.csiconsole.core.risk.TargetFacts.of("volume", "vol-1", "walk-a").sized(20L << 30, v);
        assertThat(facts.sizeOrigin()).as("the record agrees with the driver: nothing to say").isEmpty();
    }

    @Test
    void aCreateWhoseOutcomeIsUnknownIsKeptUnderItsNameUntilTheSameCreateSucceeds() {
        call("csi.v1.Controller/CreateVolume", Map.of("name", List.of("w3-cut")), "name: \"w3-cut\"\ncapacity_range {\n  required_bytes: 1073741824\n}",
                AuditOutcome.UNKNOWN);

        RecordedItem pending = records.book(EP).find(RecordKind.VOLUME, RecordedItem.unknownOutcomeId("w3-cut")).orElseThrow();
        assertThat(pending.name()).isEqualTo("w3-cut");
        assertThat(pending.origin()).isEqualTo(RecordOrigin.OUTCOME_UNKNOWN);
        assertThat(pending.capacityBytes()).isEqualTo(1L << 30);
        Recheck.Result r = Recheck.check(records.book(EP), RecordKind.VOLUME, id -> java.util.concurrent.CompletableFuture.completedFuture(false),
                java.time.Clock.systemUTC()).join();
        assertThat(r.gone()).as("no id to ask about: not marked gone").isEmpty();
        assertThat(r.unchecked().get(RecordedItem.unknownOutcomeId("w3-cut"))).contains("outcome unknown", "same create again");

        call("csi.v1.Controller/CreateVolume", Map.of("name", List.of("w3-cut"), "volume_id", List.of("vol-7")), "name: \"w3-cut\"",
                AuditOutcome.OK);
        assertThat(records.book(EP).items(RecordKind.VOLUME)).extracting(RecordedItem::id).containsExactly("vol-7");
    }

    @Test
    void failedCallsChangeNothingAndDeletesRemoveTheRowAndItsPlacements() {
        call("csi.v1.Controller/CreateVolume", Map.of("name", List.of("a"), "volume_id", List.of("vol-1")), "name: \"a\"", AuditOutcome.FAILED);
        assertThat(records.book(EP).items(RecordKind.VOLUME)).isEmpty();

        call("csi.v1.Controller/CreateVolume", Map.of("name", List.of("a"), "volume_id", List.of("vol-1")), "name: \"a\"", AuditOutcome.OK);
        call("csi.v1.Controller/ControllerPublishVolume", Map.of("volume_id", List.of("vol-1"), "node_id", List.of("node-1")), "", AuditOutcome.OK);
        call("csi.v1.Node/NodeStageVolume", Map.of("volume_id", List.of("vol-1"), "staging_target_path", List.of("/stage")),
                "volume_id: \"vol-1\"\npublish_context {\n  key: \"devicePath\"\n  value: \"/dev/sdb\"\n}\nstaging_target_path: \"/stage\"",
                AuditOutcome.OK);
        assertThat(records.book(EP).placements("vol-1")).extracting(RecordedPlacement::step, RecordedPlacement::publishContextKeys)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(Placement.Kind.PUBLISHED, List.of()),
                        org.assertj.core.groups.Tuple.tuple(Placement.Kind.STAGED, List.of("devicePath")));

        call("csi.v1.Controller/DeleteVolume", Map.of("volume_id", List.of("vol-1")), "", AuditOutcome.OK);
        assertThat(records.book(EP).items(RecordKind.VOLUME)).isEmpty();
        assertThat(records.book(EP).placements("vol-1")).isEmpty();
    }

    @Test
    void aReplicationCallOnAnUnrecordedVolumeRecordsItAsUsed() {
        call("replication.Controller/EnableVolumeReplication", Map.of("volume_id", List.of("vol-9")), "", AuditOutcome.OK);

        assertThat(records.book(EP).find(RecordKind.VOLUME, "vol-9").orElseThrow().origin()).isEqualTo(RecordOrigin.TOUCHED);
    }

    @Test
    void pastedIdsAreOnePerEntryTrimmedAndOnceAndMayHoldBlanksInside() {
        assertThat(ExportReader.pasted(RecordKind.VOLUME, List.of(" vol-1 ", "0001-0024-ceph pool/img 1", "", "vol-1\t", "vol-3"), T))
                .extracting(RecordedItem::id).containsExactly("vol-1", "0001-0024-ceph pool/img 1", "vol-3");
    }

    @Test
    void anIdOverTheSpecsOneHundredTwentyEightBytesIsRefusedByNameAndNoneIsRecorded() {
        String longId = "vol-" + "x".repeat(125);

        org.csiconsole.core.call.CallFailure f = org.assertj.core.api.Assertions.catchThrowableOfType(
                () -> ExportReader.pasted(RecordKind.VOLUME, List.of("vol-ok", longId), T), org.csiconsole.core.call.CallFailure.class);

        assertThat(f.kind()).isEqualTo(org.csiconsole.core.call.FailureKind.INVALID_ARGUMENT);
        assertThat(f.owner()).as("the console's own check of its input").isEqualTo(org.csiconsole.core.call.FailureOwner.CHECKED);
        assertThat(f.why()).startsWith("the id \"vol-xxxxxxxxxxxxxxxxxxxxxxxxxxxx\u2026\" is 129 bytes; a volume_id is at most 128 bytes")
                .contains("CSI spec, Size Limits");
        assertThat(f.whatToDo()).contains("none of the ids was recorded");
        assertThat(ExportReader.pasted(RecordKind.VOLUME, List.of("vol-" + "x".repeat(124)), T)).as("128 bytes is within the limit").hasSize(1);
        assertThat(catchThrowableOfTypeOrNull(() -> ExportReader.pasted(RecordKind.VOLUME, List.of("vol-" + "\u00e9".repeat(63)), T)))
                .as("bytes, not characters: 4 + 126 bytes").isNotNull();
    }

    private static Throwable catchThrowableOfTypeOrNull(org.assertj.core.api.ThrowableAssert.ThrowingCallable c) {
        return org.assertj.core.api.Assertions.catchThrowable(c);
    }
}
