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
 * {@code name}, at any depth. An id inside a content source ({@code volume_content_source} of CreateVolume,
 * {@code content_source} of its Volume) is the source's, not the new volume's: it is kept as
 * {@code source_volume_id} / {@code source_snapshot_id}, the names CreateSnapshot's request gives a source.
 * Fields marked secret ({@link Redactor#isSecret}) and map fields (parameters, contexts, secrets) are never read.
 */
final class AuditTargets {
    private AuditTargets() {
    }

    /** Adds the ids of {@code message} to {@code into}, field name to values in order, without duplicates. */
    static void collect(Message message, Redactor redactor, Map<String, List<String>> into) {
        walk(message, redactor, into, 0, "");
    }

    /** The ids of {@code message}. */
    static Map<String, List<String>> of(Message message, Redactor redactor) {
        Map<String, List<String>> m = new LinkedHashMap<>();
        collect(message, redactor, m);
        return m;
    }

    /** The prefix the ids inside a content source get. */
    static final String SOURCE = "source_";

    private static void walk(Message message, Redactor redactor, Map<String, List<String>> into, int depth, String prefix) {
        if (depth > 8) return;
        for (Map.Entry<FieldDescriptor, Object> e : message.getAllFields().entrySet()) {
            FieldDescriptor f = e.getKey();
            if (redactor.isSecret(f) || f.isMapField()) continue;
            if (f.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
                String inner = f.getName().endsWith("content_source") ? SOURCE : prefix;
                if (f.isRepeated()) {
                    for (Object o : (List<?>) e.getValue()) walk((Message) o, redactor, into, depth + 1, inner);
                } else {
                    walk((Message) e.getValue(), redactor, into, depth + 1, inner);
                }
            } else if (f.getJavaType() == FieldDescriptor.JavaType.STRING && isTarget(f.getName(), depth)) {
                String key = f.getName().startsWith(SOURCE) ? f.getName() : prefix + f.getName();
                if (f.isRepeated()) {
                    for (Object o : (List<?>) e.getValue()) add(into, key, (String) o);
                } else {
                    add(into, key, (String) e.getValue());
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
