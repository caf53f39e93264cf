package org.csiconsole.core.trouble;

import csi.v1.ControllerGrpc;
import csi.v1.Csi;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.Topology;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static org.csiconsole.core.trouble.Checks.GET_CAPACITY;
import static org.csiconsole.core.trouble.Checks.fail;
import static org.csiconsole.core.trouble.Checks.pass;
import static org.csiconsole.core.trouble.Checks.skipped;
import static org.csiconsole.core.trouble.Checks.warn;

/**
 * GetCapacity without a topology and for each topology the probe saw (the node's, and the volumes'
 * accessible topologies): every one answers, and the space left is not zero.
 */
final class CapacityChecks {
    /** Most topologies asked in one probe. */
    static final int MAX_TOPOLOGIES = 20;

    private CapacityChecks() {
    }

    static void run(ProbeRun r) throws InterruptedException {
        String title = "GetCapacity answers for each topology";
        if (r.capabilities == null || !r.capabilities.has(ControllerCapability.GET_CAPACITY)) {
            r.add(skipped("capacity.topology", title, "GET_CAPACITY is not advertised", GET_CAPACITY));
            return;
        }
        Set<Topology> topologies = new LinkedHashSet<>();
        topologies.add(null);
        if (r.nodeInfo != null && r.nodeInfo.accessibleTopology() != null && !r.nodeInfo.accessibleTopology().segments().isEmpty()) {
            topologies.add(r.nodeInfo.accessibleTopology());
        }
        for (Topology t : r.volumeTopologies) {
            if (topologies.size() > MAX_TOPOLOGIES) break;
            if (!t.segments().isEmpty()) topologies.add(t);
        }
        r.stage("Asking the capacity of " + topologies.size() + " topology(ies)");
        List<String> answers = new ArrayList<>();
        List<String> empty = new ArrayList<>();
        List<String> failed = new ArrayList<>();
        for (Topology t : topologies) {
            Csi.GetCapacityRequest.Builder q = Csi.GetCapacityRequest.newBuilder();
            if (t != null) q.setAccessibleTopology(Csi.Topology.newBuilder().putAllSegments(t.segments()));
            String where = t == null ? "any topology" : t.segments().toString();
            try {
                Csi.GetCapacityResponse c = r.calls.call(r.controller, ControllerGrpc.getGetCapacityMethod(), q.build(), CallKind.READ);
                long bytes = c.getAvailableCapacity();
                answers.add(where + ": " + org.csiconsole.core.model.ByteSize.format(bytes) + " available ("
                        + org.csiconsole.core.model.ByteSize.grouped(bytes) + " bytes)");
                if (c.getAvailableCapacity() == 0) empty.add(where);
            } catch (CallFailure f) {
                failed.add(where + ": " + f.kind() + " " + f.why());
            }
        }
        if (!failed.isEmpty()) {
            r.add(fail("capacity.topology", title, String.join("; ", failed) + (answers.isEmpty() ? "" : "; " + String.join("; ", answers)),
                    GET_CAPACITY, "GET_CAPACITY is advertised, so GetCapacity must answer; the external-provisioner's capacity "
                            + "tracking (CSIStorageCapacity) stops working. Read the driver's logs"));
        } else if (!empty.isEmpty()) {
            r.add(warn("capacity.topology", title, String.join("; ", answers), GET_CAPACITY,
                    "No space is left for " + String.join(", ", empty) + ": new volumes there will fail. Free or add capacity"));
        } else {
            r.add(pass("capacity.topology", title, String.join("; ", answers), GET_CAPACITY));
        }
    }
}
