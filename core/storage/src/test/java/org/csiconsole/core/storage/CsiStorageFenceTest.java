package org.csiconsole.core.storage;

import io.grpc.Status;
import org.csiconsole.core.addons.AddonsClient;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.Cidr;
import org.csiconsole.core.model.FenceClient;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.port.Feature;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.port.FenceRequest;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.reference.array.FenceRecord;
import org.csiconsole.core.reference.array.HostRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * {@link CsiStorage} as a {@link org.csiconsole.core.port.FencePort} against the reference plugin
 * over real unix sockets, the csi-addons services on a socket of their own.
 */
class CsiStorageFenceTest {
    private static final String CANARY = "canary-fence-storage-8841";

    @TempDir
    Path dir;
    private ReferencePlugin plugin;
    private final CallTrace trace = new CallTrace();
    private CsiClient csi;
    private AddonsClient addons;
    private CsiStorage storage;

    @BeforeEach
    void start() throws Exception {
        plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.EMPTY).start();
        plugin.serve(new ReferencePlugin.Sockets(dir.resolve("csi.sock"), Optional.empty(),
                Optional.of(dir.resolve("addons.sock")), Optional.empty()));
        csi = CsiClient.open(new Endpoint.Unix(dir.resolve("csi.sock")), Optional.empty(), CsiClientOptions.defaults(), trace);
        addons = AddonsClient.open(new Endpoint.Unix(dir.resolve("addons.sock")), CsiClientOptions.defaults(), trace);
        storage = new CsiStorage(csi, true, addons);
    }

    @AfterEach
    void stop() {
        addons.close();
        csi.close();
        plugin.close();
    }

    private Features features() throws Exception {
        storage.addons().get(30, TimeUnit.SECONDS);
        return storage.features().get(30, TimeUnit.SECONDS);
    }

    @Test
    void fencingIsOfferedOnceTheSidecarAdvertisesIt() throws Exception {
        Features f = features();

        assertThat(f.available(Feature.NETWORK_FENCE)).isTrue();
        assertThat(f.available(Feature.GET_CLIENTS_TO_FENCE)).isTrue();
        assertThat(new CombinedStorage(storage, List.of()).features().get(30, TimeUnit.SECONDS).available(Feature.NETWORK_FENCE))
                .as("kept when a wrapper derives its features again").isTrue();
    }

    @Test
    void fenceListsTheBlocksUnfenceRemovesThemAndTheSecretsReachTheWireOnlyRedacted() throws Exception {
        Secrets secrets = Secrets.of(Map.of("userKey", CANARY));
        FenceRequest r = new FenceRequest(Cidr.parseAll("10.1.0.0/24\nfd00:10::/64"), Map.of("clusterID", "east"), secrets);

        storage.fence(r).get(30, TimeUnit.SECONDS);
        List<String> listed = storage.listFences(Map.of(), Secrets.NONE).get(30, TimeUnit.SECONDS);
        storage.unfence(new FenceRequest(Cidr.parseAll("10.1.0.0/24"), Map.of(), secrets)).get(30, TimeUnit.SECONDS);

        assertThat(listed).containsExactly("10.1.0.0/24", "fd00:10::/64");
        assertThat(plugin.model().fencing().fences()).extracting(FenceRecord::cidr).containsExactly("fd00:10::/64");
        assertThat(trace.snapshot()).extracting(TraceEntry::toString).noneMatch(s -> s.contains(CANARY));
        assertThat(trace.snapshot()).extracting(TraceEntry::method).contains("fence.FenceController/FenceClusterNetwork");
        assertThat(r.toString()).doesNotContain(CANARY);
    }

    @Test
    void theClientsToFenceAreTheHostsWithTheirNetworksAndNodeIdNarrowsThem() throws Exception {
        plugin.model().hosts().create(new HostRecord(null, "worker-a1", "node-a1", List.of("iqn.2026-01.com.example:a1"), null, null,
                "", "", Map.of(), List.of("10.10.3.0/24"), 0));

        List<FenceClient> one = storage.fenceClients(Map.of("node_id", "node-a1"), Secrets.NONE).get(30, TimeUnit.SECONDS);
        Throwable unknown = catchThrowable(() -> storage.fenceClients(Map.of("node_id", "nobody"), Secrets.NONE).get(30, TimeUnit.SECONDS));

        assertThat(one).containsExactly(new FenceClient("worker-a1", List.of("10.10.3.0/24")));
        assertThat(CallFailure.unwrap(unknown).kind()).isEqualTo(FailureKind.NOT_FOUND);
    }

    @Test
    void aBlockTheDriverRefusesFailsWithItsReasonAndNothingIsFenced() {
        plugin.faults().failTimes("FenceClusterNetwork", Status.Code.UNAUTHENTICATED, 1);

        Throwable t = catchThrowable(() -> storage.fence(new FenceRequest(Cidr.parseAll("10.1.0.0/24"), Map.of(), Secrets.NONE))
                .get(30, TimeUnit.SECONDS));

        assertThat(CallFailure.unwrap(t).kind()).isEqualTo(FailureKind.AUTHENTICATION);
        assertThat(plugin.model().fencing().fences()).isEmpty();
    }

    @Test
    void withoutACsiAddonsClientFencingIsUnsupported() {
        CsiStorage plain = new CsiStorage(csi, true);

        Throwable t = catchThrowable(() -> plain.listFences(Map.of(), Secrets.NONE).get(30, TimeUnit.SECONDS));

        assertThat(CallFailure.unwrap(t).kind()).isEqualTo(FailureKind.UNSUPPORTED);
    }
}
