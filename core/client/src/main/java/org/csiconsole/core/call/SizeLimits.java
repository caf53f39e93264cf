package org.csiconsole.core.call;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;

import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Client-side check of the CSI field size limits before a request is sent
 * (csi-spec-v0.1-lifecycle.md, "Field Size Limits"; unchanged in v1.12): a {@code string} at most
 * {@value #STRING_BYTES} bytes, a {@code map<string, string>} at most {@value #MAP_BYTES} bytes of
 * keys and values together. Each element of a repeated string is a string.
 *
 * <p>Fields whose description in the spec overrides the general limit:
 * <ul>
 *   <li>paths ({@code target_path}, {@code staging_target_path}, {@code volume_path}): the plugin must
 *       accept the operating system's path length; checked against {@value #PATH_BYTES} bytes (Linux PATH_MAX);</li>
 *   <li>{@code mount_flags}: {@value #MAP_BYTES} bytes for all flags together;</li>
 *   <li>{@code starting_token}: issued by the plugin itself and passed back unchanged, so not checked;</li>
 *   <li>{@code security_token} (SnapshotMetadata): an authentication token issued by the cluster, not checked.</li>
 * </ul>
 * Messages of the request are checked recursively. The failure names the field and its size, never its value.
 */
public final class SizeLimits {
    public static final int STRING_BYTES = 128;
    public static final int MAP_BYTES = 4096;
    public static final int PATH_BYTES = 4096;

    private static final Set<String> PATHS = Set.of("target_path", "staging_target_path", "volume_path", "staging_path");
    private static final Set<String> UNCHECKED = Set.of("starting_token", "security_token");

    /** Empty when every field is within limits; otherwise the first violation. */
    public Optional<CallFailure> check(String what, Message request) {
        String problem = problem("", request);
        if (problem == null) return Optional.empty();
        return Optional.of(new CallFailure(FailureKind.INVALID_ARGUMENT, FailureOwner.CHECKED, what, problem,
                "Shorten the value; the CSI spec's field size limits apply to every request, and the request was not sent",
                "checked before sending", null));
    }

    private String problem(String prefix, Message m) {
        for (Map.Entry<FieldDescriptor, Object> e : m.getAllFields().entrySet()) {
            FieldDescriptor f = e.getKey();
            String name = prefix + f.getName();
            if (UNCHECKED.contains(f.getName())) continue;
            if (f.isMapField()) {
                FieldDescriptor.JavaType vt = f.getMessageType().findFieldByName("value").getJavaType();
                List<?> entries = (List<?>) e.getValue();
                if (vt == FieldDescriptor.JavaType.STRING) {
                    long total = 0;
                    for (Object o : entries) {
                        Message entry = (Message) o;
                        for (Object v : entry.getAllFields().values()) total += bytes(v);
                    }
                    if (total > MAP_BYTES) {
                        return "the map " + name + " holds " + total + " bytes of keys and values; the limit is "
                                + MAP_BYTES + " bytes (4 KiB)";
                    }
                } else if (vt == FieldDescriptor.JavaType.MESSAGE) {
                    for (Object o : entries) {
                        Message entry = (Message) o;
                        FieldDescriptor vf = entry.getDescriptorForType().findFieldByName("value");
                        String p = problem(name + "[].", (Message) entry.getField(vf));
                        if (p != null) return p;
                    }
                }
            } else if (f.getJavaType() == FieldDescriptor.JavaType.STRING) {
                if (f.isRepeated()) {
                    List<?> values = (List<?>) e.getValue();
                    if (f.getName().equals("mount_flags")) {
                        long total = 0;
                        for (Object v : values) total += bytes(v);
                        if (total > MAP_BYTES) {
                            return "the mount flags in " + name + " hold " + total + " bytes; the limit is " + MAP_BYTES + " bytes (4 KiB)";
                        }
                        continue;
                    }
                    for (int i = 0; i < values.size(); i++) {
                        long n = bytes(values.get(i));
                        if (n > STRING_BYTES) {
                            return "entry " + (i + 1) + " of " + name + " is " + n + " bytes; the limit is " + STRING_BYTES + " bytes";
                        }
                    }
                } else {
                    long n = bytes(e.getValue());
                    long limit = PATHS.contains(f.getName()) ? PATH_BYTES : STRING_BYTES;
                    if (n > limit) return "the field " + name + " is " + n + " bytes; the limit is " + limit + " bytes";
                }
            } else if (f.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
                if (f.isRepeated()) {
                    for (Object v : (List<?>) e.getValue()) {
                        String p = problem(name + "[].", (Message) v);
                        if (p != null) return p;
                    }
                } else {
                    String p = problem(name + ".", (Message) e.getValue());
                    if (p != null) return p;
                }
            }
        }
        return null;
    }

    private static long bytes(Object v) {
        return v instanceof String s ? s.getBytes(StandardCharsets.UTF_8).length : 0;
    }
}
