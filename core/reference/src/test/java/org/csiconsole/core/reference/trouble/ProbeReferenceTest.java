package org.csiconsole.core.reference.trouble;

import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.reference.array.NodeMount;
import org.csiconsole.core.reference.array.VolumeRecord;
import org.csiconsole.core.trouble.CheckResult;
import org.csiconsole.core.trouble.CheckStatus;
import org.csiconsole.core.trouble.Probe;
import org.csiconsole.core.trouble.ProbeOptions;
import org.csiconsole.core.trouble.ProbeReport;
import org.csiconsole.core.trouble.ProbeTarget;
import org.csiconsole.core.trouble.ReadOnlyRpcs;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The probe against the reference plugin in its demo state, served on a unix socket as a node
 * plugin would be, with one volume the kubelet published for a pod.
 */
class ProbeReferenceTest {
    @TempDir
    Path dir;

    private ReferencePlugin plugin;
    private Path socket;
    private Path kubelet;

    @BeforeEach
    void start() throws IOException {
        Path state = dir.resolve("state");
        plugin = ReferencePlugin.builder(state).seed(Seed.DEMO).nodeId("node-1").start();
        var model = plugin.model();
        for (VolumeRecord v : model.volumes().all()) {
            if (v.abnormal()) model.volumes().setCondition(v.id(), false, "");
        }
        kubelet = dir.resolve("kubelet");
        NodeMount staged = model.nodeRecords().onNode("node-1").stream().filter(NodeMount::staged).findFirst().orElseThrow();
        Path pv = Files.createDirectories(kubelet.resolve("pods/6f0c/volumes/kubernetes.io~csi/pv-probe"));
        model.nodeRecords().publish(new NodeMount(staged.volumeId(), "node-1", false, pv.resolve("mount").toString(), staged.path(),
                false, staged.block(), staged.fsType(), List.of(), staged.accessMode()), true);
        Files.writeString(pv.resolve("vol_data.json"), "{\"driverName\":\"" + ReferencePlugin.PLUGIN_NAME
                + "\",\"volumeHandle\":\"" + staged.volumeId() + "\",\"specVolID\":\"pv-probe\"}");
        socket = dir.resolve("csi.sock");
        plugin.serve(socket, Optional.empty());
    }

    @AfterEach
    void stop() {
        plugin.close();
    }

    /** SHA-256 of every file of the plugin's state directory but SQLite's shared-memory index, by name. */
    private Map<String, String> stateDigest() throws Exception {
        Map<String, String> out = new TreeMap<>();
        try (Stream<Path> files = Files.walk(plugin.stateDir())) {
            for (Path f : files.filter(Files::isRegularFile).filter(f -> !f.toString().endsWith("-shm")).toList()) {
                out.put(plugin.stateDir().relativize(f).toString(),
                        HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(Files.readAllBytes(f))));
            }
        }
        return out;
    }

    @Test
    void everyCheckPassesAndThePluginsStateIsUnchangedByteForByte() throws Exception {
        Map<String, String> before = stateDigest();
        CallTrace trace = new CallTrace();

        ProbeReport r = Probe.run(ProbeTarget.of(new Endpoint.Unix(socket)), ProbeOptions.defaults().withKubeletRoot(kubelet),
                trace, e -> { });

        // no secrets given and none refused: whether the driver needs them is not known, so that one check is skipped
        assertThat(r.checks()).allSatisfy(c -> assertThat(c.status()).as(c.id() + ": " + c.evidence())
                .isEqualTo(c.id().equals("secrets.required") ? CheckStatus.SKIPPED : CheckStatus.PASS));
        assertThat(r.checks()).extracting(CheckResult::id).contains("secrets.required", "socket.listening", "identity.plugin-name",
                "capabilities.group-controller", "list.volumes.stable-count", "list.snapshots.paging", "capacity.topology",
                "node.published", "node.volume-stats", "addons.services", "latency.deadline");
        assertThat(r.volumeCount()).isEqualTo(plugin.model().volumes().count());
        assertThat(r.fences()).as("what ListClusterFence listed, kept for the report").isNotEmpty()
                .containsExactlyElementsOf(plugin.model().fencing().fences().stream().map(f -> f.cidr()).toList());
        assertThat(r.summary()).contains("0 failed, 0 warnings").doesNotContain("(s)");
        assertThat(r.checks()).extracting(CheckResult::evidence).as("counted nouns read as words")
                .noneMatch(e -> e.contains("(s)") || e.matches("(?s).*\\b1 RPCs\\b.*"));
        assertThat(trace.snapshot()).isNotEmpty().extracting(TraceEntry::method).allMatch(ReadOnlyRpcs::readOnly);
        assertThat(stateDigest()).isEqualTo(before);
    }
}
