package org.csiconsole.core.trace;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import org.csiconsole.core.call.TraceEntry;

/**
 * A traced request's JSON as a tree with its secrets as {@linkplain SecretPlaceholders placeholders},
 * for the command builders; or why it cannot be repeated.
 */
record RequestTree(JsonNode tree, String problem) {
    static final ObjectMapper JSON = new ObjectMapper();

    /** Reads the request of {@code entry}; an empty request is an empty object. */
    static RequestTree of(TraceEntry entry) {
        String note = entry.request().note();
        if (note.contains("not shown") || note.contains("not recorded")) {
            return new RequestTree(null, "the trace kept only part of the request (" + note + "), so it cannot be repeated as it was sent");
        }
        String json = entry.request().json();
        if (json.isBlank()) return new RequestTree(JsonNodeFactory.instance.objectNode(), "");
        try {
            return new RequestTree(SecretPlaceholders.replace(JSON.readTree(json)), "");
        } catch (JsonProcessingException e) {
            return new RequestTree(null, "the recorded request is not JSON");
        }
    }

    boolean ok() {
        return problem.isEmpty();
    }

    /** The tree as one line of JSON. */
    String compact() {
        try {
            return JSON.writeValueAsString(tree);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("a parsed tree cannot be written back", e);
        }
    }
}
