package org.csiconsole.views.table;

import org.junit.jupiter.api.Test;

import java.util.function.ToDoubleFunction;

import static org.assertj.core.api.Assertions.assertThat;

/** How a path cell fits its text: whole directories go from the middle, the file name stays. */
class ColumnPathTest {
    /** A monospace font of 7 px a character. */
    private static final ToDoubleFunction<String> MONO = t -> t.length() * 7.0;
    private static final String RBD = "/var/lib/kubelet/plugins_registry/rbd.csi.ceph.com-reg.sock";
    private static final String CEPHFS = "/var/lib/kubelet/plugins_registry/cephfs.csi.ceph.com-reg.sock";

    @Test
    void aPathThatFitsIsShownWhole() {
        assertThat(Column.elidePath(RBD, RBD.length() * 7, MONO)).isEqualTo(RBD);
    }

    @Test
    void aPathTooWideDropsDirectoriesFromItsMiddleAndKeepsItsFileName() {
        String rbd = Column.elidePath(RBD, 50 * 7, MONO);
        String cephfs = Column.elidePath(CEPHFS, 50 * 7, MONO);

        assertThat(rbd).isEqualTo("/var/\u2026/plugins_registry/rbd.csi.ceph.com-reg.sock");
        assertThat(cephfs).isEqualTo("\u2026/plugins_registry/cephfs.csi.ceph.com-reg.sock");
        assertThat(Column.elidePath(CEPHFS, 40 * 7, MONO)).isEqualTo("\u2026s_registry/cephfs.csi.ceph.com-reg.sock");
        assertThat(rbd).as("two sockets alike but in the middle read apart").isNotEqualTo(cephfs);
    }

    @Test
    void aDriversSocketKeepsItsDirectoryForEverySocketIsCalledCsiSock() {
        String a = Column.elidePath("/var/lib/kubelet/plugins/csi.reference.csi-console.org/csi.sock", 30 * 7, MONO);
        String b = Column.elidePath("/var/lib/kubelet/plugins/cephfs.csi.ceph.com/csi.sock", 30 * 7, MONO);

        assertThat(a).isEqualTo("\u2026ence.csi-console.org/csi.sock");
        assertThat(b).isEqualTo("\u2026/cephfs.csi.ceph.com/csi.sock");
    }

    @Test
    void onlyAFileNameWiderThanTheCellLosesItsStart() {
        assertThat(Column.elidePath(RBD, 12 * 7, MONO)).isEqualTo("\u2026om-reg.sock");
    }
}
