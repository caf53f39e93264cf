package org.csiconsole.views.resource;

import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class TextsTest {
    private static Volume volume(List<VolumeCapability> caps) {
        return new Volume("vol-1", "pvc-web", 1L << 30, null, caps, null, null, null, null, null, null, Origin.CSI, null, null);
    }

    @Test
    void aListedVolumeSaysWhyItsAccessIsUnknownAndACreatedOneShowsIt() {
        Volume listed = volume(List.of());
        assertThat(Texts.accessType(listed)).isEqualTo("\u2014");
        assertThat(Texts.accessNotReported(listed)).contains("Not reported").contains("created from this console");

        Volume created = volume(List.of(VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4")));
        assertThat(Texts.accessType(created)).isEqualTo("Mount (ext4)");
        assertThat(Texts.accessModes(created)).isEqualTo("Single node writer");
        assertThat(Texts.accessNotReported(created)).isNull();
    }

    @Test
    void aConditionReadsNormalOnlyWhenTheDriverReportsConditions() {
        Volume quiet = volume(List.of());
        assertThat(Texts.condition(quiet, true)).isEqualTo("Normal");
        assertThat(Texts.condition(quiet, false)).isEqualTo("not reported");
        Volume sick = new Volume("vol-2", "pvc-db", 0, null, null, null, null, null, null,
                new org.csiconsole.core.model.VolumeCondition(true, "path unreachable"), null, Origin.CSI, null, null);
        assertThat(Texts.condition(sick, false)).as("an abnormal condition was reported").isEqualTo("Abnormal: path unreachable");

        var all = org.csiconsole.views.FakeStorage.allCapabilities();
        assertThat(Texts.conditionReported(quiet, org.csiconsole.core.port.Features.from(all, true, false, false, false))).isTrue();
        assertThat(Texts.conditionReported(quiet.withOrigin(Origin.CSP), org.csiconsole.core.port.Features.from(all, true, true, false, false)))
                .as("the CSP reports no condition").isFalse();
        assertThat(Texts.conditionReported(quiet, org.csiconsole.views.FakeStorage.readOnly())).isFalse();
    }

    @Test
    void aVolumeSizeOfZeroReadsAsUnknownWhileFreeCapacityOfZeroReadsAsZero() {
        assertThat(Texts.size(0)).as("capacity_bytes 0 = unknown: a blank cell").isEmpty();
        assertThat(Texts.sizeTip(0)).contains("unknown");
        assertThat(Texts.sizeWithBytes(0)).isEqualTo("unknown");
        assertThat(Texts.sizeTip(1024)).isEqualTo("1,024 bytes");

        assertThat(Texts.knownSize(0)).as("available_capacity 0 = no free space").isEqualTo("0 B");
        assertThat(Texts.knownSizeWithBytes(0)).isEqualTo("0 B (0 bytes)");
        assertThat(Texts.knownSize(-1)).isEqualTo("0 B");
    }
}
