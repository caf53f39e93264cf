package org.csiconsole.core.replication;

import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.Words;

import java.util.List;

/**
 * What a replication listing says of its rows where the driver's listing cannot be the whole truth, the same for
 * the command line's {@code replication list} and the workbench: a row the driver answered NOT_FOUND for before any
 * read succeeded (an id added by hand that the driver does not hold) is not a replicated source, and an empty
 * listing of a driver that does not list volumes (no LIST_VOLUMES) says why and where to add ids.
 */
public final class InventoryNote {
    private InventoryNote() {
    }

    /**
     * True when {@code s} is a source the driver holds, or may hold: not one whose every read so far the driver
     * answered NOT_FOUND (csi-addons GetVolumeReplicationInfo: the volume or group does not exist).
     */
    public static boolean counted(ReplicationSample s) {
        return !notFound(s) && !notReplicated(s);
    }

    /**
     * True when the driver's latest answer for {@code s} is that it is not replicated (csi-addons "Volume is not
     * replicated", {@link ReplicationFailures#notReplicated}): a read that succeeded in telling, not a failed one.
     */
    public static boolean notReplicated(ReplicationSample s) {
        return ReplicationFailures.notReplicated(s.lastError());
    }

    /** True when the driver answered for {@code s}, though with no figures: it does not hold it, or it is not replicated. */
    public static boolean answered(ReplicationSample s) {
        return notFound(s) || notReplicated(s);
    }

    /** True when the driver answered NOT_FOUND for {@code s} and no read of it ever succeeded. */
    public static boolean notFound(ReplicationSample s) {
        return s.readAt() == null && s.lastError() != null && s.lastError().kind() == FailureKind.NOT_FOUND;
    }

    /**
     * {@code "3 replicated sources"}, then {@code "; 2 not replicated: vol-a, vol-b"} for the rows {@link #notReplicated}
     * and {@code "; 1 id not found at the driver: vol-x"} for the rows {@link #notFound}.
     */
    public static String count(List<ReplicationSample> rows) {
        List<String> missing = rows.stream().filter(InventoryNote::notFound).map(s -> s.source().id()).toList();
        List<String> plain = rows.stream().filter(InventoryNote::notReplicated).map(s -> s.source().id()).toList();
        StringBuilder b = new StringBuilder(Words.count(rows.size() - missing.size() - plain.size(), "replicated source"));
        if (!plain.isEmpty()) b.append("; ").append(plain.size()).append(" not replicated (the driver says replication is not enabled): ")
                .append(String.join(", ", plain));
        if (!missing.isEmpty()) b.append("; ").append(Words.count(missing.size(), "id")).append(" not found at the driver: ")
                .append(String.join(", ", missing));
        return b.toString();
    }

    /**
     * Why a listing of {@code rows} shows no replicated source although there may be some, and what to do; empty when it
     * shows one, or when the driver lists its volumes (then none listed means none).
     *
     * @param listsVolumes true when the driver advertises LIST_VOLUMES (or an array lists its volumes)
     */
    public static String whyEmpty(boolean listsVolumes, List<ReplicationSample> rows) {
        if (listsVolumes || rows.stream().anyMatch(InventoryNote::counted)) return "";
        long notFound = rows.stream().filter(InventoryNote::notFound).count();
        long plain = rows.stream().filter(InventoryNote::notReplicated).count();
        return "The driver does not list its volumes (no LIST_VOLUMES), so only the volumes this console created, imported or "
                + "was given the ids of are sampled, and " + (notFound == 0 && plain == 0 ? "it knows none yet"
                : plain == 0 ? "the driver holds none of the " + Words.count((int) notFound, "id") + " it was given (NOT_FOUND)"
                : "the driver says none of the " + Words.count((int) (notFound + plain), "volume") + " it knows is replicated"
                        + (notFound == 0 ? "" : " (" + notFound + " not found)"))
                + ". Add the ids of the replicated volumes: csi-console inventory add-ids ID..., or inventory import-pv FILE "
                + "(kubectl get pv -o json); in the workbench, Volumes > Add volume ids\u2026 or Import PV export\u2026.";
    }
}
