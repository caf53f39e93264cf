package org.csiconsole.views.troubleshoot;

import atlantafx.base.theme.Styles;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.beans.WeakInvalidationListener;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.csiconsole.core.trouble.DiscoveredSocket;
import org.csiconsole.core.trouble.DiscoveryReport;
import org.csiconsole.views.Icons;
import org.csiconsole.views.theme.ConsoleStyles;
import org.csiconsole.views.workbench.StartSection;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * The start page's "Drivers on this host" (node id {@code start-drivers}): the drivers the
 * Troubleshoot perspective's discovery found on this node (name, endpoint, listening or stale,
 * whether csi-addons answers), a Connect button per driver that listens, Rescan, and a link to the
 * Troubleshoot perspective. It shows what {@link DiscoverModel} holds and runs
 * {@link DiscoverModel#scan()}, which works off the UI thread; nothing here waits for a socket.
 */
public final class HostDrivers {
    /** The card's heading. */
    public static final String TITLE = "Drivers on this host";
    /** What the card says while discovery runs. */
    static final String LOOKING = "Looking for driver sockets\u2026";

    private final DiscoverModel model;
    private final Runnable openTroubleshoot;

    /**
     * @param model the discovery whose results are listed (the Troubleshoot perspective's own, so
     *     both show the same sockets)
     * @param openTroubleshoot shows the Troubleshoot perspective
     */
    public HostDrivers(DiscoverModel model, Runnable openTroubleshoot) {
        this.model = Objects.requireNonNull(model, "model");
        this.openTroubleshoot = Objects.requireNonNull(openTroubleshoot, "openTroubleshoot");
    }

    /** The card, to add to the start page. */
    public StartSection section() {
        return new StartSection("start-drivers", TITLE, () -> new Card().root);
    }

    /** Looks for drivers unless a discovery ran or runs already: what the console does once its first frame is painted. */
    public void scanOnce() {
        if (model.reportProperty().get() == null && model.failureProperty().get().isEmpty() && !model.runningProperty().get()) {
            model.scan();
        }
    }

    /**
     * The line above the list: discovery under way, what it found, nothing found with where it
     * looked (places absent on this node apart) and how to look under another kubelet root, or why
     * it failed.
     */
    static String message(boolean running, DiscoveryReport report, String failure, int drivers, String rootDir) {
        if (running) return LOOKING;
        if (!failure.isEmpty()) return "Discovery did not finish: " + failure;
        if (report == null) return "Not looked yet: Rescan looks for driver sockets under " + rootDir + ", /csi and /run/csi.";
        if (drivers == 0) {
            return "No driver sockets found under " + report.rootDir() + " or the usual places. " + report.whereLooked() + " "
                    + report.otherRoot();
        }
        return org.csiconsole.core.model.Words.count(drivers, "driver") + " found in " + report.took().toMillis() + " ms.";
    }

    static String addonsText(DiscoveredSocket s) {
        if (s.addons().isEmpty()) return "";
        return s.addons().equals("no") ? "csi-addons: no answer" : "csi-addons " + s.addons();
    }

    /** One start page's card content, following the model (weakly: a closed start page goes). */
    private final class Card {
        private final VBox root = new VBox(10);
        private final Label message = new Label();
        private final VBox rows = new VBox(8);
        private final InvalidationListener refresh = o -> fill();

        Card() {
            message.setId("start-drivers-status");
            message.setWrapText(true);
            message.getStyleClass().add(ConsoleStyles.MUTED);
            rows.setId("start-drivers-list");
            Button rescan = new Button("Rescan", Icons.of(Material2MZ.REFRESH, 14));
            rescan.setId("start-drivers-rescan");
            rescan.getStyleClass().add(Styles.SMALL);
            rescan.setOnAction(e -> model.scan());
            rescan.disableProperty().bind(model.runningProperty());
            rescan.setTooltip(new Tooltip("Look for driver sockets again; only reads"));
            Hyperlink open = new Hyperlink("Open Troubleshoot (Alt+4)");
            open.setId("start-drivers-troubleshoot");
            open.setGraphic(Icons.of(Material2AL.BUILD, 14));
            open.setOnAction(e -> openTroubleshoot.run());
            open.setTooltip(new Tooltip("Probe a driver without changing anything, exercise it on request, open and compare reports"));
            HBox bar = new HBox(10, rescan, open);
            bar.setAlignment(Pos.CENTER_LEFT);
            root.getChildren().addAll(message, rows, bar);
            // The model holds the card's listener weakly; the card lives as long as its node.
            root.getProperties().put(Card.class, this);
            WeakInvalidationListener weak = new WeakInvalidationListener(refresh);
            for (Observable o : List.of(model.runningProperty(), model.reportProperty(), model.failureProperty(), model.sockets().all())) {
                o.addListener(weak);
            }
            fill();
        }

        private void fill() {
            List<DiscoveredSocket> drivers = DiscoveryReport.drivers(List.copyOf(model.sockets().all()));
            message.setText(message(model.runningProperty().get(), model.reportProperty().get(), model.failureProperty().get(),
                    drivers.size(), model.rootDir()));
            rows.getChildren().clear();
            for (DiscoveredSocket s : drivers) rows.getChildren().add(row(s));
            rows.setManaged(!drivers.isEmpty());
            rows.setVisible(!drivers.isEmpty());
        }

        private Node row(DiscoveredSocket s) {
            String endpoint = DiscoverModel.endpointOf(s);
            Label name = new Label(s.pluginName().isEmpty() ? "Unknown driver" : s.driverText()
                    + (s.pluginVersion().isEmpty() ? "" : " " + s.pluginVersion()));
            name.getStyleClass().add(Styles.TEXT_BOLD);
            name.setTooltip(new Tooltip(name.getText()));
            Label state = new Label(model.condition(s));
            state.getStyleClass().addAll(ConsoleStyles.BADGE, TroubleRows.stateStyle(s));
            state.setMinWidth(Region.USE_PREF_SIZE);
            Region gap = new Region();
            HBox.setHgrow(gap, Priority.ALWAYS);
            HBox head = new HBox(10, name, state, gap);
            head.setAlignment(Pos.CENTER_LEFT);
            if (model.whyNotConnect(s).isEmpty()) {
                Button connect = new Button("Connect", Icons.of(Material2AL.LINK, 14));
                connect.setId(id("start-driver-connect-", endpoint));
                connect.getStyleClass().addAll(Styles.SMALL, Styles.ACCENT);
                connect.setMinWidth(Region.USE_PREF_SIZE);
                connect.setTooltip(new Tooltip("Add a connection to " + endpoint + " and open it"));
                connect.setOnAction(e -> model.connect(s));
                head.getChildren().add(connect);
            }
            Label where = new Label(endpoint);
            where.getStyleClass().addAll(ConsoleStyles.MONO, ConsoleStyles.MUTED);
            where.setTextOverrun(OverrunStyle.CENTER_ELLIPSIS);
            where.setTooltip(new Tooltip(endpoint));
            VBox row = new VBox(2, head, where);
            String addons = addonsText(s);
            if (!addons.isEmpty()) row.getChildren().add(muted(addons));
            if (!s.problem().isEmpty()) row.getChildren().add(muted(s.problem()));
            if (!s.nextStep().isEmpty()) row.getChildren().add(muted("What to do: " + s.nextStep()));
            row.setId(id("start-driver-", endpoint));
            return row;
        }
    }

    private static Label muted(String text) {
        Label l = new Label(text);
        l.setWrapText(true);
        l.getStyleClass().add(ConsoleStyles.MUTED);
        return l;
    }

    /** A node id for {@code endpoint}: letters, digits and dashes only. */
    static String id(String prefix, String endpoint) {
        return prefix + endpoint.replaceFirst("^unix://", "").replaceAll("[^A-Za-z0-9]+", "-").replaceAll("^-|-$", "").toLowerCase(Locale.ROOT);
    }
}
