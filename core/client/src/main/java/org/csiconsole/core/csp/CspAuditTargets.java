package org.csiconsole.core.csp;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The ids a CSP request names, for the audit log: the object in the path ({@code volumes/{id}} is
 * {@code volume_id}, {@code volume_groups/{id}} is {@code volume_group_id}, ...) and the body's
 * top-level {@code name} and {@code *_id} / {@code *_ids} / {@code *_uuid} fields; for a create that
 * succeeded, the new object's {@code id}. Secret fields ({@link CspRedactor#isSecretField}) are never read.
 */
final class CspAuditTargets {
    private static final ObjectMapper TREE = new ObjectMapper();

    private CspAuditTargets() {
    }

    /** Ids of a request to {@code segments} with JSON {@code body} (null for none). */
    static Map<String, List<String>> request(List<String> segments, byte[] body) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        for (int i = 0; i + 1 < segments.size(); i += 2) {
            if ("actions".equals(segments.get(i))) break;
            add(m, idKey(segments.get(i)), segments.get(i + 1));
        }
        JsonNode tree = parse(body);
        if (tree != null && tree.isObject()) {
            Iterator<Map.Entry<String, JsonNode>> it = tree.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                String k = e.getKey();
                if (CspRedactor.isSecretField(k)) continue;
                if (k.equals("name") || k.endsWith("_id") || k.endsWith("_ids") || k.endsWith("_uuid") || k.equals("host")) {
                    if (e.getValue().isArray()) e.getValue().forEach(v -> add(m, k, v.asText()));
                    else if (e.getValue().isValueNode()) add(m, k, e.getValue().asText());
                }
            }
        }
        return m;
    }

    /** The id of the object a POST to {@code segments} created, read from the reply body. */
    static Map<String, List<String>> created(String method, List<String> segments, CspHttp.Reply reply) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        if (!"POST".equals(method) || segments.size() != 1 || reply == null) return m;
        JsonNode tree = parse(reply.body());
        if (tree != null && tree.path("id").isValueNode()) add(m, idKey(segments.get(0)), tree.path("id").asText());
        return m;
    }

    /** {@code volumes} → {@code volume_id}, {@code volume_groups} → {@code volume_group_id}. */
    static String idKey(String collection) {
        String singular = collection.endsWith("s") ? collection.substring(0, collection.length() - 1) : collection;
        return singular + "_id";
    }

    private static JsonNode parse(byte[] body) {
        if (body == null || body.length == 0) return null;
        try {
            return TREE.readTree(body);
        } catch (IOException e) {
            return null;
        }
    }

    private static void add(Map<String, List<String>> m, String key, String value) {
        if (value == null || value.isEmpty()) return;
        List<String> l = m.computeIfAbsent(key, k -> new ArrayList<>());
        if (!l.contains(value)) l.add(value);
    }
}
