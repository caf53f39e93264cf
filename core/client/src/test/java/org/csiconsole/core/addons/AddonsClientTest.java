package org.csiconsole.core.addons;

import org.csiconsole.core.replication.ReplicationSource;
import com.google.protobuf.Timestamp;
import identity.IdentityGrpc;
import identity.IdentityProto;
import io.grpc.Server;
import io.grpc.inprocess.InProcessServerBuilder;
import io.grpc.stub.StreamObserver;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.LockMode;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.AddonsCapability;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.ReplicationInfo;
import org.csiconsole.core.model.Secrets;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import replication.ControllerGrpc;
import replication.Replication;

import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

class AddonsClientTest {
    private static final String CANARY = "canary-addons-4471";
    private final List<Object> received = new CopyOnWriteArrayList<>();
    private final java.util.concurrent.atomic.AtomicInteger capabilityCalls = new java.util.concurrent.atomic.AtomicInteger();
    private final CallTrace trace = new CallTrace();
    private Server server;
    private AddonsClient client;

    @BeforeEach
    void start() throws Exception {
        String name = "addons-" + UUID.randomUUID();
        server = InProcessServerBuilder.forName(name).addService(new IdentityGrpc.IdentityImplBase() {
            @Override
            public void getCapabilities(IdentityProto.GetCapabilitiesRequest req, StreamObserver<IdentityProto.GetCapabilitiesResponse> out) {
                capabilityCalls.incrementAndGet();
                out.onNext(IdentityProto.GetCapabilitiesResponse.newBuilder()
                        .addCapabilities(IdentityProto.Capability.newBuilder().setVolumeReplication(
                                IdentityProto.Capability.VolumeReplication.newBuilder()
                                        .setType(IdentityProto.Capability.VolumeReplication.Type.VOLUME_REPLICATION)))
                        .addCapabilities(IdentityProto.Capability.newBuilder().setService(IdentityProto.Capability.Service.newBuilder()
                                .setType(IdentityProto.Capability.Service.Type.CONTROLLER_SERVICE)))
                        .build());
                out.onCompleted();
            }

            @Override
            public void getIdentity(IdentityProto.GetIdentityRequest req, StreamObserver<IdentityProto.GetIdentityResponse> out) {
                out.onNext(IdentityProto.GetIdentityResponse.newBuilder().setName("addons.example.com").setVendorVersion("0.1").build());
                out.onCompleted();
            }
        }).addService(new ControllerGrpc.ControllerImplBase() {
            @Override
            public void promoteVolume(Replication.PromoteVolumeRequest req, StreamObserver<Replication.PromoteVolumeResponse> out) {
                received.add(req);
                out.onNext(Replication.PromoteVolumeResponse.getDefaultInstance());
                out.onCompleted();
            }

            @Override
            public void getVolumeReplicationInfo(Replication.GetVolumeReplicationInfoRequest req,
                                                 StreamObserver<Replication.GetVolumeReplicationInfoResponse> out) {
                received.add(req);
                out.onNext(Replication.GetVolumeReplicationInfoResponse.newBuilder()
                        .setLastSyncTime(Timestamp.newBuilder().setSeconds(1_700_000_000L))
                        .setLastSyncDuration(com.google.protobuf.Duration.newBuilder().setSeconds(12))
                        .setLastSyncBytes(4096).setStatus(Replication.GetVolumeReplicationInfoResponse.Status.DEGRADED)
                        .setStatusMessage("lagging").build());
                out.onCompleted();
            }
        }).build().start();
        client = AddonsClient.open(new Endpoint.InProcess(name), CsiClientOptions.defaults(), trace);
    }

    @AfterEach
    void stop() throws Exception {
        client.close();
        server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
    }

    @Test
    void aCallTheSidecarDoesNotAdvertiseSaysWhichCapabilityToLookForAndOffersNoForce() throws Exception {
        CallFailure f = CallFailure.unwrap(client.fence().listFences(Map.of(), Secrets.NONE)
                .handle((v, t) -> t).get(10, TimeUnit.SECONDS));
        assertThat(f.kind()).isEqualTo(FailureKind.UNSUPPORTED);
        assertThat(f.whatToDo()).contains("advertises NETWORK_FENCE").contains("reconnect").doesNotContainIgnoringCase("force");
    }

    @Test
    void everyServicePartSharesOneCapabilityDiscoveryAndOnlyForcedCallsSkipIt() throws Exception {
        client.replication().promote(ReplicationSource.volume("vol-1"), "", false, Map.of(), Secrets.NONE)
                .get(10, TimeUnit.SECONDS);
        CallFailure notAdvertised = CallFailure.unwrap(client.withLockMode(LockMode.FAIL_FAST).fence()
                .listFences(Map.of(), Secrets.NONE).handle((v, t) -> t).get(10, TimeUnit.SECONDS));
        assertThat(notAdvertised.kind()).isEqualTo(FailureKind.UNSUPPORTED);
        assertThat(notAdvertised.detail()).contains("not sent");
        CallFailure sent = CallFailure.unwrap(client.forced().fence().listFences(Map.of(), Secrets.NONE)
                .handle((v, t) -> t).get(10, TimeUnit.SECONDS));
        assertThat(sent.detail()).doesNotContain("not sent");
        assertThat(client.unsupportedReason(AddonsCapability.NETWORK_FENCE).get(10, TimeUnit.SECONDS)).isPresent();
        assertThat(capabilityCalls).hasValue(1);
        client.refreshCapabilities().get(10, TimeUnit.SECONDS);
        assertThat(capabilityCalls).hasValue(2);
    }

    @Test
    void replicationSetsBothVolumeIdAndReplicationSource() throws Exception {
        client.replication().promote(ReplicationSource.volume("vol-1"), "rep-1", false, Map.of("mode", "sync"),
                Secrets.of(Map.of("key", CANARY))).get(10, TimeUnit.SECONDS);
        Replication.PromoteVolumeRequest req = (Replication.PromoteVolumeRequest) received.get(0);
        assertThat(req.getVolumeId()).isEqualTo("vol-1");
        assertThat(req.getReplicationSource().getVolume().getVolumeId()).isEqualTo("vol-1");
        assertThat(req.getSecretsMap()).containsEntry("key", CANARY);
        assertThat(trace.snapshot()).allSatisfy(e -> assertThat(e.toString()).doesNotContain(CANARY));
    }

    @Test
    void groupSourceLeavesTheDeprecatedVolumeIdEmpty() throws Exception {
        client.replication().promote(ReplicationSource.volumeGroup("vg-1"), "", true, Map.of(), Secrets.NONE).get(10, TimeUnit.SECONDS);
        Replication.PromoteVolumeRequest req = (Replication.PromoteVolumeRequest) received.get(0);
        assertThat(req.getVolumeId()).isEmpty();
        assertThat(req.getReplicationSource().getVolumegroup().getVolumeGroupId()).isEqualTo("vg-1");
        assertThat(req.getForce()).isTrue();
    }

    @Test
    void replicationInfoMapsToTheModel() throws Exception {
        ReplicationInfo info = client.replication().replicationInfo(ReplicationSource.volume("vol-1"), "", Secrets.NONE).get(10, TimeUnit.SECONDS);
        assertThat(info.health()).isEqualTo(ReplicationHealth.DEGRADED);
        assertThat(info.lastSyncBytes()).isEqualTo(4096);
        assertThat(info.lastSyncDuration()).hasSeconds(12);
        assertThat(info.statusMessage()).isEqualTo("lagging");
        assertThat(((Replication.GetVolumeReplicationInfoRequest) received.get(0)).getVolumeId()).isEqualTo("vol-1");
    }

    @Test
    void unadvertisedCapabilityFailsLocally() throws Exception {
        assertThat(client.capabilities().get(10, TimeUnit.SECONDS))
                .containsExactlyInAnyOrder(AddonsCapability.VOLUME_REPLICATION, AddonsCapability.CONTROLLER_SERVICE);
        try {
            client.reclaimSpace().reclaimSpace("vol-1", Map.of(), Secrets.NONE).get(10, TimeUnit.SECONDS);
            throw new AssertionError("expected a failure");
        } catch (Exception e) {
            CallFailure f = CallFailure.unwrap(e);
            assertThat(f.kind()).isEqualTo(FailureKind.UNSUPPORTED);
            assertThat(f.getMessage()).contains("not supported by this driver");
        }
        // forced, the sidecar's own UNIMPLEMENTED answer is reported the same way
        try {
            client.forced().reclaimSpace().reclaimSpace("vol-1", Map.of(), Secrets.NONE).get(10, TimeUnit.SECONDS);
            throw new AssertionError("expected a failure");
        } catch (Exception e) {
            CallFailure f = CallFailure.unwrap(e);
            assertThat(f.kind()).isEqualTo(FailureKind.UNSUPPORTED);
            assertThat(f.getMessage()).contains("not supported by this driver");
        }
        assertThat(client.identity().pluginInfo().get(10, TimeUnit.SECONDS).name()).isEqualTo("addons.example.com");
    }
}
