package org.csiconsole.app.gui.connect;

import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.port.Feature;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.port.Listing;
import org.csiconsole.core.port.StorageService;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.ResourceKind;

import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Fills a connection's plugin name and version and the navigator's counts per resource kind from
 * its {@link StorageService}. Kinds the storage does not offer get a count of 0; a failed listing
 * leaves the count unknown. Values land on the UI executor.
 */
final class Counts {
    private Counts() {
    }

    /** Reads plugin identity and counts; the future completes when all reads have finished. */
    static CompletableFuture<Void> refresh(ConnectionModel model, StorageService storage, Executor ui) {
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
            CompletableFuture<Void> volumes = streamed(model, storage, ui, ResourceKind.VOLUMES, f, Feature.LIST_VOLUMES,
                    n -> storage.listVolumes(PageSink.unpaced(p -> {
                        n.addAndGet(p.size());
                        for (Volume v : p) published.addAll(v.publishedNodeIds());
                    })));
            return CompletableFuture.allOf(volumes,
                    streamed(model, storage, ui, ResourceKind.SNAPSHOTS, f, Feature.LIST_SNAPSHOTS,
                            n -> storage.listSnapshots(null, PageSink.unpaced(p -> n.addAndGet(p.size())))),
                    listed(model, storage, ui, ResourceKind.VOLUME_GROUPS, f, Feature.VOLUME_GROUPS, storage::listVolumeGroups),
                    listed(model, storage, ui, ResourceKind.SNAPSHOT_GROUPS, f, Feature.GROUP_SNAPSHOTS, storage::listGroupSnapshots),
                    hosts(model, storage, ui, f, volumes.thenApply(x -> published)));
        });
        return CompletableFuture.allOf(plugin, counts.exceptionally(e -> null));
    }

    private static CompletableFuture<Void> streamed(ConnectionModel model, StorageService storage, Executor ui, ResourceKind kind,
                                                    Features f, Feature needed,
                                                    java.util.function.Function<AtomicInteger, CompletableFuture<?>> list) {
        if (!f.available(needed)) return set(model, storage, ui, kind, 0);
        AtomicInteger n = new AtomicInteger();
        return list.apply(n).handle((v, e) -> e == null ? n.get() : -1).thenCompose(c -> set(model, storage, ui, kind, c));
    }

    private static CompletableFuture<Void> listed(ConnectionModel model, StorageService storage, Executor ui, ResourceKind kind,
                                                  Features f, Feature needed,
                                                  java.util.function.Supplier<CompletableFuture<? extends Listing<?>>> list) {
        if (!f.available(needed)) return set(model, storage, ui, kind, 0);
        return list.get().handle((l, e) -> e == null ? l.items().size() : -1).thenCompose(c -> set(model, storage, ui, kind, c));
    }

    /** CSP hosts plus CSI nodes: the connected node and the nodes in {@code published} once it completes. */
    private static CompletableFuture<Void> hosts(ConnectionModel model, StorageService storage, Executor ui, Features f,
                                                 CompletableFuture<Set<String>> published) {
        CompletableFuture<Integer> hosts = f.available(Feature.CSP_HOSTS)
                ? storage.listHosts().handle((l, e) -> e == null ? l.items().size() : 0) : CompletableFuture.completedFuture(0);
        CompletableFuture<Integer> nodes = storage.connectedNodes().exceptionally(e -> List.of())
                .thenCombine(published, (own, ids) -> NodeInfo.withPublished(own, ids).size());
        return hosts.thenCombine(nodes, Integer::sum).thenCompose(c -> set(model, storage, ui, ResourceKind.HOSTS, c));
    }

    private static CompletableFuture<Void> set(ConnectionModel model, StorageService storage, Executor ui, ResourceKind kind, int count) {
        ui.execute(() -> {
            if (model.storage() == storage && count >= 0) model.count(kind).set(count);
        });
        return CompletableFuture.completedFuture(null);
    }
}
