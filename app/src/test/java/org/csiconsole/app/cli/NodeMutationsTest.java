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
 * {@code unstage} and {@code node-expand} against the reference plugin over a unix socket, with the
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

    @Test
    void bothVerbsAreOnTheCommandLine() {
        assertThat(CsiConsoleCommand.commandLine().getSubcommands()).containsKeys("unstage", "node-expand");
    }
}
