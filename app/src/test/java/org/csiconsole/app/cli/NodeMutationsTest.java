package org.csiconsole.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.csiconsole.app.audit.LazyAuditLog;
import org.csiconsole.core.audit.AuditEntry;
import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditRecord;
import org.csiconsole.core.audit.AuditOrigin;
import org.csiconsole.core.audit.AuditQuery;
import org.csiconsole.core.call.CallAudit;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.csi.NodePublishRequest;
import org.csiconsole.core.csi.NodeStageRequest;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
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
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code stage}, {@code node-publish}, {@code node-unpublish}, {@code unstage}, {@code node-expand} and {@code modify-volume}
 * against the reference plugin over a unix socket, with the
 * console's audit log as its record: core's assessment refuses an unstage while this console's own
 * NodePublishVolume is in effect, and {@code --override} with the name sends it, audited as an override.
 */
class NodeMutationsTest {
    private static final String STAGING = "/var/lib/kubelet/plugins/kubernetes.io/csi/pv/db-a/globalmount";
    private static final String TARGET = "/var/lib/kubelet/pods/p1/volumes/kubernetes.io~csi/db-a/mount";

    @TempDir
    Path dir;
    private ReferencePlugin plugin;
    private LazyAuditLog log;
    private String csi;
    private StringWriter out;
    private StringWriter err;

    @BeforeEach
    void start() throws Exception {
        plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.EMPTY).start();
        plugin.serve(new ReferencePlugin.Sockets(dir.resolve("csi.sock"), Optional.empty(), Optional.empty(), Optional.empty()));
        log = new LazyAuditLog(dir.resolve("data"));
        csi = "unix://" + dir.resolve("csi.sock");
    }

    @AfterEach
    void stop() {
        log.close();
        plugin.close();
    }

    private int run(String... args) {
        out = new StringWriter();
        err = new StringWriter();
        CommandLine cl = CsiConsoleCommand.commandLine(k -> null, log);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    private JsonNode ok(String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--endpoint", csi, "--output", "json"));
        assertThat(run(all.toArray(String[]::new))).as(String.join(" ", args) + ": " + err).isEqualTo(ExitCodes.OK);
        return new ObjectMapper().readTree(out.toString());
    }

    /**
     * A volume published to the node, then staged and published on it; the node calls are audited as this
     * console's, made {@code ago} before now ({@link java.time.Duration#ZERO}: by the console itself, just now).
     */
    private String mountedVolume(String name, java.time.Duration ago) throws Exception {
        String id = ok("create-volume", "--name", name, "--size", "1GiB").get("volumeId").asText();
        JsonNode published = ok("publish", "--volume-id", id, "--node-id", plugin.nodeId());
        Map<String, String> context = new ObjectMapper().convertValue(published.get("publishContext"),
                new com.fasterxml.jackson.core.type.TypeReference<Map<String, String>>() { });
        boolean now = ago.isZero();
        CsiClientOptions options = now ? CsiClientOptions.defaults().withAudit(CallAudit.to(log, AuditOrigin.local(csi))) : CsiClientOptions.defaults();
        try (CsiClient client = CsiClient.open(Endpoint.parse(csi), Optional.empty(), options, new CallTrace())) {
            VolumeCapability cap = VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4");
            client.node().nodeStage(new NodeStageRequest(id, context, STAGING, cap, null, Map.of())).get(30, TimeUnit.SECONDS);
            client.node().nodePublish(new NodePublishRequest(id, context, STAGING, TARGET, cap, false, null, Map.of())).get(30, TimeUnit.SECONDS);
        }
        if (!now) {
            java.time.Instant at = java.time.Instant.now().minus(ago);
            recorded(at, "NodeStageVolume", id, Map.of("volume_id", List.of(id), "staging_target_path", List.of(STAGING)));
            recorded(at.plusSeconds(1), "NodePublishVolume", id, Map.of("volume_id", List.of(id), "target_path", List.of(TARGET)));
        }
        return id;
    }

    private void recorded(java.time.Instant at, String method, String id, Map<String, List<String>> targets) throws Exception {
        log.append(new AuditRecord(at, AuditOrigin.local(csi), csi, "grpc", "csi.v1.Node/" + method, targets,
                "volume_id: \"" + id + "\"", AuditOutcome.OK, "", "", 5, "c-" + method, 1)).get(30, TimeUnit.SECONDS);
    }

    private List<AuditEntry> calls(String method) {
        return log.find(new AuditQuery(null, null, null, null, null, 0, AuditQuery.ALL)).stream()
                .filter(e -> e.record().call().endsWith("/" + method)).toList();
    }

    @Test
    void unstageIsRefusedWhileThisConsolesFreshNodePublishIsInEffectAndNoOverrideIsOffered() throws Exception {
        String id = mountedVolume("walk-vol-1", java.time.Duration.ZERO);

        assertThat(run("unstage", "--endpoint", csi, "--volume-id", id, "--staging-target-path", STAGING)).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("not sent: walk-vol-1 is still published on " + plugin.nodeId() + " at " + TARGET)
                .contains("Node > Unpublish on this node").doesNotContain("send it anyway with --override");
        assertThat(run("unstage", "--endpoint", csi, "--volume-id", id, "--staging-target-path", STAGING, "--override", "--yes=" + id))
                .as("this console's own call of seconds ago, not contradicted, is not overridden").isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--override does not apply");
        assertThat(calls("NodeUnstageVolume")).as("nothing was sent").isEmpty();
    }

    @Test
    void unstageOnAnOlderRecordIsRefusedAndSentOnlyWithOverrideAndTheName() throws Exception {
        String id = mountedVolume("walk-vol-1", java.time.Duration.ofMinutes(10));

        assertThat(run("unstage", "--endpoint", csi, "--volume-id", id, "--staging-target-path", STAGING)).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("not sent: walk-vol-1 is still published on " + plugin.nodeId() + " at " + TARGET)
                .contains("Node > Unpublish on this node").contains("--override").contains("--yes=walk-vol-1");
        assertThat(run("unstage", "--endpoint", csi, "--volume-id", id, "--staging-target-path", STAGING, "--override"))
                .as("an override needs the name").isEqualTo(ExitCodes.USAGE);
        assertThat(calls("NodeUnstageVolume")).as("nothing was sent").isEmpty();

        try (CsiClient another = CsiClient.open(Endpoint.parse(csi), Optional.empty(), CsiClientOptions.defaults(), new CallTrace())) {
            another.node().nodeUnpublish(id, TARGET).get(30, TimeUnit.SECONDS); // another orchestrator, unknown to this console
        }
        assertThat(run("unstage", "--endpoint", csi, "--volume-id", id, "--staging-target-path", STAGING, "--override", "--yes=walk-vol-1"))
                .as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(calls("NodeUnstageVolume")).singleElement().satisfies(e -> {
            assertThat(e.record().override()).isTrue();
            assertThat(e.record().targets().get("staging_target_path")).as("the audit tells this call from one at another path")
                    .containsExactly(STAGING);
        });
    }

    @Test
    void unstageAfterTheNodeUnpublishAsksTheNameAsTheWorkbenchDoesAndIsNoOverride() throws Exception {
        String id = mountedVolume("walk-vol-2", java.time.Duration.ZERO);
        try (CsiClient client = CsiClient.open(Endpoint.parse(csi), Optional.empty(),
                CsiClientOptions.defaults().withAudit(CallAudit.to(log, AuditOrigin.local(csi))), new CallTrace())) {
            client.node().nodeUnpublish(id, TARGET).get(30, TimeUnit.SECONDS);
        }

        assertThat(run("unstage", "--endpoint", csi, "--volume-id", id, "--staging-target-path", STAGING))
                .as("no terminal and no --yes: the node would lose the staging unasked").isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--yes=walk-vol-2").contains("nothing was sent");
        assertThat(calls("NodeUnstageVolume")).as("nothing was sent").isEmpty();

        JsonNode done = ok("unstage", "--volume-id", id, "--staging-target-path", STAGING, "--yes=walk-vol-2");

        assertThat(done.get("result").asText()).isEqualTo("unstaged");
        assertThat(done.get("nodeId").asText()).isEqualTo(plugin.nodeId());
        assertThat(err.toString()).contains("loses the staging of walk-vol-2 at " + STAGING);
        assertThat(calls("NodeUnstageVolume")).singleElement().satisfies(e -> assertThat(e.record().override()).isFalse());

        assertThat(run("unstage", "--endpoint", csi, "--volume-id", id, "--staging-target-path", STAGING, "--yes=" + id))
                .as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).as("no longer known staged: the driver's OK is all that is claimed")
                .contains("the driver answered OK for " + STAGING).doesNotContain("Unstaged volume");
    }

    @Test
    void unstageAtAnotherPathThanTheKnownStagingIsRefusedWithThatPathAsTheNextStep() throws Exception {
        String id = mountedVolume("walk-vol-3", java.time.Duration.ZERO);
        try (CsiClient client = CsiClient.open(Endpoint.parse(csi), Optional.empty(),
                CsiClientOptions.defaults().withAudit(CallAudit.to(log, AuditOrigin.local(csi))), new CallTrace())) {
            client.node().nodeUnpublish(id, TARGET).get(30, TimeUnit.SECONDS);
        }

        assertThat(run("unstage", "--endpoint", csi, "--volume-id", id, "--staging-target-path", "/tmp/nowhere")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("walk-vol-3 is staged on " + plugin.nodeId() + " at " + STAGING + ", not at /tmp/nowhere")
                .contains("Unstage it at " + STAGING).contains("not sent");
        assertThat(calls("NodeUnstageVolume")).as("nothing was sent").isEmpty();
    }

    @Test
    void nodeExpandSendsNodeExpandVolumeAtThePathWithTheExpandedSize() throws Exception {
        String id = mountedVolume("grow-me", java.time.Duration.ZERO);
        ok("expand", "--volume-id", id, "--size", "2GiB");

        JsonNode r = ok("node-expand", "--volume-id", id, "--volume-path", TARGET, "--staging-target-path", STAGING);

        assertThat(r.get("capacityBytes").asLong()).isEqualTo(2L << 30);
        assertThat(r.get("nodeId").asText()).isEqualTo(plugin.nodeId());
        assertThat(err.toString()).contains("Sends csi.v1.Node/NodeExpandVolume: volume_id=" + id + ", volume_path=" + TARGET)
                .contains("NodeExpandVolume grows the file system of grow-me on " + plugin.nodeId());
        assertThat(calls("NodeExpandVolume")).singleElement().satisfies(e -> assertThat(e.record().targets().get("volume_path")).containsExactly(TARGET));
    }

    /** A volume published to the node by {@code publish}; its publish_context as {@code --publish-context} options. */
    private List<String> publishedContext(String id) throws Exception {
        JsonNode published = ok("publish", "--volume-id", id, "--node-id", plugin.nodeId());
        List<String> options = new ArrayList<>();
        published.get("publishContext").fields().forEachRemaining(e -> options.add("--publish-context=" + e.getKey() + "=" + e.getValue().asText()));
        return options;
    }

    /** {@link #ok(String...)} of {@code command} with {@code options} after it. */
    private JsonNode ok(List<String> options, String... command) throws Exception {
        List<String> all = new ArrayList<>(List.of(command));
        all.addAll(options);
        return ok(all.toArray(String[]::new));
    }

    @Test
    void stageAndNodePublishMakeTheCosDirectoriesAndAreAuditedSoNodeUnpublishAndUnstageKnowThePaths() throws Exception {
        String id = ok("create-volume", "--name", "cli-vol-1", "--size", "1GiB").get("volumeId").asText();
        List<String> context = publishedContext(id);
        Path staging = dir.resolve("node/staging/cli-vol-1");
        Path target = dir.resolve("node/pods/p1/mount");

        JsonNode staged = ok(context, "stage", "--volume-id", id, "--staging-target-path", staging.toString(), "--fs-type", "ext4",
                "--mount-flag", "noatime");
        JsonNode mounted = ok(context, "node-publish", "--volume-id", id, "--staging-target-path", staging.toString(),
                "--target-path", target.toString(), "--readonly");

        assertThat(staged.get("result").asText()).isEqualTo("staged");
        assertThat(staged.get("stagingTargetPath").asText()).isEqualTo(staging.toString());
        assertThat(mounted.get("result").asText()).isEqualTo("published");
        assertThat(mounted.get("nodeId").asText()).isEqualTo(plugin.nodeId());
        assertThat(staging).as("the CO creates staging_target_path (csi.proto NodeStageVolumeRequest)").isDirectory();
        assertThat(target.getParent()).as("and the parent of target_path").isDirectory();
        assertThat(calls("NodeStageVolume")).singleElement().satisfies(e -> {
            assertThat(e.record().outcome()).isEqualTo(AuditOutcome.OK);
            assertThat(e.record().parameters()).contains("noatime").contains("ext4");
        });
        assertThat(calls("NodePublishVolume")).singleElement().satisfies(e -> assertThat(e.record().parameters()).contains("readonly: true"));

        List<String> again = new ArrayList<>(List.of("stage", "--endpoint", csi, "--volume-id", id, "--staging-target-path",
                dir.resolve("node/staging/elsewhere").toString()));
        again.addAll(context);
        assertThat(run(again.toArray(String[]::new))).as("staged once per node, as the workbench's Node menu says").isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("not sent: cli-vol-1 is already staged").contains(staging.toString());
        assertThat(calls("NodeStageVolume")).as("nothing more was sent").hasSize(1);

        assertThat(run("unstage", "--endpoint", csi, "--volume-id", id, "--staging-target-path", staging.toString()))
                .as("the record of the command line's own node publish refuses the unstage").isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("is still published on " + plugin.nodeId() + " at " + target);

        JsonNode unpublished = ok("node-unpublish", "--volume-id", id, "--target-path", target.toString(), "--yes=cli-vol-1");
        assertThat(unpublished.get("result").asText()).isEqualTo("unpublished");
        assertThat(err.toString()).contains("loses its mount");
        assertThat(ok("unstage", "--volume-id", id, "--staging-target-path", staging.toString(), "--yes=cli-vol-1").get("result").asText())
                .isEqualTo("unstaged");
        assertThat(calls("NodeUnpublishVolume")).singleElement().satisfies(e -> assertThat(e.record().override()).isFalse());
    }

    @Test
    void nodeUnpublishAtAPathWhereTheVolumeIsNotKnownPublishedIsRefusedAsTheWorkbenchRefusesIt() throws Exception {
        String id = mountedVolume("walk-vol-4", java.time.Duration.ZERO);

        assertThat(run("node-unpublish", "--endpoint", csi, "--volume-id", id, "--target-path", "/tmp/elsewhere", "--yes=walk-vol-4"))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("not sent: walk-vol-4 is not known published on " + plugin.nodeId() + " at /tmp/elsewhere")
                .contains("Unpublish it at " + TARGET);
        assertThat(calls("NodeUnpublishVolume")).as("nothing was sent").isEmpty();
    }

    @Test
    void nodeUnpublishAsksTheVolumesNameAndSendsNothingWithoutIt() throws Exception {
        String id = mountedVolume("walk-vol-5", java.time.Duration.ZERO);

        assertThat(run("node-unpublish", "--endpoint", csi, "--volume-id", id, "--target-path", TARGET)).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("no terminal").contains("--yes");
        assertThat(run("node-unpublish", "--endpoint", csi, "--volume-id", id, "--target-path", TARGET, "--yes=walk-vol-6"))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("does not name this volume");
        assertThat(calls("NodeUnpublishVolume")).as("nothing was sent").isEmpty();

        JsonNode done = ok("node-unpublish", "--volume-id", id, "--target-path", TARGET, "--yes=" + id);
        assertThat(done.get("targetPath").asText()).isEqualTo(TARGET);
        assertThat(calls("NodeUnpublishVolume")).singleElement().satisfies(e -> assertThat(e.record().targets().get("target_path"))
                .containsExactly(TARGET));
    }

    @Test
    void modifyVolumePrintsTheAssessmentWithTheExactRequestAndSendsThoseParameters() throws Exception {
        String id = ok("create-volume", "--name", "qos-vol", "--size", "1GiB", "--mutable-parameter", "iops=3000").get("volumeId").asText();

        JsonNode r = ok("modify-volume", "--volume-id", id, "--mutable-parameter", "iops=5000", "--mutable-parameter", "qosPolicy=gold");

        assertThat(r.get("result").asText()).isEqualTo("modified");
        assertThat(r.get("mutableParameters").get("iops").asText()).isEqualTo("5000");
        assertThat(err.toString()).contains("ControllerModifyVolume changes the mutable parameters of qos-vol")
                .contains("mutable_parameters[iops]=5000").contains("mutable_parameters[qosPolicy]=gold");
        assertThat(calls("ControllerModifyVolume")).singleElement().satisfies(e -> assertThat(e.record().parameters())
                .contains("5000").doesNotContain("3000"));
    }

    @Test
    void modifyVolumeRefusesAnEmptyKeyBeforeSendingAndReportsTheDriversRefusal() throws Exception {
        String id = ok("create-volume", "--name", "qos-vol-2", "--size", "1GiB").get("volumeId").asText();

        assertThat(run("modify-volume", "--endpoint", csi, "--volume-id", id, "--mutable-parameter", "=5000")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("the key is empty");
        assertThat(calls("ControllerModifyVolume")).as("nothing was sent").isEmpty();

        assertThat(run("modify-volume", "--endpoint", csi, "--volume-id", id, "--mutable-parameter", "iops=fast"))
                .as("the driver's INVALID_ARGUMENT: a failure at the driver").isEqualTo(ExitCodes.CALL_FAILED);
        assertThat(err.toString()).contains("iops must be a whole number");
        assertThat(calls("ControllerModifyVolume")).singleElement().satisfies(e -> assertThat(e.record().outcome()).isEqualTo(AuditOutcome.FAILED));
    }

    @Test
    void everyNodeVerbIsOnTheCommandLine() {
        assertThat(CsiConsoleCommand.commandLine().getSubcommands())
                .containsKeys("stage", "node-publish", "node-unpublish", "unstage", "node-expand", "modify-volume");
    }
}
