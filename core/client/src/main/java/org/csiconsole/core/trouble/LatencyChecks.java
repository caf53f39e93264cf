package org.csiconsole.core.trouble;

import org.csiconsole.core.model.Words;

import java.util.ArrayList;
import java.util.List;

import static org.csiconsole.core.trouble.Checks.OWN_RULE;
import static org.csiconsole.core.trouble.Checks.fail;
import static org.csiconsole.core.trouble.Checks.pass;
import static org.csiconsole.core.trouble.Checks.skipped;
import static org.csiconsole.core.trouble.Checks.warn;

/**
 * Latency per RPC against the probe's thresholds, and answers that did not arrive before the
 * deadline. The thresholds are the console's own rule of thumb (the spec sets none): sidecars use
 * deadlines of seconds, and a read that takes longer than its threshold makes every CO loop slow.
 */
final class LatencyChecks {
    private LatencyChecks() {
    }

    static void run(ProbeRun r) {
        List<RpcTiming> timings = r.calls.timings();
        if (timings.isEmpty()) {
            r.add(skipped("latency.thresholds", "Each RPC answers within its threshold", "no call was answered", OWN_RULE));
            r.add(skipped("latency.deadline", "Every answer arrives before the deadline", "no call was made", OWN_RULE));
            return;
        }
        int made = timings.stream().mapToInt(RpcTiming::calls).sum();
        // A failure's latency says nothing of how fast the driver answers: with no answer there is nothing to judge.
        String unanswered = r.calls.answered() > 0 ? ""
                : (made == 1 ? "the one call made was not answered" : "none of the " + made + " calls made was answered")
                + " (" + r.calls.firstFailure() + ")";
        List<String> slow = new ArrayList<>();
        List<String> late = new ArrayList<>();
        RpcTiming slowest = timings.get(0);
        for (RpcTiming t : timings) {
            if (t.slowest().compareTo(slowest.slowest()) > 0) slowest = t;
            if (t.slow()) slow.add(bare(t.method()) + " " + ms(t.slowest()) + " (threshold " + ms(t.threshold()) + ")");
            if (t.deadlineExceeded() > 0) late.add(bare(t.method()) + " " + t.deadlineExceeded() + " of " + Words.count(t.calls(), "call"));
        }
        if (!unanswered.isEmpty()) {
            r.add(skipped("latency.thresholds", "Each RPC answers within its threshold", unanswered, OWN_RULE));
        } else if (slow.isEmpty()) {
            r.add(pass("latency.thresholds", "Each RPC answers within its threshold", Words.count(timings.size(), "RPC") + "; slowest "
                    + bare(slowest.method()) + " " + ms(slowest.slowest()), OWN_RULE));
        } else {
            r.add(warn("latency.thresholds", "Each RPC answers within its threshold", String.join("; ", slow), OWN_RULE,
                    "Slow answers delay every CO loop (provisioning, attach, health) and make sidecars time out and retry. "
                            + "Check the storage backend's latency and the driver's logs for the slow calls"));
        }
        if (!late.isEmpty()) {
            r.add(fail("latency.deadline", "Every answer arrives before the deadline", String.join("; ", late) + " got no answer within "
                            + ms(r.options.deadline()), OWN_RULE,
                    "An answer after the deadline is lost: the CO sees DEADLINE_EXCEEDED and retries, possibly piling up "
                            + "work on the driver. Find out why the driver hangs (storage backend unreachable, a lock) in its logs"));
        } else if (!unanswered.isEmpty()) {
            r.add(skipped("latency.deadline", "Every answer arrives before the deadline", unanswered, OWN_RULE));
        } else {
            r.add(pass("latency.deadline", "Every answer arrives before the deadline", "no call exceeded " + ms(r.options.deadline()), OWN_RULE));
        }
    }

    static String bare(String method) {
        int slash = method.lastIndexOf('/');
        return slash < 0 ? method : method.substring(slash + 1);
    }

    static String ms(java.time.Duration d) {
        return Words.millis(d);
    }
}
