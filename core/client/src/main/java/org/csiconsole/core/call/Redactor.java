package org.csiconsole.core.call;

import com.google.protobuf.ByteString;
import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import com.google.protobuf.TextFormat;
import com.google.protobuf.UnknownFieldSet;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Redacts gRPC messages by their schema. A field is secret when its options carry a true boolean
 * extension named {@code csi_secret} (csi.proto, {@code csi.v1.csi_secret}; csi-addons reuses it) or
 * {@code replication_secret} (should a csi-addons definition add one). No field names are listed
 * here: the descriptor decides. Secret strings and bytes become {@value #MASK}; secret maps keep
 * their keys and mask every value; secret messages are cleared. Redaction recurses through nested
 * messages, repeated fields and map values. Unknown fields are dropped, since their options cannot
 * be read.
 *
 * <p>For trace text, repeated fields longer than the configured limit keep their first entries and
 * note how many were left out, so a ListVolumes page of thousands of entries stays cheap to trace.
 */
public final class Redactor {
    /** What a secret value is replaced with. */
    public static final String MASK = "***";

    private static final Set<String> SECRET_OPTIONS = Set.of("csi_secret", "replication_secret");

    private final int maxRepeated;
    private final Map<Descriptor, Boolean> hasSecrets = new ConcurrentHashMap<>();
    private final Map<FieldDescriptor, Boolean> secretFields = new ConcurrentHashMap<>();

    /** Keeps at most 20 entries of each repeated field in trace text. */
    public Redactor() {
        this(20);
    }

    /** @param maxRepeated entries of a repeated field kept in {@link #text(Message)} */
    public Redactor(int maxRepeated) {
        if (maxRepeated < 1) throw new IllegalArgumentException("maxRepeated must be at least 1");
        this.maxRepeated = maxRepeated;
    }

    /** Entries of a repeated field kept in trace text and trace JSON. */
    public int maxRepeated() {
        return maxRepeated;
    }

    /** True when the field's options mark it secret. */
    public boolean isSecret(FieldDescriptor field) {
        return secretFields.computeIfAbsent(field, Redactor::readSecretOption);
    }

    private static boolean readSecretOption(FieldDescriptor field) {
        for (Map.Entry<FieldDescriptor, Object> e : field.getOptions().getAllFields().entrySet()) {
            if (e.getKey().isExtension() && SECRET_OPTIONS.contains(e.getKey().getName()) && Boolean.TRUE.equals(e.getValue())) {
                return true;
            }
        }
        return false;
    }

    /** A copy of {@code message} with every secret masked (all repeated entries kept). */
    public Message redact(Message message) {
        return redactCopy(message);
    }

    /**
     * Redacted, possibly shortened text of a message (protobuf text format), for traces and logs.
     * Printed straight from the message, without building a redacted copy first: secrets are masked
     * as they are written (the same rules as {@link #redact(Message)}), each repeated field stops after
     * the configured number of entries, and a closing comment line says how many were left out.
     */
    public String text(Message message) {
        StringBuilder b = new StringBuilder(256);
        List<String> notes = new ArrayList<>(0);
        print(message, b, 0, notes);
        for (String n : notes) b.append("# ").append(n).append('\n');
        return b.toString();
    }

    private void print(Message m, StringBuilder b, int indent, List<String> notes) {
        for (Map.Entry<FieldDescriptor, Object> e : m.getAllFields().entrySet()) {
            FieldDescriptor f = e.getKey();
            boolean secret = isSecret(f);
            if (!f.isRepeated()) {
                printValue(f, e.getValue(), secret, b, indent, notes);
                continue;
            }
            List<?> values = (List<?>) e.getValue();
            int keep = Math.min(values.size(), maxRepeated);
            for (int i = 0; i < keep; i++) printValue(f, values.get(i), secret, b, indent, notes);
            if (keep < values.size()) notes.add((values.size() - keep) + " more entries of " + f.getName() + " not shown");
        }
    }

    private void printValue(FieldDescriptor f, Object value, boolean secret, StringBuilder b, int indent, List<String> notes) {
        if (f.getJavaType() != FieldDescriptor.JavaType.MESSAGE) {
            Object shown = secret ? maskedValue(f, value) : value;
            if (shown == null) return; // a secret number, bool or enum: left out, as redact() clears it
            // the printer takes a repeated field's values as a list; one entry is printed at a time here
            b.append("  ".repeat(indent)).append(TextFormat.printer().printFieldToString(f, f.isRepeated() ? List.of(shown) : shown));
            return;
        }
        if (secret && !f.isMapField()) return; // a secret message: left out, as redact() clears it
        Message m = (Message) value;
        b.append("  ".repeat(indent)).append(f.isExtension() ? "[" + f.getFullName() + "]" : f.getName()).append(" {\n");
        if (secret) {
            // a secret map entry: the key stays, the value is masked
            FieldDescriptor key = m.getDescriptorForType().findFieldByName("key");
            FieldDescriptor val = m.getDescriptorForType().findFieldByName("value");
            b.append("  ".repeat(indent + 1)).append(TextFormat.printer().printFieldToString(key, m.getField(key)));
            Object masked = maskedValue(val, m.getField(val));
            if (masked != null) b.append("  ".repeat(indent + 1)).append(TextFormat.printer().printFieldToString(val, masked));
        } else {
            print(m, b, indent + 1, notes);
        }
        b.append("  ".repeat(indent)).append("}\n");
    }

    private boolean containsSecrets(Descriptor type) {
        Boolean known = hasSecrets.get(type);
        if (known != null) return known;
        hasSecrets.put(type, false); // guards recursive types while computing
        boolean any = false;
        for (FieldDescriptor f : type.getFields()) {
            if (isSecret(f) || (f.getJavaType() == FieldDescriptor.JavaType.MESSAGE && containsSecrets(f.getMessageType()))) {
                any = true;
                break;
            }
        }
        hasSecrets.put(type, any);
        return any;
    }

    private Message redactCopy(Message message) {
        boolean secrets = containsSecrets(message.getDescriptorForType());
        boolean unknown = !message.getUnknownFields().asMap().isEmpty();
        if (!secrets && !unknown) return message;
        Message.Builder b = message.toBuilder();
        if (unknown) b.setUnknownFields(UnknownFieldSet.getDefaultInstance());
        for (Map.Entry<FieldDescriptor, Object> e : message.getAllFields().entrySet()) {
            FieldDescriptor f = e.getKey();
            if (isSecret(f)) {
                mask(b, f, e.getValue());
            } else if (f.getJavaType() == FieldDescriptor.JavaType.MESSAGE) {
                if (f.isRepeated()) {
                    b.clearField(f);
                    for (Object v : (List<?>) e.getValue()) b.addRepeatedField(f, redactCopy((Message) v));
                } else {
                    b.setField(f, redactCopy((Message) e.getValue()));
                }
            }
        }
        return b.build();
    }

    private static void mask(Message.Builder b, FieldDescriptor f, Object value) {
        if (f.isMapField()) {
            b.clearField(f);
            for (Object entry : (List<?>) value) {
                Message m = (Message) entry;
                FieldDescriptor valueField = m.getDescriptorForType().findFieldByName("value");
                Message.Builder eb = m.toBuilder();
                maskSingle(eb, valueField, m.getField(valueField));
                b.addRepeatedField(f, eb.build());
            }
        } else if (f.isRepeated()) {
            b.clearField(f);
            for (Object v : (List<?>) value) {
                Object masked = maskedValue(f, v);
                if (masked != null) b.addRepeatedField(f, masked);
            }
        } else {
            maskSingle(b, f, value);
        }
    }

    private static void maskSingle(Message.Builder b, FieldDescriptor f, Object value) {
        Object masked = maskedValue(f, value);
        if (masked == null) b.clearField(f);
        else b.setField(f, masked);
    }

    private static Object maskedValue(FieldDescriptor f, Object value) {
        // numbers, bools, enums and messages have no marker value: they are cleared
        if (f.getJavaType() == FieldDescriptor.JavaType.STRING) return MASK;
        if (f.getJavaType() == FieldDescriptor.JavaType.BYTE_STRING) return ByteString.copyFromUtf8(MASK);
        return null;
    }
}
