package org.csiconsole.views.workbench;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.ObservableList;
import javafx.geometry.Orientation;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.SplitPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TextInputControl;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;
import org.csiconsole.views.Icons;
import org.csiconsole.views.table.EmptyState;
import org.csiconsole.views.theme.ConsoleStyles;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.trace.CallTraceView;
import org.csiconsole.views.trace.CallTraceViewModel;
import org.kordamp.ikonli.material2.Material2AL;

import java.util.List;
import java.util.Objects;

/**
 * The workbench shell, in the Eclipse RCP tradition: navigator on the left, views in tabs in the
 * centre, call trace / tasks / notifications at the bottom, status bar below, menus and toolbar on
 * top. The "active view" is the view holding keyboard focus, or else the selected centre tab; the
 * menus, toolbar and shortcuts act on it.
 *
 * <p>Views open from the navigator through the {@link ViewRegistry}; one tab per connection and
 * resource kind. A view is active while its tab is selected.
 */
public final class Workbench {
    static final String VIEW_KEY = "cc.resourceView";
    /** The start page's key in {@link #openViewKeys()}. */
    public static final String START_KEY = "start";
    /** The Audit view's key in {@link #openViewKeys()}. */
    public static final String AUDIT_KEY = "audit";
    /**
     * Where the bottom panel's divider starts, 0..1 of the height: about a third for trace, tasks, notifications. At
     * 1280×800 that leaves a view 8 rows of its table and the call trace 4 of its calls.
     */
    public static final double DEFAULT_BOTTOM_DIVIDER = 0.64;
    /** Where the navigator's divider starts, 0..1 of the width: 256 px of a 1280 px window. */
    public static final double DEFAULT_NAVIGATOR_DIVIDER = 0.2;
    /**
     * Narrowest the navigator gets, in pixels: its connection names and counts stay readable however wide the view
     * beside it would like to be.
     */
    static final double NAVIGATOR_MIN_WIDTH = 180;

    private final WorkbenchServices services;
    private final ObservableList<ConnectionModel> connections;
    private final BorderPane root = new BorderPane();
    private final CentreTabs centreTabs = new CentreTabs(this::onViewClosed);
    private final TabPane centre = centreTabs.pane();
    private final SplitPane horizontal = new SplitPane();
    private final SplitPane vertical = new SplitPane();
    private final NavigatorView navigator;
    private final BottomPanel bottom;
    /** The vertical split's lower item: the bottom panel, or its outline until {@link #finishStart()}. */
    private final StackPane bottomSlot = new StackPane();
    private final StatusBar statusBar;
    private final VBox bars;
    private final ObjectProperty<ResourceView> activeView = new SimpleObjectProperty<>(this, "activeView");
    private final ObjectProperty<ConnectionModel> currentConnection = new SimpleObjectProperty<>(this, "currentConnection");
    private final BooleanProperty bottomShown = new SimpleBooleanProperty(this, "bottomShown", true);
    private double bottomDivider = DEFAULT_BOTTOM_DIVIDER;
    private final WorkbenchMenus menus;
    private final Perspectives perspectives;
    private Runnable onQuit = () -> { };
    private String aboutText = "Admin console for CSI drivers (CSI spec v1.12), csi-addons and HPE CSP arrays.";
    private ConnectionActions connectionActions = ConnectionActions.NONE;
    private java.util.function.Supplier<ResourceView> auditView;
    private final BooleanProperty auditAvailable = new SimpleBooleanProperty(this, "auditAvailable", false);
    private final WorkbenchTraces traces;
    private boolean traceDeferred;
    /** The console's records the live trace names ids from; null until the application gives them. */
    private volatile org.csiconsole.core.record.ConsoleRecords records;

    public Workbench(WorkbenchServices services, ObservableList<ConnectionModel> connections) {
        this.services = Objects.requireNonNull(services);
        this.connections = Objects.requireNonNull(connections);
        root.getStyleClass().add(ConsoleStyles.WORKBENCH);
        root.setId("workbench");
        if (!connections.isEmpty()) currentConnection.set(connections.get(0));

        navigator = new NavigatorView(connections, this::onNavigate);
        traces = new WorkbenchTraces(this, () -> new CallTraceView(new CallTraceViewModel(services.trace(), services.ui(), services.dialogs())
                .namedBy(() -> records)));
        bottom = new BottomPanel(traces::buildLive, services.tasks(), services.notifications());
        navigator.setConnectionMenu(new ConnectionMenu(() -> connectionActions, traces)::of);
        statusBar = new StatusBar(currentConnection, services.tasks(), services.notifications(), services.themes());

        centre.setId("centre");
        centre.getStyleClass().add(ConsoleStyles.CENTRE);
        centre.setTabClosingPolicy(TabPane.TabClosingPolicy.ALL_TABS);
        centre.setTabDragPolicy(TabPane.TabDragPolicy.REORDER);
        centre.getSelectionModel().selectedItemProperty().addListener((o, a, b) -> onTabSelected(a, b));
        EmptyState noTabs = new EmptyState(Material2AL.LAYERS, "No view is open",
                "Choose a resource under a connection in the navigator to open it here.");
        noTabs.visibleProperty().bind(javafx.beans.binding.Bindings.isEmpty(centre.getTabs()));
        StackPane centreStack = new StackPane(noTabs, centre);
        centre.visibleProperty().bind(noTabs.visibleProperty().not());

        perspectives = new Perspectives(centreStack, Material2AL.LAYERS, activeView, this::selectedCentreView);
        perspectives.shownProperty().addListener((o, was, now) -> {
            ResourceView v = Perspective.RESOURCES.equals(now) ? null : perspectives.viewOf(now);
            statusBar.showTarget(v == null ? null : v.statusTarget());
        });
        horizontal.getItems().addAll(navigator, perspectives.centre());
        horizontal.setDividerPositions(DEFAULT_NAVIGATOR_DIVIDER);
        navigator.setMinWidth(NAVIGATOR_MIN_WIDTH);
        SplitPane.setResizableWithParent(navigator, false);
        vertical.setOrientation(Orientation.VERTICAL);
        bottomSlot.getChildren().setAll(bottom);
        vertical.getItems().addAll(horizontal, bottomSlot);
        vertical.setDividerPositions(DEFAULT_BOTTOM_DIVIDER);
        SplitPane.setResizableWithParent(bottomSlot, false);
        bottomShown.addListener((o, was, shown) -> onBottomShown(shown));

        menus = new WorkbenchMenus(this, services);
        bars = new VBox(menus.menuBar(), menus.toolBar());
        root.setTop(bars);
        root.setCenter(vertical);
        root.setBottom(statusBar);

        root.sceneProperty().addListener((o, a, scene) -> {
            if (scene != null) scene.focusOwnerProperty().addListener((oo, x, focus) -> onFocus(focus));
        });
        connections.addListener((javafx.collections.ListChangeListener<ConnectionModel>) c -> {
            while (c.next()) {
                if (!c.wasReplaced()) {
                    c.getRemoved().forEach(this::closeViewsOf);
                } else {
                    // A connection replaced where it stands (edited, renamed after its driver): its views and the status
                    // bar follow it, so no tab is left showing the old connection's state.
                    ConnectionModel current = currentConnection.get();
                    List<? extends ConnectionModel> added = c.getAddedSubList();
                    for (int i = 0; i < c.getRemoved().size(); i++) {
                        ConnectionModel gone = c.getRemoved().get(i);
                        if (added.isEmpty()) closeViewsOf(gone);
                        else moveViews(gone, added.get(Math.min(i, added.size() - 1)));
                    }
                    if (c.getRemoved().contains(current) && !added.isEmpty()) {
                        currentConnection.set(added.get(Math.min(c.getRemoved().indexOf(current), added.size() - 1)));
                    }
                }
            }
        });
        openStart();
    }

    /** Closes the tabs that show {@code gone}, a connection no longer in the navigator; the status bar moves to another. */
    private void closeViewsOf(ConnectionModel gone) {
        centreTabs.closeWhere(key -> key instanceof List<?> l && l.contains(gone));
        if (currentConnection.get() == gone) currentConnection.set(connections.isEmpty() ? null : connections.get(0));
    }

    /** Marks {@code node} as the root of {@code view}, so focus inside it makes the view active. */
    static void markView(Node node, ResourceView view) {
        node.getProperties().put(VIEW_KEY, view);
    }

    public Parent root() {
        return root;
    }

    /**
     * Puts the workbench in a new scene of the given size, styled by the theme manager. The bottom
     * panel's call trace is built now, unless {@link #deferUntilShown()} was called before.
     */
    public Scene createScene(double width, double height) {
        if (!traceDeferred) bottom.buildTrace();
        Scene scene = new Scene(root, width, height);
        services.themes().style(scene);
        return scene;
    }

    /**
     * Leaves what the first frame can do without unbuilt or unstyled until {@link #finishStart()}: the
     * menu bar, the tool bar, the bottom panel and the status bar are drawn as their outline
     * ({@link FrameOutline}, in the same places: nothing moves when they come, and their shortcuts work
     * from then on); the bottom panel's call trace (its table, filters and tool bar) is not built; and
     * the start page shows its hero and the connections without the cards beside them (drivers on this
     * host, the shortcuts). The console calls it before {@link #createScene} and {@code finishStart}
     * once the first frame is painted.
     */
    public void deferUntilShown() {
        traceDeferred = true;
        Theme.FirstFrameColours c = services.themes().theme().firstFrame();
        root.setTop(FrameOutline.bars(c));
        root.setBottom(FrameOutline.statusLine(c));
        bottomSlot.getChildren().setAll(FrameOutline.bottomPanel(c));
        StartView start = startView();
        if (start != null) start.holdCards();
    }

    /** Builds and shows what {@link #deferUntilShown()} left out; idempotent. */
    public void finishStart() {
        if (root.getTop() != bars) {
            root.setTop(bars);
            root.setBottom(statusBar);
            bottomSlot.getChildren().setAll(bottom);
        }
        bottom.buildTrace();
        StartView start = startView();
        if (start != null) start.showCards();
    }

    /** The open start page; null when it is closed. */
    private StartView startView() {
        Tab start = centreTabs.tab(START_KEY);
        return start != null && start.getUserData() instanceof StartView v ? v : null;
    }

    public ObjectProperty<ResourceView> activeViewProperty() {
        return activeView;
    }

    /** The connection the status bar shows: the one last chosen in the navigator. */
    public ObjectProperty<ConnectionModel> currentConnectionProperty() {
        return currentConnection;
    }

    public NavigatorView navigator() {
        return navigator;
    }

    public TabPane centre() {
        return centre;
    }

    public BottomPanel bottom() {
        return bottom;
    }

    public WorkbenchMenus menus() {
        return menus;
    }

    /** Position of the navigator divider, 0..1 of the width. */
    public DoubleProperty navigatorDividerProperty() {
        return horizontal.getDividers().get(0).positionProperty();
    }

    /**
     * Position of the bottom panel divider, 0..1 of the height; while the panel is hidden, the
     * position it comes back at.
     */
    public double bottomDivider() {
        return bottomShown.get() ? vertical.getDividers().get(0).getPosition() : bottomDivider;
    }

    /** Moves the bottom panel divider to {@code position} (0..1 of the height), now or when the panel comes back. */
    public void setBottomDivider(double position) {
        bottomDivider = position;
        if (bottomShown.get()) vertical.setDividerPositions(position);
    }

    /**
     * Whether the bottom panel (call trace, tasks, notifications) is shown; View, Bottom panel
     * (Ctrl+J) toggles it. Hidden, the centre takes the whole height and the trace stops following.
     */
    public BooleanProperty bottomShownProperty() {
        return bottomShown;
    }

    /**
     * View, Reset layout: the navigator and bottom panel dividers back where a new window has them, the bottom
     * panel shown.
     */
    public void resetLayout() {
        bottomShown.set(true);
        navigatorDividerProperty().set(DEFAULT_NAVIGATOR_DIVIDER);
        setBottomDivider(DEFAULT_BOTTOM_DIVIDER);
    }

    /** Shows the bottom panel if it is hidden and lets {@code select} pick its tab. */
    public void showBottom(java.util.function.Consumer<BottomPanel> select) {
        bottomShown.set(true);
        select.accept(bottom);
    }

    private void onBottomShown(boolean shown) {
        if (shown) {
            if (!vertical.getItems().contains(bottomSlot)) vertical.getItems().add(bottomSlot);
            vertical.setDividerPositions(bottomDivider);
            bottom.setShown(true);
        } else {
            bottomDivider = vertical.getDividers().isEmpty() ? bottomDivider : vertical.getDividers().get(0).getPosition();
            vertical.getItems().remove(bottomSlot);
            bottom.setShown(false);
            if (bottom.holdsTrace(activeView.get())) activeView.set(selectedCentreView());
        }
    }

    /** Sets what the navigator's connection menu and File, New connection do. */
    public void setConnectionActions(ConnectionActions actions) {
        this.connectionActions = Objects.requireNonNull(actions);
    }

    public ConnectionActions connectionActions() {
        return connectionActions;
    }

    /** Sets what Help, About says: the version, the protocols spoken, where to read more. */
    public void setAboutText(String text) {
        this.aboutText = Objects.requireNonNull(text);
    }

    /** Help, About: an information dialog with {@link #setAboutText the about text}. */
    void showAbout() {
        services.dialogs().showInformation("About CSI Console", aboutText);
    }

    public void setOnQuit(Runnable onQuit) {
        this.onQuit = Objects.requireNonNull(onQuit);
    }

    void quit() {
        onQuit.run();
    }

    /**
     * Adds a perspective: a toggle in the toolbar's switcher (id {@code perspective-<id>}) and an
     * item in the Window menu with its shortcut. Its view is created when first shown.
     *
     * @throws IllegalArgumentException when a perspective with the same id was added already
     */
    public void addPerspective(Perspective perspective) {
        perspectives.add(perspective);
    }

    /**
     * Shows perspective {@code id} in the centre ({@link Perspective#RESOURCES} for the resource
     * tabs); an unknown id shows the resource tabs.
     *
     * @return the perspective's view, or null for the resource tabs
     */
    public ResourceView showPerspective(String id) {
        return perspectives.show(id);
    }

    /** The id of the shown perspective. */
    public javafx.beans.property.ReadOnlyStringProperty perspectiveProperty() {
        return perspectives.shownProperty();
    }

    /** The ids of the added perspectives, {@link Perspective#RESOURCES} first. */
    public List<String> perspectiveIds() {
        return perspectives.ids();
    }

    Perspectives perspectives() {
        return perspectives;
    }

    /** The open connections, in the navigator's order (observable). */
    public ObservableList<ConnectionModel> connections() {
        return connections;
    }

    /** Opens (or selects) the view of {@code kind} for {@code connection}, in the resource perspective. */
    public ResourceView open(ConnectionModel connection, ResourceKind kind) {
        showResources();
        currentConnection.set(connection);
        return openTab(List.of(connection, kind), () -> services.views().create(kind, connection)
                .orElseGet(() -> new PlaceholderView(kind, connection)));
    }

    /**
     * Opens every view of {@code connection} again where its tab stands, over the connection's
     * current storage (a placeholder while it has none); the selected one stays selected. For the
     * composition root, when the connection's storage changed: a view keeps the storage it was
     * opened with.
     */
    public void reopenViews(ConnectionModel connection) {
        moveViews(connection, connection);
    }

    /** Opens the views of {@code from} again for {@code to} where their tabs stand; the selected one stays selected. */
    private void moveViews(ConnectionModel from, ConnectionModel to) {
        List<Tab> tabs = centre().getTabs();
        Tab selected = centre().getSelectionModel().getSelectedItem();
        ResourceKind reselect = null;
        for (Tab t : List.copyOf(tabs)) {
            if (!(centreTabs.keyOf(t) instanceof List<?> key) || key.get(0) != from
                    || !(key.get(1) instanceof ResourceKind kind)) {
                continue;
            }
            if (t == selected) reselect = kind;
            int at = tabs.indexOf(t);
            closeTab(t);
            open(to, kind);
            // open adds the new view's tab last: it takes the old one's place
            Tab added = tabs.remove(tabs.size() - 1);
            tabs.add(at, added);
        }
        if (reselect != null) open(to, reselect);
    }

    /**
     * Makes the Audit view available: a "Audit log" row in the navigator's Console group and
     * View, Audit log (Ctrl+Shift+L) open {@code factory}'s view in a centre tab, once.
     */
    /** Names the volume and snapshot ids of the live call trace from the console's records (the names they were created under). */
    public void setRecords(org.csiconsole.core.record.ConsoleRecords records) {
        this.records = Objects.requireNonNull(records);
    }

    public void setAuditView(java.util.function.Supplier<ResourceView> factory) {
        auditView = Objects.requireNonNull(factory);
        navigator.addConsoleItem(new NavItem.Audit());
        auditAvailable.set(true);
    }

    /** Whether {@link #setAuditView} was called (View, Audit log is enabled). */
    public javafx.beans.value.ObservableBooleanValue auditAvailableProperty() {
        return auditAvailable;
    }

    /** Opens (or selects) the Audit view; null when none was {@linkplain #setAuditView set}. */
    public ResourceView openAudit() {
        if (auditView == null) return null;
        showResources();
        return openTab(AUDIT_KEY, auditView);
    }

    /** Call trace files and commands (File, Open trace…; the trace's Copy as and Save); see {@link WorkbenchTraces}. */
    public WorkbenchTraces traces() {
        return traces;
    }

    /** Opens (or selects) the view under {@code key} (any key but the ones of {@link #openViewKeys()}); built by {@code factory}. */
    ResourceView openView(Object key, java.util.function.Supplier<ResourceView> factory) {
        showResources();
        return openTab(key, factory);
    }

    /** Opens (or selects) the start page. */
    public ResourceView openStart() {
        showResources();
        return openTab(START_KEY, () -> new StartView(connections, services.views().startSections()));
    }

    private void showResources() {
        if (!Perspective.RESOURCES.equals(perspectives.shownProperty().get())) {
            perspectives.show(Perspective.RESOURCES);
        }
    }

    /**
     * The open centre tabs in their order, as keys that survive a restart: {@link #START_KEY} or
     * {@code <connection name>/<ResourceKind name>}.
     */
    public List<String> openViewKeys() {
        return centreTabs.persistentKeys();
    }

    /** The key of the selected centre tab (see {@link #openViewKeys()}), or null. */
    public String selectedViewKey() {
        return centreTabs.selectedPersistentKey();
    }

    /**
     * Opens the views of {@code keys} (from {@link #openViewKeys()} of an earlier run) and selects
     * {@code selected}. Keys of connections or kinds that no longer exist are skipped; with none
     * left, the start page stays. The start page closes when it was not among the keys.
     */
    public void restoreViews(List<String> keys, String selected) {
        boolean startKept = keys.contains(START_KEY);
        Tab select = null;
        for (String key : keys) {
            if (START_KEY.equals(key)) {
                openStart();
            } else if (AUDIT_KEY.equals(key)) {
                if (openAudit() == null) continue;
            } else {
                int slash = key.lastIndexOf('/');
                if (slash <= 0) continue;
                String name = key.substring(0, slash);
                ResourceKind kind;
                try {
                    kind = ResourceKind.valueOf(key.substring(slash + 1));
                } catch (IllegalArgumentException unknown) {
                    continue;
                }
                ConnectionModel c = connections.stream().filter(m -> m.name().equals(name)).findFirst().orElse(null);
                if (c == null) continue;
                open(c, kind);
            }
            if (key.equals(selected)) select = centre.getSelectionModel().getSelectedItem();
        }
        if (!startKept && centreTabs.size() > 1) {
            Tab start = centreTabs.tab(START_KEY);
            if (start != null) CentreTabs.close(start);
        }
        if (select != null) centre.getSelectionModel().select(select);
    }

    private ResourceView openTab(Object key, java.util.function.Supplier<ResourceView> factory) {
        return centreTabs.open(key, factory);
    }

    private void onViewClosed(ResourceView view) {
        if (activeView.get() == view) activeView.set(selectedCentreView());
    }

    /**
     * Closes {@code tab}, a centre tab, as its close button does: its view is disposed. For code that
     * replaces a view where it stands (the tab's index is free again for the one put there).
     */
    public static void closeTab(Tab tab) {
        CentreTabs.close(tab);
    }

    private void onNavigate(NavItem item) {
        if (item instanceof NavItem.ResourceKindItem k) {
            open(k.connection(), k.kind());
        } else if (item instanceof NavItem.ConnectionItem c) {
            currentConnection.set(c.model());
        } else if (item instanceof NavItem.Audit) {
            openAudit();
        } else if (item instanceof NavItem.Trace) {
            showBottom(BottomPanel::showTrace);
            activeView.set(bottom.trace());
        }
    }

    private void onTabSelected(Tab old, Tab now) {
        if (old != null && old.getUserData() instanceof ResourceView v) v.deactivate();
        ResourceView view = now == null ? null : (ResourceView) now.getUserData();
        boolean tabsShown = Perspective.RESOURCES.equals(perspectives.shownProperty().get());
        if (view != null && tabsShown) view.activate();
        if (tabsShown) {
            activeView.set(view);
            traces.follow(view);
        }
        // The navigator follows the tab (Eclipse's "link with editor"), and so does the status bar.
        if (centreTabs.keyOf(now) instanceof List<?> l && l.get(0) instanceof ConnectionModel c && l.get(1) instanceof ResourceKind k) {
            currentConnection.set(c);
            navigator.select(c, k);
        }
    }

    private void onFocus(Node focus) {
        for (Node n = focus; n != null; n = n.getParent()) {
            if (n.getProperties().get(VIEW_KEY) instanceof ResourceView v) {
                activeView.set(v);
                return;
            }
        }
    }

    private ResourceView selectedCentreView() {
        return centreTabs.selectedView();
    }

    /** The view behind the selected centre tab, or null. */
    public ResourceView selectedView() {
        return selectedCentreView();
    }

    /** Ctrl+F: focuses the active view's filter; returns whether it has one. */
    public boolean focusFilter() {
        ResourceView v = activeView.get();
        return v != null && v.focusFilter();
    }

    /** F5 on the active view. */
    public boolean refresh() {
        ResourceView v = activeView.get();
        return v != null && v.refreshAction().run();
    }

    /** Ctrl+N on the active view. */
    public boolean create() {
        ResourceView v = activeView.get();
        return v != null && v.createAction().run();
    }

    /** Del on the active view; ignored while typing in a text field. */
    public boolean delete() {
        ResourceView v = activeView.get();
        Scene scene = root.getScene();
        if (scene != null && scene.getFocusOwner() instanceof TextInputControl) return false;
        return v != null && v.deleteAction().run();
    }

    /** Ctrl+W: closes the selected centre tab. */
    public boolean closeCurrentTab() {
        return centreTabs.closeSelected();
    }

    public void toggleTheme() {
        services.themes().toggle();
    }

    public WorkbenchServices services() {
        return services;
    }
}
