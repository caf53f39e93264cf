package org.csiconsole.views;

import javafx.application.Platform;
import org.testfx.util.WaitForAsyncUtils;

import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/**
 * Waits and reads for TestFX tests. The scene graph is read on the FX thread, and a test waits for
 * the state it asserts rather than for an earlier step of the same update: cells get their text in
 * a pulse after the items change, a popup's handlers run after it shows, results of background work
 * arrive through {@code Platform.runLater}.
 */
public final class FxWait {
    /** How long a test waits for a state before it fails; generous for a loaded CI machine. */
    public static final long SECONDS = 20;

    /** A check that throws (an {@link AssertionError}) while it does not hold. */
    @FunctionalInterface
    public interface Check {
        void run() throws Exception;
    }

    private FxWait() {
    }

    /** The value of {@code read}, computed on the FX thread (directly when called there). */
    public static <T> T onFx(Callable<T> read) throws Exception {
        if (Platform.isFxApplicationThread()) return read.call();
        try {
            return WaitForAsyncUtils.asyncFx(read).get(SECONDS, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            if (e.getCause() instanceof Error error) throw error;
            if (e.getCause() instanceof Exception cause) throw cause;
            throw e;
        }
    }

    /**
     * Waits until {@code condition}, evaluated on the FX thread, holds (a condition that throws does
     * not hold yet), then lets the pending FX events run.
     */
    public static void until(Callable<Boolean> condition) throws TimeoutException {
        WaitForAsyncUtils.waitFor(SECONDS, TimeUnit.SECONDS, () -> holds(condition));
        WaitForAsyncUtils.waitForFxEvents();
    }

    /**
     * Waits until {@code check} passes on the FX thread, then runs it once more there as the
     * assertion: when the state never comes, the test fails with the check's own message.
     */
    public static void eventually(Check check) throws Exception {
        try {
            until(() -> {
                check.run();
                return true;
            });
        } catch (TimeoutException e) {
            // not reached in time: the check below fails and says what differs
        }
        onFx(() -> {
            check.run();
            return null;
        });
    }

    /**
     * Waits until {@code node}'s scene has laid out twice from now, so that a check of what a
     * layout pass would change (what it hides, where it moves things) does not read the state
     * from before the change.
     */
    public static void afterLayout(javafx.scene.Node node) throws Exception {
        java.util.concurrent.atomic.AtomicInteger passes = new java.util.concurrent.atomic.AtomicInteger();
        javafx.scene.Scene scene = onFx(node::getScene);
        Runnable count = passes::incrementAndGet;
        onFx(() -> {
            scene.addPostLayoutPulseListener(count);
            Platform.requestNextPulse();
            return null;
        });
        try {
            WaitForAsyncUtils.waitFor(SECONDS, TimeUnit.SECONDS, () -> {
                if (passes.get() < 2) Platform.runLater(Platform::requestNextPulse);
                return passes.get() >= 2;
            });
        } finally {
            onFx(() -> {
                scene.removePostLayoutPulseListener(count);
                return null;
            });
        }
        WaitForAsyncUtils.waitForFxEvents();
    }

    private static boolean holds(Callable<Boolean> condition) {
        try {
            return Boolean.TRUE.equals(onFx(condition));
        } catch (Exception | AssertionError e) {
            return false;
        }
    }
}
