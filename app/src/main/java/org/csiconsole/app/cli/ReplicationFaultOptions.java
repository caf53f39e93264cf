package org.csiconsole.app.cli;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.replication.ReplicationContextKeys;
import org.csiconsole.core.replication.ReplicationFaults;
import picocli.CommandLine.Option;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * The replication faults {@code serve} starts with (the same ones a faults panel sets in demo
 * mode, {@link ReplicationFaults}): one pair's link down, split brain, an array error, a pair's sync
 * interval, and how long a resync takes. A pair is named by the volume or volume group id of either
 * side. Applied after the state is opened, before anything is served; a bad value is a usage error
 * (exit 2) naming the option.
 */
public final class ReplicationFaultOptions {
    @Option(names = "--pair-link-down", paramLabel = "ID",
            description = "Take the replication link of the pair of volume or volume group ID down (DEGRADED, sync frozen); repeatable.")
    List<String> linkDown = new ArrayList<>();

    @Option(names = "--split-brain", paramLabel = "ID",
            description = "Make both sides of the pair of ID primary (split brain, ERROR); repeatable.")
    List<String> splitBrain = new ArrayList<>();

    @Option(names = "--replication-error", paramLabel = "ID=MESSAGE",
            description = "An array-reported replication error on the pair of ID (ERROR with MESSAGE); repeatable.")
    List<String> errors = new ArrayList<>();

    @Option(names = "--sync-interval", paramLabel = "ID=DURATION",
            description = "The sync interval of the pair of ID: 30s, 5m, 1h; repeatable.")
    List<String> intervals = new ArrayList<>();

    @Option(names = "--resync-duration", paramLabel = "DURATION",
            description = "How long a resync takes (30s, 2m); its progress shows in the status message. Default 2m.")
    String resyncDuration;

    /**
     * Applies every option to {@code faults}.
     *
     * @throws IllegalArgumentException naming the option and what to fix, for an unreadable value or a pair the model refuses
     */
    void apply(ReplicationFaults faults) {
        for (String id : linkDown) run("--pair-link-down " + id, faults.linkDown(id, true));
        for (String id : splitBrain) run("--split-brain " + id, faults.splitBrain(id));
        for (String spec : errors) {
            int eq = spec.indexOf('=');
            if (eq <= 0) throw new IllegalArgumentException("--replication-error " + spec + " must be ID=MESSAGE.");
            run("--replication-error " + spec, faults.arrayError(spec.substring(0, eq), spec.substring(eq + 1)));
        }
        for (String spec : intervals) {
            int eq = spec.indexOf('=');
            Duration d = eq <= 0 ? null : ReplicationContextKeys.parseInterval(spec.substring(eq + 1));
            if (d == null) throw new IllegalArgumentException("--sync-interval " + spec + " must be ID=DURATION, e.g. vol-00000001=30s.");
            run("--sync-interval " + spec, faults.schedulingInterval(spec.substring(0, eq), d));
        }
        if (resyncDuration != null) {
            Duration d = ReplicationContextKeys.parseInterval(resyncDuration);
            if (d == null) throw new IllegalArgumentException("--resync-duration " + resyncDuration + " must be a duration such as 30s or 2m.");
            run("--resync-duration " + resyncDuration, faults.resyncDuration(d));
        }
    }

    private static void run(String option, CompletableFuture<Void> change) {
        try {
            change.join();
        } catch (CompletionException e) {
            CallFailure f = CallFailure.unwrap(e);
            throw new IllegalArgumentException(option + ": " + (f != null ? f.why() : e.getCause().getMessage()), e);
        }
    }
}
