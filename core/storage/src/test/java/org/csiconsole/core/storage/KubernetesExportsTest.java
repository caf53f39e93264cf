package org.csiconsole.core.storage;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.VolumeSource;
import org.csiconsole.core.record.ImportResult;
import org.csiconsole.core.record.RecordKind;
import org.csiconsole.core.record.RecordOrigin;
import org.csiconsole.core.record.RecordedItem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** PV and VolumeSnapshotContent exports as {@code kubectl get ... -o json} prints them. */
class KubernetesExportsTest {
    private static final String RBD = "rbd.csi.ceph.com";
    private static final Instant AT = Instant.parse("2026-12-06T12:00:00Z");
    private final KubernetesExports exports = new KubernetesExports();

    @TempDir
    Path dir;

    private static Path resource(String name) throws Exception {
        return Path.of(KubernetesExportsTest.class.getResource("/kubernetes/" + name).toURI());
    }

    private Path file(String json) throws Exception {
        Path f = dir.resolve("pv.json");
        Files.writeString(f, json);
        return f;
    }

    @Test
    void theDriversCsiPvsAreKeptWithClaimClassModesAttributesAndSecretNamesOthersAreCounted() throws Exception {
        ImportResult r = exports.persistentVolumes(resource("pv-list.json"), RBD, AT);

        assertThat(r.items()).extracting(RecordedItem::id).containsExactly(
                "0001-0024-b9127830-b0cc-4e34-aa47-9d1a2e9949a8-0000000000000002-7f3e4c1a-2b9d-11ef-9a3b-0a580a81020f", "archive-image-01");
        assertThat(r.otherDrivers()).isEqualTo(1);
        assertThat(r.notCsi()).as("hostPath and nfs").isEqualTo(2);
        RecordedItem bound = r.items().get(0);
        assertThat(bound.name()).isEqualTo("pvc-5b1c6a2e-8d43-4b8f-9a55-0c2f6c1d7e11");
        assertThat(bound.origin()).isEqualTo(RecordOrigin.PV_EXPORT);
        assertThat(bound.kind()).isEqualTo(RecordKind.VOLUME);
        assertThat(bound.capacityBytes()).isEqualTo(10L << 30);
        assertThat(bound.details()).containsEntry("claim", "shop/data-postgres-0").containsEntry("storage_class", "rook-ceph-block")
                .containsEntry("access_modes", "ReadWriteOnce").containsEntry("fs_type", "ext4")
                .containsEntry("secret.nodeStage", "ceph-csi-rbd/csi-rbd-secret")
                .containsEntry("secret.controllerExpand", "ceph-csi-rbd/csi-rbd-secret")
                .containsEntry("attribute.pool", "replicapool")
                .containsEntry("attribute.storage.kubernetes.io/csiProvisionerIdentity", "1732954321123-8081-rbd.csi.ceph.com");
        RecordedItem unbound = r.items().get(1);
        assertThat(unbound.details()).doesNotContainKey("claim").containsEntry("access_modes", "ReadWriteOnce,ReadOnlyMany");
        assertThat(unbound.capacityBytes()).isEqualTo(500_000_000_000L);
        assertThat(r.summary(RBD)).isEqualTo("2 volumes of rbd.csi.ceph.com from " + resource("pv-list.json")
                + "; left out: 1 of other drivers, 2 not CSI (in-tree)");
    }

    @Test
    void oneExportedPvIsReadLikeAListOfOne() throws Exception {
        Path f = file("{\"apiVersion\":\"v1\",\"kind\":\"PersistentVolume\",\"metadata\":{\"name\":\"pv-1\"},"
                + "\"spec\":{\"csi\":{\"driver\":\"rbd.csi.ceph.com\",\"volumeHandle\":\"img-1\"}}}");

        assertThat(exports.persistentVolumes(f, RBD, AT).items()).extracting(RecordedItem::id, RecordedItem::name)
                .containsExactly(org.assertj.core.groups.Tuple.tuple("img-1", "pv-1"));
    }

    @Test
    void snapshotContentsOfTheDriverAreKeptWithTheirSourceVolumeAndVolumeSnapshot() throws Exception {
        ImportResult r = exports.snapshotContents(resource("vsc-list.json"), RBD, AT);

        assertThat(r.items()).extracting(RecordedItem::id).containsExactly(
                "0001-0024-b9127830-b0cc-4e34-aa47-9d1a2e9949a8-0000000000000002-a1b2c3d4-2c9d-11ef-9a3b-0a580a81020f", "archive-snap-2025");
        assertThat(r.otherDrivers()).isEqualTo(1);
        RecordedItem dynamic = r.items().get(0);
        assertThat(dynamic.source()).isEqualTo(VolumeSource.volume(
                "0001-0024-b9127830-b0cc-4e34-aa47-9d1a2e9949a8-0000000000000002-7f3e4c1a-2b9d-11ef-9a3b-0a580a81020f"));
        assertThat(dynamic.capacityBytes()).isEqualTo(10L << 30);
        assertThat(dynamic.origin()).isEqualTo(RecordOrigin.SNAPSHOT_CONTENT_EXPORT);
        assertThat(dynamic.details()).containsEntry("volume_snapshot", "shop/postgres-nightly")
                .containsEntry("snapshot_class", "csi-rbdplugin-snapclass");
        assertThat(r.items().get(1).source()).as("a pre-provisioned snapshot names no volume").isEqualTo(VolumeSource.NONE);
    }

    @Test
    void aFileThatIsNotJsonNamesTheFileAndWhere() throws Exception {
        Path f = file("{\"items\": [ {\"kind\": \"PersistentVolume\",, } ]}");

        assertThatThrownBy(() -> exports.persistentVolumes(f, RBD, AT)).isInstanceOfSatisfying(CallFailure.class, e -> {
            assertThat(e.kind()).isEqualTo(FailureKind.INVALID_ARGUMENT);
            assertThat(e.getMessage()).contains(f.toString()).contains("is not JSON (line 1, column");
            assertThat(e.whatToDo()).contains("kubectl get pv -o json");
        });
    }

    @Test
    void aCsiPvOfTheDriverWithoutItsVolumeHandleNamesTheField() throws Exception {
        Path f = file("{\"kind\":\"List\",\"items\":[{\"kind\":\"PersistentVolume\",\"metadata\":{\"name\":\"a\"},"
                + "\"spec\":{\"csi\":{\"driver\":\"other\",\"volumeHandle\":\"x\"}}},"
                + "{\"kind\":\"PersistentVolume\",\"metadata\":{\"name\":\"b\"},\"spec\":{\"csi\":{\"driver\":\"rbd.csi.ceph.com\"}}}]}");

        assertThatThrownBy(() -> exports.persistentVolumes(f, RBD, AT)).isInstanceOf(CallFailure.class)
                .hasMessageContaining(f.toString()).hasMessageContaining("field items[1].spec.csi.volumeHandle is missing");
    }

    @Test
    void wrongTypesAndWrongKindsNameTheField() throws Exception {
        Path capacity = file("{\"items\":[{\"kind\":\"PersistentVolume\",\"spec\":{\"capacity\":{\"storage\":\"ten gigs\"},"
                + "\"csi\":{\"driver\":\"rbd.csi.ceph.com\",\"volumeHandle\":\"x\"}}}]}");
        assertThatThrownBy(() -> exports.persistentVolumes(capacity, RBD, AT)).hasMessageContaining("field items[0].spec.capacity.storage is not a quantity");

        Path claims = file("{\"kind\":\"List\",\"items\":[{\"kind\":\"PersistentVolumeClaim\",\"spec\":{}}]}");
        assertThatThrownBy(() -> exports.persistentVolumes(claims, RBD, AT)).hasMessageContaining("field items[0].kind is PersistentVolumeClaim, not PersistentVolume");

        Path notAList = file("{\"kind\":\"List\",\"items\":{}}");
        assertThatThrownBy(() -> exports.snapshotContents(notAList, RBD, AT)).hasMessageContaining("field items is not a list");

        Path noHandle = file("{\"items\":[{\"kind\":\"VolumeSnapshotContent\",\"spec\":{\"driver\":\"rbd.csi.ceph.com\",\"source\":{}}}]}");
        assertThatThrownBy(() -> exports.snapshotContents(noHandle, RBD, AT))
                .hasMessageContaining("field items[0].status.snapshotHandle is missing, and so is items[0].spec.source.snapshotHandle");
    }
}
