package org.csiconsole.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.csiconsole.core.audit.AuditSink;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.csi.CreateVolumeRequest;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
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
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code reclaim-space} and {@code rotate-key} against the reference plugin over real unix sockets,
 * the controller-side and node-side csi-addons services each on a socket of its own.
 */
class AddonsVolumeCommandsTest {
    private static final long MIB = 1L << 20;

    @TempDir
    Path dir;
    private ReferencePlugin plugin;
    private final Map<String, String> env = new HashMap<>();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private Optional<ConsoleTerminal> terminal = Optional.empty();
    private String volumeId;

    @BeforeEach
    void start() throws Exception {
        plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.EMPTY).start();
        plugin.serve(new ReferencePlugin.Sockets(dir.resolve("csi.sock"), Optional.empty(),
                Optional.of(dir.resolve("addons.sock")), Optional.of(dir.resolve("node-addons.sock"))));
        try (CsiClient csi = CsiClient.open(new Endpoint.Unix(dir.resolve("csi.sock")), Optional.empty(), CsiClientOptions.defaults(),
                new CallTrace())) {
            volumeId = csi.controller().createVolume(CreateVolumeRequest.of("pvc-cli", 1L << 30,
                    VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4"))).get(30, TimeUnit.SECONDS).volumeId();
        }
        plugin.model().volumes().setUsedBytes(volumeId, 800 * MIB);
    }

    @AfterEach
    void stop() {
        plugin.close();
    }

    private int run(String... args) {
        CommandLine cl = new CommandLine(new CsiConsoleCommand());
        cl.setExecutionExceptionHandler(new FailureHandler());
        cl.setExitCodeExceptionMapper(ExitCodes::forThrowable);
        for (Object c : AddonsVolumeCommands.all(env::get, AuditSink.discarding(), () -> terminal)) cl.addSubcommand(c);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    private String sock(String name) {
        return "unix://" + dir.resolve(name);
    }

    private int keyVersion() {
        return plugin.model().volumes().get(volumeId).orElseThrow().keyVersion();
    }

    @Test
    void reclaimSpacePrintsTheUsageBeforeAndAfterOfEachVolumeAndGoesOnAfterAFailure() throws Exception {
        int code = run("reclaim-space", "--endpoint", sock("csi.sock"), "--addons-endpoint", sock("addons.sock"),
                "--volume-id", "vol-missing", "--volume-id", volumeId, "--output", "json");

        assertThat(code).as("the first failure's exit code: NOT_FOUND").isEqualTo(ExitCodes.CALL_FAILED);
        JsonNode rows = new ObjectMapper().readTree(out.toString());
        assertThat(rows.get(0).get("volume_id").asText()).isEqualTo("vol-missing");
        assertThat(rows.get(0).get("error").asText()).isNotEmpty();
        JsonNode ok = rows.get(1);
        assertThat(ok.get("pre_usage_bytes").asLong()).isEqualTo(800 * MIB);
        assertThat(ok.get("post_usage_bytes").asLong()).isEqualTo(600 * MIB);
        assertThat(ok.get("freed_bytes").asLong()).isEqualTo(200 * MIB);
        assertThat(ok.get("side").asText()).isEqualTo("controller");
    }

    @Test
    void reclaimSpaceAsATableShowsBytesAndBinaryUnits() {
        assertThat(run("reclaim-space", "--endpoint", sock("csi.sock"), "--addons-endpoint", sock("addons.sock"),
                "--volume-id", volumeId)).isEqualTo(ExitCodes.OK);

        assertThat(out.toString()).contains("PRE_USAGE").contains(volumeId)
                .contains((800 * MIB) + " B (800 MiB)").contains((600 * MIB) + " B (600 MiB)").contains("ok");
    }

    @Test
    void reclaimSpaceOnTheNodeNeedsATargetPath() {
        assertThat(run("reclaim-space", "--endpoint", sock("csi.sock"), "--node", "--volume-id", volumeId))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--target-path");
    }

    @Test
    void rotateKeyWithoutYesAndWithoutATerminalRefusesAndSendsNothing() {
        int before = keyVersion();

        int code = run("rotate-key", "--endpoint", sock("csi.sock"), "--node-addons-endpoint", sock("node-addons.sock"),
                "--volume-id", volumeId, "--target-path", "/mnt/x");

        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--yes=" + volumeId);
        assertThat(keyVersion()).isEqualTo(before);
    }

    @Test
    void rotateKeyWithAMatchingYesRotatesThroughTheNodeSideSocket() {
        int before = keyVersion();

        assertThat(run("rotate-key", "--endpoint", sock("csi.sock"), "--node-addons-endpoint", sock("node-addons.sock"),
                "--volume-id", volumeId, "--target-path", "/mnt/x", "--yes=" + volumeId)).isEqualTo(ExitCodes.OK);

        assertThat(keyVersion()).isEqualTo(before + 1);
        assertThat(out.toString()).contains("Rotated the encryption key of " + volumeId);
    }

    @Test
    void rotateKeyOnATerminalNeedsTheVolumeIdTyped() {
        int before = keyVersion();
        terminal = Optional.of(prompt -> "something else");
        assertThat(run("rotate-key", "--endpoint", sock("csi.sock"), "--node-addons-endpoint", sock("node-addons.sock"),
                "--volume-id", volumeId, "--target-path", "/mnt/x")).isEqualTo(ExitCodes.USAGE);
        assertThat(keyVersion()).isEqualTo(before);

        terminal = Optional.of(prompt -> volumeId);
        assertThat(run("rotate-key", "--endpoint", sock("csi.sock"), "--node-addons-endpoint", sock("node-addons.sock"),
                "--volume-id", volumeId, "--target-path", "/mnt/x")).isEqualTo(ExitCodes.OK);
        assertThat(keyVersion()).isEqualTo(before + 1);
    }

    @Test
    void secretsComeFromTheFileNamedInTheEnvironmentAndNeverReachTheOutput() throws Exception {
        Path secrets = Files.writeString(dir.resolve("secrets.properties"), "userKey=canary-reclaim-5521\n");
        env.put(AddonsVolumeCommands.SECRETS_FILE_ENV, secrets.toString());

        assertThat(run("reclaim-space", "--endpoint", sock("csi.sock"), "--addons-endpoint", sock("addons.sock"),
                "--volume-id", volumeId, "--trace")).isEqualTo(ExitCodes.OK);

        assertThat(out.toString() + err.toString()).contains("ControllerReclaimSpace").doesNotContain("canary-reclaim-5521");
    }
}
