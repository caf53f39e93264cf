package org.csiconsole.core.reference.seed;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.array.HostRecord;
import org.csiconsole.core.reference.array.NodeMount;
import org.csiconsole.core.reference.array.StorageArray;
import org.csiconsole.core.reference.array.VolumeRecord;
import org.csiconsole.core.reference.array.VolumeSpec;

/**
 * Seeds a fresh model. The demo content is deterministic: the same names, sizes, states and
 * relations every time (only timestamps follow the clock).
 */
public final class DemoSeed {
    private static final long GIB = 1L << 30;
    private static final long TIB = 1L << 40;
    private static final long[] SIZES = {1 * GIB, 5 * GIB, 10 * GIB, 20 * GIB, 50 * GIB, 100 * GIB};

    private DemoSeed() {
    }

    /** Seeds arrays (and, for {@link Seed#DEMO}, everything else) into an empty model. */
    public static void apply(ArrayModel model, Seed seed, String nodeId) {
        model.arrays().put(new StorageArray("site-a", "10.10.1.5", "site-b", List.of("10.10.1.21", "10.10.1.22"),
                List.of(new StorageArray.Pool("pool-ssd", 200 * TIB), new StorageArray.Pool("pool-hdd", 500 * TIB))));
        model.arrays().put(new StorageArray("site-b", "10.20.1.5", "site-a", List.of("10.20.1.21", "10.20.1.22"),
                List.of(new StorageArray.Pool("pool-ssd", 200 * TIB))));
        ensureNode(model, nodeId);
        if (seed == Seed.DEMO) {
            demo(model, nodeId);
        }
    }

    /** Registers the plugin's own node as an iSCSI host on site-a when it is not registered yet. */
    public static void ensureNode(ArrayModel model, String nodeId) {
        if (model.hosts().byNodeId(nodeId).isEmpty() && !model.isEmpty()) {
            model.hosts().create(new HostRecord(null, nodeId, nodeId, List.of("iqn.1994-05.com.redhat:" + nodeId), null,
                    null, "", "", Map.of(ArrayModel.TOPOLOGY_KEY, "site-a"), List.of("10.10.2.0/24"), 0));
        }
    }

    private static String uuid(String s) {
        return UUID.nameUUIDFromBytes(s.getBytes(StandardCharsets.UTF_8)).toString();
    }

    private static void demo(ArrayModel model, String nodeId) {
        List<HostRecord> workers = new ArrayList<>();
        for (int i = 1; i <= 6; i++) {
            String n = String.format("worker-%02d", i);
            String site = i <= 4 ? "site-a" : "site-b";
            String net = i <= 4 ? "10.10.3.0/24" : "10.20.3.0/24";
            HostRecord h = switch (i % 3) {
                case 1 -> new HostRecord(null, n, n, List.of("iqn.1994-05.com.redhat:" + n), null, null,
                        "chap-" + n, "demo-secret-" + i, Map.of(ArrayModel.TOPOLOGY_KEY, site), List.of(net), 0);
                case 2 -> new HostRecord(null, n, n, null,
                        List.of(String.format("10:00:00:90:fa:%02x:00:01", i), String.format("10:00:00:90:fa:%02x:00:02", i)),
                        null, "", "", Map.of(ArrayModel.TOPOLOGY_KEY, site), List.of(net), 0);
                default -> new HostRecord(null, n, n, null, null, List.of("nqn.2014-08.org.nvmexpress:uuid:" + uuid(n)),
                        "", "", Map.of(ArrayModel.TOPOLOGY_KEY, site), List.of(net), 0);
            };
            workers.add(model.hosts().create(h));
        }
        List<VolumeRecord> vols = new ArrayList<>();
        for (int i = 0; i < 180; i++) {
            String site = i < 150 ? "site-a" : "site-b";
            String pool = site.equals("site-a") && i % 5 == 4 ? "pool-hdd" : "pool-ssd";
            boolean block = i % 9 == 3;
            String mode = switch (i % 11) {
                case 5 -> "MULTI_NODE_READER_ONLY";
                case 7 -> "SINGLE_NODE_SINGLE_WRITER";
                case 8 -> "MULTI_NODE_MULTI_WRITER";
                default -> "SINGLE_NODE_WRITER";
            };
            long size = SIZES[i % SIZES.length];
            VolumeRecord v = model.volumes().create(new VolumeSpec("pvc-" + uuid("demo-volume-" + i), site, pool, size,
                    block, block ? "" : (i % 2 == 0 ? "ext4" : "xfs"), List.of(), List.of(mode),
                    Map.of("csi.storage.k8s.io/pvc/namespace", i % 3 == 0 ? "prod" : "dev",
                            "performancePolicy", pool.equals("pool-ssd") ? "default" : "archive"),
                    Map.of(), Map.of(), null, null, "demo volume " + i));
            vols.add(model.volumes().setUsedBytes(v.id(), size / 100 * (10 + (i * 37) % 80)));
        }
        // published to workers (controller side only)
        for (int i = 0; i < 180; i += 6) {
            VolumeRecord v = vols.get(i);
            HostRecord w = workers.get((i / 6) % workers.size());
            if (!w.topology().get(ArrayModel.TOPOLOGY_KEY).equals(v.array())) {
                w = workers.get(v.array().equals("site-a") ? (i / 6) % 4 : 4 + (i / 6) % 2);
            }
            model.publications().publish(v.id(), w.nodeId(), v.accessModes().get(0), false);
        }
        // published, staged and node-published on the plugin's own node
        for (int i = 1; i < 150; i += 10) {
            VolumeRecord v = vols.get(i);
            String mode = v.accessModes().get(0);
            model.publications().publish(v.id(), nodeId, mode, false);
            String staging = "/var/lib/kubelet/plugins/kubernetes.io/csi/" + ArrayModelNames.DRIVER + "/"
                    + v.id() + "/globalmount";
            model.nodeRecords().stage(new NodeMount(v.id(), nodeId, true, staging, "", false, v.block(), v.fsType(), List.of(),
                    mode));
            if (i % 20 == 1) {
                model.nodeRecords().publish(new NodeMount(v.id(), nodeId, false, "/var/lib/kubelet/pods/" + uuid("pod-" + i)
                        + "/volumes/kubernetes.io~csi/" + v.name() + "/mount", staging, false, v.block(), v.fsType(),
                        List.of(), mode), true);
            }
        }
        // snapshots and clones
        int clones = 0;
        for (int i = 2; i < 180; i += 7) {
            VolumeRecord v = vols.get(i);
            var snap = model.snapshots().create("snapshot-" + uuid("demo-snap-" + i), v.id());
            if (i % 3 == 0 && clones < 10) {
                model.volumes().create(new VolumeSpec("pvc-" + uuid("demo-restore-" + i), null, null, v.capacityBytes(),
                        v.block(), v.fsType(), List.of(), v.accessModes(), v.parameters(), Map.of(), Map.of(),
                        snap.id(), null, "restored from " + snap.id()));
                clones++;
            }
        }
        for (int i = 4; i < 60; i += 11) {
            VolumeRecord v = vols.get(i);
            model.volumes().create(new VolumeSpec("pvc-" + uuid("demo-clone-" + i), null, null, v.capacityBytes(),
                    v.block(), v.fsType(), List.of(), v.accessModes(), v.parameters(), Map.of(), Map.of(), null,
                    v.id(), "clone of " + v.id()));
        }
        // volume groups and a group snapshot
        var g1 = model.groups().create("db-cluster", "database volumes", Map.of(), ids(vols, 100, 101, 102, 103));
        model.groups().create("analytics", "analytics volumes", Map.of(), ids(vols, 104, 105, 106));
        var g3 = model.groups().create("erp", "ERP volumes, replicated as a group", Map.of(), ids(vols, 107, 108, 109));
        model.groupSnapshots().create("db-cluster-nightly", g1.volumeIds(), g1.id());
        // replication pairs
        for (int i : new int[] {110, 111, 112}) {
            model.replications().enable(vols.get(i).id(), Map.of("schedulingInterval", "5m"), 0);
        }
        String degraded = vols.get(113).id();
        model.replications().enable(degraded, Map.of(), 0);
        model.replications().setLinkDown(degraded, true);
        String error = vols.get(114).id();
        model.replications().enable(error, Map.of(), 0);
        model.replications().setReplicationError(error, "Replica pool-ssd on site-b is out of space; replication stopped.");
        String resync = vols.get(115).id();
        var st = model.replications().enable(resync, Map.of(), 0);
        model.replications().resync(st.peerId(), false);
        String split = vols.get(116).id();
        model.replications().enable(split, Map.of(), 0);
        model.replications().splitBrain(split);
        model.replications().enable(g3.id(), Map.of("schedulingInterval", "15m"), 15 * 60_000L);
        // one abnormal volume
        model.volumes().setCondition(vols.get(117).id(), true, "Path to the array is degraded: 1 of 2 paths down.");
        // a retired site's client network, still fenced (no demo host is in it)
        model.fencing().fence(List.of("10.30.0.0/24"));
    }

    private static List<String> ids(List<VolumeRecord> vols, int... idx) {
        List<String> out = new ArrayList<>();
        for (int i : idx) {
            out.add(vols.get(i).id());
        }
        return out;
    }

    /** Names shared by the seed and the services. */
    public static final class ArrayModelNames {
        /** The CSI driver name used in kubelet-style paths. */
        public static final String DRIVER = "reference.csi-console.org";

        private ArrayModelNames() {
        }
    }
}
