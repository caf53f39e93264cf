package org.csiconsole.core.trace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.util.Iterator;
import java.util.Map;

/**
 * Turns the masked values of a redacted request ({@code "***"}, see {@code Redactor.MASK} and
 * {@code CspRedactor.MASK}) into placeholders that say what to fill in:
 * {@code <secret:secrets.password>}, the JSON path of the value. A command built from the result
 * holds no secret and shows where one goes.
 */
final class SecretPlaceholders {
    /** What the redactors put in place of a secret value. */
    static final String MASK = "***";

    private SecretPlaceholders() {
    }

    /** The placeholder of the secret at {@code path}. */
    static String placeholder(String path) {
        return "<secret:" + path + ">";
    }

    /** Replaces, in place, every masked string value of {@code tree}; returns the tree. */
    static JsonNode replace(JsonNode tree) {
        walk(tree, "");
        return tree;
    }

    private static void walk(JsonNode node, String path) {
        if (node instanceof ObjectNode o) {
            Iterator<Map.Entry<String, JsonNode>> it = o.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> e = it.next();
                String p = path.isEmpty() ? e.getKey() : path + "." + e.getKey();
                if (e.getValue().isTextual() && MASK.equals(e.getValue().asText())) e.setValue(o.textNode(placeholder(p)));
                else walk(e.getValue(), p);
            }
        } else if (node instanceof ArrayNode a) {
            for (int i = 0; i < a.size(); i++) {
                String p = path + "[" + i + "]";
                if (a.get(i).isTextual() && MASK.equals(a.get(i).asText())) a.set(i, a.textNode(placeholder(p)));
                else walk(a.get(i), p);
            }
        }
    }
}
