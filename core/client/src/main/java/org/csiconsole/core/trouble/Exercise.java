package org.csiconsole.core.trouble;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallOrigins;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.csi.CreateVolumeRequest;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.NodePublishRequest;
import org.csiconsole.core.csi.NodeStageRequest;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.NodeCapability;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.model.VolumeSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumSet;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * One short, timed lifecycle on a driver, run only when asked: CreateVolume, ControllerPublishVolume,
 * NodeStageVolume, NodePublishVolume (each when advertised and a node service answers), CreateSnapshot
 * and a clone (when advertised and asked for), then everything undone in reverse: delete the clone
 * and the snapshot, NodeUnpublishVolume, NodeUnstageVolume, ControllerUnpublishVolume, DeleteVolume.
 *
 * <p><b>It always cleans up.</b> Every step that creates something registers its undo before or as
 * it runs; after a failure or a cancel the undos still run (as clean-up steps), and whatever could
 * not be removed is listed in {@link ExerciseResult#leftovers()} with its id. The unpublish and
 * unstage undos are registered before their step, since the spec makes them succeed on a volume that
 * is not published or staged; a create that ended without an answer (cancelled, deadline, connection
 * lost) may still have made its object, so its undo asks CreateVolume / CreateSnapshot again with the
 * same name (idempotent by spec) to learn the id, then deletes it.
 *
 * <p>Every change goes through the client's {@link org.csiconsole.core.call.CallPolicy}, so it is
 * audited by the client's audit hook like any other change. The exercise creates, and removes,
 * its staging and target directories below {@link ExercisePlan#workDir()}.
 */
public final class Exercise implements ExerciseRun {
    private final CsiClient client;
    private final ExercisePlan plan;
    private final String driver;
    private final Consumer<TroubleEvent> events;
    private final CompletableFuture<ExerciseResult> result = new CompletableFuture<>();
    private final AtomicReference<CompletableFuture<?>> inFlight = new AtomicReference<>();
    private final Deque<Undo> undos = new ArrayDeque<>();
    private final List<ExerciseStep> steps = new ArrayList<>();
    private final List<String> leftovers = new ArrayList<>();
    private final List<Path> madeDirs = new ArrayList<>();
    private volatile boolean cancelled;

    /** What to do to remove something the exercise made. */
    private record Undo(String step, String target, String what, Supplier<CompletableFuture<?>> call) {
    }

    private Exercise(CsiClient client, ExercisePlan plan, String driver, Consumer<TroubleEvent> events) {
        this.client = Objects.requireNonNull(client, "client");
        this.plan = Objects.requireNonNull(plan, "plan");
        this.driver = Objects.requireNonNull(driver, "driver");
        this.events = events == null ? e -> { } : events;
    }

    /**
     * Starts an exercise on a thread of its own, whose calls keep the call origin current where it
     * is started (the task that runs it, in the call trace). The caller confirmed it (a typed
     * {@link ExercisePlan#confirmation(String)}) and owns {@code client}, which it opened with the
     * console's audit hook.
     *
     * @param driver the driver's name, from GetPluginInfo
     * @param events a {@link TroubleEvent.StepDone} per step, lifecycle and clean-up, as each ends
     */
    public static Exercise start(CsiClient client, ExercisePlan plan, String driver, Consumer<TroubleEvent> events) {
        Exercise x = new Exercise(client, plan, driver, events);
        CallOrigins.thread("csi-console exercise", x::run).start();
        return x;
    }

    /** The result, once the lifecycle and the clean-up have ended; it never fails for a driver's failure. */
    @Override
    public CompletableFuture<ExerciseResult> result() {
        return result;
    }

    /**
     * Stops the lifecycle: the call in flight is cancelled and no further step starts; the clean-up
     * then runs to the end (it is not cancelled) and the result says {@code cancelled}.
     */
    @Override
    public void cancel() {
        cancelled = true;
        CompletableFuture<?> f = inFlight.get();
        if (f != null) f.cancel(true);
    }

    private void run() {
        Instant started = Instant.now();
        long t0 = System.nanoTime();
        String name = plan.namePrefix() + "-" + HexFormat.of().toHexDigits(ThreadLocalRandom.current().nextInt());
        boolean ok;
        try {
            ok = lifecycle(name);
        } catch (RuntimeException e) {
            leftovers.add("the exercise stopped on an unexpected error (" + e + "); what it made is cleaned up below");
            ok = false;
        }
        teardown(!ok);
        removeDirs();
        result.complete(new ExerciseResult(client.endpoint().text(), driver, plan.pool(), name, started,
                Duration.ofNanos(System.nanoTime() - t0), steps, leftovers, cancelled));
    }

    /** The forward steps; true when every one that ran was OK and none was cancelled. */
    private boolean lifecycle(String name) {
        CapabilitySet caps;
        try {
            caps = client.capabilities().get();
        } catch (InterruptedException | ExecutionException e) {
            step("GetCapabilities", "", StepOutcome.FAILED, Duration.ZERO, describe(e), false);
            return false;
        }
        NodeInfo node = null;
        if (caps.nodeService()) {
            node = call("NodeGetInfo", "", () -> client.node().nodeInfo());
            if (node == null) return false;
        } else {
            skip("NodeGetInfo", "", "no node service answered: the node steps are skipped");
        }
        VolumeCapability cap = VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "");
        CreateVolumeRequest create = CreateVolumeRequest.of(name, plan.capacityBytes(), cap).withParameters(plan.parameters())
                .withSecrets(plan.secrets());
        if (!caps.has(ControllerCapability.CREATE_DELETE_VOLUME)) {
            skip("CreateVolume", "", "CREATE_DELETE_VOLUME is not advertised: there is nothing to exercise");
            return true;
        }
        Volume vol = create("CreateVolume", name, create, "volume " + name);
        if (vol == null) return false;
        String id = vol.volumeId();
        Map<String, String> publishContext = Map.of();
        String nodeId = node == null ? null : node.nodeId();
        if (caps.has(ControllerCapability.PUBLISH_UNPUBLISH_VOLUME) && nodeId != null) {
            undos.push(new Undo("ControllerUnpublishVolume", id, "publication of volume " + id + " to node " + nodeId,
                    () -> client.controller().controllerUnpublish(id, nodeId, plan.secrets())));
            publishContext = call("ControllerPublishVolume", id,
                    () -> client.controller().controllerPublish(id, nodeId, cap, false, plan.secrets(), vol.volumeContext()));
            if (publishContext == null) return false;
        } else {
            skip("ControllerPublishVolume", id, nodeId == null ? "no node to publish to" : "PUBLISH_UNPUBLISH_VOLUME is not advertised");
        }
        String staging = "";
        if (caps.nodeService() && caps.has(NodeCapability.STAGE_UNSTAGE_VOLUME)) {
            Path dir = dir(plan.workDir().resolve(name).resolve("staging"));
            if (dir == null) return false;
            staging = dir.toString();
            String s = staging;
            undos.push(new Undo("NodeUnstageVolume", id, "staging of volume " + id + " at " + s,
                    () -> client.node().nodeUnstage(id, s)));
            Map<String, String> pc = publishContext;
            if (call("NodeStageVolume", id, () -> client.node().nodeStage(
                    new NodeStageRequest(id, pc, s, cap, plan.secrets(), vol.volumeContext()))) == null) return false;
        } else {
            skip("NodeStageVolume", id, caps.nodeService() ? "STAGE_UNSTAGE_VOLUME is not advertised" : "no node service");
        }
        if (caps.nodeService()) {
            Path parent = dir(plan.workDir().resolve(name).resolve("pod"));
            if (parent == null) return false;
            String target = parent.resolve("mount").toString();
            undos.push(new Undo("NodeUnpublishVolume", id, "publication of volume " + id + " at " + target,
                    () -> client.node().nodeUnpublish(id, target)));
            Map<String, String> pc = publishContext;
            String s = staging;
            if (call("NodePublishVolume", id, () -> client.node().nodePublish(
                    new NodePublishRequest(id, pc, s, target, cap, false, plan.secrets(), vol.volumeContext()))) == null) return false;
        } else {
            skip("NodePublishVolume", id, "no node service");
        }
        if (plan.snapshotAndClone()) {
            if (caps.has(ControllerCapability.CREATE_DELETE_SNAPSHOT)) {
                if (snapshot(name + "-snap", id) == null) return false;
            } else {
                skip("CreateSnapshot", id, "CREATE_DELETE_SNAPSHOT is not advertised");
            }
            if (caps.has(ControllerCapability.CLONE_VOLUME)) {
                CreateVolumeRequest clone = CreateVolumeRequest.of(name + "-clone", plan.capacityBytes(), cap)
                        .withParameters(plan.parameters()).withSecrets(plan.secrets()).withSource(VolumeSource.volume(id));
                if (create("CreateVolume (clone)", name + "-clone", clone, "clone " + name + "-clone") == null) return false;
            } else {
                skip("CreateVolume (clone)", id, "CLONE_VOLUME is not advertised");
            }
        }
        return true;
    }

    private Volume create(String step, String name, CreateVolumeRequest req, String what) {
        long t0 = System.nanoTime();
        try {
            Volume v = await(client.controller().createVolume(req));
            undos.push(new Undo("DeleteVolume", v.volumeId(), "volume " + v.volumeId() + " (" + name + ")",
                    () -> client.controller().deleteVolume(v.volumeId(), plan.secrets())));
            step(step, v.volumeId(), StepOutcome.OK, since(t0), "", false);
            return v;
        } catch (Exception e) {
            if (uncertain(e)) {
                undos.push(new Undo("DeleteVolume", name, what + ", which may have been made before the call ended",
                        () -> client.controller().createVolume(req).thenCompose(v -> client.controller().deleteVolume(v.volumeId(), plan.secrets()))));
            }
            step(step, name, outcome(e), since(t0), describe(e), false);
            return null;
        }
    }

    private Snapshot snapshot(String name, String volumeId) {
        long t0 = System.nanoTime();
        try {
            Snapshot s = await(client.controller().createSnapshot(volumeId, name, Map.of(), plan.secrets()));
            undos.push(new Undo("DeleteSnapshot", s.snapshotId(), "snapshot " + s.snapshotId() + " (" + name + ")",
                    () -> client.controller().deleteSnapshot(s.snapshotId(), plan.secrets())));
            step("CreateSnapshot", s.snapshotId(), StepOutcome.OK, since(t0), "", false);
            return s;
        } catch (Exception e) {
            if (uncertain(e)) {
                undos.push(new Undo("DeleteSnapshot", name, "snapshot " + name + ", which may have been made before the call ended",
                        () -> client.controller().createSnapshot(volumeId, name, Map.of(), plan.secrets())
                                .thenCompose(s -> client.controller().deleteSnapshot(s.snapshotId(), plan.secrets()))));
            }
            step("CreateSnapshot", name, outcome(e), since(t0), describe(e), false);
            return null;
        }
    }

    /** A forward step; null when it failed or was cancelled (a {@code Void} call answers {@link Boolean#TRUE}). */
    @SuppressWarnings("unchecked")
    private <T> T call(String step, String target, Supplier<CompletableFuture<T>> call) {
        long t0 = System.nanoTime();
        try {
            T v = await(call.get());
            step(step, target, StepOutcome.OK, since(t0), "", false);
            return v == null ? (T) Boolean.TRUE : v;
        } catch (Exception e) {
            step(step, target, outcome(e), since(t0), describe(e), false);
            return null;
        }
    }

    private <T> T await(CompletableFuture<T> f) throws InterruptedException, ExecutionException {
        if (cancelled) {
            f.cancel(true);
            throw new CancellationException("cancelled before the step began");
        }
        inFlight.set(f);
        try {
            if (cancelled) f.cancel(true);
            return f.get();
        } finally {
            inFlight.set(null);
        }
    }

    /** Runs every undo, newest first; as lifecycle steps when the lifecycle went well, else as clean-up steps. */
    private void teardown(boolean cleanup) {
        while (!undos.isEmpty()) {
            Undo u = undos.pop();
            long t0 = System.nanoTime();
            try {
                u.call().get().get();
                step(u.step(), u.target(), StepOutcome.OK, since(t0), "", cleanup);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                leftovers.add(u.what() + " (clean-up interrupted)");
                step(u.step(), u.target(), StepOutcome.CANCELLED, since(t0), "interrupted", cleanup);
            } catch (ExecutionException | RuntimeException e) {
                leftovers.add(u.what() + " (" + u.step() + " failed: " + describe(e) + ")");
                step(u.step(), u.target(), StepOutcome.FAILED, since(t0), describe(e), cleanup);
            }
        }
    }

    private Path dir(Path p) {
        try {
            Path parent = p.getParent();
            if (parent != null && !Files.exists(parent)) {
                Files.createDirectories(parent);
                madeDirs.add(parent);
            }
            if (!Files.exists(p)) {
                Files.createDirectories(p);
                madeDirs.add(p);
            }
            return p;
        } catch (IOException e) {
            step("Create " + p, "", StepOutcome.FAILED, Duration.ZERO, "could not create the directory " + p + ": " + e.getMessage(), false);
            return null;
        }
    }

    /** Removes the directories the exercise made, deepest first; a directory not empty is a leftover. */
    private void removeDirs() {
        for (int i = madeDirs.size() - 1; i >= 0; i--) {
            Path d = madeDirs.get(i);
            try {
                Files.deleteIfExists(d);
            } catch (IOException e) {
                leftovers.add("directory " + d + " (not empty or not removable: " + e.getMessage() + ")");
            }
        }
    }

    private void skip(String step, String target, String why) {
        step(step, target, StepOutcome.SKIPPED, Duration.ZERO, why, false);
    }

    private void step(String step, String target, StepOutcome outcome, Duration took, String detail, boolean cleanup) {
        ExerciseStep s = new ExerciseStep(step, target, outcome, took, detail, cleanup);
        steps.add(s);
        events.accept(new TroubleEvent.StepDone(s));
    }

    private static Duration since(long t0) {
        return Duration.ofNanos(System.nanoTime() - t0);
    }

    private StepOutcome outcome(Exception e) {
        return cancelled || e instanceof CancellationException ? StepOutcome.CANCELLED : StepOutcome.FAILED;
    }

    /** True when a create ended without telling whether it made its object. */
    private boolean uncertain(Exception e) {
        if (cancelled || e instanceof CancellationException || e instanceof InterruptedException) return true;
        CallFailure f = CallFailure.unwrap(e);
        return f == null || EnumSet.of(FailureKind.TIMEOUT, FailureKind.UNAVAILABLE, FailureKind.CANCELLED, FailureKind.ENDPOINT)
                .contains(f.kind());
    }

    private static String describe(Throwable e) {
        if (e instanceof CancellationException) return "cancelled";
        CallFailure f = CallFailure.unwrap(e);
        if (f != null) return f.getMessage();
        Throwable c = e instanceof ExecutionException && e.getCause() != null ? e.getCause() : e;
        return c.getClass().getSimpleName() + (c.getMessage() == null ? "" : ": " + c.getMessage());
    }
}
