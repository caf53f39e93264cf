package org.csiconsole.core.lifecycle;

import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.TraceEntry;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class TraceCallsTest {

    @Test
    void nodeCallsAreReadFromProtobufTextAndTheTargetPathIsNotTakenForTheStagingPath() {
        CallTrace trace = new CallTrace();
        trace.record("grpc", "unix:///csi/csi.sock", "csi.v1.Node/NodePublishVolume", 1,
                "volume_id: \"pvc-1\"\nstaging_target_path: \"/stage/pvc-1\"\ntarget_path: \"/pods/a/mount\"\n", "", "OK", true,
                Instant.EPOCH, Duration.ZERO);
        trace.record("grpc", "unix:///csi/csi.sock", "csi.v1.Node/NodeGetInfo", 1, "", "node_id: \"n\"", "OK", true,
                Instant.EPOCH, Duration.ZERO);
        trace.record("grpc", "unix:///csi/csi.sock", "csi.v1.Node/NodeStageVolume", 1, "volume_id: \"pvc-2\"", "", "OK", true,
                Instant.EPOCH, Duration.ZERO);

        List<TraceCalls.TracedCall> calls = TraceCalls.of(trace.snapshot(), "pvc-1");

        assertThat(calls).singleElement().satisfies(c -> {
            assertThat(c.call()).isEqualTo(LifecycleCall.NODE_PUBLISH_VOLUME);
            assertThat(c.stagingTargetPath()).isEqualTo("/stage/pvc-1");
            assertThat(c.targetPath()).isEqualTo("/pods/a/mount");
        });
    }

    @Test
    void callsAreReadFromTheProtobufJsonMappingAndCreateVolumeTakesItsIdFromTheResponse() {
        TraceEntry publish = new TraceEntry(1, Instant.EPOCH, "grpc", "e", "csi.v1.Controller/ControllerPublishVolume", 2,
                "{\n  \"volumeId\": \"pvc-\\\"q\\\"\",\n  \"nodeId\": \"node-2\"\n}", "", "UNAVAILABLE", false, Duration.ZERO);
        TraceEntry create = new TraceEntry(2, Instant.EPOCH, "grpc", "e", "csi.v1.Controller/CreateVolume", 1,
                "name: \"data\"", "volume {\n  capacity_bytes: 1\n  volume_id: \"pvc-9\"\n}", "OK", true, Duration.ZERO);

        TraceCalls.TracedCall p = TraceCalls.parse(publish);
        TraceCalls.TracedCall c = TraceCalls.parse(create);

        assertThat(p.volumeId()).isEqualTo("pvc-\"q\"");
        assertThat(p.nodeId()).isEqualTo("node-2");
        assertThat(p.ok()).isFalse();
        assertThat(p.status()).isEqualTo("UNAVAILABLE");
        assertThat(c.volumeId()).isEqualTo("pvc-9");
        assertThat(TraceCalls.parse(new TraceEntry(3, Instant.EPOCH, "http", "e", "POST /volumes", 1, "", "", "200", true,
                Duration.ZERO))).isNull();
    }

    @Test
    void thePublishContextOfEachNodeIsTheLastSuccessfulPublishNotUndone() {
        CallTrace trace = new CallTrace();
        trace.record("grpc", "e", "csi.v1.Controller/ControllerPublishVolume", 1, "{\"volumeId\": \"pvc-1\", \"nodeId\": \"node-a\"}",
                "{\n  \"publishContext\": {\n    \"devicePath\": \"/dev/sdb\",\n    \"lun\": \"1\"\n  }\n}", "OK", true,
                Instant.EPOCH, Duration.ZERO);
        trace.record("grpc", "e", "csi.v1.Controller/ControllerPublishVolume", 1, "{\"volumeId\": \"pvc-1\", \"nodeId\": \"node-b\"}",
                "{}", "OK", true, Instant.EPOCH, Duration.ZERO);
        trace.record("grpc", "e", "csi.v1.Controller/ControllerPublishVolume", 1, "{\"volumeId\": \"pvc-1\", \"nodeId\": \"node-c\"}",
                "{\"publishContext\": {\"x\": \"y\"}}", "OK", true, Instant.EPOCH, Duration.ZERO);
        trace.record("grpc", "e", "csi.v1.Controller/ControllerUnpublishVolume", 1, "{\"volumeId\": \"pvc-1\", \"nodeId\": \"node-c\"}",
                "{}", "OK", true, Instant.EPOCH, Duration.ZERO);
        trace.record("grpc", "e", "csi.v1.Controller/ControllerPublishVolume", 1, "{\"volumeId\": \"pvc-2\", \"nodeId\": \"node-a\"}",
                "{\"publishContext\": {\"other\": \"volume\"}}", "OK", true, Instant.EPOCH, Duration.ZERO);

        java.util.Map<String, java.util.Map<String, String>> contexts = TraceCalls.publishContexts(trace.snapshot(), "pvc-1");

        assertThat(contexts).containsOnlyKeys("node-a", "node-b");
        assertThat(contexts.get("node-a")).containsExactly(java.util.Map.entry("devicePath", "/dev/sdb"), java.util.Map.entry("lun", "1"));
        assertThat(contexts.get("node-b")).isEmpty();
    }
}
