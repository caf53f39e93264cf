package org.csiconsole.core.trace;

import io.grpc.Status;
import org.csiconsole.core.call.CallOrigin;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.csi.CreateVolumeRequest;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.csi.FakeCsiDriver;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.VolumeCapability;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The calls a task sends, chained ones and retries included, are traced to it; others to none. */
class CallOriginTraceTest {
    private final FakeCsiDriver driver = new FakeCsiDriver();
    private final CallTrace trace = new CallTrace();
    private CsiClient client;

    @BeforeEach
    void start() throws Exception {
        client = CsiClient.open(driver.startInProcess("origins-" + UUID.randomUUID()), Optional.empty(), CsiClientOptions.defaults(), trace);
    }

    @AfterEach
    void stop() {
        client.close();
        driver.close();
    }

    @Test
    void aTaskGetsItsCallsChainedOnesAndRetriesIncluded() throws Exception {
        CallOrigin task = trace.origins().next("Create and delete pvc-3");
        driver.failNext("DeleteVolume", Status.UNAVAILABLE);

        trace.origins().within(task, () -> client.controller()
                        .createVolume(CreateVolumeRequest.of("pvc-3", 1L << 30, VolumeCapability.block(AccessMode.SINGLE_NODE_WRITER)))
                        .thenCompose(v -> client.controller().deleteVolume(v.volumeId(), org.csiconsole.core.model.Secrets.NONE)))
                .get(10, TimeUnit.SECONDS);
        client.controller().listVolumes(100, page -> { }).get(10, TimeUnit.SECONDS);

        assertThat(trace.snapshot()).filteredOn(e -> e.method().endsWith("/CreateVolume") || e.method().endsWith("/DeleteVolume"))
                .extracting(e -> e.shortMethod() + "#" + e.attempt() + " " + e.origin().title())
                .containsExactly("CreateVolume#1 Create and delete pvc-3", "DeleteVolume#1 Create and delete pvc-3",
                        "DeleteVolume#2 Create and delete pvc-3");
        assertThat(trace.snapshot()).filteredOn(e -> e.method().endsWith("/ListVolumes"))
                .isNotEmpty().allSatisfy(e -> assertThat(e.origin()).isEqualTo(CallOrigin.NONE));
    }

    @Test
    void aCreatedVolumeIsNamedByItsCallSoAFilterOnItFindsIt() throws Exception {
        var v = client.controller().createVolume(CreateVolumeRequest.of("pvc-4", 1L << 30,
                VolumeCapability.block(AccessMode.SINGLE_NODE_WRITER))).get(10, TimeUnit.SECONDS);

        TraceEntry create = trace.snapshot().stream().filter(e -> e.method().endsWith("/CreateVolume")).findFirst().orElseThrow();
        assertThat(create.names(v.volumeId())).isTrue();
        assertThat(create.targets("name")).containsExactly("pvc-4");
    }
}
