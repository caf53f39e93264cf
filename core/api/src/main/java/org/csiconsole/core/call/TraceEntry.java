package org.csiconsole.core.call;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One recorded attempt of a call (gRPC RPC or HTTP request), already redacted: no field marked
 * {@code csi_secret} or {@code replication_secret}, no CSP password, CHAP password, session token or
 * {@code x-auth-token} header ever reaches an entry.
 *
 * @param seq increasing sequence number within one {@link CallTrace} (0 for an entry not yet recorded)
 * @param start when the attempt started
 * @param protocol {@code "grpc"} or {@code "http"}
 * @param endpoint the endpoint text: {@code unix:///var/lib/kubelet/plugins/x/csi.sock},
 *     {@code tcp://host:port}, {@code inproc:demo}, or the CSP's URL up to its context path
 *     ({@code https://array:8080/csp})
 * @param method {@code csi.v1.Controller/CreateVolume}, or for HTTP the method and the path with
 *     its query ({@code POST /csp/containers/v1/volumes})
 * @param attempt 1 for the first attempt, 2.. for retries
 * @param request the redacted request as JSON (see {@link TracePayload})
 * @param response the redacted response as JSON; empty on failure
 * @param status {@code OK}, a gRPC code name ({@code UNAVAILABLE}), an HTTP status ({@code 404}), or
 *     for an HTTP request that got no answer the failure kind ({@code ENDPOINT})
 * @param ok true when the call succeeded
 * @param duration how long the attempt took
 * @param message why the attempt failed, in the peer's words with secrets scrubbed (a gRPC status
 *     description); empty on success
 * @param targets the ids the call names, field name to values in order: {@code volume_id},
 *     {@code node_id}, {@code snapshot_id}, {@code target_path}, ..., from the request and, for a
 *     create, the response
 * @param headers request headers worth repeating the call with, redacted ({@code x-array-ip};
 *     {@code x-auth-token} as {@code ***}); empty for gRPC
 * @param origin the task or wizard that made the call, {@link CallOrigin#NONE} for none
 */
public record TraceEntry(
        long seq,
        Instant start,
        String protocol,
        String endpoint,
        String method,
        int attempt,
        TracePayload request,
        TracePayload response,
        String status,
        boolean ok,
        Duration duration,
        String message,
        Map<String, List<String>> targets,
        Map<String, String> headers,
        CallOrigin origin) {

    /** {@link #protocol()} of a gRPC call. */
    public static final String GRPC = "grpc";
    /** {@link #protocol()} of an HTTP request. */
    public static final String HTTP = "http";

    public TraceEntry {
        Objects.requireNonNull(start, "start");
        Objects.requireNonNull(protocol, "protocol");
        Objects.requireNonNull(endpoint, "endpoint");
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(duration, "duration");
        request = request == null ? TracePayload.EMPTY : request;
        response = response == null ? TracePayload.EMPTY : response;
        message = message == null ? "" : message;
        targets = copy(targets);
        headers = headers == null ? Map.of() : java.util.Collections.unmodifiableMap(new LinkedHashMap<>(headers));
        origin = origin == null ? CallOrigin.NONE : origin;
    }

    /** An entry with text payloads and no targets, headers or task (tests, screenshots). */
    public TraceEntry(long seq, Instant start, String protocol, String endpoint, String method, int attempt,
                      String request, String response, String status, boolean ok, Duration duration) {
        this(seq, start, protocol, endpoint, method, attempt, TracePayload.of(request), TracePayload.of(response),
                status, ok, duration, "", Map.of(), Map.of(), CallOrigin.NONE);
    }

    private static Map<String, List<String>> copy(Map<String, List<String>> m) {
        if (m == null || m.isEmpty()) return Map.of();
        Map<String, List<String>> out = new LinkedHashMap<>();
        m.forEach((k, v) -> out.put(k, List.copyOf(v)));
        return java.util.Collections.unmodifiableMap(out);
    }

    /** This entry numbered {@code seq}. */
    public TraceEntry withSeq(long seq) {
        return new TraceEntry(seq, start, protocol, endpoint, method, attempt, request, response, status, ok, duration,
                message, targets, headers, origin);
    }

    /** The RPC's own name ({@code CreateVolume}), or for HTTP the method and path without the query. */
    public String shortMethod() {
        if (GRPC.equals(protocol)) {
            int slash = method.lastIndexOf('/');
            return slash < 0 ? method : method.substring(slash + 1);
        }
        int q = method.indexOf('?');
        return q < 0 ? method : method.substring(0, q);
    }

    /** Whether any of {@link #targets()} is {@code id} (a volume_id, a node_id, ...). */
    public boolean names(String id) {
        if (id == null || id.isEmpty()) return false;
        for (List<String> values : targets.values()) if (values.contains(id)) return true;
        return false;
    }

    /** The ids of {@link #targets()} whose field name is {@code field} or ends in {@code _field}. */
    public List<String> targets(String field) {
        List<String> out = new ArrayList<>();
        targets.forEach((k, v) -> {
            if (k.equals(field) || k.endsWith("_" + field)) out.addAll(v);
        });
        return out;
    }

    /** The targets as one line: {@code volume_id=vol-1 node_id=node-1}. */
    public String targetsText() {
        if (targets.isEmpty()) return "";
        StringBuilder b = new StringBuilder();
        targets.forEach((k, v) -> v.forEach(id -> {
            if (b.length() > 0) b.append(' ');
            b.append(k).append('=').append(id);
        }));
        return b.toString();
    }

    /**
     * True when a discovery call of an optional service was answered UNIMPLEMENTED: the csi-addons
     * Identity ({@code identity.Identity/*}) or a service's GetCapabilities (ControllerGetCapabilities
     * of a node-only plugin, GroupControllerGetCapabilities of a driver without group snapshots).
     * The service is not served on that endpoint, which the CSI spec allows ("Controller Service
     * RPC": the controller service is optional); the trace shows it as "not served", not as a
     * failure. The CSI Identity service is required, so its UNIMPLEMENTED stays a failure.
     */
    public boolean notServed() {
        if (ok || !"UNIMPLEMENTED".equals(status)) return false;
        return method.startsWith("identity.Identity/") || method.endsWith("GetCapabilities") && !method.startsWith("csi.v1.Identity/");
    }

    /** A failure that is not {@linkplain #notServed() an optional service left out}: what the trace shows in red. */
    public boolean failed() {
        return !ok && !notServed();
    }

    /**
     * A call the console made on its own, outside any task a person started ({@link CallOrigin#NONE}): a replication
     * sample, a poll, a training check. Its failure is counted apart from the person's (the call trace's headline).
     */
    public boolean background() {
        return !origin.isTask();
    }
}
