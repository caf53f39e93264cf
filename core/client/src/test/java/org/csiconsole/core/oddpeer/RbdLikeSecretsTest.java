package org.csiconsole.core.oddpeer;

import org.csiconsole.core.addons.AddonsClient;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.csi.CreateVolumeRequest;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.ConnectionSecrets;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.ReplicationInfo;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.replication.ReplicationSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/** A driver that refuses every call without its secrets, read with and without the connection's secrets. */
class RbdLikeSecretsTest {
    private static final String CANARY = "canary-Rbd-7f3a9";
    private static final ConnectionSecrets SECRETS = ConnectionSecrets.all(Secrets.of(Map.of("userID", "admin", "userKey", CANARY)));

    private final RbdLikeDriver rbd = RbdLikeDriver.mirroring("csi-vol-0001");
    private final CallTrace trace = new CallTrace();
    private Endpoint endpoint;

    @BeforeEach
    void start() throws Exception {
        endpoint = rbd.startInProcess("rbd-secrets-" + UUID.randomUUID());
    }

    @AfterEach
    void stop() throws Exception {
        rbd.close();
    }

    private static CallFailure failure(java.util.concurrent.CompletableFuture<?> f) {
        Throwable e = catchThrowable(() -> f.get(30, TimeUnit.SECONDS));
        assertThat(e).as("the call fails").isInstanceOf(ExecutionException.class);
        return CallFailure.unwrap(e);
    }

    @Test
    void replicationStateIsReadWithTheConnectionsSecrets() throws Exception {
        try (AddonsClient addons = AddonsClient.open(endpoint, CsiClientOptions.defaults().withSecrets(SECRETS), trace)) {
            ReplicationInfo info = addons.replication().replicationInfo(ReplicationSource.volume("csi-vol-0001"), "", Secrets.NONE)
                    .get(30, TimeUnit.SECONDS);

            assertThat(info.health()).isEqualTo(ReplicationHealth.HEALTHY);
        }
        assertThat(rbd.secretsOf("GetVolumeReplicationInfo")).containsEntry("userKey", CANARY);
        assertThat(trace.snapshot()).extracting(TraceEntry::toString).noneMatch(t -> t.contains(CANARY));
        assertThat(trace.snapshot().get(trace.snapshot().size() - 1).request().json()).contains("\"userKey\": \"***\"");
    }

    @Test
    void noSecretsIsWordedAsTheCredentialsFailureWithWhereToGiveThem() {
        try (AddonsClient addons = AddonsClient.open(endpoint, CsiClientOptions.defaults(), trace)) {
            CallFailure f = failure(addons.replication().replicationInfo(ReplicationSource.volume("csi-vol-0001"), "", Secrets.NONE));

            assertThat(f.kind()).isEqualTo(FailureKind.AUTHENTICATION);
            assertThat(f.why()).contains("no secrets were sent: this console has none for GetVolumeReplicationInfo").contains("the replication secrets")
                    .contains(RbdLikeDriver.NO_SECRETS);
            assertThat(f.whatToDo()).contains("Edit connection").contains("--secrets-file").contains("CSI_SECRETS_FILE")
                    .doesNotContain("driver is running");
        }
        assertThat(rbd.calls("GetVolumeReplicationInfo")).as("the same request fails the same way: sent once").isEqualTo(1);
    }

    @Test
    void createVolumeCarriesTheProvisionerSecretsAndASecretCallersOwnWin() throws Exception {
        try (CsiClient csi = CsiClient.open(endpoint, Optional.empty(), CsiClientOptions.defaults().withSecrets(SECRETS), trace)) {
            VolumeCapability cap = VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "");
            csi.controller().createVolume(CreateVolumeRequest.of("pvc-1", 1 << 20, cap)).get(30, TimeUnit.SECONDS);
            assertThat(rbd.secretsOf("CreateVolume")).containsEntry("userKey", CANARY);

            csi.controller().createVolume(CreateVolumeRequest.of("pvc-2", 1 << 20, cap).withSecrets(Secrets.of(Map.of("own", "x"))))
                    .get(30, TimeUnit.SECONDS);
            assertThat(rbd.secretsOf("CreateVolume")).containsExactly(Map.entry("own", "x"));
        }
    }
}
