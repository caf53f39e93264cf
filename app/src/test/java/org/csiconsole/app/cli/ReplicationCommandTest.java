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
import org.csiconsole.core.reference.array.ReplicationRole;
import org.csiconsole.core.reference.array.VolumeSpec;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code csi-console replication} against the reference plugin served as two sites, each on a real
 * unix socket scoped to its array, auditing into a real log.
 */
class ReplicationCommandTest {
    private static final ObjectMapper JSON = new ObjectMapper();

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
        for (int i = 0; i < 3; i++) {
            var v = plugin.model().volumes().create(new VolumeSpec("pvc-cli-" + i, "site-a", null, 1L << 30, false, "ext4", List.of(),
                    List.of("SINGLE_NODE_WRITER"), Map.of(), Map.of(), Map.of(), null, null, ""));
            local.add(v.id());
            remote.add(plugin.model().replications().enable(v.id(), Map.of(), 60_000).peerId());
        }
        plugin.model().replications().setResyncDuration(500);
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
        out = new StringWriter();
        err = new StringWriter();
        CommandLine cl = new CommandLine(new CsiConsoleCommand());
        cl.setExecutionExceptionHandler(new FailureHandler());
        cl.setExitCodeExceptionMapper(ExitCodes::forThrowable);
        cl.addSubcommand(new ReplicationCommand(k -> null, Optional::empty, audit, dir.resolve("data")));
        cl.addSubcommand(new AuditCommand(audit));
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    private List<AuditEntry> audited() {
        return audit.find(AuditQuery.FIRST_PAGE);
    }

    private ReplicationRole role(String id) {
        return plugin.model().replications().of(id).orElseThrow().role();
    }

    @Test
    void aPromoteAgainstAPartnerEndpointThatIsNotThePartnerSiteIsRefusedAsAMismatchedPairAndSendsNothing() throws Exception {
        try (ReferencePlugin unrelated = ReferencePlugin.builder(dir.resolve("other-state")).seed(Seed.EMPTY).start()) {
            unrelated.serve(new ReferencePlugin.Sockets(dir.resolve("unrelated.sock"), Optional.empty(), Optional.empty(), Optional.empty()));

            int code = run("replication", "promote", "--endpoint", siteB, "--volume-id", remote.get(0),
                    "--partner-endpoint", "unix://" + dir.resolve("unrelated.sock"));

            assertThat(code).as(err.toString()).isEqualTo(ExitCodes.USAGE);
            assertThat(err.toString()).contains("the site pair of " + remote.get(0) + " is mismatched (Partner missing)")
                    .contains("needs a correct pairing");
            assertThat(role(remote.get(0))).as("nothing sent").isEqualTo(ReplicationRole.SECONDARY);
        }
    }

    @Test
    void listPrintsEachReplicatedVolumeOfTheSiteWithRoleHealthAndRpoAge() throws Exception {
        assertThat(run("replication", "list", "--endpoint", siteA, "--output", "json")).isEqualTo(ExitCodes.OK);
        JsonNode rows = JSON.readTree(out.toString());

        assertThat(rows).hasSize(3);
        assertThat(rows.findValuesAsText("source")).containsExactlyElementsOf(local);
        assertThat(rows.findValuesAsText("role")).containsOnly("primary");
        assertThat(rows.findValuesAsText("health")).containsOnly("HEALTHY");
        assertThat(rows.findValuesAsText("rpoLevel")).containsOnly("OK");
        assertThat(rows.findValuesAsText("destinationId")).containsExactlyElementsOf(remote);
        assertThat(audited()).isEmpty();
    }

    @Test
    void listWithoutAnyNameSaysWhyTheNameColumnIsEmptyAndWhereNamesComeFrom() {
        assertThat(run("replication", "list", "--endpoint", siteA)).as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("NAME is empty: the driver reports no names (CSI ListVolumes carries none) and the console's "
                + "record holds none of these sources");
    }

    @Test
    void listNamesEachVolumeAsTheVolumesCommandDoes() throws Exception {
        for (int i = 0; i < 3; i++) {
            audit.book(siteA).record(org.csiconsole.core.record.RecordedItem.of(org.csiconsole.core.record.RecordKind.VOLUME, local.get(i),
                    "pvc-cli-" + i, org.csiconsole.core.model.VolumeSource.NONE, org.csiconsole.core.record.RecordOrigin.CREATED, 1L << 30,
                    Map.of(), java.time.Instant.now()));
        }
        assertThat(run("replication", "list", "--endpoint", siteA)).as(err.toString()).isEqualTo(ExitCodes.OK);
        String table = out.toString();
        for (int i = 0; i < 3; i++) assertThat(table).containsPattern(local.get(i) + " +pvc-cli-" + i + " ");
        assertThat(table).doesNotContain("NAME is empty");
        assertThat(run("replication", "list", "--endpoint", siteA, "--output", "json")).isEqualTo(ExitCodes.OK);
        assertThat(JSON.readTree(out.toString()).findValuesAsText("name")).containsExactly("pvc-cli-0", "pvc-cli-1", "pvc-cli-2");
    }

    @Test
    void listWithAPartnerFlagsBothSidesPrimaryWithTheSafeNextStep() throws Exception {
        plugin.replicationFaults().splitBrain(local.get(1)).join();

        assertThat(run("replication", "list", "--endpoint", siteA, "--partner-endpoint", siteB, "--output", "json")).isEqualTo(ExitCodes.OK);
        JsonNode pairs = JSON.readTree(out.toString());

        assertThat(pairs).hasSize(3);
        assertThat(pairs.findValuesAsText("mismatch")).containsExactly("NONE", "BOTH_PRIMARY", "NONE");
        assertThat(pairs.get(1).get("nextStep").asText()).contains("demote the other side and resync");
    }

    @Test
    void aSecondaryReadsItsPrimarysRpoAgeAsTheConsoleShowsIt() throws Exception {
        assertThat(run("replication", "list", "--endpoint", siteA, "--partner-endpoint", siteB, "--output", "json")).isEqualTo(ExitCodes.OK);
        JsonNode pairs = JSON.readTree(out.toString());

        for (JsonNode pair : pairs) {
            assertThat(pair.get("b").get("role").asText()).isEqualTo("secondary");
            assertThat(pair.get("b").get("rpoAgeSeconds").isNull()).as("the secondary's RPO age is its primary's, not unknown").isFalse();
            assertThat(pair.get("b").get("rpoAgeSeconds").asLong()).isEqualTo(pair.get("a").get("rpoAgeSeconds").asLong());
        }
        out.getBuffer().setLength(0);
        assertThat(run("replication", "list", "--endpoint", siteB)).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).as("alone, the secondaries say where their RPO age is")
                .contains("its RPO age is its primary's; give --partner-endpoint");
    }

    @Test
    void forceOnAListOfVolumesWithoutNamingEachIsRefusedBeforeAnythingIsSent() {
        int code = run("replication", "promote", "--endpoint", siteB, "--volume-id", remote.get(0), "--volume-id", remote.get(1),
                "--force", "--yes=" + remote.get(0));

        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("missing for " + remote.get(1)).contains("nothing was sent");
        assertThat(audited()).isEmpty();
        assertThat(role(remote.get(0))).isEqualTo(ReplicationRole.SECONDARY);
    }

    @Test
    void anUnplannedFailoverWithoutForceIsRefused() {
        assertThat(run("replication", "failover", "--unplanned", "--endpoint", siteA, "--volume-id", local.get(0),
                "--partner-endpoint", siteB)).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("needs --force");
    }

    /** Each replication verb in a state of the pairs, and whether core's assessment of it names a danger. */
    enum Verb {
        PROMOTE_IN_SPLIT_BRAIN(true), FORCE_PROMOTE_BESIDE_A_PRIMARY(true), DEMOTE_THE_ONLY_PRIMARY(true), DEMOTE_IN_SPLIT_BRAIN(true),
        FORCE_RESYNC(true), DISABLE(true), UNPLANNED_FAILOVER(true), ENABLE(false), PLANNED_FAILOVER(false), FAILBACK(false);

        final boolean dangerous;

        Verb(boolean dangerous) {
            this.dangerous = dangerous;
        }
    }

    private List<String> args(Verb v) {
        if (v == Verb.PROMOTE_IN_SPLIT_BRAIN || v == Verb.DEMOTE_IN_SPLIT_BRAIN) plugin.replicationFaults().splitBrain(local.get(1)).join();
        return new ArrayList<>(switch (v) {
            case PROMOTE_IN_SPLIT_BRAIN -> List.of("promote", "--endpoint", siteA, "--volume-id", local.get(1), "--partner-endpoint", siteB);
            case FORCE_PROMOTE_BESIDE_A_PRIMARY -> List.of("promote", "--endpoint", siteB, "--volume-id", remote.get(0), "--partner-endpoint", siteA, "--force");
            case DEMOTE_THE_ONLY_PRIMARY -> List.of("demote", "--endpoint", siteA, "--volume-id", local.get(0), "--partner-endpoint", siteB);
            case DEMOTE_IN_SPLIT_BRAIN -> List.of("demote", "--endpoint", siteA, "--volume-id", local.get(1), "--partner-endpoint", siteB);
            case FORCE_RESYNC -> List.of("resync", "--endpoint", siteB, "--volume-id", remote.get(0), "--partner-endpoint", siteA, "--force");
            case DISABLE -> List.of("disable", "--endpoint", siteA, "--volume-id", local.get(0), "--partner-endpoint", siteB);
            case UNPLANNED_FAILOVER -> List.of("failover", "--unplanned", "--force", "--endpoint", siteA, "--volume-id", local.get(0), "--partner-endpoint", siteB);
            case ENABLE -> List.of("enable", "--endpoint", siteA, "--volume-id", plugin.model().volumes().create(new VolumeSpec("pvc-new", "site-a", null,
                    1L << 30, false, "ext4", List.of(), List.of("SINGLE_NODE_WRITER"), Map.of(), Map.of(), Map.of(), null, null, "")).id());
            case PLANNED_FAILOVER -> List.of("failover", "--endpoint", siteA, "--volume-id", local.get(0), "--partner-endpoint", siteB);
            // roles as a failover to site A leaves them: site B's side secondary, site A's primary
            case FAILBACK -> List.of("failback", "--endpoint", siteB, "--volume-id", remote.get(0), "--partner-endpoint", siteA,
                    "--partner-id", local.get(0));
        });
    }

    @org.junit.jupiter.params.ParameterizedTest(name = "{0}")
    @org.junit.jupiter.params.provider.EnumSource(Verb.class)
    void everyDangerOfAReplicationVerbIsRefusedWithoutItsTypedConsentAndNothingIsSent(Verb verb) throws Exception {
        List<String> args = args(verb);
        List<String> dry = new ArrayList<>(List.of("replication"));
        dry.addAll(args);
        dry.addAll(List.of("--dry-run", "--output", "json"));
        assertThat(run(dry.toArray(String[]::new))).as(err.toString()).isEqualTo(ExitCodes.OK);
        JsonNode assessment = JSON.readTree(out.toString()).get("assessment");
        boolean danger = assessment.get("hazards").findValuesAsText("severity").contains("DANGER");
        assertThat(danger).as(assessment.get("lines").toString()).isEqualTo(verb.dangerous);
        if (!danger) {
            assertThat(assessment.get("consent").asText()).isEqualTo("CONFIRM");
            return;
        }
        assertThat(assessment.get("consent").asText()).isIn("TYPED", "TYPED_EACH");

        List<String> sent = new ArrayList<>(List.of("replication"));
        sent.addAll(args);
        assertThat(run(sent.toArray(String[]::new))).as(err.toString()).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("DANGER: ").contains("nothing was sent");
        assertThat(audited()).as("nothing was sent").isEmpty();
    }

    @Test
    void failoverAndPromoteNameTheSitesByOneTermAndTheOldNamesStillWork() throws Exception {
        assertThat(run("replication", "failover", "--endpoint", siteA, "--volume-id", local.get(0), "--partner-endpoint", siteB,
                "--dry-run", "--output", "json")).as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(JSON.readTree(out.toString()).get("steps").findValuesAsText("site")).containsOnly("site-a", "site-b");

        assertThat(run("replication", "resync", "--endpoint", siteB, "--volume-id", remote.get(0), "--partner-endpoint", siteA,
                "--dry-run")).as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("Resync volume " + remote.get(0) + " on site-b").contains("partner " + local.get(0) + " on site-a")
                .doesNotContain(" on A").doesNotContain(" on B");

        assertThat(run("replication", "failover", "--endpoint", siteA, "--volume-id", local.get(0), "--partner-endpoint", siteB,
                "--site-name", "A", "--partner-name", "B", "--dry-run", "--output", "json")).as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(JSON.readTree(out.toString()).get("steps").findValuesAsText("site")).as("names given are kept").containsOnly("A", "B");
    }

    @Test
    void enablingAVolumeTheDriverDoesNotListIsRefusedBeforeSending() {
        assertThat(run("replication", "enable", "--endpoint", siteA, "--volume-id", "nope")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("there is no volume nope").contains("does not hold it").contains("not sent");
        assertThat(audited()).as("nothing was sent").isEmpty();
    }

    @Test
    void disablingReplicationNamesThePartnerLeftStaleAndNeedsTheNameTyped() {
        assertThat(run("replication", "disable", "--endpoint", siteA, "--volume-id", local.get(0), "--partner-endpoint", siteB))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("DANGER: replication of " + local.get(0) + " stops: " + remote.get(0))
                .contains(" on site-b is no longer updated from now on and keeps the data of the last sync at ").contains("Add --yes=" + local.get(0));
        assertThat(audited()).isEmpty();

        assertThat(run("replication", "disable", "--endpoint", siteA, "--volume-id", local.get(0), "--partner-endpoint", siteB,
                "--yes=" + local.get(0))).as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(plugin.model().replications().of(local.get(0))).isEmpty();
    }

    @Test
    void oneSocketServingBothSitesNamesEachSideByItsArrayAndTheSocket() throws Exception {
        plugin.replicationFaults().splitBrain(local.get(1)).join();
        plugin.serve(new ReferencePlugin.Sockets(dir.resolve("both.sock"), Optional.empty(), Optional.empty(), Optional.empty()));
        String both = "unix://" + dir.resolve("both.sock");

        assertThat(run("replication", "promote", "--endpoint", both, "--volume-id", local.get(1), "--dry-run")).as(err.toString()).isEqualTo(ExitCodes.OK);

        assertThat(out.toString()).contains("Promote volume " + local.get(1) + " on site-a on " + both)
                .contains("partner " + remote.get(1) + " on site-b on " + both + ": primary");
    }

    @Test
    void anUnplannedFailoverNamesEachSideWithItsOwnIdAndOneLastSync() {
        assertThat(run("replication", "failover", "--unplanned", "--force", "--dry-run", "--endpoint", siteA, "--volume-id", local.get(0),
                "--partner-endpoint", siteB)).as(err.toString()).isEqualTo(ExitCodes.OK);

        assertThat(out.toString()).contains("Unplanned failover of volume " + local.get(0) + " on site-a")
                .contains("volume " + local.get(0) + "; primary, healthy on site-a, last sync ")
                .contains("partner " + remote.get(0) + " on site-b: secondary").contains("type each name: " + remote.get(0))
                .as("the last sync the assessment states is the one the checks use").doesNotContain("No completed sync is known");
    }

    @Test
    void anUnplannedFailoverThatFencesAsksTheFencesOwnConsentAndReportsTheFence() {
        String[] failover = {"replication", "failover", "--unplanned", "--endpoint", siteA, "--volume-id", local.get(0),
                "--partner-endpoint", siteB, "--force", "--yes=" + remote.get(0), "--fence-cidr", "0.0.0.0/0", "--fence-site", "B"};

        assertThat(run(failover)).as(err.toString()).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("Fence network 0.0.0.0/0").contains("DANGER: 0.0.0.0/0 is wider than /8")
                .contains("Pass --yes=0.0.0.0/0").contains("nothing was sent");
        assertThat(plugin.model().fencing().fences()).as("nothing fenced").isEmpty();
        assertThat(role(remote.get(0))).as("nothing promoted").isEqualTo(ReplicationRole.SECONDARY);
        assertThat(audited()).isEmpty();

        List<String> consented = new ArrayList<>(List.of(failover));
        consented.add("--yes=0.0.0.0/0");
        run(consented.toArray(String[]::new));

        assertThat(plugin.model().fencing().fences()).extracting(f -> f.cidr()).containsExactly("0.0.0.0/0");
        assertThat(role(remote.get(0))).isEqualTo(ReplicationRole.PRIMARY);
        assertThat(out.toString()).as(err.toString()).contains("Fenced 0.0.0.0/0 (IPv4, 4,294,967,296 addresses) through site-b (" + siteB
                + "): I/O from those addresses is refused until you unfence them.").contains("To unfence: csi-console unfence --cidr 0.0.0.0/0.");
    }

    @Test
    void aDryRunOfAFailoverPrintsTheCallsInOrderAndSendsNothing() throws Exception {
        int code = run("replication", "failover", "--dry-run", "--endpoint", siteA, "--volume-id", local.get(0),
                "--partner-endpoint", siteB, "--partner-id", remote.get(0), "--output", "json");

        assertThat(code).isEqualTo(ExitCodes.OK);
        JsonNode plan = JSON.readTree(out.toString());
        assertThat(plan.get("dryRun").asBoolean()).isTrue();
        assertThat(plan.get("steps").findValuesAsText("rpc")).containsExactly("replication.Controller/DemoteVolume",
                "replication.Controller/GetVolumeReplicationInfo", "replication.Controller/PromoteVolume");
        assertThat(plan.get("steps").get(2).get("request").get("replication_source.volume.volume_id").asText()).isEqualTo(remote.get(0));
        assertThat(audited()).isEmpty();
        assertThat(role(local.get(0))).isEqualTo(ReplicationRole.PRIMARY);
    }

    @Test
    void aDryRunOfAFailoverWithPartnerIdReadsBothSidesForTheAssessmentAndChangesNothing() {
        assertThat(run("replication", "failover", "--dry-run", "--trace", "--endpoint", siteA, "--volume-id", local.get(0),
                "--partner-endpoint", siteB, "--partner-id", remote.get(0))).isEqualTo(ExitCodes.OK);

        assertThat(out.toString()).contains("Planned failover of volume " + local.get(0))
                .contains("partner " + remote.get(0) + " on site-b: secondary").contains("Dry run of planned failover: nothing is sent");
        assertThat(err.toString().lines().filter(l -> l.startsWith("# ")).map(l -> l.split(" ")[1]))
                .isNotEmpty().allMatch(m -> m.matches(".*/(\\w*Get\\w*|List\\w*|Probe)"), "a read");
        assertThat(audited()).isEmpty();
    }

    @Test
    void aDryRunOfAFailoverWithoutPartnerIdLearnsEachPartnerByReadingOnly() throws Exception {
        int code = run("replication", "failover", "--dry-run", "--trace", "--endpoint", siteA, "--volume-id", local.get(0),
                "--volume-id", local.get(2), "--partner-endpoint", siteB, "--output", "json");

        assertThat(code).as(err.toString()).isEqualTo(ExitCodes.OK);
        JsonNode steps = JSON.readTree(out.toString()).get("steps");
        assertThat(steps.findValuesAsText("rpc")).filteredOn(r -> r.endsWith("/PromoteVolume")).hasSize(2);
        assertThat(steps.get(2).get("request").get("replication_source.volume.volume_id").asText()).isEqualTo(remote.get(0));
        assertThat(steps.get(5).get("request").get("replication_source.volume.volume_id").asText()).isEqualTo(remote.get(2));
        assertThat(err.toString().lines().filter(l -> l.startsWith("# ")).map(l -> l.split(" ")[1]))
                .isNotEmpty().allMatch(m -> m.matches(".*/(\\w*Get\\w*|List\\w*|Probe)"), "a read");
        assertThat(audited()).isEmpty();
        assertThat(role(local.get(0))).isEqualTo(ReplicationRole.PRIMARY);
    }

    @Test
    void aDryRunOfAFailoverOfAVolumeWithoutAPartnerAsksForPartnerId() {
        var lonely = plugin.model().volumes().create(new VolumeSpec("pvc-lonely", "site-a", null, 1L << 30, false, "ext4", List.of(),
                List.of("SINGLE_NODE_WRITER"), Map.of(), Map.of(), Map.of(), null, null, ""));

        int code = run("replication", "failover", "--dry-run", "--endpoint", siteA, "--volume-id", lonely.id(), "--partner-endpoint", siteB);

        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("Find the partner of volume " + lonely.id()).contains("Give --partner-id");
        assertThat(audited()).isEmpty();
    }

    @Test
    void theHelpOfEachTwoSiteWorkflowShowsExamplesIncludingUnplannedFailover() {
        assertThat(run("replication", "failover", "--help")).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("--unplanned").contains("Examples (").contains("csi-console replication failover --unplanned");
        assertThat(run("replication", "failback", "--help")).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("Examples (").contains("csi-console replication failback -e $A");
        assertThat(run("replication", "recover-split-brain", "--help")).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("--survivor=SITE").contains("--yes=NAME").contains("csi-console replication recover-split-brain");
        assertThat(run("replication", "--help")).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("failback").contains("recover-split-brain");
    }

    @Test
    void aPlannedFailoverMakesSiteBPrimaryAndPrintsEachItemsResult() throws Exception {
        int code = run("replication", "failover", "--endpoint", siteA, "--volume-id", local.get(0), "--volume-id", local.get(1),
                "--partner-endpoint", siteB, "--poll-interval", "50", "--output", "json");

        assertThat(code).as(err.toString()).isEqualTo(ExitCodes.OK);
        JsonNode result = JSON.readTree(out.toString());
        assertThat(result.get("outcome").asText()).isEqualTo("SUCCEEDED");
        assertThat(result.get("items").findValuesAsText("outcome")).containsExactly("SUCCEEDED", "SUCCEEDED");
        for (int i = 0; i < 2; i++) {
            assertThat(role(local.get(i))).isEqualTo(ReplicationRole.SECONDARY);
            assertThat(role(remote.get(i))).isEqualTo(ReplicationRole.PRIMARY);
        }
        assertThat(audited()).extracting(e -> e.record().call()).containsOnly("replication.Controller/DemoteVolume",
                "replication.Controller/PromoteVolume").hasSize(4);
    }

    @Test
    void aBulkPromoteWithOneFailingItemPrintsOneFailureExitsOneAndAuditsEveryCall() throws Exception {
        plugin.model().replications().demote(local.get(0));
        plugin.model().replications().demote(local.get(2)); // pair 1's site-a side stays primary

        int code = run("replication", "promote", "--endpoint", siteB, "--volume-id", remote.get(0), "--volume-id", remote.get(1),
                "--volume-id", remote.get(2), "--output", "json");

        assertThat(code).isEqualTo(ExitCodes.CALL_FAILED);
        JsonNode items = JSON.readTree(out.toString()).get("items");
        assertThat(items.findValuesAsText("outcome")).containsExactly("SUCCEEDED", "FAILED", "SUCCEEDED");
        assertThat(items.get(1).get("error").get("kind").asText()).isEqualTo("FAILED_PRECONDITION");
        assertThat(items.get(1).get("error").get("whatToDo").asText()).startsWith("Safe: demote the partner first");
        List<AuditEntry> entries = audited();
        assertThat(entries).hasSize(3);
        assertThat(entries).filteredOn(e -> e.record().outcome() == AuditOutcome.FAILED).singleElement()
                .satisfies(e -> assertThat(e.record().names(remote.get(1))).isTrue());
    }

    @Test
    void forceNamedForTheVolumePromotesItAndTheAuditShowsForce() {
        int code = run("replication", "promote", "--endpoint", siteB, "--volume-id", remote.get(0), "--force", "--yes=" + remote.get(0));

        assertThat(code).as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(role(remote.get(0))).isEqualTo(ReplicationRole.PRIMARY);
        assertThat(audited()).singleElement().satisfies(e -> assertThat(e.record().parameters()).contains("force: true"));
    }

    @Test
    void aForcedPromoteDryRunBesideAReachablePrimaryNamesTheSplitBrainItWouldCreateAndSendsNothing() throws Exception {
        int code = run("replication", "promote", "--dry-run", "--endpoint", siteB, "--volume-id", remote.get(0), "--force",
                "--partner-endpoint", siteA, "--output", "json");

        assertThat(code).as(err.toString()).isEqualTo(ExitCodes.OK);
        JsonNode a = JSON.readTree(out.toString()).get("assessment");
        assertThat(a.get("hazards").findValuesAsText("kind")).contains("SPLIT_BRAIN_CREATED", "WRITES_LOST");
        assertThat(a.get("hazards").get(0).get("sentence").asText())
                .isEqualTo("creates a split brain: " + local.get(0) + " on site-a is primary and reachable (healthy) and keeps taking writes");
        assertThat(a.get("saferAlternative").asText()).contains("planned failover");
        assertThat(a.get("requiredYes")).extracting(JsonNode::asText).containsExactly(remote.get(0));
        assertThat(JSON.readTree(out.toString()).get("steps").findValuesAsText("force")).containsOnly("true");
        assertThat(audited()).isEmpty();
        assertThat(role(remote.get(0))).isEqualTo(ReplicationRole.SECONDARY);

        assertThat(run("replication", "promote", "--dry-run", "--endpoint", siteB, "--volume-id", remote.get(0), "--force",
                "--partner-endpoint", siteA)).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).as("table output prints the assessment before the plan")
                .contains("DANGER: creates a split brain: " + local.get(0)).contains("Safer: Run a planned failover instead")
                .contains("Dry run of promote: nothing is sent").contains("On connection site-b (" + siteB + "), ");
        assertThat(a.get("lines").toString()).as("the dry run names the connections it would act on, as the GUI does")
                .contains("On connection site-b (" + siteB + ")");
    }

    @Test
    void aForcedPromoteThatMadeASplitBrainSaysSoWithTheNextStepAndExitsWithItsOwnCode() throws Exception {
        int code = run("replication", "promote", "--endpoint", siteB, "--volume-id", remote.get(0), "--force", "--yes=" + remote.get(0),
                "--partner-endpoint", siteA);

        assertThat(code).as(err.toString()).isEqualTo(ExitCodes.SPLIT_BRAIN);
        assertThat(role(remote.get(0))).isEqualTo(ReplicationRole.PRIMARY);
        assertThat(out.toString()).as("never a plain success").contains("Promoted, and now a split brain: " + remote.get(0) + " on site-b"
                + " and " + local.get(0) + " on site-a are both primary and both take writes").contains("Next step:");

        assertThat(run("replication", "demote", "--endpoint", siteB, "--volume-id", remote.get(0), "--yes=" + remote.get(0)))
                .as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(run("replication", "promote", "--endpoint", siteB, "--volume-id", remote.get(0), "--force", "--yes=" + remote.get(0),
                "--partner-endpoint", siteA, "--output", "json")).isEqualTo(ExitCodes.SPLIT_BRAIN);
        assertThat(JSON.readTree(out.toString()).get("splitBrain").asText()).startsWith("Promoted, and now a split brain: " + remote.get(0));
    }

    @Test
    void demotingTheOnlyPrimaryAsksItsNameAsTheWorkbenchDoesAndARefusalIsTheConsoles() {
        int code = run("replication", "demote", "--endpoint", siteA, "--volume-id", local.get(1));

        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("On connection " + siteA).contains("lose write access")
                .contains("must be named by its own --yes").contains("Whose: the console").doesNotContain("Whose: the driver");
        assertThat(audited()).as("nothing was sent").isEmpty();
        assertThat(role(local.get(1))).isEqualTo(ReplicationRole.PRIMARY);

        assertThat(run("replication", "demote", "--endpoint", siteA, "--volume-id", local.get(1), "--yes=" + local.get(1)))
                .as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(role(local.get(1))).isEqualTo(ReplicationRole.SECONDARY);
    }

    @Test
    void aPromoteWithoutForceBesideAReachablePrimaryIsRefusedWithTheNextStep() {
        int code = run("replication", "promote", "--endpoint", siteB, "--volume-id", remote.get(0), "--partner-endpoint", siteA);

        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("not sent: " + local.get(0) + " on site-a is primary and reachable")
                .contains("Run a planned failover");
        assertThat(audited()).isEmpty();
        assertThat(role(remote.get(0))).isEqualTo(ReplicationRole.SECONDARY);
    }

    @Test
    void anEmptyVolumeIdIsRefusedBeforeAnythingIsReadOrSent() {
        int code = run("replication", "resync", "--endpoint", siteB, "--volume-id", "");

        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--volume-id was given an empty id; nothing was sent")
                .contains("Whose: the console (checked before sending)").doesNotContain("Resync volume  on");
        assertThat(audited()).isEmpty();
    }

    @Test
    void aDryRunWhoseRealRunWouldBeRefusedExitsWithTheRefusalsCode() {
        String[] promote = {"replication", "promote", "--endpoint", siteB, "--volume-id", remote.get(0), "--partner-endpoint", siteA};
        int real = run(promote);
        List<String> dry = new ArrayList<>(List.of(promote));
        dry.add("--dry-run");

        int code = run(dry.toArray(String[]::new));

        assertThat(real).isEqualTo(ExitCodes.USAGE);
        assertThat(code).as(out.toString()).isEqualTo(real);
        assertThat(out.toString()).contains("is primary and reachable");
        assertThat(audited()).isEmpty();
    }

    @Test
    void aFailbackOfAPairThatNeverFailedOverIsRefusedNamingTheStateAndSendsNothing() {
        String[] failback = {"replication", "failback", "--endpoint", siteA, "--volume-id", local.get(0), "--partner-endpoint", siteB};
        List<String> dry = new ArrayList<>(List.of(failback));
        dry.add("--dry-run");

        assertThat(run(dry.toArray(String[]::new))).as("the dry run exits as the run would").isEqualTo(ExitCodes.USAGE);
        int code = run(failback);

        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("the pair has not failed over to site-b: " + local.get(0) + " on site-a is primary and "
                + remote.get(0) + " on site-b is secondary");
        assertThat(audited()).as("nothing was sent").isEmpty();
        assertThat(role(local.get(0))).isEqualTo(ReplicationRole.PRIMARY);
    }

    @Test
    void aForcedPromoteIsMarkedInTheAuditAndAuditForcedListsOnlyIt() throws Exception {
        assertThat(run("replication", "demote", "--endpoint", siteA, "--volume-id", local.get(1), "--yes=" + local.get(1)))
                .as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(run("replication", "promote", "--endpoint", siteB, "--volume-id", remote.get(0), "--force", "--yes=" + remote.get(0)))
                .as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(audited()).hasSize(2);

        assertThat(run("audit", "--forced", "--output", "json")).as(err.toString()).isEqualTo(ExitCodes.OK);
        JsonNode rows = JSON.readTree(out.toString());
        assertThat(rows).singleElement().satisfies(e -> {
            assertThat(e.get("call").asText()).isEqualTo("replication.Controller/PromoteVolume");
            assertThat(e.get("forced").asBoolean()).isTrue();
            assertThat(e.get("override").asBoolean()).isFalse();
            assertThat(e.get("targets").toString()).contains(remote.get(0));
            assertThat(e.get("workflow").asText()).as("the record says in words that force was used")
                    .isEqualTo("Promote with force: " + siteB + " (" + remote.get(0) + ")");
        });
        assertThat(run("audit", "--forced")).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("PromoteVolume").contains("FORCED").doesNotContain("DemoteVolume");
    }

    @Test
    void listAndInfoOfTheDemoCarryItsSplitBrainPairAsSplitBrainNotOnlyError() throws Exception {
        try (ReferencePlugin demo = ReferencePlugin.builder(dir.resolve("demo")).seed(Seed.DEMO).start()) {
            demo.serve(dir.resolve("demo.sock"), Optional.empty());
            String endpoint = "unix://" + dir.resolve("demo.sock");
            var split = demo.model().replications().all().stream()
                    .filter(r -> r.role() == ReplicationRole.PRIMARY && r.peerRole() == ReplicationRole.PRIMARY).findFirst().orElseThrow();

            assertThat(run("replication", "list", "--endpoint", endpoint, "--output", "json")).as(err.toString()).isEqualTo(ExitCodes.OK);
            JsonNode rows = JSON.readTree(out.toString());
            for (String side : List.of(split.id(), split.peerId())) {
                JsonNode row = null;
                for (JsonNode r : rows) if (r.get("source").asText().equals(side)) row = r;
                assertThat(row).as(side).isNotNull();
                assertThat(row.get("pairState").asText()).as(side).isEqualTo("split-brain");
            }
            assertThat(rows.findValuesAsText("pairState")).as("only that pair").filteredOn("split-brain"::equals).hasSize(2);
            assertThat(rows.findValuesAsText("pairState")).contains("error", "healthy");

            assertThat(run("replication", "info", "--endpoint", endpoint, "--volume-id", split.id(), "--output", "json")).isEqualTo(ExitCodes.OK);
            assertThat(JSON.readTree(out.toString()).get(0).get("pairState").asText()).isEqualTo("split-brain");
            assertThat(run("replication", "list", "--endpoint", endpoint)).isEqualTo(ExitCodes.OK);
            assertThat(out.toString().lines().filter(l -> l.startsWith(split.id()))).singleElement().asString().contains("SPLIT BRAIN");
        }
    }
}
