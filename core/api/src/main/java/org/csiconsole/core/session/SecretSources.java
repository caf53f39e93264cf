package org.csiconsole.core.session;

import org.csiconsole.core.model.SecretClass;

import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

/**
 * Where a connection's secrets come from, per {@link SecretClass}: paths of secrets files (a JSON
 * object of strings, or {@code key=value} lines), never the values. Saved with the profile.
 *
 * @param all the file for every class without an override; empty for none
 * @param perClass files for single classes, overriding {@code all}; blank paths are dropped
 */
public record SecretSources(String all, Map<SecretClass, String> perClass) {
    /** No secrets. */
    public static final SecretSources NONE = new SecretSources("", Map.of());

    public SecretSources {
        all = all == null ? "" : all.strip();
        EnumMap<SecretClass, String> kept = new EnumMap<>(SecretClass.class);
        if (perClass != null) {
            perClass.forEach((c, p) -> {
                if (c != null && p != null && !p.isBlank()) kept.put(c, p.strip());
            });
        }
        perClass = kept.isEmpty() ? Map.of() : Map.copyOf(kept);
    }

    /** One file for every class, the common case. */
    public static SecretSources allFrom(String file) {
        return new SecretSources(file, Map.of());
    }

    /** The file named for {@code c}: its override, else {@link #all()}; empty when none. */
    public Optional<String> fileFor(SecretClass c) {
        String p = perClass.getOrDefault(c, all);
        return p.isEmpty() ? Optional.empty() : Optional.of(p);
    }

    /** Whether no file is named (not a bean getter: profiles are saved as JSON with their components only). */
    public boolean noneNamed() {
        return all.isEmpty() && perClass.isEmpty();
    }

    /** A copy with {@code file} for {@code c} (a blank file removes the override). */
    public SecretSources with(SecretClass c, String file) {
        EnumMap<SecretClass, String> m = new EnumMap<>(SecretClass.class);
        m.putAll(perClass);
        if (file == null || file.isBlank()) m.remove(c);
        else m.put(c, file);
        return new SecretSources(all, m);
    }
}
