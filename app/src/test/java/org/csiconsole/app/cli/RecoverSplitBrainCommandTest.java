package org.csiconsole.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.csiconsole.app.audit.LazyAuditLog;
import org.csiconsole.core.audit.AuditEntry;
import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditQuery;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.reference.SiteScope;
import org.csiconsole.core.reference.array.ReplicationHealthState;
import org.csiconsole.core.reference.array.ReplicationRole;
import org.csiconsole.core.reference.array.ReplicationStatus;
import org.csiconsole.core.reference.array.VolumeSpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code csi-console replication recover-split-brain} against the reference plugin served as two
 * sites, each on a real unix socket scoped to its array, with pair 0 in split brain (both sides
 * primary), auditing into a real log.
 */
class RecoverSplitBrainCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String DEMOTE = "replication.Controller/DemoteVolume";
    private static final String RESYNC = "replication.Controller/ResyncVolume";

    @TempDir
    Path dir;
    private ReferencePlugin plugin;
    private LazyAuditLog audit;
    private String siteA;
    private String siteB;
    private final List<String> local = new ArrayList<>();
    private final List<String> remote = new ArrayList<>();
    private StringWriter out;
    private StringWriter err;

    @BeforeEach
    void start() throws Exception {
        plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.EMPTY).start();
        for (int i = 0; i < 2; i++) {
            var v = plugin.model().volumes().create(new VolumeSpec("pvc-split-" + i, "site-a", null, 1L << 30, false, "ext4", List.of(),
                    List.of("SINGLE_NODE_WRITER"), Map.of(), Map.of(), Map.of(), null, null, ""));
            local.add(v.id());
            remote.add(plugin.model().replications().enable(v.id(), Map.of(), 60_000).peerId());
        }
        plugin.model().replications().setResyncDuration(300);
        plugin.replicationFaults().splitBrain(local.get(0)).join();
        for (String site : new String[] {"site-a", "site-b"}) {
            plugin.serve(new ReferencePlugin.Sockets(dir.resolve(site + ".sock"), Optional.empty(), Optional.empty(), Optional.empty())
                    .scopedTo(SiteScope.of(site)));
        }
        siteA = "unix://" + dir.resolve("site-a.sock");
        siteB = "unix://" + dir.resolve("site-b.sock");
        audit = new LazyAuditLog(dir.resolve("data"));
    }

    @AfterEach
    void stop() {
        audit.close();
        plugin.close();
    }

    private int run(String... args) {
        return runOn(Optional.empty(), args);
    }

    private int runOn(Optional<ConsoleTerminal> terminal, String... args) {
        out = new StringWriter();
        err = new StringWriter();
        CommandLine cl = new CommandLine(new CsiConsoleCommand());
        cl.setExecutionExceptionHandler(new FailureHandler());
        cl.setExitCodeExceptionMapper(ExitCodes::forThrowable);
        cl.addSubcommand(new ReplicationCommand(k -> null, () -> terminal, audit, dir.resolve("data")));
        cl.addSubcommand(new AuditCommand(audit));
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    /** {@code replication recover-split-brain} of pair 0 between the two sites, then {@code more}. */
    private String[] recover(String... more) {
        return Stream.concat(Stream.of("replication", "recover-split-brain", "--endpoint", siteA, "--partner-endpoint", siteB,
                "--volume-id", local.get(0), "--poll-interval", "20"), Arrays.stream(more)).toArray(String[]::new);
    }

    private List<AuditEntry> audited() {
        return audit.find(AuditQuery.FIRST_PAGE);
    }

    private ReplicationStatus status(String id) {
        return plugin.model().replications().of(id).orElseThrow();
    }

    /** The methods of the calls {@code --trace} printed on stderr. */
    private List<String> traced() {
        return err.toString().lines().filter(l -> l.startsWith("# ")).map(l -> l.substring(2, l.indexOf(' ', 2))).toList();
    }

    private void assertBothSidesStillPrimary() {
        assertThat(status(local.get(0)).role()).isEqualTo(ReplicationRole.PRIMARY);
        assertThat(status(remote.get(0)).role()).isEqualTo(ReplicationRole.PRIMARY);
    }

    @Test
    void recoveryKeepsTheSurvivorPrimaryDemotesAndResyncsTheOtherSideAndAuditsEachOperationOnce() throws Exception {
        int code = run(recover("--survivor=B", "--yes=" + local.get(0), "--output", "json"));

        assertThat(code).as(err.toString()).isEqualTo(ExitCodes.OK);
        JsonNode result = JSON.readTree(out.toString());
        assertThat(result.get("workflow").asText()).isEqualTo("SPLIT_BRAIN_RECOVERY");
        assertThat(result.get("outcome").asText()).isEqualTo("SUCCEEDED");
        assertThat(result.get("items").findValuesAsText("source")).containsExactly(remote.get(0));
        assertThat(status(remote.get(0)).role()).isEqualTo(ReplicationRole.PRIMARY);
        assertThat(status(local.get(0)).role()).isEqualTo(ReplicationRole.SECONDARY);
        assertThat(status(local.get(0)).resyncing()).isFalse();
        assertThat(status(local.get(0)).health()).isEqualTo(ReplicationHealthState.HEALTHY);
        List<AuditEntry> entries = audited();
        assertThat(entries).extracting(e -> e.record().call()).containsExactlyInAnyOrder(DEMOTE, RESYNC);
        assertThat(entries).allSatisfy(e -> {
            assertThat(e.record().names(local.get(0))).isTrue();
            assertThat(e.record().outcome()).isEqualTo(AuditOutcome.OK);
        });
    }

    @Test
    void theRecoverysCallsAreAuditedAsItsStepsNamingBothSidesAndAreNotForcedWithoutForceTrue() throws Exception {
        assertThat(run(recover("--survivor=B", "--yes=" + local.get(0)))).as(err.toString()).isEqualTo(ExitCodes.OK);

        assertThat(run("audit", "--output", "json")).as(err.toString()).isEqualTo(ExitCodes.OK);
        JsonNode rows = JSON.readTree(out.toString());
        assertThat(rows).extracting(r -> r.get("call").asText()).containsExactlyInAnyOrder(DEMOTE, RESYNC);
        assertThat(rows).allSatisfy(r -> {
            assertThat(r.get("forced").asBoolean()).as("DemoteVolume and ResyncVolume were sent with force=false").isFalse();
            assertThat(r.get("workflow").asText()).startsWith("Split-brain recovery: survivor ").contains("(" + remote.get(0) + ")")
                    .contains("discarded ").contains("(" + local.get(0) + ")");
        });
        assertThat(run("audit", "--forced", "--output", "json")).isEqualTo(ExitCodes.OK);
        assertThat(JSON.readTree(out.toString())).as("nothing carried force=true").isEmpty();
    }

    @Test
    void theSurvivorNamedByItsSiteNameKeepsItsDataAndTheDemotedSidesIdConfirmsThePair() throws Exception {
        int code = run(recover("--site-name", "site-a", "--partner-name", "site-b", "--survivor=site-a", "--yes=" + remote.get(0),
                "--output", "json"));

        assertThat(code).as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(JSON.readTree(out.toString()).get("survivorSite").asText()).isEqualTo("site-a");
        assertThat(status(local.get(0)).role()).isEqualTo(ReplicationRole.PRIMARY);
        assertThat(status(remote.get(0)).role()).isEqualTo(ReplicationRole.SECONDARY);
        assertThat(audited()).extracting(e -> e.record().call()).containsExactlyInAnyOrder(DEMOTE, RESYNC);
        assertThat(audited()).allSatisfy(e -> assertThat(e.record().names(remote.get(0))).isTrue());
    }

    @Test
    void withSiteNamesTheDryRunTheConfirmationAndTheResultNameTheSurvivorAndTheDiscardedSideBesideTheirEndpoints() {
        String kept = "Survivor: its data is kept: " + remote.get(0) + " on paris (" + siteB + ")";
        String discarded = "Demoted and resynced: its changes since the split are discarded: " + local.get(0) + " on london (" + siteA + ")";
        String[] named = {"--site-name", "london", "--partner-name", "paris", "--survivor=paris"};

        assertThat(run(recover(Stream.concat(Arrays.stream(named), Stream.of("--dry-run")).toArray(String[]::new)))).as(err.toString())
                .isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains(kept, discarded)
                .contains("writes to " + local.get(0) + " on london (" + siteA + ") since the split");
        assertBothSidesStillPrimary();

        List<String> prompts = new ArrayList<>();
        int code = runOn(Optional.of(prompt -> {
            prompts.add(prompt);
            return local.get(0);
        }), recover(named));
        assertThat(code).as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(err.toString()).as("the confirmation").contains(kept, discarded);
        assertThat(out.toString()).as("the result").contains(kept, discarded);
        assertThat(status(local.get(0)).role()).isEqualTo(ReplicationRole.SECONDARY);
    }

    @Test
    void withoutYesAndWithoutATerminalTheRecoveryIsRefusedBeforeAnythingIsSent() {
        int code = run(recover("--survivor=B", "--trace"));

        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--yes=" + local.get(0)).contains("nothing was sent");
        assertThat(traced()).isEmpty();
        assertThat(audited()).isEmpty();
        assertBothSidesStillPrimary();
    }

    @Test
    void aYesNamingAnotherVolumeIsRefusedAndNothingIsChanged() {
        int code = run(recover("--survivor=B", "--yes=" + local.get(1)));

        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--yes=" + local.get(1) + " names none of the pairs").contains("nothing was sent");
        assertThat(audited()).isEmpty();
        assertBothSidesStillPrimary();
    }

    @Test
    void aWrongNameTypedOnTheTerminalIsRefusedAndNothingIsChanged() {
        List<String> prompts = new ArrayList<>();
        int code = runOn(Optional.of(prompt -> {
            prompts.add(prompt);
            return local.get(0);
        }), recover("--survivor=A"));

        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(prompts).as("the discarded side's name is typed, not the survivor's").singleElement().asString()
                .contains("Type " + remote.get(0));
        assertThat(err.toString()).contains("is demoted and resynced").contains("nothing was sent");
        assertThat(audited()).isEmpty();
        assertBothSidesStillPrimary();
    }

    @Test
    void theNameTypedOnTheTerminalConfirmsTheRecovery() {
        int code = runOn(Optional.of(prompt -> remote.get(0)), recover("--survivor=A"));

        assertThat(code).as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(status(remote.get(0)).role()).isEqualTo(ReplicationRole.SECONDARY);
        assertThat(audited()).hasSize(2);
    }

    @Test
    void aDryRunPrintsBothSidesAndTheCallsInOrderAndChangesNothing() throws Exception {
        int code = run(recover("--survivor=B", "--dry-run", "--trace", "--output", "json"));

        assertThat(code).as(err.toString()).isEqualTo(ExitCodes.OK);
        JsonNode plan = JSON.readTree(out.toString());
        assertThat(plan.get("dryRun").asBoolean()).isTrue();
        assertThat(plan.get("steps").findValuesAsText("rpc")).containsExactly(DEMOTE, RESYNC, "replication.Controller/GetVolumeReplicationInfo");
        assertThat(plan.get("steps").findValuesAsText("site")).containsExactly("site-a", "site-a", "site-b");
        assertThat(plan.get("steps").get(0).get("request").get("replication_source.volume.volume_id").asText()).isEqualTo(local.get(0));
        assertThat(plan.get("steps").findValuesAsText("force")).containsOnly("false");
        assertThat(plan.get("steps").findValuesAsText("pair")).as("both sides named: the survivor and the side whose writes are discarded")
                .containsOnly("volume " + remote.get(0) + " on site-b, the survivor: its data is kept; its partner " + local.get(0)
                        + " on site-a: its writes since the split are discarded");
        JsonNode side = plan.get("sides").get(0);
        assertThat(side.get("survivor").get("source").asText()).isEqualTo(remote.get(0));
        assertThat(side.get("demoted").get("source").asText()).isEqualTo(local.get(0));
        assertThat(side.findValuesAsText("health")).containsExactly("ERROR", "ERROR");
        assertThat(side.get("survivor").get("lastSyncTime").isNull()).isFalse();
        assertThat(traced()).as("reads only").isNotEmpty().allMatch(m -> m.matches(".*/(\\w*Get\\w*|List\\w*|Probe)"), "a read");
        assertThat(audited()).isEmpty();
        assertBothSidesStillPrimary();
    }

    @Test
    void theTableShowsBothSidesLastSyncAndHealthBeforeTheResult() {
        String lastSync = Instant.ofEpochMilli(status(local.get(0)).lastSyncTimeMs()).toString();

        int code = run(recover("--survivor=B", "--yes=" + local.get(0)));

        assertThat(code).as(err.toString()).isEqualTo(ExitCodes.OK);
        String text = out.toString();
        int sides = text.indexOf("Both sides now: site-b keeps its data; site-a is demoted and resynced from it.");
        int result = text.indexOf("SOURCE");
        assertThat(sides).isNotNegative().isLessThan(result);
        String table = text.substring(sides, result);
        assertThat(table).contains("SURVIVOR (site-b)").contains("DEMOTED+RESYNCED (site-a)").contains(remote.get(0)).contains(local.get(0))
                .contains("ERROR").contains(lastSync).contains("Split-brain");
    }

    @Test
    void aSurvivorNamingNeitherSiteIsAUsageErrorThatNamesBoth() {
        int code = run(recover("--survivor=site-c", "--yes=" + local.get(0)));

        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("names neither site").contains("--survivor=A or --survivor=B");
        assertBothSidesStillPrimary();
    }
}
