package org.csiconsole.app.gui;

import org.csiconsole.views.table.TableLayout;
import org.csiconsole.views.theme.Theme;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The start shell reads the window's part of the preferences file as the workbench does. */
class WindowPreferencesTest {
    @TempDir
    Path dir;

    @Test
    void readsTheWindowFieldsTheStoreWroteAndSkipsTheRest() {
        Preferences saved = new Preferences(Theme.DARK, 10, 20, 1000, 700, true, 0.3, 0.6, true,
                List.of("start", "Demo/VOLUMES"), "Demo/VOLUMES",
                Map.of("volumes", new TableLayout(List.of(new TableLayout.ColumnState("size", 90, true)),
                        List.of(new TableLayout.SortKey("size", true)))), 50_000, null);
        new PreferencesStore(dir).save(saved);

        Preferences read = WindowPreferences.read(dir);

        assertThat(read.theme()).isEqualTo(Theme.DARK);
        assertThat(List.of(read.x(), read.y(), read.width(), read.height(), read.navigatorDivider(), read.bottomDivider()))
                .containsExactly(10.0, 20.0, 1000.0, 700.0, 0.3, 0.6);
        assertThat(read.maximized()).isTrue();
        assertThat(read.bottomPanelHidden()).isTrue();
        assertThat(read.openViews()).as("not the shell's business").isEmpty();
    }

    @Test
    void aPositionNeverSavedStaysUnsaved() {
        new PreferencesStore(dir).save(Preferences.DEFAULTS.withTheme(Theme.DARK));
        Preferences read = WindowPreferences.read(dir);
        assertThat(read.hasPosition()).isFalse();
        assertThat(read.theme()).isEqualTo(Theme.DARK);
        assertThat(read.width()).isEqualTo(Preferences.DEFAULTS.width());
    }

    @Test
    void noFileOrAnUnreadableOneGivesTheDefaults() throws Exception {
        assertThat(WindowPreferences.read(dir)).isEqualTo(Preferences.DEFAULTS);
        Files.writeString(dir.resolve(PreferencesStore.FILE_NAME), "{\"theme\":\"DARK\",\"width\":");
        assertThat(WindowPreferences.read(dir)).isEqualTo(Preferences.DEFAULTS);
        Files.writeString(dir.resolve(PreferencesStore.FILE_NAME), "[1, 2]");
        assertThat(WindowPreferences.read(dir)).isEqualTo(Preferences.DEFAULTS);
    }

    @Test
    void outOfRangeValuesAreCheckedAsForTheWholeFile() throws Exception {
        Files.writeString(dir.resolve(PreferencesStore.FILE_NAME),
                "{\"theme\":\"PURPLE\",\"width\":12,\"height\":\"tall\",\"navigatorDivider\":2.5,\"extra\":{\"a\":[1,2]}}");
        Preferences read = WindowPreferences.read(dir);
        assertThat(read.theme()).isEqualTo(Theme.LIGHT);
        assertThat(read.width()).isEqualTo(Preferences.DEFAULTS.width());
        assertThat(read.height()).isEqualTo(Preferences.DEFAULTS.height());
        assertThat(read.navigatorDivider()).isEqualTo(Preferences.DEFAULTS.navigatorDivider());
    }
}
