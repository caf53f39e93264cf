package org.csiconsole.app.gui;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import org.csiconsole.views.theme.Theme;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

/**
 * The window's part of {@code preferences.json} (theme, bounds, dividers, the bottom panel), read
 * with Jackson's streaming parser for the {@link StartShell}: the data binding that
 * {@link PreferencesStore} reads the whole file with costs the window's first frame about 30 ms of
 * start-up, and logging is not started for it.
 *
 * <p>A missing or unreadable file gives {@link Preferences#DEFAULTS} here without a word:
 * {@link PreferencesStore#load()} reads the same file a moment later for the workbench and logs
 * what it cannot read.
 */
final class WindowPreferences {
    private static final JsonFactory JSON = new JsonFactory();

    private WindowPreferences() {
    }

    /**
     * @param configDir the console's config folder
     * @return the file's theme, window bounds, dividers and bottom panel state, with the defaults of
     *     {@link Preferences} for the rest (open views, tables, trace capacity)
     */
    static Preferences read(Path configDir) {
        Path file = configDir.resolve(PreferencesStore.FILE_NAME);
        if (!Files.isRegularFile(file)) return Preferences.DEFAULTS;
        Preferences d = Preferences.DEFAULTS;
        Theme theme = d.theme();
        double x = d.x(), y = d.y(), width = d.width(), height = d.height(), navigator = d.navigatorDivider(), bottom = d.bottomDivider();
        boolean maximized = d.maximized(), bottomHidden = d.bottomPanelHidden();
        try (JsonParser p = JSON.createParser(file.toFile())) {
            if (p.nextToken() != JsonToken.START_OBJECT) return d;
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String name = p.currentName();
                JsonToken value = p.nextToken();
                switch (name) {
                    case "theme" -> theme = "DARK".equals(p.getValueAsString()) ? Theme.DARK : Theme.LIGHT;
                    case "x" -> x = number(p, value);
                    case "y" -> y = number(p, value);
                    case "width" -> width = number(p, value);
                    case "height" -> height = number(p, value);
                    case "navigatorDivider" -> navigator = number(p, value);
                    case "bottomDivider" -> bottom = number(p, value);
                    case "maximized" -> maximized = value == JsonToken.VALUE_TRUE;
                    case "bottomPanelHidden" -> bottomHidden = value == JsonToken.VALUE_TRUE;
                    default -> p.skipChildren();
                }
            }
        } catch (IOException | RuntimeException e) {
            return d;
        }
        // the record's constructor checks the values as for the whole file
        return new Preferences(theme, x, y, width, height, maximized, navigator, bottom, bottomHidden, List.of(), null, Map.of(), 0, null);
    }

    /** A number, or NaN for anything else (the file writes NaN as the string "NaN"). */
    private static double number(JsonParser p, JsonToken value) throws IOException {
        return value == JsonToken.VALUE_NUMBER_INT || value == JsonToken.VALUE_NUMBER_FLOAT ? p.getDoubleValue() : Double.NaN;
    }
}
