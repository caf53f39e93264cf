package org.csiconsole.views.workbench;

import org.kordamp.ikonli.Ikon;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * A perspective of the workbench, in the Eclipse sense: one capability's arrangement of the
 * centre (replication, lifecycle, troubleshooting), switched from the toolbar or the Window menu.
 * The navigator and the bottom panel stay; the centre shows the perspective's view instead of the
 * resource tabs. The view is created on first show, {@linkplain ResourceView#activate() activated}
 * while shown and {@linkplain ResourceView#deactivate() deactivated} while another perspective is.
 *
 * @param id          stable key, also what the preferences remember (e.g. {@code "replication"})
 * @param title       the switcher's and the menu's label (e.g. {@code "Replication"})
 * @param icon        the switcher's icon
 * @param accelerator the shortcut in {@link javafx.scene.input.KeyCombination} syntax (e.g. {@code "Alt+2"}), or null
 * @param view        creates the perspective's view, once, on the FX thread
 */
public record Perspective(String id, String title, Ikon icon, String accelerator, Supplier<ResourceView> view) {
    /** The id of the default perspective: the navigator's resource views in tabs. */
    public static final String RESOURCES = "resources";

    public Perspective {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(icon, "icon");
        Objects.requireNonNull(view, "view");
        if (id.isBlank()) throw new IllegalArgumentException("a perspective needs an id");
    }
}
