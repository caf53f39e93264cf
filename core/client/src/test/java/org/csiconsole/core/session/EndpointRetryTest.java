package org.csiconsole.core.session;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;

import static org.assertj.core.api.Assertions.assertThat;

class EndpointRetryTest {
    private static final CallFailure REFUSED = new CallFailure(FailureKind.UNAVAILABLE, "GetPluginInfo",
            "the endpoint tcp://127.0.0.1:1 refused the connection: nothing is listening there", "", "");

    @Test
    void theWaitBetweenTriesGrowsToItsMaximumAndTheNoteSaysWhenTheNextTryIs() {
        EndpointRetry r = new EndpointRetry(EndpointRetry.DEFAULT);

        assertThat(r.next()).isEqualTo(Duration.ofSeconds(2));
        assertThat(r.next()).isEqualTo(Duration.ofSeconds(4));
        Duration third = r.next();
        assertThat(third).isEqualTo(Duration.ofSeconds(8));
        for (int i = 0; i < 10; i++) r.next();
        assertThat(r.next()).isEqualTo(Duration.ofMinutes(2));

        String note = new EndpointRetry(EndpointRetry.DEFAULT).note(REFUSED, third, Instant.parse("2026-12-06T21:50:04Z"), ZoneOffset.UTC);
        assertThat(note).contains("refused the connection", "Next try at 21:50:12 (in 8 s", "doubles up to 2 min", "Disconnect");
    }

    @Test
    void onlyAnEndpointThatDidNotAnswerIsTriedAgain() {
        assertThat(EndpointRetry.retries(REFUSED)).isTrue();
        assertThat(EndpointRetry.retries(new CallFailure(FailureKind.TLS, "GetPluginInfo", "not trusted", "", ""))).isFalse();
        assertThat(EndpointRetry.retries(new CallFailure(FailureKind.UNAVAILABLE, org.csiconsole.core.call.FailureOwner.CONSOLE,
                "GetPluginInfo", "closed by the console", "", "", null))).isFalse();
    }
}
