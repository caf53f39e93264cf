package org.csiconsole.app.gui;

import org.csiconsole.views.table.TableLayout;
import org.csiconsole.views.theme.Theme;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class PreferencesStoreTest {
    @TempDir
    Path dir;

    @Test
    void defaultsWhenNothingSaved() {
        Preferences p = new PreferencesStore(dir).load();
        assertThat(p).isEqualTo(Preferences.DEFAULTS);
        assertThat(p.hasPosition()).isFalse();
    }

    @Test
    void roundTrips() {
        PreferencesStore store = new PreferencesStore(dir.resolve("cfg"));
        Preferences p = new Preferences(Theme.DARK, 10, 20, 1000, 700, true, 0.3, 0.6, true,
                java.util.List.of("start", "Demo/VOLUMES"), "Demo/VOLUMES",
                java.util.Map.of("volumes", new TableLayout(
                        java.util.List.of(new TableLayout.ColumnState("size", 90, true), new TableLayout.ColumnState("name", 300, false)),
                        java.util.List.of(new TableLayout.SortKey("size", true)))), 50_000, "/srv/training");
        store.save(p);
        assertThat(new PreferencesStore(dir.resolve("cfg")).load()).isEqualTo(p);
    }

    @Test
    void aFileFromAnOlderVersionWithoutTheLayoutGivesTheDefaultLayout() throws Exception {
        Files.writeString(dir.resolve(PreferencesStore.FILE_NAME),
                "{\"theme\":\"DARK\",\"width\":1000,\"height\":700,\"navigatorDivider\":0.3,\"bottomDivider\":0.6}");
        Preferences p = new PreferencesStore(dir).load();
        assertThat(p.theme()).isEqualTo(Theme.DARK);
        assertThat(p.bottomDivider()).isEqualTo(0.6);
        assertThat(p.bottomPanelHidden()).isFalse();
        assertThat(p.openViews()).isEmpty();
        assertThat(p.selectedView()).isNull();
        assertThat(p.tables()).isEmpty();
        assertThat(p.traceCapacity()).isEqualTo(10_000);
        assertThat(p.trainingFolder()).isNull();
    }

    @Test
    void aTableLayoutNamingColumnsThisVersionDoesNotKnowStillLoads() throws Exception {
        Files.writeString(dir.resolve(PreferencesStore.FILE_NAME), """
                {"theme":"LIGHT","tables":{"volumes":{
                  "columns":[{"id":"retired-column","width":120,"visible":true,"since":"0.9"},
                             {"id":"size","width":95,"visible":false}],
                  "sort":[{"id":"retired-column","descending":true},{"id":"size","descending":false}],
                  "density":"compact"}}}
                """);
        Preferences p = new PreferencesStore(dir).load();
        TableLayout volumes = p.tables().get("volumes");
        assertThat(volumes.columns()).extracting(TableLayout.ColumnState::id).containsExactly("retired-column", "size");
        assertThat(volumes.columns().get(1).visible()).isFalse();
        assertThat(volumes.sort()).containsExactly(new TableLayout.SortKey("retired-column", true), new TableLayout.SortKey("size", false));
        assertThat(p.theme()).isEqualTo(Theme.LIGHT);
    }

    @Test
    void unsavedPositionSurvivesARoundTrip() {
        PreferencesStore store = new PreferencesStore(dir);
        store.save(Preferences.DEFAULTS.withTheme(Theme.DARK));
        Preferences back = store.load();
        assertThat(back.theme()).isEqualTo(Theme.DARK);
        assertThat(back.hasPosition()).isFalse();
    }

    @Test
    void unreadableOrOutOfRangeValuesFallBackToDefaults() throws Exception {
        Files.writeString(dir.resolve(PreferencesStore.FILE_NAME), "{ not json");
        assertThat(new PreferencesStore(dir).load()).isEqualTo(Preferences.DEFAULTS);
        Files.writeString(dir.resolve(PreferencesStore.FILE_NAME),
                "{\"theme\":\"DARK\",\"width\":5,\"height\":-1,\"navigatorDivider\":7,\"bottomDivider\":0}");
        Preferences p = new PreferencesStore(dir).load();
        assertThat(p.theme()).isEqualTo(Theme.DARK);
        assertThat(p.width()).isEqualTo(Preferences.DEFAULTS.width());
        assertThat(p.height()).isEqualTo(Preferences.DEFAULTS.height());
        assertThat(p.navigatorDivider()).isEqualTo(Preferences.DEFAULT_NAVIGATOR_DIVIDER);
        assertThat(p.bottomDivider()).isEqualTo(Preferences.DEFAULT_BOTTOM_DIVIDER);
        assertThat(p.openViews()).isEmpty();
        assertThat(p.bottomPanelHidden()).isFalse();
    }
}
