package org.csiconsole.core.risk;

import org.csiconsole.core.session.ConnectionState;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.csiconsole.core.risk.RiskModelTableTest.NOW;
import static org.csiconsole.core.risk.RiskModelTableTest.vol;

/** A destructive action is not sent on facts read before the driver stopped answering. */
class UnreachableDriverTest {
    private final RiskModel model = new RiskModel(ZoneOffset.UTC);
    private final RiskRequest delete = RiskRequest.of(RiskOperation.DELETE_VOLUME, List.of(vol("erp-db", "vol-1")), NOW);

    @Test
    void whileReconnectingADeleteIsRefusedAndItsFactsAreNotPresentedAsCurrent() {
        Instant lost = NOW.minusSeconds(30);
        Assessment a = model.whileConnected(() -> ConnectionState.RECONNECTING, () -> lost).assess(delete);

        assertThat(a.blocked()).isTrue();
        assertThat(a.illegal().overridable()).as("nothing reaches the driver: no send-anyway").isFalse();
        assertThat(a.illegal().reason()).isEqualTo("the driver does not answer (connection Reconnecting), so the state of erp-db cannot be read now");
        assertThat(a.illegal().nextStep()).startsWith("Wait until the connection is Connected again");
        assertThat(a.state().get(0)).startsWith("The driver is unreachable (connection Reconnecting): the facts below are as last read before ")
                .endsWith(", not current.");
        assertThat(a.actionIsDefault()).isFalse();
    }

    @Test
    void aConnectedDriverGetsTheModelsOwnAssessment() {
        Assessment a = model.whileConnected(() -> ConnectionState.CONNECTED, () -> NOW.minusSeconds(600)).assess(delete);
        assertThat(a).isEqualTo(model.assess(delete));
        assertThat(a.blocked()).isFalse();
    }

    @Test
    void aConnectionLostAfterItWasConnectedRefusesInAnyStateButConnected() {
        Assessment a = model.whileConnected(() -> ConnectionState.DISCONNECTED, () -> NOW.minusSeconds(5)).assess(delete);
        assertThat(a.blocked()).isTrue();
        assertThat(a.state().get(0)).contains("connection Disconnected");
    }

    @Test
    void aDeleteIsNotOfferedInAnyStateButConnectedAndTheReasonSaysWhatToDo() {
        assertThat(RiskModel.disabledWhile(ConnectionState.CONNECTED)).isEmpty();
        assertThat(RiskModel.disabledWhile(null)).isEmpty();
        assertThat(RiskModel.disabledWhile(ConnectionState.RECONNECTING)).isEqualTo("The driver does not answer (connection Reconnecting), so "
                + "nothing is changed on what was read before. Wait until the connection is Connected again (or reconnect it from the navigator).");
        assertThat(RiskModel.disabledWhile(ConnectionState.DISCONNECTED)).contains("connection Disconnected");
    }
}
