package org.csiconsole.core.call;

import io.grpc.Status;
import org.junit.jupiter.api.Test;

import java.net.ConnectException;
import java.net.UnknownHostException;

import static org.assertj.core.api.Assertions.assertThat;

/** Statuses the client's transport makes are the endpoint's problem; statuses a driver sends stay the plugin's. */
class TransportFailuresTest {
    private static final String EP = "tcp://10.0.0.5:10000";

    @Test
    void aStatusTheDriverSentIsNotTheTransports() {
        assertThat(TransportFailures.failure(Status.INTERNAL.withDescription("backend array timed out"), "CreateVolume",
                "CreateVolume pvc-1", EP, 1)).isEmpty();
        assertThat(TransportFailures.failure(Status.UNAVAILABLE.withDescription("driver is still starting"), "Probe",
                "Probe", EP, 1)).isEmpty();
        assertThat(TransportFailures.fromTransport(Status.DEADLINE_EXCEEDED.withCause(new ConnectException("x")))).isFalse();
    }

    @Test
    void aRefusedConnectionIsUnavailableAndNamesTheEndpoint() {
        Status refused = Status.UNAVAILABLE.withDescription("io exception")
                .withCause(new ConnectException("finishConnect(..) failed: Connection refused: /10.0.0.5:10000"));
        CallFailure f = TransportFailures.failure(refused, "GetPluginInfo", "GetPluginInfo", EP, 2).orElseThrow();
        assertThat(f.kind()).isEqualTo(FailureKind.UNAVAILABLE);
        assertThat(f.why()).isEqualTo("the endpoint " + EP + " refused the connection: nothing is listening there");
        assertThat(f.whatToDo()).startsWith("Check that the driver is running and listening at " + EP);
        assertThat(f.detail()).contains("not sent by the driver").contains("after 2 attempts").contains("Connection refused");
    }

    @Test
    void aStreamResetByThePeersHttp2LayerIsAnEndpointProblem() {
        Status reset = Status.INTERNAL.withDescription("RST_STREAM closed stream. HTTP/2 error code: PROTOCOL_ERROR");
        CallFailure f = TransportFailures.failure(reset, "Probe", "Probe", EP, 1).orElseThrow();
        assertThat(f.kind()).isEqualTo(FailureKind.ENDPOINT);
        assertThat(f.why()).contains("reset the stream (HTTP/2 RST_STREAM PROTOCOL_ERROR)").doesNotContain("plugin");
    }

    @Test
    void aResetConnectionAndAnUnknownHostAreWordedAsSuch() {
        Status reset = Status.UNAVAILABLE.withDescription("io exception")
                .withCause(new java.io.IOException("recvAddress(..) failed: Connection reset by peer"));
        assertThat(TransportFailures.failure(reset, "Probe", "Probe", EP, 1).orElseThrow().why())
                .contains("closed the connection");
        Status unknown = Status.UNAVAILABLE.withDescription("Unable to resolve host nowhere.invalid")
                .withCause(new UnknownHostException("nowhere.invalid"));
        CallFailure f = TransportFailures.failure(unknown, "Probe", "Probe", EP, 1).orElseThrow();
        assertThat(f.kind()).isEqualTo(FailureKind.ENDPOINT);
        assertThat(f.why()).contains("cannot be resolved");
    }

    @Test
    void anHttpAnswerThatIsNotGrpcIsAnEndpointProblem() {
        Status http = Status.UNAVAILABLE.withDescription("HTTP status code 502\ninvalid content-type: text/html");
        CallFailure f = TransportFailures.failure(http, "Probe", "Probe", EP, 1).orElseThrow();
        assertThat(f.kind()).isEqualTo(FailureKind.ENDPOINT);
        assertThat(f.why()).isEqualTo("the endpoint " + EP + " answered with HTTP, not gRPC (HTTP status code 502)");
    }

    @Test
    void aCallCutOffAfterSendingIsToldApartFromOneThatNeverReachedTheDriver() {
        assertThat(TransportFailures.cutOffAfterSend(Status.DEADLINE_EXCEEDED)).as("deadline passed").isTrue();
        assertThat(TransportFailures.cutOffAfterSend(Status.CANCELLED)).as("cancelled in flight").isTrue();
        assertThat(TransportFailures.cutOffAfterSend(Status.UNAVAILABLE.withDescription("Network closed for unknown reason")))
                .as("the driver died mid-call").isTrue();
        assertThat(TransportFailures.cutOffAfterSend(Status.UNAVAILABLE.withDescription("io exception")
                .withCause(new java.io.IOException("Connection reset by peer")))).as("reset mid-call").isTrue();

        assertThat(TransportFailures.cutOffAfterSend(Status.UNAVAILABLE.withDescription("io exception")
                .withCause(new ConnectException("Connection refused")))).as("nothing listening: not sent").isFalse();
        assertThat(TransportFailures.cutOffAfterSend(Status.UNAVAILABLE.withDescription("Channel shutdown invoked")))
                .as("the console's own closed channel: not sent").isFalse();
        assertThat(TransportFailures.cutOffAfterSend(Status.UNAVAILABLE.withDescription("driver is not ready")))
                .as("the driver answered UNAVAILABLE itself").isFalse();
        assertThat(TransportFailures.cutOffAfterSend(Status.INTERNAL.withDescription("boom"))).isFalse();
    }
}
