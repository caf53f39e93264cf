package org.csiconsole.core.trouble;

import org.csiconsole.core.endpoint.Connection;
import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.PluginInfo;
import org.csiconsole.core.model.Topology;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

/**
 * The state of one probe while it runs: the checks so far, what was learned, the calls and the
 * listener. Each group of checks reads what earlier groups learned from here.
 */
final class ProbeRun {
    final ProbeTarget target;
    final ProbeOptions options;
    final ProbeCalls calls;
    final Consumer<TroubleEvent> events;
    final List<CheckResult> checks = new ArrayList<>();
    final Map<String, String> facts = new LinkedHashMap<>();

    Connection controller;
    Connection node;
    PluginInfo plugin;
    csi.v1.Csi.GetPluginCapabilitiesResponse pluginCapabilities;
    CapabilitySet capabilities;
    boolean controllerServed;
    boolean nodeServed;
    NodeInfo nodeInfo;
    long volumeCount = -1;
    long snapshotCount = -1;
    /** The volumes of the first full ListVolumes read, by volume_id in listing order (a repeated id kept once). */
    final Map<String, org.csiconsole.core.model.Volume> volumes = new LinkedHashMap<>();
    /** The snapshots of the first full ListSnapshots read, by snapshot_id in listing order. */
    final Map<String, org.csiconsole.core.model.Snapshot> snapshots = new LinkedHashMap<>();
    /** Every published_node_id seen in ListVolumes, with how many volumes each has. */
    final Map<String, Integer> publishedNodes = new LinkedHashMap<>();
    /** The distinct accessible topologies of the listed volumes. */
    final Set<Topology> volumeTopologies = new LinkedHashSet<>();
    String addonsEndpoint = "";
    List<String> addonsCapabilities = List.of();
    /** What ListClusterFence listed; null when it was not read or failed. */
    List<String> fences;

    ProbeRun(ProbeTarget target, ProbeOptions options, ProbeCalls calls, Consumer<TroubleEvent> events) {
        this.target = target;
        this.options = options;
        this.calls = calls;
        this.events = events;
    }

    void add(CheckResult c) {
        checks.add(c);
        events.accept(new TroubleEvent.CheckDone(c));
    }

    void stage(String message) {
        events.accept(new TroubleEvent.Stage(message));
    }

    /** The connection node calls go to. */
    Connection nodeConnection() {
        return node != null ? node : controller;
    }

    /** Interrupts the probe when its thread was interrupted (a cancel). */
    static void checkCancelled() throws InterruptedException {
        if (Thread.interrupted()) throw new InterruptedException("cancelled");
    }
}
