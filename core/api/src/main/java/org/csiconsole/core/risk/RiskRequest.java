package org.csiconsole.core.risk;

import java.time.Instant;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * An operation about to be sent, with what core knows of its targets.
 *
 * @param operation the operation or workflow
 * @param force true when {@code force=true} would be sent (promote, demote, resync, unplanned failover)
 * @param targets what it acts on, with their facts; never empty
 * @param nodeId the node of a controller or node unpublish, or an unstage; empty otherwise
 * @param survivorSite for a split-brain recovery, the site whose data is kept; empty when none was chosen
 * @param now the time of the assessment (for time windows such as "writes after 07:45:44, 4 min ago")
 * @param sends the request's fields exactly as they will be sent, in order ({@code volume_id}, {@code node_id},
 *     parameters...), secrets already redacted by the caller; empty when not shown (a workflow of several calls)
 * @param connection the connection it acts on, as the navigator names it, with its endpoint
 *     ({@link #connection(String, String)}: {@code "Demo (unix:///run/csi.sock)"}), as two connections may hold the
 *     same ids; several for a workflow across sites, comma-separated; empty when not given
 * @param sites for a workflow across sites, each site's name with where it is reached as the admin knows it
 *     ({@code "london" -> "london (unix:///run/a.sock)"}), so the sides are named by both; empty when not given
 */
public record RiskRequest(RiskOperation operation, boolean force, List<TargetFacts> targets, String nodeId,
                          String survivorSite, Instant now, Map<String, String> sends, String connection, Map<String, String> sites) {
    public RiskRequest {
        Objects.requireNonNull(operation, "operation");
        targets = targets == null ? List.of() : List.copyOf(targets);
        if (targets.isEmpty()) throw new IllegalArgumentException("an operation needs at least one target");
        nodeId = nodeId == null ? "" : nodeId;
        survivorSite = survivorSite == null ? "" : survivorSite;
        Objects.requireNonNull(now, "now");
        sends = sends == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(sends));
        connection = connection == null ? "" : connection.strip();
        sites = sites == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(sites));
    }

    /** A request naming no site's endpoint. */
    public RiskRequest(RiskOperation operation, boolean force, List<TargetFacts> targets, String nodeId, String survivorSite, Instant now,
                       Map<String, String> sends, String connection) {
        this(operation, force, targets, nodeId, survivorSite, now, sends, connection, Map.of());
    }

    /** A request on no named connection. */
    public RiskRequest(RiskOperation operation, boolean force, List<TargetFacts> targets, String nodeId, String survivorSite, Instant now,
                       Map<String, String> sends) {
        this(operation, force, targets, nodeId, survivorSite, now, sends, "");
    }

    /**
     * A connection in words, as an assessment names it: {@code "Demo (unix:///run/csi.sock)"}; the name alone when the
     * endpoint is empty, the endpoint alone when it is the name (the command line names a connection by its endpoint).
     *
     * @param name the connection's name, as the navigator shows it
     * @param endpoint its CSI endpoint or CSP URL; empty when not known
     */
    public static String connection(String name, String endpoint) {
        String n = name == null ? "" : name.strip();
        String e = endpoint == null ? "" : endpoint.strip();
        return e.isEmpty() ? n : n.isEmpty() || n.equals(e) ? e : n + " (" + e + ")";
    }

    /** This request on {@code connection} ({@link #connection(String, String)}). */
    public RiskRequest on(String connection) {
        return new RiskRequest(operation, force, targets, nodeId, survivorSite, now, sends, connection, sites);
    }

    /** A request without the fields it sends. */
    public RiskRequest(RiskOperation operation, boolean force, List<TargetFacts> targets, String nodeId, String survivorSite, Instant now) {
        this(operation, force, targets, nodeId, survivorSite, now, Map.of(), "");
    }

    /** An operation on {@code targets} without force, node or survivor, at {@code now}. */
    public static RiskRequest of(RiskOperation operation, List<TargetFacts> targets, Instant now) {
        return new RiskRequest(operation, false, targets, "", "", now, Map.of(), "");
    }

    /** This request with force set as given. */
    public RiskRequest withForce(boolean force) {
        return new RiskRequest(operation, force, targets, nodeId, survivorSite, now, sends, connection, sites);
    }

    /** This request showing {@code sends}, the fields sent in order (secrets redacted). */
    public RiskRequest sending(Map<String, String> sends) {
        return new RiskRequest(operation, force, targets, nodeId, survivorSite, now, sends, connection, sites);
    }

    /** This request for {@code nodeId}. */
    public RiskRequest onNode(String nodeId) {
        return new RiskRequest(operation, force, targets, nodeId, survivorSite, now, sends, connection, sites);
    }

    /** This request naming each site by {@code sites}: name to its words with the endpoint ({@link #connection(String, String)}). */
    public RiskRequest atSites(Map<String, String> sites) {
        return new RiskRequest(operation, force, targets, nodeId, survivorSite, now, sends, connection, sites);
    }

    /** Site {@code name} as the admin knows it: with its endpoint when {@link #sites()} has it, else the name. */
    public String site(String name) {
        return sites.getOrDefault(name, name);
    }

    /** This request keeping {@code survivorSite}'s data (split-brain recovery). */
    public RiskRequest keeping(String survivorSite) {
        return new RiskRequest(operation, force, targets, nodeId, survivorSite, now, sends, connection, sites);
    }
}
