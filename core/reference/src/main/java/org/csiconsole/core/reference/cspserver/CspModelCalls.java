package org.csiconsole.core.reference.cspserver;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;
import java.util.function.Supplier;
import org.csiconsole.core.reference.array.ModelException;

/** Calls into the model from the CSP face: refusal to HTTP status, config text, lenient parsing. */
final class CspModelCalls {
    private CspModelCalls() {
    }


    /** Runs a model operation and maps its refusal onto the CSP's statuses. */
    static <T> T call(Supplier<T> op) {
        try {
            return op.get();
        } catch (ModelException e) {
            throw new CspProblem(switch (e.kind()) {
                case INVALID_ARGUMENT, OUT_OF_RANGE, RESOURCE_EXHAUSTED -> 400;
                case NOT_FOUND -> 404;
                case ALREADY_EXISTS, FAILED_PRECONDITION, BUSY -> 409;
                case UNAVAILABLE -> 503;
                default -> 500;
            }, e.getMessage());
        }
    }

    static Map<String, String> text(Map<String, Object> config) {
        if (config == null) return Map.of();
        Map<String, String> out = new TreeMap<>();
        config.forEach((k, v) -> {
            if (k != null) out.put(k, v == null ? "" : String.valueOf(v));
        });
        return out;
    }

    /** Config values are stored as text; true/false go back out as JSON booleans, as the spec's examples show. */
    static Object typed(String value) {
        return "true".equals(value) ? Boolean.TRUE : "false".equals(value) ? Boolean.FALSE : value;
    }

    static List<String> list(List<String> l) {
        return l == null ? List.of() : l.stream().filter(Objects::nonNull).map(String::trim).toList();
    }

    static long parseLong(String s) {
        try {
            return s == null ? 0 : Long.parseLong(s);
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
