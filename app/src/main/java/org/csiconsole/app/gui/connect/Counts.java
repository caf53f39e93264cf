package org.csiconsole.app.gui.connect;

import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.port.Availability;
import org.csiconsole.core.port.Feature;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.port.Listing;
import org.csiconsole.core.port.SourceFailure;
import org.csiconsole.core.port.StorageService;
import org.csiconsole.core.record.ConsoleBook;
import org.csiconsole.core.record.RecordKind;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.ResourceKind;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * Fills a connection's plugin name and version and the navigator's counts per resource kind from
 * its {@link StorageService}. Volumes, snapshots and fences the driver cannot list (it does not
 * advertise LIST_VOLUMES or LIST_SNAPSHOTS, answers UNIMPLEMENTED, or fails on the listing itself)
 * get {@link ConnectionModel#CANNOT_LIST} with the reason, the driver's words included, never 0; volume groups and group snapshots the storage does not serve get {@link ConnectionModel#NOT_SERVED} with the reason, never 0. A listing that
 * only some sources answered gives the count of what it read, marked partial with the sources
 * that did not answer ({@link ConnectionModel#partial}); a failed listing leaves the count unknown
 * and says why in the same place. Snapshots that can only be listed one volume at a time (a CSP)
 * are not counted here: their count is {@link ConnectionModel#NOT_COUNTED} until the snapshots
 * view reads them. Values land on the UI executor.
 */
final class Counts {
    private Counts() {
    }

    /** A count and what is missing from it, in words; {@code count} is {@link ConnectionModel#UNKNOWN} when the listing failed. */
    private record Count(int count, String missing) {
        static Count of(int count, List<SourceFailure> missing) {
            return new Count(count, SourceFailure.describe(missing));
        }

        static Count failed(Throwable e) {
            return new Count(ConnectionModel.UNKNOWN, "not counted: " + SourceFailure.of("the listing", e).failure().getMessage());
        }

        /** The driver does not offer the listing of {@code noun}: {@code "This driver cannot list volumes (it does not advertise LIST_VOLUMES)."} */
        static Count cannotList(Features f, Feature needed, String noun, Throwable e) {
            // A saved report that did not read the listing: not the driver's failing.
            if (e == null && Availability.notRecorded(f.reason(needed))) return new Count(ConnectionModel.NOT_RECORDED, f.reason(needed));
            String why = e != null ? ": " + SourceFailure.of("the listing", e).failure().getMessage()
                    : f.csiConnected() && !f.cspConnected() ? " (it does not advertise " + needed.name() + ")." : ": " + f.reason(needed);
            return new Count(ConnectionModel.CANNOT_LIST, "This driver cannot list " + noun + why);
        }
    }

    /** Reads plugin identity and counts, with no record of the console's; the future completes when all reads have finished. */
    static CompletableFuture<Void> refresh(ConnectionModel model, StorageService storage, Executor ui) {
        return refresh(model, storage, ui, null);
    }

    /**
     * Reads plugin identity and counts; the future completes when all reads have finished. Volumes and snapshots the
     * driver cannot list are counted from the console's record of the connection ({@code book}) as the views show them,
     * with the record's note ({@link ConsoleBook#cannotList}) as what the count leaves out; without rows there, "cannot list".
     *
     * @param book the console's record of the connection; null when none is kept
     */
    static CompletableFuture<Void> refresh(ConnectionModel model, StorageService storage, Executor ui, ConsoleBook book) {
        CompletableFuture<Void> plugin = storage.pluginInfo().handle((info, e) -> {
            if (e == null) {
                ui.execute(() -> {
                    if (model.storage() != storage) return;
                    model.pluginNameProperty().set(info.name());
                    model.pluginVersionProperty().set(info.vendorVersion());
                });
            }
            return null;
        });
        // One volume listing gives both the volume count and the node ids volumes are published to.
        Set<String> published = ConcurrentHashMap.newKeySet();
        CompletableFuture<Void> counts = storage.features().thenCompose(f -> {
            CompletableFuture<Count> volumes = streamed(f, Feature.LIST_VOLUMES, "volumes",
                    n -> storage.listVolumes(PageSink.unpaced(p -> {
                        n.addAndGet(p.size());
                        for (Volume v : p) published.addAll(v.publishedNodeIds());
                    })));
            CompletableFuture<Count> snapshots = storage.listsSnapshotsPerVolume() && f.available(Feature.LIST_SNAPSHOTS)
                    // One request per volume (10,000 volumes, 10,000 requests): counted when the view opens.
                    ? CompletableFuture.completedFuture(new Count(ConnectionModel.NOT_COUNTED, ""))
                    : streamed(f, Feature.LIST_SNAPSHOTS, "snapshots", n -> storage.listSnapshots(null, PageSink.unpaced(p -> n.addAndGet(p.size()))));
            return CompletableFuture.allOf(
                    set(model, storage, ui, ResourceKind.VOLUMES, volumes.thenApply(c -> recorded(c, book, RecordKind.VOLUME))),
                    set(model, storage, ui, ResourceKind.SNAPSHOTS, snapshots.thenApply(c -> recorded(c, book, RecordKind.SNAPSHOT))),
                    set(model, storage, ui, ResourceKind.VOLUME_GROUPS, listed(f, Feature.VOLUME_GROUPS, "volume groups", storage::listVolumeGroups)),
                    set(model, storage, ui, ResourceKind.SNAPSHOT_GROUPS, listed(f, Feature.GROUP_SNAPSHOTS, "group snapshots", storage::listGroupSnapshots)),
                    set(model, storage, ui, ResourceKind.HOSTS, hosts(storage, f, volumes.thenApply(x -> published))),
                    set(model, storage, ui, ResourceKind.FENCES, streamed(f, Feature.LIST_FENCES, "fenced networks", n -> storage.listFences(
                            java.util.Map.of(), org.csiconsole.core.model.Secrets.NONE).thenApply(l -> {
                                n.addAndGet(l.size());
                                return List.<SourceFailure>of();
                            }))));
        });
        return CompletableFuture.allOf(plugin, counts.exceptionally(e -> null));
    }

    /** {@code c}, or, when the driver cannot list and the record holds rows of {@code kind}, their count with the record's note. */
    private static Count recorded(Count c, ConsoleBook book, RecordKind kind) {
        if (c.count() != ConnectionModel.CANNOT_LIST || book == null) return c;
        int n = book.items(kind).size();
        return n == 0 ? c : new Count(n, ConsoleBook.cannotList(kind, n));
    }

    private static CompletableFuture<Count> streamed(Features f, Feature needed, String noun,
                                                     Function<AtomicInteger, CompletableFuture<List<SourceFailure>>> list) {
        if (!f.available(needed)) return CompletableFuture.completedFuture(Count.cannotList(f, needed, noun, null));
        AtomicInteger n = new AtomicInteger();
        return list.apply(n).handle((missing, e) -> e == null ? Count.of(n.get(), missing)
                : cannotList(e) ? Count.cannotList(f, needed, noun, e) : Count.failed(e));
    }

    /** The driver answered the listing with UNIMPLEMENTED or a failure of its own ({@link org.csiconsole.core.call.FailureKind#cannotList()}). */
    private static boolean cannotList(Throwable e) {
        org.csiconsole.core.call.CallFailure c = org.csiconsole.core.call.CallFailure.unwrap(e);
        return c != null && c.kind().cannotList();
    }

    /**
     * A service the storage may not serve at all (volume groups, group snapshots): {@link
     * ConnectionModel#NOT_SERVED} with the reason when it does not, {@link ConnectionModel#CANNOT_LIST}
     * when the listing fails on the driver's side, never 0.
     */
    private static CompletableFuture<Count> listed(Features f, Feature needed, String noun,
                                                   Supplier<CompletableFuture<? extends Listing<?>>> list) {
        if (!f.available(needed)) {
            return CompletableFuture.completedFuture(new Count(ConnectionModel.NOT_SERVED, "Not served: " + f.reason(needed)));
        }
        return list.get().handle((l, e) -> e == null ? Count.of(l.items().size(), l.missing())
                : cannotList(e) ? Count.cannotList(f, needed, noun, e) : Count.failed(e));
    }

    /**
     * CSP hosts plus CSI nodes (the connected node and the nodes in {@code published} once it
     * completes), a host and a node of the same name counted once, as the hosts view shows them.
     */
    private static CompletableFuture<Count> hosts(StorageService storage, Features f, CompletableFuture<Set<String>> published) {
        CompletableFuture<Listing<?>> hosts = f.available(Feature.CSP_HOSTS)
                ? storage.listHosts().thenApply(l -> (Listing<?>) l) : CompletableFuture.completedFuture(Listing.complete(List.of()));
        CompletableFuture<List<NodeInfo>> own = storage.connectedNodes();
        return CompletableFuture.allOf(hosts.handle((x, e) -> null), own.handle((x, e) -> null), published).thenApply(x -> {
            List<SourceFailure> missing = new ArrayList<>();
            int n = 0;
            Set<String> hostNames = new java.util.HashSet<>();
            try {
                Listing<?> l = hosts.join();
                n += l.items().size();
                for (Object h : l.items()) {
                    if (h instanceof org.csiconsole.core.model.Host host) hostNames.add(host.name().isEmpty() ? host.id() : host.name());
                }
                missing.addAll(l.missing());
            } catch (RuntimeException e) {
                missing.add(SourceFailure.of("CSP hosts", e));
            }
            List<NodeInfo> mine = List.of();
            try {
                mine = own.join();
            } catch (RuntimeException e) {
                missing.add(SourceFailure.of("node plugin (NodeGetInfo)", e));
            }
            n += (int) NodeInfo.withPublished(mine, published.join()).stream().filter(node -> !hostNames.contains(node.nodeId())).count();
            return Count.of(n, missing);
        });
    }

    private static CompletableFuture<Void> set(ConnectionModel model, StorageService storage, Executor ui, ResourceKind kind,
                                               CompletableFuture<Count> count) {
        return count.thenAccept(c -> ui.execute(() -> {
            if (model.storage() != storage) return;
            model.count(kind).set(c.count());
            model.partial(kind).set(c.missing());
        }));
    }
}
