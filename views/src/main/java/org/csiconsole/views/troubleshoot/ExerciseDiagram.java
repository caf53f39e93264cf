package org.csiconsole.views.troubleshoot;

import org.csiconsole.core.lifecycle.LifecycleCall;
import org.csiconsole.core.lifecycle.VolumeLifecycle;
import org.csiconsole.core.trouble.ExerciseStep;
import org.csiconsole.views.lifecycle.LifecyclePlayback;

import java.time.Clock;

/**
 * An exercise played on the volume lifecycle figure: the volume it created moves state by state as
 * its steps answer OK (CreateVolume, ControllerPublishVolume, NodeStageVolume, NodePublishVolume,
 * and back to DeleteVolume), a failed or cancelled step marks its arrow, and a step the driver does
 * not advertise is left out of the figure. Steps on the snapshot and the clone do not move the
 * volume. UI thread only.
 */
final class ExerciseDiagram {
    /** Where the exercise's node calls go: the node plugin at the endpoint, on this host. */
    static final String NODE = "this node";

    private final LifecyclePlayback playback = new LifecyclePlayback(NODE, Clock.systemUTC());
    private String volumeId = "";

    ExerciseDiagram() {
        reset("Run the exercise to see its volume go through the lifecycle.");
    }

    LifecyclePlayback playback() {
        return playback;
    }

    /** Starts again from the initial X, on the full figure until steps are left out. */
    void reset(String note) {
        volumeId = "";
        playback.reset(VolumeLifecycle.of(true, true, true, true), note);
    }

    /** Plays one step that ended. */
    void accept(ExerciseStep s) {
        LifecycleCall call = LifecycleCall.byRpc(s.step());
        if (call == null) return; // NodeGetInfo, CreateSnapshot, "CreateVolume (clone)", a directory
        if (call == LifecycleCall.CREATE_VOLUME) {
            if (!volumeId.isEmpty()) return;
            switch (s.outcome()) {
                case OK -> {
                    volumeId = s.target();
                    playback.created(volumeId);
                }
                case FAILED, CANCELLED -> playback.failed(call, s.outcome() + ": " + s.detail());
                case SKIPPED -> { }
            }
            return;
        }
        // The clone's DeleteVolume names the clone; an undo of an unanswered create names the volume's name.
        if (volumeId.isEmpty() || !volumeId.equals(s.target())) return;
        switch (s.outcome()) {
            case OK -> playback.succeeded(call);
            case FAILED, CANCELLED -> playback.failed(call, s.outcome() + ": " + s.detail());
            case SKIPPED -> {
                if (s.detail().contains("not advertised")) playback.leaveOut(call);
            }
        }
    }
}
