package org.csiconsole.app.shots;

import javafx.animation.AnimationTimer;
import javafx.application.Platform;

import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Steps shared by the screenshot tours: run a step on the FX thread and let it render, then grab
 * the Xvfb screen with ImageMagick's {@code import}. Each wait is bounded by 20 s.
 */
final class TourSteps {
    private TourSteps() {
    }

    /**
     * Runs {@code action} on the FX thread, waits for it and then for 6 rendered frames. A step
     * that throws is reported on stderr and the tour goes on, so one broken step costs one picture.
     *
     * @throws IllegalStateException when the FX thread does not run the step within 20 s
     */
    static void onFx(Runnable action) throws InterruptedException {
        CountDownLatch done = new CountDownLatch(1);
        Platform.runLater(() -> {
            try {
                action.run();
            } catch (RuntimeException e) {
                System.err.println("step failed: " + e);
            } finally {
                done.countDown();
            }
        });
        if (!done.await(20, TimeUnit.SECONDS)) throw new IllegalStateException("FX step timed out");
        waitFrames(6);
    }

    /** Waits until JavaFX has rendered {@code frames} pulses (at most 20 s). */
    static void waitFrames(int frames) throws InterruptedException {
        CountDownLatch rendered = new CountDownLatch(frames);
        Platform.runLater(() -> new AnimationTimer() {
            @Override
            public void handle(long now) {
                rendered.countDown();
                if (rendered.getCount() == 0) stop();
            }
        }.start());
        rendered.await(20, TimeUnit.SECONDS);
    }

    /** Writes the whole screen to {@code out/name.png} after 10 more frames. */
    static void shoot(Path out, String name) throws Exception {
        waitFrames(10);
        Path file = out.resolve(name + ".png");
        Process p = new ProcessBuilder("import", "-window", "root", file.toString()).inheritIO().start();
        if (p.waitFor() != 0) throw new IllegalStateException("import failed for " + file);
        System.out.println("wrote " + file);
    }
}
