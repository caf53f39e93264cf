package org.csiconsole.core.reference.training;

import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.array.HostRecord;
import org.csiconsole.core.reference.array.NodeMount;
import org.csiconsole.core.reference.array.StorageArray;
import org.csiconsole.core.reference.array.VolumeRecord;
import org.csiconsole.core.reference.array.VolumeSpec;
import org.csiconsole.core.reference.seed.DemoSeed;

/**
 * A scenario's seed (docs/training-schema.md, "Seed"): what the plugin holds when the scenario
 * starts and after every reset. A scenario's own entries come after those of the seed file it
 * references. Applied in one order: arrays, hosts, volumes, snapshots, volumes made from a source,
 * publications and mounts, groups, group snapshots, replication, fences.
 */
final class SeedSpec {
    static final List<String> KEYS = List.of("file", "node", "arrays", "hosts", "volumes", "snapshots", "groups",
            "group_snapshots", "replication", "fences");

    record Array(String name, String managementIp, String partner, Map<String, Long> pools) {
    }

    record Host(String node, String site, String protocol, String network) {
    }

    record Volume(String name, int count, String site, String pool, long size, boolean block, String fs, String accessMode,
                  Map<String, String> parameters, Map<String, String> mutableParameters, int usedPercent, String cloneOf,
                  String fromSnapshot, List<String> publishedTo, List<String> stagedOn, List<String> mountedOn, String condition) {
    }

    record Snapshot(String name, String of) {
    }

    record Group(String name, List<String> members) {
    }

    record GroupSnapshot(String name, String group) {
    }

    record Replication(String of, Duration interval, String state, String message, Duration lastSyncAgo) {
    }

    String node;
    final List<Array> arrays = new ArrayList<>();
    final List<Host> hosts = new ArrayList<>();
    final List<Volume> volumes = new ArrayList<>();
    final List<Snapshot> snapshots = new ArrayList<>();
    final List<Group> groups = new ArrayList<>();
    final List<GroupSnapshot> groupSnapshots = new ArrayList<>();
    final List<Replication> replications = new ArrayList<>();
    final List<String> fences = new ArrayList<>();

    /** This seed with {@code other}'s entries added after its own; {@code other}'s node wins when set. */
    void add(SeedSpec other) {
        if (other.node != null) node = other.node;
        arrays.addAll(other.arrays);
        hosts.addAll(other.hosts);
        volumes.addAll(other.volumes);
        snapshots.addAll(other.snapshots);
        groups.addAll(other.groups);
        groupSnapshots.addAll(other.groupSnapshots);
        replications.addAll(other.replications);
        fences.addAll(other.fences);
    }

    /** The node the plugin serves as (its node_id): the seed's {@code node}, else the first host. */
    String nodeId() {
        return node != null ? node : hosts.isEmpty() ? "node-1" : hosts.get(0).node();
    }

    /** Volume names after {@code count} expansion ({@code name-001} ...). */
    List<String> volumeNames(Volume v) {
        if (v.count() <= 1) return List.of(v.name());
        List<String> out = new ArrayList<>();
        for (int i = 1; i <= v.count(); i++) out.add(String.format("%s-%03d", v.name(), i));
        return out;
    }

    /**
     * Reads the entries of a {@code seed} mapping (without following {@code file}, which the reader does).
     * Records a problem for each bad entry.
     */
    static SeedSpec read(Yaml.Fields f) {
        SeedSpec s = new SeedSpec();
        s.node = f.get("node").map(Yaml.Value::text).orElse(null);
        f.get("arrays").ifPresent(list -> list.items().forEach(v -> {
            Yaml.Fields a = v.fields(List.of("name", "management_ip", "partner", "pools"));
            String name = a.string("name", "the array's (site's) name, e.g. site-a");
            Map<String, Long> pools = new LinkedHashMap<>();
            a.get("pools").ifPresentOrElse(p -> {
                Yaml.Fields pf = p.fields(poolNames(p));
                for (String pool : pf.keys()) {
                    Long size = pf.size(pool);
                    if (size != null) pools.put(pool, size);
                }
            }, () -> a.require("pools", "the array's pools and their sizes, e.g. {pool-ssd: 200Ti}"));
            if (name != null && !pools.isEmpty()) {
                s.arrays.add(new Array(name, a.string("management_ip", "", ""), a.string("partner", "", null), pools));
            }
        }));
        f.get("hosts").ifPresent(list -> list.items().forEach(v -> {
            Yaml.Fields h = v.fields(List.of("node", "site", "protocol", "network"));
            String node = h.string("node", "the host's node_id, e.g. worker-01");
            String site = h.string("site", "the site the host is in (topology), e.g. site-a");
            String protocol = h.string("protocol", "", "iscsi").toLowerCase(Locale.ROOT);
            if (!List.of("iscsi", "fc", "nvme").contains(protocol)) {
                h.get("protocol").get().problem("protocol is iscsi, fc or nvme, found '" + protocol + "'.");
            }
            String network = h.string("network", "", "");
            if (node != null && site != null) s.hosts.add(new Host(node, site, protocol, network));
        }));
        f.get("volumes").ifPresent(list -> list.items().forEach(v -> {
            Yaml.Fields vf = v.fields(List.of("name", "count", "site", "pool", "size", "block", "fs", "access_mode", "parameters",
                    "mutable_parameters", "used_percent", "clone_of", "from_snapshot", "published_to", "staged_on", "mounted_on",
                    "condition"));
            String name = vf.string("name", "the volume's name (CreateVolume's name), e.g. erp-db");
            Long size = vf.size("size");
            if (vf.get("size").isEmpty()) vf.require("size", "the volume's size, e.g. 20Gi");
            Integer count = vf.integer("count", 1, 5000);
            Integer used = vf.integer("used_percent", 0, 100);
            boolean block = Boolean.TRUE.equals(vf.bool("block"));
            String mode = vf.string("access_mode", "", "SINGLE_NODE_WRITER");
            if (name != null && size != null) {
                s.volumes.add(new Volume(name, count == null ? 1 : count, vf.string("site", "", null), vf.string("pool", "", null),
                        size, block, vf.string("fs", "", block ? "" : "ext4"), mode, vf.stringMap("parameters"),
                        vf.stringMap("mutable_parameters"), used == null ? 30 : used, vf.string("clone_of", "", null),
                        vf.string("from_snapshot", "", null), vf.strings("published_to"), vf.strings("staged_on"),
                        vf.strings("mounted_on"), vf.string("condition", "", "")));
            }
        }));
        f.get("snapshots").ifPresent(list -> list.items().forEach(v -> {
            Yaml.Fields sf = v.fields(List.of("name", "of"));
            String name = sf.string("name", "the snapshot's name");
            String of = sf.string("of", "the name of the volume it is a snapshot of");
            if (name != null && of != null) s.snapshots.add(new Snapshot(name, of));
        }));
        f.get("groups").ifPresent(list -> list.items().forEach(v -> {
            Yaml.Fields gf = v.fields(List.of("name", "members"));
            String name = gf.string("name", "the volume group's name");
            gf.require("members", "the names of its volumes");
            if (name != null) s.groups.add(new Group(name, gf.strings("members")));
        }));
        f.get("group_snapshots").ifPresent(list -> list.items().forEach(v -> {
            Yaml.Fields gf = v.fields(List.of("name", "group"));
            String name = gf.string("name", "the group snapshot's name");
            String group = gf.string("group", "the name of the volume group it is a snapshot of");
            if (name != null && group != null) s.groupSnapshots.add(new GroupSnapshot(name, group));
        }));
        f.get("replication").ifPresent(list -> list.items().forEach(v -> {
            Yaml.Fields rf = v.fields(List.of("of", "interval", "state", "message", "last_sync_ago"));
            String of = rf.string("of", "the name of the volume or volume group to replicate to its array's partner");
            Duration interval = rf.duration("interval");
            String state = rf.string("state", "", "healthy");
            if (!List.of("healthy", "link_down", "split_brain", "error", "resyncing").contains(state)) {
                rf.get("state").get().problem("state is healthy, link_down, split_brain, error or resyncing, found '" + state + "'.");
            }
            Duration ago = rf.duration("last_sync_ago");
            if (of != null) s.replications.add(new Replication(of, interval, state, rf.string("message", "", ""), ago));
        }));
        f.get("fences").ifPresent(list -> s.fences.addAll(list.texts()));
        return s;
    }

    private static List<String> poolNames(Yaml.Value v) {
        List<String> out = new ArrayList<>();
        if (v.node instanceof org.yaml.snakeyaml.nodes.MappingNode m) {
            m.getValue().forEach(t -> {
                if (t.getKeyNode() instanceof org.yaml.snakeyaml.nodes.ScalarNode k) out.add(k.getValue());
            });
        }
        return out;
    }

    /**
     * Checks references between entries (a group's members, a snapshot's volume, ...) so that a bad
     * name is reported at load, not when the scenario starts.
     *
     * @return problems in words, each naming the entry
     */
    List<String> crossCheck() {
        List<String> out = new ArrayList<>();
        java.util.Set<String> arrayNames = new java.util.HashSet<>();
        arrays.forEach(a -> arrayNames.add(a.name()));
        if (arrays.isEmpty()) out.add("seed.arrays: a seed needs at least one array.");
        java.util.Set<String> nodes = new java.util.HashSet<>();
        hosts.forEach(h -> nodes.add(h.node()));
        for (Host h : hosts) {
            if (!arrayNames.contains(h.site())) out.add("seed.hosts: host " + h.node() + " is in site " + h.site() + ", which is no array of the seed.");
        }
        java.util.Set<String> vols = new java.util.HashSet<>();
        for (Volume v : volumes) {
            vols.addAll(volumeNames(v));
            if (v.site() != null && !arrayNames.contains(v.site())) {
                out.add("seed.volumes: volume " + v.name() + " is on site " + v.site() + ", which is no array of the seed.");
            }
            for (String n : concat(v.publishedTo(), v.stagedOn(), v.mountedOn())) {
                if (!nodes.contains(n) && !n.equals(nodeId())) out.add("seed.volumes: volume " + v.name() + " names node " + n + ", which is no host of the seed.");
            }
        }
        java.util.Set<String> snaps = new java.util.HashSet<>();
        for (Snapshot s : snapshots) {
            snaps.add(s.name());
            if (!vols.contains(s.of())) out.add("seed.snapshots: snapshot " + s.name() + " is of " + s.of() + ", which is no volume of the seed.");
        }
        for (Volume v : volumes) {
            if (v.cloneOf() != null && !vols.contains(v.cloneOf())) out.add("seed.volumes: volume " + v.name() + " is a clone of " + v.cloneOf() + ", which is no volume of the seed.");
            if (v.fromSnapshot() != null && !snaps.contains(v.fromSnapshot())) out.add("seed.volumes: volume " + v.name() + " is restored from " + v.fromSnapshot() + ", which is no snapshot of the seed.");
        }
        java.util.Set<String> groupNames = new java.util.HashSet<>();
        for (Group g : groups) {
            groupNames.add(g.name());
            for (String m : g.members()) {
                if (!vols.contains(m)) out.add("seed.groups: group " + g.name() + " holds " + m + ", which is no volume of the seed.");
            }
        }
        for (GroupSnapshot gs : groupSnapshots) {
            if (!groupNames.contains(gs.group())) out.add("seed.group_snapshots: " + gs.name() + " is of " + gs.group() + ", which is no group of the seed.");
        }
        for (Replication r : replications) {
            if (!vols.contains(r.of()) && !groupNames.contains(r.of())) out.add("seed.replication: " + r.of() + " is no volume or group of the seed.");
        }
        return out;
    }

    @SafeVarargs
    private static List<String> concat(List<String>... lists) {
        List<String> out = new ArrayList<>();
        for (List<String> l : lists) out.addAll(l);
        return out;
    }

    /** Creates everything in an empty model (the plugin's seeding step). */
    void apply(ArrayModel model) {
        for (Array a : arrays) {
            List<StorageArray.Pool> pools = new ArrayList<>();
            a.pools().forEach((n, size) -> pools.add(new StorageArray.Pool(n, size)));
            model.arrays().put(new StorageArray(a.name(), a.managementIp(), a.partner(), List.of(), pools));
        }
        for (Host h : hosts) {
            List<String> nets = h.network().isEmpty() ? List.of() : List.of(h.network());
            Map<String, String> topo = Map.of(ArrayModel.TOPOLOGY_KEY, h.site());
            HostRecord r = switch (h.protocol()) {
                case "fc" -> new HostRecord(null, h.node(), h.node(), null, List.of("10:00:00:90:fa:" + hex(h.node()) + ":00:01"), null,
                        "", "", topo, nets, 0);
                case "nvme" -> new HostRecord(null, h.node(), h.node(), null, null, List.of("nqn.2014-08.org.nvmexpress:uuid:" + uuid(h.node())),
                        "", "", topo, nets, 0);
                default -> new HostRecord(null, h.node(), h.node(), List.of("iqn.1994-05.com.redhat:" + h.node()), null, null, "", "",
                        topo, nets, 0);
            };
            model.hosts().create(r);
        }
        Map<String, VolumeRecord> byName = new LinkedHashMap<>();
        for (Volume v : volumes) {
            if (v.cloneOf() == null && v.fromSnapshot() == null) create(model, v, byName, null, null);
        }
        Map<String, String> snapIds = new LinkedHashMap<>();
        for (Snapshot s : snapshots) {
            snapIds.put(s.name(), model.snapshots().create(s.name(), byName.get(s.of()).id()).id());
        }
        for (Volume v : volumes) {
            if (v.cloneOf() != null || v.fromSnapshot() != null) {
                create(model, v, byName, v.fromSnapshot() == null ? null : snapIds.get(v.fromSnapshot()),
                        v.cloneOf() == null ? null : byName.get(v.cloneOf()).id());
            }
        }
        for (Volume v : volumes) {
            for (String name : volumeNames(v)) {
                VolumeRecord r = byName.get(name);
                for (String n : v.publishedTo()) model.publications().publish(r.id(), n, v.accessMode(), false);
                for (String n : v.stagedOn()) stage(model, r, n, v.accessMode());
                for (String n : v.mountedOn()) {
                    String staging = stagingPath(r);
                    model.nodeRecords().publish(new NodeMount(r.id(), n, false, "/var/lib/kubelet/pods/" + uuid("pod-" + r.name())
                            + "/volumes/kubernetes.io~csi/" + r.name() + "/mount", staging, false, r.block(), r.fsType(), List.of(),
                            v.accessMode()), true);
                }
                if (!v.condition().isEmpty()) model.volumes().setCondition(r.id(), true, v.condition());
            }
        }
        for (Group g : groups) {
            model.groups().create(g.name(), "", Map.of(), g.members().stream().map(m -> byName.get(m).id()).toList());
        }
        for (GroupSnapshot gs : groupSnapshots) {
            var g = model.groups().byName(gs.group()).orElseThrow();
            model.groupSnapshots().create(gs.name(), g.volumeIds(), g.id());
        }
        for (Replication r : replications) {
            String id = byName.containsKey(r.of()) ? byName.get(r.of()).id() : model.groups().byName(r.of()).orElseThrow().id();
            long interval = r.interval() == null ? 0 : r.interval().toMillis();
            Map<String, String> params = r.interval() == null ? Map.of() : Map.of("schedulingInterval", r.interval().toMinutes() + "m");
            model.replications().enable(id, params, interval);
            if (r.lastSyncAgo() != null) model.replications().lastSyncAgo(id, r.lastSyncAgo().toMillis());
            switch (r.state()) {
                case "link_down" -> model.replications().setLinkDown(id, true);
                case "split_brain" -> model.replications().splitBrain(id);
                case "error" -> model.replications().setReplicationError(id, r.message().isEmpty()
                        ? "The array reports a replication error." : r.message());
                case "resyncing" -> model.replications().resync(model.replications().of(id).orElseThrow().peerId(), false);
                default -> {
                }
            }
        }
        if (!fences.isEmpty()) model.fencing().fence(fences);
    }

    private void create(ArrayModel model, Volume v, Map<String, VolumeRecord> byName, String snapId, String cloneId) {
        for (String name : volumeNames(v)) {
            VolumeRecord r = model.volumes().create(new VolumeSpec(name, v.site(), v.pool(), v.size(), v.block(), v.fs(), List.of(),
                    List.of(v.accessMode()), v.parameters(), v.mutableParameters(), Map.of(), snapId, cloneId, ""));
            r = model.volumes().setUsedBytes(r.id(), v.size() / 100 * v.usedPercent());
            byName.put(name, r);
        }
    }

    private static String stagingPath(VolumeRecord r) {
        return "/var/lib/kubelet/plugins/kubernetes.io/csi/" + DemoSeed.ArrayModelNames.DRIVER + "/" + r.id() + "/globalmount";
    }

    private static void stage(ArrayModel model, VolumeRecord r, String node, String mode) {
        model.nodeRecords().stage(new NodeMount(r.id(), node, true, stagingPath(r), "", false, r.block(), r.fsType(), List.of(), mode));
    }

    private static String uuid(String s) {
        return UUID.nameUUIDFromBytes(s.getBytes(StandardCharsets.UTF_8)).toString();
    }

    private static String hex(String s) {
        return String.format("%02x", Math.abs(s.hashCode()) % 256);
    }
}
