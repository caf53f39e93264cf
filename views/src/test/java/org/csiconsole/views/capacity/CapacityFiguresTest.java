package org.csiconsole.views.capacity;

import org.csiconsole.core.model.Capacity;
import org.csiconsole.core.model.PoolUsage;
import org.csiconsole.core.model.Topology;
import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** How full a capacity row reads: used of total in words, the percent, and the threshold level. */
class CapacityFiguresTest {
    private static final long GIB = 1L << 30;
    private static final long TIB = 1L << 40;

    private static Capacity pool(long total, long used) {
        return new Capacity(new Topology(Map.of("example.com/site", "site-a")), Map.of("pool", "pool-ssd"), total - used,
                null, null, new PoolUsage("site-a", "pool-ssd", total, used));
    }

    @Test
    void aPoolReadsAsUsedOfTotalWithItsPercent() {
        Capacity c = pool(TIB, 612 * GIB);
        assertThat(CapacityViewModel.usageText(c)).isEqualTo("612 GiB of 1 TiB used (60%)");
        assertThat(CapacityViewModel.usedPercent(c)).hasValue(60);
        assertThat(CapacityViewModel.usedFraction(c)).isEqualTo(612.0 / 1024);
        assertThat(CapacityViewModel.name(c)).isEqualTo("Array site-a, pool pool-ssd");
    }

    @Test
    void theLevelTurnsWarningAtEightyAndDangerAtNinetyPercentAsShown() {
        assertThat(CapacityViewModel.level(pool(100 * GIB, 79 * GIB))).isEqualTo(CapacityViewModel.Level.NORMAL);
        assertThat(CapacityViewModel.level(pool(100 * GIB, 80 * GIB))).isEqualTo(CapacityViewModel.Level.WARNING);
        assertThat(CapacityViewModel.level(pool(1000 * GIB, 895 * GIB))).as("89.5% shows as 90% and reads as danger")
                .isEqualTo(CapacityViewModel.Level.DANGER);
        assertThat(CapacityViewModel.level(pool(100 * GIB, 100 * GIB))).isEqualTo(CapacityViewModel.Level.DANGER);
    }

    @Test
    void aGetCapacityRowSaysItReportsAvailableSpaceOnly() {
        Capacity c = new Capacity(null, Map.of(), 820 * GIB, null, null);
        assertThat(CapacityViewModel.usageText(c)).as("says what the figure is for: it is no sum of pools")
                .isEqualTo("820 GiB available to a new volume with default parameters, any segment; GetCapacity reports available space only");
        assertThat(CapacityViewModel.usageText(new Capacity(new Topology(Map.of("example.com/site", "site-b")), Map.of("tier", "gold"),
                GIB, null, null))).isEqualTo("1 GiB available to a new volume with tier=gold, in this segment; GetCapacity reports available space only");
        assertThat(CapacityViewModel.usedPercent(c)).isEmpty();
        assertThat(CapacityViewModel.usedFraction(c)).isNegative();
        assertThat(CapacityViewModel.level(c)).isEqualTo(CapacityViewModel.Level.NORMAL);
        assertThat(CapacityViewModel.name(c)).as("the driver's default class of storage, not every pool")
                .isEqualTo("All segments \u00b7 default parameters");
        assertThat(CapacityViewModel.name(new Capacity(new Topology(Map.of("example.com/site", "site-b")), Map.of("tier", "gold"),
                GIB, null, null))).isEqualTo("site-b \u00b7 tier=gold");
    }

    @Test
    void aPoolOfNoBytesHasNoPercentAndReadsNormal() {
        Capacity c = pool(0, 0);
        assertThat(CapacityViewModel.usageText(c)).isEqualTo("0 B of 0 B used");
        assertThat(CapacityViewModel.level(c)).isEqualTo(CapacityViewModel.Level.NORMAL);
    }

    @Test
    void theTotalSumsEveryPoolAndSaysWhatItSums() {
        Capacity a = new Capacity(null, Map.of("pool", "pool-ssd"), 0, null, null, new org.csiconsole.core.model.PoolUsage("site-a", "pool-ssd", 200 * TIB, 4 * TIB));
        Capacity b = new Capacity(null, Map.of("pool", "pool-hdd"), 0, null, null, new org.csiconsole.core.model.PoolUsage("site-a", "pool-hdd", 500 * TIB, TIB));
        Capacity c = new Capacity(null, Map.of("pool", "pool-ssd"), 0, null, null, new org.csiconsole.core.model.PoolUsage("site-b", "pool-ssd", 200 * TIB, TIB));
        Capacity getCapacity = new Capacity(null, Map.of(), 395 * TIB, null, null);

        CapacityViewModel.PoolTotal total = CapacityViewModel.allPools(java.util.List.of(a, b, getCapacity, c)).orElseThrow();

        assertThat(total.name()).isEqualTo("All pools of all arrays");
        assertThat(total.text()).isEqualTo("894 TiB free in the 3 pools of 2 arrays together; 6 TiB of 900 TiB used (1%)");
        assertThat(CapacityViewModel.allPools(java.util.List.of(a, getCapacity))).as("one pool is its own total").isEmpty();
    }
}
