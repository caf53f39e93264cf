package org.csiconsole.core.model;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class ByteSizeFormatTest {
    @Test
    void wholeUnitsHaveNoDecimalAndOthersOneRoundedHalfUp() {
        assertThat(ByteSize.format(0)).isEqualTo("0 B");
        assertThat(ByteSize.format(1023)).isEqualTo("1023 B");
        assertThat(ByteSize.format(1024)).isEqualTo("1 KiB");
        assertThat(ByteSize.format(1536)).isEqualTo("1.5 KiB");
        assertThat(ByteSize.format(1280)).as("1.25 KiB, half up").isEqualTo("1.3 KiB");
        assertThat(ByteSize.format(1279)).as("just under 1.25 KiB").isEqualTo("1.2 KiB");
        assertThat(ByteSize.format(10L << 30)).isEqualTo("10 GiB");
        assertThat(ByteSize.format((10L << 30) + 1)).as("not exactly 10 GiB").isEqualTo("10.0 GiB");
        assertThat(ByteSize.format((1L << 40) + (1L << 39))).isEqualTo("1.5 TiB");
        assertThat(ByteSize.format(150L * (1L << 30) + (1L << 29))).as("from 100 on, whole numbers").isEqualTo("151 GiB");
        assertThat(ByteSize.format(1048575)).isEqualTo("1024 KiB");
        assertThat(ByteSize.format(Long.MAX_VALUE)).isEqualTo("8.0 EiB");
    }

    @Test
    void groupedPutsACommaBetweenEveryThreeDigits() {
        assertThat(ByteSize.grouped(0)).isEqualTo("0");
        assertThat(ByteSize.grouped(999)).isEqualTo("999");
        assertThat(ByteSize.grouped(1000)).isEqualTo("1,000");
        assertThat(ByteSize.grouped(100_000)).isEqualTo("100,000");
        assertThat(ByteSize.grouped(10L << 30)).isEqualTo("10,737,418,240");
        assertThat(ByteSize.grouped(-1234567)).isEqualTo("-1,234,567");
        assertThat(ByteSize.grouped(Long.MIN_VALUE)).isEqualTo("-9,223,372,036,854,775,808");
    }
}
