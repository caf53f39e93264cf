package org.csiconsole.core.model;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class WordsTest {
    @Test
    void oneIsSingularEveryOtherCountPlural() {
        assertThat(Words.count(1, "member")).isEqualTo("1 member");
        assertThat(Words.count(0, "member")).isEqualTo("0 members");
        assertThat(Words.count(2, "changing call")).isEqualTo("2 changing calls");
        assertThat(Words.count(1024, "volume")).isEqualTo("1,024 volumes");
    }

    @Test
    void regularEnglishPlurals() {
        assertThat(Words.plural("address")).isEqualTo("addresses");
        assertThat(Words.plural("policy")).isEqualTo("policies");
        assertThat(Words.plural("day")).isEqualTo("days");
        assertThat(Words.plural("batch")).isEqualTo("batches");
        assertThat(Words.count(3, "child", "children")).isEqualTo("3 children");
    }
}
