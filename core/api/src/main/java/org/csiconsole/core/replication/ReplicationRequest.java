package org.csiconsole.core.replication;

import org.csiconsole.core.model.Secrets;

import java.util.Map;
import java.util.Objects;

/**
 * What a replication call sends besides {@code force} (csi-addons replication.proto, every request
 * of the Controller service): the source, the {@code replication_id} (the id that ties both sides
 * of a pair together, empty when the driver does not use one), the driver's {@code parameters}
 * (from the VolumeReplicationClass, e.g. {@code schedulingInterval=5m}) and {@code secrets}
 * (marked {@code replication_secret}; sent to the wire only, redacted in the trace, the audit log
 * and a dry run).
 *
 * @param source the volume or volume group
 * @param replicationId {@code replication_id}; empty when none, never null
 * @param parameters {@code parameters}; never null
 * @param secrets {@code secrets}; {@link Secrets#NONE} when none
 */
public record ReplicationRequest(ReplicationSource source, String replicationId, Map<String, String> parameters,
                                 Secrets secrets) {
    public ReplicationRequest {
        Objects.requireNonNull(source, "source");
        replicationId = replicationId == null ? "" : replicationId;
        parameters = parameters == null ? Map.of() : Map.copyOf(parameters);
        secrets = Objects.requireNonNullElse(secrets, Secrets.NONE);
    }

    /** A request for {@code source} with no replication_id, parameters or secrets. */
    public static ReplicationRequest of(ReplicationSource source) {
        return new ReplicationRequest(source, "", Map.of(), Secrets.NONE);
    }

    /** The same request for another source (a bulk operation sends one per item). */
    public ReplicationRequest forSource(ReplicationSource other) {
        return new ReplicationRequest(other, replicationId, parameters, secrets);
    }

    public ReplicationRequest withReplicationId(String id) {
        return new ReplicationRequest(source, id, parameters, secrets);
    }

    public ReplicationRequest withParameters(Map<String, String> p) {
        return new ReplicationRequest(source, replicationId, p, secrets);
    }

    public ReplicationRequest withSecrets(Secrets s) {
        return new ReplicationRequest(source, replicationId, parameters, s);
    }
}
