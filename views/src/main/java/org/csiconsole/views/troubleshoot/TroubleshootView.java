package org.csiconsole.views.troubleshoot;

import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableStringValue;
import javafx.scene.Node;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.layout.BorderPane;
import javafx.stage.FileChooser;
import org.csiconsole.core.trouble.DiscoveredSocket;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.dialog.ExportFolder;
import org.csiconsole.views.table.ResourceTable;
import org.csiconsole.views.theme.ConsoleStyles;
import org.csiconsole.views.workbench.ResourceView;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.material2.Material2AL;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The Troubleshoot perspective's view (node id {@code troubleshoot-view}): pages Discover (the
 * sockets on this node, connect or probe one), Probe (the check list), Exercise (a confirmed
 * lifecycle) and Report (a saved report read-only, compared with another). F5 discovers or probes
 * again on the page shown; Ctrl+F focuses Discover's filter; Enter or a double click on a socket
 * probes it, and its context menu connects to it or probes it.
 */
public final class TroubleshootView implements ResourceView {
    private final TroubleshootViewModel model;
    private final BorderPane root = new BorderPane();
    private final TabPane tabs = new TabPane();
    private final Tab discoverTab;
    private final Tab probeTab;
    private final Tab exerciseTab;
    private final Tab reportTab;
    private final ResourceTable<DiscoveredSocket> sockets;
    private final ViewAction refresh;
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper("Troubleshoot");
    private Function<String, Optional<Path>> chooseFile = this::showFileChooser;
    private final ExportFolder exportFolder = new ExportFolder();
    private Function<String, Optional<Path>> chooseFolder = this::showFolderChooser;

    public TroubleshootView(TroubleshootViewModel model) {
        this.model = Objects.requireNonNull(model);
        sockets = TroubleshootPages.socketTable(model.discover());
        BorderPane discover = new BorderPane(sockets, TroubleshootPages.discoverBar(model.discover(), model.rootDirProperty(), sockets,
                this::probeSelected), null, TroubleshootPages.status("discover-status", model.discover().statusProperty(),
                model.discover().failureProperty(), model.discover()::discover), null);
        BorderPane probe = new BorderPane(TroubleshootPages.checkTable(model.probe().checks(), "probe-checks"),
                TroubleshootPages.probeBar(model.probe(), model.endpointProperty()), null,
                TroubleshootPages.status("probe-status", model.probe().statusProperty(), model.probe().failureProperty(),
                        model.probe()::probe), null);
        discoverTab = tab("tab-discover", "Discover", discover);
        probeTab = tab("tab-probe", "Probe", probe);
        exerciseTab = tab("tab-exercise", "Exercise", TroubleshootPages.exercisePage(model.exercise(), model.endpointProperty()));
        reportTab = tab("tab-report", "Report", TroubleshootPages.reportPage(model.reports(),
                () -> chooseFolder.apply("Save report to").ifPresent(model::saveReport), model.canSaveReport(),
                () -> chooseFile.apply("Open report").ifPresent(this::openReport),
                () -> chooseFile.apply("Compare with report").ifPresent(model.reports()::compareWith)));
        tabs.getTabs().addAll(discoverTab, probeTab, exerciseTab, reportTab);
        tabs.setTabClosingPolicy(TabPane.TabClosingPolicy.UNAVAILABLE);
        tabs.setId("troubleshoot-tabs");
        root.setCenter(tabs);
        root.setId("troubleshoot-view");
        root.getStyleClass().add(ConsoleStyles.STORAGE_VIEW);
        refresh = ViewAction.always("Refresh", this::refresh);
        // The rows' keys and menu: Enter (or a double click) probes, as the Probe button does; the menu connects or probes.
        sockets.tableView().addEventHandler(javafx.scene.input.KeyEvent.KEY_PRESSED, e -> {
            if (e.getCode() == javafx.scene.input.KeyCode.ENTER && !e.isShortcutDown() && !e.isAltDown()) {
                probeSelected();
                e.consume();
            }
        });
        sockets.tableView().addEventHandler(javafx.scene.input.MouseEvent.MOUSE_CLICKED, e -> {
            if (e.getClickCount() == 2 && e.getButton() == javafx.scene.input.MouseButton.PRIMARY) probeSelected();
        });
        sockets.withRowMenu(TroubleshootPages.socketMenu(model.discover(), sockets, this::probeSelected));
        // One driver found: it is selected, so Connect and Probe are one click away.
        model.discover().reportProperty().addListener((o, was, report) -> {
            if (report == null || sockets.selectedItemProperty().get() != null) return;
            List<DiscoveredSocket> usable = report.sockets().stream().filter(s -> model.discover().whyNotConnect(s).isEmpty()).toList();
            if (usable.size() == 1) sockets.tableView().getSelectionModel().select(usable.get(0));
        });
    }

    private static Tab tab(String id, String title, Node content) {
        Tab t = new Tab(title, content);
        t.setId(id);
        return t;
    }

    public TroubleshootViewModel model() {
        return model;
    }

    /** Shows the Report page and opens {@code file} read-only. */
    public void openReport(Path file) {
        tabs.getSelectionModel().select(reportTab);
        model.reports().open(file);
    }

    /** Asks for a report file (File, Open report) and opens it on the Report page; nothing happens when none is chosen. */
    public void chooseAndOpenReport() {
        chooseFile.apply("Open report").ifPresent(this::openReport);
    }

    /** How report files are chosen (a file dialog; tests answer directly): the dialog's title to the file, empty when none. */
    public void setFileChooser(Function<String, Optional<Path>> chooser) {
        this.chooseFile = Objects.requireNonNull(chooser);
    }

    /** How the folder a report is saved to is chosen (a folder dialog; tests answer directly): title to folder, empty when none. */
    public void setFolderChooser(Function<String, Optional<Path>> chooser) {
        this.chooseFolder = Objects.requireNonNull(chooser);
    }

    private Optional<Path> showFolderChooser(String title) {
        return exportFolder.showSaveFolder(root.getScene() == null ? null : root.getScene().getWindow(), title);
    }

    private Optional<Path> showFileChooser(String title) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        chooser.getExtensionFilters().add(new FileChooser.ExtensionFilter("CSI Console report", "report.json", "*.json"));
        File f = chooser.showOpenDialog(root.getScene() == null ? null : root.getScene().getWindow());
        return Optional.ofNullable(f).map(File::toPath);
    }

    private void probeSelected() {
        List<DiscoveredSocket> selected = List.copyOf(sockets.tableView().getSelectionModel().getSelectedItems());
        if (model.discover().whyNotProbe(selected).isPresent()) return;
        DiscoveredSocket s = selected.get(0);
        model.endpointProperty().set(DiscoverModel.endpointOf(s));
        tabs.getSelectionModel().select(probeTab);
        model.probe().probe();
    }

    /** Ctrl+F: the Discover page's filter, shown first when another page is. */
    @Override
    public boolean focusFilter() {
        tabs.getSelectionModel().select(discoverTab);
        sockets.focusFilter();
        return true;
    }

    private void refresh() {
        Tab t = tabs.getSelectionModel().getSelectedItem();
        if (t == discoverTab) model.discover().discover();
        else if (t == probeTab) model.probe().probe();
    }

    /**
     * The pages' endpoint while the Probe or the Exercise page is shown (they work on it, not on the navigator's
     * connection); null on Discover and Report, which are about the node and a report.
     */
    @Override
    public ObservableStringValue statusTarget() {
        return javafx.beans.binding.Bindings.createStringBinding(() -> {
            Tab t = tabs.getSelectionModel().getSelectedItem();
            return t == probeTab || t == exerciseTab ? model.endpointProperty().get() : null;
        }, tabs.getSelectionModel().selectedItemProperty(), model.endpointProperty());
    }

    @Override
    public ObservableStringValue title() {
        return title.getReadOnlyProperty();
    }

    @Override
    public Ikon icon() {
        return Material2AL.BUILD;
    }

    @Override
    public Node node() {
        return root;
    }

    @Override
    public void activate() {
        model.activate();
    }

    @Override
    public void deactivate() {
        model.deactivate();
    }

    @Override
    public ViewAction refreshAction() {
        return refresh;
    }

    @Override
    public ViewAction createAction() {
        return ViewAction.unavailable("New", "Troubleshooting creates nothing here; the Exercise page runs a confirmed lifecycle");
    }

    @Override
    public ViewAction deleteAction() {
        return ViewAction.unavailable("Delete", "Troubleshooting deletes nothing here");
    }
}
