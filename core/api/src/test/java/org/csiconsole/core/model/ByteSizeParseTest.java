package org.csiconsole.core.model;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ByteSizeParseTest {
    @Test
    void binaryAndDecimalSuffixesAndBareBytesParseExactly() {
        assertThat(ByteSize.parse("10GiB")).isEqualTo(10L << 30);
        assertThat(ByteSize.parse("10Gi")).isEqualTo(10L << 30);
        assertThat(ByteSize.parse("10G")).isEqualTo(10_000_000_000L);
        assertThat(ByteSize.parse("1.5KiB")).isEqualTo(1536);
        assertThat(ByteSize.parse("4096")).isEqualTo(4096);
        assertThat(ByteSize.parse(Long.toString(Long.MAX_VALUE))).isEqualTo(Long.MAX_VALUE);
    }

    @Test
    void aSizeOverTheInt64LimitSaysWhatTheLimitIs() {
        assertThatThrownBy(() -> ByteSize.parse("9223372036854775808"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("is more than 9223372036854775807 bytes").hasMessageContaining("8 EiB");
        assertThatThrownBy(() -> ByteSize.parse("100000PiB")).hasMessageContaining("is more than 9223372036854775807 bytes");
        assertThatThrownBy(() -> ByteSize.parse("8EiB")).as("exactly 2^63").hasMessageContaining("is more than 9223372036854775807 bytes");
        assertThat(ByteSize.parse("7EiB")).isEqualTo(7L << 60);
        assertThat(ByteSize.parse("9E")).isEqualTo(9_000_000_000_000_000_000L);
    }

    @Test
    void aFractionOfAByteIsNotASize() {
        assertThatThrownBy(() -> ByteSize.parse("1.5B")).hasMessage("'1.5B' is not a whole number of bytes");
    }
}
