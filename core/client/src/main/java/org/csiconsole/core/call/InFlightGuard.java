package org.csiconsole.core.call;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * At most one mutating call in flight per object. The CSI spec (csi-spec-v0.1-lifecycle.md, RPC
 * Interface, "no more than one call in-flight per volume"; v1.12 keeps the rule) makes the CO
 * responsible for this; this console serializes its own calls on the same {@code volume_id},
 * snapshot id and group id.
 *
 * <p>Keys are opaque strings such as {@code volume/pvc-1}; see {@link #volume(String)} and friends.
 * Waiting is asynchronous: no thread blocks. A caller acquiring several keys takes them in sorted
 * order, so two callers never wait on each other in a cycle. Share one guard between every client
 * talking to the same driver.
 */
public final class InFlightGuard {
    private final Map<String, ArrayDeque<CompletableFuture<Void>>> held = new HashMap<>();

    /** Key of a volume, by {@code volume_id}. */
    public static String volume(String volumeId) {
        return "volume/" + volumeId;
    }

    /** Key of a volume being created, by its {@code name} (no id exists yet). */
    public static String volumeName(String name) {
        return "volume-name/" + name;
    }

    /** Key of a snapshot, by {@code snapshot_id}. */
    public static String snapshot(String snapshotId) {
        return "snapshot/" + snapshotId;
    }

    /** Key of a snapshot being created, by its {@code name}. */
    public static String snapshotName(String name) {
        return "snapshot-name/" + name;
    }

    /** Key of a group (volume group, group snapshot), by its id or, while being created, its name. */
    public static String group(String groupId) {
        return "group/" + groupId;
    }

    /** A held set of keys. {@link #release()} is idempotent. */
    public final class Permit implements AutoCloseable {
        private final List<String> keys;
        private final AtomicBoolean released = new AtomicBoolean();

        private Permit(List<String> keys) {
            this.keys = keys;
        }

        public List<String> keys() {
            return keys;
        }

        public void release() {
            if (released.compareAndSet(false, true)) {
                for (int i = keys.size() - 1; i >= 0; i--) releaseKey(keys.get(i));
            }
        }

        @Override
        public void close() {
            release();
        }
    }

    /**
     * Takes every key.
     *
     * @param keys the objects the call changes; empty means nothing to take
     * @param mode wait for running calls, or fail fast
     * @param what the call, for the failure text (e.g. {@code "DeleteVolume pvc-1"})
     * @return a permit; fails with {@link FailureKind#BUSY} in {@link LockMode#FAIL_FAST} mode when a key
     *     is held. Cancelling the future while it waits withdraws the request.
     */
    public CompletableFuture<Permit> acquire(Collection<String> keys, LockMode mode, String what) {
        List<String> sorted = new ArrayList<>(new TreeSet<>(keys));
        CompletableFuture<Permit> result = new CompletableFuture<>();
        take(sorted, 0, mode, what, result);
        return result;
    }

    /** Number of keys currently held (for tests and diagnostics). */
    public synchronized int heldCount() {
        return held.size();
    }

    private void take(List<String> keys, int index, LockMode mode, String what, CompletableFuture<Permit> result) {
        if (index == keys.size()) {
            Permit p = new Permit(List.copyOf(keys));
            if (!result.complete(p)) p.release();
            return;
        }
        String key = keys.get(index);
        CompletableFuture<Void> turn;
        synchronized (this) {
            ArrayDeque<CompletableFuture<Void>> waiters = held.get(key);
            if (waiters == null) {
                held.put(key, new ArrayDeque<>());
                turn = null;
            } else if (mode == LockMode.FAIL_FAST) {
                turn = CompletableFuture.failedFuture(busy(key, what));
            } else {
                turn = new CompletableFuture<>();
                waiters.addLast(turn);
            }
        }
        if (turn == null) {
            take(keys, index + 1, mode, what, result);
            return;
        }
        result.whenComplete((p, t) -> {
            if (result.isCancelled()) turn.cancel(false);
        });
        turn.whenComplete((v, t) -> {
            if (t != null) {
                for (int i = index - 1; i >= 0; i--) releaseKey(keys.get(i));
                result.completeExceptionally(t);
            } else if (result.isDone()) {
                // the caller gave up while waiting: hand the keys on
                for (int i = index; i >= 0; i--) releaseKey(keys.get(i));
            } else {
                take(keys, index + 1, mode, what, result);
            }
        });
    }

    private void releaseKey(String key) {
        while (true) {
            CompletableFuture<Void> next;
            synchronized (this) {
                ArrayDeque<CompletableFuture<Void>> waiters = held.get(key);
                if (waiters == null) return;
                next = waiters.pollFirst();
                if (next == null) {
                    held.remove(key);
                    return;
                }
            }
            // ownership passes to the next waiter; a waiter that was cancelled is skipped
            if (next.complete(null)) return;
        }
    }

    private static CallFailure busy(String key, String what) {
        String object = key.replace('/', ' ');
        return new CallFailure(FailureKind.BUSY, what,
                "another change to " + object + " is already running from this console",
                "Wait for the running operation to finish, then try again", "in-flight guard: " + key);
    }
}
