package org.csiconsole.views.volumes;

import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import javafx.stage.Window;
import org.csiconsole.views.FxWait;
import org.csiconsole.views.form.FormDialog;
import org.csiconsole.views.fx.DesignSize;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** "Add volume ids…" at the design size: its help shows whole, never cut behind the fields' scroll bar. */
@ExtendWith(ApplicationExtension.class)
class AddIdsDialogFxTest {
    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.setScene(new Scene(new StackPane(), 1280, 800));
        stage.show();
    }

    @Test
    void theHelpShowsWholeWithTheButtonsAndTheDialogAsksForNoMoreThanTheScreen(FxRobot robot) throws Exception {
        AtomicReference<FormDialog> dialog = new AtomicReference<>();
        robot.interact(() -> {
            FormDialog d = new FormDialog(VolumeInventory.idsForm());
            d.initOwner(stage);
            dialog.set(d);
            d.show();
        });
        Window w = FxWait.onFx(() -> dialog.get().getDialogPane().getScene().getWindow());
        FxWait.afterLayout(w.getScene().getRoot());
        Label help = robot.lookup(n -> n instanceof Label l && l.getText() != null && l.getText().startsWith("volume_ids, one a line"))
                .queryAs(Label.class);

        FxWait.eventually(() -> {
            assertThat(DesignSize.inSight(help)).as("the help shows whole, inside the fields' viewport").isTrue();
            assertThat(help.getHeight()).as("not cut").isGreaterThanOrEqualTo(help.prefHeight(help.getWidth()) - 0.5);
            assertThat(DesignSize.dialogProblems(w)).isEmpty();
        });
        var pane = dialog.get().getDialogPane();
        assertThat(FxWait.onFx(() -> pane.prefHeight(pane.getWidth()))).isLessThanOrEqualTo(DesignSize.HEIGHT - 40);
        robot.interact(w::hide);
    }
}
