package org.csiconsole.views.workbench;

import atlantafx.base.theme.Styles;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.ObjectProperty;
import javafx.scene.Node;
import javafx.scene.control.Menu;
import javafx.scene.control.RadioMenuItem;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.HBox;
import javafx.scene.layout.StackPane;
import org.csiconsole.views.Icons;
import org.csiconsole.views.theme.ConsoleStyles;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Supplier;

/**
 * The workbench's perspectives and the one shown in its centre: a switcher for the toolbar (one
 * toggle per perspective, ids {@code perspective-<id>}) and the Window menu's items, kept in step.
 * Showing a perspective swaps the centre's content and moves activation: the view that is hidden
 * is deactivated, the one shown is activated and becomes the active view.
 */
final class Perspectives {
    private final StackPane centre = new StackPane();
    private final Node resources;
    private final ObjectProperty<ResourceView> activeView;
    private final Supplier<ResourceView> selectedTabView;
    private final Map<String, Perspective> perspectives = new LinkedHashMap<>();
    private final Map<String, ResourceView> created = new LinkedHashMap<>();
    private final ReadOnlyStringWrapper shown = new ReadOnlyStringWrapper(this, "shown", Perspective.RESOURCES);
    private final ToggleGroup toggles = new ToggleGroup();
    private final HBox switcher = new HBox();
    private final Menu menu = new Menu("_Window");
    private final ToggleGroup menuToggles = new ToggleGroup();

    /**
     * @param resources       the resource tabs' node, the default perspective's centre
     * @param resourcesIcon   the default perspective's icon
     * @param activeView      the workbench's active view, moved along when the perspective changes
     * @param selectedTabView the view of the selected resource tab, or null
     */
    Perspectives(Node resources, org.kordamp.ikonli.Ikon resourcesIcon, ObjectProperty<ResourceView> activeView,
                 Supplier<ResourceView> selectedTabView) {
        this.resources = Objects.requireNonNull(resources);
        this.activeView = Objects.requireNonNull(activeView);
        this.selectedTabView = Objects.requireNonNull(selectedTabView);
        centre.getChildren().add(resources);
        switcher.setId("perspective-switcher");
        switcher.getStyleClass().add(ConsoleStyles.PERSPECTIVE_SWITCHER);
        addControls(Perspective.RESOURCES, "Resources", resourcesIcon, "Alt+1");
        toggles.selectedToggleProperty().addListener((o, was, now) -> {
            if (now == null) was.setSelected(true); // one perspective is always shown
        });
    }

    /** The centre's holder: the resource tabs, or the shown perspective's view. */
    Node centre() {
        return centre;
    }

    /** The toolbar's switcher. */
    Node switcher() {
        return switcher;
    }

    /** Window: one item per perspective, with its shortcut. */
    Menu menu() {
        return menu;
    }

    ReadOnlyStringProperty shownProperty() {
        return shown.getReadOnlyProperty();
    }

    /** The ids of the perspectives, the default one first. */
    List<String> ids() {
        List<String> ids = new ArrayList<>();
        ids.add(Perspective.RESOURCES);
        ids.addAll(perspectives.keySet());
        return ids;
    }

    /** The view of a perspective shown at least once, or null. */
    ResourceView viewOf(String id) {
        return created.get(id);
    }

    void add(Perspective p) {
        if (Perspective.RESOURCES.equals(p.id()) || perspectives.containsKey(p.id())) {
            throw new IllegalArgumentException("a perspective with id " + p.id() + " exists already");
        }
        perspectives.put(p.id(), p);
        addControls(p.id(), p.title(), p.icon(), p.accelerator());
    }

    /**
     * Shows perspective {@code id}; an unknown id shows the default one, so a preference naming
     * a perspective that no longer exists does no harm.
     *
     * @return the perspective's view, or null for the default perspective
     */
    ResourceView show(String id) {
        String target = perspectives.containsKey(id) ? id : Perspective.RESOURCES;
        if (!target.equals(shown.get())) {
            ResourceView leaving = Perspective.RESOURCES.equals(shown.get()) ? selectedTabView.get() : created.get(shown.get());
            if (leaving != null) leaving.deactivate();
        }
        ResourceView view = Perspective.RESOURCES.equals(target) ? null : created.computeIfAbsent(target, k -> {
            ResourceView v = perspectives.get(k).view().get();
            Workbench.markView(v.node(), v);
            return v;
        });
        centre.getChildren().setAll(view == null ? resources : view.node());
        shown.set(target);
        ResourceView now = view == null ? selectedTabView.get() : view;
        if (now != null) now.activate();
        activeView.set(now);
        select(target);
        return view;
    }

    private void addControls(String id, String title, org.kordamp.ikonli.Ikon icon, String accelerator) {
        ToggleButton toggle = new ToggleButton(title, Icons.of(icon, 14));
        toggle.setId("perspective-" + id);
        toggle.setUserData(id);
        toggle.setToggleGroup(toggles);
        toggle.setFocusTraversable(false);
        toggle.getStyleClass().add(Styles.SMALL);
        toggle.setTooltip(new Tooltip(title + " perspective" + (accelerator == null ? "" : " (" + accelerator + ")")));
        toggle.setOnAction(e -> show(id));
        switcher.getChildren().add(toggle);
        pill();
        boolean choice = switcher.getChildren().size() > 1; // with the default alone there is nothing to switch
        switcher.setVisible(choice);
        switcher.setManaged(choice);

        RadioMenuItem item = new RadioMenuItem(title, Icons.of(icon, 14));
        item.setId("menu-perspective-" + id);
        item.setUserData(id);
        item.setToggleGroup(menuToggles);
        if (accelerator != null) item.setAccelerator(KeyCombination.keyCombination(accelerator));
        item.setOnAction(e -> show(id));
        menu.getItems().add(item);
        select(shown.get());
    }

    private void pill() {
        List<Node> all = switcher.getChildren();
        for (int i = 0; i < all.size(); i++) {
            Node n = all.get(i);
            n.getStyleClass().removeAll(Styles.LEFT_PILL, Styles.CENTER_PILL, Styles.RIGHT_PILL);
            if (all.size() > 1) n.getStyleClass().add(i == 0 ? Styles.LEFT_PILL : i == all.size() - 1 ? Styles.RIGHT_PILL : Styles.CENTER_PILL);
        }
    }

    private void select(String id) {
        for (ToggleGroup group : List.of(toggles, menuToggles)) {
            group.getToggles().stream().filter(t -> id.equals(t.getUserData())).findFirst().ifPresent(group::selectToggle);
        }
    }
}
