package org.csiconsole.views.fx;

import org.csiconsole.views.FxWait;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.AddonsCapability;
import org.csiconsole.core.port.ReclaimFeatures;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.volumes.VolumesView;
import org.csiconsole.views.volumes.VolumesViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.EnumSet;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** Reclaim space on several selected volumes from the volumes view: per-volume results and the Reclaimed column. */
@ExtendWith(ApplicationExtension.class)
class ReclaimSpaceFxTest {
    private static final long MIB = 1L << 20;
    private final StorageFxSupport fx = new StorageFxSupport(storage());

    private static FakeStorage storage() {
        FakeStorage s = new FakeStorage().seeded();
        s.features = ReclaimFeatures.with(s.features, EnumSet.allOf(AddonsCapability.class), EnumSet.allOf(AddonsCapability.class));
        s.usedBytes.put("vol-0001", 400 * MIB);
        s.usedBytes.put("vol-0002", 800 * MIB);
        s.usedBytes.put("vol-0003", 40 * MIB);
        return s;
    }

    @Start
    void start(Stage stage) {
        fx.show(stage, c -> new VolumesView(new VolumesViewModel(c)));
    }

    @AfterEach
    void tearDown(FxRobot robot) {
        fx.closeDialogs(robot);
    }

    private void reclaimAll(FxRobot robot) throws Exception {
        fx.select(robot, 0);
        robot.clickOn(fx.table());
        robot.press(KeyCode.CONTROL).type(KeyCode.A).release(KeyCode.CONTROL);
        FxWait.until(() -> !fx.menuItem(robot, "volume-controller", 2).isDisable());
        robot.interact(() -> fx.menuItem(robot, "volume-controller", 2).fire());
    }

    @Test
    void reclaimingThreeVolumesWithOneFailureListsEachOutcome(FxRobot robot) throws Exception {
        fx.awaitRows(3);
        fx.storage.failFor("reclaimSpace", "vol-0002", FailureKind.BUSY, "another call on vol-0002 is running", "Try again.");

        reclaimAll(robot);

        fx.assertResults(robot, "Reclaimed space on 2 of 3 volumes; 1 failed.",
                "pvc-web \u2192 OK", "pvc-db \u2192 Failed: reclaimSpace: another call on vol-0002 is running", "pvc-logs \u2192 OK");
        fx.press(robot, "Close");
    }

    @Test
    void theReclaimedColumnSortsByBytesFreed(FxRobot robot) throws Exception {
        fx.awaitRows(3);
        reclaimAll(robot);
        FxWait.until(() -> fx.notifications.items().size() == 1);
        assertThat(FxWait.onFx(() -> fx.notifications.items().get(0).message())).isEqualTo("Reclaimed space on 3 of 3 volumes.");

        @SuppressWarnings("unchecked")
        TableColumn<Object, ?> reclaimed = (TableColumn<Object, ?>) fx.table().getColumns().stream()
                .filter(c -> "reclaimed".equals(c.getId())).findFirst().orElseThrow();
        robot.interact(() -> {
            reclaimed.setSortType(TableColumn.SortType.DESCENDING);
            @SuppressWarnings("unchecked")
            TableView<Object> t = (TableView<Object>) fx.table();
            t.getSortOrder().setAll(reclaimed);
        });

        // Freed: pvc-db 200 MiB, pvc-web 100 MiB, pvc-logs 10 MiB.
        FxWait.until(() -> fx.firstColumn().equals(java.util.List.of("pvc-db", "pvc-web", "pvc-logs")));
        assertThat(FxWait.onFx(() -> java.util.stream.IntStream.range(0, 3).mapToObj(i -> (Object) reclaimed.getCellData(i)).toList()))
                .containsExactly((Object) (200 * MIB), 100 * MIB, 10 * MIB);
    }
}
