package org.csiconsole.core.model;

import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Credentials passed to a CSI or csi-addons call ({@code secrets} fields, marked {@code csi_secret}
 * in the protos). The values are never printed: {@link #toString()} shows only the keys, so a
 * record or log line holding a {@code Secrets} cannot leak them. {@link #NONE} given to a call means
 * its caller adds none of its own: the connection's secrets for the call's {@link SecretClass} are
 * sent ({@link ConnectionSecrets}).
 */
public final class Secrets {
    /** No secrets. */
    public static final Secrets NONE = new Secrets(Map.of());

    private final Map<String, String> values;

    private Secrets(Map<String, String> values) {
        this.values = Map.copyOf(values);
    }

    /** Secrets from key/value pairs; keys per the CSI spec are alphanumerics, '-', '_' or '.'. */
    public static Secrets of(Map<String, String> values) {
        Objects.requireNonNull(values, "values");
        return values.isEmpty() ? NONE : new Secrets(values);
    }

    /** The key/value pairs, for the wire only. */
    public Map<String, String> values() {
        return values;
    }

    public boolean isEmpty() {
        return values.isEmpty();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Secrets s && s.values.equals(values);
    }

    @Override
    public int hashCode() {
        return values.hashCode();
    }

    @Override
    public String toString() {
        return "Secrets" + new TreeMap<>(values).keySet() + " (values hidden)";
    }
}
