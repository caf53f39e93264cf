package org.csiconsole.core.oddpeer;

import org.csiconsole.core.addons.AddonsClient;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.GrpcFailures;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.Readiness;
import org.csiconsole.core.model.Secrets;
import io.grpc.Status;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Odd but legal answers of an RBD-shaped driver read as what they are. */
class RbdLikeAnswersTest {
    private final RbdLikeDriver rbd = new RbdLikeDriver();
    private Endpoint endpoint;
    private CsiClient csi;

    @BeforeEach
    void start() throws Exception {
        endpoint = rbd.startInProcess("rbd-like-" + UUID.randomUUID());
        csi = CsiClient.open(endpoint, Optional.empty(), CsiClientOptions.defaults(), new CallTrace());
    }

    @AfterEach
    void stop() throws Exception {
        csi.close();
        rbd.close();
    }

    private static CallFailure failure(CompletableFuture<?> f) {
        ExecutionException e = (ExecutionException) org.assertj.core.api.Assertions.catchThrowable(() -> f.get(30, TimeUnit.SECONDS));
        assertThat(e).as("the call fails").isNotNull();
        return CallFailure.unwrap(e);
    }

    @Test
    void anEmptyProbeResponseReadsReadyNotReportedAssumedPerTheSpec() throws Exception {
        Readiness r = csi.identity().readiness().get(30, TimeUnit.SECONDS);

        assertThat(r).isEqualTo(Readiness.NOT_REPORTED);
        assertThat(r.ready()).isTrue();
        assertThat(r.text()).isEqualTo("not reported, assumed ready (CSI spec: Probe)");
    }

    @Test
    void anInternalStillBeingUsedIsWordedAsInUseWithTheDriversWordsAndARetry() {
        CallFailure f = failure(csi.controller().deleteVolume("csi-vol-0001", Secrets.of(Map.of("userKey", "k"))));

        assertThat(f.kind()).as("a passing state, not a final failure").isEqualTo(FailureKind.BUSY);
        assertThat(f.why()).contains("still in use").contains(RbdLikeDriver.IN_USE);
        assertThat(f.whatToDo()).startsWith("Try again in a few seconds");
        assertThat(f.detail()).contains("INTERNAL");
        assertThat(rbd.calls("DeleteVolume")).as("retrying is the person's choice: sent once").isEqualTo(1);
    }

    @Test
    void aListingThatFailsInternallyCarriesTheDriversWordsAndMeansCannotList() {
        try (AddonsClient addons = AddonsClient.open(endpoint, CsiClientOptions.defaults(), new CallTrace())) {
            CallFailure f = failure(addons.fence().listFences(Map.of(), Secrets.of(Map.of("userKey", "k"))));

            assertThat(f.kind()).isEqualTo(FailureKind.INTERNAL);
            assertThat(f.kind().cannotList()).isTrue();
            assertThat(f.getMessage()).contains(RbdLikeDriver.PANIC);
        }
    }

    @Test
    void otherInternalFailuresStayInternal() {
        assertThat(GrpcFailures.failure("DeleteVolume", Status.INTERNAL.withDescription("rbd: map failed: exit status 22"),
                "DeleteVolume v", 1).kind()).isEqualTo(FailureKind.INTERNAL);
        assertThat(GrpcFailures.failure("DeleteVolume", Status.FAILED_PRECONDITION.withDescription("volume is still in use"),
                "DeleteVolume v", 1).kind()).as("only INTERNAL and UNKNOWN are read again").isEqualTo(FailureKind.FAILED_PRECONDITION);
    }
}
