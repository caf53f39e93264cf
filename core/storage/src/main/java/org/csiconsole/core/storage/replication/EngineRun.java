package org.csiconsole.core.storage.replication;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.port.SourceFailure;
import org.csiconsole.core.replication.HistoryOperation;
import org.csiconsole.core.replication.ItemResult;
import org.csiconsole.core.replication.PlanItem;
import org.csiconsole.core.replication.PreflightCheck;
import org.csiconsole.core.replication.ReplicationFailures;
import org.csiconsole.core.replication.ReplicationHistory;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.replication.RunOutcome;
import org.csiconsole.core.replication.WorkflowEvent;
import org.csiconsole.core.replication.WorkflowPlan;
import org.csiconsole.core.replication.WorkflowResult;
import org.csiconsole.core.replication.WorkflowRun;
import org.csiconsole.core.replication.WorkflowStep;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * One run of a plan: live checks, then the items with bounded concurrency, each item's steps in
 * order until one fails or a stop is requested; every event to the listener and kept.
 */
final class EngineRun implements WorkflowRun {
    private static final Logger LOG = LoggerFactory.getLogger(EngineRun.class);

    private final WorkflowPlan plan;
    private final Consumer<WorkflowEvent> listener;
    private final Clock clock;
    private final ReplicationHistory history;
    private final Set<ReplicationSource> busy;
    private final List<WorkflowEvent> events = new CopyOnWriteArrayList<>();
    private final CompletableFuture<WorkflowResult> result = new CompletableFuture<>();
    private final StepExecutor executor;
    private volatile boolean stop;

    /** Where the audit learns which calls are a workflow's steps. */
    private final org.csiconsole.core.audit.OverrideMarks marks;

    EngineRun(WorkflowPlan plan, Consumer<WorkflowEvent> listener, Clock clock, ReplicationHistory history, Set<ReplicationSource> busy,
              org.csiconsole.core.audit.OverrideMarks marks) {
        this.marks = marks;
        this.plan = plan;
        this.listener = listener;
        this.clock = clock;
        this.history = history;
        this.busy = busy;
        this.executor = new StepExecutor(plan.request(), clock, () -> stop);
    }

    /** The live checks the run started on; the audit's words say from them whether site A answered. */
    private volatile List<PreflightCheck> checks = List.of();

    void start(CompletableFuture<List<PreflightCheck>> live) {
        live.whenComplete((cs, e) -> {
            List<PreflightCheck> list = e == null ? cs : List.of(PreflightCheck.fail("Checks", "The checks could not run: "
                    + SourceFailure.of("checks", e).describe(), null));
            checks = list;
            for (PreflightCheck c : list) emit(WorkflowEvent.Type.CHECK, c.source(), 0, c.level() + " " + c.name() + ": " + c.message(), -1);
            if (list.stream().anyMatch(c -> c.level() == PreflightCheck.Grade.FAIL)) {
                emit(WorkflowEvent.Type.REFUSED, null, 0, "A check failed; nothing was sent.", -1);
                List<ItemResult> refused = plan.items().stream().map(i -> new ItemResult(i, RunOutcome.REFUSED, 0, null,
                        "Nothing was sent: a pre-flight check failed.")).toList();
                finish(new WorkflowResult(plan, RunOutcome.REFUSED, refused, list));
                return;
            }
            if (!claim()) {
                List<ItemResult> refused = plan.items().stream().map(i -> new ItemResult(i, RunOutcome.REFUSED, 0, null,
                        "Nothing was sent: another workflow acts on it.")).toList();
                emit(WorkflowEvent.Type.REFUSED, null, 0, "Another workflow acts on these volumes; nothing was sent.", -1);
                finish(new WorkflowResult(plan, RunOutcome.REFUSED, refused, list));
                return;
            }
            Bounded.map(plan.items(), plan.request().options().concurrency(), this::runItem).whenComplete((items, x) -> {
                release();
                if (x != null) {
                    LOG.error("A replication workflow failed unexpectedly", x);
                    items = plan.items().stream().map(i -> new ItemResult(i, RunOutcome.FAILED, 0,
                            SourceFailure.of(i.source().toString(), x).failure(), "Unknown: the run failed unexpectedly.")).toList();
                }
                finish(new WorkflowResult(plan, outcome(items), items, list));
            });
        });
    }

    /** Marks every source of the plan busy, or none when one already is. */
    private boolean claim() {
        synchronized (busy) {
            List<ReplicationSource> mine = sources();
            if (mine.stream().anyMatch(busy::contains)) return false;
            busy.addAll(mine);
            return true;
        }
    }

    private void release() {
        synchronized (busy) {
            sources().forEach(busy::remove);
        }
    }

    private List<ReplicationSource> sources() {
        List<ReplicationSource> out = new ArrayList<>();
        for (PlanItem i : plan.items()) {
            out.add(i.source());
            if (i.partner() != null) out.add(i.partner());
        }
        return out;
    }

    private void finish(WorkflowResult r) {
        emit(WorkflowEvent.Type.FINISHED, null, 0, plan.kind().words() + ": " + r.outcome() + " (" + r.succeeded().size() + " of "
                + r.items().size() + " succeeded).", -1);
        result.complete(r);
    }

    private static RunOutcome outcome(List<ItemResult> items) {
        long ok = items.stream().filter(i -> i.outcome() == RunOutcome.SUCCEEDED).count();
        if (ok == items.size()) return RunOutcome.SUCCEEDED;
        if (items.stream().allMatch(i -> i.outcome() == RunOutcome.STOPPED)) return RunOutcome.STOPPED;
        if (ok == 0 && items.stream().allMatch(i -> i.outcome() == RunOutcome.FAILED)) return RunOutcome.FAILED;
        return RunOutcome.PARTIAL;
    }

    private CompletableFuture<ItemResult> runItem(PlanItem item) {
        CompletableFuture<ItemResult> out = new CompletableFuture<>();
        next(item, 0, out);
        return out;
    }

    private void next(PlanItem item, int done, CompletableFuture<ItemResult> out) {
        if (done == item.steps().size()) {
            emit(WorkflowEvent.Type.ITEM_SUCCEEDED, item.source(), 0, StateLeft.describe(plan.request(), item, done), 100);
            out.complete(new ItemResult(item, RunOutcome.SUCCEEDED, done, null, StateLeft.describe(plan.request(), item, done)));
            return;
        }
        if (stop) {
            stopped(item, done, out);
            return;
        }
        WorkflowStep step = item.steps().get(done);
        emit(WorkflowEvent.Type.STEP_STARTED, item.source(), step.index(), step.description(), -1);
        CompletableFuture<Void> f;
        AutoCloseable marked = markStep(item, step);
        try {
            f = executor.run(step, item, (pct, msg) -> emit(WorkflowEvent.Type.STEP_PROGRESS, item.source(), step.index(), msg, pct));
        } catch (RuntimeException e) {
            f = CompletableFuture.failedFuture(e);
        }
        f.whenComplete((x, e) -> {
            close(marked);
            if (e == null) {
                emit(WorkflowEvent.Type.STEP_SUCCEEDED, item.source(), step.index(), step.description(), 100);
                remember(step, org.csiconsole.core.replication.RunOutcome.SUCCEEDED, "");
                next(item, done + 1, out);
                return;
            }
            if (unwrapStopped(e)) {
                stopped(item, done, out);
                return;
            }
            CallFailure failure = ReplicationFailures.explain(SourceFailure.of(item.source().toString(), e).failure(), step.action(), step.target());
            emit(WorkflowEvent.Type.STEP_FAILED, item.source(), step.index(), failure.getMessage() + " " + failure.whatToDo(), -1);
            remember(step, RunOutcome.FAILED, failure.getMessage());
            String left = StateLeft.describe(plan.request(), item, done);
            emit(WorkflowEvent.Type.ITEM_FAILED, item.source(), step.index(), left, -1);
            out.complete(new ItemResult(item, RunOutcome.FAILED, done, failure, left));
        });
    }

    /**
     * Tells the audit that the calls of {@code step} are a step of this two-site workflow, until it ends: the
     * workflow in words (for split-brain recovery, the survivor and the discarded side). Only a call that carries
     * {@code force=true} is marked forced, by the call itself. A one-site operation and a wait are calls on their own.
     */
    private AutoCloseable markStep(PlanItem item, WorkflowStep step) {
        if (!step.action().mutating()) return () -> { };
        if (!plan.kind().twoSites()) {
            // a one-site call sent with force is recorded as forced in words too, not only in its parameters
            if (!step.force() || step.target() == null) return () -> { };
            return marks.step(List.of(step.target().id()), plan.kind().words() + " with force: " + step.site() + " ("
                    + step.target().id() + ")");
        }
        List<String> ids = step.target() != null ? List.of(step.target().id())
                : plan.request().options().fence() == null ? List.of()
                : plan.request().options().fence().cidrs().stream().map(org.csiconsole.core.model.Cidr::text).toList();
        return marks.step(ids, words(item));
    }

    /** This workflow on {@code item} in words, as its audit records name it. */
    private String words(PlanItem item) {
        String a = plan.request().siteA().name();
        String b = plan.request().siteB().name();
        String pa = a + " (" + item.source().id() + ")";
        String pb = b + (item.partner() == null ? "" : " (" + item.partner().id() + ")");
        if (plan.kind() == org.csiconsole.core.replication.WorkflowKind.UNPLANNED_FAILOVER) {
            // the words an unfence later reads back to find the pair its fence protected
            return org.csiconsole.core.risk.FailoverFence.words(a, item.source().id(),
                    org.csiconsole.core.replication.SiteAnswers.answered(checks, a, item.source()), b,
                    item.partner() == null ? "" : item.partner().id());
        }
        return plan.kind().words() + ": " + switch (plan.kind()) {
            case SPLIT_BRAIN_RECOVERY -> "survivor " + pa + ", discarded " + pb;
            case FAILBACK -> pa + " back from " + pb;
            default -> pa + " to " + pb;
        };
    }

    private static void close(AutoCloseable marked) {
        try {
            marked.close();
        } catch (Exception e) {
            throw new IllegalStateException(e);
        }
    }

    private void stopped(PlanItem item, int done, CompletableFuture<ItemResult> out) {
        String left = StateLeft.describe(plan.request(), item, done);
        String message = "Stopped before step " + (done + 1) + ". " + left;
        emit(WorkflowEvent.Type.ITEM_STOPPED, item.source(), done, message, -1);
        auditStop(item, done, message).whenComplete((x, e) -> {
            if (e != null) LOG.warn("The stop of a workflow was not audited: {}", e.getMessage());
            out.complete(new ItemResult(item, RunOutcome.STOPPED, done, null, left));
        });
    }

    /**
     * Records in the audit log that the person stopped this workflow on {@code item} before step {@code done + 1} of its
     * steps (that step not sent), with what the steps before left: an entry that is no call (protocol {@code workflow},
     * outcome CANCELLED, code {@code STOPPED}), in the workflow's words, naming the item's volumes. A one-site operation
     * is recorded by its calls alone.
     */
    private CompletableFuture<Void> auditStop(PlanItem item, int done, String message) {
        if (!plan.kind().twoSites()) return CompletableFuture.completedFuture(null);
        List<String> ids = new ArrayList<>();
        ids.add(item.source().id());
        if (item.partner() != null) ids.add(item.partner().id());
        org.csiconsole.core.audit.AuditRecord r = new org.csiconsole.core.audit.AuditRecord(clock.instant(),
                org.csiconsole.core.audit.AuditOrigin.local(filedUnder(plan.request().siteA(), plan.request().siteB())), "", "workflow", plan.kind().words() + ": stopped at step " + (done + 1)
                + " of " + item.steps().size(), java.util.Map.of(item.source().group() ? "volume_group_id" : "volume_id", ids), "",
                org.csiconsole.core.audit.AuditOutcome.CANCELLED, "STOPPED", "Stopped by the person running it. " + message, 0,
                java.util.UUID.randomUUID().toString(), 0, false, false, words(item));
        return marks.note(r);
    }

    /**
     * The connection a stop of a workflow between {@code a} and {@code b} is filed under in the audit log: their one
     * connection when both sites are reached through it (one driver serving both), else both sites' names.
     */
    static String filedUnder(org.csiconsole.core.replication.ReplicationSite a, org.csiconsole.core.replication.ReplicationSite b) {
        if (!a.connection().isEmpty() && a.connection().equals(b.connection())) return a.connection();
        return a.name() + ", " + b.name();
    }

    private static boolean unwrapStopped(Throwable e) {
        for (Throwable c = e; c != null; c = c.getCause()) if (c instanceof Polling.Stopped) return true;
        return false;
    }

    private void remember(WorkflowStep step, RunOutcome outcome, String message) {
        if (history == null || !step.action().mutating() || step.target() == null) return;
        history.record(new HistoryOperation(clock.instant(), step.site(), step.target(), plan.kind(), step.action(), step.force(), outcome, message))
                .exceptionally(e -> {
                    LOG.warn("Replication history: operation not written: {}", e.getMessage());
                    return null;
                });
    }

    private void emit(WorkflowEvent.Type type, ReplicationSource source, int step, String message, int percent) {
        WorkflowEvent e = new WorkflowEvent(clock.instant(), type, source, step, message, percent);
        events.add(e);
        try {
            listener.accept(e);
        } catch (RuntimeException x) {
            LOG.warn("A workflow event listener failed", x);
        }
    }

    @Override
    public WorkflowPlan plan() {
        return plan;
    }

    @Override
    public CompletableFuture<WorkflowResult> result() {
        return result;
    }

    @Override
    public void stop() {
        stop = true;
    }

    @Override
    public boolean stopRequested() {
        return stop;
    }

    @Override
    public List<WorkflowEvent> events() {
        return List.copyOf(events);
    }
}
