package org.csiconsole.views.replication;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.views.form.Form;
import org.csiconsole.core.replication.ForceConfirmation;
import org.csiconsole.core.replication.ItemResult;
import org.csiconsole.core.replication.ReplicationRequest;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.replication.ReplicationWorkflows;
import org.csiconsole.core.replication.PairMismatch;
import org.csiconsole.core.replication.SitePairs;
import org.csiconsole.core.replication.RunOutcome;
import org.csiconsole.core.replication.WorkflowEvent;
import org.csiconsole.core.replication.WorkflowItem;
import org.csiconsole.core.replication.WorkflowKind;
import org.csiconsole.core.replication.WorkflowOptions;
import org.csiconsole.core.replication.WorkflowPlan;
import org.csiconsole.core.replication.WorkflowRequest;
import org.csiconsole.core.replication.WorkflowResult;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.dialog.RiskAnswer;
import org.csiconsole.core.risk.Assessment;
import org.csiconsole.core.risk.IllegalCall;
import org.csiconsole.core.risk.Existence;
import org.csiconsole.core.risk.RiskModel;
import org.csiconsole.core.risk.RiskOperation;
import org.csiconsole.core.risk.RiskRequest;
import org.csiconsole.core.risk.TargetFacts;
import org.csiconsole.views.task.ItemOutcome;
import org.csiconsole.views.task.UiTask;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The replication operations on the selected volumes and groups, run through the one workflow
 * engine ({@link ReplicationWorkflows}): disable, promote, demote and resync (polled until
 * {@code ready}) after the consent the one risk model asks for ({@link #assess}, rendered by
 * {@link org.csiconsole.views.dialog.DialogService#confirmRisk}), on every selected row at once
 * (grouped by site, with the engine's concurrency limit); each item's result, the failures
 * explained in words with the next safe step ({@link org.csiconsole.core.replication.ReplicationFailures}),
 * and a retry of the items that did not finish. Force is offered only as its own command on one
 * volume or group, with its name typed as the assessment asks; nothing is ever retried with force.
 */
public final class ReplicationCommands {
    private static final Logger LOG = LoggerFactory.getLogger(ReplicationCommands.class);

    private final ReplicationViewModel model;
    private final ActionRunner actions;
    private final ReplicationDialogs dialogs;
    private final ViewAction refresh;
    private final ViewAction enable;
    private final ViewAction disable;
    private final ViewAction promote;
    private final ViewAction demote;
    private final ViewAction resync;
    private final ViewAction promoteForce;
    private final ViewAction demoteForce;
    private final ViewAction resyncForce;
    private final Map<WorkflowKind, ViewAction> wizards = new LinkedHashMap<>();

    public ReplicationCommands(ReplicationViewModel model, ActionRunner actions, ReplicationDialogs dialogs) {
        this.model = Objects.requireNonNull(model);
        this.actions = Objects.requireNonNull(actions);
        this.dialogs = Objects.requireNonNull(dialogs);
        var rows = model.selectedRows();
        BooleanBinding some = Bindings.isNotEmpty(rows);
        BooleanBinding one = Bindings.size(rows).isEqualTo(1);
        var onPairs = model.pairsShownProperty();
        String pairHasTwoSides = "A site pair has two sides: select the volume or group to act on under \"Volumes and groups\".";
        StringBinding selectSome = Bindings.createStringBinding(() -> !rows.isEmpty() ? acrossConnections(rows) : onPairs.get() ? pairHasTwoSides
                : "Select one or more replicated volumes or groups.", rows, onPairs);
        some = some.and(Bindings.createBooleanBinding(() -> acrossConnections(rows).isEmpty(), rows));
        StringBinding selectOne = Bindings.createStringBinding(() -> rows.size() == 1 ? "" : rows.isEmpty() && onPairs.get() ? pairHasTwoSides
                : "Force acts on one volume or group at a time, each confirmed by typing its name: select exactly one.", rows, onPairs);
        BooleanBinding anySite = Bindings.isNotEmpty(model.sites());
        refresh = new ViewAction("Sample now", anySite, Bindings.createStringBinding(() -> "No connection offers replication."), model::refresh);
        enable = new ViewAction("Enable\u2026", anySite, Bindings.createStringBinding(() -> "No connection offers replication."), this::enable);
        disable = whileAnswering(new ViewAction("Disable\u2026", some, selectSome, () -> operate(WorkflowKind.DISABLE, List.copyOf(rows), false)),
                () -> connections(rows), rows);
        promote = drAction("Promote\u2026", WorkflowKind.PROMOTE, some, selectSome, false);
        demote = drAction("Demote\u2026", WorkflowKind.DEMOTE, some, selectSome, false);
        resync = drAction("Resync\u2026", WorkflowKind.RESYNC, some, selectSome, false);
        promoteForce = drAction("Promote with force\u2026", WorkflowKind.PROMOTE, one, selectOne, true);
        demoteForce = drAction("Demote with force\u2026", WorkflowKind.DEMOTE, one, selectOne, true);
        resyncForce = drAction("Resync with force\u2026", WorkflowKind.RESYNC, one, selectOne, true);
        for (WorkflowKind k : List.of(WorkflowKind.PLANNED_FAILOVER, WorkflowKind.UNPLANNED_FAILOVER, WorkflowKind.FAILBACK,
                WorkflowKind.SPLIT_BRAIN_RECOVERY)) {
            wizards.put(k, wizard(k));
        }
    }

    /**
     * A promote, demote or resync on the selected rows, enabled while {@code selected} holds and core's risk model
     * finds each row's state known ({@link RiskModel#unknownState}: a mismatched pair, a state never read); the
     * tooltip then gives the model's reason and next step.
     */
    private ViewAction drAction(String label, WorkflowKind kind, BooleanBinding selected, StringBinding selectWhy, boolean force) {
        var rows = model.selectedRows();
        // the row's own side with its own pair (partner and the site it was read on, together): no lookup per selected row
        StringBinding unknown = Bindings.createStringBinding(() -> unknownState(kind, rows.stream().map(ReplicationCommands::facts)), rows);
        BooleanBinding ok = selected.and(unknown.isEmpty());
        StringBinding why = Bindings.createStringBinding(() -> !selectWhy.get().isEmpty() ? selectWhy.get() : unknown.get(), selectWhy, unknown);
        return whileAnswering(new ViewAction(label, ok, why, () -> operate(kind, List.copyOf(rows), force)), () -> connections(rows), rows);
    }

    /**
     * {@code action}, also disabled while a connection it sends to ({@code sendsTo}, names) is not answering, with core's
     * reason ({@link RiskModel#disabledWhile}) as its tooltip; a reason of {@code action}'s own comes first. The send path
     * refuses such a change too ({@link org.csiconsole.core.session.Reachability}); this says so before a dialog opens.
     *
     * @param on what {@code sendsTo} is read from (the selection)
     */
    private ViewAction whileAnswering(ViewAction action, java.util.function.Supplier<List<String>> sendsTo, javafx.beans.Observable on) {
        return action.unless(Bindings.createStringBinding(() -> model.notAnswering(sendsTo.get()), on, model.connectionStates()));
    }

    /**
     * The connections a wizard of {@code kind} on {@code pairs} sends changes to: both sides', but site B's alone in an
     * unplanned failover (site A is expected not to answer there; nothing is sent to it).
     */
    private static List<String> sendsTo(WorkflowKind kind, List<PairRow> pairs) {
        return pairs.stream().flatMap(p -> kind == WorkflowKind.UNPLANNED_FAILOVER ? java.util.stream.Stream.of(p.b())
                : java.util.stream.Stream.of(p.a(), p.b())).map(SiteChoice::connection).distinct().toList();
    }

    /**
     * Why {@code rows} cannot be acted on together, as core's risk model words it ({@link RiskModel#acrossConnections}):
     * they were read through more than one connection; empty when they are of one connection.
     */
    static String acrossConnections(List<ReplicationRow> rows) {
        // every replication operation is refused in the same words: one reason serves all of them
        IllegalCall across = RiskModel.acrossConnections(RiskOperation.DISABLE_REPLICATION, connections(rows));
        return across == null ? "" : capitalised(across.describe());
    }

    private static List<String> connections(List<ReplicationRow> rows) {
        return rows.stream().map(r -> r.site().connection()).toList();
    }

    private static String capitalised(String s) {
        return Character.toUpperCase(s.charAt(0)) + s.substring(1);
    }

    /** The risk model's reason that {@code kind} cannot be judged on the first of {@code targets} that has one, named; empty when none. */
    static String unknownState(WorkflowKind kind, java.util.stream.Stream<TargetFacts> targets) {
        RiskOperation op = RiskOperation.of(kind);
        return targets.map(t -> RiskModel.unknownState(op, t)).filter(Objects::nonNull).findFirst()
                .map(c -> capitalised(c.describe())).orElse("");
    }

    private ViewAction wizard(WorkflowKind kind) {
        var pairs = model.selectedPairs();
        StringBinding unknown = Bindings.createStringBinding(() -> pairs.stream().anyMatch(p -> p.sideA() == null || p.sideB() == null) ? ""
                : unknownState(kind, pairs.stream().map(p -> TargetFacts.replicated(p.a().name(), p.sideA(), p.b().name(), p.sideB(),
                p.mismatch()))), pairs);
        BooleanBinding ok = Bindings.createBooleanBinding(() -> !pairs.isEmpty()
                && pairs.stream().allMatch(p -> p.sideA() != null && p.sideB() != null) && unknown.get().isEmpty(), pairs, unknown);
        StringBinding why = Bindings.createStringBinding(() -> pairs.isEmpty()
                ? "Choose site A and site B, then select the pairs (volumes or groups on either site)."
                : !unknown.get().isEmpty() ? unknown.get()
                : "Each selected volume or group needs its partner on the other site; a pair with a side missing cannot "
                + "fail over.", pairs, unknown);
        return whileAnswering(new ViewAction(kind.words() + "\u2026", ok, why, () -> openWizard(kind, List.copyOf(pairs))),
                () -> sendsTo(kind, pairs), pairs);
    }

    /** Opens the wizard of {@code kind} on {@code pairs}; samples again when it is closed. */
    public void openWizard(WorkflowKind kind, List<PairRow> pairs) {
        if (pairs.isEmpty()) return;
        WorkflowWizardModel wizard = new WorkflowWizardModel(kind, pairs, engine(), model.services().risk(), model::reread, model.ui(),
                model.services().clock());
        // A group's members by the names their volumes' rows give them.
        java.util.Map<String, String> names = new java.util.HashMap<>();
        for (ReplicationRow r : model.table().all()) {
            var item = r.sample().item();
            if (!item.source().group() && !item.name().isEmpty()) names.putIfAbsent(item.source().id(), item.name());
        }
        wizard.nameMembersBy(id -> org.csiconsole.views.resource.Texts.named(id, names.get(id)));
        dialogs.showWizard(wizard);
        model.refresh();
    }

    /** The guided workflow of {@code kind} (planned and unplanned failover, failback, split-brain recovery). */
    public ViewAction wizardAction(WorkflowKind kind) {
        return wizards.get(kind);
    }

    public ViewAction refreshAction() { return refresh; }
    public ViewAction enableAction() { return enable; }
    public ViewAction disableAction() { return disable; }
    public ViewAction promoteAction() { return promote; }
    public ViewAction demoteAction() { return demote; }
    public ViewAction resyncAction() { return resync; }
    public ViewAction promoteForceAction() { return promoteForce; }
    public ViewAction demoteForceAction() { return demoteForce; }
    public ViewAction resyncForceAction() { return resyncForce; }

    ReplicationDialogs dialogs() {
        return dialogs;
    }

    ActionRunner actions() {
        return actions;
    }

    // ---- enable

    /** The enable form: site, kind, ids (one per line), {@code replication_id}, parameters and masked secrets. */
    public org.csiconsole.views.form.Form enableForm() {
        var f = new org.csiconsole.views.form.Form("Enable replication",
                "EnableVolumeReplication on each volume or group (csi-addons replication.proto): the driver starts copying it to its partner array.",
                "Enable");
        List<SiteChoice> sites = List.copyOf(model.sites());
        SiteChoice initialSite = model.selectedRows().isEmpty() ? (sites.isEmpty() ? null : sites.get(0)) : model.selectedRows().get(0).site();
        f.addChoice("site", "Site", sites, ReplicationSnapshot.find(sites, initialSite), SiteChoice::label,
                "The connection (site) whose driver holds the volumes.");
        boolean groups = !model.selectedRows().isEmpty() && model.selectedRows().stream().allMatch(ReplicationRow::group);
        f.addChoice("kind", "Kind", List.of(false, true), groups, g -> g ? "Volume groups" : "Volumes",
                "A volume group replicates its members together, with one recovery point.");
        String ids = String.join("\n", model.selectedRows().stream().map(r -> r.source().id()).toList());
        f.addText("ids", "Ids", ids, org.csiconsole.views.form.TextInput.Kind.LINES,
                "One volume_id (or volume_group_id) per line.", t -> t == null || t.isBlank() ? "Give at least one id." : "");
        f.addText("replicationId", "replication_id", "", org.csiconsole.views.form.TextInput.Kind.LINE,
                "Optional: the id that ties both sides of a pair together, when the driver uses one.", t -> "");
        f.addText("parameters", "Parameters", "schedulingInterval=5m", org.csiconsole.views.form.TextInput.Kind.LINES,
                "key=value per line, from the VolumeReplicationClass (e.g. schedulingInterval=5m, mirroringMode=snapshot).",
                Form::checkKeyValues);
        f.addText("secrets", "Secrets", "", org.csiconsole.views.form.TextInput.Kind.SECRET,
                "key=value pairs separated by ';'. Sent with these calls only (replication_secret); never kept or shown.",
                Form::checkSecrets);
        return f;
    }

    /** Asks for the enable form and enables replication on every id given. */
    public void enable() {
        var form = enableForm();
        try {
            if (!actions.dialogs().showForm(form)) return;
            SiteChoice site = form.<SiteChoice>choice("site").value().get();
            boolean group = Boolean.TRUE.equals(form.<Boolean>choice("kind").value().get());
            List<WorkflowItem> items = new ArrayList<>();
            for (String line : form.text("ids").text().get().split("\\R")) {
                if (line.isBlank()) continue;
                String id = line.strip();
                items.add(WorkflowItem.of(group ? ReplicationSource.volumeGroup(id) : ReplicationSource.volume(id)));
            }
            ReplicationRequest template = new ReplicationRequest(items.get(0).source(), form.text("replicationId").text().get().strip(),
                    Form.parseKeyValues(form.text("parameters").text().get()),
                    Form.parseSecrets(form.text("secrets").text().get()));
            // whether each volume exists: the driver's complete listing, else what this console knows of the site (record, listing)
            java.util.Set<String> known = model.table().all().stream().filter(r -> r.site().connection().equals(site.connection()))
                    .map(r -> r.source().id()).collect(java.util.stream.Collectors.toSet());
            List<String> ids = items.stream().map(i -> i.source().id()).toList();
            CompletableFuture<Map<String, Existence>> presence = group ? CompletableFuture.completedFuture(Map.of())
                    : Existence.read(site.fence(), known, ids);
            presence.thenAcceptAsync(p -> confirmEnable(site, group, items, template, p), model.ui()).exceptionally(e -> {
                CallFailure f = org.csiconsole.views.dialog.Failures.of("Enable replication", e);
                LOG.warn("{}", f.describe());
                model.ui().execute(() -> actions.dialogs().showFailure(f));
                return null;
            });
        } finally {
            form.text("secrets").set("");
        }
    }

    /**
     * Core's assessment of enabling {@code items} on {@code site}, as the command line's enable makes it: a volume that
     * already replicates (on any site this console reads), one the driver's complete listing lacks, an id over the CSI
     * limit or a schedulingInterval that is no duration is refused before sending; then the run, once consented.
     */
    private void confirmEnable(SiteChoice site, boolean group, List<WorkflowItem> items, ReplicationRequest template,
                               Map<String, Existence> presence) {
        List<TargetFacts> targets = items.stream().map(i -> model.table().all().stream()
                .filter(r -> r.source().equals(i.source())).findFirst().map(ReplicationCommands::facts)
                .orElse(TargetFacts.of(group ? "volume group" : "volume", i.source().id(), ""))
                .withPresence(presence.get(i.source().id()))).toList();
        Assessment a = model.services().risk().assess(RiskRequest.of(RiskOperation.ENABLE_REPLICATION, targets, model.now())
                .sending(template.parameters()).on(site.describe()));
        a = amongConnections(a, site.connection());
        Optional<RiskAnswer> answer = actions.dialogs().confirmRisk(a, "Enable");
        if (answer.isEmpty() || a.blocked()) return;
        WorkflowRequest request = new WorkflowRequest(WorkflowKind.ENABLE, site.toSite(), null, items, template, Map.of(),
                WorkflowOptions.DEFAULT);
        plan(List.of(request)).ifPresent(plans -> execute(title(WorkflowKind.ENABLE, items, site.label(), false), plans));
    }

    // ---- one-site operations

    /**
     * Runs {@code kind} (DISABLE, PROMOTE, DEMOTE, RESYNC) on {@code rows} after the person gave the
     * consent the one risk model asks for ({@link #assess}), one run per site. Nothing is sent when
     * the assessment blocks the call or the person cancels. With {@code force}, force is sent on each
     * row with the confirmation typed for it, and on nothing else.
     */
    public void operate(WorkflowKind kind, List<ReplicationRow> rows, boolean force) {
        if (rows.isEmpty()) return;
        Assessment a = assess(kind, rows, force);
        Optional<RiskAnswer> answer = actions.dialogs().confirmRisk(a, verb(kind) + (force ? " with force" : ""));
        // No replication verdict rests on this console's own record alone: a blocked call is never sent.
        if (answer.isEmpty() || a.blocked()) return;
        Map<ReplicationSource, ForceConfirmation> confirmations = new LinkedHashMap<>();
        if (force) {
            List<String> typed = answer.get().typed();
            if (typed.size() != rows.size()) return;
            try {
                for (int i = 0; i < rows.size(); i++) {
                    ReplicationRow r = rows.get(i);
                    confirmations.put(r.source(), ForceConfirmation.typed(r.source(), a.consent().names().get(i), typed.get(i)));
                }
            } catch (CallFailure refused) {
                actions.dialogs().showFailure(refused);
                return;
            }
        }
        Map<String, List<ReplicationRow>> bySite = new LinkedHashMap<>();
        for (ReplicationRow r : rows) bySite.computeIfAbsent(r.site().connection() + "\u0000" + r.site().site(), k -> new ArrayList<>()).add(r);
        List<WorkflowItem> all = rows.stream().map(ReplicationCommands::item).toList();
        String title = title(kind, all, bySite.size() == 1 ? rows.get(0).site().label() : rows.get(0).site().connection(), force);
        List<WorkflowRequest> requests = new ArrayList<>();
        for (List<ReplicationRow> site : bySite.values()) {
            List<WorkflowItem> items = site.stream().map(ReplicationCommands::item).toList();
            requests.add(new WorkflowRequest(kind, site.get(0).site().toSite(), null, items, null, confirmations, WorkflowOptions.DEFAULT));
        }
        plan(requests).ifPresent(plans -> execute(title, plans, a));
    }

    /**
     * The one assessment of {@code kind} on {@code rows} (each with its partner, their roles, health,
     * last syncs and whether their sites answered), as the command line makes it for the same rows.
     */
    public Assessment assess(WorkflowKind kind, List<ReplicationRow> rows, boolean force) {
        List<ReplicationRow> now = model.current(rows);
        List<TargetFacts> targets = now.stream().map(ReplicationCommands::facts).toList();
        String on = now.stream().flatMap(r -> java.util.stream.Stream.of(r.site(), r.partnerSite())).filter(Objects::nonNull)
                .map(SiteChoice::describe).distinct().collect(java.util.stream.Collectors.joining(", "));
        Assessment a = RiskModel.oneConnection(model.services().risk().assess(new RiskRequest(RiskOperation.of(kind), force, targets, "", "",
                model.now()).on(on)), connections(now));
        return now.isEmpty() ? a : amongConnections(a, now.get(0).site().connection());
    }

    /** {@code a} on {@code connection}, told apart from the other open connections that may hold the same ids. */
    private Assessment amongConnections(Assessment a, String connection) {
        return RiskModel.amongConnections(a, connection, model.openConnections(), id -> model.heldElsewhere(connection, id));
    }

    /**
     * What the risk model knows of row {@code r}: its sample on its site, and the partner of its own pair with the site
     * that partner was read on; never a partner found by id alone, which another connection serving the same ids would
     * answer too. A row without a partner is judged as core judges a pair with one side ({@link SitePairs#judge}:
     * destination unknown or partner missing), so a promote, demote or resync beside an unknown partner is refused.
     */
    static TargetFacts facts(ReplicationRow r) {
        PairMismatch pairing = r.partner() == null ? SitePairs.judge(r.sample(), null) : r.mismatch();
        return TargetFacts.replicated(r.site().name(), r.sample(), r.partnerSite() == null ? "" : r.partnerSite().name(), r.partner(),
                pairing);
    }

    /** {@code row} as the engine takes it for a one-site operation, with its sample for the plan's checks. */
    static WorkflowItem item(ReplicationRow r) {
        return new WorkflowItem(r.source(), r.sample().item().name(), null, r.sample(), null);
    }

    // ---- running plans

    /** Plans every request (sends nothing); a request that cannot be planned is shown and nothing runs. */
    java.util.Optional<List<WorkflowPlan>> plan(List<WorkflowRequest> requests) {
        List<WorkflowPlan> plans = new ArrayList<>();
        try {
            for (WorkflowRequest r : requests) plans.add(engine().plan(r));
        } catch (CallFailure f) {
            LOG.warn("{}", f.describe());
            actions.dialogs().showFailure(f);
            return java.util.Optional.empty();
        }
        return java.util.Optional.of(plans);
    }

    /**
     * Runs {@code plans} as one task with progress ({@code "3 of 10 — vol-1: Resync in progress (40% done)"});
     * when every item has ended: a notification with the summary, the failure dialog for one failed
     * item, or each item's outcome for several, with a retry of those that did not finish.
     */
    UiTask<List<WorkflowResult>> execute(String title, List<WorkflowPlan> plans) {
        return execute(title, plans, null);
    }

    /**
     * {@link #execute(String, List)} of an operation assessed as {@code assessed} (null when it was not): a run that made
     * a split brain reports it in the assessment's words ({@link Assessment#splitBrainLeft}), never as a plain success.
     */
    UiTask<List<WorkflowResult>> execute(String title, List<WorkflowPlan> plans, Assessment assessed) {
        int total = plans.stream().mapToInt(p -> p.items().size()).sum();
        UiTask<List<WorkflowResult>> task = actions.tasks().submit(title, progress -> {
            AtomicInteger ended = new AtomicInteger();
            List<CompletableFuture<WorkflowResult>> runs = new ArrayList<>();
            for (WorkflowPlan p : plans) {
                runs.add(engine().run(p, e -> {
                    if (e.type() == WorkflowEvent.Type.ITEM_SUCCEEDED || e.type() == WorkflowEvent.Type.ITEM_FAILED
                            || e.type() == WorkflowEvent.Type.ITEM_STOPPED) ended.incrementAndGet();
                    if (e.source() != null && !e.message().isEmpty()) {
                        progress.update(total == 0 ? 1 : (double) ended.get() / total,
                                Math.min(ended.get() + 1, total) + " of " + total + " \u2014 " + e.source().id() + ": " + e.message());
                    }
                }).result());
            }
            return CompletableFuture.allOf(runs.toArray(CompletableFuture[]::new))
                    .thenApply(v -> runs.stream().map(CompletableFuture::join).toList());
        });
        task.outcome().whenComplete((results, error) -> {
            if (error != null) {
                CallFailure f = org.csiconsole.views.dialog.Failures.of(title, error);
                LOG.warn("{}", f.describe());
                actions.notifications().error(title, f.getMessage());
                actions.dialogs().showFailure(f);
                return;
            }
            reported(title, results, assessed);
            model.refresh();
        });
        return task;
    }

    private void reported(String title, List<WorkflowResult> results, Assessment assessed) {
        List<ItemResult> items = results.stream().flatMap(r -> r.items().stream()).toList();
        long ok = items.stream().filter(i -> i.outcome() == RunOutcome.SUCCEEDED).count();
        String left = assessed == null ? "" : assessed.splitBrainLeft(id -> items.stream()
                .anyMatch(i -> i.outcome() == RunOutcome.SUCCEEDED && i.source().id().equals(id)));
        String counted = ok + " of " + items.size() + " done" + (ok == items.size() ? "" : "; " + (items.size() - ok) + " not");
        String summary = (left.isEmpty() ? "" : left + " ") + counted + ".";
        if (ok == items.size() && left.isEmpty()) {
            actions.notifications().success(title, summary);
            return;
        }
        actions.notifications().error(title, summary);
        items.stream().filter(i -> i.failure() != null).forEach(i -> LOG.warn("{}: {}", title, i.failure().describe()));
        List<WorkflowRequest> again = results.stream().filter(r -> !r.retryable().isEmpty()).map(WorkflowResult::retryRequest).toList();
        if (items.size() == 1 && items.get(0).failure() != null) {
            actions.dialogs().showFailure(withStateLeft(items.get(0)));
            return;
        }
        List<ItemOutcome<ItemResult>> outcomes = items.stream().map(ReplicationCommands::outcome).toList();
        if (dialogs.showResults(title, summary, outcomes, !again.isEmpty())) {
            plan(again).ifPresent(plans -> execute(title + " (retry)", plans));
        }
    }

    /** One item's result as the results dialog lists it: OK, the failure explained with its next step, or why it did not run. */
    static ItemOutcome<ItemResult> outcome(ItemResult r) {
        String site = r.item().item().knownA() == null ? "" : r.item().item().knownA().site();
        String name = r.item().item().displayName() + (site.isEmpty() ? "" : " on " + site);
        return switch (r.outcome()) {
            case SUCCEEDED -> new ItemOutcome<>(r, name, ItemOutcome.Status.DONE, "");
            case FAILED, PARTIAL -> new ItemOutcome<>(r, name, ItemOutcome.Status.FAILED, r.failure() == null ? r.stateLeft()
                    : join(r.failure().why() + ".", r.failure().whatToDo(), r.stateLeft()));
            case STOPPED, REFUSED -> new ItemOutcome<>(r, name, ItemOutcome.Status.NOT_RUN,
                    r.stateLeft().isEmpty() ? (r.outcome() == RunOutcome.REFUSED ? "Refused: a pre-flight check failed." : "Stopped.") : r.stateLeft());
        };
    }

    private static CallFailure withStateLeft(ItemResult r) {
        CallFailure f = r.failure();
        if (r.stateLeft().isEmpty()) return f;
        return new CallFailure(f.kind(), f.owner(), f.what(), f.why(), join(f.whatToDo(), r.stateLeft()), f.detail(), f);
    }

    private static String join(String... parts) {
        StringBuilder b = new StringBuilder();
        for (String p : parts) {
            if (p == null || p.isBlank()) continue;
            if (b.length() > 0) b.append(' ');
            b.append(p.strip());
        }
        return b.toString();
    }

    ReplicationWorkflows engine() {
        return model.services().workflows();
    }

    // ---- words

    static String verb(WorkflowKind kind) {
        return switch (kind) {
            case ENABLE -> "Enable";
            case DISABLE -> "Disable";
            case PROMOTE -> "Promote";
            case DEMOTE -> "Demote";
            case RESYNC -> "Resync";
            default -> kind.words();
        };
    }

    /**
     * {@code "Promote vol-1 on site-b · Demo"}, {@code "Promote vol-1 with force on site-b · Demo"}, {@code "Demote 12 volumes on
     * site-a · Demo"}, {@code "Resync 3 volumes and groups on Demo"}: {@code where} is the site's label ({@link SiteChoice#label})
     * or the connection; a call sent with force says so, as its result and the record show it.
     */
    static String title(WorkflowKind kind, List<WorkflowItem> items, String where, boolean force) {
        long groups = items.stream().filter(i -> i.source().group()).count();
        String what = items.size() == 1 ? items.get(0).displayName()
                : items.size() + (groups == items.size() ? " volume groups" : groups == 0 ? " volumes" : " volumes and groups");
        return verb(kind) + " " + what + (force ? " with force" : "") + (where == null || where.isEmpty() ? "" : " on " + where);
    }

    static String lower(WorkflowKind k) {
        return verb(k).toLowerCase(Locale.ROOT);
    }
}
