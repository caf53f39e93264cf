package org.csiconsole.core.risk;

import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.port.Feature;
import org.csiconsole.core.port.FencePort;
import org.csiconsole.core.port.StorageService;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Whether a volume an operation names exists, as far as the console can tell before sending
 * ({@link TargetFacts#presence()}): from the driver's complete listing (CSI ListVolumes, every page, no source missing),
 * else from what the console already knows of it (its record, or a replication listing that names it).
 */
public enum Existence {
    /** The driver's complete listing holds it. */
    LISTED,
    /** The driver's complete listing, just read, does not hold it: it does not exist on this connection. */
    NOT_LISTED,
    /** The driver cannot list its volumes (or the listing failed); the console's record knows it. */
    RECORDED,
    /** The driver cannot list its volumes (or the listing failed), and the console's record does not know it. */
    UNKNOWN;

    /**
     * The presence of each of {@code ids} on {@code storage}, the same for the views and the command line: when the
     * driver lists its volumes ({@link Feature#LIST_VOLUMES}) and its listing completes with no source missing,
     * {@link #LISTED} or {@link #NOT_LISTED}; otherwise {@link #RECORDED} for an id in {@code known}, else
     * {@link #UNKNOWN}. Reads only; never fails (a failed listing counts as no listing).
     *
     * @param storage the connection's fence port, its whole storage where it is one ({@link StorageService}); a port that is
     *     not (a replication site without storage) is taken as unable to list
     * @param known the volume ids the console already knows on this connection (its record, its replication listing)
     * @param ids the volume ids asked about
     * @return id to presence, in the order of {@code ids}
     */
    public static CompletableFuture<Map<String, Existence>> read(FencePort storage, Set<String> known, Collection<String> ids) {
        if (ids.isEmpty()) return CompletableFuture.completedFuture(Map.of());
        if (!(storage instanceof StorageService s)) return CompletableFuture.completedFuture(unlisted(known, ids));
        return s.features().thenCompose(f -> {
            if (!f.available(Feature.LIST_VOLUMES)) return CompletableFuture.completedFuture(unlisted(known, ids));
            List<String> listed = new CopyOnWriteArrayList<>();
            return s.listVolumes(page -> {
                for (Volume v : page) listed.add(v.volumeId());
                return PageSink.READY;
            }).thenApply(missing -> missing.isEmpty() ? listed(Set.copyOf(listed), ids) : unlisted(known, ids));
        }).exceptionally(e -> unlisted(known, ids));
    }

    private static Map<String, Existence> listed(Set<String> listed, Collection<String> ids) {
        Map<String, Existence> out = new LinkedHashMap<>();
        for (String id : ids) out.put(id, listed.contains(id) ? LISTED : NOT_LISTED);
        return out;
    }

    private static Map<String, Existence> unlisted(Set<String> known, Collection<String> ids) {
        Map<String, Existence> out = new LinkedHashMap<>();
        for (String id : ids) out.put(id, known.contains(id) ? RECORDED : UNKNOWN);
        return out;
    }
}
