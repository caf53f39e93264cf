package org.csiconsole.core.lifecycle;

import org.csiconsole.core.call.TraceEntry;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The volume lifecycle calls this console made, read back from its call trace: which RPC, on
 * which volume and node, at which paths, and whether it succeeded. Reads the request text in
 * protobuf text format ({@code volume_id: "pvc-1"}) and in the protobuf JSON mapping
 * ({@code "volumeId": "pvc-1"}); the trace holds no secret (it is redacted before it is recorded).
 */
public final class TraceCalls {
    private TraceCalls() {
    }

    /**
     * One lifecycle call from the trace.
     *
     * @param seq the trace's sequence number
     * @param at when the attempt started
     * @param call the RPC
     * @param volumeId its {@code volume_id} (for CreateVolume, from the response)
     * @param nodeId its {@code node_id} (controller publish calls); empty otherwise
     * @param stagingTargetPath its {@code staging_target_path}; empty when none
     * @param targetPath its {@code target_path}; empty when none
     * @param ok true when it succeeded
     * @param status {@code OK} or the gRPC code name
     * @param endpoint where it was sent
     */
    public record TracedCall(long seq, Instant at, LifecycleCall call, String volumeId, String nodeId, String stagingTargetPath,
                       String targetPath, boolean ok, String status, String endpoint) {
    }

    /** The lifecycle calls on {@code volumeId} in {@code entries}, oldest first (every attempt). */
    public static List<TracedCall> of(List<TraceEntry> entries, String volumeId) {
        List<TracedCall> out = new ArrayList<>();
        for (TraceEntry e : entries) {
            TracedCall c = parse(e);
            if (c != null && c.volumeId().equals(volumeId)) out.add(c);
        }
        return out;
    }

    /** The entry as a lifecycle call, or null when it is not one (another RPC, an HTTP request). */
    public static TracedCall parse(TraceEntry e) {
        if (!"grpc".equals(e.protocol())) return null;
        String m = e.method();
        int slash = m.lastIndexOf('/');
        if (slash < 0 || !m.startsWith("csi.v1.")) return null;
        LifecycleCall call = LifecycleCall.byRpc(m.substring(slash + 1));
        if (call == null) return null;
        String volumeId = target(e, "volume_id");
        if (volumeId.isEmpty() && call == LifecycleCall.CREATE_VOLUME) volumeId = field(e.response().json(), "volume_id");
        return new TracedCall(e.seq(), e.start(), call, volumeId, target(e, "node_id"),
                target(e, "staging_target_path"), target(e, "target_path"), e.ok(), e.status(), e.endpoint());
    }

    /**
     * The {@code publish_context} of each node {@code volumeId} is published to by this console:
     * the answer of its last successful ControllerPublishVolume to the node, dropped by a later
     * successful ControllerUnpublishVolume from it (from every node when it named none) or
     * DeleteVolume. CSI has no call that reads a publish_context back (CSI spec,
     * "ControllerPublishVolume"): the console's own calls are the only source.
     *
     * @param entries the calls this console made, oldest first
     * @return node id to its publish_context, in the order published; empty maps when the driver answered none
     */
    public static Map<String, Map<String, String>> publishContexts(List<TraceEntry> entries, String volumeId) {
        Map<String, Map<String, String>> out = new LinkedHashMap<>();
        for (TraceEntry e : entries) {
            TracedCall c = parse(e);
            if (c == null || !c.ok() || !c.volumeId().equals(volumeId)) continue;
            switch (c.call()) {
                case CONTROLLER_PUBLISH_VOLUME -> {
                    if (!c.nodeId().isEmpty()) out.put(c.nodeId(), stringMap(e.response().json(), "publish_context"));
                }
                case CONTROLLER_UNPUBLISH_VOLUME -> {
                    if (c.nodeId().isEmpty()) out.clear();
                    else out.remove(c.nodeId());
                }
                case DELETE_VOLUME -> out.clear();
                default -> {
                }
            }
        }
        return out;
    }

    /**
     * The string map in field {@code name} (proto or lowerCamelCase name) of a JSON message; empty
     * when absent. Map fields of the CSI messages are {@code map<string, string>}: one flat object.
     */
    static Map<String, String> stringMap(String json, String name) {
        Map<String, String> out = new LinkedHashMap<>();
        if (json == null || json.isEmpty()) return out;
        Matcher start = Pattern.compile("\"(?:" + Pattern.quote(name) + "|" + Pattern.quote(camel(name)) + ")\"\\s*:\\s*\\{")
                .matcher(json);
        if (!start.find()) return out;
        Matcher pair = Pattern.compile("\\G\\s*,?\\s*\"((?:[^\"\\\\]|\\\\.)*)\"\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"").matcher(json);
        int at = start.end();
        while (pair.find(at)) {
            out.put(unescape(pair.group(1)), unescape(pair.group(2)));
            at = pair.end();
        }
        return out;
    }

    /**
     * The first value of id field {@code name} the trace recorded for the call ({@link TraceEntry#targets()}),
     * else read from its request's JSON (which builds the JSON: only for ids the trace does not keep).
     */
    private static String target(TraceEntry e, String name) {
        List<String> values = e.targets().get(name);
        if (values != null && !values.isEmpty()) return values.get(0);
        return field(e.request().json(), name);
    }

    /**
     * The first string value of field {@code name} (proto field name, e.g. {@code target_path}) in
     * {@code text}, in text format or JSON (proto or lowerCamelCase names); empty when absent. A
     * longer field ending in the same words ({@code staging_target_path}) does not match.
     */
    public static String field(String text, String name) {
        if (text == null || text.isEmpty()) return "";
        String camel = camel(name);
        Pattern p = Pattern.compile("(?<![A-Za-z0-9_])\"?(?:" + Pattern.quote(name) + "|" + Pattern.quote(camel)
                + ")\"?\\s*:\\s*\"((?:[^\"\\\\]|\\\\.)*)\"");
        Matcher m = p.matcher(text);
        return m.find() ? unescape(m.group(1)) : "";
    }

    private static String camel(String name) {
        StringBuilder b = new StringBuilder();
        boolean up = false;
        for (char c : name.toCharArray()) {
            if (c == '_') {
                up = true;
            } else {
                b.append(up ? Character.toUpperCase(c) : c);
                up = false;
            }
        }
        return b.toString();
    }

    private static String unescape(String s) {
        if (s.indexOf('\\') < 0) return s;
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '\\' && i + 1 < s.length()) {
                char n = s.charAt(++i);
                b.append(switch (n) {
                    case 'n' -> '\n';
                    case 't' -> '\t';
                    default -> n;
                });
            } else {
                b.append(c);
            }
        }
        return b.toString();
    }
}
