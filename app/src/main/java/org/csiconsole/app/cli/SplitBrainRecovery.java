package org.csiconsole.app.cli;

import org.csiconsole.core.replication.ReplicationRequest;
import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.ReplicationSite;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.replication.RpoThresholds;
import org.csiconsole.core.replication.WorkflowItem;
import org.csiconsole.core.replication.WorkflowKind;
import org.csiconsole.core.replication.WorkflowOptions;
import org.csiconsole.core.replication.WorkflowRequest;
import org.csiconsole.core.replication.WorkflowResult;
import org.csiconsole.core.risk.Assessment;
import org.csiconsole.core.risk.RiskModel;
import org.csiconsole.core.risk.RiskOperation;
import org.csiconsole.core.risk.RiskRequest;
import org.csiconsole.core.risk.TargetFacts;
import org.csiconsole.core.storage.replication.ReplicationEngine;
import picocli.CommandLine.Option;

import java.io.PrintWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * {@code csi-console replication recover-split-brain}: the split-brain recovery the GUI's wizard runs
 * ({@link WorkflowKind#SPLIT_BRAIN_RECOVERY} in the one {@link ReplicationEngine}) on pairs whose two
 * sides both report primary. The survivor keeps its data; on the other side each source is demoted
 * (DemoteVolume, no force), resynced from the survivor (ResyncVolume, asked again until
 * {@code ready}), then the survivor is awaited until it reports HEALTHY. Writes the demoted side took
 * since the split are discarded.
 *
 * <p>Before anything changes it reads both sides (the listing, GetReplicationDestinationInfo when no
 * {@code --partner-id} is given, GetVolumeReplicationInfo of each side: reads only, traced, not
 * audited) and prints their roles, health, {@code last_sync_time} and status side by side, then core's
 * risk assessment, which names the writes discarded on the demoted side. Each pair must then be
 * confirmed as the assessment asks: the discarded side's name typed on a terminal, else by its own
 * {@code --yes=<name or id>}; without a terminal and without {@code --yes} the command is refused
 * before it connects. A {@code --dry-run} needs no confirmation: it prints the same comparison, the
 * assessment and the calls in order with their parameters (secrets redacted) and sends nothing that
 * changes anything. Exit codes as its siblings
 * ({@link ReplicationCommand}).
 */
final class SplitBrainRecovery {
    /** The options of {@code recover-split-brain} besides the endpoints, targets and partner site. */
    static final class Options extends ReplicationOptions.Calls {
        @Option(names = "--survivor", required = true, paramLabel = "SITE",
                description = "The side whose data is kept: A (the --endpoint site), B (the --partner-endpoint site), "
                        + "or the --site-name or --partner-name of one.")
        String survivor;

        @Option(names = "--yes", paramLabel = "NAME",
                description = "Confirms the recovery of one pair, naming its volume or group by name or by either side's id; "
                        + "one per pair. Needed without a terminal (never implied); not needed for --dry-run.")
        List<String> yes = new ArrayList<>();
    }

    private static final String COMMAND = "recover-split-brain";

    private final ReplicationCommand command;
    private final Optional<ConsoleTerminal> terminal;
    private final PrintWriter err;

    SplitBrainRecovery(ReplicationCommand command, Optional<ConsoleTerminal> terminal, PrintWriter err) {
        this.command = command;
        this.terminal = terminal;
        this.err = err;
    }

    int run(CsiEndpointOptions o, ReplicationOptions.Targets t, Options s, ReplicationOptions.Partner p) throws Exception {
        List<ReplicationSource> sources = t.sources();
        if (!p.partnerIds.isEmpty() && p.partnerIds.size() != sources.size()) {
            throw ReplicationCommand.usage(COMMAND, "--partner-id was given " + org.csiconsole.core.model.Words.count(p.partnerIds.size(), "time") + " for "
                    + org.csiconsole.core.model.Words.count(sources.size(), "source"), "Give one --partner-id per source, in the order of --volume-id then --group-id, or none");
        }
        WorkflowOptions options = command.options(s, null, "B");
        RiskConsent risk = RiskConsent.on(() -> terminal);
        if (!s.dryRun) {
            risk.requireTerminalOrYes(RiskOperation.SPLIT_BRAIN_RECOVERY, TargetFacts.of(sources.get(0).kindWord(), sources.get(0).id(), ""), s.yes);
        }
        command.name(o, s.secrets.connection(command.env()), p, sources);
        if (p.siteA.equals(p.siteB)) throw ReplicationCommand.usage(COMMAND, "--site-name and --partner-name are both " + p.siteA, "Name the sites differently");
        boolean keepB = keepsPartnerSite(s.survivor, p);
        return command.connected(o, s.secrets.connection(command.env()), p.endpoint, p.addonsEndpoint, p.siteA, p.siteB, (a, b, out) -> {
            PairReads readA = new PairReads(a);
            PairReads readB = new PairReads(b);
            List<ReplicationSource> partners = new ArrayList<>();
            if (p.partnerIds.isEmpty()) partners.addAll(readA.partners(sources));
            else for (int i = 0; i < sources.size(); i++) partners.add(new ReplicationSource(sources.get(i).group(), p.partnerIds.get(i)));
            ReplicationRequest template = ReplicationCommand.template(s, sources.get(0));
            List<WorkflowItem> items = new ArrayList<>();
            List<TargetFacts> facts = new ArrayList<>();
            for (int i = 0; i < sources.size(); i++) {
                ReplicationSample sa = readA.state(sources.get(i), template);
                ReplicationSample sb = readB.state(partners.get(i), template);
                facts.add(ReplicationRisk.target(sources.get(i), sa, sb));
                ReplicationSample keep = keepB ? sb : sa;
                ReplicationSample other = keepB ? sa : sb;
                String name = !keep.item().name().isEmpty() ? keep.item().name() : other.item().name();
                items.add(new WorkflowItem(keep.source(), name, other.source(), keep, other));
            }
            ReplicationSite keepSite = keepB ? b : a;
            ReplicationSite otherSite = keepB ? a : b;
            ReplicationOutput print = new ReplicationOutput(out, o.output);
            Map<String, Object> extra = new LinkedHashMap<>();
            extra.put("survivorSite", keepSite.name());
            extra.put("sides", print.sides(items, keepSite.name(), otherSite.name(), RpoThresholds.DEFAULT, Instant.now()));
            Map<String, String> sites = Map.of(p.siteA, AuditedConnection.site(command.env(), p.siteA, o.controller(command.env()).text()),
                    p.siteB, AuditedConnection.site(command.env(), p.siteB, p.endpoint));
            Assessment assessment = risk.assess(RiskRequest.of(RiskOperation.SPLIT_BRAIN_RECOVERY, facts, Instant.now()).keeping(keepSite.name())
                    .on(command.connection(o, p.siteA, p.endpoint, p.siteB)).atSites(sites));
            List<String> sides = RiskModel.sides(assessment.request());
            extra.put("survivorAndDiscarded", sides);
            WorkflowRequest request = new WorkflowRequest(WorkflowKind.SPLIT_BRAIN_RECOVERY, keepSite, otherSite, items, template,
                    Map.of(), options);
            if (s.dryRun) return command.dryRun(o, request, s, Map.of(), assessment, extra);
            risk.confirm(assessment, s.yes, false, err);
            WorkflowResult result = command.execute(o, request);
            print.result(result, extra);
            if (o.output == OutputFormat.table && result.outcome() == org.csiconsole.core.replication.RunOutcome.SUCCEEDED) {
                sides.forEach(out::println);
                out.flush();
            }
            return ReplicationCommand.exitCode(result);
        });
    }

    /**
     * True when {@code survivor} names site B (the partner endpoint), false for site A.
     *
     * @throws org.csiconsole.core.call.CallFailure INVALID_ARGUMENT (exit 2) when it names neither site, or both
     */
    static boolean keepsPartnerSite(String survivor, ReplicationOptions.Partner p) {
        String v = survivor.strip();
        boolean a = v.equalsIgnoreCase("A") || v.equals(p.siteA);
        boolean b = v.equalsIgnoreCase("B") || v.equals(p.siteB);
        if (a == b) {
            throw ReplicationCommand.usage(COMMAND, "--survivor=" + survivor + (a ? " names both sites" : " names neither site")
                    + " (A: " + p.siteA + ", the --endpoint site; B: " + p.siteB + ", the --partner-endpoint site)",
                    "Give --survivor=A or --survivor=B: the side whose data is kept");
        }
        return b;
    }
}
