package org.csiconsole.core.risk;

import org.csiconsole.core.model.Cidr;
import org.csiconsole.core.model.FenceClient;
import org.csiconsole.core.model.Host;
import org.csiconsole.core.model.Volume;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What a fence or unfence of CIDR blocks cuts off, the same for the views and the command line: for each
 * block, every known client with an address inside it, from the driver's GetFenceClients (csi-addons
 * fence.proto {@code ClientDetails}) and from the CSP's hosts (hpe-csp-rest-spec {@code /hosts}: a host's
 * {@code networks}, e.g. {@code 10.1.0.11/24}, name its address), each with the volumes published to it
 * where they are known ({@code published_node_ids} naming the client, or the host's id or name).
 */
public final class FenceFacts {
    private FenceFacts() {
    }

    /**
     * What the driver's fence list (csi-addons fence.proto ListClusterFence) says of one block, for an unfence.
     *
     * @param known true when the driver listed its fenced blocks; false when it cannot (NetworkFence.LIST_FENCES
     *     not advertised, or the listing failed): then whether the block is fenced is not known
     * @param fenced true when the block is among the listed blocks (host bits cleared before comparing)
     * @param blocks the fenced blocks as listed, in the driver's order; empty when not known
     * @param stillFenced for each of the block's dependents ({@link TargetFacts#dependents()}, the same phrase), the
     *     other listed blocks, not unfenced by the same request, that hold one of its addresses inside the block: it
     *     stays fenced by them; dependents no other block holds are absent
     * @param failover the unplanned failover of this console whose step fenced the block, from its audit log, with the
     *     pair's state as read ({@link FailoverFence}); null when the fence in effect is not known to be one
     */
    public record Listed(boolean known, boolean fenced, List<String> blocks, Map<String, List<String>> stillFenced,
                         FailoverFence failover) {
        public Listed {
            blocks = List.copyOf(blocks);
            Map<String, List<String>> copy = new LinkedHashMap<>();
            stillFenced.forEach((k, v) -> copy.put(k, List.copyOf(v)));
            stillFenced = java.util.Collections.unmodifiableMap(copy);
        }

        /** What the fence list says of a block no failover of this console is known to have fenced. */
        public Listed(boolean known, boolean fenced, List<String> blocks, Map<String, List<String>> stillFenced) {
            this(known, fenced, blocks, stillFenced, null);
        }

        /** This block as fenced by {@code failover} ({@link #failover()}). */
        public Listed fencedBy(FailoverFence failover) {
            return new Listed(known, fenced, blocks, stillFenced, failover);
        }

        /** The driver cannot list its fenced blocks: whether a block is fenced is not known. */
        public static Listed unknown() {
            return new Listed(false, false, List.of(), Map.of());
        }
    }

    /**
     * Who a fence's blocks cut off, as read, and the sources that could not be read.
     *
     * @param facts one {@code "network"} target per block ({@link #of})
     * @param unread each source not read, in words with why, e.g. {@code "the CSP hosts (connection refused)"}; empty when all were
     */
    public record WhoIsInside(List<TargetFacts> facts, List<String> unread) {
        public WhoIsInside {
            facts = List.copyOf(facts);
            unread = List.copyOf(unread);
        }
    }

    /**
     * Reads who the blocks of {@code request} cut off, before a fence's or an unfence's confirmation, the same for
     * Network fence and an unplanned failover's fence step (reads only: GetFenceClients for the request's parameters
     * and secrets when NetworkFence.GET_CLIENTS_TO_FENCE is advertised, else {@code known}; the CSP hosts when an
     * array is connected; the volumes when they can be listed, for what is published to each client; the fenced blocks
     * (ListClusterFence) when NetworkFence.LIST_FENCES is advertised, else each block's {@link Listed#unknown()}). A source
     * that cannot be read is left out and named in {@link WhoIsInside#unread()}; the future never fails.
     *
     * @param storage the connection that fences
     * @param features what it offers
     * @param known the clients last reported, used when GetFenceClients is not advertised or fails
     */
    public static java.util.concurrent.CompletableFuture<WhoIsInside> read(org.csiconsole.core.port.StorageService storage,
            org.csiconsole.core.port.Features features, org.csiconsole.core.port.FenceRequest request, List<FenceClient> known) {
        List<String> unread = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.concurrent.CompletableFuture<List<FenceClient>> clients = features.available(org.csiconsole.core.port.Feature.GET_CLIENTS_TO_FENCE)
                ? storage.fenceClients(request.parameters(), request.secrets()).exceptionally(e -> {
                    unread.add("GetFenceClients (" + why(e) + ")");
                    return known;
                })
                : java.util.concurrent.CompletableFuture.completedFuture(known);
        java.util.concurrent.CompletableFuture<List<Host>> hosts = !features.cspConnected() ? java.util.concurrent.CompletableFuture.completedFuture(List.of())
                : storage.listHosts().<List<Host>>thenApply(org.csiconsole.core.port.Listing::items).exceptionally(e -> {
                    unread.add("the CSP hosts (" + why(e) + ")");
                    return List.of();
                });
        List<Volume> volumes = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.concurrent.CompletableFuture<Void> listed = features.available(org.csiconsole.core.port.Feature.LIST_VOLUMES)
                ? storage.listVolumes(page -> {
                    volumes.addAll(page);
                    return org.csiconsole.core.call.PageSink.READY;
                }).<Void>thenApply(missing -> null).exceptionally(e -> {
                    unread.add("the volumes (" + why(e) + ")");
                    return null;
                })
                : java.util.concurrent.CompletableFuture.completedFuture(null);
        java.util.concurrent.CompletableFuture<List<String>> fenced = features.available(org.csiconsole.core.port.Feature.LIST_FENCES)
                ? storage.listFences(request.parameters(), request.secrets()).exceptionally(e -> {
                    unread.add("ListClusterFence (" + why(e) + ")");
                    return null;
                })
                : java.util.concurrent.CompletableFuture.completedFuture(null);
        return java.util.concurrent.CompletableFuture.allOf(clients, hosts, listed, fenced)
                .thenApply(x -> new WhoIsInside(of(request.cidrs(), clients.join(), hosts.join(), List.copyOf(volumes), fenced.join()), unread));
    }

    /**
     * As {@link #read(org.csiconsole.core.port.StorageService, org.csiconsole.core.port.Features,
     * org.csiconsole.core.port.FenceRequest, List)} for an unfence: each block that this console fenced as a step of an
     * unplanned failover ({@link FailoverFence#recorded}, from {@code audit}'s entries naming the block) carries that
     * failover, with the pair's roles and health as the connection's replication listing reports them now. The audit log
     * is read off the caller's thread. A source that cannot be read (the audit log, the listing) is named in
     * {@link WhoIsInside#unread()} and on the failover itself ({@link FailoverFence#unread()}); the future never fails.
     *
     * @param audit this console's audit log; null when it has none (then no block is known to be a failover's)
     */
    public static java.util.concurrent.CompletableFuture<WhoIsInside> readForUnfence(org.csiconsole.core.port.StorageService storage,
            org.csiconsole.core.port.Features features, org.csiconsole.core.port.FenceRequest request, List<FenceClient> known,
            org.csiconsole.core.audit.AuditLog audit) {
        java.util.concurrent.CompletableFuture<WhoIsInside> who = read(storage, features, request, known);
        if (audit == null) return who;
        List<String> unread = new java.util.concurrent.CopyOnWriteArrayList<>();
        java.util.concurrent.CompletableFuture<List<FailoverFence>> recorded = java.util.concurrent.CompletableFuture.supplyAsync(() -> {
            List<FailoverFence> out = new ArrayList<>();
            for (Cidr c : request.cidrs()) {
                FailoverFence.recorded(c.text(), audit.find(new org.csiconsole.core.audit.AuditQuery(null, null, null, c.text(), null, 0, 200))
                        .stream().map(org.csiconsole.core.audit.AuditEntry::record).toList())
                        .ifPresent(out::add);
            }
            return out;
        }).exceptionally(e -> {
            unread.add("the audit log " + audit.location() + " (" + why(e) + "), so no block is known to be fenced by a failover");
            return List.of();
        });
        java.util.concurrent.CompletableFuture<List<FailoverFence>> read = recorded.thenCompose(fs -> {
            if (fs.isEmpty()) return java.util.concurrent.CompletableFuture.completedFuture(fs);
            String source = "the connection's replication listing";
            return storage.replication().inventory()
                    .thenApply(l -> fs.stream().map(f -> f.readFrom(l.items(), source)).toList())
                    .exceptionally(e -> {
                        String reason = source + " (" + why(e) + ")";
                        unread.add(reason);
                        return fs.stream().map(f -> f.unreadBecause(reason)).toList();
                    });
        });
        return who.thenCombine(read, (w, fs) -> {
            List<TargetFacts> facts = w.facts().stream().map(t -> fs.stream().filter(f -> f.block().equals(t.id())).findFirst()
                    .map(f -> t.withFence((t.fence() == null ? Listed.unknown() : t.fence()).fencedBy(f))).orElse(t)).toList();
            List<String> all = new ArrayList<>(w.unread());
            all.addAll(unread);
            return new WhoIsInside(facts, all);
        });
    }

    /**
     * Who the blocks of {@code request} cut off, read through the connection that fences them, the same for an unplanned
     * failover's fence step in the wizard and on the command line: {@link #read(org.csiconsole.core.port.StorageService,
     * org.csiconsole.core.port.Features, org.csiconsole.core.port.FenceRequest, List)} where {@code fence} is a whole
     * connection; GetFenceClients alone where it is no more than a fence port. Never fails: a source not read is named
     * in {@link WhoIsInside#unread()}.
     */
    public static java.util.concurrent.CompletableFuture<WhoIsInside> read(org.csiconsole.core.port.FencePort fence,
            org.csiconsole.core.port.FenceRequest request) {
        if (fence instanceof org.csiconsole.core.port.StorageService s) {
            return s.features().thenCompose(f -> read(s, f, request, List.of()))
                    .exceptionally(e -> new WhoIsInside(of(request.cidrs(), List.of(), List.of(), List.of()), List.of("its features (" + why(e) + ")")));
        }
        return fence.fenceClients(request.parameters(), request.secrets()).handle((c, e) -> new WhoIsInside(
                of(request.cidrs(), c == null ? List.of() : c, List.of(), List.of()),
                e == null ? List.of() : List.of("GetFenceClients (" + why(e) + ")")));
    }

    private static String why(Throwable e) {
        org.csiconsole.core.call.CallFailure f = org.csiconsole.core.call.CallFailure.unwrap(e);
        Throwable cause = e instanceof java.util.concurrent.CompletionException && e.getCause() != null ? e.getCause() : e;
        return f != null ? f.why() : String.valueOf(cause.getMessage());
    }

    /**
     * One {@code "network"} target per block, its dependents one phrase per client inside it, with a CSP host's
     * initiators (IQNs, WWPNs, NQNs: what the array stops serving), e.g.
     * {@code "worker-01 (10.1.0.11; initiators iqn.2026-01.com.example:worker-01; published to it: erp-db, erp-log)"}, and the volumes published to them as
     * {@link TargetFacts#reached()}; a client reported by both sources
     * (a GetFenceClients id equal to a host's name) is named once with every address.
     *
     * @param blocks the blocks to fence or unfence, in order
     * @param clients what GetFenceClients reported; empty when not asked or not advertised
     * @param hosts the CSP hosts; empty when there is no CSP or they could not be read
     * @param volumes the volumes read, for what is published to each client; empty when not known
     */
    public static List<TargetFacts> of(List<Cidr> blocks, List<FenceClient> clients, List<Host> hosts, List<Volume> volumes) {
        return of(blocks, clients, hosts, volumes, List.of(), false);
    }

    /**
     * As {@link #of(List, List, List, List)}, each block with what the driver's fence list says of it ({@link Listed}).
     *
     * @param fenced the blocks ListClusterFence listed; null when the driver cannot list them
     */
    public static List<TargetFacts> of(List<Cidr> blocks, List<FenceClient> clients, List<Host> hosts, List<Volume> volumes,
                                       List<String> fenced) {
        return of(blocks, clients, hosts, volumes, fenced, true);
    }

    private static List<TargetFacts> of(List<Cidr> blocks, List<FenceClient> clients, List<Host> hosts, List<Volume> volumes,
                                        List<String> fenced, boolean listRead) {
        List<Cidr> listedBlocks = fenced == null ? List.of() : fenced.stream().map(FenceFacts::parsed).filter(java.util.Objects::nonNull).toList();
        Set<String> unfencedTogether = new LinkedHashSet<>();
        blocks.forEach(b -> unfencedTogether.add(b.text()));
        List<TargetFacts> out = new ArrayList<>();
        for (Cidr block : blocks) {
            Map<String, Set<String>> addresses = new LinkedHashMap<>();
            Map<String, Set<String>> aliases = new LinkedHashMap<>();
            Map<String, Set<String>> initiators = new LinkedHashMap<>();
            for (FenceClient c : clients) {
                for (String a : c.addresses()) {
                    if (block.contains(a)) {
                        addresses.computeIfAbsent(c.clientId(), k -> new LinkedHashSet<>()).add(a);
                        aliases.computeIfAbsent(c.clientId(), k -> new LinkedHashSet<>()).add(c.clientId());
                    }
                }
            }
            for (Host h : hosts) {
                String name = h.name().isEmpty() ? h.id() : h.name();
                for (String network : h.networks()) {
                    String address = network.contains("/") ? network.substring(0, network.indexOf('/')) : network;
                    if (block.contains(address)) {
                        addresses.computeIfAbsent(name, k -> new LinkedHashSet<>()).add(address);
                        Set<String> names = aliases.computeIfAbsent(name, k -> new LinkedHashSet<>());
                        names.add(name);
                        names.add(h.id());
                        Set<String> own = initiators.computeIfAbsent(name, k -> new LinkedHashSet<>());
                        own.addAll(h.iqns());
                        own.addAll(h.wwpns());
                        own.addAll(h.nqns());
                    }
                }
            }
            List<String> dependents = new ArrayList<>();
            Set<String> reached = new LinkedHashSet<>();
            Map<String, List<String>> stillFenced = new LinkedHashMap<>();
            addresses.forEach((name, at) -> {
                Set<String> ids = aliases.get(name);
                List<String> published = volumes.stream().filter(v -> v.publishedNodeIds().stream().anyMatch(ids::contains))
                        .map(FenceFacts::named).toList();
                reached.addAll(published);
                Set<String> cut = initiators.getOrDefault(name, Set.of());
                String phrase = name + " (" + String.join(", ", at) + (cut.isEmpty() ? "" : "; initiators " + String.join(", ", cut))
                        + (published.isEmpty() ? "" : "; published to it: " + String.join(", ", published)) + ")";
                dependents.add(phrase);
                List<String> others = listedBlocks.stream().filter(f -> !unfencedTogether.contains(f.text()))
                        .filter(f -> at.stream().anyMatch(f::contains)).map(Cidr::text).toList();
                if (!others.isEmpty()) stillFenced.put(phrase, others);
            });
            TargetFacts t = TargetFacts.of("network", block.text(), "").withDependents(dependents).reaching(List.copyOf(reached));
            if (listRead) {
                t = t.withFence(fenced == null ? Listed.unknown() : new Listed(true,
                        listedBlocks.stream().anyMatch(f -> f.text().equals(block.text())), fenced, stillFenced));
            }
            out.add(t);
        }
        return out;
    }

    /** A volume as a fence names it: its name beside its volume_id ({@code "erp-db (vol-1)"}), or the id when it has no other name. */
    private static String named(Volume v) {
        return v.name().isEmpty() || v.name().equals(v.volumeId()) ? v.volumeId() : v.name() + " (" + v.volumeId() + ")";
    }

    /** The block {@code text} names as listed; null when the driver listed something that is not one. */
    private static Cidr parsed(String text) {
        try {
            return Cidr.parse(text);
        } catch (IllegalArgumentException e) {
            return null;
        }
    }
}
