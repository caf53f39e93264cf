package org.csiconsole.views.replication;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.model.Cidr;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.port.FenceRequest;
import org.csiconsole.core.replication.ForceConfirmation;
import org.csiconsole.core.replication.ItemResult;
import org.csiconsole.core.replication.PlanItem;
import org.csiconsole.core.replication.PreflightCheck;
import org.csiconsole.core.replication.ReplicationAction;
import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.replication.ReplicationWorkflows;
import org.csiconsole.core.replication.RpoThresholds;
import org.csiconsole.core.replication.RunOutcome;
import org.csiconsole.core.replication.WorkflowEvent;
import org.csiconsole.core.replication.WorkflowItem;
import org.csiconsole.core.replication.WorkflowKind;
import org.csiconsole.core.replication.WorkflowOptions;
import org.csiconsole.core.replication.WorkflowPlan;
import org.csiconsole.core.replication.WorkflowRequest;
import org.csiconsole.core.replication.WorkflowResult;
import org.csiconsole.core.replication.WorkflowRun;
import org.csiconsole.core.replication.WorkflowStep;

import java.time.Clock;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * A guided workflow (planned or unplanned failover, failback, split-brain recovery) as its wizard
 * shows it: the two sites and which is which, the pairs, the options (fence, the survivor), force
 * confirmations typed per item for an unplanned failover, the pre-flight checks, the step list with
 * live progress from the engine's events, a dry run listing the exact calls (secrets redacted)
 * that sends nothing, and a stop between steps that says what state each item was left in.
 *
 * <p>Site A and site B are the engine's ({@link WorkflowRequest}): for a failover A is the primary
 * now and B the new primary; for a failback A is the old primary that becomes primary again; for
 * split-brain recovery A is the survivor whose data is kept. {@link #swap()} exchanges them.
 * UI thread only; engine events are handed to {@code ui}.
 */
public final class WorkflowWizardModel {
    /** Where the wizard is. */
    public enum Phase { READY, CHECKING, RUNNING, FINISHED }

    private final WorkflowKind kind;
    private final ReplicationWorkflows engine;
    private final Executor ui;
    private final Clock clock;
    private final RpoThresholds thresholds;
    private final List<PairRow> pairs;
    private final ObjectProperty<SiteChoice> siteA = new SimpleObjectProperty<>(this, "siteA");
    private final ObjectProperty<SiteChoice> siteB = new SimpleObjectProperty<>(this, "siteB");
    private final ObservableList<WizardItem> items = FXCollections.observableArrayList();
    private final Map<ReplicationSource, StringProperty> typed = new LinkedHashMap<>();
    private final StringProperty fenceCidrs = new SimpleStringProperty(this, "fenceCidrs", "");
    private final ObservableList<PreflightCheck> checks = FXCollections.observableArrayList();
    private final ObservableList<StepRow> steps = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper calls = new ReadOnlyStringWrapper(this, "calls", "");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyObjectWrapper<Phase> phase = new ReadOnlyObjectWrapper<>(this, "phase", Phase.READY);
    private final ReadOnlyObjectWrapper<WorkflowResult> result = new ReadOnlyObjectWrapper<>(this, "result");
    private final ReadOnlyObjectWrapper<WorkflowPlan> plan = new ReadOnlyObjectWrapper<>(this, "plan");
    private final Map<ReplicationSource, List<StepRow>> stepsBySource = new HashMap<>();
    private final javafx.beans.property.BooleanProperty stopping = new javafx.beans.property.SimpleBooleanProperty(this, "stopping");
    private WorkflowRun run;
    /** Counts the re-plans, so a pre-flight answer of an older plan is dropped. */
    private long planned;

    /**
     * @param kind a two-site workflow
     * @param pairs the pairs to act on (from the site pairs of site A and site B), at least one
     * @param engine the workflow engine
     * @param ui the UI executor
     */
    public WorkflowWizardModel(WorkflowKind kind, List<PairRow> pairs, ReplicationWorkflows engine, RpoThresholds thresholds,
                               Executor ui, Clock clock) {
        if (!kind.twoSites()) throw new IllegalArgumentException(kind.words() + " is not a guided workflow");
        if (pairs.isEmpty()) throw new IllegalArgumentException("a workflow needs at least one pair");
        this.kind = kind;
        this.pairs = List.copyOf(pairs);
        this.engine = Objects.requireNonNull(engine);
        this.thresholds = Objects.requireNonNull(thresholds);
        this.ui = Objects.requireNonNull(ui);
        this.clock = Objects.requireNonNull(clock);
        PairRow first = pairs.get(0);
        boolean swap = switch (kind) {
            // A is the primary now: swap when only B's side is primary.
            case PLANNED_FAILOVER, UNPLANNED_FAILOVER -> primary(first.sideB()) && !primary(first.sideA());
            // A is the old primary, not primary now: swap when only A's side is primary.
            case FAILBACK -> primary(first.sideA()) && !primary(first.sideB());
            // A is the survivor: by default the side with the later last sync.
            default -> later(first.sideB(), first.sideA());
        };
        siteA.set(swap ? first.b() : first.a());
        siteB.set(swap ? first.a() : first.b());
        orient();
        fenceCidrs.addListener((o, a, b) -> replan());
    }

    private static boolean primary(ReplicationSample s) {
        return s != null && s.role() == VolumeReplicationRole.PRIMARY;
    }

    private static boolean later(ReplicationSample x, ReplicationSample y) {
        Instant tx = x == null ? null : x.lastSyncTime();
        Instant ty = y == null ? null : y.lastSyncTime();
        return tx != null && (ty == null || tx.isAfter(ty));
    }

    // ---- state

    public WorkflowKind kind() {
        return kind;
    }

    /** The engine's site A (see the class comment for what it is per workflow). */
    public ReadOnlyObjectProperty<SiteChoice> siteAProperty() {
        return siteA;
    }

    public ReadOnlyObjectProperty<SiteChoice> siteBProperty() {
        return siteB;
    }

    /** What site A is in this workflow, e.g. {@code "Primary now"}, {@code "Survivor: its data is kept"}. */
    public String roleOfA() {
        return switch (kind) {
            case PLANNED_FAILOVER, UNPLANNED_FAILOVER -> "Primary now";
            case FAILBACK -> "Old primary: becomes primary again";
            default -> "Survivor: its data is kept";
        };
    }

    /** What site B is in this workflow. */
    public String roleOfB() {
        return switch (kind) {
            case PLANNED_FAILOVER -> "Becomes primary";
            case UNPLANNED_FAILOVER -> "Force-promoted: becomes primary";
            case FAILBACK -> "Primary now: becomes secondary";
            default -> "Demoted and resynced: its changes since the split are discarded";
        };
    }

    /** What the workflow does, in two or three sentences. */
    public String description() {
        return switch (kind) {
            case PLANNED_FAILOVER -> "Moves the primary role from site A to site B without losing data: demotes each volume "
                    + "on A, waits for a final sync (a last_sync_time later than the demote), then promotes its partner on B.";
            case UNPLANNED_FAILOVER -> "Site A is lost: optionally fences site A's clients, then force-promotes each partner "
                    + "on B. Writes to A after its last sync are lost; each item states that window and needs its name typed.";
            case FAILBACK -> "Returns the primary role to site A: demotes and resyncs the old primary on A from B, waits until "
                    + "the pair is healthy, then fails over from B back to A as a planned failover.";
            default -> "Both sides are primary. Keeps the survivor's data (site A), demotes the other side (site B) and "
                    + "resyncs it from the survivor, then waits until the pair is healthy. What B wrote since the split is discarded.";
        };
    }

    /** The pairs, oriented from site A to site B. */
    public ObservableList<WizardItem> items() {
        return items;
    }

    /** For an unplanned failover: what the person types to confirm force on the item whose B side is {@code source}. */
    public StringProperty typedProperty(ReplicationSource source) {
        return typed.computeIfAbsent(source, s -> {
            StringProperty p = new SimpleStringProperty(this, "typed", "");
            p.addListener((o, a, b) -> replan());
            return p;
        });
    }

    /** True for an unplanned failover: each item needs force confirmed. */
    public boolean needsForce() {
        return kind == WorkflowKind.UNPLANNED_FAILOVER;
    }

    /** What the force confirmation of {@code item}'s promote on site B shows. */
    public ForceFacts forceFacts(WizardItem item) {
        ReplicationSample a = item.from();
        ReplicationSample b = item.to();
        Instant now = clock.instant();
        ReplicationSample figures = a != null && a.lastSyncTime() != null ? a : b;
        ReplicationSource target = b != null ? b.source() : item.source();
        return new ForceFacts(ReplicationAction.PROMOTE, target, b != null ? b.item().displayName() : item.name(), siteB.get().name(),
                figures == null ? null : figures.rpo(thresholds, now), figures == null ? null : figures.lastSyncTime(),
                figures == null ? null : figures.health(), figures == null ? "" : figures.statusMessage(),
                primary(a) && primary(b) ? "Both sides already report primary: this is a split brain, not a lost site." : "",
                ForceConfirmation.dataLossWarning(item.source(), figures == null ? null : figures.lastSyncTime(), now),
                "Safer, if site A still answers: a planned failover, which demotes A and waits for a final sync.");
    }

    /** For an unplanned failover: CIDR blocks of site A's clients to fence first, one per line; empty for no fence. */
    public StringProperty fenceCidrsProperty() {
        return fenceCidrs;
    }

    /** The checks: those judged from the samples at once, then the live ones. */
    public ObservableList<PreflightCheck> checks() {
        return checks;
    }

    /** Every step of every item, in order, with its live status. */
    public ObservableList<StepRow> steps() {
        return steps;
    }

    /** The dry run: the exact calls, one per line, secrets redacted; empty until asked. */
    public ReadOnlyStringProperty callsProperty() {
        return calls.getReadOnlyProperty();
    }

    /** What the wizard has to say now: why it cannot plan, what a dry run sent (nothing), how the run ended. */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Phase> phaseProperty() {
        return phase.getReadOnlyProperty();
    }

    /** The run's result once it ended; null before. */
    public ReadOnlyObjectProperty<WorkflowResult> resultProperty() {
        return result.getReadOnlyProperty();
    }

    /** The plan in force; null while the request cannot be planned (an unconfirmed force, a bad fence block). */
    public ReadOnlyObjectProperty<WorkflowPlan> planProperty() {
        return plan.getReadOnlyProperty();
    }

    /** True while a dry run or a run can start: planned, not blocked by a failed check, not running. */
    public BooleanBinding canRun() {
        return Bindings.createBooleanBinding(() -> plan.get() != null && !plan.get().blocked() && phase.get() == Phase.READY
                && checks.stream().noneMatch(c -> c.level() == PreflightCheck.Grade.FAIL), plan, phase, checks);
    }

    public BooleanBinding canDryRun() {
        return Bindings.createBooleanBinding(() -> plan.get() != null && phase.get() != Phase.RUNNING, plan, phase);
    }

    public BooleanBinding canStop() {
        return Bindings.createBooleanBinding(() -> phase.get() == Phase.RUNNING && !stopping.get(), phase, stopping);
    }

    public BooleanBinding canSwap() {
        return Bindings.createBooleanBinding(() -> phase.get() == Phase.READY, phase);
    }

    // ---- commands

    /** Exchanges site A and site B (the other site becomes the primary now, the survivor, ...). */
    public void swap() {
        if (phase.get() != Phase.READY && phase.get() != Phase.FINISHED) return;
        SiteChoice a = siteA.get();
        siteA.set(siteB.get());
        siteB.set(a);
        orient();
    }

    /** Plans again and runs the live pre-flight checks (reads only). */
    public void check() {
        replan();
    }

    /** Lists the exact calls the run would send, in order, with their parameters; sends nothing. */
    public void dryRun() {
        WorkflowPlan p = plan.get();
        if (p == null) return;
        StringBuilder b = new StringBuilder();
        int n = 0;
        for (WorkflowStep s : p.steps()) {
            b.append(++n).append(". ").append(s.callLine()).append('\n');
        }
        calls.set(b.toString().strip());
        long sent = p.steps().stream().filter(s -> s.action().mutating()).count();
        message.set("Dry run: " + org.csiconsole.core.model.Words.count(p.steps().size(), "step") + " listed (" + org.csiconsole.core.model.Words.count(sent, "changing call")
                + (sent == p.steps().size() ? "" : ", the others polled reads") + "). Nothing was sent.");
    }

    /** Runs the plan: live checks first (the engine refuses on a failed one), then each item's steps in order. */
    public void run() {
        WorkflowPlan p = plan.get();
        if (p == null || phase.get() != Phase.READY) return;
        for (StepRow s : steps) {
            s.statusProperty().set(StepRow.StepState.PENDING);
            s.messageProperty().set("");
            s.percentProperty().set(-1);
        }
        result.set(null);
        stopping.set(false);
        message.set("Running " + kind.words().toLowerCase(java.util.Locale.ROOT) + "\u2026");
        phase.set(Phase.RUNNING);
        run = engine.run(p, e -> ui.execute(() -> event(e)));
        run.result().whenComplete((r, e) -> ui.execute(() -> ended(r, e)));
    }

    /** Stops between steps: a call in flight completes, then no further step starts. */
    public void stop() {
        if (run == null || phase.get() != Phase.RUNNING) return;
        run.stop();
        stopping.set(true);
        message.set("Stopping after the step in flight\u2026");
    }

    // ---- planning

    private void orient() {
        List<WizardItem> oriented = new ArrayList<>();
        SiteChoice a = siteA.get();
        for (PairRow p : pairs) {
            boolean same = p.a().same(a);
            ReplicationSample from = same ? p.sideA() : p.sideB();
            ReplicationSample to = same ? p.sideB() : p.sideA();
            String name = from != null ? from.item().displayName() : to.item().displayName();
            oriented.add(new WizardItem(name, from, to));
        }
        items.setAll(oriented);
        replan();
    }

    /** The request as the wizard stands. */
    WorkflowRequest request() {
        List<WorkflowItem> list = new ArrayList<>();
        Map<ReplicationSource, ForceConfirmation> force = new LinkedHashMap<>();
        for (WizardItem i : items) {
            if (i.from() == null) {
                throw new CallFailure(org.csiconsole.core.call.FailureKind.INVALID_ARGUMENT, kind.words() + " " + i.name(),
                        i.name() + " has no side on " + siteA.get().name(), "Choose pairs that exist on both sites.", "");
            }
            list.add(new WorkflowItem(i.from().source(), i.from().item().name(), i.to() == null ? null : i.to().source(),
                    i.from(), i.to()));
            if (needsForce() && i.to() != null) {
                String t = typedProperty(i.to().source()).get();
                if (!t.isBlank()) {
                    ForceFacts f = forceFacts(i);
                    force.put(i.to().source(), f.confirm(t));
                }
            }
        }
        WorkflowOptions options = WorkflowOptions.DEFAULT;
        if (needsForce() && !fenceCidrs.get().isBlank()) {
            options = options.withFence(new FenceRequest(Cidr.parseAll(fenceCidrs.get()), Map.of(), null), "B");
        }
        return new WorkflowRequest(kind, siteA.get().toSite(), siteB.get().toSite(), list, null, force, options);
    }

    private void replan() {
        long mine = ++planned;
        calls.set("");
        checks.clear();
        WorkflowPlan p;
        try {
            p = engine.plan(request());
        } catch (CallFailure f) {
            plan.set(null);
            setSteps(null);
            message.set(f.why() + (f.whatToDo().isEmpty() ? "" : ". " + f.whatToDo()));
            return;
        } catch (IllegalArgumentException bad) {
            plan.set(null);
            setSteps(null);
            message.set(bad.getMessage());
            return;
        }
        plan.set(p);
        setSteps(p);
        checks.setAll(p.checks());
        message.set(p.blocked() ? "A pre-flight check failed: the run is refused until it passes." : "Checking both sites\u2026");
        phase.set(Phase.CHECKING);
        engine.preflight(p).whenComplete((live, e) -> ui.execute(() -> {
            if (mine != planned) return;
            if (live != null) {
                List<PreflightCheck> all = new ArrayList<>(p.checks());
                for (PreflightCheck c : live) if (!all.contains(c)) all.add(c);
                checks.setAll(all);
            }
            phase.set(Phase.READY);
            boolean failed = checks.stream().anyMatch(c -> c.level() == PreflightCheck.Grade.FAIL);
            boolean warned = checks.stream().anyMatch(c -> c.level() == PreflightCheck.Grade.WARN);
            message.set(failed ? "A pre-flight check failed: the run is refused until it passes."
                    : warned ? "Ready, with warnings: read them before you run." : "Ready: every pre-flight check passed.");
        }));
    }

    private void setSteps(WorkflowPlan p) {
        stepsBySource.clear();
        List<StepRow> rows = new ArrayList<>();
        if (p != null) {
            for (PlanItem i : p.items()) {
                List<StepRow> own = new ArrayList<>();
                for (WorkflowStep s : i.steps()) own.add(new StepRow(i.item().displayName(), s));
                rows.addAll(own);
                stepsBySource.put(i.source(), own);
                if (i.partner() != null) stepsBySource.putIfAbsent(i.partner(), own);
            }
        }
        steps.setAll(rows);
    }

    // ---- events

    private void event(WorkflowEvent e) {
        List<StepRow> own = e.source() == null ? null : stepsBySource.get(e.source());
        StepRow step = own != null && e.step() >= 1 && e.step() <= own.size() ? own.get(e.step() - 1) : null;
        switch (e.type()) {
            case CHECK -> message.set("Pre-flight: " + e.message());
            case REFUSED -> message.set("Refused: " + e.message());
            case STEP_STARTED -> {
                if (step != null) {
                    step.statusProperty().set(StepRow.StepState.RUNNING);
                    step.messageProperty().set(e.message());
                    // the line under the steps follows the run, not the last pre-flight check
                    message.set("Step " + e.step() + " of " + own.size() + ": " + step.step().description() + "\u2026");
                }
            }
            case STEP_PROGRESS -> {
                if (step != null) {
                    step.messageProperty().set(e.message());
                    step.percentProperty().set(e.percent());
                }
            }
            case STEP_SUCCEEDED -> {
                if (step != null) {
                    step.statusProperty().set(StepRow.StepState.DONE);
                    step.percentProperty().set(-1);
                    if (!e.message().isEmpty()) step.messageProperty().set(e.message());
                }
            }
            case STEP_FAILED -> {
                if (step != null) {
                    step.statusProperty().set(StepRow.StepState.FAILED);
                    step.messageProperty().set(e.message());
                }
            }
            case ITEM_STOPPED, ITEM_FAILED -> {
                if (own != null) {
                    for (StepRow s : own) if (s.status() == StepRow.StepState.PENDING) s.statusProperty().set(StepRow.StepState.STOPPED);
                }
            }
            default -> {
            }
        }
    }

    private void ended(WorkflowResult r, Throwable e) {
        phase.set(Phase.FINISHED);
        if (r == null) {
            message.set("The run ended without a result: " + (e == null ? "unknown" : CallFailure.unwrap(e) != null
                    ? CallFailure.unwrap(e).getMessage() : e.toString()));
            return;
        }
        result.set(r);
        if (!r.checks().isEmpty()) checks.setAll(r.checks());
        for (StepRow s : steps) if (s.status() == StepRow.StepState.PENDING) s.statusProperty().set(StepRow.StepState.STOPPED);
        message.set(summary(r));
    }

    /** How the run ended, and per item what state it was left in. */
    static String summary(WorkflowResult r) {
        StringBuilder b = new StringBuilder(switch (r.outcome()) {
            case SUCCEEDED -> "Done: every step succeeded.";
            case FAILED -> "Failed: no item finished.";
            case PARTIAL -> "Partly done: some items did not finish.";
            case STOPPED -> "Stopped between steps.";
            case REFUSED -> "Refused: a pre-flight check failed, nothing was sent.";
        });
        for (ItemResult i : r.items()) {
            if (i.outcome() == RunOutcome.SUCCEEDED && i.stateLeft().isEmpty()) continue;
            b.append('\n').append(i.item().item().displayName()).append(": ");
            if (i.failure() != null) b.append(i.failure().why()).append(". ").append(i.failure().whatToDo()).append(' ');
            b.append(i.stateLeft().isEmpty() ? i.outcome().name().toLowerCase(java.util.Locale.ROOT) : i.stateLeft());
        }
        return b.toString().strip();
    }
}
