package org.csiconsole.views.workbench;

import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.task.UiTask;
import org.junit.jupiter.api.Test;

import java.time.Clock;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayDeque;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

class TasksPanelTest {
    private static final DateTimeFormatter LOCAL = DateTimeFormatter.ofPattern("HH:mm:ss").withZone(ZoneId.systemDefault());

    @Test
    void aRunningTaskSaysSinceWhenAndAFinishedOneFromWhenToWhenAndHowLong() {
        Instant start = Instant.parse("2026-11-25T08:01:02Z");
        Instant[] now = {start};
        Clock clock = new Clock() {
            @Override
            public ZoneId getZone() {
                return ZoneId.of("UTC");
            }

            @Override
            public Clock withZone(ZoneId zone) {
                return this;
            }

            @Override
            public Instant instant() {
                return now[0];
            }
        };
        Queue<Runnable> ui = new ArrayDeque<>();
        TaskRunner runner = new TaskRunner(ui::add, clock);
        CompletableFuture<Void> work = new CompletableFuture<>();
        UiTask<Void> task = runner.submit("Expand volume pvc-1", p -> work);
        assertThat(TasksPanel.times(task)).isEqualTo("since " + LOCAL.format(start));

        now[0] = start.plusMillis(3_100);
        work.complete(null);
        ui.forEach(Runnable::run);
        assertThat(TasksPanel.times(task)).isEqualTo(LOCAL.format(start) + " \u2013 " + LOCAL.format(now[0]) + " (3.1 s)");
    }
}
