package org.csiconsole.app.gui.connect;

import javafx.scene.control.Menu;
import javafx.scene.control.MenuItem;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.trouble.LocalTroubleshooter;
import org.csiconsole.core.trouble.ProbeOptions;
import org.csiconsole.views.Icons;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.troubleshoot.HostDrivers;
import org.csiconsole.views.troubleshoot.TroubleshootView;
import org.csiconsole.views.troubleshoot.TroubleshootViewModel;
import org.csiconsole.views.workbench.Perspective;
import org.csiconsole.views.workbench.Workbench;
import org.kordamp.ikonli.material2.Material2AL;

import java.nio.file.Path;
import java.util.concurrent.Executor;

/**
 * Wires the Troubleshoot perspective (Alt+4) into the workbench: its view over this host's
 * troubleshooting workflows (calls in the console's call trace, the exercise's changes in the audit
 * log as connection "Troubleshoot"), one-click connect through the connection manager, the start
 * page's "Drivers on this host" over the same discovery, and File, Open report, which also adds the
 * report to the navigator as a read-only connection ({@link ConnectionManager#openReport}).
 */
public final class Troubleshooting {
    /** The perspective's id. */
    public static final String ID = "troubleshoot";
    /** The connection name the exercise's changes are audited under. */
    static final String AUDIT_CONNECTION = "Troubleshoot";

    private Troubleshooting() {
    }

    /**
     * Adds the perspective and the File menu's "Open report…".
     *
     * @param openReport a report to open once the workbench shows (the {@code --open} option), or null
     * @return what to run once the workbench's first frame is painted and its remembered views
     *     restored: it starts discovery for the start page (never before the first frame) and opens
     *     {@code openReport} in the perspective
     */
    public static Runnable install(Workbench workbench, ConnectionManager manager, Sessions sessions, CallTrace trace,
                               ActionRunner actions, Executor ui, Path openReport) {
        LocalTroubleshooter port = new LocalTroubleshooter(trace, sessions.audit(AUDIT_CONNECTION), ProbeOptions.defaults().inWorkbench(),
                org.csiconsole.app.AppVersion.current().version(), new LocalTroubleshooter.SecretsSource() {
                    @Override
                    public java.util.Optional<LocalTroubleshooter.SavedSecrets> saved(String endpoint) {
                        return manager.secretsFor(endpoint);
                    }

                    @Override
                    public org.csiconsole.core.model.Secrets read(Path file) {
                        return org.csiconsole.core.store.SecretFiles.read(file);
                    }
                });
        // One model for the perspective and the start page: both show the same discovery.
        TroubleshootViewModel model = new TroubleshootViewModel(port, actions, ui, (name, endpoint) -> {
            ConnectionManager.OpenedFound opened = manager.openFound(name, endpoint);
            workbench.currentConnectionProperty().set(opened.connection());
            return opened.said();
        });
        // An opened report is also a read-only connection in the navigator, with the usual views.
        model.reports().setOnOpened((file, report) -> workbench.currentConnectionProperty().set(manager.openReport(file, report)));
        workbench.addPerspective(new Perspective(ID, "Troubleshoot", Material2AL.BUILD, "Alt+4", () -> new TroubleshootView(model)));
        HostDrivers drivers = new HostDrivers(model.discover(), () -> workbench.showPerspective(ID));
        workbench.services().views().addStartSection(drivers.section());
        MenuItem open = new MenuItem("Open report\u2026", Icons.of(Material2AL.FOLDER_OPEN, 14));
        open.setId("menu-open-report");
        open.setOnAction(e -> show(workbench).chooseAndOpenReport());
        Menu file = workbench.menus().menuBar().getMenus().get(0);
        file.getItems().add(Math.min(2, file.getItems().size()), open);
        return () -> {
            drivers.scanOnce();
            if (openReport != null) show(workbench).openReport(openReport);
        };
    }

    /** Shows the perspective and returns its view. */
    public static TroubleshootView show(Workbench workbench) {
        return (TroubleshootView) workbench.showPerspective(ID);
    }
}
