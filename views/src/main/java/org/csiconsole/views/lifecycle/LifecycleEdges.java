package org.csiconsole.views.lifecycle;

import org.csiconsole.core.lifecycle.LifecycleCall;
import org.csiconsole.core.lifecycle.LifecycleReading;
import org.csiconsole.core.lifecycle.Transition;
import org.csiconsole.core.lifecycle.Verdict;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.volumes.VolumesViewModel;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The volume lifecycle's arrows as commands: each RPC runs the volumes view's own command for it
 * (the same form, confirmation, task and audit), enabled when the spec allows the transition from
 * the live state, the connection offers the command, and, for a node call, the node is the one
 * whose socket this connection has. ValidateVolumeCapabilities, figure 7's loop on the initial
 * state, runs the volumes view's read-only check: it moves no state.
 */
final class LifecycleEdges {
    private LifecycleEdges() {
    }

    /** The volumes view's command for {@code call}, or null when the console makes no such call as an action. */
    static ViewAction actionFor(VolumesViewModel engine, LifecycleCall call) {
        return switch (call) {
            case CREATE_VOLUME -> engine.createAction();
            case DELETE_VOLUME -> engine.deleteAction();
            case CONTROLLER_PUBLISH_VOLUME -> engine.publishAction();
            case CONTROLLER_UNPUBLISH_VOLUME -> engine.unpublishAction();
            case NODE_STAGE_VOLUME -> engine.nodeStageAction();
            case NODE_UNSTAGE_VOLUME -> engine.nodeUnstageAction();
            case NODE_PUBLISH_VOLUME -> engine.nodePublishAction();
            case NODE_UNPUBLISH_VOLUME -> engine.nodeUnpublishAction();
            case VALIDATE_VOLUME_CAPABILITIES -> engine.validateAction();
        };
    }

    /** Every command of the engine the arrows use, to follow their enabled state. */
    static List<ViewAction> actions(VolumesViewModel engine) {
        List<ViewAction> out = new ArrayList<>();
        for (LifecycleCall c : LifecycleCall.values()) {
            ViewAction a = actionFor(engine, c);
            if (a != null) out.add(a);
        }
        return out;
    }

    /** The command of each arrow of {@code reading}'s figure for {@code node}. */
    static Map<String, EdgeCommand> commands(LifecycleReading reading, VolumesViewModel engine, String node) {
        Map<String, EdgeCommand> out = new LinkedHashMap<>();
        String connected = reading.connectedNodeId();
        for (Transition t : reading.lifecycle().transitions()) {
            Verdict v = reading.lifecycle().verdict(t, reading.live(), node);
            ViewAction a = engine == null ? null : actionFor(engine, t.call());
            String reason;
            if (!v.legal()) {
                reason = v.describe();
            } else if (a == null) {
                reason = engine == null ? "Not connected." : t.call().rpc() + " is not offered as an action.";
            } else if (!t.call().controller() && !connected.isEmpty() && node != null && !node.isEmpty() && !node.equals(connected)) {
                reason = "Node calls go to the node plugin on " + node + "; this connection's node socket is on " + connected + ".";
            } else if (!a.enabled().get()) {
                reason = a.disabledReason().get();
            } else {
                reason = "";
            }
            out.put(t.id(), new EdgeCommand(t.id(), reason.isEmpty(), reason, a != null));
        }
        return out;
    }
}
