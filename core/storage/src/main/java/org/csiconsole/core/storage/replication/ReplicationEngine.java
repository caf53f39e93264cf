package org.csiconsole.core.storage.replication;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.replication.PreflightCheck;
import org.csiconsole.core.replication.ReplicationHistory;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.replication.ReplicationWorkflows;
import org.csiconsole.core.replication.RpoThresholds;
import org.csiconsole.core.replication.WorkflowEvent;
import org.csiconsole.core.replication.WorkflowPlan;
import org.csiconsole.core.replication.WorkflowRequest;
import org.csiconsole.core.replication.WorkflowRun;

import java.time.Clock;
import java.util.HashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

/**
 * The replication workflow engine ({@link ReplicationWorkflows}) the GUI and the command line share.
 * One engine per console: it knows which sources its runs act on, so a second run on the same
 * volume is refused ("no operation pending"). Planning ({@link WorkflowPlanner}) sends nothing; a
 * run ({@link EngineRun}) checks live ({@link Preflight}), then sends the steps ({@link StepExecutor}).
 */
public final class ReplicationEngine implements ReplicationWorkflows {
    private final Clock clock;
    private final ReplicationHistory history;
    private final Set<ReplicationSource> busy = new HashSet<>();
    private final WorkflowPlanner planner;
    private final Preflight preflight;
    private final org.csiconsole.core.audit.OverrideMarks marks;

    /**
     * @param clock time of events, demotes and checks
     * @param thresholds how the checks judge RPO age
     * @param history where operations are recorded, or null
     */
    public ReplicationEngine(Clock clock, RpoThresholds thresholds, ReplicationHistory history) {
        this(clock, thresholds, history, new org.csiconsole.core.audit.OverrideMarks());
    }

    /**
     * As above, each step of a two-site workflow announced to {@code marks} while it runs, so that the audit
     * sink writing through them records its calls as that workflow's ({@link org.csiconsole.core.audit.OverrideMarks#step}).
     */
    public ReplicationEngine(Clock clock, RpoThresholds thresholds, ReplicationHistory history, org.csiconsole.core.audit.OverrideMarks marks) {
        this.marks = Objects.requireNonNull(marks, "marks");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.history = history;
        this.planner = new WorkflowPlanner(clock, thresholds, this::busy);
        this.preflight = new Preflight(clock, thresholds, this::busy);
    }

    /** The system clock, default thresholds, no history. */
    public ReplicationEngine() {
        this(Clock.systemUTC(), RpoThresholds.DEFAULT, null);
    }

    @Override
    public WorkflowPlan plan(WorkflowRequest request) {
        if (request.kind().twoSites() && request.siteA().name().equals(request.siteB().name())) {
            throw new CallFailure(FailureKind.INVALID_ARGUMENT, "Plan " + request.kind().words().toLowerCase(),
                    "site A and site B are both named " + request.siteA().name(), "Give the two sites different names.", "");
        }
        return planner.plan(request);
    }

    @Override
    public CompletableFuture<List<PreflightCheck>> preflight(WorkflowPlan plan) {
        return preflight.run(plan);
    }

    @Override
    public WorkflowRun run(WorkflowPlan plan, Consumer<WorkflowEvent> listener) {
        EngineRun run = new EngineRun(plan, Objects.requireNonNull(listener, "listener"), clock, history, busy, marks);
        run.start(preflight.run(plan));
        return run;
    }

    @Override
    public boolean busy(ReplicationSource source) {
        synchronized (busy) {
            return busy.contains(source);
        }
    }
}
