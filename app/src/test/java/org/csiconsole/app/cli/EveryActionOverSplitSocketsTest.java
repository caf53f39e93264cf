package org.csiconsole.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.csiconsole.app.audit.LazyAuditLog;
import org.csiconsole.core.audit.AuditEntry;
import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditQuery;
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
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every mutating command of the CLI, as the console wires it ({@link CsiConsoleCommand#commandLine}),
 * against the reference plugin over real unix sockets: CSI on one, the controller-side csi-addons
 * services on a second and the node-side ones on a third. Each change leaves exactly one audit
 * entry in the console's log, with the socket it went to and its outcome, and no secret.
 */
class EveryActionOverSplitSocketsTest {
    private static final String CANARY = "canary-every-action-7731";

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
        List<String> context = new ArrayList<>();
        published.get("publishContext").fields().forEachRemaining(e -> context.add("--publish-context=" + e.getKey() + "=" + e.getValue().asText()));
        // the node plugin is on this machine (a unix socket): the CO's directories are made under the test's folder
        String staging = dir.resolve("kubelet/plugins/pv/db-a/globalmount").toString();
        String target = dir.resolve("kubelet/pods/p1/volumes/db-a/mount").toString();
        List<String> stage = new ArrayList<>(List.of("stage", "--endpoint", csi, "--volume-id", a, "--staging-target-path", staging,
                "--fs-type", "ext4", "--secrets-file", secrets.toString()));
        stage.addAll(context);
        ok(stage.toArray(String[]::new));
        List<String> mount = new ArrayList<>(List.of("node-publish", "--endpoint", csi, "--volume-id", a, "--staging-target-path", staging,
                "--target-path", target, "--fs-type", "ext4", "--secrets-file", secrets.toString()));
        mount.addAll(context);
        ok(mount.toArray(String[]::new));

        ok("reclaim-space", "--endpoint", csi, "--addons-endpoint", addons, "--volume-id", a, "--volume-id", b);
        ok("reclaim-space", "--endpoint", csi, "--node-addons-endpoint", nodeAddons, "--node", "--volume-id", a,
                "--target-path", target);
        ok("rotate-key", "--endpoint", csi, "--node-addons-endpoint", nodeAddons, "--volume-id", a,
                "--target-path", target, "--yes=" + a);

        ok("node-unpublish", "--endpoint", csi, "--volume-id", a, "--target-path", target, "--yes=db-a");
        ok("unstage", "--endpoint", csi, "--volume-id", a, "--staging-target-path", staging, "--yes=db-a");
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
                "ControllerPublishVolume", "NodeStageVolume", "NodePublishVolume",
                "ControllerReclaimSpace", "ControllerReclaimSpace", "NodeReclaimSpace", "EncryptionKeyRotate",
                "NodeUnpublishVolume", "NodeUnstageVolume", "ControllerUnpublishVolume",
                // deleting the group empties it first, so that its volumes are kept
                "CreateVolumeGroup", "ModifyVolumeGroupMembership", "ModifyVolumeGroupMembership", "DeleteVolumeGroup",
                "FenceClusterNetwork", "UnfenceClusterNetwork", "DeleteVolume", "ControllerExpandVolume");
        assertThat(entries).filteredOn(e -> method(e).contains("ReclaimSpace") && !method(e).startsWith("Node")
                        || method(e).contains("VolumeGroup") || method(e).contains("Fence"))
                .allSatisfy(e -> assertThat(e.record().endpoint()).contains("addons.sock").doesNotContain("node-addons"));
        assertThat(entries).filteredOn(e -> method(e).equals("NodeReclaimSpace") || method(e).equals("EncryptionKeyRotate"))
                .allSatisfy(e -> assertThat(e.record().endpoint()).contains("node-addons.sock"));
        assertThat(entries).filteredOn(e -> e.record().call().startsWith("csi.v1."))
                .hasSize(13).allSatisfy(e -> assertThat(e.record().endpoint()).endsWith("/csi.sock"));
        assertThat(entries.subList(0, entries.size() - 1)).allSatisfy(e -> assertThat(e.record().outcome()).isEqualTo(AuditOutcome.OK));
        AuditEntry failed = entries.get(entries.size() - 1);
        assertThat(failed.record().outcome()).isEqualTo(AuditOutcome.FAILED);
        assertThat(failed.record().code()).isEqualTo("NOT_FOUND");
        assertThat(failed.record().targets().get("volume_id")).containsExactly("vol-gone");
        assertThat(entries).allSatisfy(e -> assertThat(e.record().parameters()).doesNotContain(CANARY));
        assertThat(log.verify().intact()).isTrue();
    }
}
