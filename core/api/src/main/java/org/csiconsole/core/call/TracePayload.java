package org.csiconsole.core.call;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * The request or response of a traced call as JSON, already redacted (secret values are
 * {@code "***"}): for gRPC the protobuf JSON mapping of the message (proto3 JSON, as grpcurl reads
 * and prints it), for the CSP REST API the body. Built when first asked for (the trace view shows
 * it, a command copies it, a file saves it), not when the call is recorded, and kept once built.
 */
public interface TracePayload {
    /** No payload: a request without fields, a failed call's response. */
    TracePayload EMPTY = of("");

    /** The JSON text; empty for no payload. Other text (a body that is no JSON) is returned as it is. */
    String json();

    /**
     * What was left out, e.g. {@code "480 more entries of entries not shown"}, or
     * {@code "3 messages; the first is shown"} for a stream; empty when nothing was.
     */
    String note();

    /** Whether there is no payload. */
    default boolean isEmpty() {
        return json().isEmpty();
    }

    /** A payload whose JSON is known now (read back from a saved trace, say). */
    static TracePayload of(String json) {
        return of(json, "");
    }

    /** A payload whose JSON is known now, with a note on what was left out. */
    static TracePayload of(String json, String note) {
        String j = json == null ? "" : json;
        String n = note == null ? "" : note;
        return new TracePayload() {
            @Override
            public String json() {
                return j;
            }

            @Override
            public String note() {
                return n;
            }

            @Override
            public String toString() {
                return j;
            }
        };
    }

    /**
     * A payload built by {@code json} on first use, once, on the thread that first asks; a
     * {@code json} that throws gives a placeholder saying so, never the raw message.
     */
    static TracePayload lazy(Supplier<String> json, String note) {
        Objects.requireNonNull(json, "json");
        String n = note == null ? "" : note;
        return new TracePayload() {
            /** Dropped once the JSON is built, with the message it holds. */
            private Supplier<String> source = json;
            private volatile String built;

            @Override
            public String json() {
                String b = built;
                if (b != null) return b;
                synchronized (this) {
                    if (built == null) {
                        try {
                            built = Objects.requireNonNullElse(source.get(), "");
                        } catch (RuntimeException e) {
                            built = "<not shown: " + e.getClass().getSimpleName() + ">";
                        }
                        source = null;
                    }
                    return built;
                }
            }

            @Override
            public String note() {
                return n;
            }

            @Override
            public String toString() {
                return json();
            }
        };
    }
}
