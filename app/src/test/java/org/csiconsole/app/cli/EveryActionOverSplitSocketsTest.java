package org.csiconsole.app.cli;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.csiconsole.app.audit.LazyAuditLog;
import org.csiconsole.core.audit.AuditEntry;
import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditQuery;
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
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every mutating command of the CLI, as the console wires it ({@link CsiConsoleCommand#commandLine}),
 * against the reference plugin over real unix sockets: CSI on one, the controller-side csi-addons
 * services on a second and the node-side ones on a third. Each change leaves exactly one audit
 * entry in the console's log, with the socket it went to and its outcome, and no secret.
 */
class EveryActionOverSplitSocketsTest {
    private static final String CANARY = "canary-every-action-7731";
    private static final String STAGING = "/var/lib/kubelet/plugins/kubernetes.io/csi/pv/db-a/globalmount";
    private static final String TARGET = "/var/lib/kubelet/pods/p1/volumes/kubernetes.io~csi/db-a/mount";

    @TempDir
    Path dir;
    private ReferencePlugin plugin;
    private LazyAuditLog log;
    private StringWriter out;
    private StringWriter err;
    private Path secrets;

    @BeforeEach
    void start() throws Exception {
        plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.EMPTY).start();
        plugin.serve(new ReferencePlugin.Sockets(dir.resolve("csi.sock"), Optional.empty(),
                Optional.of(dir.resolve("addons.sock")), Optional.of(dir.resolve("node-addons.sock"))));
        log = new LazyAuditLog(dir.resolve("data"));
        secrets = Files.writeString(dir.resolve("secrets.properties"), "userKey=" + CANARY + "\n");
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
        all.addAll(List.of("--output", "json"));
        assertThat(run(all.toArray(String[]::new))).as(String.join(" ", args) + ": " + err).isEqualTo(ExitCodes.OK);
        return new ObjectMapper().readTree(out.toString());
    }

    private String sock(String name) {
        return "unix://" + dir.resolve(name);
    }

    private List<AuditEntry> entries() {
        List<AuditEntry> all = new ArrayList<>(log.find(new AuditQuery(null, null, null, null, null, 0, AuditQuery.ALL)));
        all.sort(Comparator.comparingLong(AuditEntry::seq));
        return all;
    }

    /**
     * Stages and publishes {@code volumeId} on the node at {@link #TARGET} ({@code mount}), or takes it
     * back; node-side calls are not CLI verbs, so the test makes them itself.
     */
    private void nodeMount(String volumeId, Map<String, String> publishContext, boolean mount) throws Exception {
        try (CsiClient client = CsiClient.open(new Endpoint.Unix(dir.resolve("csi.sock")), Optional.empty(),
                CsiClientOptions.defaults(), new CallTrace())) {
            VolumeCapability cap = VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4");
            if (mount) {
                client.node().nodeStage(new NodeStageRequest(volumeId, publishContext, STAGING, cap, null, Map.of()))
                        .get(30, TimeUnit.SECONDS);
                client.node().nodePublish(new NodePublishRequest(volumeId, publishContext, STAGING, TARGET, cap, false,
                        null, Map.of())).get(30, TimeUnit.SECONDS);
            } else {
                client.node().nodeUnpublish(volumeId, TARGET).get(30, TimeUnit.SECONDS);
                client.node().nodeUnstage(volumeId, STAGING).get(30, TimeUnit.SECONDS);
            }
        }
    }

    private static String method(AuditEntry e) {
        String call = e.record().call();
        return call.substring(call.lastIndexOf('/') + 1);
    }

    @Test
    void eachCommandChangesThePluginThroughItsOwnSocketAndLeavesOneAuditEntry() throws Exception {
        String csi = sock("csi.sock");
        String addons = sock("addons.sock");
        String nodeAddons = sock("node-addons.sock");
        String node = plugin.nodeId();

        String a = ok("create-volume", "--endpoint", csi, "--name", "db-a", "--size", "1GiB",
                "--secrets-file", secrets.toString()).get("volumeId").asText();
        String b = ok("create-volume", "--endpoint", csi, "--name", "db-b", "--size", "1GiB").get("volumeId").asText();
        assertThat(ok("expand", "--endpoint", csi, "--volume-id", a, "--size", "2GiB").get("capacityBytes").asLong())
                .isEqualTo(2L << 30);
        String snap = ok("snapshot", "--endpoint", csi, "--volume-id", a, "--name", "nightly").get("snapshotId").asText();
        ok("delete-snapshot", "--endpoint", csi, "--snapshot-id", snap, "--yes=" + snap);
        JsonNode published = ok("publish", "--endpoint", csi, "--volume-id", a, "--node-id", node);
        Map<String, String> publishContext = new ObjectMapper().convertValue(published.get("publishContext"),
                new TypeReference<Map<String, String>>() { });
        nodeMount(a, publishContext, true);

        ok("reclaim-space", "--endpoint", csi, "--addons-endpoint", addons, "--volume-id", a, "--volume-id", b);
        ok("reclaim-space", "--endpoint", csi, "--node-addons-endpoint", nodeAddons, "--node", "--volume-id", a,
                "--target-path", TARGET);
        ok("rotate-key", "--endpoint", csi, "--node-addons-endpoint", nodeAddons, "--volume-id", a,
                "--target-path", TARGET, "--yes=" + a);

        nodeMount(a, publishContext, false);
        ok("unpublish", "--endpoint", csi, "--volume-id", a, "--node-id", node, "--yes=" + a);

        String group = ok("volume-group", "create", "--endpoint", csi, "--addons-endpoint", addons, "--name", "db",
                "--volume-id", a, "--secrets-file", secrets.toString()).get("volume_group_id").asText();
        ok("volume-group", "modify", "--endpoint", csi, "--addons-endpoint", addons, "--group-id", group,
                "--volume-id", a, "--volume-id", b);
        assertThat(ok("volume-group", "list", "--endpoint", csi, "--addons-endpoint", addons).get(0)
                .get("volume_ids").toString()).contains(a, b);
        ok("volume-group", "delete", "--endpoint", csi, "--addons-endpoint", addons, "--group-id", group, "--yes=db");

        ok("fence", "--endpoint", csi, "--addons-endpoint", addons, "--cidr", "10.9.0.0/24",
                "--secrets-file", secrets.toString(), "--yes=10.9.0.0/24");
        assertThat(ok("fences", "--endpoint", csi, "--addons-endpoint", addons).toString()).contains("10.9.0.0/24");
        ok("unfence", "--endpoint", csi, "--addons-endpoint", addons, "--cidr", "10.9.0.0/24", "--yes=10.9.0.0/24");

        ok("delete-volume", "--endpoint", csi, "--volume-id", b, "--yes=" + b);
        assertThat(run("expand", "--endpoint", csi, "--volume-id", "vol-gone", "--size", "5GiB"))
                .isEqualTo(ExitCodes.CALL_FAILED);

        assertThat(plugin.model().volumes().get(a)).isPresent();
        assertThat(plugin.model().volumes().get(b)).isEmpty();
        assertThat(plugin.model().fencing().fences()).isEmpty();

        List<AuditEntry> entries = entries();
        assertThat(entries).extracting(EveryActionOverSplitSocketsTest::method).containsExactly(
                "CreateVolume", "CreateVolume", "ControllerExpandVolume", "CreateSnapshot", "DeleteSnapshot",
                "ControllerPublishVolume",
                "ControllerReclaimSpace", "ControllerReclaimSpace", "NodeReclaimSpace", "EncryptionKeyRotate",
                "ControllerUnpublishVolume",
                // deleting the group empties it first, so that its volumes are kept
                "CreateVolumeGroup", "ModifyVolumeGroupMembership", "ModifyVolumeGroupMembership", "DeleteVolumeGroup",
                "FenceClusterNetwork", "UnfenceClusterNetwork", "DeleteVolume", "ControllerExpandVolume");
        assertThat(entries).filteredOn(e -> method(e).contains("ReclaimSpace") && !method(e).startsWith("Node")
                        || method(e).contains("VolumeGroup") || method(e).contains("Fence"))
                .allSatisfy(e -> assertThat(e.record().endpoint()).contains("addons.sock").doesNotContain("node-addons"));
        assertThat(entries).filteredOn(e -> method(e).equals("NodeReclaimSpace") || method(e).equals("EncryptionKeyRotate"))
                .allSatisfy(e -> assertThat(e.record().endpoint()).contains("node-addons.sock"));
        assertThat(entries).filteredOn(e -> e.record().call().startsWith("csi.v1."))
                .hasSize(9).allSatisfy(e -> assertThat(e.record().endpoint()).endsWith("/csi.sock"));
        assertThat(entries.subList(0, entries.size() - 1)).allSatisfy(e -> assertThat(e.record().outcome()).isEqualTo(AuditOutcome.OK));
        AuditEntry failed = entries.get(entries.size() - 1);
        assertThat(failed.record().outcome()).isEqualTo(AuditOutcome.FAILED);
        assertThat(failed.record().code()).isEqualTo("NOT_FOUND");
        assertThat(failed.record().targets().get("volume_id")).containsExactly("vol-gone");
        assertThat(entries).allSatisfy(e -> assertThat(e.record().parameters()).doesNotContain(CANARY));
        assertThat(log.verify().intact()).isTrue();
    }
}
