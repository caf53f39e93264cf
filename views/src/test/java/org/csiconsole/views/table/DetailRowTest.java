package org.csiconsole.views.table;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

class DetailRowTest {
    @ParameterizedTest
    @ValueSource(strings = {"Volume id", "Snapshot id", "Node id", "Group snapshot id", "Id", "UUID", "source_volume_id"})
    void aRowLabelledAsAnIdentifierGetsACopyButton(String label) {
        assertThat(DetailRow.of(label, "vol-1").copyable()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(strings = {"Size", "Paid", "Valid", "Identity", "Access mode"})
    void aRowWhoseLabelIsNotAnIdentifierGetsNone(String label) {
        assertThat(DetailRow.of(label, "x").copyable()).isFalse();
    }

    @Test
    void anEmptyIdHasNothingToCopyUnlessAskedForExplicitly() {
        assertThat(DetailRow.of("Volume id", null).copyable()).isFalse();
        assertThat(DetailRow.id("Target path", "/var/lib/kubelet/x").copyable()).isTrue();
        assertThat(DetailRow.block("Parameters", "a=b").copyable()).isFalse();
    }
}
