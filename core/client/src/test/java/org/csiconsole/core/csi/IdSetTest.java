package org.csiconsole.core.csi;

import org.junit.jupiter.api.Test;

import java.util.HashSet;
import java.util.Random;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class IdSetTest {
    @Test
    void anIdIsAddedOnceAndFoundAgainAmongMany() {
        IdSet ids = new IdSet();
        for (int i = 0; i < 100_000; i++) assertThat(ids.add("vol-" + i)).as("vol-%d first", i).isTrue();
        for (int i = 0; i < 100_000; i += 997) assertThat(ids.add("vol-" + i)).as("vol-%d again", i).isFalse();
        assertThat(ids.add("vol-100000")).isTrue();
        assertThat(ids.size()).isEqualTo(100_001);
    }

    @Test
    void idsWithTheSameHashCodeStayApart() {
        assertThat("Aa".hashCode()).isEqualTo("BB".hashCode());
        IdSet ids = new IdSet();
        assertThat(ids.add("Aa")).isTrue();
        assertThat(ids.add("BB")).isTrue();
        assertThat(ids.add("AaBB")).isTrue();
        assertThat(ids.add("BBAa")).isTrue();
        assertThat(ids.add("BB")).isFalse();
        assertThat(ids.add("AaBB")).isFalse();
        assertThat(ids.size()).isEqualTo(4);
    }

    @Test
    void anIdThatStartsAnotherIsAnotherId() {
        IdSet ids = new IdSet();
        assertThat(ids.add("vol-1")).isTrue();
        assertThat(ids.add("vol-10")).isTrue();
        assertThat(ids.add("vol-")).isTrue();
        assertThat(ids.add("")).isTrue();
        assertThat(ids.add("")).isFalse();
        assertThat(ids.add("vol-1")).isFalse();
    }

    @Test
    void agreesWithAHashSetOnLongAndNonAsciiIds() {
        Random random = new Random(7);
        IdSet ids = new IdSet();
        Set<String> expected = new HashSet<>();
        String alphabet = "abcxyz-0123456789äöüé漢字\uD83D\uDCBE";
        for (int i = 0; i < 20_000; i++) {
            StringBuilder id = new StringBuilder();
            int length = 1 + random.nextInt(i % 50 == 0 ? 2_000 : 6); // short ones repeat; now and then a long one
            for (int c = 0; c < length; c++) id.append(alphabet.charAt(random.nextInt(alphabet.length())));
            String s = id.toString();
            assertThat(ids.add(s)).as("add %s", s).isEqualTo(expected.add(s));
        }
        assertThat(ids.size()).isEqualTo(expected.size());
    }
}
