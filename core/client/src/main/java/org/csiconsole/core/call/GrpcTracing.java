package org.csiconsole.core.call;

import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.util.JsonFormat;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the {@link CallPolicy} puts in a {@link TraceEntry} for a gRPC message: a {@link TracePayload}
 * whose JSON (protobuf JSON mapping, {@link JsonFormat}) is printed only when first asked for, and
 * the ids the message names. At record time a message is only redacted ({@link Redactor#redact}:
 * the same instance for a message type without secret fields) and, when a top-level repeated field
 * holds more than {@link Redactor#maxRepeated()} entries (a ListVolumes page), cut to that many, so
 * the trace neither holds secrets nor whole pages.
 */
final class GrpcTracing {
    /** Made on first use: the printer's classes (some 300 with protobuf-java-util's) load when a trace entry's JSON is shown. */
    private static final class Json {
        static final JsonFormat.Printer PRINTER = JsonFormat.printer().sortingMapKeys();
    }

    private GrpcTracing() {
    }

    /** The redacted, possibly cut message, with its JSON printed on first use. */
    static TracePayload payload(Message message, Redactor redactor) {
        return payload(message, redactor, "");
    }

    /**
     * The first message of a stream of {@code count}, with its JSON printed on first use; a note
     * says how many there were.
     */
    static TracePayload stream(Message first, long count, Redactor redactor) {
        if (count == 0 || first == null) return TracePayload.of("", "no messages");
        return payload(first, redactor, count == 1 ? "1 message" : count + " messages; the first is shown");
    }

    private static TracePayload payload(Message message, Redactor redactor, String extraNote) {
        Message redacted = redactor.redact(message);
        List<String> notes = new ArrayList<>(1);
        Message kept = cut(redacted, redactor.maxRepeated(), notes);
        if (!extraNote.isEmpty()) notes.add(0, extraNote);
        String note = String.join("; ", notes);
        return TracePayload.lazy(() -> json(kept), note);
    }

    /**
     * The JSON of a message in the proto3 JSON mapping: lowerCamel field names (the {@code json_name}),
     * 64-bit integers as strings, enums by name, default values left out; what grpcurl prints and reads.
     * Characters the printer escapes for HTML ({@code \u003d} for {@code =}, {@code <}, {@code >},
     * {@code &}, {@code '}) are written as themselves: a parameter reads {@code a=b}, as typed.
     */
    static String json(Message m) {
        try {
            return plain(Json.PRINTER.print(m));
        } catch (InvalidProtocolBufferException e) {
            // Only Any fields with types the printer does not know fail; CSI and csi-addons have none.
            throw new IllegalStateException("cannot print " + m.getDescriptorForType().getFullName() + " as JSON", e);
        }
    }

    private static final java.util.regex.Pattern HTML_ESCAPE = java.util.regex.Pattern.compile("(?<!\\\\)((?:\\\\\\\\)*)\\\\u00(3d|3c|3e|26|27)");

    /** {@code json} with the HTML-safe escapes of Gson (which the printer uses) undone; an escaped backslash before them is kept. */
    static String plain(String json) {
        if (json.indexOf("\\u00") < 0) return json;
        return HTML_ESCAPE.matcher(json).replaceAll(r -> java.util.regex.Matcher.quoteReplacement(
                r.group(1) + (char) Integer.parseInt(r.group(2), 16)));
    }

    /** {@code m} with each top-level repeated field cut to {@code max} entries; what was left out goes to {@code notes}. */
    private static Message cut(Message m, int max, List<String> notes) {
        Message.Builder b = null;
        for (FieldDescriptor f : m.getDescriptorForType().getFields()) {
            if (!f.isRepeated() || f.isMapField()) continue;
            int n = m.getRepeatedFieldCount(f);
            if (n <= max) continue;
            if (b == null) b = m.toBuilder();
            b.clearField(f);
            for (int i = 0; i < max; i++) b.addRepeatedField(f, m.getRepeatedField(f, i));
            notes.add((n - max) + " more entries of " + f.getName() + " not shown");
        }
        return b == null ? m : b.build();
    }

    /** The ids {@code request} names (see {@link AuditTargets}). */
    static Map<String, List<String>> targets(Message request, Redactor redactor) {
        return AuditTargets.of(request, redactor);
    }

    /**
     * {@code requestTargets} with the ids a response adds (the created volume's volume_id); a
     * response with a repeated message field of more than one entry (a listing) adds none: it
     * names what exists, not what the call acted on.
     */
    static Map<String, List<String>> withResponse(Map<String, List<String>> requestTargets, Message response, Redactor redactor) {
        for (FieldDescriptor f : response.getDescriptorForType().getFields()) {
            if (f.isRepeated() && !f.isMapField() && f.getJavaType() == FieldDescriptor.JavaType.MESSAGE
                    && response.getRepeatedFieldCount(f) > 1) {
                return requestTargets;
            }
        }
        Map<String, List<String>> all = new LinkedHashMap<>();
        requestTargets.forEach((k, v) -> all.put(k, new ArrayList<>(v)));
        AuditTargets.collect(response, redactor, all);
        return all;
    }
}
