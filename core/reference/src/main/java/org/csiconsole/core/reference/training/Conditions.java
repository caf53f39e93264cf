package org.csiconsole.core.reference.training;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import org.csiconsole.core.model.ByteSize;
import org.csiconsole.core.reference.array.GroupSnapshotRecord;
import org.csiconsole.core.reference.array.NodeMount;
import org.csiconsole.core.reference.array.Publication;
import org.csiconsole.core.reference.array.ReplicationStatus;
import org.csiconsole.core.reference.array.SnapshotRecord;
import org.csiconsole.core.reference.array.VolumeRecord;

/** Reads the conditions of a {@code check} list and builds them. */
final class Conditions {
    static final List<String> SUBJECTS = List.of("volume", "snapshot", "group", "group_snapshot", "replication", "fence",
            "node", "report");

    private Conditions() {
    }

    /** One condition: a mapping whose subject key names what it is about. */
    static StepCondition read(Yaml.Value v) {
        if (!v.isMap()) {
            v.problem("a condition is a mapping such as '- volume: erp-db' with 'published_to: worker-02'; found " + v.kind() + ".");
            return null;
        }
        // the subject picks the condition's keys; the fields are checked once, by the condition read
        List<String> subjects = SUBJECTS.stream().filter(k -> v.entry(k).isPresent()).toList();
        if (subjects.size() != 1) {
            v.problem(subjects.isEmpty()
                    ? "a condition names what it checks with one of " + String.join(", ", SUBJECTS) + "."
                    : "a condition checks one thing; found " + String.join(" and ", subjects) + ". Split it into two conditions.");
            return null;
        }
        String subject = subjects.get(0);
        return switch (subject) {
            case "volume" -> volume(v);
            case "snapshot" -> snapshot(v);
            case "group" -> group(v);
            case "group_snapshot" -> groupSnapshot(v);
            case "replication" -> replication(v);
            case "fence" -> fence(v);
            case "node" -> node(v);
            default -> report(v);
        };
    }

    private static final List<String> VOLUME_KEYS = List.of("volume", "exists", "site", "pool", "size_at_least",
            "published_to", "not_published_to", "staged_on", "not_staged_on", "mounted_on", "not_mounted_on",
            "mutable_parameters", "clone_of", "from_snapshot_of", "healthy");

    /** A condition built from checks, each a description and a test over the matched object. */
    private record Part<T>(String words, java.util.function.BiPredicate<Facts, T> holds,
                           java.util.function.BiFunction<Facts, T, String> actual) {
    }

    private static <T> StepCondition matching(String subject, String name, Function<Facts, List<T>> candidates,
                                          Function<T, String> label, List<Part<T>> parts, boolean exists) {
        String any = name.equals("*") ? "some " + subject : subject + " " + name;
        String words = exists
                ? any + (parts.isEmpty() ? " exists" : " " + String.join(", ", parts.stream().map(Part::words).toList()))
                : (name.equals("*") ? "no " + subject : subject + " " + name + " no longer exists")
                        + (parts.isEmpty() ? "" : " that " + String.join(", ", parts.stream().map(Part::words).toList()));
        return new StepCondition() {
            @Override
            public String describe() {
                return words;
            }

            @Override
            public Judgement test(Facts f) {
                List<T> found = candidates.apply(f);
                String firstMiss = null;
                for (T t : found) {
                    String miss = null;
                    for (Part<T> p : parts) {
                        if (!p.holds().test(f, t)) {
                            miss = label.apply(t) + " is not yet " + p.words() + " (" + p.actual().apply(f, t) + ")";
                            break;
                        }
                    }
                    if (miss == null) {
                        return exists ? Judgement.yes() : Judgement.no(label.apply(t) + " still exists.");
                    }
                    if (firstMiss == null) firstMiss = miss;
                }
                if (!exists) return Judgement.yes();
                if (firstMiss != null && !name.equals("*")) return Judgement.no(firstMiss + ".");
                return Judgement.no(found.isEmpty() ? (name.equals("*") ? "There is no " + subject + " " + words.substring(any.length()).trim()
                        + " yet." : capital(subject) + " " + name + " does not exist yet.") : capital(words) + " does not hold yet.");
            }
        };
    }

    static String capital(String s) {
        return s.isEmpty() ? s : Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    private static StepCondition volume(Yaml.Value v) {
        Yaml.Fields f = v.fields(VOLUME_KEYS);
        String name = f.string("volume", "the volume's name, or * for any volume");
        List<Part<VolumeRecord>> parts = new ArrayList<>();
        f.get("site").map(Yaml.Value::text).ifPresent(site ->
                parts.add(new Part<>("on " + site, (fx, r) -> r.array().equals(site), (fx, r) -> "on " + r.array())));
        f.get("pool").map(Yaml.Value::text).ifPresent(pool ->
                parts.add(new Part<>("in pool " + pool, (fx, r) -> r.pool().equals(pool), (fx, r) -> "in " + r.pool())));
        Long min = f.size("size_at_least");
        if (min != null) {
            parts.add(new Part<>("at least " + ByteSize.format(min), (fx, r) -> r.capacityBytes() >= min,
                    (fx, r) -> ByteSize.format(r.capacityBytes()) + " now"));
        }
        for (String node : f.strings("published_to")) {
            parts.add(new Part<>("published to " + node, (fx, r) -> pubs(fx, r).contains(node), (fx, r) -> "published to " + list(pubs(fx, r))));
        }
        for (String node : f.strings("not_published_to")) {
            parts.add(new Part<>("unpublished from " + node, (fx, r) -> !pubs(fx, r).contains(node), (fx, r) -> "published to " + list(pubs(fx, r))));
        }
        for (String node : f.strings("staged_on")) {
            parts.add(new Part<>("staged on " + node, (fx, r) -> staged(fx, r, true).contains(node), (fx, r) -> "staged on " + list(staged(fx, r, true))));
        }
        for (String node : f.strings("not_staged_on")) {
            parts.add(new Part<>("unstaged from " + node, (fx, r) -> !staged(fx, r, true).contains(node), (fx, r) -> "staged on " + list(staged(fx, r, true))));
        }
        for (String node : f.strings("mounted_on")) {
            parts.add(new Part<>("mounted (node-published) on " + node, (fx, r) -> staged(fx, r, false).contains(node),
                    (fx, r) -> "mounted on " + list(staged(fx, r, false))));
        }
        for (String node : f.strings("not_mounted_on")) {
            parts.add(new Part<>("unmounted from " + node, (fx, r) -> !staged(fx, r, false).contains(node),
                    (fx, r) -> "mounted on " + list(staged(fx, r, false))));
        }
        Map<String, String> mutable = f.stringMap("mutable_parameters");
        mutable.forEach((k, val) -> parts.add(new Part<>("modified to " + k + "=" + val, (fx, r) -> val.equals(r.mutableParameters().get(k)),
                (fx, r) -> k + "=" + r.mutableParameters().getOrDefault(k, "unset"))));
        f.get("clone_of").map(Yaml.Value::text).ifPresent(src -> parts.add(new Part<>("a clone of " + src,
                (fx, r) -> r.sourceVolumeId() != null && fx.volume(src).map(x -> x.id().equals(r.sourceVolumeId())).orElse(false),
                (fx, r) -> r.sourceVolumeId() == null ? "not a clone" : "cloned from " + fx.nameOf(r.sourceVolumeId()))));
        f.get("from_snapshot_of").map(Yaml.Value::text).ifPresent(src -> parts.add(new Part<>("restored from a snapshot of " + src,
                (fx, r) -> r.sourceSnapshotId() != null && fx.model().snapshots().get(r.sourceSnapshotId())
                        .flatMap(x -> fx.volume(src).map(sv -> sv.id().equals(x.sourceVolumeId()))).orElse(false),
                (fx, r) -> r.sourceSnapshotId() == null ? "not restored from a snapshot" : "restored from " + r.sourceSnapshotId())));
        Boolean healthy = f.bool("healthy");
        if (healthy != null) {
            parts.add(new Part<>(healthy ? "healthy" : "abnormal", (fx, r) -> r.abnormal() != healthy,
                    (fx, r) -> r.abnormal() ? "abnormal: " + r.conditionMessage() : "healthy"));
        }
        boolean exists = !Boolean.FALSE.equals(f.bool("exists"));
        if (name == null) return null;
        StepCondition c = matching("volume", name, fx -> {
            return name.equals("*") ? fx.model().volumes().all() : fx.volume(name).stream().toList();
        }, r -> name.equals("*") ? "volume " + r.name() : r.name(), parts, exists);
        return c;
    }

    private static List<String> pubs(Facts f, VolumeRecord r) {
        return f.model().publications().of(r.id()).stream().map(Publication::nodeId).toList();
    }

    private static List<String> staged(Facts f, VolumeRecord r, boolean staging) {
        return f.model().nodeRecords().of(r.id()).stream().filter(m -> m.staged() == staging).map(NodeMount::nodeId).distinct().toList();
    }

    private static String list(List<String> items) {
        return items.isEmpty() ? "none" : String.join(", ", items);
    }

    private static StepCondition snapshot(Yaml.Value v) {
        Yaml.Fields f = v.fields(List.of("snapshot", "of", "exists", "ready"));
        String name = f.string("snapshot", "the snapshot's name, or * for any snapshot");
        List<Part<SnapshotRecord>> parts = new ArrayList<>();
        f.get("of").map(Yaml.Value::text).ifPresent(src -> parts.add(new Part<>("of " + src,
                (fx, s) -> fx.volume(src).map(vr -> vr.id().equals(s.sourceVolumeId())).orElse(false),
                (fx, s) -> "of " + fx.nameOf(s.sourceVolumeId()))));
        Boolean ready = f.bool("ready");
        if (ready != null) parts.add(new Part<>(ready ? "ready to use" : "not ready", (fx, s) -> s.readyToUse() == ready, (fx, s) -> s.readyToUse() ? "ready" : "not ready"));
        boolean exists = !Boolean.FALSE.equals(f.bool("exists"));
        if (name == null) return null;
        return matching("snapshot", name, fx -> {
            return name.equals("*") ? fx.model().snapshots().all() : fx.model().snapshots().byName(name).stream().toList();
        }, s -> name.equals("*") ? "snapshot " + s.name() : s.name(), parts, exists);
    }

    private static StepCondition group(Yaml.Value v) {
        Yaml.Fields f = v.fields(List.of("group", "exists", "members"));
        String name = f.string("group", "the volume group's name");
        List<String> members = f.strings("members");
        List<Part<org.csiconsole.core.reference.array.VolumeGroupRecord>> parts = new ArrayList<>();
        if (f.get("members").isPresent()) {
            Set<String> want = new TreeSet<>(members);
            parts.add(new Part<>("holding exactly " + String.join(", ", want),
                    (fx, g) -> want.equals(memberNames(fx, g.volumeIds())), (fx, g) -> "holds " + list(List.copyOf(memberNames(fx, g.volumeIds())))));
        }
        boolean exists = !Boolean.FALSE.equals(f.bool("exists"));
        if (name == null) return null;
        return matching("volume group", name, fx -> {
            return fx.group(name).stream().toList();
        }, g -> g.name(), parts, exists);
    }

    private static Set<String> memberNames(Facts f, List<String> ids) {
        Set<String> out = new TreeSet<>();
        ids.forEach(id -> out.add(f.nameOf(id)));
        return out;
    }

    private static StepCondition groupSnapshot(Yaml.Value v) {
        Yaml.Fields f = v.fields(List.of("group_snapshot", "of_group", "members", "exists"));
        String name = f.string("group_snapshot", "the group snapshot's name, or * for any");
        List<Part<GroupSnapshotRecord>> parts = new ArrayList<>();
        f.get("of_group").map(Yaml.Value::text).ifPresent(g -> parts.add(new Part<>("of group " + g,
                (fx, gs) -> fx.group(g).map(gr -> new TreeSet<>(gr.volumeIds()).equals(new TreeSet<>(sources(fx, gs)))).orElse(false),
                (fx, gs) -> "of " + list(List.copyOf(memberNames(fx, sources(fx, gs)))))));
        if (f.get("members").isPresent()) {
            Set<String> want = new TreeSet<>(f.strings("members"));
            parts.add(new Part<>("of exactly " + String.join(", ", want), (fx, gs) -> want.equals(memberNames(fx, sources(fx, gs))),
                    (fx, gs) -> "of " + list(List.copyOf(memberNames(fx, sources(fx, gs))))));
        }
        boolean exists = !Boolean.FALSE.equals(f.bool("exists"));
        if (name == null) return null;
        return matching("group snapshot", name, fx -> {
            return fx.model().groupSnapshots().all().stream().filter(gs -> name.equals("*") || gs.name().equals(name)).toList();
        }, gs -> "group snapshot " + gs.name(), parts, exists);
    }

    private static List<String> sources(Facts f, GroupSnapshotRecord gs) {
        return gs.sourceVolumeIds();
    }

    private static StepCondition replication(Yaml.Value v) {
        Yaml.Fields f = v.fields(List.of("replication", "enabled", "primary_on", "secondary_on", "health", "rpo_below", "resyncing"));
        String name = f.string("replication", "the name of the replicated volume or volume group (either side)");
        List<Part<ReplicationStatus>> parts = new ArrayList<>();
        f.get("primary_on").map(Yaml.Value::text).ifPresent(site -> parts.add(new Part<>("primary on " + site,
                (fx, s) -> primaries(s).contains(site), (fx, s) -> "primary on " + list(primaries(s)))));
        f.get("secondary_on").map(Yaml.Value::text).ifPresent(site -> parts.add(new Part<>("secondary on " + site,
                (fx, s) -> secondaries(s).contains(site) && !primaries(s).contains(site), (fx, s) -> "secondary on " + list(secondaries(s)))));
        Optional<Yaml.Value> health = f.get("health");
        health.ifPresent(h -> {
            String want = h.text() == null ? "" : h.text().toUpperCase(Locale.ROOT);
            if (!List.of("HEALTHY", "DEGRADED", "ERROR").contains(want)) {
                h.problem("health is HEALTHY, DEGRADED or ERROR, found '" + h.text() + "'.");
            }
            parts.add(new Part<>(want.toLowerCase(Locale.ROOT), (fx, s) -> s.health().name().equals(want),
                    (fx, s) -> s.health().name().toLowerCase(Locale.ROOT) + (s.message().isEmpty() ? "" : ": " + s.message())));
        });
        Duration rpo = f.duration("rpo_below");
        if (rpo != null) {
            parts.add(new Part<>("within an RPO of " + human(rpo), (fx, s) -> s.lastSyncTimeMs() > 0
                    && fx.model().nowMs() - s.lastSyncTimeMs() < rpo.toMillis(),
                    (fx, s) -> s.lastSyncTimeMs() == 0 ? "never synced" : "last sync " + human(Duration.ofMillis(fx.model().nowMs() - s.lastSyncTimeMs())) + " ago"));
        }
        Boolean resyncing = f.bool("resyncing");
        if (resyncing != null) parts.add(new Part<>(resyncing ? "resyncing" : "done resyncing", (fx, s) -> s.resyncing() == resyncing,
                (fx, s) -> s.resyncing() ? "resyncing" : "not resyncing"));
        boolean enabled = !Boolean.FALSE.equals(f.bool("enabled"));
        if (name == null) return null;
        return matching("replication of", name, fx -> {
            return fx.idOf(name).flatMap(id -> fx.model().replications().of(id)).stream().toList();
        }, s -> "the pair of " + name, parts, enabled);
    }

    private static List<String> primaries(ReplicationStatus s) {
        List<String> out = new ArrayList<>();
        if (s.role() == org.csiconsole.core.reference.array.ReplicationRole.PRIMARY) out.add(s.array());
        if (s.peerRole() == org.csiconsole.core.reference.array.ReplicationRole.PRIMARY) out.add(s.peerArray());
        return out;
    }

    private static List<String> secondaries(ReplicationStatus s) {
        List<String> out = new ArrayList<>();
        if (s.role() == org.csiconsole.core.reference.array.ReplicationRole.SECONDARY) out.add(s.array());
        if (s.peerRole() == org.csiconsole.core.reference.array.ReplicationRole.SECONDARY) out.add(s.peerArray());
        return out;
    }

    static String human(Duration d) {
        long s = d.toSeconds();
        if (s < 60) return s + " s";
        if (s < 3600) return (s / 60) + " min" + (s % 60 == 0 ? "" : " " + (s % 60) + " s");
        return (s / 3600) + " h " + (s % 3600 / 60) + " min";
    }

    private static StepCondition fence(Yaml.Value v) {
        Yaml.Fields f = v.fields(List.of("fence", "fenced"));
        String cidr = f.string("fence", "the client network in CIDR form, e.g. 10.10.3.0/24");
        boolean fenced = !Boolean.FALSE.equals(f.bool("fenced"));
        if (cidr == null) return null;
        return new StepCondition() {
            @Override
            public String describe() {
                return cidr + (fenced ? " is fenced" : " is not fenced");
            }

            @Override
            public Judgement test(Facts fx) {
                boolean is = fx.model().fencing().fences().stream().anyMatch(r -> r.cidr().equals(cidr));
                return is == fenced ? Judgement.yes() : Judgement.no(cidr + (is ? " is still fenced." : " is not fenced yet."));
            }
        };
    }

    private static StepCondition node(Yaml.Value v) {
        Yaml.Fields f = v.fields(List.of("node", "no_staged", "no_published", "no_mounted"));
        String node = f.string("node", "the node_id");
        boolean noStaged = Boolean.TRUE.equals(f.bool("no_staged"));
        boolean noPublished = Boolean.TRUE.equals(f.bool("no_published"));
        boolean noMounted = Boolean.TRUE.equals(f.bool("no_mounted"));
        if (!noStaged && !noPublished && !noMounted) {
            v.problem("a node condition says what must be gone: no_staged, no_mounted and/or no_published (each true).");
        }
        if (node == null) return null;
        List<String> words = new ArrayList<>();
        if (noStaged) words.add("no volume staged");
        if (noMounted) words.add("no volume mounted");
        if (noPublished) words.add("no volume published");
        return new StepCondition() {
            @Override
            public String describe() {
                return String.join(", ", words) + " on " + node;
            }

            @Override
            public Judgement test(Facts fx) {
                List<String> left = new ArrayList<>();
                for (NodeMount m : fx.model().nodeRecords().onNode(node)) {
                    if ((m.staged() && noStaged) || (!m.staged() && noMounted)) {
                        left.add(fx.nameOf(m.volumeId()) + (m.staged() ? " staged" : " mounted"));
                    }
                }
                if (noPublished) {
                    fx.model().publications().onNode(node).forEach(p -> left.add(fx.nameOf(p.volumeId()) + " published"));
                }
                return left.isEmpty() ? Judgement.yes() : Judgement.no("On " + node + ": " + String.join(", ", left) + ".");
            }
        };
    }

    private static StepCondition report(Yaml.Value v) {
        Yaml.Fields f = v.fields(List.of("report", "names"));
        String what = f.string("report", "'saved'");
        List<String> names = f.strings("names");
        if (what != null && !what.equals("saved")) {
            f.get("report").ifPresent(r -> r.problem("a report condition reads 'report: saved', found '" + what + "'."));
        }
        return new StepCondition() {
            @Override
            public String describe() {
                return "a troubleshooting report is saved in the training's report folder"
                        + (names.isEmpty() ? "" : ", naming " + String.join(", ", names));
            }

            @Override
            public Judgement test(Facts fx) {
                List<java.nio.file.Path> reports = fx.reports();
                if (reports.isEmpty()) {
                    return Judgement.no("No report.json in " + fx.reportFolder + " yet.");
                }
                for (java.nio.file.Path p : reports) {
                    try {
                        String text = java.nio.file.Files.readString(p);
                        if (names.stream().allMatch(n -> text.contains(n) || fx.idOf(n).map(text::contains).orElse(false))) {
                            return Judgement.yes();
                        }
                    } catch (java.io.IOException e) {
                        return Judgement.no("The report " + p + " cannot be read: " + e.getMessage() + ".");
                    }
                }
                return Judgement.no("The saved report does not mention " + String.join(", ", names) + ".");
            }
        };
    }
}
