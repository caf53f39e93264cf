package org.csiconsole.core.trouble;

import java.util.List;
import java.util.Objects;

/**
 * The driver's volumes compared with a list the admin holds (PersistentVolumes exported with
 * {@code kubectl get pv -o json}, or a CSP array's volume list), by volume id. Nothing is changed.
 *
 * @param driver the driver's name; PersistentVolumes of other drivers are left out of the comparison
 * @param listSource what the list was, e.g. "PersistentVolumes (pvs.json)"
 * @param matched how many volume ids were on both sides
 * @param driverOnly volumes the driver lists that the list does not hold (storage that nothing uses,
 *     or that another cluster uses), by id
 * @param listOnly entries of the list whose volume the driver does not list (a PersistentVolume whose
 *     storage is gone), by id
 */
public record OrphanReport(String driver, String listSource, int matched, List<OrphanVolume> driverOnly,
                           List<OrphanVolume> listOnly) {
    public OrphanReport {
        Objects.requireNonNull(driver, "driver");
        listSource = listSource == null ? "" : listSource;
        driverOnly = driverOnly == null ? List.of() : List.copyOf(driverOnly);
        listOnly = listOnly == null ? List.of() : List.copyOf(listOnly);
    }
}
