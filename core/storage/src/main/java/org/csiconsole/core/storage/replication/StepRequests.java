package org.csiconsole.core.storage.replication;

import org.csiconsole.core.port.FenceRequest;
import org.csiconsole.core.replication.ReplicationAction;
import org.csiconsole.core.replication.ReplicationRequest;
import org.csiconsole.core.replication.ReplicationSource;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The request fields of a step as a dry run lists them, in replication.proto's field order, with
 * the values sent; {@code secrets} (marked {@code replication_secret}) shows its keys only.
 */
final class StepRequests {
    /** What stands for a redacted secret value. */
    static final String REDACTED = "<redacted>";

    private StepRequests() {
    }

    static Map<String, String> of(ReplicationAction action, ReplicationRequest r, boolean force) {
        Map<String, String> m = new LinkedHashMap<>();
        ReplicationSource s = r.source();
        if (!s.group()) m.put("volume_id", s.id());
        m.put(s.group() ? "replication_source.volumegroup.volume_group_id" : "replication_source.volume.volume_id", s.id());
        m.put("replication_id", r.replicationId());
        if (action == ReplicationAction.PROMOTE || action == ReplicationAction.DEMOTE || action == ReplicationAction.RESYNC) {
            m.put("force", Boolean.toString(force));
        }
        if (action.mutating()) new TreeMap<>(r.parameters()).forEach((k, v) -> m.put("parameters." + k, v));
        new TreeMap<>(r.secrets().values()).forEach((k, v) -> m.put("secrets." + k, REDACTED));
        return m;
    }

    static Map<String, String> fence(FenceRequest f) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("cidrs", String.join(",", f.cidrTexts()));
        new TreeMap<>(f.parameters()).forEach((k, v) -> m.put("parameters." + k, v));
        new TreeMap<>(f.secrets().values()).forEach((k, v) -> m.put("secrets." + k, REDACTED));
        return m;
    }
}
