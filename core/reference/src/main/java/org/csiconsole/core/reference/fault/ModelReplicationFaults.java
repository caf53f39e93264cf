package org.csiconsole.core.reference.fault;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.array.ModelException;
import org.csiconsole.core.reference.array.ReplicationRole;
import org.csiconsole.core.reference.array.ReplicationStatus;
import org.csiconsole.core.replication.ReplicationFaults;
import org.csiconsole.core.replication.SimulatedPair;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * {@link ReplicationFaults} of the reference plugin's {@link ArrayModel}: the faults panel of the
 * demo and the tests drive link state, split brain, array errors, scheduling intervals and resync
 * duration through it. Each change commits to the plugin's state before the future completes; a
 * refused change completes it with a {@link CallFailure} of the model's kind (NOT_FOUND for an
 * unknown id, FAILED_PRECONDITION for one that is not replicated, INVALID_ARGUMENT for a bad value).
 */
public final class ModelReplicationFaults implements ReplicationFaults {
    private final ArrayModel model;

    public ModelReplicationFaults(ArrayModel model) {
        this.model = Objects.requireNonNull(model, "model");
    }

    @Override
    public CompletableFuture<List<SimulatedPair>> pairs() {
        return run("List replication pairs", () -> model.replications().all().stream().map(this::pair).toList());
    }

    private SimulatedPair pair(ReplicationStatus s) {
        boolean linkDown = s.message().contains("link") && s.message().contains("down");
        return new SimulatedPair(s.group(), s.id(), s.peerId(), s.array(), s.peerArray(), role(s.role()), role(s.peerRole()),
                ReplicationHealth.valueOf(s.health().name()), s.message(), Duration.ofMillis(s.intervalMs()), linkDown,
                model.replications().resyncProgress(s.id()));
    }

    private static VolumeReplicationRole role(ReplicationRole r) {
        return r == ReplicationRole.PRIMARY ? VolumeReplicationRole.PRIMARY : VolumeReplicationRole.SECONDARY;
    }

    @Override
    public CompletableFuture<Void> linkDown(String sideId, boolean down) {
        return run((down ? "Take down" : "Bring up") + " the replication link of " + (sideId == null ? "every pair" : sideId), () -> {
            model.replications().setLinkDown(sideId, down);
            return null;
        });
    }

    @Override
    public CompletableFuture<Void> splitBrain(String sideId) {
        return run("Split brain on " + sideId, () -> {
            model.replications().splitBrain(Objects.requireNonNull(sideId, "sideId"));
            return null;
        });
    }

    @Override
    public CompletableFuture<Void> arrayError(String sideId, String message) {
        return run("Array error on " + sideId, () -> {
            model.replications().setReplicationError(sideId, message == null || message.isBlank() ? "" : message.strip());
            return null;
        });
    }

    @Override
    public CompletableFuture<Void> schedulingInterval(String sideId, Duration interval) {
        return run("Set the sync interval of " + sideId, () -> {
            model.replications().setInterval(sideId, interval.toMillis());
            return null;
        });
    }

    @Override
    public CompletableFuture<Void> resyncDuration(Duration duration) {
        return run("Set the resync duration", () -> {
            model.replications().setResyncDuration(duration.toMillis());
            return null;
        });
    }

    private static <T> CompletableFuture<T> run(String what, Supplier<T> change) {
        try {
            return CompletableFuture.completedFuture(change.get());
        } catch (ModelException e) {
            return CompletableFuture.failedFuture(new CallFailure(e.kind(), what, e.getMessage(), "", ""));
        } catch (RuntimeException e) {
            return CompletableFuture.failedFuture(e);
        }
    }
}
