package org.csiconsole.core.call;

import csi.v1.Csi;
import org.junit.jupiter.api.Test;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The ids a call names, for the audit log and the trace: a clone's source is told from the volume it makes. */
class AuditTargetsTest {
    private final Redactor redactor = new Redactor();

    @Test
    void aClonesSourceIsKeptApartFromTheNewVolume() {
        Csi.CreateVolumeRequest request = Csi.CreateVolumeRequest.newBuilder().setName("walk-clone")
                .setVolumeContentSource(Csi.VolumeContentSource.newBuilder()
                        .setVolume(Csi.VolumeContentSource.VolumeSource.newBuilder().setVolumeId("vol-206")))
                .build();
        Csi.CreateVolumeResponse response = Csi.CreateVolumeResponse.newBuilder().setVolume(Csi.Volume.newBuilder()
                .setVolumeId("vol-207").setContentSource(Csi.VolumeContentSource.newBuilder()
                        .setVolume(Csi.VolumeContentSource.VolumeSource.newBuilder().setVolumeId("vol-206")))).build();

        Map<String, List<String>> targets = new LinkedHashMap<>(AuditTargets.of(request, redactor));
        AuditTargets.collect(response, redactor, targets);

        assertThat(targets).containsEntry("name", List.of("walk-clone"))
                .containsEntry("source_volume_id", List.of("vol-206"))
                .containsEntry("volume_id", List.of("vol-207"));
    }

    @Test
    void aSnapshotsOwnSourceFieldKeepsItsName() {
        Csi.CreateSnapshotRequest request = Csi.CreateSnapshotRequest.newBuilder().setName("s1").setSourceVolumeId("vol-1").build();

        assertThat(AuditTargets.of(request, redactor)).containsOnlyKeys("source_volume_id", "name");
    }
}
