package org.csiconsole.core.audit;

import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * One audited call: a mutating CSI or csi-addons RPC, or a mutating CSP REST request (POST, PUT,
 * DELETE), as one logical call however many attempts it took. Every text is already redacted by
 * the schema rules of the call trace (fields marked {@code csi_secret} / {@code replication_secret};
 * CSP passwords, CHAP passwords and tokens): no secret value ever reaches a record.
 *
 * @param time when the call started, to the millisecond (UTC)
 * @param origin OS user, host and connection name
 * @param endpoint endpoint text, e.g. {@code unix:///csi/csi.sock} or {@code https://array:8080/csp}
 * @param protocol {@code "grpc"} or {@code "http"}; {@code "workflow"} for a workflow's own event that is no call
 *     (a stop by the person running it, outcome CANCELLED, code {@code STOPPED})
 * @param call the RPC ({@code csi.v1.Controller/CreateVolume}) or REST call ({@code POST /csp/containers/v1/volumes});
 *     for a workflow's event, the workflow and where it stopped ({@code "Split-brain recovery: stopped at step 2 of 3"})
 * @param targets ids the call names, by field: {@code volume_id}, {@code snapshot_id}, {@code node_id},
 *     {@code volume_ids}, {@code cidr}, {@code name}, ... (from the request, and from a successful response
 *     for the ids it creates); keys sorted
 * @param parameters the redacted request (protobuf text format, or JSON for REST)
 * @param outcome OK, FAILED, CANCELLED, UNKNOWN, or NOT_SENT for a call the console did not send ({@link #notSent})
 * @param code empty when OK; else the failure kind ({@code NOT_FOUND}, {@code TIMEOUT}, ...), for REST
 *     also the HTTP status (e.g. {@code NOT_FOUND (HTTP 404)})
 * @param message empty when OK; else the failure's one-sentence summary (scrubbed of secret values)
 * @param durationMs from the call's start to its end in milliseconds, retries included
 * @param correlationId one random id per logical call (a UUID), shared by its attempts
 * @param attempts attempts sent; 0 when the call failed or was cancelled before sending
 * @param forced true when the request carried {@code force=true} (csi-addons PromoteVolume, DemoteVolume,
 *     ResyncVolume), and only then: a step of a workflow sent without force is not forced ({@link #workflow()} names
 *     the workflow)
 * @param override true when the console's risk assessment refused the call and the person sent it anyway
 *     (an override of a verdict that rests on the console's own record, with the name typed)
 * @param workflow the workflow the call was a step of, in words ({@code "Split-brain recovery: survivor site-a
 *     (vol-1), discarded site-b (vol-1r)"}); empty for a call on its own
 */
public record AuditRecord(Instant time, AuditOrigin origin, String endpoint, String protocol, String call,
                          Map<String, List<String>> targets, String parameters, AuditOutcome outcome, String code,
                          String message, long durationMs, String correlationId, int attempts, boolean forced,
                          boolean override, String workflow) {
    public AuditRecord {
        time = Objects.requireNonNull(time, "time").truncatedTo(ChronoUnit.MILLIS);
        Objects.requireNonNull(origin, "origin");
        endpoint = nullToEmpty(endpoint);
        protocol = nullToEmpty(protocol);
        call = nullToEmpty(call);
        TreeMap<String, List<String>> sorted = new TreeMap<>();
        Objects.requireNonNull(targets, "targets").forEach((k, v) -> sorted.put(k, List.copyOf(v)));
        targets = java.util.Collections.unmodifiableMap(sorted);
        parameters = nullToEmpty(parameters);
        Objects.requireNonNull(outcome, "outcome");
        code = nullToEmpty(code);
        message = nullToEmpty(message);
        correlationId = nullToEmpty(correlationId);
        workflow = nullToEmpty(workflow);
        if (durationMs < 0) throw new IllegalArgumentException("durationMs must be 0 or more");
        if (attempts < 0) throw new IllegalArgumentException("attempts must be 0 or more");
    }

    /** A record of a call that was no step of a workflow. */
    public AuditRecord(Instant time, AuditOrigin origin, String endpoint, String protocol, String call,
                       Map<String, List<String>> targets, String parameters, AuditOutcome outcome, String code,
                       String message, long durationMs, String correlationId, int attempts, boolean forced, boolean override) {
        this(time, origin, endpoint, protocol, call, targets, parameters, outcome, code, message, durationMs, correlationId,
                attempts, forced, override, "");
    }

    /** A record of a call sent without force and without override. */
    public AuditRecord(Instant time, AuditOrigin origin, String endpoint, String protocol, String call,
                       Map<String, List<String>> targets, String parameters, AuditOutcome outcome, String code,
                       String message, long durationMs, String correlationId, int attempts) {
        this(time, origin, endpoint, protocol, call, targets, parameters, outcome, code, message, durationMs, correlationId,
                attempts, false, false, "");
    }

    /**
     * A record of a mutating call the console did not send: outcome {@link AuditOutcome#NOT_SENT}, 0 attempts, 0 ms,
     * a correlation id of its own.
     *
     * @param code why, as a word ({@code FOUND_GONE})
     * @param message what was found, in one sentence
     */
    public static AuditRecord notSent(Instant time, AuditOrigin origin, String endpoint, String protocol, String call,
                                      Map<String, List<String>> targets, String code, String message) {
        return new AuditRecord(time, origin, endpoint, protocol, call, targets, "", AuditOutcome.NOT_SENT, code, message, 0,
                java.util.UUID.randomUUID().toString(), 0);
    }

    /**
     * The targets' key of the names a person knows target ids by, each value {@code id=name}
     * ({@code vol-0001=pvc-web}, from {@link org.csiconsole.core.model.VolumeNames}): shown beside the id, never as a target.
     */
    public static final String NAMES = "names";

    /** The names of target ids this record carries ({@link #NAMES}), id to name. */
    public Map<String, String> names() {
        Map<String, String> m = new java.util.LinkedHashMap<>();
        for (String v : targets.getOrDefault(NAMES, List.of())) {
            int eq = v.indexOf('=');
            if (eq > 0) m.put(v.substring(0, eq), v.substring(eq + 1));
        }
        return m;
    }

    /** This record marked as forced. */
    public AuditRecord asForced() {
        return new AuditRecord(time, origin, endpoint, protocol, call, targets, parameters, outcome, code, message, durationMs,
                correlationId, attempts, true, override, workflow);
    }

    /** This record marked as an override of a refused call. */
    public AuditRecord asOverride() {
        return new AuditRecord(time, origin, endpoint, protocol, call, targets, parameters, outcome, code, message, durationMs,
                correlationId, attempts, forced, true, workflow);
    }

    /** This record as a step of {@code workflow} (in words); forced stays as the call carried it. */
    public AuditRecord inWorkflow(String workflow) {
        return new AuditRecord(time, origin, endpoint, protocol, call, targets, parameters, outcome, code, message, durationMs,
                correlationId, attempts, forced, override, workflow);
    }

    /**
     * The connection in words: its name with the endpoint beside it, {@code "Lab (unix:///run/csi.sock)"}; the endpoint
     * alone when the connection was recorded under it (no saved profile had it) or the name alone when no endpoint was.
     */
    public String connectionWords() {
        String name = origin.connection();
        return endpoint.isEmpty() ? name : name.isEmpty() || name.equals(endpoint) ? endpoint : name + " (" + endpoint + ")";
    }

    /** True when forced or an override: what {@link AuditQuery#marked()} selects. */
    public boolean marked() {
        return forced || override;
    }

    /** True when {@code id} is one of the target ids. */
    public boolean names(String id) {
        return targets.values().stream().anyMatch(l -> l.contains(id));
    }

    private static String nullToEmpty(String s) {
        return s == null ? "" : s;
    }

    /**
     * This record's fields in their canonical order and names, as the log hashes, exports (JSON
     * lines, CSV) and prints them: {@code seq}, {@code time} (ISO-8601), {@code os_user}, {@code host},
     * {@code connection}, {@code endpoint}, {@code protocol}, {@code call}, {@code targets},
     * {@code parameters} (redacted), {@code outcome}, {@code code}, {@code message},
     * {@code duration_ms}, {@code correlation_id}, {@code attempts}, then {@code forced} and {@code override}
     * only when true and {@code workflow} only when not empty (so entries written before these marks existed
     * keep their canonical form and hash).
     *
     * @param seq the entry's position in the log
     */
    public Map<String, Object> fields(long seq) {
        Map<String, Object> m = new java.util.LinkedHashMap<>();
        m.put("seq", seq);
        m.put("time", time.toString());
        m.put("os_user", origin.osUser());
        m.put("host", origin.host());
        m.put("connection", origin.connection());
        m.put("endpoint", endpoint);
        m.put("protocol", protocol);
        m.put("call", call);
        m.put("targets", targets);
        m.put("parameters", parameters);
        m.put("outcome", outcome.name());
        m.put("code", code);
        m.put("message", message);
        m.put("duration_ms", durationMs);
        m.put("correlation_id", correlationId);
        m.put("attempts", attempts);
        if (forced) m.put("forced", true);
        if (override) m.put("override", true);
        if (!workflow.isEmpty()) m.put("workflow", workflow);
        return m;
    }
}
