package org.csiconsole.core.trouble;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.csi.CsiMapping;
import csi.v1.Csi;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class OrphansTest {
    @TempDir
    Path dir;

    private static Volume volume(String id, long bytes) {
        return CsiMapping.volume(Csi.Volume.newBuilder().setVolumeId(id).setCapacityBytes(bytes).build(), List.of(), null);
    }

    @Test
    void volumesOnOneSideOnlyAreListedWithTheirSizes() throws Exception {
        Path pvs = Files.writeString(dir.resolve("pvs.json"), """
                {"apiVersion":"v1","kind":"List","items":[
                 {"kind":"PersistentVolume","metadata":{"name":"pv-a"},"spec":{"capacity":{"storage":"10Gi"},
                   "csi":{"driver":"csi.example.com","volumeHandle":"vol-1"}}},
                 {"kind":"PersistentVolume","metadata":{"name":"pv-b"},"spec":{"capacity":{"storage":"5Gi"},
                   "csi":{"driver":"csi.example.com","volumeHandle":"vol-gone"}}},
                 {"kind":"PersistentVolume","metadata":{"name":"pv-other"},"spec":{"capacity":{"storage":"1Gi"},
                   "csi":{"driver":"other.example.com","volumeHandle":"vol-2"}}},
                 {"kind":"PersistentVolume","metadata":{"name":"pv-nfs"},"spec":{"capacity":{"storage":"1Gi"},"nfs":{"path":"/x"}}}]}
                """);

        OrphanReport r = Orphans.compare("csi.example.com", "pvs.json", List.of(volume("vol-1", 10L << 30), volume("vol-2", 1L << 30),
                volume("vol-3", 3L << 30)), Orphans.persistentVolumes(pvs, "csi.example.com"));

        assertThat(r.matched()).isEqualTo(1);
        assertThat(r.driverOnly()).containsExactly(new OrphanVolume("vol-2", "", 1L << 30), new OrphanVolume("vol-3", "", 3L << 30));
        assertThat(r.listOnly()).containsExactly(new OrphanVolume("vol-gone", "pv-b", 5L << 30));
    }

    @Test
    void aCspVolumeListIsReadAsTheArrayAnswersIt() throws Exception {
        Path csp = Files.writeString(dir.resolve("csp.json"), """
                [{"id":"067b0001","name":"volume1","size":1073741824,"published":false},
                 {"id":"067b0002","name":"volume2","size":2147483648}]
                """);

        OrphanReport r = Orphans.compare("csi.hpe.com", "csp.json", List.of(volume("067b0001", 1L << 30)), Orphans.cspVolumes(csp));

        assertThat(r.listOnly()).containsExactly(new OrphanVolume("067b0002", "volume2", 2L << 30));
        assertThat(r.driverOnly()).isEmpty();
    }

    @Test
    void aFileThatIsNoListIsRefusedInWords() throws Exception {
        Path f = Files.writeString(dir.resolve("x.json"), "{\"kind\":\"Pod\"}");

        assertThatThrownBy(() -> Orphans.persistentVolumes(f, "x")).hasMessageContaining("no PersistentVolume list")
                .isInstanceOfSatisfying(CallFailure.class, e -> assertThat(e.whatToDo()).contains("kubectl get pv -o json"));
        assertThatThrownBy(() -> Orphans.cspVolumes(f)).hasMessageContaining("no array of volumes");
    }
}
