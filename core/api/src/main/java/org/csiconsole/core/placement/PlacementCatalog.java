package org.csiconsole.core.placement;

import org.csiconsole.core.model.Capacity;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.PluginInfo;
import org.csiconsole.core.model.Topology;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.port.Feature;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.port.SourceFailure;
import org.csiconsole.core.port.StorageService;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;

/**
 * Gathers what placements and parameter keys a connection knows, for the create-volume form and the
 * CLI: the accessible topology segments of GetCapacity's listing ({@code CapacityPort.capacity()}),
 * of the connected node (NodeGetInfo {@code accessible_topology}) and of existing volumes
 * ({@code Volume.accessible_topology}); the parameter keys the plugin documents
 * ({@link ParameterKeys}) and those seen on existing volumes ({@code parameters}, and
 * {@code volume_context} values of a known key, where plugins such as the reference one report
 * the array and pool they chose). The CSP reports its pools in each volume's {@code config}, which
 * arrives as the volume's parameters.
 */
public final class PlacementCatalog {
    private PlacementCatalog() {
    }

    /**
     * Reads GetPluginInfo, GetCapacity (when advertised) and NodeGetInfo (when a node is connected)
     * and combines them with {@code volumes} (those already read; no second ListVolumes).
     *
     * @return never fails: a source that does not answer is left out and named in
     *         {@link PlacementOptions#missing()}
     */
    public static CompletableFuture<PlacementOptions> gather(StorageService storage, Collection<Volume> volumes) {
        List<Volume> known = List.copyOf(volumes);
        return storage.features().thenCompose(features -> gather(storage, features, known))
                .exceptionally(e -> of(null, false, List.of(), List.of(), known, List.of(SourceFailure.of("features", e))));
    }

    private static CompletableFuture<PlacementOptions> gather(StorageService storage, Features features, List<Volume> volumes) {
        List<SourceFailure> missing = java.util.Collections.synchronizedList(new ArrayList<>());
        CompletableFuture<PluginInfo> info = storage.pluginInfo().handle((p, e) -> {
            if (e != null) missing.add(SourceFailure.of("GetPluginInfo", e));
            return p;
        });
        CompletableFuture<List<Capacity>> capacity = !features.available(Feature.CAPACITY)
                ? CompletableFuture.completedFuture(List.of())
                : storage.capacity().handle((l, e) -> {
                    if (e != null) {
                        missing.add(SourceFailure.of("GetCapacity", e));
                        return List.of();
                    }
                    missing.addAll(l.missing());
                    return l.items();
                });
        CompletableFuture<List<NodeInfo>> nodes = !features.available(Feature.NODE_INFO)
                ? CompletableFuture.completedFuture(List.of())
                : storage.connectedNodes().handle((l, e) -> {
                    if (e != null) missing.add(SourceFailure.of("NodeGetInfo", e));
                    return e == null ? l : List.of();
                });
        boolean csp = features.available(Feature.CSP_PUBLISH);
        return CompletableFuture.allOf(info, capacity, nodes).thenApply(x -> {
            synchronized (missing) {
                return of(info.join(), csp, capacity.join(), nodes.join(), volumes, missing);
            }
        });
    }

    /**
     * Combines what was read.
     *
     * @param plugin GetPluginInfo's answer, null when unknown
     * @param csp true when the connection includes an HPE CSP array
     * @param capacities GetCapacity rows (a row without topology adds no segment, its parameter
     *                   keys still count)
     * @param nodes nodes with their NodeGetInfo topology (null topology: none)
     * @param volumes existing volumes
     * @param missing sources that did not answer
     */
    public static PlacementOptions of(PluginInfo plugin, boolean csp, List<Capacity> capacities, List<NodeInfo> nodes,
                                      Collection<Volume> volumes, List<SourceFailure> missing) {
        Map<Topology, List<String>> seen = new LinkedHashMap<>();
        for (Capacity c : capacities) addSeen(seen, c.topology(), "GetCapacity");
        for (NodeInfo n : nodes) addSeen(seen, n.accessibleTopology(), "NodeGetInfo " + n.nodeId());
        Map<Topology, Integer> onVolumes = new LinkedHashMap<>();
        for (Volume v : volumes) {
            for (Topology t : new java.util.LinkedHashSet<>(v.accessibleTopology())) {
                if (!t.segments().isEmpty()) onVolumes.merge(t, 1, Integer::sum);
            }
        }
        onVolumes.forEach((t, count) -> addSeen(seen, t, count == 1 ? "1 volume" : count + " volumes"));
        List<PlacementOptions.Segment> segments = new ArrayList<>();
        seen.forEach((t, sources) -> segments.add(new PlacementOptions.Segment(t, sources)));
        segments.sort(java.util.Comparator.comparing(s -> s.topology().toString()));

        Map<String, TreeSet<String>> values = new LinkedHashMap<>();
        Map<String, String> segmentKeys = new LinkedHashMap<>();
        for (ParameterKeys.Key k : ParameterKeys.documented(plugin == null ? "" : plugin.name(), csp)) {
            values.put(k.key(), new TreeSet<>());
            if (!k.segmentKey().isEmpty()) segmentKeys.put(k.key(), k.segmentKey());
        }
        TreeSet<String> observed = new TreeSet<>();
        for (Volume v : volumes) observed.addAll(v.parameters().keySet());
        for (Capacity c : capacities) observed.addAll(c.parameters().keySet());
        for (String k : observed) values.computeIfAbsent(k, x -> new TreeSet<>());
        for (Volume v : volumes) {
            v.parameters().forEach((k, x) -> addValue(values, k, x));
            // A plugin may report its choice in volume_context under the parameter's key.
            v.volumeContext().forEach((k, x) -> {
                if (values.containsKey(k)) addValue(values, k, x);
            });
        }
        for (Capacity c : capacities) c.parameters().forEach((k, x) -> addValue(values, k, x));
        segmentKeys.forEach((param, segKey) -> segments.forEach(s -> {
            String x = s.topology().segments().get(segKey);
            if (x != null) addValue(values, param, x);
        }));
        Map<String, List<String>> out = new LinkedHashMap<>();
        values.forEach((k, v) -> out.put(k, List.copyOf(v)));
        return new PlacementOptions(segments, out, segmentKeys, missing);
    }

    private static void addSeen(Map<Topology, List<String>> seen, Topology t, String source) {
        if (t == null || t.segments().isEmpty()) return;
        List<String> sources = seen.computeIfAbsent(t, x -> new ArrayList<>());
        if (!sources.contains(source)) sources.add(source);
    }

    private static void addValue(Map<String, TreeSet<String>> values, String key, String value) {
        if (value == null || value.isBlank()) return;
        values.get(key).add(value);
    }
}
