package org.csiconsole.core.store;

import org.csiconsole.core.session.ConnectionProfile;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Saved connection profiles, as JSON in {@code profiles.json} inside a config folder (normally
 * {@link ConfigDirectory#resolve()}). Writes go to a temporary file first and then replace the old
 * file, so a crash never leaves half a file. {@link ConnectionProfile} has no password field, so no
 * password can be written; its secrets are the paths of secrets files, never their content.
 *
 * <p>Failures are {@link CallFailure}s of kind {@link FailureKind#INVALID_ARGUMENT} (unreadable
 * file, duplicate names) or {@link FailureKind#INTERNAL} (I/O error), worded for a person.
 */
public final class ProfileStore {
    /** File name inside the config folder. */
    public static final String FILE_NAME = "profiles.json";

    private final Path file;

    /**
     * The data binding, made when a file is first read or written: a start with no saved profiles
     * builds the workbench's first frame without loading any of it.
     */
    private static final class ProfilesJson {
        static final ObjectMapper MAPPER = JsonMapper.builder()
                .enable(SerializationFeature.INDENT_OUTPUT)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                // a profile without secrets files is written without the key
                .withConfigOverride(org.csiconsole.core.session.SecretSources.class, o -> o.setInclude(
                        com.fasterxml.jackson.annotation.JsonInclude.Value.construct(com.fasterxml.jackson.annotation.JsonInclude.Include.CUSTOM,
                                com.fasterxml.jackson.annotation.JsonInclude.Include.CUSTOM, NoSecretFiles.class, null)))
                .build();
    }

    /** Jackson's value filter: true (left out) for {@link org.csiconsole.core.session.SecretSources#NONE}-like sources. */
    static final class NoSecretFiles {
        @Override
        public boolean equals(Object o) {
            return o == null || (o instanceof org.csiconsole.core.session.SecretSources s && s.noneNamed());
        }

        @Override
        public int hashCode() {
            return 0;
        }
    }

    /** @param configDir the console's config folder; created on first save */
    public ProfileStore(Path configDir) {
        this.file = configDir.resolve(FILE_NAME);
    }

    /** The file this store reads and writes. */
    public Path file() {
        return file;
    }

    /** The saved profiles in saved order; empty when nothing has been saved yet. */
    public List<ConnectionProfile> load() {
        if (!Files.exists(file)) return List.of();
        try {
            ConnectionProfile[] read = ProfilesJson.MAPPER.readValue(file.toFile(), ConnectionProfile[].class);
            return read == null ? List.of() : List.copyOf(Arrays.asList(read));
        } catch (IOException e) {
            throw new CallFailure(FailureKind.INVALID_ARGUMENT, "Read connection profiles",
                    "the file " + file + " is not a valid profile list",
                    "Fix or remove the file; the console starts without saved profiles when it is absent.",
                    e.getMessage(), e);
        }
    }

    /** Replaces the saved profiles with {@code profiles}. Names must be unique. */
    public void save(List<ConnectionProfile> profiles) {
        List<String> seen = new ArrayList<>();
        for (ConnectionProfile p : profiles) {
            if (seen.contains(p.name())) {
                throw new CallFailure(FailureKind.INVALID_ARGUMENT, "Save connection profiles",
                        "two profiles are named \"" + p.name() + "\"", "Give each connection its own name.", "");
            }
            seen.add(p.name());
        }
        try {
            Files.createDirectories(file.getParent());
            Path tmp = Files.createTempFile(file.getParent(), FILE_NAME, ".tmp");
            ProfilesJson.MAPPER.writeValue(tmp.toFile(), profiles);
            try {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            throw new CallFailure(FailureKind.INTERNAL, "Save connection profiles",
                    "the file " + file + " could not be written",
                    "Check that the folder exists and is writable.", e.getMessage(), e);
        }
    }

    /** Adds {@code profile}, replacing a saved one with the same name. */
    public void put(ConnectionProfile profile) {
        List<ConnectionProfile> all = new ArrayList<>(load());
        all.removeIf(p -> p.name().equals(profile.name()));
        all.add(profile);
        save(all);
    }

    /** Removes the profile named {@code name}; does nothing when there is none. */
    public void remove(String name) {
        List<ConnectionProfile> all = new ArrayList<>(load());
        if (all.removeIf(p -> p.name().equals(name))) save(all);
    }
}
