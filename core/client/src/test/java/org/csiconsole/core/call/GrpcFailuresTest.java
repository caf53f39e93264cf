package org.csiconsole.core.call;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.Status;
import org.junit.jupiter.api.Test;

/** The spec's condition texts a failure is worded with, next to the driver's own words. */
class GrpcFailuresTest {
    @Test
    void aRefusedNodeStageNamesTheStatesADriverRefusesItIn() {
        CallFailure f = GrpcFailures.failure("NodeStageVolume", Status.FAILED_PRECONDITION
                .withDescription("Volume vol-3 is not published to node node-1"), "Stage vol-3", 1);
        assertThat(f.kind()).isEqualTo(FailureKind.FAILED_PRECONDITION);
        assertThat(f.why()).contains("not yet published to this node", "staging directory is missing")
                .endsWith("(plugin says: Volume vol-3 is not published to node node-1)");
        assertThat(f.whatToDo()).contains("ControllerPublishVolume");
    }

    @Test
    void aRefusedNodePublishNamesAMissingParentOfTheTargetPath() {
        CallFailure f = GrpcFailures.failure("NodePublishVolume", Status.FAILED_PRECONDITION
                .withDescription("the parent directory of target_path does not exist"), "Publish vol-3", 1);
        assertThat(f.why()).contains("parent directory of target_path is missing");
        assertThat(f.whatToDo()).contains("create the parent directory of target_path");
    }

    @Test
    void theConsolesOwnDeadlineIsNotThePluginsWordsAndAReadIsAdvisedAsARead() {
        Status own = Status.DEADLINE_EXCEEDED.withDescription("CallOptions deadline exceeded after 9.999874s. Name resolution delay 0s");

        CallFailure read = GrpcFailures.ownDeadline("GetPluginInfo", own, "GetPluginInfo", java.time.Duration.ofSeconds(10), 1).orElseThrow();
        assertThat(read.kind()).isEqualTo(FailureKind.TIMEOUT);
        assertThat(read.why()).isEqualTo("the driver did not answer GetPluginInfo within the console's deadline of 10 s (the console "
                + "stopped waiting; the driver said nothing)").doesNotContain("plugin says");
        assertThat(read.whatToDo()).contains("check that it is running and not stuck").doesNotContain("object's state");
        assertThat(read.detail()).contains("CallOptions deadline exceeded");

        CallFailure change = GrpcFailures.ownDeadline("DeleteVolume", own, "Delete vol-1", java.time.Duration.ofSeconds(60), 1).orElseThrow();
        assertThat(change.whatToDo()).contains("may still complete DeleteVolume").contains("object's state");
    }

    @Test
    void aDriversOwnDeadlineExceededKeepsItsWords() {
        Status driver = Status.DEADLINE_EXCEEDED.withDescription("backend timed out talking to the array");

        assertThat(GrpcFailures.ownDeadline("CreateVolume", driver, "Create pvc-1", java.time.Duration.ofSeconds(60), 1)).isEmpty();
        assertThat(GrpcFailures.failure("CreateVolume", driver, "Create pvc-1", 1).why())
                .contains("plugin says: backend timed out talking to the array");
    }
}
