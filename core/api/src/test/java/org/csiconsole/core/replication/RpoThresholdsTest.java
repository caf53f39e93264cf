package org.csiconsole.core.replication;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class RpoThresholdsTest {
    private static final Instant NOW = Instant.parse("2030-01-01T12:00:00Z");

    @Test
    void anAgePastOneAndAHalfIntervalsIsAWarningAndPastThreeAnError() {
        Duration interval = Duration.ofMinutes(10);
        RpoThresholds t = RpoThresholds.DEFAULT;

        assertThat(t.judge(NOW.minus(Duration.ofMinutes(15)), interval, NOW).level()).isEqualTo(RpoLevel.OK);
        assertThat(t.judge(NOW.minus(Duration.ofMinutes(16)), interval, NOW).level()).isEqualTo(RpoLevel.WARNING);
        assertThat(t.judge(NOW.minus(Duration.ofMinutes(30)), interval, NOW).level()).isEqualTo(RpoLevel.WARNING);
        assertThat(t.judge(NOW.minus(Duration.ofMinutes(31)), interval, NOW).level()).isEqualTo(RpoLevel.ERROR);
        assertThat(t.judge(NOW.minus(Duration.ofMinutes(31)), interval, NOW).age()).isEqualTo(Duration.ofMinutes(31));
    }

    @Test
    void theFactorsAreConfigurableAndAnUnknownIntervalUsesTheDefault() {
        RpoThresholds t = new RpoThresholds(2, 4, Duration.ofMinutes(1));

        assertThat(t.judge(NOW.minus(Duration.ofSeconds(100)), null, NOW).level()).isEqualTo(RpoLevel.OK);
        assertThat(t.judge(NOW.minus(Duration.ofSeconds(130)), null, NOW).level()).isEqualTo(RpoLevel.WARNING);
        assertThat(t.judge(NOW.minus(Duration.ofSeconds(130)), null, NOW).interval()).isEqualTo(Duration.ofMinutes(1));
        assertThat(t.judge(NOW.minus(Duration.ofSeconds(250)), null, NOW).level()).isEqualTo(RpoLevel.ERROR);
    }

    @Test
    void withoutALastSyncTheAgeIsUnknown() {
        assertThat(RpoThresholds.DEFAULT.judge(null, Duration.ofMinutes(5), NOW)).isEqualTo(RpoAge.UNKNOWN);
        assertThat(RpoAge.UNKNOWN.text()).isEqualTo("unknown");
    }

    @Test
    void anErrorFactorBelowTheWarningFactorIsRefused() {
        assertThatThrownBy(() -> new RpoThresholds(3, 1.5, Duration.ofMinutes(5))).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("errorFactor");
    }

    @Test
    void agesReadAsWords() {
        assertThat(RpoAge.words(Duration.ofSeconds(42))).isEqualTo("42 s");
        assertThat(RpoAge.words(Duration.ofSeconds(250))).isEqualTo("4 min 10 s");
        assertThat(RpoAge.words(Duration.ofMinutes(125))).isEqualTo("2 h 5 min");
        assertThat(RpoAge.words(Duration.ofHours(73))).isEqualTo("3 d 1 h");
    }
}
