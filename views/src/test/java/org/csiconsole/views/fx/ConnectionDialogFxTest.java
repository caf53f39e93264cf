package org.csiconsole.views.fx;

import org.csiconsole.views.FxWait;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextArea;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.csiconsole.core.session.ConnectionKind;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.views.connection.ConnectionDialog;
import org.csiconsole.views.connection.ConnectionFormModel;
import org.csiconsole.views.connection.TrustDialog;
import org.csiconsole.views.dialog.FxDialogService;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.theme.ThemeManager;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** The connection dialog and the trust-on-first-use dialog, headless. */
@ExtendWith(ApplicationExtension.class)
class ConnectionDialogFxTest {
    private static final String FP =
            "3A:F1:9C:07:5E:B2:44:D8:10:6A:C3:7F:29:E5:81:0B:D4:62:9A:1E:F7:53:C0:28:4B:E9:16:7D:A2:3C:85:F0";
    private FxDialogService dialogs;
    private final AtomicReference<javafx.scene.control.Dialog<?>> open = new AtomicReference<>();

    @Start
    void start(Stage stage) {
        dialogs = new FxDialogService(() -> stage, new ThemeManager(Theme.LIGHT));
        stage.setScene(new Scene(new StackPane(), 400, 300));
        stage.show();
    }

    @AfterEach
    void closeDialog(FxRobot robot) {
        robot.interact(() -> {
            if (open.get() != null && open.get().isShowing()) {
                if (open.get() instanceof ConnectionDialog c) c.askBeforeDiscarding(d -> true);
                open.get().setResult(null);
                open.get().close();
            }
        });
    }

    @Test
    void saveIsEnabledOnlyForAValidProfileAndReturnsIt(FxRobot robot) {
        ConnectionFormModel model = new ConnectionFormModel(null, Set.of("Demo"));
        AtomicReference<ConnectionDialog> dialog = new AtomicReference<>();
        robot.interact(() -> {
            ConnectionDialog d = dialogs.prepare(new ConnectionDialog(model, false));
            dialog.set(d);
            open.set(d);
            d.show();
        });
        Button save = (Button) dialog.get().getDialogPane().lookupButton(dialog.get().saveButtonType());
        assertThat(save.isDisabled()).isTrue();
        assertThat(robot.lookup("#conn-problem").queryAs(Label.class).getText()).contains("socket path");

        robot.clickOn("#conn-name").write("Demo");
        assertThat(robot.lookup("#conn-problem").queryAs(Label.class).getText()).contains("already exists");
        robot.interact(() -> model.nameProperty().set("lab driver"));
        robot.clickOn("#conn-socket").write("/run/csi/csi.sock");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(save.isDisabled()).isFalse();

        robot.interact(save::fire);
        assertThat(dialog.get().getResult()).isEqualTo(ConnectionProfile.csi("lab driver", "unix:///run/csi/csi.sock"));
    }

    @Test
    void switchingToCspShowsTheArrayFieldsAndHidesTheSocket(FxRobot robot) {
        ConnectionFormModel model = new ConnectionFormModel(null, Set.of());
        robot.interact(() -> {
            ConnectionDialog d = dialogs.prepare(new ConnectionDialog(model, false));
            open.set(d);
            d.show();
        });
        assertThat(FxChecks.shown(robot.lookup("#conn-socket").query())).isTrue();
        assertThat(FxChecks.shown(robot.lookup("#conn-csp-url").query())).isFalse();
        robot.clickOn("#conn-kind-csp");
        assertThat(model.kindProperty().get()).isEqualTo(ConnectionKind.CSP);
        assertThat(FxChecks.shown(robot.lookup("#conn-socket").query())).isFalse();
        assertThat(FxChecks.shown(robot.lookup("#conn-csp-url").query())).isTrue();
        assertThat(FxChecks.shown(robot.lookup("#conn-pin").query())).isFalse();
        robot.clickOn("#conn-trust-pin");
        assertThat(FxChecks.shown(robot.lookup("#conn-pin").query())).isTrue();
    }

    @Test
    void switchingToCspAndAPinKeepsTheButtonsAndTheWholeMessageInView(FxRobot robot) throws Exception {
        ConnectionFormModel model = new ConnectionFormModel(null, Set.of());
        AtomicReference<ConnectionDialog> dialog = new AtomicReference<>();
        robot.interact(() -> {
            ConnectionDialog d = dialogs.prepare(new ConnectionDialog(model, false));
            dialog.set(d);
            open.set(d);
            d.show();
        });
        robot.clickOn("#conn-kind-csp");
        robot.interact(() -> {
            model.nameProperty().set("array-b");
            model.cspUrlProperty().set("array-b.example.internal.lab.corp:8080/containers/v1/with/a/long/path");
        });
        robot.clickOn("#conn-trust-pin");
        WaitForAsyncUtils.waitForFxEvents();

        Label problem = robot.lookup("#conn-problem").queryAs(Label.class);
        var pane = dialog.get().getDialogPane();
        // The dialog fits its window to the new content after the pending layout: wait for the layout asserted.
        FxWait.eventually(() -> {
            assertThat(problem.getText()).contains("must start with https://");
            assertInView(pane.lookupButton(dialog.get().saveButtonType()));
            assertInView(pane.lookupButton(javafx.scene.control.ButtonType.CANCEL));
            assertInView(problem);
            assertThat(problem.getHeight()).as("the message is not cut").isGreaterThanOrEqualTo(problem.prefHeight(problem.getWidth()) - 0.5);
            assertInView(robot.lookup("#conn-pin").query());
        });
    }

    /** Height of a dialog window's frame (title bar and borders) on the design screen. */
    private static final double FRAME = 40;

    private ConnectionDialog show(FxRobot robot, ConnectionFormModel model) {
        AtomicReference<ConnectionDialog> dialog = new AtomicReference<>();
        robot.interact(() -> {
            ConnectionDialog d = dialogs.prepare(new ConnectionDialog(model, false));
            dialog.set(d);
            open.set(d);
            d.show();
        });
        return dialog.get();
    }

    @Test
    void theDriverAndItsArrayFitTheDesignSizeWithTheirButtonsInView(FxRobot robot) throws Exception {
        ConnectionDialog dialog = show(robot, new ConnectionFormModel(null, Set.of()));
        robot.clickOn("#conn-kind-csi-csp");
        WaitForAsyncUtils.waitForFxEvents();
        var pane = dialog.getDialogPane();
        javafx.stage.Window w = FxWait.onFx(() -> pane.getScene().getWindow());

        FxWait.eventually(() -> {
            assertThat(pane.prefHeight(pane.getWidth())).as("the height the dialog asks for").isLessThanOrEqualTo(DesignSize.HEIGHT - FRAME);
            assertThat(DesignSize.dialogProblems(w)).isEmpty();
            assertInView(pane.lookupButton(dialog.saveButtonType()));
            assertInView(pane.lookupButton(javafx.scene.control.ButtonType.CANCEL));
        });
        assertThat(FxChecks.shown(robot.lookup("#conn-csp-url").query())).isTrue();
    }

    @Test
    void aValidationMessageComingAndGoingDoesNotMoveTheFields(FxRobot robot) throws Exception {
        ConnectionFormModel model = new ConnectionFormModel(null, Set.of(), p -> true);
        show(robot, model);
        robot.interact(() -> model.nameProperty().set("lab driver"));
        robot.clickOn("#conn-tcp");
        WaitForAsyncUtils.waitForFxEvents();
        javafx.scene.Node host = robot.lookup("#conn-hostport").query();
        robot.clickOn(host).write("127.0.0.1:9000");
        WaitForAsyncUtils.waitForFxEvents();
        double before = FxWait.onFx(() -> host.localToScreen(host.getBoundsInLocal()).getMinY());
        assertThat(FxChecks.shown(robot.lookup("#conn-problem").query())).isFalse();

        robot.write("x");
        WaitForAsyncUtils.waitForFxEvents();
        FxWait.eventually(() -> assertThat(FxChecks.shown(robot.lookup("#conn-problem").query())).isTrue());
        FxWait.afterLayout(host);
        assertThat(FxWait.onFx(() -> host.localToScreen(host.getBoundsInLocal()).getMinY())).as("the field stays where it was")
                .isEqualTo(before);
    }

    @Test
    void cancelOfAFilledFormAsksBeforeTheDraftIsThrownAwayAndKeepsItWhenAskedTo(FxRobot robot) {
        ConnectionFormModel model = new ConnectionFormModel(null, Set.of());
        ConnectionDialog dialog = show(robot, model);
        java.util.List<String> asked = new java.util.ArrayList<>();
        robot.interact(() -> dialog.askBeforeDiscarding(d -> asked.add("keep?") && false));
        robot.clickOn("#conn-kind-csi-csp");
        robot.interact(() -> model.cspUrlProperty().set("https://csp.example:8080"));

        robot.clickOn("#conn-cancel");
        assertThat(asked).hasSize(1);
        assertThat(dialog.isShowing()).as("the draft is kept").isTrue();
        assertThat(model.cspUrlProperty().get()).isEqualTo("https://csp.example:8080");

        robot.interact(() -> dialog.askBeforeDiscarding(d -> asked.add("discard") || true));
        robot.clickOn("#conn-cancel");
        assertThat(dialog.isShowing()).isFalse();
        assertThat(dialog.getResult()).isNull();
    }

    @Test
    void cancelOfAnUntouchedFormClosesWithoutAsking(FxRobot robot) {
        ConnectionDialog dialog = show(robot, new ConnectionFormModel(null, Set.of()));
        java.util.List<String> asked = new java.util.ArrayList<>();
        robot.interact(() -> dialog.askBeforeDiscarding(d -> asked.add("asked")));
        robot.clickOn("#conn-cancel");
        assertThat(asked).isEmpty();
        assertThat(dialog.isShowing()).isFalse();
    }

    @Test
    void aMissingSocketIsAWarningUnderTheFormAndSaveStaysEnabled(FxRobot robot) throws Exception {
        ConnectionFormModel model = new ConnectionFormModel(null, Set.of(), p -> false);
        AtomicReference<ConnectionDialog> dialog = new AtomicReference<>();
        robot.interact(() -> {
            ConnectionDialog d = dialogs.prepare(new ConnectionDialog(model, false));
            dialog.set(d);
            open.set(d);
            d.show();
        });
        assertThat(FxChecks.shown(robot.lookup("#conn-warning").query())).isFalse();
        robot.interact(() -> model.nameProperty().set("lab driver"));
        robot.clickOn("#conn-socket").write("/x/y.sock");
        WaitForAsyncUtils.waitForFxEvents();

        Label warning = robot.lookup("#conn-warning").queryAs(Label.class);
        Button save = (Button) dialog.get().getDialogPane().lookupButton(dialog.get().saveButtonType());
        FxWait.eventually(() -> {
            assertThat(warning.getText()).isEqualTo("No socket at /x/y.sock yet: the console will wait for the driver.");
            assertInView(warning);
            assertThat(save.isDisabled()).isFalse();
            assertInView(save);
        });
    }

    @Test
    void theCommandLineLoginAsksUserArrayIpAndPasswordFilledFromTheOptions(FxRobot robot) {
        AtomicReference<org.csiconsole.views.connection.LoginDialog> dialog = new AtomicReference<>();
        robot.interact(() -> {
            var d = dialogs.prepare(new org.csiconsole.views.connection.LoginDialog(
                    ConnectionProfile.csp("CSP array", "https://csp.example:8080", "admin", "")));
            dialog.set(d);
            open.set(d);
            d.show();
        });
        assertThat(robot.lookup("#login-user").queryAs(javafx.scene.control.TextField.class).getText()).isEqualTo("admin");
        Button login = (Button) dialog.get().getDialogPane().lookupButton(dialog.get().loginButtonType());
        assertThat(login.isDisabled()).as("no password yet").isTrue();

        robot.clickOn("#login-array-ip").write("192.0.2.10");
        javafx.scene.control.PasswordField password = robot.lookup("#password-input").queryAs(javafx.scene.control.PasswordField.class);
        robot.clickOn(password).write("s3cret");
        assertThat(login.isDisabled()).isFalse();
        robot.interact(login::fire);

        var result = dialog.get().getResult();
        assertThat(result.user()).isEqualTo("admin");
        assertThat(result.arrayIp()).isEqualTo("192.0.2.10");
        assertThat(new String(result.password())).isEqualTo("s3cret");
        assertThat(result.toString()).doesNotContain("s3cret");
        assertThat(password.getText()).as("the field is cleared").isEmpty();
    }

    @Test
    void aPasswordForAPlainHttpCspIsAskedUnderAWarningAndAnHttpsOneWithout(FxRobot robot) {
        robot.interact(() -> {
            var d = dialogs.prepare(new org.csiconsole.views.connection.PasswordDialog("lab", "admin", "http://127.0.0.1:8080"));
            open.set(d);
            d.show();
        });
        Label warning = robot.lookup("#login-plain-http").queryAs(Label.class);
        assertThat(warning.getText()).startsWith("Plain HTTP: the password and the session token travel unencrypted");
        robot.interact(() -> assertInView(warning));
        robot.interact(() -> {
            open.get().setResult(null);
            open.get().close();
        });

        robot.interact(() -> {
            var d = dialogs.prepare(new org.csiconsole.views.connection.LoginDialog(
                    ConnectionProfile.csp("CSP array", "https://csp.example:8080", "admin", "")));
            open.set(d);
            d.show();
        });
        assertThat(robot.lookup("#login-plain-http").tryQuery()).isEmpty();
    }

    @Test
    void theHintUnderTheDriverFieldsFollowsTheTransport(FxRobot robot) {
        ConnectionFormModel model = new ConnectionFormModel(null, Set.of());
        robot.interact(() -> {
            ConnectionDialog d = dialogs.prepare(new ConnectionDialog(model, false));
            open.set(d);
            d.show();
        });
        assertThat(robot.lookup("#conn-hint").queryAs(Label.class).getText()).contains("unix socket");
        robot.clickOn("#conn-tcp");
        assertThat(robot.lookup("#conn-hint").queryAs(Label.class).getText()).startsWith("The console connects to host:port")
                .doesNotContain("unix socket");
        robot.clickOn("#conn-unix");
        robot.clickOn("#conn-socket").write("unix:///tmp/x.sock");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#conn-problem").queryAs(Label.class).isVisible()).as("unix:/// is accepted").isFalse();
    }

    @Test
    void inUnixSocketModeTheHintAndAProblemNameOnlyTheSocketFormsAndInTcpModeOnlyTheTcpForms(FxRobot robot) {
        ConnectionFormModel model = new ConnectionFormModel(null, Set.of(), p -> true);
        robot.interact(() -> {
            ConnectionDialog d = dialogs.prepare(new ConnectionDialog(model, false));
            open.set(d);
            d.show();
        });
        robot.clickOn("#conn-socket").write("csi.sock");
        WaitForAsyncUtils.waitForFxEvents();

        String hint = robot.lookup("#conn-hint").queryAs(Label.class).getText();
        String problem = robot.lookup("#conn-problem").queryAs(Label.class).getText();
        assertThat(hint).contains("unix:///path/to/csi.sock or /path/to/csi.sock").doesNotContain("tcp").doesNotContain("host:port");
        assertThat(problem).isEqualTo("The socket \"csi.sock\" cannot be read: a socket path must be absolute (start with / or unix:///). "
                + "Write it as unix:///path/to/csi.sock or /path/to/csi.sock.");

        robot.clickOn("#conn-tcp");
        robot.clickOn("#conn-hostport").write("csi-proxy:port");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(robot.lookup("#conn-hint").queryAs(Label.class).getText()).contains("tcp://host:port or host:port").doesNotContain("unix");
        assertThat(robot.lookup("#conn-problem").queryAs(Label.class).getText()).endsWith("Write it as tcp://host:port or host:port.")
                .doesNotContain("unix");
    }

    private static void assertInView(javafx.scene.Node n) {
        javafx.geometry.Bounds b = n.localToScene(n.getBoundsInLocal());
        assertThat(FxChecks.shown(n)).as("%s shown", n).isTrue();
        assertThat(b.getMinY()).as("%s top", n).isGreaterThanOrEqualTo(0);
        assertThat(b.getMaxY()).as("%s bottom within the window", n).isLessThanOrEqualTo(n.getScene().getHeight() + 0.5);
        assertThat(b.getMaxX()).as("%s right edge within the window", n).isLessThanOrEqualTo(n.getScene().getWidth() + 0.5);
    }

    @Test
    void theTrustDialogShowsTheFingerprintAndDefaultsToCancel(FxRobot robot) {
        AtomicReference<TrustDialog> dialog = new AtomicReference<>();
        robot.interact(() -> {
            TrustDialog d = dialogs.prepare(new TrustDialog("https://array-b.example:8080", "CN=array-b.example", FP));
            dialog.set(d);
            open.set(d);
            d.show();
        });
        String shown = robot.lookup("#trust-fingerprint").queryAs(TextArea.class).getText();
        assertThat(shown.replace("\n", "")).isEqualTo(FP);
        assertThat(shown.lines()).hasSize(2);
        Button cancel = (Button) dialog.get().getDialogPane().lookupButton(javafx.scene.control.ButtonType.CANCEL);
        assertThat(cancel.isDefaultButton()).isTrue();
        robot.interact(() -> ((Button) dialog.get().getDialogPane().lookupButton(dialog.get().trustButtonType())).fire());
        assertThat(dialog.get().getResult()).isTrue();
    }
}
