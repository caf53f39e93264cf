package org.csiconsole.core.replication;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * One step of a planned item: a call or a wait, exactly as it will be sent.
 *
 * @param index 1-based position within its item
 * @param action what the step does
 * @param site the site it is sent to (its name)
 * @param target the volume or group it names ({@code replication_source}); null for a fence
 * @param request the request's fields in wire order with their values as sent, secrets redacted
 *     ({@code secrets} shows its keys only), e.g. {@code replication_source.volume.volume_id=vol-1},
 *     {@code replication_id=}, {@code force=false}, {@code parameters.schedulingInterval=5m}
 * @param force true when the step sends {@code force=true} (only with a typed confirmation)
 * @param description the step in words, e.g. {@code "Demote vol-1 on site-a to secondary"}
 */
public record WorkflowStep(int index, ReplicationAction action, String site, ReplicationSource target,
                           Map<String, String> request, boolean force, String description) {
    public WorkflowStep {
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(site, "site");
        request = request == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(request));
        description = description == null ? "" : description;
    }

    /** The RPC sent (for a wait, the RPC it polls). */
    public String rpc() {
        return action.rpc();
    }

    /** One line for a dry run: {@code "site-a  replication.Controller/DemoteVolume  replication_source.volume.volume_id=vol-1 force=false"}. */
    public String callLine() {
        StringBuilder b = new StringBuilder(site).append("  ").append(rpc());
        if (!action.mutating()) b.append(" (polled)");
        request.forEach((k, v) -> b.append("  ").append(k).append('=').append(v));
        return b.toString();
    }
}
