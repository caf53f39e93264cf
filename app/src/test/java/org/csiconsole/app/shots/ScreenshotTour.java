package org.csiconsole.app.shots;

import static org.csiconsole.app.shots.TourSteps.onFx;
import static org.csiconsole.app.shots.TourSteps.shoot;

import javafx.application.Application;
import javafx.application.Platform;
import javafx.scene.control.Dialog;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.csiconsole.app.gui.Console;
import org.csiconsole.app.gui.LaunchOptions;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.views.dialog.FailureDialog;
import org.csiconsole.views.dialog.FxDialogService;
import org.csiconsole.views.dialog.TypedConfirmationDialog;
import org.csiconsole.views.task.Progress;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.workbench.ResourceKind;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * Walks the workbench through its main states in a real window and captures the X screen after
 * each one with ImageMagick's {@code import -window root}. Run under Xvfb by
 * {@code scripts/screenshots.sh}. The calls, tasks and notifications it shows are illustrative
 * samples recorded by this tour (test code), so the trace and panels can be judged with content.
 *
 * <p>Arguments: the output folder.
 */
public final class ScreenshotTour {
    private ScreenshotTour() {
    }

    public static void main(String[] args) {
        Application.launch(Tour.class, args);
    }

    /** The tour itself; launched by {@link #main} so JavaFX loads from the class path. */
    public static final class Tour extends Application {
    private Console console;
    private Stage stage;

    @Override
    public void start(Stage stage) throws Exception {
        this.stage = stage;
        Path config = Files.createTempDirectory("csi-console-shots");
        console = new Console(stage, new LaunchOptions(true, "unix:///var/lib/kubelet/plugins/csi.hpe.com/csi.sock", null),
                config, Platform::runLater);
        console.show();
        stage.setX(0);
        stage.setY(0);
        stage.setWidth(1600);
        stage.setHeight(1000);
        Path out = Path.of(getParameters().getRaw().isEmpty() ? "shots" : getParameters().getRaw().get(0));
        Files.createDirectories(out);
        Thread tour = new Thread(() -> run(out), "screenshot-tour");
        tour.setDaemon(true);
        tour.start();
    }

    private void run(Path out) {
        try {
            shoot(out, "01-start-light");
            onFx(() -> console.workbench().navigator().select(console.connections().get(1), ResourceKind.VOLUMES));
            shoot(out, "02-volumes-not-available");
            onFx(() -> {
                console.workbench().openStart();
                console.workbench().bottom().showTrace();
            });
            shoot(out, "03-trace-empty");
            onFx(this::recordSampleCalls);
            onFx(() -> {
                TableView<?> table = console.workbench().bottom().trace().table().tableView();
                table.getSelectionModel().select(3);
                table.requestFocus();
            });
            shoot(out, "04-call-trace");
            onFx(this::startSampleTasks);
            onFx(() -> console.workbench().bottom().showTasks());
            shoot(out, "05-tasks");
            onFx(() -> console.workbench().bottom().showNotifications());
            shoot(out, "06-notifications");
            AtomicReference<Dialog<?>> dialog = new AtomicReference<>();
            onFx(() -> dialog.set(show(() -> new FailureDialog(sampleFailure()))));
            shoot(out, "07-failure-dialog");
            onFx(() -> dialog.get().getDialogPane().setExpanded(true));
            shoot(out, "08-failure-details");
            onFx(() -> dialog.get().close());
            onFx(() -> {
                TypedConfirmationDialog d = new TypedConfirmationDialog("Delete volume",
                        "Volume pvc-4f1c2a and all its data are deleted from the array. This cannot be undone.",
                        "pvc-4f1c2a", "Delete");
                d.input().setText("pvc-4f1c");
                dialog.set(show(() -> d));
            });
            shoot(out, "09-typed-confirmation");
            onFx(() -> dialog.get().close());
            onFx(() -> {
                console.themes().themeProperty().set(Theme.DARK);
                console.workbench().bottom().showTrace();
            });
            shoot(out, "10-call-trace-dark");
            onFx(() -> dialog.set(show(() -> new FailureDialog(sampleFailure()))));
            shoot(out, "11-failure-dialog-dark");
            onFx(() -> dialog.get().close());
            onFx(() -> console.workbench().navigator().select(console.connections().get(0), ResourceKind.SNAPSHOTS));
            shoot(out, "12-endpoint-dark");
        } catch (Exception e) {
            System.err.println("Screenshot tour failed: " + e);
        } finally {
            Platform.runLater(Platform::exit);
        }
    }

    private Dialog<?> show(Supplier<Dialog<?>> make) {
        FxDialogService service = new FxDialogService(() -> stage, console.themes());
        Dialog<?> d = service.prepare(make.get());
        d.show();
        return d;
    }

    private static CallFailure sampleFailure() {
        return new CallFailure(FailureKind.BUSY, "Delete volume pvc-4f1c2a",
                "another operation is still pending on this volume (gRPC ABORTED)",
                "Wait until the pending operation finishes, then delete again. The CSI spec asks the caller to retry with backoff.",
                "code=ABORTED\ndescription=operation already pending for volume pvc-4f1c2a\nmethod=csi.v1.Controller/DeleteVolume\nattempt=3");
    }

    private void recordSampleCalls() {
        CallTrace t = console.trace();
        Instant now = Instant.now();
        String ep = "unix:///var/lib/kubelet/plugins/csi.hpe.com/csi.sock";
        t.record("grpc", ep, "csi.v1.Identity/GetPluginInfo", 1, "", "{\n  \"name\": \"csi.hpe.com\",\n  \"vendorVersion\": \"2.5.1\"\n}", "OK", true, now, Duration.ofNanos(2_300_000));
        t.record("grpc", ep, "csi.v1.Identity/GetPluginCapabilities", 1, "", "{\n  \"capabilities\": [{\n    \"service\": {\n      \"type\": \"CONTROLLER_SERVICE\"\n    }\n  }]\n}", "OK", true, now, Duration.ofNanos(1_100_000));
        t.record("grpc", ep, "csi.v1.Controller/ControllerGetCapabilities", 1, "", "{\n  \"capabilities\": [{\n    \"rpc\": {\n      \"type\": \"CREATE_DELETE_VOLUME\"\n    }\n  }]\n}", "OK", true, now, Duration.ofNanos(1_700_000));
        t.record("grpc", ep, "csi.v1.Controller/CreateVolume", 1,
                "{\n  \"name\": \"pvc-4f1c2a\",\n  \"capacityRange\": {\n    \"requiredBytes\": \"10737418240\"\n  },\n  \"volumeCapabilities\": [{\n    \"mount\": {\n      \"fsType\": \"xfs\"\n    },\n    \"accessMode\": {\n      \"mode\": \"SINGLE_NODE_WRITER\"\n    }\n  }],\n  \"secrets\": {\n    \"password\": \"***\"\n  }\n}",
                "{\n  \"volume\": {\n    \"capacityBytes\": \"10737418240\",\n    \"volumeId\": \"0600a0980038306f\"\n  }\n}", "OK", true, now, Duration.ofMillis(184));
        t.record("http", "https://csp.lab.example:8080", "POST /csp/containers/v1/tokens", 1,
                "{\"username\":\"admin\",\"password\":\"***\",\"array_ip\":\"192.0.2.10\"}", "{\"session_token\":\"***\"}", "200", true, now, Duration.ofMillis(96));
        t.record("grpc", ep, "csi.v1.Controller/DeleteVolume", 1, "{\n  \"volumeId\": \"0600a0980038306f\"\n}", "", "ABORTED", false, now, Duration.ofMillis(12));
        t.record("grpc", ep, "csi.v1.Controller/DeleteVolume", 2, "{\n  \"volumeId\": \"0600a0980038306f\"\n}", "", "ABORTED", false, now, Duration.ofMillis(14));
        t.record("grpc", ep, "csi.v1.Controller/ListVolumes", 1, "{\n  \"maxEntries\": 500\n}", "{\n  \"entries\": [],\n  \"nextToken\": \"500\"\n}", "OK", true, now, Duration.ofMillis(41));
        t.record("http", "https://csp.lab.example:8080", "GET /csp/containers/v1/hosts", 1, "", "[{\"id\":\"h-1\",\"name\":\"worker-1\"}]", "200", true, now, Duration.ofMillis(23));
        t.record("grpc", ep, "csi.v1.Node/NodeGetInfo", 1, "", "", "UNAVAILABLE", false, now, Duration.ofSeconds(5));
    }

    private void startSampleTasks() {
        var actions = new org.csiconsole.views.action.ActionRunner(console.tasks(), console.notifications(),
                new FxDialogService(() -> stage, console.themes()));
        AtomicReference<Progress> progress = new AtomicReference<>();
        actions.run("List volumes of Demo", p -> {
            progress.set(p);
            return new CompletableFuture<>();
        }, v -> "Listed.");
        progress.get().update(0.42, "Read 42,000 of about 100,000 volumes");
        actions.run("Expand volume pvc-91ab to 20 GiB", p -> new CompletableFuture<>(), v -> "Expanded.");
        actions.run("Create snapshot snap-nightly-01", p -> CompletableFuture.completedFuture("snap-1"), v -> "Created snapshot " + v + ".");
        console.notifications().warning("Reconnect", "The node socket disappeared; retrying with backoff.");
        console.notifications().error("Delete volume pvc-4f1c2a", "Delete volume pvc-4f1c2a: another operation is still pending on this volume (gRPC ABORTED)");
    }
}
}
