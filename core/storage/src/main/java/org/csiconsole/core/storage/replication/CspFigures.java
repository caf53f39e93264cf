package org.csiconsole.core.storage.replication;

import org.csiconsole.core.model.ReplicationPartner;
import org.csiconsole.core.model.SnapshotGroup;
import org.csiconsole.core.port.Listing;
import org.csiconsole.core.port.SourceFailure;
import org.csiconsole.core.replication.ArrayPartner;
import org.csiconsole.core.replication.ReplicationFeatures;
import org.csiconsole.core.replication.ReplicationPort;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * What a round reads once from the CSP arrays (two requests per array): replication partners and
 * snapshot groups, for the sources csi-addons does not report on.
 *
 * @param partners by partner name ({@code name}, the array it names)
 * @param latest per volume group id, its newest snapshot group that is replicated
 * @param latestComplete per volume group id, its newest snapshot group whose replication completed
 * @param missing arrays that did not answer
 */
record CspFigures(Map<String, ReplicationPartner> partners, Map<String, SnapshotGroup> latest,
                  Map<String, SnapshotGroup> latestComplete, List<SourceFailure> missing) {
    static final CspFigures NONE = new CspFigures(Map.of(), Map.of(), Map.of(), List.of());

    static CompletableFuture<CspFigures> read(ReplicationPort port, ReplicationFeatures features) {
        if (!features.cspPartners()) return CompletableFuture.completedFuture(NONE);
        CompletableFuture<Listing<ArrayPartner>> ps = port.partners()
                .exceptionally(e -> new Listing<>(List.of(), List.of(SourceFailure.of("replication partners", e))));
        CompletableFuture<Listing<SnapshotGroup>> gs = port.snapshotGroups()
                .exceptionally(e -> new Listing<>(List.of(), List.of(SourceFailure.of("snapshot groups", e))));
        return ps.thenCombine(gs, (p, g) -> {
            Map<String, ReplicationPartner> partners = new HashMap<>();
            for (ArrayPartner a : p.items()) partners.put(a.partner().name(), a.partner());
            Map<String, SnapshotGroup> latest = new HashMap<>();
            Map<String, SnapshotGroup> complete = new HashMap<>();
            for (SnapshotGroup s : g.items()) {
                if (!s.replication().replicate()) continue;
                latest.merge(s.volumeGroupId(), s, CspFigures::newer);
                if (s.replication().complete() && s.replication().completeTime() != null) {
                    complete.merge(s.volumeGroupId(), s, CspFigures::newer);
                }
            }
            List<SourceFailure> missing = new ArrayList<>(p.missing());
            missing.addAll(g.missing());
            return new CspFigures(partners, latest, complete, missing);
        });
    }

    private static SnapshotGroup newer(SnapshotGroup a, SnapshotGroup b) {
        Comparator<SnapshotGroup> byTime = Comparator.comparing(s -> Optional.ofNullable(s.creationTime()).orElse(java.time.Instant.EPOCH));
        return byTime.compare(a, b) >= 0 ? a : b;
    }
}
