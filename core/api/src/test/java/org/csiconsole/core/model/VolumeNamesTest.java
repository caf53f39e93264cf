package org.csiconsole.core.model;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** The one wording of a volume for a person: its name beside its id, wherever the name is known. */
class VolumeNamesTest {
    @Test
    void aKnownIdIsNamedBesideItsIdInAFailuresWords() {
        VolumeNames names = new VolumeNames();
        names.learn("vol-00000206", "pvc-4f1c");

        assertThat(names.labelIn("ControllerUnpublishVolume vol-00000206 from node-1"))
                .isEqualTo("ControllerUnpublishVolume pvc-4f1c (vol-00000206) from node-1");
        assertThat(names.labelIn("DeleteVolume vol-00000207")).as("an id without a name stays as it is").isEqualTo("DeleteVolume vol-00000207");
    }

    @Test
    void theRecordSpeaksForIdsNotLearnedAndANameThatIsTheIdIsNoName() {
        VolumeNames names = new VolumeNames();
        names.fallingBackTo(id -> id.equals("vol-1") ? "erp-db" : id);
        names.learn("vol-2", "vol-2");

        assertThat(names.label("vol-1")).isEqualTo("erp-db (vol-1)");
        assertThat(names.label("vol-2")).isEqualTo("vol-2");
        assertThat(names.nameOf("vol-3")).isEmpty();
    }
}
