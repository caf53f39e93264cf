package org.csiconsole.views.theme;

import javafx.application.Application;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.DialogPane;

import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.WeakHashMap;
import java.util.Objects;
import java.util.function.Consumer;

/**
 * Applies the current {@link Theme}: the AtlantaFX sheet as the application's user-agent
 * stylesheet, and the console's sheets ({@code tokens.css}: semantic colour tokens such as
 * {@code -cc-fg-muted} and {@code -cc-danger-fg} defined over AtlantaFX's colour variables, and
 * {@code console.css}: component styles written with those tokens only) on every scene and dialog.
 * The tokens follow the theme, so one console sheet serves light and dark.
 */
public final class ThemeManager {
    private static final List<String> SHEETS = List.of(
            sheet("tokens.css"),
            sheet("console.css"));

    private final ObjectProperty<Theme> theme = new SimpleObjectProperty<>(this, "theme");
    private final Consumer<String> userAgentSink;
    private final Set<Parent> roots = Collections.newSetFromMap(new WeakHashMap<>());

    /**
     * Uses {@link Application#setUserAgentStylesheet(String)}, unless that sheet is the application's
     * already (the start shell set it: JavaFX would load it again, about 20 ms).
     */
    public ThemeManager(Theme initial) {
        this(initial, ThemeManager::setUserAgentStylesheet);
    }

    /** @param userAgentSink receives the AtlantaFX stylesheet URL whenever the theme changes */
    public ThemeManager(Theme initial, Consumer<String> userAgentSink) {
        this.userAgentSink = Objects.requireNonNull(userAgentSink);
        theme.addListener((obs, old, now) -> apply(now));
        theme.set(Objects.requireNonNull(initial));
    }

    public ObjectProperty<Theme> themeProperty() {
        return theme;
    }

    public Theme theme() {
        return theme.get();
    }

    public void toggle() {
        theme.set(theme.get().other());
    }

    /** The console's own stylesheet URLs, in order. */
    public static List<String> stylesheets() {
        return SHEETS;
    }

    /** Adds the console sheets to {@code scene} and keeps its root's dark class in step. */
    public void style(Scene scene) {
        scene.getStylesheets().addAll(SHEETS);
        track(scene.getRoot());
    }

    /** Adds the console sheets to a dialog. */
    public void style(DialogPane pane) {
        pane.getStylesheets().addAll(SHEETS);
        track(pane);
    }

    private void track(Parent root) {
        if (root == null) return;
        roots.add(root);
        markDark(root, theme.get());
    }

    private void apply(Theme t) {
        userAgentSink.accept(t.userAgentStylesheet());
        for (Parent root : roots) markDark(root, t);
    }

    private static void setUserAgentStylesheet(String url) {
        if (!url.equals(Application.getUserAgentStylesheet())) Application.setUserAgentStylesheet(url);
    }

    private static void markDark(Parent root, Theme t) {
        root.getStyleClass().remove(ConsoleStyles.DARK);
        if (t == Theme.DARK) root.getStyleClass().add(ConsoleStyles.DARK);
    }

    private static String sheet(String name) {
        return Objects.requireNonNull(ThemeManager.class.getResource("/org/csiconsole/views/" + name),
                name).toExternalForm();
    }
}
