package org.csiconsole.views.hosts;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.port.Feature;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.port.StorageService;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executor;

/**
 * The volumes published to each node, from the {@code published_node_ids} of ListVolumes (CSI
 * spec, "ListVolumes", LIST_VOLUMES_PUBLISHED_NODES; CSP volumes' published hosts come with the
 * same records). Read with one listing when a node's details are first shown, kept until
 * {@link #forget()} (the hosts are read again). UI thread only; the listing runs in the background.
 */
final class PublishedVolumes {
    private final StorageService storage;
    private final Executor ui;
    private final Runnable changed;
    /** Volumes per node id; null until read. */
    private Map<String, List<Volume>> byNode;
    /** Why they are not known, when the listing failed or is not offered; empty otherwise. */
    private String unknown = "";
    /** The sources the listing could not reach, in words; empty when it was complete. */
    private String partial = "";
    private boolean reading;
    /** Counts {@link #forget()} calls, so a listing started before one is dropped. */
    private long generation;

    /** @param changed called on the UI thread when what {@link #of} says changed */
    PublishedVolumes(StorageService storage, Executor ui, Runnable changed) {
        this.storage = storage;
        this.ui = ui;
        this.changed = changed;
    }

    /** Forgets what was read; the next {@link #of} reads again. */
    void forget() {
        generation++;
        byNode = null;
        unknown = "";
        partial = "";
        reading = false;
    }

    /**
     * The volumes published to any of {@code nodeIds} (the ids one node or CSP host goes by) in words, one per line ({@code "pvc-web  vol-0001"}),
     * {@code "None"}, {@code "Reading…"} (the listing was just started), or why they are not known.
     */
    String of(List<String> nodeIds, Features features) {
        if (!unknown.isEmpty()) return unknown;
        if (byNode == null) {
            if (!features.available(Feature.LIST_VOLUMES)) {
                return "Not known: " + features.reason(Feature.LIST_VOLUMES);
            }
            read();
            return "Reading\u2026";
        }
        java.util.Map<String, Volume> on = new java.util.LinkedHashMap<>();
        for (String id : nodeIds) for (Volume v : byNode.getOrDefault(id, List.of())) on.putIfAbsent(v.volumeId(), v);
        List<String> lines = new ArrayList<>();
        for (Volume v : on.values()) lines.add(v.name().isEmpty() || v.name().equals(v.volumeId()) ? v.volumeId() : v.name() + "  " + v.volumeId());
        if (lines.isEmpty()) lines.add("None");
        if (!partial.isEmpty()) lines.add("(perhaps more: " + partial + ")");
        return String.join("\n", lines);
    }

    private void read() {
        if (reading) return;
        reading = true;
        long started = generation;
        Map<String, List<Volume>> found = Collections.synchronizedMap(new HashMap<>());
        storage.listVolumes(PageSink.unpaced(page -> {
            for (Volume v : page) {
                for (String node : v.publishedNodeIds()) found.computeIfAbsent(node, n -> Collections.synchronizedList(new ArrayList<>())).add(v);
            }
        })).whenComplete((missing, e) -> ui.execute(() -> {
            if (started != generation) return;
            reading = false;
            if (e != null) {
                CallFailure f = CallFailure.unwrap(e);
                unknown = "Not known: " + (f != null ? f.getMessage() : String.valueOf(e.getMessage()));
            } else {
                synchronized (found) {
                    byNode = new HashMap<>(found);
                }
                partial = org.csiconsole.core.port.SourceFailure.describe(missing);
            }
            changed.run();
        }));
    }
}
