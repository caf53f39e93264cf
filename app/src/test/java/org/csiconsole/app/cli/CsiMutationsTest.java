package org.csiconsole.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import csi.v1.Csi;
import io.grpc.Status;
import org.csiconsole.core.csi.FakeCsiDriver;
import org.csiconsole.core.reference.ReferencePlugin;
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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The mutating CSI commands against the reference plugin (in process, and once over a real unix
 * socket): each verb, the typed confirmation of destructive ones, size limits, and secrets that
 * reach the RPC but never the output.
 */
class CsiMutationsTest {
    private static final String CANARY = "canary-cli-mutation-7741";
    private static final String SITE = "topology.csi-console.org/site";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path dir;

    private ReferencePlugin plugin;
    private String endpoint;
    private final FakeCsiDriver fake = new FakeCsiDriver();
    private final Map<String, String> env = new HashMap<>();
    private Supplier<Optional<ConsoleTerminal>> terminal = Optional::empty;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    /** Everything every run printed, on stdout and stderr. */
    private final StringBuilder printed = new StringBuilder();

    @BeforeEach
    void start() {
        plugin = ReferencePlugin.builder(dir.resolve("state")).start();
        String name = "cli-mutations-" + UUID.randomUUID();
        plugin.startInProcess(name);
        endpoint = "inproc:" + name;
    }

    @AfterEach
    void stop() {
        plugin.close();
        fake.close();
    }

    /** Runs one command line; {@link #out} and {@link #err} then hold what this run printed. */
    private int run(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        CommandLine cl = new CommandLine(new CsiConsoleCommand());
        cl.setExecutionExceptionHandler(new FailureHandler());
        cl.setExitCodeExceptionMapper(ExitCodes::forThrowable);
        for (Object c : CsiCommands.all(env::get)) cl.addSubcommand(c);
        for (Object c : CsiMutations.all(env::get, terminal)) cl.addSubcommand(c);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        printed.append(out).append(err);
        return code;
    }

    private JsonNode json(String... args) throws Exception {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--endpoint", endpoint, "-o", "json"));
        assertThat(run(all.toArray(String[]::new))).as(err.toString()).isEqualTo(ExitCodes.OK);
        return JSON.readTree(out.toString());
    }

    private String createVolume(String name) throws Exception {
        return json("create-volume", "--name", name, "--size", "1GiB").get("volumeId").asText();
    }

    private List<String> listedVolumeIds() throws Exception {
        List<String> ids = new ArrayList<>();
        json("volumes").forEach(v -> ids.add(v.get("volumeId").asText()));
        return ids;
    }

    @Test
    void createVolumePrintsTheCreatedVolumeAsJsonWithCapacityTopologyAndContext() throws Exception {
        JsonNode v = json("create-volume", "--name", "data-1", "--size", "10GiB", "--topology", SITE + "=site-b",
                "--parameter", "description=for the test", "--mutable-parameter", "iops=1000");
        assertThat(v.get("capacityBytes").asLong()).isEqualTo(10L << 30);
        assertThat(v.get("name").asText()).isEqualTo("data-1");
        assertThat(v.get("accessibleTopology").get(0).get("segments").get(SITE).asText()).isEqualTo("site-b");
        assertThat(v.get("volumeContext").get("array").asText()).isEqualTo("site-b");
        assertThat(v.get("parameters").get("description").asText()).isEqualTo("for the test");
        assertThat(listedVolumeIds()).containsExactly(v.get("volumeId").asText());
    }

    @Test
    void createVolumeOverARealUnixSocketPrintsATableWithTheExactCapacity() throws Exception {
        Path sock = dir.resolve("csi.sock");
        plugin.serve(sock, Optional.empty());
        assertThat(run("create-volume", "--endpoint", "unix://" + sock, "--name", "logs", "--size", "10G",
                "--access-type", "block", "--access-mode", "multi-node-multi-writer")).as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("volume_id").as("10G rounded up to whole MiB").contains("10,000,269,312 (9.3 GiB)")
                .contains("block MULTI_NODE_MULTI_WRITER").contains("volume_context.array");
    }

    @Test
    void createVolumeFromASnapshotAndFromAVolumeNamesItsContentSource() throws Exception {
        String source = createVolume("source");
        String snapshotId = json("snapshot", "--volume-id", source, "--name", "snap-a").get("snapshotId").asText();
        JsonNode restored = json("create-volume", "--name", "restored", "--size", "1GiB", "--from-snapshot", snapshotId);
        assertThat(restored.get("source").get("kind").asText()).isEqualTo("SNAPSHOT");
        assertThat(restored.get("source").get("id").asText()).isEqualTo(snapshotId);
        JsonNode clone = json("create-volume", "--name", "clone", "--size", "1GiB", "--from-volume", source);
        assertThat(clone.get("source").get("kind").asText()).isEqualTo("VOLUME");
        assertThat(listedVolumeIds()).hasSize(3);
    }

    @Test
    void bothContentSourcesAtOnceAreAUsageErrorAndNothingIsCreated() throws Exception {
        assertThat(run("create-volume", "--endpoint", endpoint, "--name", "x", "--size", "1GiB",
                "--from-snapshot", "snap-1", "--from-volume", "vol-1")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("Give either --from-snapshot or --from-volume");
        assertThat(listedVolumeIds()).isEmpty();
    }

    @Test
    void expandGrowsTheVolumeAndPrintsItsNewCapacity() throws Exception {
        String id = createVolume("grow");
        JsonNode r = json("expand", "--volume-id", id, "--size", "20GiB");
        assertThat(r.get("volumeId").asText()).isEqualTo(id);
        assertThat(r.get("capacityBytes").asLong()).isEqualTo(20L << 30);
        assertThat(json("volumes").get(0).get("capacityBytes").asLong()).isEqualTo(20L << 30);
    }

    @Test
    void expandBeyondTheLargestVolumeGetCapacityReportsIsRefusedInTheGuisWordsAndNotSent() throws Exception {
        String id = createVolume("grow");
        // the reference plugin reports maximum_volume_size as its first pool's free space, at most 64 TiB
        assertThat(run("expand", "--endpoint", endpoint, "--volume-id", id, "--size", "100TiB")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("Not sent: the new size, 100 TiB, is over the largest volume the plugin provisions, ")
                .contains("Give a size of at most ");
        assertThat(json("volumes").get(0).get("capacityBytes").asLong()).as("nothing was sent").isEqualTo(1L << 30);
    }

    @Test
    void expandWhenGetCapacityFailsIsSentWithANoteThatTheSizeWasNotCheckedAgainstTheDriversLimit() throws Exception {
        String fakeEndpoint = fake.startInProcess("cli-mutations-fake-" + UUID.randomUUID()).text();
        assertThat(run("create-volume", "--endpoint", fakeEndpoint, "--name", "grow", "--size", "1GiB", "-o", "json"))
                .as(err.toString()).isEqualTo(ExitCodes.OK);
        String id = JSON.readTree(out.toString()).get("volumeId").asText();
        fake.failNext("GetCapacity", Status.PERMISSION_DENIED.withDescription("capacity is for admins"));

        assertThat(run("expand", "--endpoint", fakeEndpoint, "--volume-id", id, "--size", "2GiB")).as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(err.toString()).contains("GetCapacity").contains("Caution: the largest volume the plugin provisions could not be read "
                + "(GetCapacity failed), so the new size is not checked against it");
        assertThat(fake.calls("ControllerExpandVolume")).isEqualTo(1);

        assertThat(run("expand", "--endpoint", fakeEndpoint, "--volume-id", id, "--size", "100GiB")).as("the fake reports 64 GiB")
                .isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("is over the largest volume the plugin provisions, 64 GiB").doesNotContain("could not be read");
        assertThat(fake.calls("ControllerExpandVolume")).isEqualTo(1);
    }

    @Test
    void expandToASizeNotLargerThanTheVolumeIsRefusedWithTheReasonAndTheNextStepAndNotSent() throws Exception {
        String id = json("create-volume", "--name", "big", "--size", "100GiB").get("volumeId").asText();
        assertThat(run("expand", "--endpoint", endpoint, "--volume-id", id, "--size", "10GiB")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("Not sent: the new size, 10 GiB, is not larger than the 100 GiB of " + id)
                .contains("Give a size larger than 100 GiB.");
        assertThat(run("expand", "--endpoint", endpoint, "--volume-id", id, "--size", "100GiB")).isEqualTo(ExitCodes.USAGE);
        assertThat(json("volumes").get(0).get("capacityBytes").asLong()).as("nothing was sent").isEqualTo(100L << 30);
    }

    @Test
    void publishPrintsThePublishContextAndUnpublishWithYesTakesTheVolumeBack() throws Exception {
        String id = createVolume("shared");
        assertThat(run("publish", "--endpoint", endpoint, "--volume-id", id, "--node-id", plugin.nodeId()))
                .as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("node_id").contains(plugin.nodeId()).contains("publish_context.");
        assertThat(json("volumes").get(0).get("publishedNodeIds").toString()).contains(plugin.nodeId());

        JsonNode again = json("publish", "--volume-id", id, "--node-id", plugin.nodeId());
        assertThat(again.get("publishContext").size()).isPositive();
        assertThat(again.get("readonly").asBoolean()).isFalse();

        JsonNode done = json("unpublish", "--volume-id", id, "--node-id", plugin.nodeId(), "--yes=" + id);
        assertThat(done.get("result").asText()).isEqualTo("unpublished");
        assertThat(json("volumes").get(0).get("publishedNodeIds").size()).isZero();
    }

    @Test
    void snapshotAndDeleteSnapshotWithYes() throws Exception {
        String id = createVolume("snapped");
        JsonNode s = json("snapshot", "--volume-id", id, "--name", "nightly-1");
        assertThat(s.get("sourceVolumeId").asText()).isEqualTo(id);
        String snapshotId = s.get("snapshotId").asText();
        assertThat(json("snapshots").toString()).contains(snapshotId);

        assertThat(run("delete-snapshot", "--endpoint", endpoint, "--snapshot-id", snapshotId, "--yes=" + snapshotId))
                .as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("Deleted snapshot " + snapshotId);
        assertThat(json("snapshots").toString()).doesNotContain(snapshotId);
    }

    @Test
    void deleteVolumeWithYesDeletesIt() throws Exception {
        String id = createVolume("scratch");
        JsonNode r = json("delete-volume", "--volume-id", id, "--yes=" + id);
        assertThat(r.get("volumeId").asText()).isEqualTo(id);
        assertThat(r.get("result").asText()).isEqualTo("deleted");
        assertThat(listedVolumeIds()).isEmpty();
    }

    @Test
    void deleteOfAVolumeWithReplicationEnabledIsRefusedBeforeSendingWithDisableReplicationAsTheNextStep() throws Exception {
        String id = createVolume("replicated");
        plugin.model().replications().enable(id, Map.of(), 60_000);

        assertThat(run("delete-volume", "--endpoint", endpoint, "--volume-id", id, "--yes=" + id)).as(err.toString()).isEqualTo(ExitCodes.USAGE);

        assertThat(err.toString()).contains(id + " has replication enabled (primary")
                .contains("Disable replication of it first (Replication > Disable, or csi-console replication disable --volume-id " + id + ")")
                .doesNotContain("Unpublish");
        assertThat(listedVolumeIds()).contains(id);
    }

    @Test
    void withoutATerminalAndWithoutYesEveryDestructiveCommandRefusesAndChangesNothing() throws Exception {
        String id = createVolume("keep-me");
        json("publish", "--volume-id", id, "--node-id", plugin.nodeId());
        String snapshotId = json("snapshot", "--volume-id", id, "--name", "keep-snap").get("snapshotId").asText();

        assertThat(run("delete-volume", "--endpoint", endpoint, "--volume-id", id)).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("no terminal").contains("Pass --yes=" + id).doesNotContain("\tat ");
        assertThat(out.toString()).isEmpty();
        assertThat(run("unpublish", "--endpoint", endpoint, "--volume-id", id, "--node-id", plugin.nodeId()))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("Pass --yes=" + id);
        assertThat(run("delete-snapshot", "--endpoint", endpoint, "--snapshot-id", snapshotId)).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("Pass --yes=" + snapshotId);

        assertThat(listedVolumeIds()).containsExactly(id);
        assertThat(json("volumes").get(0).get("publishedNodeIds").toString()).contains(plugin.nodeId());
        assertThat(json("snapshots").toString()).contains(snapshotId);
    }

    @Test
    void yesWithAnotherNameRefusesAndDeletesNothing() throws Exception {
        String id = createVolume("precious");
        String other = createVolume("other");
        assertThat(run("delete-volume", "--endpoint", endpoint, "--volume-id", id, "--yes=" + other)).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("does not name this volume").contains("Pass --yes=" + id);
        assertThat(run("delete-volume", "--endpoint", endpoint, "--volume-id", id, "--yes=" + id.toUpperCase())).isEqualTo(ExitCodes.USAGE);
        assertThat(listedVolumeIds()).containsExactlyInAnyOrder(id, other);
    }

    @Test
    void onATerminalTheVolumeIsDeletedOnlyWhenItsNameIsTyped() throws Exception {
        String id = createVolume("typed");
        List<String> prompts = new ArrayList<>();
        terminal = () -> Optional.of(prompt -> {
            prompts.add(prompt);
            return "not-" + id;
        });
        assertThat(run("delete-volume", "--endpoint", endpoint, "--volume-id", id)).isEqualTo(ExitCodes.USAGE);
        assertThat(prompts).singleElement().asString().isEqualTo("Type " + id + " to delete volume " + id + ": ");
        assertThat(err.toString()).as("core's assessment, before the prompt").contains("Delete volume " + id)
                .contains("removes " + id + " (1 GiB) and all data on it for good").contains("published nowhere");
        assertThat(err.toString()).contains("the text typed is not " + id).contains("nothing was sent");
        assertThat(listedVolumeIds()).containsExactly(id);

        terminal = () -> Optional.of(prompt -> null);
        assertThat(run("delete-volume", "--endpoint", endpoint, "--volume-id", id)).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("nothing was typed");
        assertThat(listedVolumeIds()).containsExactly(id);

        terminal = () -> Optional.of(prompt -> id);
        assertThat(run("delete-volume", "--endpoint", endpoint, "--volume-id", id)).as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(listedVolumeIds()).isEmpty();
    }

    @Test
    void aSizeOverTheInt64LimitIsAClearUsageErrorAndNothingIsCreated() throws Exception {
        assertThat(run("create-volume", "--endpoint", endpoint, "--name", "huge", "--size", "9223372036854775808"))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("Read --size").contains("is more than 9223372036854775807 bytes").doesNotContain("\tat ");
        assertThat(run("expand", "--endpoint", endpoint, "--volume-id", "vol-1", "--size", "100000PiB", "-o", "json"))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(JSON.readTree(out.toString()).get("error").get("message").asText()).contains("is more than 9223372036854775807 bytes");
        assertThat(run("create-volume", "--endpoint", endpoint, "--name", "odd", "--size", "ten")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("'ten' is not a size");
        assertThat(listedVolumeIds()).isEmpty();
    }

    @Test
    void aBadAccessModeOrTopologyIsAUsageErrorThatSaysWhatToGive() throws Exception {
        assertThat(run("create-volume", "--endpoint", endpoint, "--name", "m", "--size", "1GiB", "--access-mode", "rwx"))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("'rwx' is not a CSI access mode").contains("MULTI_NODE_MULTI_WRITER");
        assertThat(run("create-volume", "--endpoint", endpoint, "--name", "t", "--size", "1GiB", "--topology", "zone"))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("'zone' is not a key=value segment");
        assertThat(run("create-volume", "--endpoint", endpoint, "--name", "b", "--size", "1GiB", "--access-type", "block",
                "--fs-type", "xfs")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("a block volume has no file system");
        assertThat(listedVolumeIds()).isEmpty();
    }

    @Test
    void aCanarySecretFromTheSecretsFileReachesTheRpcsButAppearsNowhereInTheOutput() throws Exception {
        String fakeEndpoint = fake.startInProcess("cli-mutations-fake-" + UUID.randomUUID()).text();
        Path secrets = Files.writeString(dir.resolve("secrets.properties"), "# array login\npassword=" + CANARY + "\n");

        assertThat(run("create-volume", "--endpoint", fakeEndpoint, "--name", "secret-vol", "--size", "1GiB",
                "--secrets-file", secrets.toString(), "--trace", "-o", "json")).as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(JSON.readTree(out.toString()).get("capacityBytes").asLong()).isEqualTo(1L << 30);
        assertThat(err.toString()).contains("CreateVolume").contains("***");
        assertThat(fake.<Csi.CreateVolumeRequest>requests("CreateVolume")).singleElement()
                .satisfies(r -> assertThat(r.getSecretsMap()).containsEntry("password", CANARY));
        String id = JSON.readTree(out.toString()).get("volumeId").asText();

        fake.failNext("DeleteVolume", Status.PERMISSION_DENIED.withDescription("bad password"));
        assertThat(run("delete-volume", "--endpoint", fakeEndpoint, "--volume-id", id, "--yes=" + id,
                "--secrets-file", secrets.toString(), "--trace", "-o", "json")).as(err.toString()).isEqualTo(ExitCodes.AUTH);
        assertThat(fake.<Csi.DeleteVolumeRequest>requests("DeleteVolume")).singleElement()
                .satisfies(r -> assertThat(r.getSecretsMap()).containsEntry("password", CANARY));

        assertThat(run("delete-volume", "--endpoint", fakeEndpoint, "--volume-id", id, "--yes=wrong",
                "--secrets-file", secrets.toString(), "--trace")).isEqualTo(ExitCodes.USAGE);
        assertThat(printed.toString()).contains("DeleteVolume").doesNotContain(CANARY);
    }

    @Test
    void aVolumeControllerGetVolumeReportsPublishedIsNotDeletedThoughTheDriverDoesNotListPublishedNodes() throws Exception {
        // GET_VOLUME with PUBLISH_UNPUBLISH_VOLUME: ControllerGetVolume's published_node_ids are required (CSI spec)
        fake.controllerCaps.add(Csi.ControllerServiceCapability.RPC.Type.GET_VOLUME);
        String fakeEndpoint = fake.startInProcess("cli-mutations-fake-" + UUID.randomUUID()).text();
        assertThat(run("create-volume", "--endpoint", fakeEndpoint, "--name", "held", "--size", "1GiB", "-o", "json"))
                .as(err.toString()).isEqualTo(ExitCodes.OK);
        String id = JSON.readTree(out.toString()).get("volumeId").asText();
        fake.publishedTo.put(id, java.util.Set.of("node-2"));

        assertThat(run("delete-volume", "--endpoint", fakeEndpoint, "--volume-id", id, "--yes=" + id)).isEqualTo(ExitCodes.USAGE);

        assertThat(err.toString()).contains(id + " is still published to node-2 (reported by the driver)");
        assertThat(fake.calls("DeleteVolume")).as("nothing was sent").isZero();

        fake.publishedTo.put(id, java.util.Set.of());
        assertThat(run("delete-volume", "--endpoint", fakeEndpoint, "--volume-id", id, "--yes=" + id)).as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(fake.calls("DeleteVolume")).isEqualTo(1);
    }

    @Test
    void withoutSecretsFileTheFileNamedByCsiSecretsFileIsRead() throws Exception {
        String fakeEndpoint = fake.startInProcess("cli-mutations-fake-" + UUID.randomUUID()).text();
        Path secrets = Files.writeString(dir.resolve("env-secrets.properties"), "token=" + CANARY + "\n");
        env.put(SecretsFileOption.ENV, secrets.toString());
        assertThat(run("snapshot", "--endpoint", fakeEndpoint, "--volume-id", "vol-1", "--name", "s1", "--trace"))
                .as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(fake.<Csi.CreateSnapshotRequest>requests("CreateSnapshot")).singleElement()
                .satisfies(r -> assertThat(r.getSecretsMap()).containsEntry("token", CANARY));
        assertThat(printed.toString()).doesNotContain(CANARY);

        env.put(SecretsFileOption.ENV, dir.resolve("missing.properties").toString());
        assertThat(run("snapshot", "--endpoint", fakeEndpoint, "--volume-id", "vol-1", "--name", "s2")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("missing.properties").contains("cannot be read");
        assertThat(fake.calls("CreateSnapshot")).isEqualTo(1);
    }

    @Test
    void aCloneFromADriverWithoutCloneVolumeIsNotSentAndSaysWhichCapabilityIsMissing() throws Exception {
        fake.controllerCaps.remove(Csi.ControllerServiceCapability.RPC.Type.CLONE_VOLUME);
        String fakeEndpoint = fake.startInProcess("cli-mutations-fake-" + UUID.randomUUID()).text();
        assertThat(run("create-volume", "--endpoint", fakeEndpoint, "--name", "c", "--size", "1GiB", "--from-volume", "vol-1"))
                .isEqualTo(ExitCodes.UNSUPPORTED);
        assertThat(err.toString()).contains("not supported by this driver").contains("CLONE_VOLUME");
        assertThat(fake.calls("CreateVolume")).isZero();
    }

    @Test
    void theSevenVerbsAreOnTheCommandLine() {
        assertThat(CsiConsoleCommand.commandLine().getSubcommands()).containsKeys("create-volume", "delete-volume", "expand",
                "publish", "unpublish", "snapshot", "delete-snapshot");
    }
}
