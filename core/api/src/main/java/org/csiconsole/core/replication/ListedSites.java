package org.csiconsole.core.replication;

import org.csiconsole.core.model.Topology;
import org.csiconsole.core.model.Volume;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * Which site each volume of one connection's listing is on, when one driver serves both sites of its replication
 * pairs (two arrays behind one socket), decided from what the driver reports over the wire, never from the
 * connection's name.
 *
 * <p>The site is the value of one {@code accessible_topology} segment (CSI spec, {@code Volume.accessible_topology}):
 * the segment key that separates the two sides of the pairs the listing shows. A key qualifies when a replicated
 * volume has one value under it and either its partner array ({@link ReplicationContextKeys#PARTNER}) is another
 * value of that key among the listed volumes, or the destination it names ({@link ReplicationContextKeys#PEER_ID})
 * is listed too with another value under that key. The key most volumes support wins (ties by key name). A
 * listing in which no key qualifies, or which then shows fewer than two sites, is one site: the connection's
 * (a driver serving one site, whose partner is another cluster's array).
 */
public final class ListedSites {
    private ListedSites() {
    }

    /**
     * The site of each listed volume.
     *
     * @param volumes every volume the connection lists (members of groups among them), as ListVolumes reports them
     * @return volume id to site name; a volume accessible from no site or from several is left out; empty when the
     *     listing shows fewer than two sites
     */
    public static Map<String, String> of(List<Volume> volumes) {
        Map<String, Volume> byId = new HashMap<>();
        for (Volume v : volumes) byId.put(v.volumeId(), v);
        Map<String, Set<String>> valuesByKey = new HashMap<>();
        for (Volume v : volumes) {
            for (Topology t : v.accessibleTopology()) {
                t.segments().forEach((k, value) -> valuesByKey.computeIfAbsent(k, x -> new java.util.HashSet<>()).add(value));
            }
        }
        Map<String, Integer> support = new TreeMap<>();
        for (Volume v : volumes) {
            if (!v.replication().replicated()) continue;
            String partner = v.replication().partner();
            Volume peer = byId.get(ReplicationContextKeys.peerId(v.volumeContext()));
            for (String key : valuesByKey.keySet()) {
                String own = single(v, key);
                if (own == null) continue;
                boolean partnerElsewhere = !partner.isEmpty() && !partner.equals(own) && valuesByKey.get(key).contains(partner);
                String peerSite = peer == null ? null : single(peer, key);
                boolean peerElsewhere = peerSite != null && !peerSite.equals(own);
                if (partnerElsewhere || peerElsewhere) support.merge(key, 1, Integer::sum);
            }
        }
        String key = null;
        int best = 0;
        for (Map.Entry<String, Integer> e : support.entrySet()) {
            if (e.getValue() > best) {
                key = e.getKey();
                best = e.getValue();
            }
        }
        if (key == null) return Map.of();
        Map<String, String> out = new HashMap<>();
        for (Volume v : volumes) {
            String site = single(v, key);
            if (site != null) out.put(v.volumeId(), site);
        }
        return Set.copyOf(out.values()).size() < 2 ? Map.of() : Map.copyOf(out);
    }

    /**
     * The site of a volume group: the one site all its members are on, per {@code sites} ({@link #of}); empty when
     * its members are on none, or on several.
     */
    public static String ofGroup(List<String> memberIds, Map<String, String> sites) {
        Set<String> seen = new LinkedHashSet<>();
        for (String id : memberIds) seen.add(sites.getOrDefault(id, ""));
        return seen.size() == 1 ? seen.iterator().next() : "";
    }

    /** The one value {@code v} is accessible from under {@code key}; null when none or several. */
    private static String single(Volume v, String key) {
        List<String> values = new ArrayList<>(2);
        for (Topology t : v.accessibleTopology()) {
            String value = t.segments().get(key);
            if (value != null && !values.contains(value)) values.add(value);
        }
        return values.size() == 1 ? values.get(0) : null;
    }
}
