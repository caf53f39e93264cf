package org.csiconsole.core.record;

import java.util.List;
import java.util.Objects;

/**
 * What an export file gave for one driver.
 *
 * @param file the file, as given
 * @param kind the rows' kind ({@link RecordKind#VOLUME} for a PV export, {@link RecordKind#SNAPSHOT} for
 *     a VolumeSnapshotContent export)
 * @param items the rows of the connection's driver, in the file's order
 * @param otherDrivers objects of another CSI driver, left out
 * @param notCsi objects that are not CSI at all (in-tree PVs: hostPath, nfs, ...), left out
 */
public record ImportResult(String file, RecordKind kind, List<RecordedItem> items, int otherDrivers, int notCsi) {
    public ImportResult {
        Objects.requireNonNull(file, "file");
        Objects.requireNonNull(kind, "kind");
        items = List.copyOf(items);
    }

    /** {@code "3 volumes of rbd.csi.ceph.com from pv.json; left out: 2 of other drivers, 1 not CSI"}. */
    public String summary(String driver) {
        StringBuilder s = new StringBuilder().append(items.size()).append(' ').append(kind.word()).append(items.size() == 1 ? "" : "s")
                .append(" of ").append(driver).append(" from ").append(file);
        if (otherDrivers > 0 || notCsi > 0) {
            s.append("; left out: ").append(otherDrivers).append(" of other drivers");
            if (kind == RecordKind.VOLUME) s.append(", ").append(notCsi).append(" not CSI (in-tree)");
        }
        return s.toString();
    }
}
