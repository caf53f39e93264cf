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
import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.replication.ReplicationWorkflows;
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
import org.csiconsole.core.port.FenceConfirmation;
import org.csiconsole.core.risk.Assessment;
import org.csiconsole.core.risk.FenceFacts;
import org.csiconsole.core.risk.RiskAssessor;
import org.csiconsole.core.risk.RiskOperation;
import org.csiconsole.core.risk.RiskModel;
import org.csiconsole.core.risk.RiskRequest;
import org.csiconsole.core.risk.TargetFacts;

import java.time.Clock;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.Function;

/**
 * A guided workflow (planned or unplanned failover, failback, split-brain recovery) as its wizard
 * shows it: the two sites and which is which, the pairs with their state, the one risk
 * {@link Assessment} of the workflow (the target's and partner's state, the hazards, the verdict and
 * the names to type, as the command line asks), the options (fence, the survivor), the pre-flight
 * checks, the step list with live progress from the engine's events, a dry run listing the exact calls
 * (secrets redacted) that sends nothing and needs no consent, and a stop between steps that says what
 * state each item was left in. Both sides are read again after each step and at the end, so the pairs
 * shown are never the roles from before the run.
 *
 * <p>Site A and site B are the engine's ({@link WorkflowRequest}): for a failover A is the primary
 * now and B the new primary; for a failback A is the old primary that becomes primary again, as the site pairs
 * name it (never turned around: core refuses a pair that has not failed over from A); for
 * split-brain recovery A is the survivor whose data is kept, and there is none until the person
 * chooses one ({@link #keep}). {@link #swap()} exchanges them. UI thread only; engine events are
 * handed to {@code ui}.
 */
public final class WorkflowWizardModel {
    /** Where the wizard is. */
    public enum Phase { READY, CHECKING, RUNNING, FINISHED }

    /** One name the assessment asks to be typed, and what was typed. */
    public record TypedName(String name, StringProperty typed) {
    }

    private final WorkflowKind kind;
    private final ReplicationWorkflows engine;
    private final RiskAssessor risk;
    private final Function<List<PairRow>, CompletableFuture<List<PairRow>>> reread;
    private final Executor ui;
    private final Clock clock;
    private List<PairRow> pairs;
    private final ObjectProperty<SiteChoice> siteA = new SimpleObjectProperty<>(this, "siteA");
    private final ObjectProperty<SiteChoice> siteB = new SimpleObjectProperty<>(this, "siteB");
    private final ReadOnlyObjectWrapper<SiteChoice> survivor = new ReadOnlyObjectWrapper<>(this, "survivor");
    private final ObservableList<WizardItem> items = FXCollections.observableArrayList();
    private final ReadOnlyObjectWrapper<Assessment> assessment = new ReadOnlyObjectWrapper<>(this, "assessment");
    private final ObservableList<TypedName> typed = FXCollections.observableArrayList();
    private final javafx.beans.property.BooleanProperty consented = new javafx.beans.property.SimpleBooleanProperty(this, "consented");
    private final StringProperty fenceCidrs = new SimpleStringProperty(this, "fenceCidrs", "");
    private final ReadOnlyObjectWrapper<Assessment> fenceAssessment = new ReadOnlyObjectWrapper<>(this, "fenceAssessment");
    private final StringProperty fenceTyped = new SimpleStringProperty(this, "fenceTyped", "");
    private final ObservableList<PreflightCheck> checks = FXCollections.observableArrayList();
    private final ObservableList<StepRow> steps = FXCollections.observableArrayList();
    private final ReadOnlyStringWrapper calls = new ReadOnlyStringWrapper(this, "calls", "");
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper(this, "message", "");
    private final ReadOnlyStringWrapper readBack = new ReadOnlyStringWrapper(this, "readBack", "");
    private final javafx.beans.property.ReadOnlyBooleanWrapper stillWrong = new javafx.beans.property.ReadOnlyBooleanWrapper(this, "stillWrong");
    private final ReadOnlyObjectWrapper<Phase> phase = new ReadOnlyObjectWrapper<>(this, "phase", Phase.READY);
    private final ReadOnlyObjectWrapper<WorkflowResult> result = new ReadOnlyObjectWrapper<>(this, "result");
    private final ReadOnlyObjectWrapper<WorkflowPlan> plan = new ReadOnlyObjectWrapper<>(this, "plan");
    private final Map<ReplicationSource, List<StepRow>> stepsBySource = new HashMap<>();
    private final javafx.beans.property.BooleanProperty stopping = new javafx.beans.property.SimpleBooleanProperty(this, "stopping");
    private WorkflowRun run;
    /** Counts the re-plans, so a pre-flight answer of an older plan is dropped. */
    private long planned;
    /** Counts the re-reads, so an older read does not replace a newer one. */
    private long reads;
    /** The fence blocks and fencing site the fence assessment was read for; a reading of others is dropped. */
    private String fenceReadFor = "";
    /** The sources the latest reading of who is inside the fence blocks could not read, in words; empty when all were. */
    private List<String> fenceUnread = List.of();

    /** A member volume's id to the text the wizard names it by; the id alone until {@link #nameMembersBy}. */
    private Function<String, String> memberName = id -> id;

    /**
     * @param kind a two-site workflow
     * @param pairs the pairs to act on (from the site pairs of site A and site B), at least one
     * @param engine the workflow engine
     * @param risk the one risk model
     * @param reread reads both sides of the pairs again and completes with them as read now (any thread)
     * @param ui the UI executor
     */
    public WorkflowWizardModel(WorkflowKind kind, List<PairRow> pairs, ReplicationWorkflows engine, RiskAssessor risk,
                               Function<List<PairRow>, CompletableFuture<List<PairRow>>> reread, Executor ui, Clock clock) {
        if (!kind.twoSites()) throw new IllegalArgumentException(kind.words() + " is not a guided workflow");
        if (pairs.isEmpty()) throw new IllegalArgumentException("a workflow needs at least one pair");
        this.kind = kind;
        this.pairs = List.copyOf(pairs);
        this.engine = Objects.requireNonNull(engine);
        this.risk = Objects.requireNonNull(risk);
        this.reread = Objects.requireNonNull(reread);
        this.ui = Objects.requireNonNull(ui);
        this.clock = Objects.requireNonNull(clock);
        PairRow first = pairs.get(0);
        boolean swap = switch (kind) {
            // A is the primary now: swap when only B's side is primary.
            case PLANNED_FAILOVER, UNPLANNED_FAILOVER -> primary(first.sideB()) && !primary(first.sideA());
            // A failback goes back to the site chosen as A, as on the command line: the roles alone cannot tell which
            // side was primary before a failover, so a pair that never failed over is refused, not turned around.
            // No survivor is chosen for the person: the sites stand in the site pairs' order until one is.
            default -> false;
        };
        siteA.set(swap ? first.b() : first.a());
        siteB.set(swap ? first.a() : first.b());
        orient();
        fenceCidrs.addListener((o, a, b) -> replan());
        fenceTyped.addListener((o, a, b) -> {
            if (phase.get() == Phase.READY && plan.get() != null) message.set(readyMessage());
        });
    }

    private static boolean primary(ReplicationSample s) {
        return s != null && s.role() == VolumeReplicationRole.PRIMARY;
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

    /** For split-brain recovery: the site whose data is kept; null until the person chooses one. */
    public ReadOnlyObjectProperty<SiteChoice> survivorProperty() {
        return survivor.getReadOnlyProperty();
    }

    /** True for split-brain recovery: a survivor must be chosen. */
    public boolean needsSurvivor() {
        return kind == WorkflowKind.SPLIT_BRAIN_RECOVERY;
    }

    /** What site A is in this workflow, e.g. {@code "Primary now"}, {@code "Survivor: its data is kept"}. */
    public String roleOfA() {
        return switch (kind) {
            case PLANNED_FAILOVER, UNPLANNED_FAILOVER -> "Primary now";
            case FAILBACK -> "Old primary: becomes primary again";
            default -> survivor.get() == null ? "No survivor chosen yet" : RiskModel.SURVIVOR;
        };
    }

    /** What site B is in this workflow. */
    public String roleOfB() {
        return switch (kind) {
            case PLANNED_FAILOVER -> "Becomes primary";
            case UNPLANNED_FAILOVER -> "Force-promoted: becomes primary";
            case FAILBACK -> "Primary now: becomes secondary";
            default -> survivor.get() == null ? "No survivor chosen yet" : RiskModel.DISCARDED;
        };
    }

    /** What the workflow does, in two or three sentences; for an unplanned failover, whether site A answered first (core's words). */
    public String description() {
        return switch (kind) {
            case PLANNED_FAILOVER -> "Moves the primary role from site A to site B without losing data: demotes each volume "
                    + "on A, waits for a final sync (a last_sync_time later than the demote), then promotes its partner on B.";
            case UNPLANNED_FAILOVER -> org.csiconsole.core.replication.SiteAnswers.siteA(siteA.get().name(), siteAAnswers())
                    + ". Optionally fences site A's clients, then force-promotes each partner "
                    + "on B. Writes to A after its last sync are lost; each item states that window and needs its name typed.";
            case FAILBACK -> "Returns the primary role to site A: demotes and resyncs the old primary on A from B, waits until "
                    + "the pair is healthy, then fails over from B back to A as a planned failover.";
            default -> "Both sides are primary. Compare both sides, choose the survivor whose data is kept, then type the name of "
                    + "the side whose writes since the split are discarded: it is demoted and resynced from the survivor.";
        };
    }

    /**
     * True when site A answered, as core judges it: the assessment's "still answers" hazard (the latest samples), or
     * the engine's live check of it.
     */
    private boolean siteAAnswers() {
        Assessment a = assessment.get();
        return a != null && a.hazards().stream().anyMatch(h -> h.kind() == org.csiconsole.core.risk.Hazard.Kind.SITE_STILL_ANSWERS)
                || org.csiconsole.core.replication.SiteAnswers.answered(checks, siteA.get().name(), null);
    }

    /** The pairs, oriented from site A to site B, as last read. */
    public ObservableList<WizardItem> items() {
        return items;
    }

    /** The one assessment of the workflow as it stands; null while the pairs cannot be assessed (a side missing). */
    public ReadOnlyObjectProperty<Assessment> assessmentProperty() {
        return assessment.getReadOnlyProperty();
    }

    /** The names the assessment asks to be typed, each with what was typed, in the consent's order. */
    public ObservableList<TypedName> typed() {
        return typed;
    }

    /** True when every name the assessment asks for was typed (or none is asked). */
    public javafx.beans.value.ObservableBooleanValue consentedProperty() {
        return consented;
    }

    /** For an unplanned failover: CIDR blocks of site A's clients to fence first, one per line; empty for no fence. */
    public StringProperty fenceCidrsProperty() {
        return fenceCidrs;
    }

    /**
     * The fence step's own assessment, as Network fence makes it (FENCE on the blocks: who is inside each,
     * and the blocks to type); null when no fence is asked or a block does not parse.
     */
    public ReadOnlyObjectProperty<Assessment> fenceAssessmentProperty() {
        return fenceAssessment.getReadOnlyProperty();
    }

    /** What was typed to consent to the fence: the blocks, as {@link #fenceAssessmentProperty()}'s consent asks. */
    public StringProperty fenceTypedProperty() {
        return fenceTyped;
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

    /** When both sides were last read again and what they showed (after a step, at the end); empty before. */
    public ReadOnlyStringProperty readBackProperty() {
        return readBack.getReadOnlyProperty();
    }

    /**
     * True once a finished run's pairs, read again, are not as the workflow leaves them (core's
     * {@link org.csiconsole.core.replication.WorkflowVerdict}), or could not be read again: the end is no success.
     */
    public javafx.beans.property.ReadOnlyBooleanProperty stillWrongProperty() {
        return stillWrong.getReadOnlyProperty();
    }

    public ReadOnlyObjectProperty<Phase> phaseProperty() {
        return phase.getReadOnlyProperty();
    }

    /** The run's result once it ended; null before. */
    public ReadOnlyObjectProperty<WorkflowResult> resultProperty() {
        return result.getReadOnlyProperty();
    }

    /** The plan in force; null while the request cannot be planned (no survivor, an unconfirmed force, a bad fence block). */
    public ReadOnlyObjectProperty<WorkflowPlan> planProperty() {
        return plan.getReadOnlyProperty();
    }

    /**
     * True while a run can start: planned, not blocked by a failed check or by the assessment, every
     * name the assessment asks for typed, a fence asked for consented to, not running.
     */
    public BooleanBinding canRun() {
        return Bindings.createBooleanBinding(() -> plan.get() != null && !plan.get().blocked() && phase.get() == Phase.READY
                && checks.stream().noneMatch(c -> c.level() == PreflightCheck.Grade.FAIL)
                && assessment.get() != null && !assessment.get().blocked() && consented.get() && fenceConsented(),
                plan, phase, checks, assessment, consented, fenceAssessment, fenceTyped);
    }

    /** True when no fence is asked, or its assessment lets it be sent and the blocks were typed as it asks. */
    private boolean fenceConsented() {
        Assessment f = fenceAssessment.get();
        if (kind != WorkflowKind.UNPLANNED_FAILOVER || fenceCidrs.get().isBlank()) return true;
        return f != null && !f.blocked() && f.consent().accepts(fenceTyped.get());
    }

    /**
     * Assesses the fence as Network fence does, once who is inside its blocks was read from the site that fences
     * (site B's connection: GetFenceClients, the CSP hosts and the volumes published to them, {@link FenceFacts#read}):
     * until then, and when no fence is asked or a block does not parse, there is no fence assessment and no
     * run. Read again only when the blocks or the fencing site change.
     */
    private void readFence() {
        List<Cidr> blocks;
        try {
            blocks = kind != WorkflowKind.UNPLANNED_FAILOVER || fenceCidrs.get().isBlank() ? List.of() : Cidr.parseAll(fenceCidrs.get());
        } catch (IllegalArgumentException bad) {
            blocks = List.of();
        }
        SiteChoice fencing = siteB.get();
        String key = blocks.isEmpty() ? "" : FenceConfirmation.expected(blocks) + "@" + fencing.describe();
        if (key.equals(fenceReadFor)) return;
        fenceReadFor = key;
        fenceAssessment.set(null);
        fenceUnread = List.of();
        if (blocks.isEmpty()) return;
        FenceRequest request = new FenceRequest(blocks, Map.of(), null);
        FenceFacts.read(fencing.fence(), request).whenComplete((read, e) -> ui.execute(() -> {
            if (!key.equals(fenceReadFor)) return;
            FenceFacts.WhoIsInside r = read != null ? read : new FenceFacts.WhoIsInside(FenceFacts.of(request.cidrs(), List.of(), List.of(), List.of()),
                    List.of("who is inside the blocks (" + (CallFailure.unwrap(e) != null ? CallFailure.unwrap(e).why() : String.valueOf(e)) + ")"));
            fenceUnread = r.unread();
            fenceAssessment.set(risk.assess(RiskRequest.of(RiskOperation.FENCE, r.facts(), clock.instant())
                    .sending(Map.of("cidrs", FenceConfirmation.expected(request.cidrs()))).on(fencing.describe())));
            if (phase.get() == Phase.READY && plan.get() != null) message.set(readyMessage());
        }));
    }

    /** A dry run sends nothing and needs no consent: always, except while a run goes. */
    public BooleanBinding canDryRun() {
        return Bindings.createBooleanBinding(() -> phase.get() != Phase.RUNNING, phase);
    }

    public BooleanBinding canStop() {
        return Bindings.createBooleanBinding(() -> phase.get() == Phase.RUNNING && !stopping.get(), phase, stopping);
    }

    public BooleanBinding canSwap() {
        return Bindings.createBooleanBinding(() -> phase.get() == Phase.READY && (!needsSurvivor() || survivor.get() != null),
                phase, survivor);
    }

    // ---- commands

    /** Exchanges site A and site B (the other site becomes the primary now, the survivor, ...). */
    public void swap() {
        if (phase.get() != Phase.READY && phase.get() != Phase.FINISHED) return;
        if (needsSurvivor()) {
            if (survivor.get() != null) keep(siteB.get());
            return;
        }
        SiteChoice a = siteA.get();
        siteA.set(siteB.get());
        siteB.set(a);
        orient();
    }

    /** For split-brain recovery: keeps {@code site}'s data (it becomes site A); the other side is discarded. */
    public void keep(SiteChoice site) {
        if (!needsSurvivor() || site == null || phase.get() == Phase.RUNNING) return;
        SiteChoice other = site.same(siteA.get()) ? siteB.get() : siteA.get();
        survivor.set(site);
        siteA.set(site);
        siteB.set(other);
        orient();
        // the figures the survivor is chosen by are read now, not when the wizard opened
        readAgain(read -> {
            if (read) replan();
        });
    }

    /**
     * For split-brain recovery: what {@code site} is, whichever side of the pair it is: the survivor, the side
     * discarded, or "No survivor chosen yet". The sides stay where they are; the choice marks one.
     */
    public String roleOf(SiteChoice site) {
        SiteChoice kept = survivor.get();
        if (kept == null) return "No survivor chosen yet";
        return kept.same(site) ? RiskModel.SURVIVOR : RiskModel.DISCARDED;
    }

    /**
     * The step of the run that reports progress on {@code side} now (running, with the driver's figure), so that one
     * figure is shown wherever progress is; null when none does.
     */
    public StepRow progressOn(ReplicationSample side) {
        if (side == null) return null;
        for (StepRow r : steps) {
            if (r.status() == StepRow.StepRowState.RUNNING && r.percentProperty().get() >= 0 && side.source().equals(r.step().target())) return r;
        }
        return null;
    }

    /** Plans again and runs the live pre-flight checks (reads only). */
    public void check() {
        replan();
    }

    /**
     * Lists the exact calls the run would send, in order, with their parameters; sends nothing and
     * needs no consent. Before a survivor is chosen it lists the calls of keeping each side; before the
     * names of an unplanned failover are typed it lists the forced promotes they would confirm.
     */
    public void dryRun() {
        if (phase.get() == Phase.RUNNING) return;
        StringBuilder b = new StringBuilder();
        int total = 0;
        long sent = 0;
        try {
            List<SiteChoice> orders = needsSurvivor() && survivor.get() == null ? List.of(siteA.get(), siteB.get()) : List.of(siteA.get());
            for (SiteChoice kept : orders) {
                WorkflowPlan p = orders.size() == 1 && plan.get() != null ? plan.get() : engine.plan(listing(kept));
                if (orders.size() > 1) b.append(b.length() == 0 ? "" : "\n").append("Keeping ").append(kept.name()).append(":\n");
                int n = 0;
                for (WorkflowStep s : p.steps()) b.append(++n).append(". ").append(s.callLine()).append('\n');
                total += p.steps().size();
                sent += p.steps().stream().filter(s -> s.action().mutating()).count();
            }
        } catch (CallFailure f) {
            message.set("Dry run: " + f.why() + (f.whatToDo().isEmpty() ? "" : ". " + f.whatToDo()));
            return;
        }
        calls.set(b.toString().strip());
        message.set("Dry run: " + org.csiconsole.core.model.Words.count(total, "step") + " listed (" + org.csiconsole.core.model.Words.count(sent, "changing call")
                + (sent == total ? "" : ", the others polled reads") + "). Nothing was sent.");
    }

    /** Runs the plan: live checks first (the engine refuses on a failed one), then each item's steps in order. */
    public void run() {
        if (!canRun().get()) return;
        if (!needsSurvivor()) {
            start();
            return;
        }
        // a survivor is consented to on figures shown: read both sides again, and send nothing when they changed
        List<String> shown = items.stream().map(WizardItem::describe).toList();
        phase.set(Phase.CHECKING);
        message.set("Reading both sides again before the run\u2026");
        readAgain(read -> {
            List<String> now = items.stream().map(WizardItem::describe).toList();
            if (read && now.equals(shown)) {
                phase.set(Phase.READY);
                start();
                return;
            }
            if (read) {
                readBack.set("Nothing was sent: both sides changed since they were shown. Compare them again, then run.\n" + readBack.get());
                replan();
            } else {
                phase.set(Phase.READY);
                message.set("Nothing was sent: both sides could not be read again before the run. Read them again, then run.");
            }
        });
    }

    private void start() {
        WorkflowPlan p = plan.get();
        for (StepRow s : steps) {
            s.statusProperty().set(StepRow.StepRowState.PENDING);
            s.messageProperty().set("");
            s.percentProperty().set(-1);
        }
        result.set(null);
        stillWrong.set(false);
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
        orientItems();
        replan();
    }

    /** The items from the pairs, oriented from site A. */
    private void orientItems() {
        List<WizardItem> oriented = new ArrayList<>();
        SiteChoice a = siteA.get();
        for (PairRow p : pairs) {
            boolean same = p.a().same(a);
            ReplicationSample from = same ? p.sideA() : p.sideB();
            ReplicationSample to = same ? p.sideB() : p.sideA();
            String name = from != null ? from.item().displayName() : to.item().displayName();
            oriented.add(new WizardItem(name, from, to, p.pair()));
        }
        items.setAll(oriented);
    }

    /** The one assessment of the workflow on the items as they stand; null while a side is missing. */
    private Assessment assess() {
        List<TargetFacts> targets = new ArrayList<>();
        for (WizardItem i : items) {
            if (i.from() == null) return null;
            targets.add(TargetFacts.replicated(siteA.get().name(), i.from(), siteB.get().name(), i.to(), i.pair().mismatch()));
        }
        String keep = needsSurvivor() && survivor.get() != null ? survivor.get().name() : "";
        // two sites of one name stay named alone: their endpoint cannot tell which side is meant
        Map<String, String> sites = new HashMap<>();
        if (!siteA.get().name().equals(siteB.get().name())) {
            sites.put(siteA.get().name(), siteA.get().known());
            sites.put(siteB.get().name(), siteB.get().known());
        }
        return risk.assess(new RiskRequest(RiskOperation.of(kind), kind == WorkflowKind.UNPLANNED_FAILOVER, targets,
                "", keep, clock.instant()).on(siteA.get().describe() + ", " + siteB.get().describe())
                .atSites(sites));
    }

    /** Asks for the assessment's names, keeping what was typed for a name asked before. */
    private void askFor(Assessment a) {
        List<String> names = a == null || a.consent().untyped() ? List.of() : a.consent().names();
        if (names.equals(typed.stream().map(TypedName::name).toList())) {
            updateConsent();
            return;
        }
        Map<String, String> before = new HashMap<>();
        for (TypedName t : typed) before.put(t.name(), t.typed().get());
        List<TypedName> now = new ArrayList<>();
        for (String n : names) {
            StringProperty p = new SimpleStringProperty(this, "typed", before.getOrDefault(n, ""));
            p.addListener((o, was, text) -> {
                updateConsent();
                // a force confirmation is part of an unplanned failover's plan
                if (kind == WorkflowKind.UNPLANNED_FAILOVER) replan();
            });
            now.add(new TypedName(n, p));
        }
        typed.setAll(now);
        updateConsent();
    }

    private void updateConsent() {
        Assessment a = assessment.get();
        if (a == null) {
            consented.set(false);
            return;
        }
        boolean ok = true;
        for (int i = 0; i < typed.size(); i++) ok &= a.consent().acceptsFor(i, typed.get(i).typed().get());
        consented.set(ok);
        if (phase.get() == Phase.READY && plan.get() != null) message.set(readyMessage());
    }

    /** The request as the wizard stands; force confirmations from the names typed. */
    WorkflowRequest request() {
        if (needsSurvivor() && survivor.get() == null) {
            throw new CallFailure(org.csiconsole.core.call.FailureKind.INVALID_ARGUMENT, kind.words(), "no survivor is chosen",
                    "Compare both sides, then choose the side whose data is kept.", "");
        }
        Map<ReplicationSource, ForceConfirmation> force = new LinkedHashMap<>();
        List<WizardItem> list = items;
        for (int i = 0; i < list.size(); i++) {
            WizardItem item = list.get(i);
            if (kind != WorkflowKind.UNPLANNED_FAILOVER || item.to() == null || i >= typed.size()) continue;
            String t = typed.get(i).typed().get();
            if (!t.isBlank()) force.put(item.to().source(), ForceConfirmation.typed(item.to().source(), typed.get(i).name(), t));
        }
        return request(siteA.get(), siteB.get(), force);
    }

    /**
     * The request of a dry run keeping {@code kept}: for an unplanned failover, with the confirmations
     * its names would give, so that the forced promotes can be listed. It is only ever planned (a plan
     * sends nothing), never run.
     */
    private WorkflowRequest listing(SiteChoice kept) {
        SiteChoice other = kept.same(siteA.get()) ? siteB.get() : siteA.get();
        Map<ReplicationSource, ForceConfirmation> force = new LinkedHashMap<>();
        if (kind == WorkflowKind.UNPLANNED_FAILOVER) {
            for (WizardItem i : items) {
                if (i.to() != null) force.put(i.to().source(), ForceConfirmation.typed(i.to().source(), "", i.to().source().id()));
            }
        }
        return request(kept, other, force);
    }

    private WorkflowRequest request(SiteChoice a, SiteChoice b, Map<ReplicationSource, ForceConfirmation> force) {
        List<WorkflowItem> list = new ArrayList<>();
        for (PairRow p : pairs) {
            boolean same = p.a().same(a);
            ReplicationSample from = same ? p.sideA() : p.sideB();
            ReplicationSample to = same ? p.sideB() : p.sideA();
            if (from == null) {
                String name = to.item().displayName();
                throw new CallFailure(org.csiconsole.core.call.FailureKind.INVALID_ARGUMENT, kind.words() + " " + name,
                        name + " has no side on " + a.name(), "Choose pairs that exist on both sites.", "");
            }
            list.add(new WorkflowItem(from.source(), from.item().name(), to == null ? null : to.source(), from, to));
        }
        WorkflowOptions options = WorkflowOptions.DEFAULT;
        if (kind == WorkflowKind.UNPLANNED_FAILOVER && !fenceCidrs.get().isBlank()) {
            options = options.withFence(new FenceRequest(Cidr.parseAll(fenceCidrs.get()), Map.of(), null), "B");
        }
        return new WorkflowRequest(kind, a.toSite(), b.toSite(), list, null, force, options);
    }

    private void replan() {
        long mine = ++planned;
        calls.set("");
        checks.clear();
        Assessment a = assess();
        assessment.set(a);
        readFence();
        askFor(a);
        WorkflowPlan p;
        try {
            p = engine.plan(request());
        } catch (CallFailure f) {
            plan.set(null);
            setSteps(null);
            String why = f.why().isEmpty() ? f.why() : Character.toUpperCase(f.why().charAt(0)) + f.why().substring(1);
            message.set(why + (f.whatToDo().isEmpty() ? "" : ". " + f.whatToDo()));
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
            message.set(readyMessage());
        }));
    }

    /** What the wizard says once checked: a failed check, the assessment's verdict, the names still to type, or ready. */
    private String readyMessage() {
        boolean failed = checks.stream().anyMatch(c -> c.level() == PreflightCheck.Grade.FAIL);
        boolean warned = checks.stream().anyMatch(c -> c.level() == PreflightCheck.Grade.WARN);
        Assessment now = assessment.get();
        return failed ? "A pre-flight check failed: the run is refused until it passes."
                : now != null && now.blocked() ? "Not run: " + now.illegal().describe()
                : !consented.get() ? "Checked. To run, type " + (typed.size() == 1 ? "the name" : "each name")
                + " asked for above the buttons" + (warned ? ", and read the warnings first." : ".")
                : !fenceConsented() ? fenceMessage()
                : warned ? "Ready, with warnings: read them before you run." : "Ready: every pre-flight check passed.";
    }

    private String fenceMessage() {
        Assessment f = fenceAssessment.get();
        if (f == null) return fenceReadFor.isEmpty() ? "Not run: the fence blocks do not parse."
                : "Reading who is inside the fence blocks on " + siteB.get().name() + "\u2026";
        if (f.blocked()) return "Not run: the fence is refused: " + f.illegal().describe();
        return "Checked. To fence site A's clients first, " + f.consent().instruction() + "; or clear the blocks to run without a fence."
                + (fenceUnread.isEmpty() ? "" : " Not read for the fence: " + String.join(", ", fenceUnread) + ".");
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

    // ---- reading both sides again

    /** Reads both sides of every pair again; the items then show them as read (after a step, at the end of a run). */
    private void readAgain() {
        readAgain(null);
    }

    /**
     * As {@link #readAgain()}; then, unless a newer read replaced this one, runs {@code then} with whether both
     * sides were read.
     */
    private void readAgain(java.util.function.Consumer<Boolean> then) {
        long mine = ++reads;
        reread.apply(pairs).whenComplete((fresh, e) -> ui.execute(() -> {
            if (mine != reads) return;
            if (e != null || fresh == null || fresh.isEmpty()) {
                readBack.set("Both sides could not be read again: " + (e == null ? "no pair was found"
                        : CallFailure.unwrap(e) != null ? CallFailure.unwrap(e).getMessage() : e.toString())
                        + ". The pairs shown are as read before.");
                if (then != null) then.accept(false);
                return;
            }
            pairs = List.copyOf(fresh);
            orientItems();
            StringBuilder b = new StringBuilder("Both sides read again at " + java.time.format.DateTimeFormatter.ofPattern("HH:mm:ss")
                    .format(clock.instant().atZone(java.time.ZoneId.systemDefault())) + ":");
            for (WizardItem i : items) b.append('\n').append(i.describe());
            readBack.set(b.toString());
            if (then != null) then.accept(true);
        }));
    }

    /** Names a group's member volumes in the wizard by {@code nameOf}: their id to their name beside the id where known. */
    public void nameMembersBy(Function<String, String> nameOf) {
        this.memberName = Objects.requireNonNull(nameOf);
    }

    /** {@code item}'s member volumes and their count ({@link WizardItem#members}); empty for a volume. */
    public String members(WizardItem item) {
        return item.members(memberName);
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
                    step.statusProperty().set(StepRow.StepRowState.RUNNING);
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
                    step.statusProperty().set(StepRow.StepRowState.DONE);
                    step.percentProperty().set(-1);
                    if (!e.message().isEmpty()) step.messageProperty().set(e.message());
                }
                readAgain();
            }
            case STEP_FAILED -> {
                if (step != null) {
                    step.statusProperty().set(StepRow.StepRowState.FAILED);
                    step.messageProperty().set(e.message());
                }
                readAgain();
            }
            case ITEM_STOPPED, ITEM_FAILED -> {
                if (own != null) {
                    for (StepRow s : own) if (s.status() == StepRow.StepRowState.PENDING) s.statusProperty().set(StepRow.StepRowState.STOPPED);
                }
            }
            default -> {
            }
        }
    }

    private void ended(WorkflowResult r, Throwable e) {
        phase.set(Phase.FINISHED);
        if (r == null) {
            readAgain();
            message.set("The run ended without a result: " + (e == null ? "unknown" : CallFailure.unwrap(e) != null
                    ? CallFailure.unwrap(e).getMessage() : e.toString()));
            return;
        }
        result.set(r);
        if (!r.checks().isEmpty()) checks.setAll(r.checks());
        for (StepRow s : steps) if (s.status() == StepRow.StepRowState.PENDING) s.statusProperty().set(StepRow.StepRowState.STOPPED);
        message.set(summary(r) + "\nReading both sides again\u2026");
        // the verdict is the re-read's, not the steps': a side may still say otherwise (core's WorkflowVerdict)
        readAgain(read -> {
            stillWrong.set(!read || r.outcome() != RunOutcome.SUCCEEDED || !org.csiconsole.core.replication.WorkflowVerdict.done(kind,
                    siteA.get().name(), siteB.get().name(), after()));
            message.set(read ? verdict(r) : summary(r) + "\nBoth sides could not be read again: how the pairs stand now is not known; "
                    + "read both sites again.");
        });
    }

    /** The pairs as last read, for core's verdict: each from site A to site B. */
    private List<org.csiconsole.core.replication.WorkflowVerdict.After> after() {
        return items.stream().map(i -> new org.csiconsole.core.replication.WorkflowVerdict.After(i.name(), i.from(), i.to())).toList();
    }

    /** The end of a run as both sides read again show it (core's verdict), then what each item that did not finish was left in. */
    private String verdict(WorkflowResult r) {
        StringBuilder b = new StringBuilder(org.csiconsole.core.replication.WorkflowVerdict.of(kind, r.outcome(), siteA.get().name(),
                siteB.get().name(), after(), clock.instant(), java.time.ZoneId.systemDefault()));
        for (ItemResult i : r.items()) {
            if (i.outcome() == RunOutcome.SUCCEEDED) continue;
            b.append('\n').append(i.item().item().displayName()).append(": ");
            if (i.failure() != null) b.append(i.failure().why()).append(". ").append(i.failure().whatToDo()).append(' ');
            b.append(i.stateLeft());
        }
        return b.toString().strip();
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
