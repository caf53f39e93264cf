package org.csiconsole.core.lifecycle;

import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.NodeCapability;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import static org.csiconsole.core.lifecycle.LifecycleCall.CONTROLLER_PUBLISH_VOLUME;
import static org.csiconsole.core.lifecycle.LifecycleCall.CONTROLLER_UNPUBLISH_VOLUME;
import static org.csiconsole.core.lifecycle.LifecycleCall.CREATE_VOLUME;
import static org.csiconsole.core.lifecycle.LifecycleCall.DELETE_VOLUME;
import static org.csiconsole.core.lifecycle.LifecycleCall.NODE_PUBLISH_VOLUME;
import static org.csiconsole.core.lifecycle.LifecycleCall.NODE_STAGE_VOLUME;
import static org.csiconsole.core.lifecycle.LifecycleCall.NODE_UNPUBLISH_VOLUME;
import static org.csiconsole.core.lifecycle.LifecycleCall.NODE_UNSTAGE_VOLUME;
import static org.csiconsole.core.lifecycle.LifecycleCall.VALIDATE_VOLUME_CAPABILITIES;
import static org.csiconsole.core.lifecycle.VolumeState.CREATED;
import static org.csiconsole.core.lifecycle.VolumeState.FINAL;
import static org.csiconsole.core.lifecycle.VolumeState.INITIAL;
import static org.csiconsole.core.lifecycle.VolumeState.NODE_READY;
import static org.csiconsole.core.lifecycle.VolumeState.PUBLISHED;
import static org.csiconsole.core.lifecycle.VolumeState.VOL_READY;

/**
 * The volume lifecycle a plugin follows, chosen from what it advertises, as the CSI spec v1.12
 * draws it ("Volume Lifecycle", figures 5 to 8): its states, its labelled transitions, why this
 * figure applies, and which transition may be taken from a live state and why not.
 *
 * <p>The figure follows from three capabilities: the controller's CREATE_DELETE_VOLUME (dynamic
 * provisioning: figures 5, 6) and PUBLISH_UNPUBLISH_VOLUME (a controller publish step: figures
 * 5, 6, 7), and the node's STAGE_UNSTAGE_VOLUME (a staging step: figure 6). Combinations the spec
 * does not draw are its nearest figure with the step left out or added, as the spec allows:
 * "Plugins may forego other lifecycle steps by contraindicating them via the capabilities API."
 */
public final class VolumeLifecycle {
    private final boolean createDelete;
    private final boolean publishUnpublish;
    private final boolean stageUnstage;
    private final boolean nodeKnown;
    private final LifecycleVariant variant;
    private final List<VolumeState> chain;
    private final List<Transition> transitions;

    private VolumeLifecycle(boolean createDelete, boolean publishUnpublish, boolean stageUnstage, boolean nodeKnown) {
        this.createDelete = createDelete;
        this.publishUnpublish = publishUnpublish;
        this.stageUnstage = stageUnstage;
        this.nodeKnown = nodeKnown;
        this.variant = createDelete ? (stageUnstage ? LifecycleVariant.FIG_6 : LifecycleVariant.FIG_5)
                : publishUnpublish ? LifecycleVariant.FIG_7 : LifecycleVariant.FIG_8;
        List<VolumeState> c = new ArrayList<>();
        if (createDelete) c.add(CREATED);
        if (publishUnpublish) c.add(NODE_READY);
        if (stageUnstage) c.add(VOL_READY);
        c.add(PUBLISHED);
        this.chain = List.copyOf(c);
        this.transitions = List.copyOf(buildTransitions());
    }

    /**
     * The lifecycle of a plugin that advertised {@code caps}: CREATE_DELETE_VOLUME and
     * PUBLISH_UNPUBLISH_VOLUME from ControllerGetCapabilities, STAGE_UNSTAGE_VOLUME from
     * NodeGetCapabilities (unknown, and drawn without staging, when no node service answered).
     */
    public static VolumeLifecycle of(CapabilitySet caps) {
        CapabilitySet c = Objects.requireNonNullElse(caps, CapabilitySet.NONE);
        return of(c.has(ControllerCapability.CREATE_DELETE_VOLUME), c.has(ControllerCapability.PUBLISH_UNPUBLISH_VOLUME),
                c.has(NodeCapability.STAGE_UNSTAGE_VOLUME), c.nodeService());
    }

    /**
     * @param createDelete the controller advertises CREATE_DELETE_VOLUME
     * @param publishUnpublish the controller advertises PUBLISH_UNPUBLISH_VOLUME
     * @param stageUnstage the node advertises STAGE_UNSTAGE_VOLUME
     * @param nodeKnown a node service answered NodeGetCapabilities (else staging is not known)
     */
    public static VolumeLifecycle of(boolean createDelete, boolean publishUnpublish, boolean stageUnstage, boolean nodeKnown) {
        return new VolumeLifecycle(createDelete, publishUnpublish, stageUnstage, nodeKnown);
    }

    /** The spec figure this lifecycle is drawn after. */
    public LifecycleVariant variant() {
        return variant;
    }

    public boolean createDelete() {
        return createDelete;
    }

    public boolean publishUnpublish() {
        return publishUnpublish;
    }

    public boolean stageUnstage() {
        return stageUnstage;
    }

    /**
     * True when the drawing differs from the spec's figure by a step the capabilities leave out
     * (figures 5, 6 without PUBLISH_UNPUBLISH_VOLUME) or add (figures 7, 8 with STAGE_UNSTAGE_VOLUME).
     */
    public boolean adapted() {
        return createDelete ? !publishUnpublish : stageUnstage;
    }

    /** {@code "Figure 6"}, or {@code "Figure 5 without ControllerPublishVolume"} for an adapted figure. */
    public String title() {
        if (!adapted()) return variant.title();
        return createDelete ? variant.title() + " without ControllerPublishVolume" : variant.title() + " with NodeStageVolume";
    }

    /** Why this figure: the capabilities that chose it, in words, with the calls they were read from. */
    public String reason() {
        StringBuilder b = new StringBuilder(title()).append(": ");
        b.append(createDelete ? "the controller advertises CREATE_DELETE_VOLUME, so volumes are provisioned dynamically (CreateVolume, DeleteVolume)"
                : "the controller does not advertise CREATE_DELETE_VOLUME, so volumes are pre-provisioned");
        b.append(publishUnpublish ? "; it advertises PUBLISH_UNPUBLISH_VOLUME, so ControllerPublishVolume attaches a volume to a node before the node uses it"
                : "; it does not advertise PUBLISH_UNPUBLISH_VOLUME, so there is no controller publish step");
        if (stageUnstage) b.append("; the node advertises STAGE_UNSTAGE_VOLUME, so NodeStageVolume comes before NodePublishVolume");
        else if (nodeKnown) b.append("; the node does not advertise STAGE_UNSTAGE_VOLUME, so there is no staging step");
        else b.append("; no node plugin answered NodeGetCapabilities, so staging is not known and is drawn as absent");
        b.append(" (ControllerGetCapabilities, NodeGetCapabilities).");
        if (adapted()) {
            b.append(" The spec draws no figure for this combination; it allows it: plugins may forego lifecycle steps"
                    + " by contraindicating them via the capabilities API.");
        }
        return b.toString();
    }

    /** The states from top to bottom of the figure, without the two X boxes. */
    public List<VolumeState> chain() {
        return chain;
    }

    /** The states drawn, the two X boxes first and last. */
    public List<VolumeState> states() {
        List<VolumeState> s = new ArrayList<>();
        s.add(INITIAL);
        s.addAll(chain);
        s.add(FINAL);
        return s;
    }

    /** Every labelled edge of the figure. */
    public List<Transition> transitions() {
        return transitions;
    }

    /** The edge labelled {@code call}, or null when this figure has none. */
    public Transition transition(LifecycleCall call) {
        for (Transition t : transitions) if (t.call() == call) return t;
        return null;
    }

    /**
     * The state of a node that holds nothing of an existing volume: CREATED when volumes are
     * created (figures 5, 6), the initial X for a pre-provisioned volume (figures 7, 8).
     */
    public VolumeState restState() {
        return createDelete ? CREATED : INITIAL;
    }

    /**
     * The state a node is in with these records: PUBLISHED with a target path, VOL_READY when
     * staged, NODE_READY when controller-published (on a plugin that publishes), else
     * {@link #restState()}.
     */
    public VolumeState stateOf(boolean controllerPublished, boolean staged, boolean published) {
        if (published) return PUBLISHED;
        if (staged && stageUnstage) return VOL_READY;
        if (controllerPublished && publishUnpublish) return NODE_READY;
        return restState();
    }

    /**
     * The state of {@code live}'s volume on {@code nodeId}: the initial X without a volume, the
     * final X once deleted, {@link #restState()} on a node it was not seen on.
     */
    public VolumeState stateOn(VolumeLiveState live, String nodeId) {
        if (live == null || live.presence() == VolumeLiveState.Presence.ABSENT) return INITIAL;
        if (live.presence() == VolumeLiveState.Presence.DELETED) return createDelete ? FINAL : INITIAL;
        NodeState n = nodeId == null ? null : live.node(nodeId);
        return n == null ? restState() : n.state();
    }

    /**
     * The state of the volume as a whole: the furthest state any node reached, or
     * {@link #restState()} when no node holds it (the X boxes without a volume or once deleted).
     */
    public VolumeState volumeState(VolumeLiveState live) {
        if (live == null || live.presence() != VolumeLiveState.Presence.PRESENT) return stateOn(live, null);
        VolumeState furthest = restState();
        for (NodeState n : live.nodes()) if (n.state().ordinal() > furthest.ordinal() && n.state() != FINAL) furthest = n.state();
        return furthest;
    }

    /**
     * Whether {@code t} may be taken now for the volume of {@code live} on {@code nodeId} (null for
     * a volume-wide call), and when not, the spec's reason: the RPC's error table where it names a
     * code (NodePublishVolume on a staging node before NodeStageVolume: FAILED_PRECONDITION), the
     * CO's obligation from the RPC's section otherwise ("the CO MUST guarantee...").
     */
    public Verdict verdict(Transition t, VolumeLiveState live, String nodeId) {
        Objects.requireNonNull(t, "t");
        VolumeLiveState.Presence presence = live == null ? VolumeLiveState.Presence.ABSENT : live.presence();
        String node = nodeId == null || nodeId.isEmpty() ? "the node" : nodeId;
        switch (t.call()) {
            case CREATE_VOLUME:
                return presence == VolumeLiveState.Presence.PRESENT
                        ? Verdict.illegal("The volume exists already. CreateVolume makes a new volume: clear the volume choice to start from the initial state.", "")
                        : Verdict.LEGAL;
            case DELETE_VOLUME:
                if (presence == VolumeLiveState.Presence.DELETED) {
                    return Verdict.illegal("The volume is deleted already; DeleteVolume would return OK and change nothing (spec, DeleteVolume: idempotent).", "");
                }
                if (presence == VolumeLiveState.Presence.ABSENT) return Verdict.illegal("No volume to delete.", "NOT_FOUND");
                List<String> inUse = new ArrayList<>();
                for (NodeState n : live.nodes()) {
                    if (n.state() != restState() && n.state() != FINAL) inUse.add(n.nodeId() + " (" + n.state().specName() + ")");
                }
                return inUse.isEmpty() ? Verdict.LEGAL : Verdict.illegal("Volume in use on " + String.join(", ", inUse)
                        + ": unpublish it from every node first (spec, DeleteVolume errors: volume in use).", "FAILED_PRECONDITION");
            default:
                break;
        }
        if (presence == VolumeLiveState.Presence.ABSENT) {
            return Verdict.illegal(createDelete ? "No volume yet: create one first (CreateVolume)." : "Choose a volume first.", "NOT_FOUND");
        }
        if (presence == VolumeLiveState.Presence.DELETED) {
            return Verdict.illegal("The volume does not exist any more (spec: volume does not exist).", "NOT_FOUND");
        }
        if (t.call() == VALIDATE_VOLUME_CAPABILITIES) return Verdict.LEGAL;
        VolumeState s = stateOn(live, nodeId);
        if (s == t.from()) return Verdict.LEGAL;
        NodeState ns = nodeId == null ? null : live.node(nodeId);
        String stagedAt = ns == null || ns.stagingTargetPath().isEmpty() ? "" : " at " + ns.stagingTargetPath();
        String publishedAt = ns == null || ns.targetPaths().isEmpty() ? "" : " at " + String.join(", ", ns.targetPaths());
        return switch (t.call()) {
            case CONTROLLER_PUBLISH_VOLUME -> Verdict.illegal("Already published to " + node
                    + "; ControllerPublishVolume is idempotent and would return the same publish_context.", "");
            case CONTROLLER_UNPUBLISH_VOLUME -> s == VOL_READY || s == PUBLISHED
                    ? Verdict.illegal("Still " + s.specName() + " on " + node + ": the CO MUST call NodeUnpublishVolume and NodeUnstageVolume"
                    + " on the node first (spec, ControllerUnpublishVolume).", "")
                    : Verdict.illegal("Not published to " + node + ": ControllerUnpublishVolume would return OK and change nothing.", "");
            case NODE_STAGE_VOLUME -> s == VOL_READY || s == PUBLISHED
                    ? Verdict.illegal("Already staged on " + node + stagedAt + " (NodeStageVolume is idempotent).", "")
                    : Verdict.illegal("Not published to " + node + " yet: the plugin advertises PUBLISH_UNPUBLISH_VOLUME, so the CO MUST call"
                    + " ControllerPublishVolume for the node first (spec, NodeStageVolume).", "");
            case NODE_PUBLISH_VOLUME -> nodePublishVerdict(s, node, publishedAt);
            case NODE_UNPUBLISH_VOLUME -> Verdict.illegal("Not published on " + node
                    + ": there is no target_path to unpublish (NodeUnpublishVolume would return OK and change nothing).", "");
            case NODE_UNSTAGE_VOLUME -> s == PUBLISHED
                    ? Verdict.illegal("Still published on " + node + publishedAt + ": the CO MUST call NodeUnpublishVolume for every"
                    + " target_path first (spec, NodeUnstageVolume).", "")
                    : Verdict.illegal("Not staged on " + node + ": nothing to unstage.", "");
            default -> Verdict.illegal("Not from " + s.specName() + ".", "");
        };
    }

    private Verdict nodePublishVerdict(VolumeState s, String node, String publishedAt) {
        if (s == PUBLISHED) {
            return Verdict.illegal("Already published on " + node + publishedAt + ": another target_path would be another publication in the same state.", "");
        }
        if (publishUnpublish && (s == CREATED || s == INITIAL)) {
            return Verdict.illegal("Not published to " + node + " yet: the plugin advertises PUBLISH_UNPUBLISH_VOLUME, so the CO MUST call"
                    + " ControllerPublishVolume for the node first (spec, NodePublishVolume).", "");
        }
        // Only a staging node gets here: the state is before VOL_READY.
        return Verdict.illegal("Staging target path not set: the node advertises STAGE_UNSTAGE_VOLUME, so NodeStageVolume MUST succeed on "
                + node + " first (spec, NodePublishVolume errors).", "FAILED_PRECONDITION");
    }

    private List<Transition> buildTransitions() {
        List<Transition> t = new ArrayList<>();
        VolumeState top = chain.get(0);
        if (createDelete) {
            t.add(new Transition(CREATE_VOLUME, INITIAL, CREATED));
        } else if (publishUnpublish) {
            t.add(new Transition(VALIDATE_VOLUME_CAPABILITIES, INITIAL, INITIAL));
            t.add(new Transition(CONTROLLER_PUBLISH_VOLUME, INITIAL, NODE_READY));
        } else {
            t.add(new Transition(down(top), INITIAL, top));
        }
        for (int i = 0; i + 1 < chain.size(); i++) {
            t.add(new Transition(down(chain.get(i + 1)), chain.get(i), chain.get(i + 1)));
            t.add(new Transition(up(chain.get(i + 1)), chain.get(i + 1), chain.get(i)));
        }
        if (createDelete) t.add(new Transition(DELETE_VOLUME, CREATED, FINAL));
        else if (publishUnpublish) t.add(new Transition(CONTROLLER_UNPUBLISH_VOLUME, NODE_READY, FINAL));
        else t.add(new Transition(up(top), top, FINAL));
        return t;
    }

    /** The call that reaches {@code s} from the state above it. */
    private static LifecycleCall down(VolumeState s) {
        return switch (s) {
            case NODE_READY -> CONTROLLER_PUBLISH_VOLUME;
            case VOL_READY -> NODE_STAGE_VOLUME;
            case PUBLISHED -> NODE_PUBLISH_VOLUME;
            default -> throw new IllegalArgumentException("nothing leads down to " + s);
        };
    }

    /** The call that leaves {@code s} for the state above it. */
    private static LifecycleCall up(VolumeState s) {
        return switch (s) {
            case NODE_READY -> CONTROLLER_UNPUBLISH_VOLUME;
            case VOL_READY -> NODE_UNSTAGE_VOLUME;
            case PUBLISHED -> NODE_UNPUBLISH_VOLUME;
            default -> throw new IllegalArgumentException("nothing leads up from " + s);
        };
    }
}
