package org.csiconsole.core.reference.calls;

import java.time.Instant;
import java.util.Map;
import java.util.Objects;

/**
 * One call the reference plugin served.
 *
 * @param seq position in the log, 1 for the first call since the log was last cleared
 * @param time when the call ended
 * @param method the bare gRPC method name, e.g. {@code PromoteVolume}
 * @param service the full service name, e.g. {@code replication.Controller}
 * @param fields the request's scalar fields by proto field name, nested ones by dotted path, e.g.
 *     {@code volume_id}, {@code force} ({@code "true"}/{@code "false"}),
 *     {@code replication_source.volumegroup.volume_group_id}; fields marked secret, maps and lists are left out
 * @param code the gRPC status code name, {@code OK} when it succeeded
 */
public record ServedCall(long seq, Instant time, String method, String service, Map<String, String> fields, String code) {
    public ServedCall {
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(method, "method");
        service = service == null ? "" : service;
        fields = Map.copyOf(fields);
        Objects.requireNonNull(code, "code");
    }

    /** True when the call succeeded. */
    public boolean ok() {
        return "OK".equals(code);
    }

    /** The call as a person reads it, e.g. {@code PromoteVolume(volume_id=vol-00000012, force=true) -> OK}. */
    public String describe() {
        StringBuilder b = new StringBuilder(method).append('(');
        new java.util.TreeMap<>(fields).forEach((k, v) -> {
            if (b.charAt(b.length() - 1) != '(') b.append(", ");
            b.append(k).append('=').append(v);
        });
        return b.append(") -> ").append(code).toString();
    }
}
