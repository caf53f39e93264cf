package org.csiconsole.core.call;

import io.grpc.Status;
import org.junit.jupiter.api.Test;

import java.net.ConnectException;

import static org.assertj.core.api.Assertions.assertThat;

/** Whose a failure is: the console, the transport, the credentials or the driver, decided once in core. */
class FailureOwnerTest {

    @Test
    void aCallOnAChannelTheConsoleClosedIsTheConsolesAndNotRetried() {
        Status shut = Status.UNAVAILABLE.withDescription("Channel shutdown invoked");

        CallFailure f = TransportFailures.failure(shut, "ListVolumes", "ListVolumes", "unix:///csi/csi.sock", 1).orElseThrow();

        assertThat(f.owner()).isEqualTo(FailureOwner.CONSOLE);
        assertThat(f.why()).contains("this console had already closed its channel").doesNotContain("plugin says");
        assertThat(f.whatToDo()).doesNotContain("driver is running");
        assertThat(f.kind()).as("shown, not taken for a cancel by the person").isEqualTo(FailureKind.UNAVAILABLE);
        assertThat(f.ownerSentence()).isEqualTo("A failure of the console.");
    }

    @Test
    void aRefusedConnectionIsTheTransports() {
        Status refused = Status.UNAVAILABLE.withDescription("io exception").withCause(new ConnectException("Connection refused"));

        CallFailure f = TransportFailures.failure(refused, "CreateVolume", "CreateVolume v1", "unix:///csi/csi.sock", 1).orElseThrow();

        assertThat(f.owner()).isEqualTo(FailureOwner.TRANSPORT);
    }

    @Test
    void aDriverThatSaysNoSecretsWereGivenPointsAtTheCredentials() {
        CallFailure hpe = GrpcFailures.failure("CreateVolume",
                Status.INVALID_ARGUMENT.withDescription("no secrets have been provided"), "CreateVolume v1", 1);
        CallFailure rbd = GrpcFailures.failure("GetVolumeReplicationInfo",
                Status.INTERNAL.withDescription("provided secret is empty"), "GetVolumeReplicationInfo v1", 1);
        CallFailure refused = GrpcFailures.failure("DeleteVolume", Status.PERMISSION_DENIED, "DeleteVolume v1", 1);

        assertThat(hpe.owner()).isEqualTo(FailureOwner.CREDENTIALS);
        assertThat(rbd.owner()).isEqualTo(FailureOwner.CREDENTIALS);
        assertThat(refused.owner()).isEqualTo(FailureOwner.CREDENTIALS);
    }

    @Test
    void aDriversOwnAnswerIsTheDrivers() {
        CallFailure f = GrpcFailures.failure("CreateVolume", Status.RESOURCE_EXHAUSTED.withDescription("pool full"), "CreateVolume v1", 1);
        CallFailure panic = GrpcFailures.failure("ListClusterFence", Status.INTERNAL.withDescription("panic: nil pointer"), "ListClusterFence", 1);

        assertThat(f.owner()).isEqualTo(FailureOwner.DRIVER);
        assertThat(panic.owner()).isEqualTo(FailureOwner.DRIVER);
    }

    @Test
    void aFailedPreconditionIsTheTargetsStateNotAFailureOfTheDriver() {
        CallFailure f = GrpcFailures.failure("NodeStageVolume",
                Status.FAILED_PRECONDITION.withDescription("volume vol-2 is already staged"), "NodeStageVolume vol-2", 1);

        assertThat(f.owner()).isEqualTo(FailureOwner.STATE);
        assertThat(f.ownerSentence()).startsWith("Not a failure of the driver").contains("state");
        assertThat(f.describe()).contains("Whose: the target's state").doesNotContain("Whose: the driver");
    }

    @Test
    void aRefusalBeforeSendingSaysTheConsoleCheckedItAndNothingWasSent() {
        CallFailure f = CallFailure.refused("Delete volume erp-db", "not sent: erp-db is published", "Unpublish it first.");

        assertThat(f.owner()).isEqualTo(FailureOwner.CHECKED);
        assertThat(f.describe()).contains("Whose: the console (checked before sending)");
        assertThat(f.ownerSentence()).isEqualTo("Refused by the console (checked before sending): nothing was sent.");
    }

    @Test
    void aLocalCheckIsTheConsolesOwnWhenSaidSoAndAnEndpointProblemTheTransports() {
        assertThat(new CallFailure(FailureKind.ENDPOINT, "Connect", "not a socket", "", "").owner()).isEqualTo(FailureOwner.TRANSPORT);
        assertThat(new CallFailure(FailureKind.INVALID_ARGUMENT, FailureOwner.CONSOLE, "Create", "name is empty", "", "", null).owner())
                .isEqualTo(FailureOwner.CONSOLE);
    }
}
