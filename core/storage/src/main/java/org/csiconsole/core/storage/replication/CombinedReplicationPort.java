package org.csiconsole.core.storage.replication;

import org.csiconsole.core.model.ReplicationDestination;
import org.csiconsole.core.model.ReplicationInfo;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.SnapshotGroup;
import org.csiconsole.core.port.Listing;
import org.csiconsole.core.port.SourceFailure;
import org.csiconsole.core.replication.ArrayPartner;
import org.csiconsole.core.replication.ForceConfirmation;
import org.csiconsole.core.replication.ReplicatedItem;
import org.csiconsole.core.replication.ReplicationFaults;
import org.csiconsole.core.replication.ReplicationFeatures;
import org.csiconsole.core.replication.ReplicationPort;
import org.csiconsole.core.replication.ReplicationRequest;
import org.csiconsole.core.replication.ReplicationSource;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

/**
 * A connection's csi-addons replication and its CSP arrays' as one port: calls go to csi-addons;
 * the inventory is csi-addons' (CSI listing) with the arrays' replicated objects it does not already
 * hold added; partners and snapshot groups come from every array, an array that does not answer
 * named in the listing.
 */
public final class CombinedReplicationPort implements ReplicationPort {
    private final ReplicationPort addons;
    private final List<ReplicationPort> arrays;

    public CombinedReplicationPort(ReplicationPort addons, List<ReplicationPort> arrays) {
        this.addons = Objects.requireNonNull(addons, "addons");
        this.arrays = List.copyOf(arrays);
    }

    @Override
    public String site() {
        return addons.site();
    }

    @Override
    public Optional<ReplicationFaults> faults() {
        return addons.faults();
    }

    @Override
    public CompletableFuture<ReplicationFeatures> features() {
        return addons.features().thenApply(f -> new ReplicationFeatures(f.replication(), f.destinationInfo(), !arrays.isEmpty(), f.reason()));
    }

    @Override
    public CompletableFuture<Listing<ReplicatedItem>> inventory() {
        CompletableFuture<Listing<ReplicatedItem>> first = addons.inventory()
                .exceptionally(e -> new Listing<>(List.of(), List.of(SourceFailure.of("csi-addons", e))));
        List<CompletableFuture<Listing<ReplicatedItem>>> rest = arrays.stream().map(a -> a.inventory()
                .exceptionally(e -> new Listing<>(List.of(), List.of(SourceFailure.of(a.site(), e))))).toList();
        return all(first, rest).thenApply(listings -> {
            List<ReplicatedItem> items = new ArrayList<>();
            List<SourceFailure> missing = new ArrayList<>();
            Set<ReplicationSource> seen = new HashSet<>();
            for (Listing<ReplicatedItem> l : listings) {
                for (ReplicatedItem i : l.items()) if (seen.add(i.source())) items.add(i);
                missing.addAll(l.missing());
            }
            return new Listing<>(oneSiteUnlessTwo(items), missing);
        });
    }

    /**
     * {@code items} as listed, unless this port is unnamed and they name fewer than two sites: then each on no site of
     * its own (the connection's), so a connection to one array is one site, not one for its CSI volumes and one for the
     * array's.
     */
    private List<ReplicatedItem> oneSiteUnlessTwo(List<ReplicatedItem> items) {
        if (!site().isEmpty()) return items;
        long named = items.stream().map(ReplicatedItem::site).filter(s -> !s.isEmpty()).distinct().count();
        return named >= 2 ? items : items.stream().map(i -> i.site().isEmpty() ? i : i.onSite("")).toList();
    }

    @Override
    public CompletableFuture<Listing<ArrayPartner>> partners() {
        return merge(arrays.stream().map(ReplicationPort::partners).toList());
    }

    @Override
    public CompletableFuture<Listing<SnapshotGroup>> snapshotGroups() {
        return merge(arrays.stream().map(ReplicationPort::snapshotGroups).toList());
    }

    @Override
    public CompletableFuture<ReplicationInfo> info(ReplicationRequest r) {
        return addons.info(r);
    }

    @Override
    public CompletableFuture<ReplicationDestination> destination(ReplicationSource s, Secrets secrets) {
        return addons.destination(s, secrets);
    }

    @Override
    public CompletableFuture<Void> enable(ReplicationRequest r) {
        return addons.enable(r);
    }

    @Override
    public CompletableFuture<Void> disable(ReplicationRequest r) {
        return addons.disable(r);
    }

    @Override
    public CompletableFuture<Void> promote(ReplicationRequest r, ForceConfirmation force) {
        return addons.promote(r, force);
    }

    @Override
    public CompletableFuture<Void> demote(ReplicationRequest r, ForceConfirmation force) {
        return addons.demote(r, force);
    }

    @Override
    public CompletableFuture<Boolean> resync(ReplicationRequest r, ForceConfirmation force) {
        return addons.resync(r, force);
    }

    @Override
    public CompletableFuture<Boolean> resyncPoll(ReplicationRequest r, ForceConfirmation force) {
        return addons.resyncPoll(r, force);
    }

    private static <T> CompletableFuture<Listing<T>> merge(List<CompletableFuture<Listing<T>>> parts) {
        return all(CompletableFuture.completedFuture(Listing.complete(List.of())), parts).thenApply(ls -> {
            Listing<T> out = Listing.complete(List.of());
            for (Listing<T> l : ls) out = out.plus(l);
            return out;
        });
    }

    private static <T> CompletableFuture<List<Listing<T>>> all(CompletableFuture<Listing<T>> first, List<CompletableFuture<Listing<T>>> rest) {
        List<CompletableFuture<Listing<T>>> every = new ArrayList<>();
        every.add(first);
        every.addAll(rest);
        return CompletableFuture.allOf(every.toArray(CompletableFuture[]::new))
                .thenApply(x -> every.stream().map(CompletableFuture::join).toList());
    }
}
