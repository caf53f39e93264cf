package org.csiconsole.views.workbench;

import atlantafx.base.controls.Spacer;
import atlantafx.base.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ObjectProperty;
import javafx.scene.control.Button;
import javafx.scene.control.Menu;
import javafx.scene.control.MenuBar;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SeparatorMenuItem;
import javafx.scene.control.ToolBar;
import javafx.scene.control.Tooltip;
import javafx.scene.input.KeyCombination;
import javafx.scene.layout.StackPane;
import org.csiconsole.views.Icons;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.help.HelpTexts;
import org.csiconsole.views.theme.ConsoleStyles;
import org.csiconsole.views.theme.Theme;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

import java.util.function.Function;

/**
 * Menus and toolbar of the workbench, bound to the active view's actions. Shortcuts are the menu
 * accelerators: Ctrl+F filter, F5 refresh, Ctrl+N new, Del delete, Ctrl+W close tab,
 * Ctrl+Shift+D light/dark, Ctrl+J bottom panel, Ctrl+Shift+L audit log, Alt+1, Alt+2, ... the
 * perspectives (Window menu and the toolbar's switcher), Ctrl+Q quit, F1 getting started ({@link HelpTexts#SHORTCUTS}
 * lists them all for Help, Keyboard shortcuts). A disabled toolbar button explains itself in a tooltip on
 * its wrapper (JavaFX shows no tooltip on a disabled control). Toolbar ids: {@code tool-refresh},
 * {@code tool-new}, {@code tool-delete}, {@code tool-theme}.
 */
public final class WorkbenchMenus {
    private static final String TOOLTIP_KEY = "cc.tooltip";

    private final Workbench workbench;
    private final MenuBar menuBar = new MenuBar();
    private final ToolBar toolBar = new ToolBar();

    WorkbenchMenus(Workbench workbench, WorkbenchServices services) {
        this.workbench = workbench;
        ObjectProperty<ResourceView> active = workbench.activeViewProperty();

        MenuItem newItem = item("New\u2026", Material2AL.ADD, "Shortcut+N", workbench::create);
        MenuItem closeTab = item("Close tab", null, "Shortcut+W", workbench::closeCurrentTab);
        MenuItem quit = item("Quit", Material2AL.EXIT_TO_APP, "Shortcut+Q", workbench::quit);
        bindMenu(newItem, active, ResourceView::createAction);
        MenuItem newConnection = item("New connection\u2026", Material2AL.DEVICE_HUB, "Shortcut+Shift+N",
                () -> workbench.connectionActions().newConnection());
        newConnection.setId("menu-new-connection");
        MenuItem openTrace = item("Open trace\u2026", Material2MZ.SWAP_HORIZ, null, () -> workbench.traces().open());
        openTrace.setId("menu-open-trace");
        openTrace.disableProperty().bind(Bindings.createBooleanBinding(() -> !workbench.traces().availableProperty().get(),
                workbench.traces().availableProperty()));
        Menu file = new Menu("_File", null, newItem, newConnection, openTrace, closeTab, new SeparatorMenuItem(), quit);

        MenuItem find = item("Filter", Material2MZ.SEARCH, "Shortcut+F", workbench::focusFilter);
        MenuItem delete = item("Delete\u2026", Material2AL.DELETE, "Delete", workbench::delete);
        bindMenu(delete, active, ResourceView::deleteAction);
        Menu edit = new Menu("_Edit", null, find, delete);

        MenuItem refresh = item("Refresh", Material2MZ.REFRESH, "F5", workbench::refresh);
        bindMenu(refresh, active, ResourceView::refreshAction);
        MenuItem theme = item("Switch to dark theme", Material2AL.BRIGHTNESS_4, "Shortcut+Shift+D", workbench::toggleTheme);
        theme.setId("menu-theme");
        theme.textProperty().bind(Bindings.createStringBinding(() -> services.themes().theme() == Theme.LIGHT
                ? "Switch to dark theme" : "Switch to light theme", services.themes().themeProperty()));
        MenuItem start = item("Start page", Material2AL.HOME, null, workbench::openStart);
        MenuItem trace = item("Call trace", Material2MZ.SWAP_HORIZ, null, () -> workbench.showBottom(BottomPanel::showTrace));
        MenuItem audit = item("Audit log", Material2MZ.POLICY, "Shortcut+Shift+L", workbench::openAudit);
        audit.setId("menu-audit");
        audit.disableProperty().bind(Bindings.createBooleanBinding(() -> !workbench.auditAvailableProperty().get(),
                workbench.auditAvailableProperty()));
        MenuItem tasks = item("Tasks", Material2AL.HOURGLASS_EMPTY, null, () -> workbench.showBottom(BottomPanel::showTasks));
        MenuItem notes = item("Notifications", Material2MZ.NOTIFICATIONS, null,
                () -> workbench.showBottom(BottomPanel::showNotifications));
        javafx.scene.control.CheckMenuItem bottomPanel = new javafx.scene.control.CheckMenuItem("Bottom panel");
        bottomPanel.setId("menu-bottom-panel");
        bottomPanel.setAccelerator(KeyCombination.keyCombination("Shortcut+J"));
        bottomPanel.selectedProperty().bindBidirectional(workbench.bottomShownProperty());
        MenuItem resetLayout = item("Reset layout", Material2MZ.RESTORE, null, workbench::resetLayout);
        resetLayout.setId("menu-reset-layout");
        Menu view = new Menu("_View", null, refresh, theme, new SeparatorMenuItem(), start, trace, audit, tasks, notes,
                new SeparatorMenuItem(), bottomPanel, resetLayout);

        MenuItem about = item("About CSI Console", Material2AL.INFO, null, workbench::showAbout);
        about.setId("menu-about");
        MenuItem started = item("Getting started", Material2AL.EMOJI_OBJECTS, "F1",
                () -> services.dialogs().showInformation("Getting started", HelpTexts.gettingStarted()));
        started.setId("menu-getting-started");
        MenuItem keys = item("Keyboard shortcuts", Material2AL.KEYBOARD, null,
                () -> services.dialogs().showInformation("Keyboard shortcuts", HelpTexts.shortcuts()));
        keys.setId("menu-shortcuts");
        MenuItem docs = item("Documentation", Material2AL.DESCRIPTION, null,
                () -> services.dialogs().showInformation("Documentation", HelpTexts.documents()));
        docs.setId("menu-docs");
        Menu help = new Menu("_Help", null, started, keys, docs, new SeparatorMenuItem(), about);
        menuBar.getMenus().addAll(file, edit, view, workbench.perspectives().menu(), help);
        menuBar.setId("menu-bar");

        StackPane refreshBtn = tool("tool-refresh", Material2MZ.REFRESH, "Refresh (F5)", active, ResourceView::refreshAction, workbench::refresh);
        StackPane newBtn = tool("tool-new", Material2AL.ADD, "New (Ctrl+N)", active, ResourceView::createAction, workbench::create);
        StackPane deleteBtn = tool("tool-delete", Material2AL.DELETE_OUTLINE, "Delete (Del)", active, ResourceView::deleteAction, workbench::delete);
        Button themeBtn = new Button(null, Icons.of(Material2AL.BRIGHTNESS_4));
        themeBtn.setId("tool-theme");
        themeBtn.getStyleClass().addAll(Styles.BUTTON_ICON, Styles.FLAT);
        themeBtn.setTooltip(new Tooltip("Switch between light and dark (Ctrl+Shift+D)"));
        themeBtn.setOnAction(e -> workbench.toggleTheme());
        toolBar.getItems().addAll(refreshBtn, newBtn, deleteBtn, new Spacer(), workbench.perspectives().switcher(), themeBtn);
        toolBar.getStyleClass().add(ConsoleStyles.TOOLBAR);
    }

    public MenuBar menuBar() {
        return menuBar;
    }

    public ToolBar toolBar() {
        return toolBar;
    }

    private static MenuItem item(String text, Ikon icon, String accelerator, Runnable action) {
        MenuItem item = new MenuItem(text, icon == null ? null : Icons.of(icon, 14));
        if (accelerator != null) item.setAccelerator(KeyCombination.keyCombination(accelerator));
        item.setOnAction(e -> action.run());
        return item;
    }

    private static void bindMenu(MenuItem item, ObjectProperty<ResourceView> active, Function<ResourceView, ViewAction> pick) {
        Runnable rebind = () -> {
            ResourceView v = active.get();
            item.disableProperty().unbind();
            if (v == null) item.setDisable(true);
            else item.disableProperty().bind(pick.apply(v).enabled().not());
        };
        active.addListener((o, a, b) -> rebind.run());
        rebind.run();
    }

    private StackPane tool(String id, Ikon icon, String enabledTip, ObjectProperty<ResourceView> active,
                           Function<ResourceView, ViewAction> pick, java.util.function.BooleanSupplier run) {
        Button b = new Button(null, Icons.of(icon));
        b.setId(id);
        b.getStyleClass().addAll(Styles.BUTTON_ICON, Styles.FLAT);
        b.setOnAction(e -> run.getAsBoolean());
        b.setFocusTraversable(false);
        StackPane wrapper = new StackPane(b);
        wrapper.setId(id + "-wrapper");
        Tooltip tip = new Tooltip();
        Tooltip.install(wrapper, tip);
        wrapper.getProperties().put(TOOLTIP_KEY, tip);
        Runnable rebind = () -> {
            ResourceView v = active.get();
            b.disableProperty().unbind();
            tip.textProperty().unbind();
            if (v == null) {
                b.setDisable(true);
                tip.setText("No view is open");
                return;
            }
            ViewAction a = pick.apply(v);
            b.disableProperty().bind(a.enabled().not());
            tip.textProperty().bind(Bindings.when(a.enabled()).then(a.label() + " \u2014 " + enabledTip)
                    .otherwise(a.disabledReason()));
        };
        active.addListener((o, a, c) -> rebind.run());
        rebind.run();
        return wrapper;
    }

    /** The tooltip of a toolbar button's wrapper (what a person sees when hovering). */
    public static Tooltip tooltipOf(StackPane wrapper) {
        Object t = wrapper.getProperties().get(TOOLTIP_KEY);
        return t instanceof Tooltip tip ? tip : null;
    }
}
