package org.csiconsole.core.trace;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.TraceCommand;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.csi.CreateVolumeRequest;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.csi.FakeCsiDriver;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.VolumeCapability;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Commands copied from the trace repeat the call a canary secret went into, hold no secret, and
 * read back (as a shell splits them) into the arguments they were built from.
 */
class TraceCommandsTest {
    private static final String CANARY = "canary-cmd-Pw-4471";
    private static final String SOCKET = "/var/lib/kubelet/plugins/csi.example.com/csi.sock";
    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path protos;

    private final FakeCsiDriver driver = new FakeCsiDriver();
    private final CallTrace trace = new CallTrace();
    private CsiClient client;
    private ShellTraceCommands commands;

    @BeforeEach
    void start() throws Exception {
        client = CsiClient.open(driver.startInProcess("commands-" + UUID.randomUUID()), Optional.empty(), CsiClientOptions.defaults(), trace);
        commands = new ShellTraceCommands(protos, Runnable::run);
    }

    @AfterEach
    void stop() {
        client.close();
        driver.close();
    }

    /** The traced CreateVolume with the canary in its secrets, as if sent to a driver's unix socket. */
    private TraceEntry tracedCreate() throws Exception {
        CreateVolumeRequest req = CreateVolumeRequest.of("pvc-7", 1L << 30, VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4"))
                .withSecrets(Secrets.of(Map.of("password", CANARY))).withParameters(Map.of("pool", "gold"));
        client.controller().createVolume(req).get(10, TimeUnit.SECONDS);
        TraceEntry e = trace.snapshot().stream().filter(t -> t.method().endsWith("/CreateVolume")).findFirst().orElseThrow();
        return onSocket(e, "unix://" + SOCKET);
    }

    private static TraceEntry onSocket(TraceEntry e, String endpoint) {
        return new TraceEntry(e.seq(), e.start(), e.protocol(), endpoint, e.method(), e.attempt(), e.request(), e.response(),
                e.status(), e.ok(), e.duration(), e.message(), e.targets(), e.headers(), e.origin());
    }

    private static String after(List<String> argv, String flag) {
        int i = argv.indexOf(flag);
        assertThat(i).as("%s in %s", flag, argv).isNotNegative();
        return argv.get(i + 1);
    }

    @Test
    void aGrpcurlCommandHoldsNoSecretAndReadsBackIntoItsArguments() throws Exception {
        TraceCommand c = commands.grpcurl(tracedCreate());

        assertThat(c.available()).as(c.reason()).isTrue();
        assertThat(c.text()).doesNotContain(CANARY);
        List<String> argv = ShellParse.words(c.text());
        assertThat(argv).isEqualTo(c.argv());
        assertThat(argv.subList(0, 3)).containsExactly("grpcurl", "-plaintext", "-unix");
        assertThat(after(argv, "-import-path")).isEqualTo(protos.toString());
        assertThat(after(argv, "-proto")).isEqualTo("csi.proto");
        assertThat(argv.subList(argv.size() - 2, argv.size())).containsExactly(SOCKET, "csi.v1.Controller/CreateVolume");
        JsonNode body = JSON.readTree(after(argv, "-d"));
        assertThat(body.path("name").asText()).isEqualTo("pvc-7");
        assertThat(body.path("parameters").path("pool").asText()).isEqualTo("gold");
        assertThat(body.path("secrets").path("password").asText()).isEqualTo("<secret:secrets.password>");
        assertThat(body.path("capacityRange").path("requiredBytes").asText()).isEqualTo("1073741824");
    }

    @Test
    void theFirstGrpcurlCommandWritesTheUpstreamProtosItNames() throws Exception {
        commands.grpcurl(tracedCreate());

        assertThat(protos.resolve("csi.proto")).exists();
        assertThat(Files.readString(protos.resolve("csi.proto"))).contains("mutable_parameters").contains("package csi.v1;");
        assertThat(protos.resolve("csiaddons/replication.proto")).exists();
    }

    @Test
    void aCscCommandPutsTheSecretsInItsEnvironmentAsPlaceholders() throws Exception {
        TraceCommand c = commands.csc(tracedCreate());

        assertThat(c.available()).as(c.reason()).isTrue();
        assertThat(c.text()).doesNotContain(CANARY);
        List<String> argv = ShellParse.words(c.text());
        assertThat(argv).isEqualTo(c.argv());
        assertThat(argv.get(0)).isEqualTo("X_CSI_SECRETS=password=<secret:secrets.password>");
        assertThat(argv.subList(1, 4)).containsExactly("csc", "controller", "create-volume");
        assertThat(after(argv, "--endpoint")).isEqualTo("unix://" + SOCKET);
        assertThat(after(argv, "--cap")).isEqualTo("SINGLE_NODE_WRITER,mount,ext4");
        assertThat(after(argv, "--params")).isEqualTo("pool=gold");
        assertThat(after(argv, "--req-bytes")).isEqualTo("1073741824");
        assertThat(argv.get(argv.size() - 1)).isEqualTo("pvc-7");
    }

    @Test
    void aCallCscHasNoCommandForSaysSoAndPointsToGrpcurl() {
        TraceEntry addons = new TraceEntry(1, java.time.Instant.EPOCH, "grpc", "unix://" + SOCKET,
                "replication.Controller/EnableVolumeReplication", 1, "{\"volumeId\":\"vol-1\"}", "", "OK", true, java.time.Duration.ZERO);

        TraceCommand c = commands.csc(addons);

        assertThat(c.available()).isFalse();
        assertThat(c.reason()).contains("csc has no command for EnableVolumeReplication").contains("grpcurl");
        assertThat(commands.grpcurl(addons).argv()).contains("csiaddons/replication.proto");
    }

    @Test
    void anInProcessPluginCannotBeReachedFromAShellAndSaysHowItCouldBe() throws Exception {
        TraceEntry e = onSocket(tracedCreate(), "inproc:demo");

        assertThat(commands.grpcurl(e).available()).isFalse();
        assertThat(commands.grpcurl(e).reason()).contains("`csi-console serve --endpoint unix:///tmp/csi-console-demo.sock --seed demo`")
                .contains("`csi-console --endpoint unix:///tmp/csi-console-demo.sock`");
        assertThat(commands.csc(e).available()).isFalse();
        assertThat(commands.curl(e).reason()).contains("gRPC");
    }

    @Test
    void aQuoteInARequestValueSurvivesTheShell() throws Exception {
        CreateVolumeRequest req = CreateVolumeRequest.of("it's-$HOME", 1L << 30, VolumeCapability.block(AccessMode.SINGLE_NODE_WRITER));
        client.controller().createVolume(req).get(10, TimeUnit.SECONDS);
        TraceEntry e = onSocket(trace.snapshot().get(trace.snapshot().size() - 1), "unix://" + SOCKET);

        TraceCommand c = commands.grpcurl(e);

        assertThat(JSON.readTree(after(ShellParse.words(c.text()), "-d")).path("name").asText()).isEqualTo("it's-$HOME");
        assertThat(ShellParse.words(commands.csc(e).text())).last().isEqualTo("it's-$HOME");
    }
}
