package org.csiconsole.core.csp;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.lang.reflect.RecordComponent;
import java.util.Iterator;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Redacts CSP secrets from JSON text and headers before anything is recorded. The secret field
 * names come from the {@link CspSecret} marks on {@link CspDto}: {@code password},
 * {@code session_token}, {@code chap_password} (hpe-csp-rest-spec.md, "Objects"); the
 * {@code x-auth-token} header carries the session token.
 */
public final class CspRedactor {
    /** What a secret value is replaced with. */
    public static final String MASK = "***";
    /** The header that carries the session token. */
    public static final String AUTH_HEADER = "x-auth-token";

    private static final Set<String> SECRET_FIELDS = scanSchema();
    private static final ObjectMapper TREE = new ObjectMapper();

    private CspRedactor() {
    }

    /** The JSON field names treated as secrets, derived from the DTO schema. */
    public static Set<String> secretFields() {
        return SECRET_FIELDS;
    }

    private static Set<String> scanSchema() {
        PropertyNamingStrategies.NamingBase snake = (PropertyNamingStrategies.NamingBase) PropertyNamingStrategies.SNAKE_CASE;
        Set<String> names = new TreeSet<>();
        for (Class<?> c : CspDto.class.getDeclaredClasses()) {
            if (!c.isRecord()) continue;
            for (RecordComponent rc : c.getRecordComponents()) {
                if (!rc.isAnnotationPresent(CspSecret.class)) continue;
                JsonProperty p = rc.getAnnotation(JsonProperty.class);
                String wire = p != null && !p.value().isEmpty() ? p.value() : snake.translate(rc.getName());
                names.add(wire.toLowerCase(Locale.ROOT));
            }
        }
        return Set.copyOf(names);
    }

    /**
     * Returns the JSON text with every secret field's value replaced by {@link #MASK}, at any depth.
     * Text that is not JSON is returned as a placeholder with its length, never verbatim, because it
     * cannot be checked.
     */
    public static String redactJson(String json) {
        return redactJson(json, false);
    }

    /**
     * As {@link #redactJson(String)}; {@code pretty} indents the JSON over several lines (the trace
     * view shows it so).
     */
    public static String redactJson(String json, boolean pretty) {
        if (json == null || json.isBlank()) return "";
        try {
            JsonNode tree = TREE.readTree(json);
            if (tree == null) return "";
            JsonNode redacted = redact(tree);
            return pretty ? TREE.writerWithDefaultPrettyPrinter().writeValueAsString(redacted) : TREE.writeValueAsString(redacted);
        } catch (JsonProcessingException e) {
            return "<" + json.length() + " characters, not JSON>";
        }
    }

    /**
     * Whether {@code body} may hold a secret: it contains one of the {@linkplain #secretFields()
     * secret field names}, in any case. A body that does not cannot, so it may be kept as it is
     * and redacted later.
     */
    public static boolean mayHoldSecret(byte[] body) {
        if (body == null || body.length == 0) return false;
        String text = new String(body, java.nio.charset.StandardCharsets.ISO_8859_1).toLowerCase(Locale.ROOT);
        for (String name : SECRET_FIELDS) if (text.contains(name)) return true;
        return false;
    }

    /** Redacts a tree in place and returns it. */
    public static JsonNode redact(JsonNode node) {
        if (node instanceof ObjectNode o) {
            Iterator<Map.Entry<String, JsonNode>> it = o.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                if (isSecretField(e.getKey())) e.setValue(o.textNode(MASK));
                else redact(e.getValue());
            }
        } else if (node instanceof ArrayNode a) {
            for (JsonNode child : a) redact(child);
        }
        return node;
    }

    /** True for a secret field name, compared case-insensitively. */
    public static boolean isSecretField(String name) {
        return name != null && SECRET_FIELDS.contains(name.toLowerCase(Locale.ROOT));
    }

    /** The header value as it may be recorded: masked for {@code x-auth-token}. */
    public static String redactHeader(String name, String value) {
        return AUTH_HEADER.equalsIgnoreCase(name) ? MASK : value;
    }
}
