package org.csiconsole.app.cli;

import org.csiconsole.app.audit.LazyAuditLog;
import org.csiconsole.app.cli.ReplicationOptions.Calls;
import org.csiconsole.app.cli.ReplicationOptions.Partner;
import org.csiconsole.app.cli.ReplicationOptions.Run;
import org.csiconsole.app.cli.ReplicationOptions.Targets;
import org.csiconsole.core.addons.AddonsClient;
import org.csiconsole.core.audit.AuditSink;
import org.csiconsole.core.call.CallAudit;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.Cidr;
import org.csiconsole.core.model.ConnectionSecrets;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.port.FenceRequest;
import org.csiconsole.core.replication.ForceConfirmation;
import org.csiconsole.core.replication.ItemResult;
import org.csiconsole.core.replication.ReplicatedItem;
import org.csiconsole.core.replication.ReplicationHistory;
import org.csiconsole.core.replication.ReplicationRequest;
import org.csiconsole.core.replication.PairMismatch;
import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.ReplicationSite;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.replication.RpoThresholds;
import org.csiconsole.core.replication.RunOutcome;
import org.csiconsole.core.replication.SampleRound;
import org.csiconsole.core.replication.SamplerSettings;
import org.csiconsole.core.replication.SitePairs;
import org.csiconsole.core.replication.WorkflowItem;
import org.csiconsole.core.replication.WorkflowKind;
import org.csiconsole.core.replication.WorkflowOptions;
import org.csiconsole.core.replication.WorkflowPlan;
import org.csiconsole.core.replication.WorkflowRequest;
import org.csiconsole.core.replication.WorkflowResult;
import org.csiconsole.core.storage.CsiStorage;
import org.csiconsole.core.storage.replication.ReplicationEngine;
import org.csiconsole.core.storage.replication.ScheduledReplicationSampler;
import org.csiconsole.core.risk.Assessment;
import org.csiconsole.core.risk.FenceFacts;
import org.csiconsole.core.risk.Hazard;
import org.csiconsole.core.port.FenceConfirmation;
import org.csiconsole.core.risk.RiskOperation;
import org.csiconsole.core.risk.Existence;
import org.csiconsole.core.risk.RiskRequest;
import org.csiconsole.core.risk.TargetFacts;
import org.csiconsole.core.store.SqliteReplicationHistory;
import org.csiconsole.core.storage.replication.RecordedReplicationPort;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * {@code csi-console replication list|info|enable|disable|promote|demote|resync|failover|failback|recover-split-brain}:
 * csi-addons replication (replication.proto) through the one workflow engine the GUI's wizards use
 * ({@link ReplicationEngine}), on the csi-addons endpoint of site A ({@code --addons-endpoint}, by
 * default {@code --endpoint}) and, for {@code failover}, {@code failback} and
 * {@code recover-split-brain} ({@link SplitBrainRecovery}), site B ({@code --partner-endpoint},
 * {@code --partner-addons-endpoint}). A two-site command learns each source's partner on site B
 * (GetReplicationDestinationInfo, else the listing's partner id) unless {@code --partner-id} names
 * it; so does a dry run, whose reads change nothing and are not audited.
 *
 * <p>Before anything is sent each command reads both sides of each pair (the listing, the partner, and
 * GetVolumeReplicationInfo of each side: reads only, traced, not audited; a one-site operation reads
 * the partner through {@code --partner-endpoint}, else where its own endpoint lists it) and asks core
 * for the one risk assessment ({@link RiskConsent}): a call core refuses exits 2 with its reason and
 * next step, and the consent it names is required ({@code --force} on a source only when that source
 * is named by its own {@code --yes=<name or id>}, or typed on a terminal; never on a list of volumes
 * without naming each). Operations act on every {@code --volume-id} and {@code --group-id} with at most
 * {@code --concurrency} at once and print each item's result; {@code --dry-run} prints the assessment,
 * then the calls in order with their parameters (secrets redacted), needs no consent and sends none of
 * them. Every call is audited once by the call policy, also when it fails (a forced one marked forced);
 * polls of a resync are traced, not audited.
 *
 * <p>Exit codes ({@link ExitCodes}): 0 when every item succeeded (or a dry run); else the code of the
 * first failed item's failure kind (1 at the plugin, 3 endpoint, 4 unsupported, 5 authentication);
 * 1 when a pre-flight check refused the run (nothing was sent); 2 for bad usage, a call core's
 * assessment refuses, or {@code --force} without a matching {@code --yes}.
 */
@Command(name = "replication", mixinStandardHelpOptions = true,
        description = "List replication state, enable/disable, promote/demote/resync, fail over, fail back and recover from a split brain "
                + "(csi-addons Replication).")
public final class ReplicationCommand {
    private final Function<String, String> env;
    private final Supplier<Optional<ConsoleTerminal>> terminal;
    private final AuditSink audit;
    /** The workflow engine's steps, so the audit records a workflow's calls as its steps (as the GUI's sink does). */
    private final org.csiconsole.core.audit.OverrideMarks marks = new org.csiconsole.core.audit.OverrideMarks();
    private final Path dataDir;

    @Spec
    CommandSpec spec;

    /** The process environment and console; audited into {@code audit}, history next to it. */
    public ReplicationCommand(LazyAuditLog audit) {
        this(System::getenv, audit);
    }

    /** The environment {@code env} ({@code CSI_ENDPOINT}, {@code CSI_SECRETS_FILE}) and the console; audited into {@code audit}. */
    public ReplicationCommand(Function<String, String> env, LazyAuditLog audit) {
        this(env, ConsoleTerminal::system, audit, audit.dataDir());
    }

    /** The environment the command reads ({@code CSI_ENDPOINT}, {@code CSI_SECRETS_FILE}). */
    Function<String, String> env() {
        return env;
    }

    /**
     * @param dataDir where the replication history lives ({@link SqliteReplicationHistory}); null to keep none
     */
    ReplicationCommand(Function<String, String> env, Supplier<Optional<ConsoleTerminal>> terminal, AuditSink audit, Path dataDir) {
        this.env = Objects.requireNonNull(env, "env");
        this.terminal = Objects.requireNonNull(terminal, "terminal");
        this.audit = Objects.requireNonNull(audit, "audit");
        this.dataDir = dataDir;
    }

    // ------------------------------------------------------------------ reads

    @Command(name = "list", mixinStandardHelpOptions = true,
            description = "Sample every replicated volume and group once: role, health, RPO age, last sync, partner. "
                    + "With --partner-endpoint, site A's and site B's side by side with mismatches and the safe next step.",
            exitCodeListHeading = "%nExit codes:%n",
            exitCodeList = {
                    "0:every row was read (a row the driver answers is not replicated or not found counts as read)",
                    "4:the driver does not list its volumes (no LIST_VOLUMES) and none this console knows of is a replicated source: "
                            + "add their ids (inventory add-ids, inventory import-pv); a line on stderr says so",
                    "5:rows could not be read because secrets were missing or refused (--secrets-file, CSI_SECRETS_FILE)",
                    "3:rows could not be read because the endpoint did not answer",
                    "1:rows could not be read for another reason at the driver; a summary line on stderr counts them",
                    "2:bad usage"})
    int list(@Mixin CsiEndpointOptions o, @Mixin SecretsFileOption secrets,
             @Option(names = "--partner-endpoint", paramLabel = "ENDPOINT", description = "Site B's CSI endpoint, to list site pairs.") String partner,
             @Option(names = "--partner-addons-endpoint", paramLabel = "ENDPOINT", description = "Site B's csi-addons endpoint.") String partnerAddons)
            throws Exception {
        return connected(o, secrets.connection(env), partner, partnerAddons, "A", "B", (a, b, out) -> {
            SamplerSettings settings = SamplerSettings.DEFAULT;
            List<ReplicationSample> sa = sample(a, settings);
            ReplicationOutput print = new ReplicationOutput(out, o.output);
            List<ReplicationSample> sb = b == null ? List.of() : sample(b, settings);
            if (b == null) {
                // Partners on the same endpoint (both sides served by one driver) are found by their destination id.
                java.util.Map<String, ReplicationSample> bySource = new java.util.HashMap<>();
                for (ReplicationSample s : sa) bySource.putIfAbsent(s.source().id(), s);
                java.util.Map<String, ReplicationSample> partners = new java.util.HashMap<>();
                for (ReplicationSample s : sa) {
                    ReplicationSample p = bySource.get(s.destinationId());
                    if (p != null && p != s) partners.put(s.source().id(), p);
                }
                print.samples(sa, settings.thresholds(), java.time.Instant.now(), settings.staleAfter(), partners);
            } else {
                print.pairs(SitePairs.match(sa, sb), settings.thresholds(), java.time.Instant.now(), settings.staleAfter());
            }
            List<ReplicationSample> all = new ArrayList<>(sa);
            all.addAll(sb);
            int code = unread(all, spec.commandLine().getErr());
            String why = org.csiconsole.core.replication.InventoryNote.whyEmpty(listsVolumes(a) && (b == null || listsVolumes(b)), all);
            if (code != ExitCodes.OK || why.isEmpty()) return code;
            spec.commandLine().getErr().println(why);
            spec.commandLine().getErr().flush();
            return ExitCodes.UNSUPPORTED;
        });
    }

    /** True when the site's driver lists its volumes (LIST_VOLUMES), so that its listing is the whole inventory. */
    private static boolean listsVolumes(ReplicationSite site) throws Exception {
        return !(site.fence() instanceof org.csiconsole.core.port.StorageService s)
                || s.features().get().available(org.csiconsole.core.port.Feature.LIST_VOLUMES);
    }

    /**
     * The exit code of a listing: {@link ExitCodes#OK} when every row was read; else the code of the first row whose
     * read failed, after one line on {@code err} counting those rows by failure kind with the first reason of each, and
     * where to give secrets when a read lacked them. A row the driver answers is not replicated (replication not
     * enabled) or does not hold (NOT_FOUND) was read: its answer is shown in the row; any other failure is a failed read.
     */
    static int unread(List<ReplicationSample> rows, PrintWriter err) {
        List<CallFailure> failed = rows.stream().filter(s -> !org.csiconsole.core.replication.InventoryNote.answered(s))
                .map(ReplicationSample::lastError).filter(java.util.Objects::nonNull).toList();
        if (failed.isEmpty()) return ExitCodes.OK;
        Map<FailureKind, List<CallFailure>> byKind = new LinkedHashMap<>();
        for (CallFailure f : failed) byKind.computeIfAbsent(f.kind(), k -> new ArrayList<>()).add(f);
        StringBuilder line = new StringBuilder(failed.size() + " of " + org.csiconsole.core.model.Words.count(rows.size(), "row")
                + " could not be read: ");
        boolean first = true;
        for (var e : byKind.entrySet()) {
            line.append(first ? "" : "; ").append(e.getValue().size()).append(' ').append(e.getKey()).append(" (")
                    .append(e.getValue().get(0).why()).append(')');
            first = false;
        }
        line.append('.');
        if (byKind.containsKey(FailureKind.AUTHENTICATION)) {
            line.append(" Give or correct the secrets with --secrets-file FILE or the ").append(SecretsFileOption.ENV)
                    .append(" variable (in the console: the connection profile's secrets file, Edit connection).");
        } else {
            String todo = failed.get(0).whatToDo();
            if (!todo.isBlank()) line.append(' ').append(todo.strip()).append(todo.strip().endsWith(".") ? "" : ".");
        }
        err.println(line);
        err.flush();
        return ExitCodes.forThrowable(failed.get(0));
    }

    @Command(name = "info", mixinStandardHelpOptions = true,
            description = "GetVolumeReplicationInfo (and GetReplicationDestinationInfo when advertised) of each --volume-id and --group-id.")
    int info(@Mixin CsiEndpointOptions o, @Mixin SecretsFileOption secrets,
             @ArgGroup(exclusive = false, multiplicity = "1") Targets targets) throws Exception {
        return connected(o, secrets.connection(env), null, null, "A", "B", (a, b, out) -> {
            List<ReplicationSample> samples = new ArrayList<>();
            java.time.Instant now = java.time.Instant.now();
            for (ReplicationSource s : targets.sources()) {
                ReplicatedItem item = ReplicatedItem.of(s, a.name());
                var info = a.replication().info(ReplicationRequest.of(s)).handle((i, e) -> new Object[] {i, e}).get();
                var dest = a.replication().destination(s, Secrets.NONE).handle((d, e) -> d).get();
                CallFailure f = info[1] == null ? null : CallFailure.unwrap((Throwable) info[1]);
                if (f != null && targets.sources().size() == 1) throw f;
                samples.add(new ReplicationSample(item, org.csiconsole.core.model.VolumeReplicationRole.UNKNOWN,
                        (org.csiconsole.core.model.ReplicationInfo) info[0], dest, org.csiconsole.core.replication.SampleOrigin.CSI_ADDONS,
                        f == null ? now : null, f, now));
            }
            new ReplicationOutput(out, o.output).samples(samples, RpoThresholds.DEFAULT, now, SamplerSettings.DEFAULT.staleAfter());
            return samples.stream().filter(x -> x.lastError() != null).findFirst().map(x -> ExitCodes.forThrowable(x.lastError())).orElse(ExitCodes.OK);
        });
    }

    // ------------------------------------------------------------------ one-site operations

    @Command(name = "enable", mixinStandardHelpOptions = true, description = "EnableVolumeReplication (--parameter, --replication-id).")
    int enable(@Mixin CsiEndpointOptions o, @ArgGroup(exclusive = false, multiplicity = "1") Targets t, @Mixin Run r,
            @Mixin ReplicationOptions.OnePartner p) throws Exception {
        return oneSite(WorkflowKind.ENABLE, o, t, r, p);
    }

    @Command(name = "disable", mixinStandardHelpOptions = true, description = "DisableVolumeReplication.")
    int disable(@Mixin CsiEndpointOptions o, @ArgGroup(exclusive = false, multiplicity = "1") Targets t, @Mixin Run r,
            @Mixin ReplicationOptions.OnePartner p) throws Exception {
        return oneSite(WorkflowKind.DISABLE, o, t, r, p);
    }

    @Command(name = "promote", mixinStandardHelpOptions = true,
            description = "PromoteVolume: make these sources primary. --force only with --yes=<id> for each.")
    int promote(@Mixin CsiEndpointOptions o, @ArgGroup(exclusive = false, multiplicity = "1") Targets t, @Mixin Run r,
            @Mixin ReplicationOptions.OnePartner p) throws Exception {
        return oneSite(WorkflowKind.PROMOTE, o, t, r, p);
    }

    @Command(name = "demote", mixinStandardHelpOptions = true, description = "DemoteVolume: make these sources secondary.")
    int demote(@Mixin CsiEndpointOptions o, @ArgGroup(exclusive = false, multiplicity = "1") Targets t, @Mixin Run r,
            @Mixin ReplicationOptions.OnePartner p) throws Exception {
        return oneSite(WorkflowKind.DEMOTE, o, t, r, p);
    }

    @Command(name = "resync", mixinStandardHelpOptions = true, description = "ResyncVolume, asked again until ready (--wait-timeout).")
    int resync(@Mixin CsiEndpointOptions o, @ArgGroup(exclusive = false, multiplicity = "1") Targets t, @Mixin Run r,
            @Mixin ReplicationOptions.OnePartner p) throws Exception {
        return oneSite(WorkflowKind.RESYNC, o, t, r, p);
    }

    private int oneSite(WorkflowKind kind, CsiEndpointOptions o, Targets t, Run r, ReplicationOptions.OnePartner p) throws Exception {
        List<ReplicationSource> sources = t.sources();
        RiskConsent risk = RiskConsent.on(terminal);
        // two endpoints are two sites, named as a failover names them; one endpoint serving both is named by it, its arrays beside
        String[] names = p.endpoint == null || p.endpoint.equals(o.controller(env).text())
                ? new String[] {o.addons(env).text(), p.addonsEndpoint != null ? p.addonsEndpoint : p.endpoint != null ? p.endpoint : "site B"}
                : siteNames(o, r.secrets.connection(env), p.endpoint, p.addonsEndpoint, sources);
        String partnerName = names[1];
        return connected(o, r.secrets.connection(env), p.endpoint, p.addonsEndpoint, names[0], partnerName, (a, b, out) -> {
            ReplicationRequest template = template(r, sources.get(0));
            PairReads readsA = new PairReads(a);
            PairReads readsB = b == null ? null : new PairReads(b);
            List<TargetFacts> facts = new ArrayList<>();
            // whether each volume to enable exists: the driver's complete listing, else what this console knows of the site
            Map<String, Existence> presence = kind != WorkflowKind.ENABLE ? Map.of()
                    : Existence.read(a.fence(), readsA.listed().keySet().stream().filter(x -> !x.group()).map(ReplicationSource::id)
                            .collect(java.util.stream.Collectors.toSet()), sources.stream().filter(x -> !x.group()).map(ReplicationSource::id).toList())
                    .get(2, TimeUnit.MINUTES);
            for (ReplicationSource s : sources) {
                ReplicationSample self = readsA.state(s, template);
                ReplicationSample partner = null;
                if (!self.destinationId().isEmpty()) {
                    ReplicationSource other = new ReplicationSource(s.group(), self.destinationId());
                    if (readsB != null) partner = readsB.partnerState(other, template);
                    else if (readsA.listed().containsKey(other)) partner = readsA.state(other, template);
                }
                // matched against site B only when one was given: then a partner it lacks is a mismatched pair
                TargetFacts target = ReplicationRisk.target(s, self, partner).withPresence(s.group() ? null : presence.get(s.id()));
                facts.add(readsB == null ? target : target.paired(SitePairs.judge(self, partner)));
            }
            RiskRequest asked = new RiskRequest(RiskOperation.of(kind), r.force, facts, "", "", Instant.now())
                    .on(connection(o, a.name(), p.endpoint, partnerName));
            // EnableVolumeReplication's parameters are judged by core too (a schedulingInterval that is no duration)
            Assessment assessment = risk.assess(kind == WorkflowKind.ENABLE ? asked.sending(template.parameters()) : asked);
            WorkflowRequest request = WorkflowRequest.onOneSite(kind, a, items(sources, null));
            return decide(o, request, r, assessment, null, sources, risk, out);
        });
    }

    /**
     * A dry run prints the assessment (and the fence's, when an unplanned failover fences) and the plan and sends
     * nothing; a run renders each assessment, takes the consent each names (the fence's: the blocks, as
     * {@code csi-console fence} takes them, among the {@code --yes} values) and runs the workflow.
     *
     * @param fence core's assessment of the fence step; null when the run fences nothing
     */
    private int decide(CsiEndpointOptions o, WorkflowRequest request, Run r, Assessment assessment, Assessment fence,
                       List<ReplicationSource> forced, RiskConsent risk, PrintWriter out) throws Exception {
        if (r.dryRun) {
            Map<String, Object> extra = new LinkedHashMap<>();
            if (fence != null) {
                extra.put("fenceAssessment", RiskConsent.json(fence));
                if (o.output == OutputFormat.table) {
                    fence.lines().forEach(spec.commandLine().getOut()::println);
                    spec.commandLine().getOut().println();
                }
            }
            return dryRun(o, request, r, ReplicationRisk.force(assessment, forced, null), assessment, extra);
        }
        List<List<String>> yes = RiskConsent.split(fence, r.yes);
        RiskConsent.Given given = risk.confirm(assessment, yes.get(1), false, spec.commandLine().getErr());
        if (fence != null) risk.confirm(fence, yes.get(0), false, spec.commandLine().getErr());
        return run(o, request, r, ReplicationRisk.force(assessment, forced, given), assessment, fence, out);
    }

    // ------------------------------------------------------------------ two-site workflows

    @Command(name = "failover", mixinStandardHelpOptions = true,
            description = {"Planned failover: demote site A's sources, wait for a final sync later than the demote, promote site B's.",
                    "With --unplanned: optionally fence site A's clients (--fence-cidr), then force-promote site B's sources; "
                            + "needs --force and --yes=<site B id> for each, and states the data-loss window from the last sync. "
                            + "A fence asks its own consent, as csi-console fence does: --yes=<the blocks, comma-separated>.",
                    "Site B's ids are learned (GetReplicationDestinationInfo, else the listing) unless --partner-id names them; "
                            + "a --dry-run only reads to learn them."},
            footer = ReplicationExamples.FAILOVER)
    int failover(@Mixin CsiEndpointOptions o, @ArgGroup(exclusive = false, multiplicity = "1") Targets t, @Mixin Run r,
                 @ArgGroup(exclusive = false, multiplicity = "1") Partner p,
                 @Option(names = "--unplanned", description = "Site A is lost: force-promote site B without a final sync.") boolean unplanned,
                 @Option(names = "--fence-cidr", paramLabel = "CIDR", description = "With --unplanned: fence these client blocks first; repeatable.")
                 List<String> fence,
                 @Option(names = "--fence-site", paramLabel = "A|B", defaultValue = "B", description = "Whose csi-addons fences (default ${DEFAULT-VALUE}).")
                 String fenceSite) throws Exception {
        if (!unplanned && fence != null && !fence.isEmpty()) {
            throw usage("failover", "--fence-cidr applies to an unplanned failover only", "Add --unplanned, or drop --fence-cidr");
        }
        FenceRequest f = fence == null || fence.isEmpty() ? null : fenceRequest(fence);
        return twoSites(unplanned ? WorkflowKind.UNPLANNED_FAILOVER : WorkflowKind.PLANNED_FAILOVER, o, t, r, p, f, fenceSite);
    }

    @Command(name = "failback", mixinStandardHelpOptions = true,
            description = "Demote and resync site A's old primaries, wait until healthy, then a planned failover back from site B to site A.",
            footer = ReplicationExamples.FAILBACK)
    int failback(@Mixin CsiEndpointOptions o, @ArgGroup(exclusive = false, multiplicity = "1") Targets t, @Mixin Run r,
                 @ArgGroup(exclusive = false, multiplicity = "1") Partner p) throws Exception {
        return twoSites(WorkflowKind.FAILBACK, o, t, r, p, null, "B");
    }

    @Command(name = "recover-split-brain", mixinStandardHelpOptions = true,
            description = {"Split-brain recovery (both sides primary): keep the --survivor's data; on the other side demote each source, "
                    + "resync it from the survivor and wait until the pair is HEALTHY. What the other side wrote since the split is discarded.",
                    "Prints both sides' role, health and last sync side by side first; each pair needs --yes=<name or id> "
                            + "(or typing it on a terminal). Never sends force."},
            footer = ReplicationExamples.RECOVER_SPLIT_BRAIN)
    int recoverSplitBrain(@Mixin CsiEndpointOptions o, @ArgGroup(exclusive = false, multiplicity = "1") Targets t,
                          @Mixin SplitBrainRecovery.Options s, @ArgGroup(exclusive = false, multiplicity = "1") Partner p) throws Exception {
        return new SplitBrainRecovery(this, terminal.get(), spec.commandLine().getErr()).run(o, t, s, p);
    }

    /**
     * Names site A and site B where {@code --site-name} and {@code --partner-name} did not ({@link #siteNames}).
     */
    void name(CsiEndpointOptions o, ConnectionSecrets secrets, Partner p, List<ReplicationSource> sources) throws Exception {
        if (!p.siteA.isBlank() && !p.siteB.isBlank()) return;
        String[] names = siteNames(o, secrets, p.endpoint, p.addonsEndpoint, sources);
        if (p.siteA.isBlank()) p.siteA = names[0];
        if (p.siteB.isBlank()) p.siteB = names[1];
    }

    /**
     * Site A's and site B's names, the one term every replication verb and the workbench use for a site: the array each
     * site's partner listing names (the reference plugin's and a CSP's {@code site-a}, {@code site-b}); else the endpoint;
     * {@code "site A"} and {@code "site B"} when both sites are one endpoint too. Reads the listings only (traced, not
     * audited).
     *
     * @param partner site B's CSI endpoint
     */
    String[] siteNames(CsiEndpointOptions o, ConnectionSecrets secrets, String partner, String partnerAddons, List<ReplicationSource> sources)
            throws Exception {
        String[] learned = {"", ""};
        connected(o, secrets, partner, partnerAddons, "site A", "site B", (a, b, out) -> {
            Map<ReplicationSource, ReplicationSample> listedA = new PairReads(a).listed();
            Map<ReplicationSource, ReplicationSample> listedB = new PairReads(b).listed();
            for (ReplicationSource s : sources) {
                ReplicationSample sa = listedA.get(s);
                if (sa == null) continue;
                if (learned[1].isEmpty()) learned[1] = sa.item().partner();
                ReplicationSample sb = sa.item().partnerId().isEmpty() ? null : listedB.get(new ReplicationSource(s.group(), sa.item().partnerId()));
                if (learned[0].isEmpty() && sb != null) learned[0] = sb.item().partner();
            }
            return ExitCodes.OK;
        });
        String endpointA = o.controller(env).text();
        boolean oneEndpoint = endpointA.equals(partner);
        String a = !learned[0].isEmpty() ? learned[0] : oneEndpoint ? "site A" : endpointA;
        String b = !learned[1].isEmpty() && !learned[1].equals(a) ? learned[1] : oneEndpoint ? "site B" : partner;
        return new String[] {a, b};
    }

    private int twoSites(WorkflowKind kind, CsiEndpointOptions o, Targets t, Run r, Partner p, FenceRequest fence, String fenceSite)
            throws Exception {
        List<ReplicationSource> sources = t.sources();
        name(o, r.secrets.connection(env), p, sources);
        if (!p.partnerIds.isEmpty() && p.partnerIds.size() != sources.size()) {
            throw usage(kind.words(), "--partner-id was given " + org.csiconsole.core.model.Words.count(p.partnerIds.size(), "time") + " for " + org.csiconsole.core.model.Words.count(sources.size(), "source"),
                    "Give one --partner-id per source, in the order of --volume-id then --group-id, or none");
        }
        if (p.siteA.equals(p.siteB)) throw usage(kind.words(), "--site-name and --partner-name are both " + p.siteA, "Name the sites differently");
        List<ReplicationSource> partners = new ArrayList<>();
        for (int i = 0; i < p.partnerIds.size(); i++) partners.add(new ReplicationSource(sources.get(i).group(), p.partnerIds.get(i)));
        if (kind == WorkflowKind.UNPLANNED_FAILOVER && !r.force) {
            throw usage(kind.words(), "an unplanned failover force-promotes site B's sources and needs --force",
                    "Add --force and --yes=<site B id> for each source, or run a planned failover");
        }
        WorkflowOptions options = options(r, fence, fenceSite);
        RiskConsent risk = RiskConsent.on(terminal);
        // both sides are read (reads only, traced, not audited) so the assessment states them, in a dry run too
        return connected(o, r.secrets.connection(env), p.endpoint, p.addonsEndpoint, p.siteA, p.siteB, (a, b, out) -> {
            PairReads readsA = new PairReads(a);
            PairReads readsB = new PairReads(b);
            List<ReplicationSource> resolved = partners.isEmpty() ? readsA.partners(sources) : partners;
            ReplicationRequest template = template(r, sources.get(0));
            List<WorkflowItem> items = new ArrayList<>();
            List<TargetFacts> facts = new ArrayList<>();
            for (int i = 0; i < sources.size(); i++) {
                ReplicationSample sa = readsA.state(sources.get(i), template);
                ReplicationSample sb = readsB.partnerState(resolved.get(i), template);
                // the plan's checks read the same states the assessment states (the listing alone has no last sync)
                items.add(new WorkflowItem(sources.get(i), "", resolved.get(i), sa, sb));
                TargetFacts target = ReplicationRisk.target(sources.get(i), sa, sb);
                facts.add(target.paired(sb == null ? PairMismatch.PARTNER_MISSING : SitePairs.judge(sa, sb)));
            }
            Assessment assessment = risk.assess(new RiskRequest(RiskOperation.of(kind), r.force, facts, "", "", Instant.now())
                    .on(connection(o, p.siteA, p.endpoint, p.siteB)));
            Assessment fenced = fence == null ? null : fenceAssessment(fence, fenceSite.equals("A") ? a : b,
                    fenceSite.equals("A") ? AuditedConnection.site(env, p.siteA, o.addons(env).text())
                            : AuditedConnection.site(env, p.siteB, p.addonsEndpoint != null ? p.addonsEndpoint : p.endpoint), risk);
            WorkflowRequest request = new WorkflowRequest(kind, a, b, items, template, Map.of(), options);
            return decide(o, request, r, assessment, fenced, forceTargets(kind, sources, resolved), risk, out);
        });
    }

    /**
     * Core's assessment of an unplanned failover's fence, as Network fence and the wizard make it: who is inside the
     * blocks, read through {@code fencing} (GetFenceClients, the hosts and volumes it serves; reads only), each source
     * not read named on stderr.
     *
     * @param on the fencing site and its endpoint, as the assessment names them
     */
    private Assessment fenceAssessment(FenceRequest fence, ReplicationSite fencing, String on, RiskConsent risk) throws Exception {
        FenceFacts.WhoIsInside who = FenceFacts.read(fencing.fence(), fence).get(2, TimeUnit.MINUTES);
        for (String u : who.unread()) spec.commandLine().getErr().println("Who is inside the fenced blocks: not read from " + u + ".");
        return risk.assess(RiskRequest.of(RiskOperation.FENCE, who.facts(), Instant.now())
                .sending(Map.of("cidrs", FenceConfirmation.expected(fence.cidrs()))).on(on));
    }

    private static List<ReplicationSource> forceTargets(WorkflowKind kind, List<ReplicationSource> sources, List<ReplicationSource> partners) {
        return kind == WorkflowKind.UNPLANNED_FAILOVER ? partners : sources;
    }

    // ------------------------------------------------------------------ shared

    WorkflowOptions options(Calls r, FenceRequest fence, String fenceSite) {
        if (r.concurrency < 1) throw usage("--concurrency", "it must be at least 1, was " + r.concurrency, "Give --concurrency 1 or more");
        WorkflowOptions o = WorkflowOptions.DEFAULT.withConcurrency(r.concurrency)
                .withPollInterval(Duration.ofMillis(Math.max(10, r.pollMillis))).withWaitTimeout(Duration.ofSeconds(Math.max(1, r.waitSeconds)));
        if (fence != null) {
            if (!fenceSite.equals("A") && !fenceSite.equals("B")) throw usage("--fence-site", "it must be A or B, was " + fenceSite, "Give A or B");
            o = o.withFence(fence, fenceSite);
        }
        return o;
    }

    static ReplicationRequest template(Calls r, ReplicationSource first) {
        return ReplicationRequest.of(first).withReplicationId(r.replicationId).withParameters(r.parameters);
    }

    private static List<WorkflowItem> items(List<ReplicationSource> sources, List<ReplicationSource> partners) {
        List<WorkflowItem> out = new ArrayList<>();
        for (int i = 0; i < sources.size(); i++) {
            out.add(new WorkflowItem(sources.get(i), "", partners == null || partners.isEmpty() ? null : partners.get(i), null, null));
        }
        return out;
    }

    /**
     * Prints core's assessment (hazards, verdict, the consent a run would need), then the plan; sends nothing.
     * Table output prints the assessment's lines first; JSON carries it as {@code assessment}. Exits as
     * {@link #dryRunExit}.
     */
    int dryRun(CsiEndpointOptions o, WorkflowRequest req, Calls r, Map<ReplicationSource, ForceConfirmation> force, Assessment assessment,
               Map<String, Object> extra) {
        WorkflowPlan plan = new ReplicationEngine().plan(req.withForce(force).withOptions(req.options().fence() != null ? req.options()
                : options(r, null, "B")).withTemplate(template(r, req.items().get(0).source())));
        PrintWriter out = spec.commandLine().getOut();
        Map<String, Object> all = new LinkedHashMap<>();
        all.put("assessment", RiskConsent.json(assessment));
        all.putAll(extra);
        if (o.output == OutputFormat.table) {
            assessment.lines().forEach(out::println);
            out.println();
        }
        new ReplicationOutput(out, o.output).plan(plan, all);
        return dryRunExit(assessment, plan);
    }

    /**
     * The exit code of a dry run: the one its real run would exit with when it is refused whatever is typed (a verdict
     * that blocks it, {@link ExitCodes#USAGE}; a failed pre-flight check, {@link ExitCodes#CALL_FAILED}), else
     * {@link ExitCodes#OK}. A consent not yet given is no refusal: a dry run needs none.
     */
    static int dryRunExit(Assessment assessment, WorkflowPlan plan) {
        if (assessment.blocked()) return ExitCodes.USAGE;
        return plan != null && plan.blocked() ? ExitCodes.CALL_FAILED : ExitCodes.OK;
    }

    /**
     * Runs {@code req} and prints its result; a run that made a split brain ({@link Assessment#splitBrainLeft}) prints it in
     * core's words (table: a line after the results; JSON: {@code splitBrain}) and exits {@link ExitCodes#SPLIT_BRAIN}
     * when nothing failed.
     */
    private int run(CsiEndpointOptions o, WorkflowRequest req, Run r, Map<ReplicationSource, ForceConfirmation> force, Assessment assessment,
                    Assessment fence, PrintWriter out) throws Exception {
        WorkflowRequest full = req.withForce(force).withTemplate(template(r, req.items().get(0).source()))
                .withOptions(req.options().fence() != null ? req.options() : options(r, null, "B"));
        WorkflowResult result = execute(o, full);
        String left = assessment.splitBrainLeft(id -> result.succeeded().stream().anyMatch(i -> i.source().id().equals(id)));
        // the fence is each item's first step: it was sent once any item got past it
        String fenced = fence == null || result.items().stream().noneMatch(i -> i.stepsDone() > 0) ? ""
                : org.csiconsole.core.port.FenceConfirmation.done(true, org.csiconsole.core.model.Cidr.parseAll(full.options().fence().cidrTexts()),
                fence.request().connection()) + fence.hazards().stream().filter(h -> h.kind() == Hazard.Kind.ACCESS_LOST).findFirst()
                .map(h -> " " + Character.toUpperCase(h.sentence().charAt(0)) + h.sentence().substring(1) + ".").orElse("")
                + " To unfence: csi-console unfence --cidr " + String.join(" --cidr ", full.options().fence().cidrTexts()) + ".";
        Map<String, Object> extra = new LinkedHashMap<>();
        if (fence != null) extra.put("fenced", fenced.isEmpty() ? List.of() : full.options().fence().cidrTexts());
        if (!left.isEmpty()) extra.put("splitBrain", left);
        ReplicationOutput print = new ReplicationOutput(out, o.output);
        print.result(result, extra);
        if (o.output == OutputFormat.table && !fenced.isEmpty()) {
            out.println(fenced);
            out.flush();
        }
        if (left.isEmpty()) return exitCode(result);
        if (o.output == OutputFormat.table) {
            out.println(left);
            out.flush();
        }
        return result.outcome() == RunOutcome.SUCCEEDED ? ExitCodes.SPLIT_BRAIN : exitCode(result);
    }

    /**
     * Runs {@code request} through the workflow engine, with progress lines on stderr for table output,
     * recorded in the replication history when one is kept.
     */
    WorkflowResult execute(CsiEndpointOptions o, WorkflowRequest request) throws Exception {
        ReplicationHistory history = dataDir == null ? null : openHistory();
        try {
            ReplicationEngine engine = new ReplicationEngine(Clock.systemUTC(), RpoThresholds.DEFAULT, history, marks);
            WorkflowPlan plan = engine.plan(request);
            ReplicationOutput.ProgressLines lines = new ReplicationOutput.ProgressLines(spec.commandLine().getErr());
            return engine.run(plan, e -> {
                if (o.output == OutputFormat.table) lines.accept(e);
            }).result().get();
        } finally {
            if (history != null) history.close();
        }
    }

    private ReplicationHistory openHistory() {
        try {
            return SqliteReplicationHistory.open(dataDir);
        } catch (CallFailure e) {
            spec.commandLine().getErr().println("The replication history is not kept for this run: " + e.why());
            return null;
        }
    }

    static int exitCode(WorkflowResult r) {
        if (r.outcome() == RunOutcome.SUCCEEDED) return ExitCodes.OK;
        if (r.outcome() == RunOutcome.REFUSED) return ExitCodes.CALL_FAILED;
        return r.items().stream().map(ItemResult::failure).filter(Objects::nonNull).findFirst()
                .map(ExitCodes::forThrowable).orElse(ExitCodes.CALL_FAILED);
    }

    private static List<ReplicationSample> sample(ReplicationSite site, SamplerSettings settings) throws Exception {
        try (ScheduledReplicationSampler s = ScheduledReplicationSampler.create(site.name(), site.replication(), settings, null)) {
            SampleRound round = s.sampleNow().get(10, TimeUnit.MINUTES);
            if (round.samples().isEmpty() && !round.missing().isEmpty()) throw round.missing().get(0).failure();
            return round.samples();
        }
    }

    private static FenceRequest fenceRequest(List<String> cidrs) {
        try {
            return new FenceRequest(Cidr.parseAll(cidrs), Map.of(), Secrets.NONE);
        } catch (IllegalArgumentException e) {
            throw usage("Read --fence-cidr", e.getMessage(), "Give each --fence-cidr as a block, e.g. 10.1.0.0/24");
        }
    }

    static CallFailure usage(String what, String why, String todo) {
        return CallFailure.refused(what, why, todo);
    }

    /**
     * The sites a replication command acts on, as its assessment names them, each with the saved profile it is reached
     * through ({@link AuditedConnection#site}): {@code "site-a on Served (unix:///a.sock), site-b (unix:///b.sock)"};
     * site A alone without a partner endpoint.
     */
    String connection(CsiEndpointOptions o, String nameA, String partnerEndpoint, String nameB) {
        String a = AuditedConnection.site(env, nameA, o.controller(env).text());
        return partnerEndpoint == null ? a : a + ", " + AuditedConnection.site(env, nameB, partnerEndpoint);
    }

    @FunctionalInterface
    interface OnSites {
        int run(ReplicationSite a, ReplicationSite b, PrintWriter out) throws Exception;
    }

    /**
     * Opens site A (and site B when {@code partner} is given), runs, prints the trace, closes. Both
     * sites' calls that carry secrets send {@code secrets}.
     */
    int connected(CsiEndpointOptions o, ConnectionSecrets secrets, String partner, String partnerAddons, String nameA, String nameB, OnSites work) throws Exception {
        CallTrace trace = new CallTrace();
        List<AutoCloseable> open = new ArrayList<>();
        try {
            ReplicationSite a = site(o, secrets, o.controller(env), o.node(), o.addons(env), nameA, trace, open);
            ReplicationSite b = partner == null ? null : site(o, secrets, o.withTls(Endpoint.parse(partner)), Optional.empty(),
                    o.withTls(Endpoint.parse(partnerAddons != null ? partnerAddons : partner)), nameB, trace, open);
            int code = work.run(a, b, spec.commandLine().getOut());
            spec.commandLine().getOut().flush();
            return code;
        } catch (ExecutionException | CompletionException e) {
            CallFailure f = CallFailure.unwrap(e);
            throw f != null ? f : e;
        } finally {
            for (int i = open.size() - 1; i >= 0; i--) open.get(i).close();
            if (o.trace) CsiOutput.trace(spec.commandLine().getErr(), trace.snapshot());
        }
    }

    private ReplicationSite site(CsiEndpointOptions o, ConnectionSecrets secrets, Endpoint csiEndpoint, Optional<Endpoint> node, Endpoint addonsEndpoint, String name,
                                 CallTrace trace, List<AutoCloseable> open) {
        String filedUnder = AuditedConnection.name(env, addonsEndpoint.text());
        CsiClientOptions options = CsiClientOptions.defaults().withPolicy(o.policy())
                .withAudit(CallAudit.to(marks.marking(audit), org.csiconsole.core.audit.AuditOrigin.local(filedUnder))).withSecrets(secrets);
        CsiClient csi = CsiClient.open(csiEndpoint, node, options, trace);
        open.add(csi);
        AddonsClient addons = AddonsClient.open(addonsEndpoint, options, trace);
        open.add(addons);
        CsiStorage storage = new CsiStorage(csi, false, addons);
        // The console's record joins the listing: a driver without LIST_VOLUMES still has its volumes sampled.
        return new ReplicationSite(name, new RecordedReplicationPort(storage.replication(name, null), CsiCommands.book(audit, csi)), storage, filedUnder);
    }
}
