package org.csiconsole.views.connection;

import atlantafx.base.theme.Styles;
import javafx.application.Platform;
import javafx.beans.property.StringProperty;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.RadioButton;
import javafx.scene.control.TextField;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.ToggleGroup;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.stage.FileChooser;
import org.csiconsole.core.session.ConnectionKind;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.views.Icons;
import org.csiconsole.views.dialog.DialogFit;
import org.csiconsole.views.connection.ConnectionFormModel.CspTrustChoice;
import org.csiconsole.views.connection.ConnectionFormModel.Transport;
import org.csiconsole.views.theme.ConsoleStyles;
import org.kordamp.ikonli.javafx.FontIcon;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

import java.io.File;
import java.util.List;

/**
 * New or edit a connection profile: a CSI driver (unix socket, or TCP with TLS CA and optional
 * client certificate, plus an optional separate node socket), a CSI driver with the CSP of its
 * array (both sets of fields; the CSP trusted by the system store or a pin), or a CSP array (URL,
 * user, array IP, trust by system store, CA file or SHA-256 pin). The Save button is enabled only when the
 * {@link ConnectionFormModel} has no problem; the first problem is shown under the form, and a
 * warning (a unix socket that does not exist yet) under it without blocking the save. The window
 * grows and shrinks with the fields of the chosen kind, transport and trust, so the buttons and the
 * messages stay in view. No password is asked here.
 *
 * <p>Node ids: {@code conn-kind-csi}, {@code conn-kind-csi-csp}, {@code conn-kind-csp}, {@code conn-name}, {@code conn-socket},
 * {@code conn-hostport}, {@code conn-ca}, {@code conn-client-cert}, {@code conn-client-key},
 * {@code conn-node-socket}, {@code conn-csp-url}, {@code conn-user}, {@code conn-array-ip},
 * {@code conn-pin}, {@code conn-csp-ca}, {@code conn-hint}, {@code conn-problem}, {@code conn-warning}.
 * Every endpoint field takes what the command line's {@code --endpoint} takes
 * ({@link org.csiconsole.core.session.EndpointAddress}).
 */
public final class ConnectionDialog extends Dialog<ConnectionProfile> {
    private final ConnectionFormModel model;
    private final ButtonType save;

    /** Height the fields take at most before they scroll: 800 px less the header, the messages, the buttons and the frame. */
    static final double MAX_FIELDS_HEIGHT = 470;

    public ConnectionDialog(ConnectionFormModel model, boolean editing) {
        this.model = model;
        setTitle(editing ? "Edit connection" : "New connection");
        setResizable(true);

        FontIcon icon = Icons.of(Material2AL.DEVICE_HUB, 32);
        icon.getStyleClass().add(ConsoleStyles.ACCENT_ICON);
        Label heading = new Label(editing ? "Edit connection" : "New connection");
        heading.getStyleClass().add(ConsoleStyles.DIALOG_HEADING);
        Label sub = new Label("Saved under ~/.config/csi-console. Passwords are never saved; they are asked when connecting. "
                + "A secrets file is saved by its path, never its content.");
        sub.getStyleClass().add(ConsoleStyles.MUTED);
        sub.setWrapText(true);
        // the note wraps beside the icon, narrower than the form (660) so the header is as tall as its lines: never cut
        sub.setPrefWidth(500);
        sub.setMinHeight(Label.USE_PREF_SIZE);
        VBox titles = new VBox(2, heading, sub);
        HBox.setHgrow(titles, Priority.ALWAYS);
        HBox header = new HBox(14, icon, titles);
        header.getStyleClass().add(ConsoleStyles.DIALOG_HEADER);
        header.setPadding(new Insets(18, 20, 6, 20));
        getDialogPane().setHeader(header);

        ToggleGroup kinds = new ToggleGroup();
        ToggleButton csi = new ToggleButton("CSI driver", Icons.of(Material2AL.DEVICE_HUB, 16));
        csi.setId("conn-kind-csi");
        ToggleButton both = new ToggleButton("CSI driver + its CSP array", Icons.of(Material2AL.DNS, 16));
        both.setId("conn-kind-csi-csp");
        ToggleButton csp = new ToggleButton("CSP array", Icons.of(Material2AL.CLOUD_QUEUE, 16));
        csp.setId("conn-kind-csp");
        csi.setToggleGroup(kinds);
        both.setToggleGroup(kinds);
        csp.setToggleGroup(kinds);
        csi.getStyleClass().add(Styles.LEFT_PILL);
        both.getStyleClass().add(Styles.CENTER_PILL);
        csp.getStyleClass().add(Styles.RIGHT_PILL);
        kinds.selectToggle(model.kindProperty().get() == ConnectionKind.CSP ? csp : model.withCspProperty().get() ? both : csi);
        kinds.selectedToggleProperty().addListener((o, a, b) -> {
            if (b == null) {
                kinds.selectToggle(a);
                return;
            }
            model.withCspProperty().set(b == both);
            model.kindProperty().set(b == csp ? ConnectionKind.CSP : ConnectionKind.CSI);
        });
        csi.setDisable(editing && model.kindProperty().get() == ConnectionKind.CSP);
        both.setDisable(editing && model.kindProperty().get() == ConnectionKind.CSP);
        csp.setDisable(editing && model.kindProperty().get() == ConnectionKind.CSI);
        HBox kindBox = new HBox(csi, both, csp);
        // The three kinds are read whole: the dialog is as wide as they need.
        for (ToggleButton k : List.of(csi, both, csp)) k.setMinWidth(ToggleButton.USE_PREF_SIZE);

        GridPane top = grid();
        row(top, 0, "Kind", kindBox);
        TextField nameField = field("conn-name", model.nameProperty(), "lab array");
        nameField.promptTextProperty().bind(javafx.beans.binding.Bindings.when(model.kindProperty().isEqualTo(ConnectionKind.CSP))
                .then("lab array").otherwise("empty: named after the driver (its GetPluginInfo name)"));
        row(top, 1, "Name", nameField);

        VBox csiPane = csiPane();
        VBox cspPane = cspPane();
        csiPane.visibleProperty().bind(model.kindProperty().isNotEqualTo(ConnectionKind.CSP));
        csiPane.managedProperty().bind(csiPane.visibleProperty());
        cspPane.visibleProperty().bind(model.kindProperty().isEqualTo(ConnectionKind.CSP).or(model.withCspProperty()));
        cspPane.managedProperty().bind(cspPane.visibleProperty());

        Label problem = new Label();
        problem.setId("conn-problem");
        problem.setGraphic(Icons.of(Material2AL.INFO, 14));
        problem.getStyleClass().add(ConsoleStyles.MUTED);
        problem.setWrapText(true);
        problem.textProperty().bind(model.firstProblemProperty());
        problem.visibleProperty().bind(model.validProperty().not());
        // its two lines are kept while there is no problem: a message that comes and goes never moves the fields
        problem.setMinHeight(2 * 18);

        Label warning = new Label();
        warning.setId("conn-warning");
        warning.setGraphic(Icons.of(Material2MZ.WARNING, 14));
        warning.getStyleClass().add(ConsoleStyles.FORM_WARNING);
        warning.setWrapText(true);
        warning.setMaxWidth(Double.MAX_VALUE);
        warning.setMinHeight(Label.USE_PREF_SIZE);
        warning.textProperty().bind(model.warningProperty());
        warning.visibleProperty().bind(model.warningProperty().isNotEmpty());
        warning.managedProperty().bind(warning.visibleProperty());

        VBox fields = new VBox(12, top, csiPane, cspPane);
        fields.setPadding(new Insets(6, 20, 10, 20));
        fields.setPrefWidth(660);
        // The fields scroll when the screen is too small for them (the driver and its array at 1280x800); the message
        // and the buttons stay in view under them.
        javafx.scene.control.ScrollPane scroll = DialogFit.scrolling(fields, MAX_FIELDS_HEIGHT);
        scroll.setId("conn-fields");
        VBox messages = new VBox(6, problem, warning);
        messages.setPadding(new Insets(0, 20, 10, 20));
        VBox content = new VBox(scroll, messages);
        getDialogPane().setContent(content);
        getDialogPane().getStyleClass().add(ConsoleStyles.CONNECTION_DIALOG);
        // Another kind, transport or trust shows other fields, and messages come and go: the window
        // follows its content so the buttons and the whole message stay in view.
        for (javafx.beans.Observable o : new javafx.beans.Observable[]{model.kindProperty(), model.withCspProperty(), model.transportProperty(),
                model.cspTrustProperty(), model.firstProblemProperty(), model.warningProperty()}) {
            o.addListener(x -> DialogFit.fit(this));
        }

        save = new ButtonType(editing ? "Save" : "Save and connect", ButtonBar.ButtonData.OK_DONE);
        getDialogPane().getButtonTypes().addAll(ButtonType.CANCEL, save);
        Button saveButton = (Button) getDialogPane().lookupButton(save);
        saveButton.disableProperty().bind(model.validProperty().not());
        saveButton.getStyleClass().add(Styles.ACCENT);
        setResultConverter(b -> b == save && model.validProperty().get() ? model.toProfile() : null);
        // Cancel (or the close box) of a form the person filled asks before the draft is thrown away.
        String opened = model.draft();
        getDialogPane().lookupButton(ButtonType.CANCEL).setId("conn-cancel");
        setOnCloseRequest(e -> {
            if (getResult() == null && !model.draft().equals(opened) && !askDiscard.test(this)) e.consume();
        });
        setOnShown(e -> {
            DialogFit.fit(this);
            Platform.runLater(() -> getDialogPane().lookup("#conn-name").requestFocus());
        });
    }

    /** Asks whether the filled form may be thrown away; true to throw it away. */
    private java.util.function.Predicate<ConnectionDialog> askDiscard = ConnectionDialog::confirmDiscard;

    /** Replaces how the person is asked before a filled form is thrown away (a test answers it). */
    public void askBeforeDiscarding(java.util.function.Predicate<ConnectionDialog> ask) {
        askDiscard = java.util.Objects.requireNonNull(ask);
    }

    private static boolean confirmDiscard(ConnectionDialog d) {
        ButtonType discard = new ButtonType("Discard", ButtonBar.ButtonData.OK_DONE);
        ButtonType keep = new ButtonType("Keep editing", ButtonBar.ButtonData.CANCEL_CLOSE);
        javafx.scene.control.Alert a = new javafx.scene.control.Alert(javafx.scene.control.Alert.AlertType.CONFIRMATION,
                "The fields you filled in are lost. Keep editing to save them, or discard them.", keep, discard);
        a.setTitle("Discard this connection?");
        a.setHeaderText("Discard this connection?");
        a.initOwner(d.getDialogPane().getScene().getWindow());
        ((Button) a.getDialogPane().lookupButton(keep)).setDefaultButton(true);
        ((Button) a.getDialogPane().lookupButton(discard)).setDefaultButton(false);
        return a.showAndWait().filter(discard::equals).isPresent();
    }

    public ConnectionFormModel model() {
        return model;
    }

    public ButtonType saveButtonType() {
        return save;
    }

    private VBox csiPane() {
        ToggleGroup t = new ToggleGroup();
        RadioButton unix = new RadioButton("Unix socket");
        unix.setId("conn-unix");
        RadioButton tcp = new RadioButton("TCP (plugin behind a proxy)");
        tcp.setId("conn-tcp");
        unix.setToggleGroup(t);
        tcp.setToggleGroup(t);
        t.selectToggle(model.transportProperty().get() == Transport.TCP ? tcp : unix);
        t.selectedToggleProperty().addListener((o, a, b) -> model.transportProperty().set(b == tcp ? Transport.TCP : Transport.UNIX));

        GridPane transportGrid = grid();
        row(transportGrid, 0, "Transport", new HBox(16, unix, tcp));
        GridPane unixGrid = grid();
        row(unixGrid, 0, "Socket", withBrowse(field("conn-socket", model.socketPathProperty(), "/var/lib/kubelet/plugins/csi.example.com/csi.sock"),
                model.socketPathProperty(), "Choose the driver's socket"));
        GridPane tcpGrid = grid();
        row(tcpGrid, 0, "Host:port", field("conn-hostport", model.hostPortProperty(), "csi-proxy.example:9000"));
        row(tcpGrid, 1, "TLS CA", withBrowse(field("conn-ca", model.caFileProperty(), "CA file (PEM); TLS is off when empty"),
                model.caFileProperty(), "Choose the CA file"));
        row(tcpGrid, 2, "Client cert", withBrowse(field("conn-client-cert", model.clientCertProperty(), "optional client certificate (PEM)"),
                model.clientCertProperty(), "Choose the client certificate"));
        row(tcpGrid, 3, "Client key", withBrowse(field("conn-client-key", model.clientKeyProperty(), "its private key (PEM)"),
                model.clientKeyProperty(), "Choose the client key"));
        GridPane nodeGrid = grid();
        row(nodeGrid, 0, "Node socket", withBrowse(field("conn-node-socket", model.nodeSocketProperty(),
                "optional: /var/lib/kubelet/plugins/csi.example.com/node.sock"), model.nodeSocketProperty(), "Choose the node plugin's socket"));
        row(nodeGrid, 1, "csi-addons", field("conn-addons", model.addonsEndpointProperty(),
                "optional: unix:///csi/csi-addons.sock (else tried on the CSI socket)"));
        row(nodeGrid, 2, "Node csi-addons", field("conn-node-addons", model.nodeAddonsEndpointProperty(),
                "optional: node side of csi-addons (else the node socket)"));
        TextField secrets = field("conn-secrets-file", model.secretsFileProperty(),
                "optional: JSON or key=value file of the driver's secrets");
        secrets.setTooltip(new javafx.scene.control.Tooltip("Sent with every call whose request has a secrets field (CreateVolume, "
                + "ControllerPublishVolume, NodeStageVolume, GetVolumeReplicationInfo, ...). Only the file's path is saved; "
                + "the values go to the driver and are masked in the call trace and the audit log."));
        row(nodeGrid, 3, "Secrets file", withBrowse(secrets, model.secretsFileProperty(), "Choose the driver's secrets file"));
        var isTcp = model.transportProperty().isEqualTo(Transport.TCP);
        tcpGrid.visibleProperty().bind(isTcp);
        tcpGrid.managedProperty().bind(isTcp);
        unixGrid.visibleProperty().bind(isTcp.not());
        unixGrid.managedProperty().bind(isTcp.not());
        Label hint = new Label();
        hint.setId("conn-hint");
        hint.textProperty().bind(model.hintProperty());
        hint.getStyleClass().add(ConsoleStyles.MUTED);
        hint.setMinHeight(Label.USE_PREF_SIZE);
        hint.setWrapText(true);
        return new VBox(8, transportGrid, unixGrid, tcpGrid, nodeGrid, hint);
    }

    private VBox cspPane() {
        GridPane g = grid();
        row(g, 0, "CSP URL", field("conn-csp-url", model.cspUrlProperty(), "https://array1.example:8080"));
        row(g, 1, "User", field("conn-user", model.userProperty(), "admin"));
        row(g, 2, "Array IP", field("conn-array-ip", model.arrayIpProperty(), "optional: 192.0.2.10 (x-array-ip)"));
        ToggleGroup t = new ToggleGroup();
        RadioButton system = new RadioButton("System trust store (ask on first use)");
        system.setId("conn-trust-system");
        RadioButton caFile = new RadioButton("CA file");
        caFile.setId("conn-trust-ca");
        RadioButton pin = new RadioButton("SHA-256 pin");
        pin.setId("conn-trust-pin");
        for (RadioButton r : new RadioButton[]{system, caFile, pin}) r.setToggleGroup(t);
        t.selectToggle(switch (model.cspTrustProperty().get()) {
            case SYSTEM -> system;
            case CA_FILE -> caFile;
            case PIN -> pin;
        });
        t.selectedToggleProperty().addListener((o, a, b) -> model.cspTrustProperty().set(
                b == pin ? CspTrustChoice.PIN : b == caFile ? CspTrustChoice.CA_FILE : CspTrustChoice.SYSTEM));
        row(g, 3, "Trust", new VBox(6, system, caFile, pin));
        // The CA file field of a CSI driver is its own TLS CA: its CSP is trusted by the system store or a pin.
        caFile.disableProperty().bind(model.kindProperty().isEqualTo(ConnectionKind.CSI));
        GridPane caGrid = grid();
        row(caGrid, 0, "CA file", withBrowse(field("conn-csp-ca", model.cspCaFileProperty(), "CA file (PEM)"),
                model.cspCaFileProperty(), "Choose the CA file"));
        GridPane pinGrid = grid();
        TextField pinField = field("conn-pin", model.pinProperty(), "AB:CD:...:EF (32 hex pairs)");
        pinField.getStyleClass().add(ConsoleStyles.MONO);
        row(pinGrid, 0, "Pin", pinField);
        var isCa = model.cspTrustProperty().isEqualTo(CspTrustChoice.CA_FILE);
        var isPin = model.cspTrustProperty().isEqualTo(CspTrustChoice.PIN);
        caGrid.visibleProperty().bind(isCa);
        caGrid.managedProperty().bind(isCa);
        pinGrid.visibleProperty().bind(isPin);
        pinGrid.managedProperty().bind(isPin);
        return new VBox(8, g, caGrid, pinGrid);
    }

    private static GridPane grid() {
        GridPane g = new GridPane();
        g.setHgap(12);
        g.setVgap(8);
        ColumnConstraints labels = new ColumnConstraints(96);
        ColumnConstraints fields = new ColumnConstraints();
        fields.setHgrow(Priority.ALWAYS);
        fields.setFillWidth(true);
        g.getColumnConstraints().addAll(labels, fields);
        return g;
    }

    private static Label row(GridPane g, int row, String label, Node field) {
        Label l = new Label(label);
        l.getStyleClass().add(ConsoleStyles.MUTED);
        // a long label ("Node csi-addons") wraps in the labels' column instead of ending in an ellipsis
        l.setWrapText(true);
        l.setMinHeight(Label.USE_PREF_SIZE);
        GridPane.setValignment(l, javafx.geometry.VPos.TOP);
        l.setPadding(new Insets(5, 0, 0, 0));
        g.add(l, 0, row);
        g.add(field, 1, row);
        return l;
    }

    private static TextField field(String id, StringProperty value, String prompt) {
        TextField f = new TextField();
        f.setId(id);
        f.setPromptText(prompt);
        f.textProperty().bindBidirectional(value);
        f.setMaxWidth(Double.MAX_VALUE);
        return f;
    }

    private Node withBrowse(TextField field, StringProperty value, String title) {
        Button browse = new Button(null, Icons.of(Material2MZ.MORE_HORIZ, 16));
        browse.getStyleClass().addAll(Styles.BUTTON_ICON);
        browse.setFocusTraversable(false);
        browse.setOnAction(e -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle(title);
            if (!value.get().isBlank()) {
                File current = new File(value.get()).getParentFile();
                if (current != null && current.isDirectory()) chooser.setInitialDirectory(current);
            }
            File f = chooser.showOpenDialog(getDialogPane().getScene().getWindow());
            if (f != null) value.set(f.getAbsolutePath());
        });
        HBox box = new HBox(6, field, browse);
        box.setAlignment(Pos.CENTER_LEFT);
        HBox.setHgrow(field, Priority.ALWAYS);
        return box;
    }
}
