package org.csiconsole.core.replication;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ReplicationFailuresTest {
    private final ReplicationSource vol = ReplicationSource.volume("vol-7");

    private static CallFailure driver(String why) {
        return new CallFailure(FailureKind.FAILED_PRECONDITION, "PromoteVolume volume vol-7", why, "", "gRPC FAILED_PRECONDITION");
    }

    @Test
    void aPromoteRefusedWithoutForceIsExplainedWithTheSafeStepFirstAndKeepsTheDriversText() {
        CallFailure f = ReplicationFailures.explain(driver("vol-7 cannot be promoted without force: its peer vol-9 is primary"),
                ReplicationAction.PROMOTE, vol);

        assertThat(f.why()).isEqualTo("volume vol-7 cannot be promoted without force: its partner is still primary");
        assertThat(f.whatToDo()).startsWith("Safe: demote the partner first");
        assertThat(f.detail()).contains("its peer vol-9 is primary");
    }

    @Test
    void aResyncOfAPrimaryIsExplainedAsNeedingADemote() {
        CallFailure f = ReplicationFailures.explain(driver("vol-7 is primary. Demote it first"), ReplicationAction.RESYNC, vol);

        assertThat(f.why()).startsWith("resync needs volume vol-7 demoted");
        assertThat(f.whatToDo()).startsWith("Demote it first");
    }

    @Test
    void otherKindsPassThroughUnchanged() {
        CallFailure timeout = new CallFailure(FailureKind.TIMEOUT, "x", "y", "z", "");
        assertThat(ReplicationFailures.explain(timeout, ReplicationAction.DEMOTE, vol)).isSameAs(timeout);
    }
}
