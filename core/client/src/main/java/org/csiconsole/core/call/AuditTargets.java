package org.csiconsole.core.call;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The ids a CSI or csi-addons message names, for the audit log's target columns, read by the schema:
 * string fields named {@code *_id} / {@code *_ids} ({@code volume_id}, {@code snapshot_id},
 * {@code node_id}, {@code volume_ids}, {@code volume_group_id}, ...), {@code *_path}
 * ({@code target_path}, {@code staging_target_path}), {@code cidr} (fence.proto) and a top-level
 * {@code name}, at any depth. Fields marked secret ({@link Redactor#isSecret}) and map fields
 * (parameters, contexts, secrets) are never read.
 */
final class AuditTargets {
    private AuditTargets() {
    }

    /** Adds the ids of {@code message} to {@code into}, field name to values in order, without duplicates. */
    static void collect(Message message, Redactor redactor, Map<String, List<String>> into) {
        walk(message, redactor, into, 0);
    }

    /** The ids of {@code message}. */
    static Map<String, List<String>> of(Message message, Redactor redactor) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        collect(message, redactor, m);
        return m;
    }

    private static void walk(Message message, Redactor redactor, Map<String, List<String>> into, int depth) {
        if (depth > 8) return;
        for (Map.Entry<FieldDescriptor, Object> e : message.getAllFields().entrySet()) {
            FieldDescriptor f = e.getKey();
            if (redactor.isSecret(f) || f.isMapField()) continue;
            if (f.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
                if (f.isRepeated()) {
                    for (Object o : (List<?>) e.getValue()) walk((Message) o, redactor, into, depth + 1);
                } else {
                    walk((Message) e.getValue(), redactor, into, depth + 1);
                }
            } else if (f.getJavaType() == FieldDescriptor.JavaType.STRING && isTarget(f.getName(), depth)) {
                if (f.isRepeated()) {
                    for (Object o : (List<?>) e.getValue()) add(into, f.getName(), (String) o);
                } else {
                    add(into, f.getName(), (String) e.getValue());
                }
            }
        }
    }

    private static boolean isTarget(String name, int depth) {
        return name.endsWith("_id") || name.endsWith("_ids") || name.endsWith("_path") || name.equals("cidr")
                || (depth == 0 && name.equals("name"));
    }

    static void add(Map<String, List<String>> into, String key, String value) {
        if (value == null || value.isEmpty()) return;
        List<String> l = into.computeIfAbsent(key, k -> new ArrayList<>());
        if (!l.contains(value)) l.add(value);
    }
}
