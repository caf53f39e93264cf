package org.csiconsole.views.fx;

import org.csiconsole.views.FxWait;
import javafx.scene.Node;
import javafx.scene.image.PixelReader;
import javafx.scene.image.WritableImage;
import javafx.stage.Stage;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.capacity.CapacityView;
import org.csiconsole.views.capacity.CapacityViewModel;
import org.csiconsole.views.form.FormDialog;
import org.csiconsole.views.groups.SnapshotGroupsView;
import org.csiconsole.views.groups.SnapshotGroupsViewModel;
import org.csiconsole.views.groups.VolumeGroupsView;
import org.csiconsole.views.groups.VolumeGroupsViewModel;
import org.csiconsole.views.hosts.HostsView;
import org.csiconsole.views.hosts.HostsViewModel;
import org.csiconsole.views.plugin.PluginView;
import org.csiconsole.views.plugin.PluginViewModel;
import org.csiconsole.core.port.Features;
import org.csiconsole.views.snapshots.SnapshotsView;
import org.csiconsole.views.snapshots.SnapshotsViewModel;
import org.csiconsole.views.resource.StorageTableView;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.theme.Theme;
import org.csiconsole.views.theme.ThemeManager;
import org.csiconsole.views.volumes.VolumeForms;
import org.csiconsole.views.volumes.VolumesView;
import org.csiconsole.views.volumes.VolumesViewModel;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import javax.imageio.ImageIO;
import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Renders every storage view over the seeded fake storage to PNG files under
 * {@code views/target/view-shots/} (light theme, first row selected), plus the create-volume form,
 * so their layout can be looked at without a display:
 * {@code mvn -pl views -am -Dtest=ViewShotsFxTest -Dsurefire.failIfNoSpecifiedTests=false test}.
 */
@Tag("screenshot")
@ExtendWith(ApplicationExtension.class)
class ViewShotsFxTest {
    private static final Path OUT = Path.of("target", "view-shots");
    private StorageFxSupport fx;
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void rendersEveryViewToPng(FxRobot robot) throws Exception {
        Files.createDirectories(OUT);
        Map<String, Function<ViewContext, StorageTableView<?>>> views = new java.util.LinkedHashMap<>();
        views.put("volumes", c -> new VolumesView(new VolumesViewModel(c)));
        views.put("snapshots", c -> new SnapshotsView(new SnapshotsViewModel(c)));
        views.put("volume-groups", c -> new VolumeGroupsView(new VolumeGroupsViewModel(c)));
        views.put("snapshot-groups", c -> new SnapshotGroupsView(new SnapshotGroupsViewModel(c)));
        views.put("hosts", c -> new HostsView(new HostsViewModel(c)));
        views.put("capacity", c -> new CapacityView(new CapacityViewModel(c)));
        views.put("plugin", c -> new PluginView(new PluginViewModel(c)));
        for (var e : views.entrySet()) {
            FakeStorage storage = new FakeStorage().seeded();
            // Pools that report their totals: one under, one over the warning threshold, one past danger.
            storage.pools.add(pool("site-a", "pool-ssd", 1L << 40, 612L << 30));
            storage.pools.add(pool("site-a", "pool-hdd", 500L << 40, 420L << 40));
            storage.pools.add(pool("site-b", "pool-ssd", 200L << 40, 193L << 40));
            fx = new StorageFxSupport(storage);
            robot.interact(() -> fx.show(stage, e.getValue()));
            // Rows drawn with their text, not only held by the table, before the picture is taken.
            FxWait.until(() -> !fx.table().getItems().isEmpty() && fx.rowsWithText() > 0);
            fx.select(robot, 0);
            WaitForAsyncUtils.waitForFxEvents();
            Path file = OUT.resolve(e.getKey() + ".png");
            write(robot, fx.view.node(), file);
            assertThat(Files.size(file)).isGreaterThan(10_000);
            if (e.getKey().equals("volumes")) {
                // Scrolled right: the name column stays at the left edge, over the other columns.
                robot.interact(() -> fx.table().lookupAll(".scroll-bar").stream()
                        .filter(n -> n instanceof javafx.scene.control.ScrollBar b && b.getOrientation() == javafx.geometry.Orientation.HORIZONTAL)
                        .map(javafx.scene.control.ScrollBar.class::cast).findFirst().ifPresent(b -> b.setValue(b.getMax() / 2)));
                WaitForAsyncUtils.waitForFxEvents();
                write(robot, fx.view.node(), OUT.resolve("volumes-scrolled-right.png"));
            }
        }
        AtomicReference<FormDialog> dialog = new AtomicReference<>();
        robot.interact(() -> {
            FormDialog d = new FormDialog(VolumeForms.create(Features.from(FakeStorage.allCapabilities(), true, true, true, true),
                    org.csiconsole.core.model.VolumeSource.NONE, 0));
            d.initOwner(stage);
            new ThemeManager(Theme.LIGHT).style(d.getDialogPane());
            dialog.set(d);
            d.show();
        });
        WaitForAsyncUtils.waitForFxEvents();
        write(robot, dialog.get().getDialogPane(), OUT.resolve("create-volume-form.png"));
        robot.interact(() -> dialog.get().close());
    }

    private static org.csiconsole.core.model.Capacity pool(String array, String pool, long total, long used) {
        return new org.csiconsole.core.model.Capacity(null, Map.of("pool", pool), total - used, null, null,
                new org.csiconsole.core.model.PoolUsage(array, pool, total, used));
    }

    private static void write(FxRobot robot, Node node, Path file) throws Exception {
        AtomicReference<WritableImage> image = new AtomicReference<>();
        robot.interact(() -> image.set(node.snapshot(null, null)));
        WritableImage img = image.get();
        int w = (int) img.getWidth();
        int h = (int) img.getHeight();
        BufferedImage out = new BufferedImage(w, h, BufferedImage.TYPE_INT_ARGB);
        PixelReader r = img.getPixelReader();
        for (int y = 0; y < h; y++) for (int x = 0; x < w; x++) out.setRGB(x, y, r.getArgb(x, y));
        ImageIO.write(out, "png", file.toFile());
    }
}
