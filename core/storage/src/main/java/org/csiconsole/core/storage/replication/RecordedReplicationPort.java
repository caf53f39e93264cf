package org.csiconsole.core.storage.replication;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.ReplicationDestination;
import org.csiconsole.core.model.ReplicationInfo;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.SnapshotGroup;
import org.csiconsole.core.port.Listing;
import org.csiconsole.core.port.SourceFailure;
import org.csiconsole.core.record.ConsoleBook;
import org.csiconsole.core.record.RecordKind;
import org.csiconsole.core.record.RecordedItem;
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
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A connection's {@link ReplicationPort} whose inventory is its listing plus the console's record
 * ({@link ConsoleBook}): a driver that does not list volumes (no LIST_VOLUMES, as most production
 * drivers) still has the volumes the console created, imported or used sampled, each with its
 * {@link ReplicatedItem#origin()}. Listed items get the record's name where the driver gives none. A
 * listing the driver does not offer (UNSUPPORTED) is no failure here; any other failure of it is named
 * in {@link Listing#missing()} and the record's items are still returned. Rows the driver no longer
 * knows ({@link RecordedItem#gone()}) are left out. Every other call goes to the port unchanged.
 *
 * <p>The record knows no site. A recorded volume the listing leaves out (the driver restarting: its
 * listing fails or is empty) is put on the site it was last listed on; when the driver serves several
 * sites ({@link org.csiconsole.core.replication.ListedSites}) and never placed it, it is left out
 * rather than put on a site named after the connection beside the driver's real sites.
 */
public final class RecordedReplicationPort implements ReplicationPort {
    private final ReplicationPort port;
    private final ConsoleBook book;
    /** The site each volume was last listed on, when the listing named one (a driver serving several sites). */
    private final Map<String, String> listedSite = new ConcurrentHashMap<>();

    public RecordedReplicationPort(ReplicationPort port, ConsoleBook book) {
        this.port = Objects.requireNonNull(port, "port");
        this.book = Objects.requireNonNull(book, "book");
    }

    @Override
    public CompletableFuture<Listing<ReplicatedItem>> inventory() {
        return port.inventory().handle((listing, e) -> {
            List<ReplicatedItem> items = new ArrayList<>();
            List<SourceFailure> missing = new ArrayList<>();
            if (listing != null) {
                missing.addAll(listing.missing());
                for (ReplicatedItem i : listing.items()) items.add(named(i));
            } else {
                CallFailure f = CallFailure.unwrap(e);
                if (f == null || f.kind() != FailureKind.UNSUPPORTED) missing.add(SourceFailure.of(port.site() + " listing", e));
            }
            Set<String> listed = new HashSet<>();
            for (ReplicatedItem i : items) {
                if (i.source().group()) continue;
                listed.add(i.source().id());
                if (!i.site().isEmpty()) listedSite.put(i.source().id(), i.site());
            }
            for (RecordedItem r : book.items(RecordKind.VOLUME)) {
                if (r.gone() || listed.contains(r.id())) continue;
                String site = listedSite.getOrDefault(r.id(), port.site());
                if (site.isEmpty() && !listedSite.isEmpty()) continue;
                items.add(new ReplicatedItem(ReplicationSource.volume(r.id()), r.name(), null, null, "", "", null, List.of(), site,
                        r.origin().words()));
            }
            return new Listing<>(items, missing);
        });
    }

    private ReplicatedItem named(ReplicatedItem i) {
        if (!i.name().isEmpty() || i.source().group()) return i;
        return book.find(RecordKind.VOLUME, i.source().id()).filter(r -> !r.name().isEmpty())
                .map(r -> new ReplicatedItem(i.source(), r.name(), i.role(), i.health(), i.partner(), i.partnerId(), i.schedulingInterval(),
                        i.memberIds(), i.site(), i.origin()))
                .orElse(i);
    }

    @Override
    public String site() {
        return port.site();
    }

    @Override
    public CompletableFuture<ReplicationFeatures> features() {
        return port.features();
    }

    @Override
    public CompletableFuture<ReplicationInfo> info(ReplicationRequest request) {
        return port.info(request);
    }

    @Override
    public CompletableFuture<ReplicationDestination> destination(ReplicationSource source, Secrets secrets) {
        return port.destination(source, secrets);
    }

    @Override
    public CompletableFuture<Void> enable(ReplicationRequest request) {
        return port.enable(request);
    }

    @Override
    public CompletableFuture<Void> disable(ReplicationRequest request) {
        return port.disable(request);
    }

    @Override
    public CompletableFuture<Void> promote(ReplicationRequest request, ForceConfirmation force) {
        return port.promote(request, force);
    }

    @Override
    public CompletableFuture<Void> demote(ReplicationRequest request, ForceConfirmation force) {
        return port.demote(request, force);
    }

    @Override
    public CompletableFuture<Boolean> resync(ReplicationRequest request, ForceConfirmation force) {
        return port.resync(request, force);
    }

    @Override
    public CompletableFuture<Boolean> resyncPoll(ReplicationRequest request, ForceConfirmation force) {
        return port.resyncPoll(request, force);
    }

    @Override
    public CompletableFuture<Listing<ArrayPartner>> partners() {
        return port.partners();
    }

    @Override
    public CompletableFuture<Listing<SnapshotGroup>> snapshotGroups() {
        return port.snapshotGroups();
    }

    @Override
    public Optional<ReplicationFaults> faults() {
        return port.faults();
    }
}
