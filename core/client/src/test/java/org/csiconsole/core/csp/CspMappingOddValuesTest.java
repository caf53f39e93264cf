package org.csiconsole.core.csp;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Odd values an array may send: sizes below 0 and times outside what a console can show read as unknown. */
class CspMappingOddValuesTest {
    @Test
    void aNegativeVolumeOrSnapshotSizeReadsAsUnknown() {
        var v = CspMapping.volume(new CspDto.VolumeDto("v1", "pvc-1", -1L, null, null, null, null, null, Map.of()), "GET /volumes");
        var s = CspMapping.snapshot(new CspDto.SnapshotDto("s1", "snap-1", -5L, null, "v1", null, null, null, Map.of()), "GET /snapshots");

        assertThat(v.capacityBytes()).isZero();
        assertThat(s.sizeBytes()).isZero();
    }

    @Test
    void aCreationTimeAtTheEpochOrBeyondInstantsRangeReadsAsUnknown() {
        assertThat(CspMapping.seconds(0L)).isNull();
        assertThat(CspMapping.seconds(Long.MAX_VALUE)).as("would throw DateTimeException").isNull();
        assertThat(CspMapping.seconds(1_700_000_000L)).isEqualTo(Instant.ofEpochSecond(1_700_000_000L));
    }
}
