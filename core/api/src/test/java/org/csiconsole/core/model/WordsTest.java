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

    @Test
    void anAgeIsNeverNegativeASampleFromAheadReadsJustNow() {
        java.time.Instant now = java.time.Instant.parse("2026-12-06T13:55:10Z");
        assertThat(Words.ago(now.plusSeconds(9), now)).isEqualTo("just now");
        assertThat(Words.ago(now.minusMillis(400), now)).isEqualTo("just now");
        assertThat(Words.ago(now.minusSeconds(241), now)).isEqualTo("4 min 1 s ago");
        assertThat(Words.duration(java.time.Duration.ofSeconds(-9))).isEqualTo("0 s");
    }

    @Test
    void aSentenceStartingWithANameOrAnIdKeepsItsCaseAPlainWordIsCapitalised() {
        assertThat(Words.sentenceStart("still published on node-1")).isEqualTo("Still published on node-1");
        assertThat(Words.sentenceStart("worker-02 loses access")).isEqualTo("worker-02 loses access");
        assertThat(Words.sentenceStart("node-1 loses access")).isEqualTo("node-1 loses access");
        assertThat(Words.sentenceStart("pvc-f804 is replicated")).isEqualTo("pvc-f804 is replicated");
        assertThat(Words.sentenceStart("vol1 is primary")).isEqualTo("vol1 is primary");
        assertThat(Words.sentenceStart("creates a split brain: x")).isEqualTo("Creates a split brain: x");
        assertThat(Words.sentenceStart("")).isEmpty();
    }
}
