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
 */
public record RiskRequest(RiskOperation operation, boolean force, List<TargetFacts> targets, String nodeId,
                          String survivorSite, Instant now, Map<String, String> sends) {
    public RiskRequest {
        Objects.requireNonNull(operation, "operation");
        targets = targets == null ? List.of() : List.copyOf(targets);
        if (targets.isEmpty()) throw new IllegalArgumentException("an operation needs at least one target");
        nodeId = nodeId == null ? "" : nodeId;
        survivorSite = survivorSite == null ? "" : survivorSite;
        Objects.requireNonNull(now, "now");
        sends = sends == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(sends));
    }

    /** A request without the fields it sends. */
    public RiskRequest(RiskOperation operation, boolean force, List<TargetFacts> targets, String nodeId, String survivorSite, Instant now) {
        this(operation, force, targets, nodeId, survivorSite, now, Map.of());
    }

    /** An operation on {@code targets} without force, node or survivor, at {@code now}. */
    public static RiskRequest of(RiskOperation operation, List<TargetFacts> targets, Instant now) {
        return new RiskRequest(operation, false, targets, "", "", now, Map.of());
    }

    /** This request with force set as given. */
    public RiskRequest withForce(boolean force) {
        return new RiskRequest(operation, force, targets, nodeId, survivorSite, now, sends);
    }

    /** This request showing {@code sends}, the fields sent in order (secrets redacted). */
    public RiskRequest sending(Map<String, String> sends) {
        return new RiskRequest(operation, force, targets, nodeId, survivorSite, now, sends);
    }

    /** This request for {@code nodeId}. */
    public RiskRequest onNode(String nodeId) {
        return new RiskRequest(operation, force, targets, nodeId, survivorSite, now, sends);
    }

    /** This request keeping {@code survivorSite}'s data (split-brain recovery). */
    public RiskRequest keeping(String survivorSite) {
        return new RiskRequest(operation, force, targets, nodeId, survivorSite, now, sends);
    }
}
