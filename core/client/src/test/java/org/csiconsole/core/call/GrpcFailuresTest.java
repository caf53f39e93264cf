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
}
