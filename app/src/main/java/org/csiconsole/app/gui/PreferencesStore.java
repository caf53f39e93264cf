package org.csiconsole.app.gui;

import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;
import com.fasterxml.jackson.core.json.JsonWriteFeature;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Reads and writes {@code preferences.json} in the console's config folder. A missing or unreadable
 * file gives the defaults (logged once); a failed write is logged and otherwise ignored, since
 * losing a window size must not stop anyone from quitting.
 */
public final class PreferencesStore {
    public static final String FILE_NAME = "preferences.json";
    private static final Logger LOG = LoggerFactory.getLogger(PreferencesStore.class);

    private final Path file;

    /**
     * The data binding, made when the file is first read or written: a first start (no preferences
     * yet) builds the workbench's first frame without loading any of it.
     */
    private static final class PreferencesJson {
        static final ObjectMapper MAPPER = JsonMapper.builder()
                .enable(SerializationFeature.INDENT_OUTPUT)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .enable(JsonWriteFeature.WRITE_NAN_AS_STRINGS)
                .build();
    }

    public PreferencesStore(Path configDir) {
        this.file = configDir.resolve(FILE_NAME);
    }

    public Path file() {
        return file;
    }

    public Preferences load() {
        if (!Files.exists(file)) return Preferences.DEFAULTS;
        try {
            return PreferencesJson.MAPPER.readValue(file.toFile(), Preferences.class);
        } catch (IOException e) {
            LOG.warn("Ignoring unreadable preferences {}: {}", file, e.getMessage());
            return Preferences.DEFAULTS;
        }
    }

    public void save(Preferences prefs) {
        try {
            Files.createDirectories(file.getParent());
            Path tmp = Files.createTempFile(file.getParent(), FILE_NAME, ".tmp");
            PreferencesJson.MAPPER.writeValue(tmp.toFile(), prefs);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            LOG.warn("Could not save preferences to {}: {}", file, e.getMessage());
        }
    }
}
