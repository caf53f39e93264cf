package org.csiconsole.core.storage;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.port.AddonsInfo;
import org.csiconsole.core.port.Feature;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.port.Listing;
import org.csiconsole.core.port.SourceFailure;
import io.grpc.Status;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/** {@link CsiStorage} reports the sources beside the CSI plugin (csi-addons, the node plugin) that do not answer instead of dropping them. */
class CsiStorageSourcesTest {
    @TempDir
    Path dir;
    private TwoSites sites;

    @BeforeEach
    void start() {
        sites = new TwoSites(dir);
    }

    @AfterEach
    void stop() {
        sites.close();
    }

    @Test
    void whenCsiAddonsIsDownWhileCsiAnswersAddonsFailsWithTheReasonAndTheCsiSideStillWorks() throws Exception {
        CsiStorage storage = new CsiStorage(sites.csiClient(), true,
                sites.addons(new Endpoint.InProcess("nobody-serves-" + UUID.randomUUID())));

        Throwable t = catchThrowable(() -> storage.addons().get(30, TimeUnit.SECONDS));
        Features f = storage.features().get(30, TimeUnit.SECONDS);
        List<SourceFailure> missing = storage.listVolumes(PageSink.unpaced(p -> { })).get(30, TimeUnit.SECONDS);

        assertThat(CallFailure.unwrap(t)).as("not an empty answer: csi-addons did not answer").isNotNull()
                .extracting(CallFailure::kind).isEqualTo(FailureKind.UNAVAILABLE);
        assertThat(f.available(Feature.LIST_VOLUMES)).isTrue();
        assertThat(f.addonsConnected()).isFalse();
        assertThat(missing).isEmpty();
    }

    @Test
    void aCsiEndpointThatServesNoCsiAddonsIsNotAFailure() throws Exception {
        sites.plugin.faults().failTimes("GetIdentity", Status.Code.UNIMPLEMENTED, 10);
        CsiStorage storage = new CsiStorage(sites.csiClient(), true, sites.addons(new Endpoint.InProcess(sites.inProcessName)));

        Optional<AddonsInfo> addons = storage.addons().get(30, TimeUnit.SECONDS);

        assertThat(addons).isEmpty();
    }

    @Test
    void whenNodeGetInfoFailsTheNodesSeenInPublishedNodeIdsComeWithTheNodePluginNamed() throws Exception {
        sites.plugin.faults().failTimes("NodeGetInfo", Status.Code.UNAVAILABLE, 10);
        CsiStorage storage = sites.csi();

        Listing<NodeInfo> nodes = storage.listNodes().get(30, TimeUnit.SECONDS);
        Throwable connected = catchThrowable(() -> storage.connectedNodes().get(30, TimeUnit.SECONDS));

        assertThat(nodes.missing()).extracting(SourceFailure::source).containsExactly(CsiStorage.NODE_SOURCE);
        assertThat(nodes.missing().get(0).failure().kind()).isEqualTo(FailureKind.UNAVAILABLE);
        assertThat(CallFailure.unwrap(connected)).as("not an empty list: the node plugin did not answer").isNotNull();
    }

    @Test
    void capacityForAllSegmentsComesWithTheNodePluginNamedWhenNodeGetInfoFails() throws Exception {
        sites.plugin.faults().failTimes("NodeGetInfo", Status.Code.UNAVAILABLE, 10);

        var capacity = sites.csi().capacity().get(30, TimeUnit.SECONDS);

        assertThat(capacity.items()).isNotEmpty();
        assertThat(capacity.missing()).extracting(SourceFailure::source).contains(CsiStorage.NODE_SOURCE);
    }
}
