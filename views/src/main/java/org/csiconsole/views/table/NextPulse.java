package org.csiconsole.views.table;

import javafx.animation.AnimationTimer;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executor;

/**
 * Runs tasks at the start of the next JavaFX pulse, before that pulse's CSS and layout pass, so
 * whatever a task changes is laid out and drawn in the same frame and the next task waits for the
 * frame after. FX thread only.
 */
public final class NextPulse implements Executor {
    private final List<Runnable> tasks = new ArrayList<>();
    private final AnimationTimer timer = new AnimationTimer() {
        @Override
        public void handle(long now) {
            stop();
            List<Runnable> due = new ArrayList<>(tasks);
            tasks.clear();
            due.forEach(Runnable::run);
        }
    };

    @Override
    public void execute(Runnable task) {
        tasks.add(task);
        timer.start();
    }
}
