package org.csiconsole.views.replication;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.ReplicationInfo;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.port.StorageService;
import org.csiconsole.core.replication.ForceConfirmation;
import org.csiconsole.core.replication.ItemResult;
import org.csiconsole.core.replication.PlanItem;
import org.csiconsole.core.replication.PreflightCheck;
import org.csiconsole.core.replication.ReplicatedItem;
import org.csiconsole.core.replication.ReplicationAction;
import org.csiconsole.core.replication.ReplicationFailures;
import org.csiconsole.core.replication.ReplicationFeatures;
import org.csiconsole.core.replication.ReplicationHistory;
import org.csiconsole.core.replication.ReplicationPort;
import org.csiconsole.core.replication.ReplicationRequest;
import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.ReplicationSampler;
import org.csiconsole.core.replication.ReplicationSite;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.replication.ReplicationWorkflows;
import org.csiconsole.core.replication.RunOutcome;
import org.csiconsole.core.replication.SampleOrigin;
import org.csiconsole.core.replication.SampleRound;
import org.csiconsole.core.replication.SamplerSettings;
import org.csiconsole.core.replication.WorkflowEvent;
import org.csiconsole.core.replication.WorkflowItem;
import org.csiconsole.core.replication.WorkflowKind;
import org.csiconsole.core.replication.WorkflowPlan;
import org.csiconsole.core.replication.WorkflowRequest;
import org.csiconsole.core.replication.WorkflowResult;
import org.csiconsole.core.replication.WorkflowRun;
import org.csiconsole.core.replication.WorkflowStep;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;

/**
 * Fakes of the replication seams for view tests: a port per site that records the calls it gets
 * (and fails those it is told to), a sampler whose rounds the test publishes, and a small workflow
 * engine that plans one call per item for the single operations and the failover steps for the
 * guided workflows, running them synchronously against the ports.
 */
final class FakeReplication {
    static final Instant NOW = Instant.parse("2026-11-25T10:00:00Z");

    private FakeReplication() {
    }

    /** A sample of {@code id} on {@code site}: a volume with a destination on the other array. */
    static ReplicationSample sample(String site, String id, VolumeReplicationRole role, ReplicationHealth health,
                                    Duration sinceSync, String destinationId, String message) {
        ReplicatedItem item = new ReplicatedItem(ReplicationSource.volume(id), id, role, health,
                site.equals("site-a") ? "site-b" : "site-a", destinationId, Duration.ofMinutes(5), List.of(), site);
        ReplicationInfo info = sinceSync == null ? null
                : new ReplicationInfo(NOW.minus(sinceSync), Duration.ofSeconds(3), 1_048_576, health, message);
        return new ReplicationSample(item, role, info, null, SampleOrigin.CSI_ADDONS, NOW.minusSeconds(5), null, NOW.minusSeconds(5));
    }

    /** A port of one site that records calls and fails those named in {@link #failing}. */
    static final class Port implements ReplicationPort {
        final String site;
        final List<String> calls = new CopyOnWriteArrayList<>();
        final Map<String, CallFailure> failing = new LinkedHashMap<>();
        /** The clients GetFenceClients of this site's connection reports; none by default (not advertised). */
        final List<org.csiconsole.core.model.FenceClient> fenceClients = new java.util.concurrent.CopyOnWriteArrayList<>();
        /** The volume ids this site's connection lists (ListVolumes, advertised); null: it does not list its volumes. */
        volatile List<String> volumes;
        /** What {@link #features()} answers; a test may hold it back to make this site come up late. */
        CompletableFuture<ReplicationFeatures> features = CompletableFuture.completedFuture(new ReplicationFeatures(true, true, false, ""));

        Port(String site) {
            this.site = site;
        }

        @Override
        public String site() {
            return site;
        }

        @Override
        public CompletableFuture<ReplicationFeatures> features() {
            return features;
        }

        private CompletableFuture<Void> call(String what, ReplicationRequest r, ForceConfirmation force) {
            if (force != null) ForceConfirmation.require(force, r.source(), what);
            calls.add(what + " " + r.source().id() + (force == null ? "" : " force"));
            CallFailure f = failing.get(r.source().id());
            return f == null ? CompletableFuture.completedFuture(null) : CompletableFuture.failedFuture(f);
        }

        @Override
        public CompletableFuture<Void> promote(ReplicationRequest r, ForceConfirmation force) {
            return call("promote", r, force);
        }

        @Override
        public CompletableFuture<Void> demote(ReplicationRequest r, ForceConfirmation force) {
            return call("demote", r, force);
        }

        @Override
        public CompletableFuture<Boolean> resync(ReplicationRequest r, ForceConfirmation force) {
            return call("resync", r, force).thenApply(v -> true);
        }

        @Override
        public CompletableFuture<Void> enable(ReplicationRequest r) {
            return call("enable", r, null);
        }

        @Override
        public CompletableFuture<Void> disable(ReplicationRequest r) {
            return call("disable", r, null);
        }
    }

    /**
     * A storage whose only concern is {@code port}; when it is a {@link Port} with {@link Port#fenceClients}, it
     * offers GetFenceClients (NetworkFence.GET_CLIENTS_TO_FENCE) and reports them.
     */
    static StorageService storage(ReplicationPort port) {
        List<org.csiconsole.core.model.FenceClient> clients = port instanceof Port p ? p.fenceClients : List.of();
        return new StorageService() {
            @Override
            public CompletableFuture<List<org.csiconsole.core.port.SourceFailure>> listVolumes(
                    org.csiconsole.core.call.PageSink<org.csiconsole.core.model.Volume> pages) {
                pages.accept(listed().stream().map(id -> new org.csiconsole.core.model.Volume(id, "", 0, null, null, null, null, null,
                        List.of(), null, null, org.csiconsole.core.model.Origin.CSI, null)).toList());
                return CompletableFuture.completedFuture(List.of());
            }

            private List<String> listed() {
                return port instanceof Port p && p.volumes != null ? p.volumes : List.of();
            }

            @Override
            public CompletableFuture<org.csiconsole.core.port.Features> features() {
                if (port instanceof Port p && p.volumes != null) {
                    return CompletableFuture.completedFuture(org.csiconsole.core.port.Features.from(new org.csiconsole.core.model.CapabilitySet(
                            java.util.Set.of(), java.util.Set.of(org.csiconsole.core.model.ControllerCapability.LIST_VOLUMES), java.util.Set.of(),
                            java.util.Set.of(), java.util.Set.of(), false), true, false, false, false));
                }
                if (clients.isEmpty()) return CompletableFuture.completedFuture(org.csiconsole.core.port.Features.NONE);
                return CompletableFuture.completedFuture(org.csiconsole.core.port.AddonsFeatures.with(
                        org.csiconsole.core.port.Features.from(null, false, false, false, true),
                        java.util.Set.of(org.csiconsole.core.model.AddonsCapability.NETWORK_FENCE, org.csiconsole.core.model.AddonsCapability.GET_CLIENTS_TO_FENCE)));
            }

            @Override
            public CompletableFuture<List<org.csiconsole.core.model.FenceClient>> fenceClients(Map<String, String> parameters,
                                                                                         org.csiconsole.core.model.Secrets secrets) {
                return CompletableFuture.completedFuture(clients);
            }

            @Override
            public ReplicationPort replication() {
                return port;
            }
        };
    }

    /** A sampler whose rounds the test publishes. */
    static final class Sampler implements ReplicationSampler {
        final String site;
        volatile List<ReplicationSample> samples = List.of();
        volatile SampleRound last;
        final List<Consumer<SampleRound>> listeners = new CopyOnWriteArrayList<>();
        final List<Boolean> visibility = new CopyOnWriteArrayList<>();
        int started;
        int sampledNow;
        volatile SamplerSettings settings;

        Sampler(String site, SamplerSettings settings) {
            this.site = site;
            this.settings = settings;
        }

        /** Ends a round with {@code s}: the listeners get it. */
        void publish(List<ReplicationSample> s) {
            samples = List.copyOf(s);
            last = new SampleRound(site, NOW.minusSeconds(6), NOW.minusSeconds(5), s, List.of());
            listeners.forEach(l -> l.accept(last));
        }

        @Override public void start() { started++; }
        @Override public void visible(boolean shown) { visibility.add(shown); }

        /** What a sample now reads: by default the latest round again; a test may publish another (a re-read after a step). */
        Runnable onSampleNow = () -> { };

        @Override
        public CompletableFuture<SampleRound> sampleNow() {
            sampledNow++;
            onSampleNow.run();
            return CompletableFuture.completedFuture(last);
        }

        @Override public List<ReplicationSample> samples() { return samples; }
        @Override public SampleRound lastRound() { return last; }

        @Override
        public AutoCloseable subscribe(Consumer<SampleRound> listener) {
            listeners.add(listener);
            return () -> listeners.remove(listener);
        }

        @Override public SamplerSettings settings() { return settings; }
        @Override public void settings(SamplerSettings s) { settings = s; }
        @Override public void close() { }
    }

    /**
     * A workflow engine: one call per item for the single operations; planned failover = demote A,
     * wait for a final sync, promote B; unplanned = promote B with force. Runs synchronously; a
     * step fails when its port fails.
     */
    static final class Engine implements ReplicationWorkflows {
        final List<WorkflowPlan> planned = new CopyOnWriteArrayList<>();
        final List<WorkflowPlan> ran = new CopyOnWriteArrayList<>();
        List<PreflightCheck> liveChecks = List.of(PreflightCheck.pass("Both sides reachable", "site-a and site-b answered", null));
        /** Set to stop every run after its first step. */
        boolean stopAfterFirstStep;

        @Override
        public WorkflowPlan plan(WorkflowRequest r) {
            List<PlanItem> items = new ArrayList<>();
            for (WorkflowItem i : r.items()) {
                List<WorkflowStep> steps = new ArrayList<>();
                String a = r.siteA().name();
                switch (r.kind()) {
                    case PLANNED_FAILOVER -> {
                        steps.add(step(1, ReplicationAction.DEMOTE, a, i.source(), false, "Demote " + i.source().id() + " on " + a));
                        steps.add(step(2, ReplicationAction.WAIT_FINAL_SYNC, a, i.source(), false, "Wait for a final sync"));
                        steps.add(step(3, ReplicationAction.PROMOTE, r.siteB().name(), i.partner(), false,
                                "Promote " + i.partner().id() + " on " + r.siteB().name()));
                    }
                    case UNPLANNED_FAILOVER -> {
                        if (!r.force().containsKey(i.partner())) {
                            throw new CallFailure(FailureKind.INVALID_ARGUMENT, "Unplanned failover", "force on "
                                    + i.partner().id() + " is not confirmed", "Type its name.", "");
                        }
                        steps.add(step(1, ReplicationAction.PROMOTE, r.siteB().name(), i.partner(), true,
                                "Promote " + i.partner().id() + " on " + r.siteB().name() + " with force"));
                    }
                    default -> steps.add(step(1, action(r.kind()), a, i.source(), r.force().containsKey(i.source()),
                            r.kind().words() + " " + i.source().id()));
                }
                items.add(new PlanItem(i, i.partner(), steps, null, null));
            }
            WorkflowPlan p = new WorkflowPlan(r, items, List.of(), NOW);
            planned.add(p);
            return p;
        }

        private static WorkflowStep step(int n, ReplicationAction a, String site, ReplicationSource target, boolean force, String words) {
            Map<String, String> req = new LinkedHashMap<>();
            req.put("replication_source.volume.volume_id", target.id());
            req.put("force", String.valueOf(force));
            req.put("secrets", "(redacted)");
            return new WorkflowStep(n, a, site, target, req, force, words);
        }

        private static ReplicationAction action(WorkflowKind k) {
            return switch (k) {
                case ENABLE -> ReplicationAction.ENABLE;
                case DISABLE -> ReplicationAction.DISABLE;
                case PROMOTE -> ReplicationAction.PROMOTE;
                case DEMOTE -> ReplicationAction.DEMOTE;
                default -> ReplicationAction.RESYNC;
            };
        }

        @Override
        public CompletableFuture<List<PreflightCheck>> preflight(WorkflowPlan plan) {
            return CompletableFuture.completedFuture(liveChecks);
        }

        @Override
        public WorkflowRun run(WorkflowPlan plan, Consumer<WorkflowEvent> listener) {
            ran.add(plan);
            List<WorkflowEvent> events = new ArrayList<>();
            Consumer<WorkflowEvent> tell = e -> {
                events.add(e);
                listener.accept(e);
            };
            List<ItemResult> results = new ArrayList<>();
            for (PlanItem item : plan.items()) {
                int done = 0;
                CallFailure failure = null;
                RunOutcome outcome = RunOutcome.SUCCEEDED;
                for (WorkflowStep s : item.steps()) {
                    if (stopAfterFirstStep && done == 1) {
                        outcome = RunOutcome.STOPPED;
                        break;
                    }
                    tell.accept(new WorkflowEvent(NOW, WorkflowEvent.Type.STEP_STARTED, item.source(), s.index(), s.description(), -1));
                    if (s.action() == ReplicationAction.RESYNC) {
                        tell.accept(new WorkflowEvent(NOW, WorkflowEvent.Type.STEP_PROGRESS, item.source(), s.index(),
                                "Resync is running: 99% done (the driver's report)", 99));
                    }
                    ReplicationSite site = s.site().equals(plan.request().siteA().name()) ? plan.request().siteA() : plan.request().siteB();
                    CallFailure f = call(site.replication(), s, plan.request().force().get(s.target()));
                    if (f != null) {
                        failure = ReplicationFailures.explain(f, s.action(), s.target());
                        tell.accept(new WorkflowEvent(NOW, WorkflowEvent.Type.STEP_FAILED, item.source(), s.index(), failure.why(), -1));
                        outcome = RunOutcome.FAILED;
                        break;
                    }
                    tell.accept(new WorkflowEvent(NOW, WorkflowEvent.Type.STEP_SUCCEEDED, item.source(), s.index(), "done", -1));
                    done++;
                }
                String left = outcome == RunOutcome.STOPPED ? item.item().displayName() + " was demoted on site-a; its partner is still secondary." : "";
                tell.accept(new WorkflowEvent(NOW, outcome == RunOutcome.SUCCEEDED ? WorkflowEvent.Type.ITEM_SUCCEEDED
                        : outcome == RunOutcome.STOPPED ? WorkflowEvent.Type.ITEM_STOPPED : WorkflowEvent.Type.ITEM_FAILED,
                        item.source(), 0, outcome.name(), -1));
                results.add(new ItemResult(item, outcome, done, failure, left));
            }
            long ok = results.stream().filter(x -> x.outcome() == RunOutcome.SUCCEEDED).count();
            RunOutcome all = results.stream().anyMatch(x -> x.outcome() == RunOutcome.STOPPED) ? RunOutcome.STOPPED
                    : ok == results.size() ? RunOutcome.SUCCEEDED : ok == 0 ? RunOutcome.FAILED : RunOutcome.PARTIAL;
            WorkflowResult result = new WorkflowResult(plan, all, results, liveChecks);
            tell.accept(new WorkflowEvent(NOW, WorkflowEvent.Type.FINISHED, null, 0, all.name(), -1));
            return new WorkflowRun() {
                @Override public WorkflowPlan plan() { return plan; }
                @Override public CompletableFuture<WorkflowResult> result() { return CompletableFuture.completedFuture(result); }
                @Override public void stop() { }
                @Override public boolean stopRequested() { return false; }
                @Override public List<WorkflowEvent> events() { return events; }
            };
        }

        private static CallFailure call(ReplicationPort port, WorkflowStep s, ForceConfirmation force) {
            ReplicationRequest r = ReplicationRequest.of(s.target());
            CompletableFuture<?> f = switch (s.action()) {
                case PROMOTE -> port.promote(r, s.force() ? force : null);
                case DEMOTE -> port.demote(r, s.force() ? force : null);
                case RESYNC -> port.resync(r, s.force() ? force : null);
                case ENABLE -> port.enable(r);
                case DISABLE -> port.disable(r);
                default -> CompletableFuture.completedFuture(null);
            };
            try {
                f.join();
                return null;
            } catch (java.util.concurrent.CompletionException e) {
                return CallFailure.unwrap(e);
            }
        }

        @Override
        public boolean busy(ReplicationSource source) {
            return false;
        }
    }

    /** Services over fake samplers (one per port, kept by site) and the fake engine. */
    static final class Services implements ReplicationServices {
        final Map<String, Sampler> samplers = new LinkedHashMap<>();
        final Engine engine = new Engine();
        ReplicationHistory history;

        @Override
        public ReplicationSampler sampler(String site, ReplicationPort port, SamplerSettings settings) {
            Sampler s = new Sampler(site, settings);
            samplers.put(site, s);
            return s;
        }

        @Override
        public ReplicationWorkflows workflows() {
            return engine;
        }

        @Override
        public Optional<ReplicationHistory> history() {
            return Optional.ofNullable(history);
        }

        @Override
        public org.csiconsole.core.risk.RiskAssessor risk() {
            return new org.csiconsole.core.risk.RiskModel(ZoneOffset.UTC);
        }

        /** What the clock reads; {@link #NOW} unless a test moves it. */
        volatile Instant now = NOW;

        @Override
        public Clock clock() {
            return Clock.fixed(now, ZoneOffset.UTC);
        }
    }
}
