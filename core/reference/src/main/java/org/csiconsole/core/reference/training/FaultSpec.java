package org.csiconsole.core.reference.training;

import io.grpc.Status;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.array.ReplicationStatus;
import org.csiconsole.core.reference.array.VolumeRecord;

/**
 * A scenario fault and when it fires (docs/training-schema.md, "Faults"), applied through the
 * plugin's own fault machinery ({@link org.csiconsole.core.reference.fault.Faults}) and model.
 *
 * @param trigger when: at the start (and after every reset), after a step passed, some time after the
 *     start, or on the first served call of a method
 * @param triggerArg the step id, duration text or method name of the trigger; empty for the start
 * @param delay for {@link Trigger#AFTER}, the time after the start
 * @param action what happens
 * @param target the action's object (a name, a site, {@code all}) or RPC
 * @param code the gRPC status code of an {@code error} action
 * @param times how many calls an {@code error} fails (0: every call)
 * @param latency an added latency
 * @param message the message of an {@code array_error} or {@code volume_condition}
 */
record FaultSpec(Trigger trigger, String triggerArg, Duration delay, Action action, String target, Status.Code code, int times,
                 Duration latency, String message) {
    enum Trigger { START, AFTER_STEP, AFTER, ON_CALL }

    enum Action { LINK_DOWN, LINK_UP, SITE_DOWN, NODE_DOWN, LATENCY, ERROR, SPLIT_BRAIN, ARRAY_ERROR, VOLUME_CONDITION }

    static final List<String> KEYS = List.of("at", "after_step", "after", "on_call", "link_down", "link_up", "site_down",
            "node_down", "latency", "error", "split_brain", "array_error", "volume_condition");

    private static final List<String> NODE_RPCS = List.of("NodeStageVolume", "NodeUnstageVolume", "NodePublishVolume",
            "NodeUnpublishVolume", "NodeGetVolumeStats", "NodeExpandVolume");

    /** What the fault does, in words (shown to a trainer, not to the trainee). */
    String describe() {
        String what = switch (action) {
            case LINK_DOWN -> "replication link down for " + target;
            case LINK_UP -> "replication link up for " + target;
            case SITE_DOWN -> "site " + target + " lost";
            case NODE_DOWN -> "the node down (Node calls fail UNAVAILABLE)";
            case LATENCY -> latency.toMillis() + " ms latency on " + target;
            case ERROR -> code + " on " + (times == 0 ? "every" : "the next " + (times == 1 ? "" : times + " ")) + target
                    + (times == 1 ? "" : " calls");
            case SPLIT_BRAIN -> "split brain of " + target;
            case ARRAY_ERROR -> "array error on the pair of " + target + ": " + message;
            case VOLUME_CONDITION -> target + " abnormal: " + message;
        };
        String when = switch (trigger) {
            case START -> "at the start";
            case AFTER_STEP -> "after step " + triggerArg;
            case AFTER -> Conditions.human(delay) + " after the start";
            case ON_CALL -> "on the first " + triggerArg;
        };
        return what + ", " + when;
    }

    /**
     * Applies the fault to the running plugin.
     *
     * @throws IllegalStateException when it names an object the plugin does not have (the message says which)
     */
    void apply(ReferencePlugin plugin, Facts facts) {
        var faults = plugin.faults();
        switch (action) {
            case LINK_DOWN, LINK_UP -> faults.replicationLinkDown(target.equals("all") ? null : require(facts, target), action == Action.LINK_DOWN);
            case SITE_DOWN -> {
                faults.siteDown(target, true);
                for (ReplicationStatus s : plugin.model().replications().all()) {
                    if (s.array().equals(target) || s.peerArray().equals(target)) faults.replicationLinkDown(s.id(), true);
                }
                for (VolumeRecord v : plugin.model().volumes().all()) {
                    if (v.array().equals(target)) {
                        plugin.model().volumes().setCondition(v.id(), true, "Array " + target
                                + " does not answer: the site is lost. Its data is only what was last replicated.");
                    }
                }
                facts.siteLostAtMs.put(target, plugin.model().nowMs());
            }
            case NODE_DOWN -> NODE_RPCS.forEach(rpc -> faults.failWithProbability(rpc, Status.Code.UNAVAILABLE, 1.0));
            case LATENCY -> faults.latency(target, latency);
            case ERROR -> {
                if (times == 0) {
                    faults.failWithProbability(target, code, 1.0);
                } else {
                    faults.failTimes(target, code, times);
                }
            }
            case SPLIT_BRAIN -> faults.splitBrain(require(facts, target));
            case ARRAY_ERROR -> plugin.model().replications().setReplicationError(require(facts, target), message);
            case VOLUME_CONDITION -> plugin.model().volumes().setCondition(require(facts, target), true, message);
        }
    }

    private static String require(Facts f, String name) {
        return f.idOf(name).orElseThrow(() -> new IllegalStateException("The fault names " + name
                + ", which is no volume or volume group of the scenario."));
    }

    static FaultSpec read(Yaml.Value v, java.util.Set<String> stepIds) {
        Yaml.Fields f = v.fields(KEYS);
        Trigger trigger = null;
        String arg = "";
        Duration delay = Duration.ZERO;
        int triggers = 0;
        if (f.get("at").isPresent()) {
            triggers++;
            trigger = Trigger.START;
            String at = f.get("at").get().text();
            if (at != null && !at.equals("start")) f.get("at").get().problem("'at' takes 'start'; for later, use after_step, after or on_call.");
        }
        if (f.get("after_step").isPresent()) {
            triggers++;
            trigger = Trigger.AFTER_STEP;
            arg = f.get("after_step").get().text();
            if (arg != null && !stepIds.contains(arg)) {
                f.get("after_step").get().problem("there is no step '" + arg + "'; steps are " + String.join(", ", stepIds) + ".");
            }
        }
        if (f.get("after").isPresent()) {
            triggers++;
            trigger = Trigger.AFTER;
            delay = f.duration("after");
            arg = f.get("after").get().text();
        }
        if (f.get("on_call").isPresent()) {
            triggers++;
            trigger = Trigger.ON_CALL;
            arg = f.get("on_call").get().text();
        }
        if (triggers != 1) {
            v.problem("a fault has one trigger: 'at: start', 'after_step: STEP', 'after: 90s' or 'on_call: METHOD'.");
            return null;
        }
        List<String> actions = f.keys().stream().filter(k -> !List.of("at", "after_step", "after", "on_call").contains(k)).toList();
        if (actions.size() != 1) {
            v.problem("a fault does one thing: link_down, link_up, site_down, node_down, latency, error, split_brain, "
                    + "array_error or volume_condition.");
            return null;
        }
        String a = actions.get(0);
        Yaml.Value av = f.get(a).get();
        Action action = Action.valueOf(a.toUpperCase(Locale.ROOT));
        String target = "";
        Status.Code code = null;
        int times = 0;
        Duration latency = Duration.ZERO;
        String message = "";
        switch (action) {
            case LINK_DOWN, LINK_UP, SITE_DOWN, SPLIT_BRAIN -> target = av.text();
            case NODE_DOWN -> {
                Boolean b = Yaml.bool(av);
                if (Boolean.FALSE.equals(b)) av.problem("node_down takes true (the scenario's node goes down).");
            }
            case LATENCY -> {
                Yaml.Fields l = av.fields(List.of("rpc", "ms"));
                target = l.string("rpc", "the method to slow down, e.g. NodeStageVolume");
                Integer ms = l.integer("ms", 1, 600_000);
                if (l.get("ms").isEmpty()) l.require("ms", "the added latency in milliseconds");
                latency = ms == null ? null : Duration.ofMillis(ms);
            }
            case ERROR -> {
                Yaml.Fields e = av.fields(List.of("rpc", "code", "times"));
                target = e.string("rpc", "the method that fails, e.g. NodeStageVolume");
                String c = e.string("code", "the gRPC status code, e.g. INTERNAL");
                if (c != null) {
                    try {
                        code = Status.Code.valueOf(c.toUpperCase(Locale.ROOT));
                    } catch (IllegalArgumentException ex) {
                        e.get("code").get().problem("'" + c + "' is not a gRPC status code such as INTERNAL, UNAVAILABLE or DEADLINE_EXCEEDED.");
                    }
                }
                Integer t = e.integer("times", 0, 1000);
                times = t == null ? 1 : t;
            }
            case ARRAY_ERROR, VOLUME_CONDITION -> {
                Yaml.Fields e = av.fields(List.of(action == Action.ARRAY_ERROR ? "of" : "volume", "message"));
                target = e.string(action == Action.ARRAY_ERROR ? "of" : "volume", "the name of the volume or volume group");
                message = e.string("message", "the message the array reports");
            }
        }
        if (trigger == Trigger.AFTER && delay == null) return null;
        if (target == null || latency == null || message == null || (action == Action.ERROR && code == null)) return null;
        return new FaultSpec(trigger, arg == null ? "" : arg, delay, action, target, code, times, latency, message);
    }
}
