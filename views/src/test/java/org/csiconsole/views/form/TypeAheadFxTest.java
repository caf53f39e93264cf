package org.csiconsole.views.form;

import javafx.collections.FXCollections;
import javafx.scene.Scene;
import javafx.scene.control.ComboBox;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static org.assertj.core.api.Assertions.assertThat;

/** Type-to-find in a choice: prefix first, then contains, a second's pause starts again, typos keep the choice. */
@ExtendWith(ApplicationExtension.class)
class TypeAheadFxTest {
    private static final List<String> VOLUMES = List.of("pvc-web · vol-00000001", "pvc-db · vol-00000111", "vol-00000112", "vol-00000113");

    private ComboBox<String> box;

    @Start
    void start(Stage stage) {
        box = new ComboBox<>(FXCollections.observableArrayList(VOLUMES));
        box.setId("choice");
        TypeAhead.install(box, s -> s);
        stage.setScene(new Scene(new StackPane(box), 400, 300));
        stage.show();
    }

    private static <T> T onFx(java.util.concurrent.Callable<T> c) throws Exception {
        return WaitForAsyncUtils.asyncFx(c).get(10, TimeUnit.SECONDS);
    }

    @Test
    void aPrefixWinsOverAMatchInsideAndAPauseStartsAgain() throws Exception {
        AtomicLong now = new AtomicLong(10_000);
        TypeAhead<String> t = onFx(() -> new TypeAhead<>(box, s -> s, now::get));

        onFx(() -> t.type('v') && t.type('o') && t.type('l'));
        assertThat(box.getValue()).as("starts with 'vol'").isEqualTo("vol-00000112");

        now.addAndGet(TypeAhead.RESET_MILLIS + 1);
        onFx(() -> t.type('1') && t.type('1') && t.type('1'));
        assertThat(box.getValue()).as("no option starts with '111': the first that contains it").isEqualTo("pvc-db · vol-00000111");
        assertThat(t.typed()).isEqualTo("111");

        now.addAndGet(TypeAhead.RESET_MILLIS + 1);
        onFx(() -> t.type('1') && t.type('1') && t.type('x'));
        assertThat(box.getValue()).as("a typo keeps the choice").isEqualTo("pvc-db · vol-00000111");
        onFx(() -> t.type('\b') && t.type('3'));
        assertThat(box.getValue()).as("Backspace takes the typo back").isEqualTo("vol-00000113");
        assertThat(t.typed()).isEqualTo("113");

        now.addAndGet(TypeAhead.RESET_MILLIS + 1);
        assertThat(t.typed()).isEmpty();
        assertThat(onFx(() -> t.type('\b'))).as("Backspace with nothing typed is left to the control").isFalse();
    }

    @Test
    void typingOnTheFocusedChoiceSelectsWithThePopupOpen(FxRobot robot) throws Exception {
        robot.clickOn("#choice");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> box.isShowing());

        robot.write("pvc-d");

        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> "pvc-db · vol-00000111".equals(box.getValue()));
        robot.interact(box::hide);
    }
}
