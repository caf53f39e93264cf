package org.csiconsole.views.trace;

import org.csiconsole.core.call.CallOrigin;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.call.TracePayload;
import org.csiconsole.core.record.ConsoleRecords;
import org.csiconsole.core.record.RecordKind;
import org.csiconsole.core.record.RecordOrigin;
import org.csiconsole.core.record.RecordedItem;
import org.csiconsole.views.FakeDialogService;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The trace's Names column gives each volume and snapshot id the name the console's record has for it on the call's endpoint. */
class TraceRecordNamesTest {
    private static final String EP = "unix:///csi/csi.sock";
    private static final Instant T = Instant.parse("2026-12-06T12:00:00Z");

    private static TraceEntry call(String endpoint, Map<String, List<String>> targets) {
        return new TraceEntry(1, T, "grpc", endpoint, "csi.v1.Controller/ControllerPublishVolume", 1, TracePayload.of("{}"),
                TracePayload.of("{}"), "OK", true, Duration.ofMillis(3), "", targets, Map.of(), CallOrigin.NONE);
    }

    @Test
    void recordedIdsAreNamedOthersAndOtherEndpointsAreNot() {
        ConsoleRecords records = ConsoleRecords.inMemory();
        records.book(EP).record(RecordedItem.of(RecordKind.VOLUME, "4f1c0a2e", "walk-vol-1", null, RecordOrigin.CREATED, 0, Map.of(), T));
        records.book(EP).record(RecordedItem.of(RecordKind.SNAPSHOT, "snap-9", "walk-snap", null, RecordOrigin.CREATED, 0, Map.of(), T));
        CallTraceViewModel m = new CallTraceViewModel(new CallTrace(), Runnable::run, new FakeDialogService()).namedBy(() -> records);
        Map<String, List<String>> targets = new LinkedHashMap<>();
        targets.put("volume_id", List.of("4f1c0a2e"));
        targets.put("node_id", List.of("4f1c0a2e-node"));
        targets.put("snapshot_id", List.of("snap-9"));

        assertThat(m.targetLabels(call(EP, targets))).isEqualTo("4f1c0a2e (walk-vol-1) 4f1c0a2e-node snap-9 (walk-snap)");
        assertThat(m.targetLabels(call("unix:///other.sock", targets))).isEqualTo("4f1c0a2e 4f1c0a2e-node snap-9");
    }
}
