package org.csiconsole.core.model;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Function;

/**
 * The names a person knows a connection's volumes (and snapshots, and a CSP array's hosts) by, beside their ids: the one
 * place a target is worded for a person ({@link #label(String, String)}: {@code "pvc-web (vol-0001)"}). CSI reports no
 * names; they come from the console's record (the name a volume was created under), from the CSP array a volume is
 * correlated with, and from a successful CreateVolume; a CSP client learns its volumes' and hosts' names from what it
 * lists. Failure titles and the audit log's targets read them from here. Thread-safe.
 */
public final class VolumeNames {
    private final Map<String, String> byId = new ConcurrentHashMap<>();
    private volatile Function<String, String> fallback = id -> "";

    /** {@code name (id)}; {@code id} alone when the name is empty or is the id itself. */
    public static String label(String id, String name) {
        return name == null || name.isEmpty() || name.equals(id) ? id : name + " (" + id + ")";
    }

    /** Keeps {@code name} for {@code id}; an empty name or one equal to the id is no name and changes nothing. */
    public void learn(String id, String name) {
        if (id == null || id.isEmpty() || name == null || name.isEmpty() || name.equals(id)) return;
        byId.put(id, name);
    }

    /** Keeps the name of {@code v}, when it has one. */
    public void learn(Volume v) {
        learn(v.volumeId(), v.name());
    }

    /** Names not learned are asked of {@code names} (id to name, empty when unknown), e.g. the console's record. */
    public void fallingBackTo(Function<String, String> names) {
        fallback = names == null ? id -> "" : names;
    }

    /** The name of {@code id}; empty when none is known. */
    public String nameOf(String id) {
        String n = byId.get(id);
        if (n != null) return n;
        String f = fallback.apply(id);
        return f == null || f.equals(id) ? "" : f;
    }

    /** {@link #label(String, String)} of {@code id} with its known name. */
    public String label(String id) {
        return label(id, nameOf(id));
    }

    /**
     * {@code text} with each word that is a known id worded by {@link #label(String)}:
     * {@code "ControllerUnpublishVolume vol-1 from node-1"} reads {@code "ControllerUnpublishVolume pvc-web (vol-1) from node-1"}.
     */
    public String labelIn(String text) {
        String[] words = text.split(" ", -1);
        StringBuilder b = new StringBuilder(text.length() + 16);
        for (int i = 0; i < words.length; i++) {
            if (i > 0) b.append(' ');
            b.append(words[i].isEmpty() ? "" : label(words[i]));
        }
        return b.toString();
    }
}
