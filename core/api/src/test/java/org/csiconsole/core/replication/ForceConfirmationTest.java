package org.csiconsole.core.replication;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.junit.jupiter.api.Test;

import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

class ForceConfirmationTest {
    private final ReplicationSource vol = ReplicationSource.volume("vol-00000042");

    @Test
    void typingTheNameOrTheIdConfirmsForceOnThatVolumeOnly() {
        assertThat(ForceConfirmation.typed(vol, "pvc-db", " pvc-db ").names(vol)).isTrue();
        assertThat(ForceConfirmation.typed(vol, "pvc-db", "vol-00000042").names(vol)).isTrue();
        assertThat(ForceConfirmation.typed(vol, "pvc-db", "pvc-db").names(ReplicationSource.volume("vol-1"))).isFalse();
    }

    @Test
    void anythingElseTypedIsRefusedAsBadInput() {
        CallFailure f = catchThrowableOfType(() -> ForceConfirmation.typed(vol, "pvc-db", "pvc-d"), CallFailure.class);
        assertThat(f.kind()).isEqualTo(FailureKind.INVALID_ARGUMENT);
        assertThat(f.whatToDo()).contains("Type pvc-db exactly");
    }

    @Test
    void aForcedCallWithoutAConfirmationOrWithOneForAnotherSourceIsRefused() {
        CallFailure none = catchThrowableOfType(() -> ForceConfirmation.require(null, vol, "PromoteVolume"), CallFailure.class);
        CallFailure other = catchThrowableOfType(() -> ForceConfirmation.require(
                ForceConfirmation.typed(ReplicationSource.volumeGroup("vg-1"), "", "vg-1"), vol, "PromoteVolume"), CallFailure.class);

        assertThat(none.kind()).isEqualTo(FailureKind.FAILED_PRECONDITION);
        assertThat(none.why()).contains("never sent without a typed confirmation");
        assertThat(other.why()).contains("names volume group vg-1");
    }

    @Test
    void theWarningStatesTheWritesThatCanBeLostSinceTheLastSync() {
        Instant last = Instant.parse("2030-01-01T10:00:00Z");
        assertThat(ForceConfirmation.dataLossWarning(vol, last, last.plusSeconds(300))).contains("after the last sync").contains("5 min ago");
        assertThat(ForceConfirmation.dataLossWarning(vol, null, last)).contains("every write");
    }
}
