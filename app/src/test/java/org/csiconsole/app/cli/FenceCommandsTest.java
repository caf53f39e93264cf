package org.csiconsole.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.reference.array.FenceRecord;
import org.csiconsole.core.reference.array.HostRecord;
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

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code fences}, {@code fence}, {@code unfence} and {@code fence-clients} against the reference
 * plugin, its csi-addons services on a unix socket of their own.
 */
class FenceCommandsTest {
    private static final String CANARY = "canary-fence-secret-5517";

    @TempDir
    Path dir;
    private ReferencePlugin plugin;
    private final Map<String, String> environment = new HashMap<>();
    private final List<String> prompts = new ArrayList<>();
    private Optional<String> typed = Optional.empty();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void start() throws Exception {
        plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.EMPTY).start();
        plugin.serve(new ReferencePlugin.Sockets(dir.resolve("csi.sock"), Optional.empty(),
                Optional.of(dir.resolve("addons.sock")), Optional.empty()));
    }

    @AfterEach
    void stop() {
        plugin.close();
    }

    private int run(String... args) {
        CommandLine cl = new CommandLine(new CsiConsoleCommand());
        cl.setExecutionExceptionHandler(new FailureHandler());
        cl.setExitCodeExceptionMapper(ExitCodes::forThrowable);
        java.util.function.Supplier<Optional<ConsoleTerminal>> terminal = () -> typed.map(answer -> prompt -> {
            prompts.add(prompt);
            return answer;
        });
        for (Object c : FenceCommands.all(k -> null, environment, terminal)) cl.addSubcommand(c);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    private String csi() {
        return "unix://" + dir.resolve("csi.sock");
    }

    private String addons() {
        return "unix://" + dir.resolve("addons.sock");
    }

    private List<String> fenced() {
        return plugin.model().fencing().fences().stream().map(FenceRecord::cidr).toList();
    }

    @Test
    void fenceWithoutYesAndWithoutATerminalRefusesAndFencesNothing() {
        int code = run("fence", "--endpoint", csi(), "--addons-endpoint", addons(), "--cidr", "10.1.0.0/24");

        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("no terminal").contains("--yes=10.1.0.0/24").contains("nothing was sent");
        assertThat(fenced()).isEmpty();
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"10.1.0.5/33", "hello"})
    void aBlockThatDoesNotParseIsTheConsolesRefusalCheckedBeforeSendingNeverTheDrivers(String cidr) {
        int code = run("fence", "--endpoint", csi(), "--addons-endpoint", addons(), "--cidr", cidr, "--yes=" + cidr);

        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("Whose: the console (checked before sending)").contains("nothing was sent")
                .doesNotContain("Whose: the driver");
        assertThat(fenced()).isEmpty();
    }

    @Test
    void aYesThatDoesNotNameTheBlocksRefusesAndFencesNothing() {
        int code = run("fence", "--endpoint", csi(), "--addons-endpoint", addons(), "--cidr", "10.1.0.0/24", "--cidr", "10.2.0.0/24",
                "--yes=10.1.0.0/24");

        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--yes=10.1.0.0/24,10.2.0.0/24");
        assertThat(fenced()).isEmpty();
    }

    @Test
    void aYesNamingTheBlockWithItsHostBitsRefusesAndSaysTheyWereCleared() {
        int code = run("fence", "--endpoint", addons(), "--cidr", "10.10.1.77/24", "--yes=10.10.1.77/24");

        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("host bits were cleared")
                .contains("10.10.1.77/24 is the block 10.10.1.0/24; to confirm, pass --yes=10.10.1.0/24").contains("nothing was sent");
        assertThat(fenced()).isEmpty();
    }

    @Test
    void fenceWithYesOnTheAddonsSocketThenFencesListsTheBlocksAndNoSecretIsPrinted() throws Exception {
        Path secrets = dir.resolve("fence.secrets");
        Files.writeString(secrets, "userKey=" + CANARY + "\n");

        int code = run("fence", "--endpoint", csi(), "--addons-endpoint", addons(), "--cidr", "10.1.0.5/24", "--cidr", "fd00:10::/64",
                "--parameter", "clusterID=east", "--secrets-file", secrets.toString(), "--yes=10.1.0.0/24,fd00:10::/64", "--trace");

        assertThat(code).as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).as("the workbench's words: blocks, addresses, the driver's endpoint").contains("Fenced 10.1.0.0/24 (IPv4, "
                + "256 addresses) and fd00:10::/64 (IPv6, 2^64 addresses) through " + addons() + ": I/O from those addresses is refused until you unfence them.");
        assertThat(err.toString()).contains("10.1.0.5/24 is the block 10.1.0.0/24").contains("FenceClusterNetwork");
        assertThat(fenced()).containsExactly("10.1.0.0/24", "fd00:10::/64");

        environment.put("CSI_SECRET_userKey", CANARY);
        assertThat(run("fences", "--endpoint", addons(), "--output", "json", "--trace")).isEqualTo(ExitCodes.OK);
        JsonNode rows = new ObjectMapper().readTree(out.toString().substring(out.toString().indexOf('[')));
        assertThat(rows.findValuesAsText("cidr")).containsExactly("10.1.0.0/24", "fd00:10::/64");
        assertThat(rows.findValuesAsText("family")).containsExactly("IPv4", "IPv6");
        assertThat(out.toString() + err.toString()).doesNotContain(CANARY);
    }

    @Test
    void onATerminalTheTypedBlocksConfirmAndAnythingElseRefuses() {
        typed = Optional.of("10.9.0.0/16");
        assertThat(run("fence", "--endpoint", addons(), "--cidr", "10.1.0.0/24")).isEqualTo(ExitCodes.USAGE);
        assertThat(prompts).containsExactly("Type 10.1.0.0/24 to fence network 10.1.0.0/24: ");
        assertThat(err.toString()).as("core's assessment").contains("DANGER: every client in 10.1.0.0/24 loses access to storage");
        assertThat(fenced()).isEmpty();

        typed = Optional.of("10.1.0.0/24");
        assertThat(run("fence", "--endpoint", addons(), "--cidr", "10.1.0.0/24")).isEqualTo(ExitCodes.OK);
        assertThat(fenced()).containsExactly("10.1.0.0/24");

        typed = Optional.empty();
        assertThat(run("unfence", "--endpoint", addons(), "--cidr", "10.1.0.0/24", "--yes=10.1.0.0/24")).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("Unfenced 10.1.0.0/24 (IPv4, 256 addresses) through " + addons()
                + ": the storage accepts I/O from those addresses again.");
        assertThat(fenced()).isEmpty();
    }

    @Test
    void theFenceAssessmentCountsTheVolumesPublishedToTheClientsInsideTheBlockAsTheWorkbenchDoes() {
        // The plugin's own node (node-1, 10.10.2.0/24) is a host: GetFenceClients names it
        var v = plugin.model().volumes().create(new org.csiconsole.core.reference.array.VolumeSpec("erp-db", "site-a", null, 1L << 30, false,
                "ext4", List.of(), List.of("SINGLE_NODE_WRITER"), Map.of(), Map.of(), Map.of(), null, null, ""));
        plugin.model().publications().publish(v.id(), "node-1", "SINGLE_NODE_WRITER", false);

        assertThat(run("fence", "--endpoint", csi(), "--addons-endpoint", addons(), "--cidr", "0.0.0.0/0", "--yes=0.0.0.0/0"))
                .as(err.toString()).isEqualTo(ExitCodes.OK);

        assertThat(err.toString()).as("the danger and the count lead, before the clients' details")
                .containsPattern("(?s)DANGER: every client of every network \\(0\\.0\\.0\\.0/0\\): 1 known host and 1 volume( on [^\n]*)? cut off\n.*node-1 \\(");
        assertThat(err.toString()).contains("in all, 1 known host and 1 volume published to it are cut off")
                .contains("node-1 (10.10.2.0/24; published to it: " + v.id() + ")");
    }

    @Test
    void unfencingABlockTheDriverDoesNotListIsRefusedAndNothingIsSent() {
        typed = Optional.of("10.10.3.0/24");
        assertThat(run("fence", "--endpoint", csi(), "--addons-endpoint", addons(), "--cidr", "10.10.3.0/24")).isEqualTo(ExitCodes.OK);
        typed = Optional.empty();

        int code = run("unfence", "--endpoint", csi(), "--addons-endpoint", addons(), "--cidr", "10.99.0.0/24", "--yes=10.99.0.0/24");

        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("10.99.0.0/24 is not fenced: ListClusterFence lists 10.10.3.0/24")
                .contains("nothing to unfence in 10.99.0.0/24");
        assertThat(out.toString()).doesNotContain("Unfenced");
        assertThat(run("unfence", "--endpoint", csi(), "--addons-endpoint", addons(), "--cidr", "10.99.0.0/24", "--yes=10.99.0.0/24",
                "--override")).as("an override does not apply to what the driver lists").isEqualTo(ExitCodes.USAGE);
        assertThat(fenced()).containsExactly("10.10.3.0/24");
    }

    @Test
    void aBadBlockIsAUsageErrorThatSaysWhatIsWrong() {
        assertThat(run("fence", "--endpoint", addons(), "--cidr", "10.1.0.0/33", "--yes=10.1.0.0/33")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("prefix length 33").contains("0 to 32");
        assertThat(fenced()).isEmpty();
    }

    @Test
    void fenceClientsListsTheHostsWithTheirNetworks() {
        // The plugin's own node (node-1, 10.10.2.0/24) is a host too.
        plugin.model().hosts().create(new HostRecord(null, "worker-a1", "node-a1", List.of("iqn.2026-01.com.example:a1"), null, null,
                "", "", Map.of(), List.of("10.10.3.0/24"), 0));

        assertThat(run("fence-clients", "--endpoint", addons())).isEqualTo(ExitCodes.OK);

        assertThat(out.toString()).contains("worker-a1").contains("10.10.3.0/24").contains("node-1").contains("2 clients");
    }
}
