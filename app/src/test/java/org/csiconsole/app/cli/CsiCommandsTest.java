package org.csiconsole.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import csi.v1.Csi;
import io.grpc.Status;
import org.csiconsole.core.csi.FakeCsiDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;

/** The CSI commands against the fake driver from core's test-jar, output captured. */
class CsiCommandsTest {
    private static final String CANARY = "canary-cli-csi-3391";

    private final FakeCsiDriver driver = new FakeCsiDriver().withVolumes(12);
    private final Map<String, String> env = new HashMap<>();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private Path dir;

    @AfterEach
    void stop() throws Exception {
        driver.close();
        if (dir != null) {
            try (var s = Files.list(dir)) {
                for (Path p : s.toList()) Files.deleteIfExists(p);
            }
            Files.deleteIfExists(dir);
        }
    }

    private int run(String... args) {
        CommandLine cl = new CommandLine(new CsiConsoleCommand());
        cl.setExecutionExceptionHandler(new FailureHandler());
        cl.setExitCodeExceptionMapper(ExitCodes::forThrowable);
        for (Object c : CsiCommands.all(env::get)) cl.addSubcommand(c);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    private String inproc() throws Exception {
        return driver.startInProcess("cli-" + UUID.randomUUID()).text();
    }

    @Test
    void infoShowsIdentityAndReadiness() throws Exception {
        assertThat(run("info", "--endpoint", inproc())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("fake.csi.example.com").contains("1.0.0").containsPattern("\\nready\\s+ready\\n");
    }

    @Test
    void capabilitiesAsJson() throws Exception {
        assertThat(run("capabilities", "--endpoint", inproc(), "--output", "json")).isEqualTo(ExitCodes.OK);
        JsonNode caps = new ObjectMapper().readTree(out.toString());
        assertThat(caps.get("controller").toString()).contains("LIST_VOLUMES");
        assertThat(caps.get("alpha").toString()).contains("VOLUME_CONDITION");
    }

    @Test
    void volumesOverARealUnixSocket() throws Exception {
        dir = Files.createTempDirectory(Path.of("/tmp"), "cli");
        String ep = driver.startUnix(dir.resolve("csi.sock")).text();
        assertThat(run("volumes", "--endpoint", ep, "--page-size", "5")).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("VOLUME_ID").contains("vol-12").contains("12 volumes").contains("node-1");
        assertThat(driver.calls("ListVolumes")).isEqualTo(3);
    }

    @Test
    void volumesAsJsonFromCsiEndpoint() throws Exception {
        env.put("CSI_ENDPOINT", inproc());
        assertThat(run("volumes", "-o", "json")).isEqualTo(ExitCodes.OK);
        JsonNode list = new ObjectMapper().readTree(out.toString());
        assertThat(list.size()).isEqualTo(12);
        assertThat(list.get(0).get("volumeId").asText()).isEqualTo("vol-1");
        assertThat(list.get(0).get("capacityBytes").asLong()).isEqualTo(1L << 30);
    }

    @Test
    void unimplementedNodeServiceSaysNotSupportedWithoutStackTrace() throws Exception {
        driver.nodeService = false;
        assertThat(run("node", "--endpoint", inproc())).isEqualTo(ExitCodes.UNSUPPORTED);
        assertThat(err.toString()).contains("not supported by this driver").doesNotContain("Exception").doesNotContain("\tat ");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void unadvertisedListSaysNotSupported() throws Exception {
        driver.controllerCaps.remove(Csi.ControllerServiceCapability.RPC.Type.LIST_SNAPSHOTS);
        assertThat(run("snapshots", "--endpoint", inproc())).isEqualTo(ExitCodes.UNSUPPORTED);
        assertThat(err.toString()).contains("not supported by this driver").contains("LIST_SNAPSHOTS");
        assertThat(driver.calls("ListSnapshots")).isZero();
    }

    @Test
    void missingSocketIsAnEndpointError() throws Exception {
        dir = Files.createTempDirectory(Path.of("/tmp"), "cli");
        assertThat(run("info", "--endpoint", "unix://" + dir.resolve("csi.sock"))).isEqualTo(ExitCodes.ENDPOINT);
        assertThat(err.toString()).contains("there is no socket").contains("What to do").doesNotContain("\tat ");
    }

    @Test
    void aRefusedTcpPortIsAnEndpointErrorThatDoesNotBlameThePlugin() throws Exception {
        String ep = "tcp://127.0.0.1:" + closedPort();
        assertThat(run("info", "--endpoint", ep, "--retries", "1")).isEqualTo(ExitCodes.ENDPOINT);
        assertThat(err.toString()).contains("the endpoint " + ep + " refused the connection")
                .contains("Check that the driver is running and listening at " + ep)
                .doesNotContain("plugin says").doesNotContain("plugin failed").doesNotContain("\tat ");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    void aDeadUnixSocketIsAnEndpointError() throws Exception {
        dir = Files.createTempDirectory(Path.of("/tmp"), "cli");
        Path sock = dir.resolve("csi.sock");
        try (ServerSocketChannel s = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            s.bind(UnixDomainSocketAddress.of(sock)); // closed below: the file stays, nobody listens
        }
        assertThat(run("info", "--endpoint", "unix://" + sock, "--retries", "1")).isEqualTo(ExitCodes.ENDPOINT);
        assertThat(err.toString()).contains(sock.toString()).contains("driver").contains("What to do")
                .doesNotContain("plugin says").doesNotContain("\tat ");
    }

    @Test
    void aFailureWithJsonOutputPrintsAJsonErrorObjectOnStdoutAndWordsOnStderr() throws Exception {
        String ep = "tcp://127.0.0.1:" + closedPort();
        assertThat(run("volumes", "--endpoint", ep, "--retries", "1", "-o", "json")).isEqualTo(ExitCodes.ENDPOINT);
        JsonNode error = new ObjectMapper().readTree(out.toString()).get("error");
        assertThat(error.get("kind").asText()).isEqualTo("UNAVAILABLE");
        assertThat(error.get("exitCode").asInt()).isEqualTo(ExitCodes.ENDPOINT);
        assertThat(error.get("message").asText()).contains("refused the connection");
        assertThat(error.get("whatToDo").asText()).contains("listening at " + ep);
        assertThat(error.get("detail").asText()).contains("UNAVAILABLE");
        assertThat(err.toString()).contains("refused the connection").contains("What to do");
    }

    @Test
    void aFailureWithTableOutputLeavesStdoutEmpty() throws Exception {
        assertThat(run("volumes", "--endpoint", "tcp://127.0.0.1:" + closedPort(), "--retries", "1")).isEqualTo(ExitCodes.ENDPOINT);
        assertThat(out.toString()).isEmpty();
    }

    /** A loopback TCP port nobody listens on (bound once, then released). */
    private static int closedPort() throws Exception {
        try (ServerSocket s = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return s.getLocalPort();
        }
    }

    @Test
    void noEndpointIsAUsageError() {
        assertThat(run("info")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("CSI_ENDPOINT is not set");
    }

    @Test
    void canarySecretNeverReachesTheOutput() throws Exception {
        dir = Files.createTempDirectory(Path.of("/tmp"), "cli");
        Path secrets = Files.writeString(dir.resolve("secrets.properties"), "password=" + CANARY + "\n");
        driver.failNext("ListSnapshots", Status.PERMISSION_DENIED.withDescription("bad password"));
        int code = run("snapshots", "--endpoint", inproc(), "--secrets-file", secrets.toString(), "--trace");
        assertThat(code).isEqualTo(ExitCodes.AUTH);
        assertThat(driver.<Csi.ListSnapshotsRequest>requests("ListSnapshots")).singleElement()
                .satisfies(r -> assertThat(r.getSecretsMap()).containsEntry("password", CANARY));
        assertThat(out.toString() + err.toString()).doesNotContain(CANARY).contains("ListSnapshots").contains("***");
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        assertThat(run("snapshots", "--endpoint", inproc(), "--secrets-file", secrets.toString(), "--trace", "-o", "json"))
                .isEqualTo(ExitCodes.OK);
        assertThat(out.toString() + err.toString()).doesNotContain(CANARY).contains("snap-1");
    }
}
