package org.csiconsole.views.workbench;

import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import org.csiconsole.views.Icons;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * The workbench's centre tabs: one tab per open view, each under a key (a connection and resource
 * kind as {@code List.of(connection, kind)}, {@link Workbench#START_KEY}, {@link Workbench#AUDIT_KEY},
 * or a key of a feature's own), opened once and selected again after that. A tab closed by the user
 * or from code disposes its view.
 */
final class CentreTabs {
    private final TabPane pane = new TabPane();
    private final Map<Object, Tab> tabs = new LinkedHashMap<>();
    private final Consumer<ResourceView> onViewClosed;

    /** @param onViewClosed told of each view whose tab closed, after the view was disposed */
    CentreTabs(Consumer<ResourceView> onViewClosed) {
        this.onViewClosed = Objects.requireNonNull(onViewClosed);
    }

    TabPane pane() {
        return pane;
    }

    /** Selects the tab under {@code key}, or opens one with {@code factory}'s view; returns the view. */
    ResourceView open(Object key, Supplier<ResourceView> factory) {
        Tab existing = tabs.get(key);
        if (existing != null) {
            pane.getSelectionModel().select(existing);
            return (ResourceView) existing.getUserData();
        }
        ResourceView view = factory.get();
        Tab tab = new Tab();
        tab.textProperty().bind(view.title());
        tab.setGraphic(Icons.of(view.icon(), 14));
        tab.setContent(view.node());
        tab.setUserData(view);
        Workbench.markView(view.node(), view);
        tab.setOnClosed(e -> {
            tabs.remove(key);
            view.dispose();
            onViewClosed.accept(view);
        });
        tabs.put(key, tab);
        pane.getTabs().add(tab);
        pane.getSelectionModel().select(tab);
        return view;
    }

    /** The tab under {@code key}, or null. */
    Tab tab(Object key) {
        return tabs.get(key);
    }

    /** The key {@code tab} was opened under, or null for a tab this class did not open. */
    Object keyOf(Tab tab) {
        for (Map.Entry<Object, Tab> e : tabs.entrySet()) {
            if (e.getValue() == tab) return e.getKey();
        }
        return null;
    }

    int size() {
        return tabs.size();
    }

    /** Closes {@code tab} as its close button does: it leaves the pane and its view is disposed. */
    static void close(Tab tab) {
        if (tab.getTabPane() != null) tab.getTabPane().getTabs().remove(tab);
        if (tab.getOnClosed() != null) tab.getOnClosed().handle(new javafx.event.Event(Tab.CLOSED_EVENT));
    }

    /** Closes every tab whose key matches. */
    void closeWhere(Predicate<Object> key) {
        for (Map.Entry<Object, Tab> e : List.copyOf(tabs.entrySet())) {
            if (key.test(e.getKey())) close(e.getValue());
        }
    }

    /** Closes the selected tab; false when none is. */
    boolean closeSelected() {
        Tab t = pane.getSelectionModel().getSelectedItem();
        if (t == null) return false;
        close(t);
        return true;
    }

    /** The view behind the selected tab, or null. */
    ResourceView selectedView() {
        Tab t = pane.getSelectionModel().getSelectedItem();
        return t == null ? null : (ResourceView) t.getUserData();
    }

    /**
     * The open tabs in their order as keys that survive a restart ({@link Workbench#openViewKeys()}):
     * {@code <connection name>/<ResourceKind name>}, the start and audit keys; other tabs are left out.
     */
    List<String> persistentKeys() {
        List<String> keys = new ArrayList<>();
        for (Tab t : pane.getTabs()) {
            String k = persistentKey(t);
            if (k != null) keys.add(k);
        }
        return keys;
    }

    /** The selected tab's key as in {@link #persistentKeys()}, or null. */
    String selectedPersistentKey() {
        Tab t = pane.getSelectionModel().getSelectedItem();
        return t == null ? null : persistentKey(t);
    }

    private String persistentKey(Tab tab) {
        Object key = keyOf(tab);
        if (key instanceof List<?> l && l.get(0) instanceof ConnectionModel c && l.get(1) instanceof ResourceKind k) {
            return c.name() + "/" + k.name();
        }
        return Workbench.AUDIT_KEY.equals(key) || Workbench.START_KEY.equals(key) ? (String) key : null;
    }
}
