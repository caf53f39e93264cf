package org.csiconsole.core.trouble;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** A report is about one endpoint: runs on another are left out, with a sentence naming both. */
class ReportScopeTest {
    private static final String STRICT = "unix:///root/plugins/strict/csi.sock";
    private static final String STALE = "unix:///root/plugins/stale/csi.sock";

    private static ProbeReport probe(String endpoint, Instant started) {
        return new ProbeReport(endpoint, "", "", started, Duration.ofMillis(5), false, null, null, List.of(), null, -1, -1,
                List.of(), List.of(), Map.of());
    }

    private static ExerciseResult exercise(String endpoint, Instant started) {
        return new ExerciseResult(endpoint, "reference.csi-console.org", "default", "x-1", started, Duration.ofSeconds(2), List.of(),
                List.of(), false);
    }

    @Test
    void anExerciseOnAnotherEndpointThanTheLaterProbeIsLeftOutAndNamed() {
        ReportScope s = ReportScope.of(probe(STALE, Instant.parse("2030-01-01T00:01:00Z")), exercise(STRICT, Instant.parse("2030-01-01T00:00:00Z")));

        assertThat(s.endpoint()).isEqualTo(STALE);
        assertThat(s.probe()).isNotNull();
        assertThat(s.exercise()).isNull();
        assertThat(s.leftOut()).contains("The exercise of " + STRICT + " is left out").contains("the probe of " + STALE);
    }

    @Test
    void aProbeOnAnotherEndpointThanTheLaterExerciseIsLeftOut() {
        ReportScope s = ReportScope.of(probe(STALE, Instant.parse("2030-01-01T00:00:00Z")), exercise(STRICT, Instant.parse("2030-01-01T00:01:00Z")));

        assertThat(s.endpoint()).isEqualTo(STRICT);
        assertThat(s.probe()).isNull();
        assertThat(s.exercise()).isNotNull();
        assertThat(s.leftOut()).contains("The probe of " + STALE + " is left out");
    }

    @Test
    void runsOfOneEndpointAreKeptTogether() {
        ReportScope s = ReportScope.of(probe(STRICT, Instant.parse("2030-01-01T00:01:00Z")), exercise(STRICT, Instant.parse("2030-01-01T00:00:00Z")));

        assertThat(s.endpoint()).isEqualTo(STRICT);
        assertThat(s.probe()).isNotNull();
        assertThat(s.exercise()).isNotNull();
        assertThat(s.leftOut()).isEmpty();
    }
}
