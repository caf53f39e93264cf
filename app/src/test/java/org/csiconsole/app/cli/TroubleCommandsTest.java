package org.csiconsole.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.csiconsole.core.audit.AuditRecord;
import org.csiconsole.core.audit.AuditSink;
import org.csiconsole.core.csi.FakeCsiDriver;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.reference.csi.NodePaths;
import org.csiconsole.core.trouble.CheckStatus;
import org.csiconsole.core.trouble.FakeRegistrar;
import org.csiconsole.core.trouble.ReportFiles;
import org.csiconsole.core.trouble.TroubleReport;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.StandardProtocolFamily;
import java.net.UnixDomainSocketAddress;
import java.nio.channels.ServerSocketChannel;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

/** discover, probe, exercise, report and orphans against the reference plugin and the fake driver, output captured. */
class TroubleCommandsTest {
    private static final String CANARY = "canary-report-5521";

    @TempDir
    Path dir;

    private ReferencePlugin plugin;
    private Path socket;
    private final FakeCsiDriver fake = new FakeCsiDriver().withVolumes(12);
    private final Map<String, String> env = new HashMap<>();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();
    private final List<AuditRecord> audited = new CopyOnWriteArrayList<>();
    private Supplier<Optional<ConsoleTerminal>> terminal = Optional::empty;

    @BeforeEach
    void start() throws Exception {
        plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.EMPTY).nodeId("node-1").nodePaths(NodePaths.Mode.HOST).start();
        socket = Files.createDirectories(dir.resolve("kubelet/plugins/" + ReferencePlugin.PLUGIN_NAME)).resolve("csi.sock");
        plugin.serve(socket, Optional.empty());
    }

    private final List<AutoCloseable> closing = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() throws Exception {
        for (AutoCloseable c : closing) c.close();
        plugin.close();
        fake.close();
    }

    private int run(String... args) {
        CommandLine cl = new CommandLine(new CsiConsoleCommand());
        cl.setExecutionExceptionHandler(new FailureHandler());
        cl.setExitCodeExceptionMapper(ExitCodes::forThrowable);
        AuditSink sink = r -> {
            audited.add(r);
            return CompletableFuture.completedFuture(null);
        };
        for (Object c : TroubleCommands.all(env::get)) cl.addSubcommand(c);
        cl.addSubcommand(new ExerciseCommand(env::get, sink, () -> terminal.get()));
        cl.addSubcommand(new ReportCommand(env::get, sink, () -> terminal.get()));
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    private String endpoint() {
        return "unix://" + socket;
    }

    @Test
    void probeOfAHealthyDriverExitsZeroAndListsItsChecks() {
        assertThat(run("probe", "--endpoint", endpoint(), "--root-dir", dir.resolve("kubelet").toString())).isEqualTo(ExitCodes.OK);

        assertThat(out.toString()).contains("PASS").contains("identity.plugin-name").contains("list.volumes.paging")
                .contains(ReferencePlugin.PLUGIN_NAME + " " + ReferencePlugin.VERSION).contains("0 failed");
    }

    @Test
    void probeExitsOneWhenACheckFailsAndSaysWhatToDo() throws Exception {
        fake.paging = FakeCsiDriver.Paging.REPEAT_TOKEN;
        String ep = fake.startInProcess("trouble-" + UUID.randomUUID()).text();

        assertThat(run("probe", "--endpoint", ep, "--page-size", "5")).isEqualTo(ExitCodes.CALL_FAILED);

        assertThat(out.toString()).contains("FAIL").contains("list.volumes.paging").contains("What to do:");
    }

    /** A driver served as `serve --require-secrets F --without-capability LIST_VOLUMES,LIST_SNAPSHOTS --empty-probe` serves it. */
    private String strictDriver() throws Exception {
        ReferencePlugin strict = ReferencePlugin.builder(dir.resolve("strict-state")).seed(Seed.EMPTY).nodeId("node-1")
                .shape(org.csiconsole.core.reference.shape.DriverShape.of(Optional.of(Map.of("userID", "admin", "userKey", "k3y")),
                        List.of("LIST_VOLUMES", "LIST_SNAPSHOTS"), true)).start();
        closing.add(strict);
        Path s = Files.createDirectories(dir.resolve("kubelet/plugins/strict")).resolve("csi.sock");
        strict.serve(s, Optional.empty());
        return "unix://" + s;
    }

    @Test
    void probeAndReportExitFiveWhenTheDriverRefusesTheSecretsGiven() throws Exception {
        String strict = strictDriver();
        Path wrongKey = Files.writeString(dir.resolve("wrong.properties"), "userID=admin\nuserKee=k3y\n");

        assertThat(run("probe", "--endpoint", strict, "--secrets-file", wrongKey.toString())).as(out + "\n" + err).isEqualTo(ExitCodes.AUTH);
        assertThat(out.toString()).containsPattern("FAIL +secrets.required").contains("The driver refused the secrets given")
                .contains("(secrets from the secrets file " + wrongKey + ")");

        assertThat(run("report", "--endpoint", strict, "--out", dir.resolve("r").toString(), "--no-discover", "--secrets-file",
                wrongKey.toString())).as(out + "\n" + err).isEqualTo(ExitCodes.AUTH);
    }

    @Test
    void theRightSecretsAreAcceptedAndExitZero() throws Exception {
        String strict = strictDriver();
        Path right = Files.writeString(dir.resolve("right.properties"), "userID=admin\nuserKey=k3y\n");

        assertThat(run("probe", "--endpoint", strict, "--secrets-file", right.toString())).as(out + "\n" + err).isEqualTo(ExitCodes.OK);
    }

    @Test
    void probeExitsThreeWhenTheDriverIsUnreachable() {
        assertThat(run("probe", "--endpoint", "unix://" + dir.resolve("none.sock"), "--output", "json")).isEqualTo(ExitCodes.ENDPOINT);
    }

    @Test
    void probeOfARegistrationSocketAsksItsGetInfoAndSaysWhichEndpointToProbeInstead() throws Exception {
        Path reg = Files.createDirectories(dir.resolve("kubelet/plugins_registry")).resolve(ReferencePlugin.PLUGIN_NAME + "-reg.sock");
        closing.add(new org.csiconsole.core.trouble.FakeRegistrar(reg, ReferencePlugin.PLUGIN_NAME, socket.toString()));

        assertThat(run("probe", "--endpoint", "unix://" + reg, "--root-dir", dir.resolve("kubelet").toString()))
                .as(err.toString()).isEqualTo(ExitCodes.CALL_FAILED);

        assertThat(out.toString()).contains("registration.not-a-driver").contains("kubelet plugin registration socket of "
                        + ReferencePlugin.PLUGIN_NAME).contains("GetInfo answered: type CSIPlugin")
                .contains("Probe the driver it registers: csi-console probe --endpoint unix://" + socket)
                .doesNotContain("GetPluginInfo: UNIMPLEMENTED").doesNotContain("could not be reached");
        assertThat(out.toString().lines().filter(l -> l.contains("identity.plugin-info")).findFirst().orElseThrow()).contains("SKIPPED");
    }

    @Test
    void aTimeoutOfZeroIsRefusedWithASentence() {
        for (String command : List.of("probe", "discover")) {
            err.getBuffer().setLength(0);
            List<String> args = new java.util.ArrayList<>(List.of(command, "--timeout", "0", "--root-dir", dir.resolve("kubelet").toString()));
            if (command.equals("probe")) args.addAll(List.of("--endpoint", endpoint()));

            assertThat(run(args.toArray(String[]::new))).as(command).isEqualTo(ExitCodes.USAGE);

            assertThat(err.toString()).as(command).contains("--timeout").contains("1 second or more").doesNotContain("Exception");
        }
    }

    @Test
    void probeAsJsonIsTheProbeReport() throws Exception {
        run("probe", "--endpoint", endpoint(), "--output", "json");

        JsonNode r = new ObjectMapper().readTree(out.toString());
        assertThat(r.get("reachable").asBoolean()).isTrue();
        assertThat(r.get("checks").size()).isGreaterThan(20);
        assertThat(r.get("plugin").get("name").asText()).isEqualTo(ReferencePlugin.PLUGIN_NAME);
    }

    @Test
    void discoverFindsTheDriverAndAStaleSocketUnderTheRootDir() throws Exception {
        Path stale = Files.createDirectories(dir.resolve("kubelet/plugins/gone.example.com")).resolve("csi.sock");
        try (ServerSocketChannel s = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            s.bind(UnixDomainSocketAddress.of(stale));
        }

        assertThat(run("discover", "--root-dir", dir.resolve("kubelet").toString(), "--output", "json")).isEqualTo(ExitCodes.OK);

        JsonNode sockets = new ObjectMapper().readTree(out.toString()).get("sockets");
        assertThat(sockets.toString()).contains(socket.toString()).contains(ReferencePlugin.PLUGIN_NAME).contains("\"CSI\"")
                .contains(stale.toString()).contains("\"STALE\"");
    }

    /** A registration under the kubelet root, as node-driver-registrar serves it, naming {@code endpoint}. */
    private FakeRegistrar registrar(String driver, Path endpoint) throws Exception {
        Path reg = Files.createDirectories(dir.resolve("kubelet/plugins_registry")).resolve(driver + "-reg.sock");
        FakeRegistrar r = new FakeRegistrar(reg, driver, endpoint.toString());
        closing.add(r);
        return r;
    }

    private int discover(String... more) {
        out.getBuffer().setLength(0);
        List<String> args = new java.util.ArrayList<>(List.of("discover", "--root-dir", dir.resolve("kubelet").toString()));
        args.addAll(List.of(more));
        return run(args.toArray(String[]::new));
    }

    @Test
    void discoverOfAHealthyNodeExitsZeroAlsoWithFailOn() throws Exception {
        registrar(ReferencePlugin.PLUGIN_NAME, socket);

        assertThat(discover()).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("CSIPlugin").contains("1.0.0").contains("REGISTERED-BY")
                .contains(dir.resolve("kubelet/plugins_registry/" + ReferencePlugin.PLUGIN_NAME + "-reg.sock").toString())
                .doesNotContain("What to do:");
        assertThat(discover("--fail-on", "problem")).isEqualTo(ExitCodes.OK);
        assertThat(discover("--fail-on", "warn")).isEqualTo(ExitCodes.OK);
    }

    @Test
    void discoverExitsOneOnARegistrationWhoseDriverIsGoneOnlyWhenAskedTo() throws Exception {
        Path gone = dir.resolve("kubelet/plugins/hostpath.csi.k8s.io/csi.sock");
        registrar("hostpath.csi.k8s.io", gone);

        assertThat(discover()).as("today's default: 0 whatever is found").isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains(" missing ").contains("registrar up, driver gone").doesNotContain("LISTENING")
                .contains("What to do:")
                .contains("Restart hostpath.csi.k8s.io's driver container").contains("absent on this node: ");
        assertThat(discover("--fail-on", "problem")).isEqualTo(ExitCodes.CALL_FAILED);
        assertThat(discover("--fail-on", "warn")).isEqualTo(ExitCodes.CALL_FAILED);

        assertThat(discover("--fail-on", "problem", "--output", "json")).isEqualTo(ExitCodes.CALL_FAILED);
        JsonNode endpoint = java.util.stream.StreamSupport.stream(new ObjectMapper().readTree(out.toString()).get("sockets").spliterator(), false)
                .filter(n -> n.get("path").asText().equals(gone.toString())).findFirst().orElseThrow();
        assertThat(endpoint.get("registeredBy").asText()).endsWith("hostpath.csi.k8s.io-reg.sock");
        assertThat(endpoint.get("status").asText()).isEqualTo("FAIL");
    }

    @Test
    void discoverExitsOneOnALeftoverSocketOnlyWithFailOnWarn() throws Exception {
        Path stale = Files.createDirectories(dir.resolve("kubelet/plugins/gone.example.com")).resolve("csi.sock");
        try (ServerSocketChannel s = ServerSocketChannel.open(StandardProtocolFamily.UNIX)) {
            s.bind(UnixDomainSocketAddress.of(stale));
        }

        assertThat(discover("--fail-on", "problem")).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("What to do:").contains("WARN " + stale + ": ").contains("rm " + stale);
        assertThat(discover("--fail-on", "warn")).isEqualTo(ExitCodes.CALL_FAILED);
    }

    @Test
    void discoverUnderAnEmptyRootSaysWhereItLookedAndHowToLookElsewhere() {
        assertThat(run("discover", "--root-dir", dir.resolve("elsewhere").toString())).isEqualTo(ExitCodes.OK);

        assertThat(out.toString()).contains("0 sockets").contains("absent on this node: " + dir.resolve("elsewhere/plugins_registry"))
                .contains("--root-dir DIR");
    }

    @Test
    void aRootWhereNothingExistsFailsDiscoverUnderFailOnSoAScriptCannotTakeItForAHealthyNode() {
        assertThat(run("discover", "--root-dir", dir.resolve("mistyped").toString(), "--fail-on", "problem")).isEqualTo(ExitCodes.CALL_FAILED);
        assertThat(out.toString()).contains("Looked in nothing that exists");
    }

    /** {@code json} without the fields that are times ({@code started}, {@code took}, latencies): what comes from the state. */
    private static JsonNode withoutTimes(String json) throws Exception {
        com.fasterxml.jackson.databind.node.ObjectNode n = (com.fasterxml.jackson.databind.node.ObjectNode) new ObjectMapper().readTree(json);
        n.remove(List.of("started", "took", "timings"));
        if (n.has("checks")) {
            for (JsonNode c : n.get("checks")) {
                if (c.get("id").asText().startsWith("latency.")) ((com.fasterxml.jackson.databind.node.ObjectNode) c).remove("evidence");
            }
        }
        return n;
    }

    @Test
    void twoRunsOfDiscoverAndProbeAsJsonAreByteIdenticalApartFromTimesAndListCapabilitiesInOneOrder() throws Exception {
        registrar(ReferencePlugin.PLUGIN_NAME, socket);
        String root = dir.resolve("kubelet").toString();
        List<String> runs = new java.util.ArrayList<>();
        for (int i = 0; i < 2; i++) {
            out.getBuffer().setLength(0);
            run("discover", "--root-dir", root, "--timeout", "20", "-o", "json");
            runs.add(out.toString());
            out.getBuffer().setLength(0);
            run("probe", "--endpoint", endpoint(), "--root-dir", root, "--timeout", "20", "-o", "json");
            runs.add(out.toString());
        }

        ObjectMapper m = new ObjectMapper();
        assertThat(m.writeValueAsString(withoutTimes(runs.get(2)))).isEqualTo(m.writeValueAsString(withoutTimes(runs.get(0))));
        assertThat(m.writeValueAsString(withoutTimes(runs.get(3)))).isEqualTo(m.writeValueAsString(withoutTimes(runs.get(1))));
        JsonNode controller = m.readTree(runs.get(1)).get("capabilities").get("controller");
        List<String> listed = java.util.stream.StreamSupport.stream(controller.spliterator(), false).map(JsonNode::asText).toList();
        assertThat(listed).hasSizeGreaterThan(3).isEqualTo(java.util.Arrays.stream(org.csiconsole.core.model.ControllerCapability.values())
                .map(Enum::name).filter(listed::contains).toList());
    }

    @Test
    void aMissingRootDirFailsDiscoverUnderFailOnProblemAlsoWhenAnotherPlaceExists() throws Exception {
        Path elsewhere = Files.createDirectories(dir.resolve("elsewhere"));
        Path missing = dir.resolve("mistyped");

        assertThat(run("discover", "--root-dir", missing.toString(), "--path", elsewhere.toString())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("the kubelet root directory " + missing + " does not exist");
        assertThat(run("discover", "--root-dir", missing.toString(), "--path", elsewhere.toString(), "--fail-on", "problem"))
                .isEqualTo(ExitCodes.CALL_FAILED);
    }

    @Test
    void probeFailOnWarnExitsOneWhenACheckWarns() throws Exception {
        // any local user may connect: allowed, but a warning
        Files.setPosixFilePermissions(socket, java.nio.file.attribute.PosixFilePermissions.fromString("rwxrwxrwx"));
        String root = dir.resolve("kubelet").toString();
        run("probe", "--endpoint", endpoint(), "--root-dir", root, "--output", "json");
        JsonNode checks = new ObjectMapper().readTree(out.toString()).get("checks");
        assertThat(checks.toString()).contains("\"id\":\"socket.permissions\",\"title\":\"The console's user may connect\",\"status\":\"WARN\"")
                .doesNotContain("\"status\":\"FAIL\"");

        assertThat(run("probe", "--endpoint", endpoint(), "--root-dir", root)).isEqualTo(ExitCodes.OK);
        assertThat(run("probe", "--endpoint", endpoint(), "--root-dir", root, "--fail-on", "problem")).isEqualTo(ExitCodes.OK);
        assertThat(run("probe", "--endpoint", endpoint(), "--root-dir", root, "--fail-on", "warn")).isEqualTo(ExitCodes.CALL_FAILED);
    }

    @Test
    void exerciseWithoutConfirmationSendsNothing() {
        assertThat(run("exercise", "--endpoint", endpoint())).isEqualTo(ExitCodes.USAGE);
        assertThat(run("exercise", "--endpoint", endpoint(), "--yes=other.example.com/default")).isEqualTo(ExitCodes.USAGE);

        assertThat(err.toString()).contains("--yes=" + ReferencePlugin.PLUGIN_NAME + "/default").contains("nothing was sent");
        assertThat(audited).isEmpty();
        assertThat(plugin.model().volumes().count()).isZero();
    }

    @Test
    void exerciseConfirmedOnATerminalRunsAuditedAndLeavesNothing() {
        List<String> prompts = new CopyOnWriteArrayList<>();
        terminal = () -> Optional.of(prompt -> {
            prompts.add(prompt);
            return ReferencePlugin.PLUGIN_NAME + "/default";
        });

        int code = run("exercise", "--endpoint", endpoint(), "--work-dir", dir.resolve("work").toString());

        assertThat(code).as(out + "\n" + err).isEqualTo(ExitCodes.OK);
        assertThat(prompts).singleElement().asString().contains("pool default").contains("csi-console-exercise-*");
        assertThat(out.toString()).contains("NodePublishVolume").contains("Nothing was left on the storage.");
        assertThat(audited).extracting(AuditRecord::call).contains("csi.v1.Controller/CreateVolume", "csi.v1.Controller/DeleteVolume");
        assertThat(plugin.model().volumes().count()).isZero();
    }

    @Test
    void reportWritesBothFilesWithoutTheSecretsOfItsRun() throws Exception {
        Path secrets = Files.writeString(dir.resolve("secrets.properties"), "password=" + CANARY + "\n");
        Path log = Files.writeString(dir.resolve("driver.log"), "starting\nlogin ok\n");
        Path outDir = dir.resolve("report");

        int code = run("report", "--endpoint", endpoint(), "--out", outDir.toString(), "--root-dir", dir.resolve("kubelet").toString(),
                "--driver-log", log.toString(), "--exercise", "--yes=" + ReferencePlugin.PLUGIN_NAME + "/default",
                "--secrets-file", secrets.toString(), "--work-dir", dir.resolve("work").toString());

        assertThat(code).as(out + "\n" + err).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("Wrote " + outDir.resolve("report.json")).contains("exercise passed");
        for (String f : List.of("report.json", "report.html")) {
            assertThat(Files.readString(outDir.resolve(f))).as(f).doesNotContain(CANARY).contains("CreateVolume").contains("login ok");
        }
        TroubleReport r = ReportFiles.read(outDir.resolve("report.json"));
        assertThat(r.discovery().sockets()).anyMatch(s -> s.path().equals(socket.toString()));
        assertThat(r.exercise().leftovers()).isEmpty();
        assertThat(r.trace()).anyMatch(e -> e.method().endsWith("/CreateVolume") && e.request().json().contains("***"));
        assertThat(r.consoleVersion()).isNotEmpty();
    }

    @Test
    void reportOfAHealthyDriverOnANodeWithABrokenRegistrationCountsTheProblemButExitsOneOnlyWithFailOn() throws Exception {
        Path gone = dir.resolve("kubelet/plugins/hostpath.csi.k8s.io/csi.sock");
        registrar("hostpath.csi.k8s.io", gone);
        Path outDir = dir.resolve("report");

        int code = run("report", "--endpoint", endpoint(), "--out", outDir.toString(), "--root-dir", dir.resolve("kubelet").toString());

        assertThat(code).as("another driver's problem is not this driver's: " + out + "\n" + err).isEqualTo(ExitCodes.OK);
        TroubleReport r = ReportFiles.read(outDir.resolve("report.json"));
        assertThat(r.probe().anyFailed()).as("the probed driver itself is healthy").isFalse();
        assertThat(r.driverWorst()).isNotEqualTo(CheckStatus.FAIL);
        assertThat(r.worst()).isEqualTo(CheckStatus.FAIL);
        assertThat(out.toString()).contains("0 failed, 0 warnings").contains("discovery: 3 sockets: 2 problems")
                .doesNotContain("(s)");
        assertThat(Files.readString(outDir.resolve("report.html"))).contains("2 SOCKET FAIL").contains("discovery: 3 sockets: 2 problems");

        assertThat(run("report", "--endpoint", endpoint(), "--out", outDir.toString(), "--force", "--root-dir",
                dir.resolve("kubelet").toString(), "--fail-on", "problem")).isEqualTo(ExitCodes.CALL_FAILED);
    }

    @Test
    void reportOfADriverWhoseOwnRegistrationIsBrokenExitsOne() throws Exception {
        // a second registration of the probed driver's name at another endpoint: the one the kubelet refuses fails
        registrar(ReferencePlugin.PLUGIN_NAME, socket);
        Path other = Files.createDirectories(dir.resolve("kubelet/plugins_registry")).resolve("zz-reg.sock");
        closing.add(new FakeRegistrar(other, ReferencePlugin.PLUGIN_NAME, socket.toString()));

        int code = run("report", "--endpoint", endpoint(), "--out", dir.resolve("report").toString(), "--root-dir",
                dir.resolve("kubelet").toString());

        assertThat(code).as(out + "\n" + err).isEqualTo(ExitCodes.CALL_FAILED);
    }

    @Test
    void reportAsJsonPrintsTheReportJsonAndAcceptsFailOn() throws Exception {
        Path outDir = dir.resolve("report");

        int code = run("report", "--endpoint", endpoint(), "--out", outDir.toString(), "--root-dir", dir.resolve("kubelet").toString(),
                "--no-discover", "-o", "json", "--fail-on", "warn");

        assertThat(code).as(err.toString()).isIn(ExitCodes.OK, ExitCodes.CALL_FAILED);
        JsonNode printed = new ObjectMapper().readTree(out.toString());
        assertThat(printed.get("format").asText()).isEqualTo(TroubleReport.FORMAT);
        assertThat(out.toString()).isEqualTo(Files.readString(outDir.resolve("report.json")));
        assertThat(err.toString()).contains("Wrote " + outDir.resolve("report.json"));
        TroubleReport r = ReportFiles.read(outDir.resolve("report.json"));
        assertThat(code).isEqualTo(r.worst() == CheckStatus.PASS ? ExitCodes.OK : ExitCodes.CALL_FAILED);
    }

    @Test
    void reportRefusesToOverwriteAnExistingReportUnlessForced() throws Exception {
        Path outDir = Files.createDirectories(dir.resolve("report"));
        Path old = Files.writeString(outDir.resolve("report.json"), "{\"kept\":true}");

        int code = run("report", "--endpoint", endpoint(), "--out", outDir.toString(), "--root-dir", dir.resolve("kubelet").toString());

        assertThat(code).as(out + "\n" + err).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains(old.toString()).contains("--force").contains("Whose: the console");
        assertThat(Files.readString(old)).isEqualTo("{\"kept\":true}");
        assertThat(outDir.resolve("report.html")).doesNotExist();

        int forced = run("report", "--endpoint", endpoint(), "--out", outDir.toString(), "--root-dir", dir.resolve("kubelet").toString(),
                "--force");

        assertThat(forced).as(out + "\n" + err).isEqualTo(ExitCodes.OK);
        assertThat(ReportFiles.read(old).probe()).isNotNull();
    }

    @Test
    void reportUnderARootDirectoryThatDoesNotExistSaysSoAndFailsOnlyUnderFailOn() throws Exception {
        Path nowhere = dir.resolve("no-such-kubelet");

        int code = run("report", "--endpoint", endpoint(), "--out", dir.resolve("report").toString(), "--root-dir", nowhere.toString());

        assertThat(code).as("no kubelet root is not the driver's problem: " + out + "\n" + err).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("the kubelet root directory " + nowhere + " does not exist");
        assertThat(run("report", "--endpoint", endpoint(), "--out", dir.resolve("report").toString(), "--force", "--root-dir",
                nowhere.toString(), "--fail-on", "problem")).isEqualTo(ExitCodes.CALL_FAILED);
    }

    @Test
    void orphansListsTheVolumesOnOneSideOnly() throws Exception {
        String ep = fake.startInProcess("orphans-" + UUID.randomUUID()).text();
        Path pvs = Files.writeString(dir.resolve("pvs.json"), """
                {"kind":"List","items":[
                 {"kind":"PersistentVolume","metadata":{"name":"pv-1"},"spec":{"capacity":{"storage":"1Gi"},
                   "csi":{"driver":"fake.csi.example.com","volumeHandle":"vol-1"}}},
                 {"kind":"PersistentVolume","metadata":{"name":"pv-lost"},"spec":{"capacity":{"storage":"2Gi"},
                   "csi":{"driver":"fake.csi.example.com","volumeHandle":"vol-lost"}}}]}
                """);

        assertThat(run("orphans", "--endpoint", ep, "--pv-file", pvs.toString())).isEqualTo(ExitCodes.OK);

        assertThat(out.toString()).contains("list only").contains("vol-lost").contains("pv-lost").contains("2 GiB")
                .contains("driver only").contains("vol-12").contains("1 on both sides, 11 only on fake.csi.example.com");
    }
}
