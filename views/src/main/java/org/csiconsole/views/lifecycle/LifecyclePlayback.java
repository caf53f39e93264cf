package org.csiconsole.views.lifecycle;

import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import org.csiconsole.core.lifecycle.Diagram;
import org.csiconsole.core.lifecycle.DiagramLayout;
import org.csiconsole.core.lifecycle.DiagramOverlay;
import org.csiconsole.core.lifecycle.Evidence;
import org.csiconsole.core.lifecycle.LifecycleCall;
import org.csiconsole.core.lifecycle.LifecycleOverlays;
import org.csiconsole.core.lifecycle.LifecycleReading;
import org.csiconsole.core.lifecycle.LiveStates;
import org.csiconsole.core.lifecycle.Transition;
import org.csiconsole.core.lifecycle.VolumeLifecycle;
import org.csiconsole.core.lifecycle.VolumeLiveState;
import org.csiconsole.core.lifecycle.VolumeState;

import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * One volume's way through the CSI volume lifecycle figure (spec v1.12, "Volume Lifecycle",
 * figures 5 to 8) as a workflow reports its calls, without reading any storage: each call that
 * answered OK moves the volume along its arrow ({@link LiveStates#after}), a failed call marks its
 * arrow FAILED with its code and message. What an exercise of a driver plays on the diagram.
 * UI thread only.
 */
public final class LifecyclePlayback {
    private final String nodeId;
    private final Clock clock;
    private final ReadOnlyObjectWrapper<Diagram> diagram = new ReadOnlyObjectWrapper<>(this, "diagram");
    private final ReadOnlyObjectWrapper<DiagramOverlay> overlay = new ReadOnlyObjectWrapper<>(this, "overlay", DiagramOverlay.NONE);
    private final ReadOnlyObjectWrapper<VolumeState> current = new ReadOnlyObjectWrapper<>(this, "current", VolumeState.INITIAL);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyLongWrapper revision = new ReadOnlyLongWrapper(this, "revision", 0);
    private final Map<String, String> failures = new LinkedHashMap<>();
    private VolumeLifecycle lifecycle;
    private VolumeLiveState live;
    private String taken;

    /**
     * @param nodeId the name the node the calls go to shows under on the figure, e.g. {@code "this node"}
     * @param clock when each state was reached
     */
    public LifecyclePlayback(String nodeId, Clock clock) {
        this.nodeId = Objects.requireNonNull(nodeId, "nodeId");
        this.clock = Objects.requireNonNull(clock, "clock");
        reset(VolumeLifecycle.of(true, true, true, true), "");
    }

    /** The figure drawn; changes when a step is left out ({@link #leaveOut}). */
    public ReadOnlyObjectProperty<Diagram> diagramProperty() {
        return diagram.getReadOnlyProperty();
    }

    /** The volume's state, the arrow taken last and the failed arrows, over {@link #diagramProperty()}. */
    public ReadOnlyObjectProperty<DiagramOverlay> overlayProperty() {
        return overlay.getReadOnlyProperty();
    }

    /** Where the volume is: the initial X before CreateVolume, the final X once deleted. */
    public ReadOnlyObjectProperty<VolumeState> currentProperty() {
        return current.getReadOnlyProperty();
    }

    /** One line: which volume, where it is, the last call. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** Counts the changes: it moves once per change, after the figure, overlay, state and status are all set. */
    public ReadOnlyLongProperty revisionProperty() {
        return revision.getReadOnlyProperty();
    }

    /** The figure followed now. */
    public VolumeLifecycle lifecycle() {
        return lifecycle;
    }

    /** The failed arrows: arrow id ({@link Transition#id()}) to {@code "FAILED: message"}. */
    public Map<String, String> failures() {
        return Map.copyOf(failures);
    }

    /**
     * Starts again on figure {@code lc} with no volume: the initial X, nothing taken or failed.
     *
     * @param note what the status line says until the first call
     */
    public void reset(VolumeLifecycle lc, String note) {
        lifecycle = Objects.requireNonNull(lc, "lc");
        live = VolumeLiveState.none(clock.instant());
        failures.clear();
        taken = null;
        show(note == null ? "" : note);
    }

    /** CreateVolume answered {@code volumeId}: the volume is CREATED. */
    public void created(String volumeId) {
        live = new VolumeLiveState(volumeId, VolumeLiveState.Presence.PRESENT, true, List.of(),
                List.of(new Evidence("this console", "CreateVolume OK")), clock.instant());
        failures.remove(LifecycleCall.CREATE_VOLUME.rpc());
        taken = LifecycleCall.CREATE_VOLUME.rpc();
        show("Volume " + volumeId + " created.");
    }

    /**
     * {@code call} answered OK on the node: the volume moves along its arrow (DeleteVolume to the
     * final X from any state). Another call from a state its arrow does not leave changes nothing (the spec makes the undo calls succeed on a volume that is not published
     * or staged) and a call the figure does not draw is ignored.
     */
    public void succeeded(LifecycleCall call) {
        Transition t = lifecycle.transition(call);
        if (t == null || live.presence() != VolumeLiveState.Presence.PRESENT) return;
        VolumeState from = lifecycle.stateOn(live, nodeId);
        failures.remove(t.id());
        // DeleteVolume OK removed the volume whatever the node's state was.
        if (from != t.from() && call != LifecycleCall.DELETE_VOLUME) {
            show(call.rpc() + " OK; it changed nothing, the volume is " + from.specName() + ".");
            return;
        }
        live = LiveStates.after(lifecycle, live, t, nodeId, clock.instant());
        taken = t.id();
        show(call.rpc() + " OK.");
    }

    /** {@code call} failed (or was cancelled): its arrow is marked with {@code text}, e.g. {@code "FAILED: not found"}. */
    public void failed(LifecycleCall call, String text) {
        Transition t = lifecycle.transition(call);
        String why = text == null ? "" : text;
        if (t != null) failures.put(t.id(), why);
        show(call.rpc() + " failed" + (why.isEmpty() ? "." : ": " + why));
    }

    /**
     * The driver does not take {@code call}'s step (its capability is not advertised): the figure
     * is drawn again without it, ControllerPublishVolume's or NodeStageVolume's; the volume keeps
     * its place.
     */
    public void leaveOut(LifecycleCall call) {
        VolumeLifecycle lc = lifecycle;
        if (call == LifecycleCall.CONTROLLER_PUBLISH_VOLUME && lc.publishUnpublish()) {
            lifecycle = VolumeLifecycle.of(lc.createDelete(), false, lc.stageUnstage(), true);
        } else if (call == LifecycleCall.NODE_STAGE_VOLUME && lc.stageUnstage()) {
            lifecycle = VolumeLifecycle.of(lc.createDelete(), lc.publishUnpublish(), false, true);
        } else {
            return;
        }
        failures.keySet().removeIf(id -> lifecycle.transition(LifecycleCall.byRpc(id)) == null);
        show(call.rpc() + " is not advertised: " + lifecycle.title() + ".");
    }

    private void show(String text) {
        Diagram d = DiagramLayout.volume(lifecycle);
        if (!d.equals(diagram.get())) diagram.set(d);
        LifecycleReading r = new LifecycleReading(lifecycle, live, nodeId);
        overlay.set(LifecycleOverlays.volume(r, nodeId, Map.copyOf(failures), taken));
        current.set(lifecycle.stateOn(live, nodeId));
        status.set(text);
        revision.set(revision.get() + 1);
    }
}
