package org.csiconsole.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.csiconsole.core.oddpeer.MinimalCsiDriver;
import org.csiconsole.core.oddpeer.QuirkyCsiDriver;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Every CSI command of {@code csi-console}, in both output formats, against each odd peer from
 * core's test-jar: the outcome is clean, either exit 0 with the right output or exit 4 with a
 * sentence naming the capability the driver does not advertise; never a stack trace, never
 * "failed internally". (The {@code csp} commands speak to a CSP array, not to a CSI driver.)
 */
class OddPeerCommandsTest {
    enum Peer { MINIMAL, QUIRKY }

    /** The CSI commands, as registered on the command line. */
    private static final List<String> COMMANDS = List.of("info", "capabilities", "volumes", "snapshots", "node");

    /** What each peer cannot do: command to the capability named in its exit-4 sentence. */
    private static final Map<Peer, Map<String, String>> UNSUPPORTED = Map.of(
            Peer.MINIMAL, Map.of("volumes", "LIST_VOLUMES", "snapshots", "LIST_SNAPSHOTS"),
            Peer.QUIRKY, Map.of());

    private final MinimalCsiDriver minimal = new MinimalCsiDriver();
    private final QuirkyCsiDriver quirky = new QuirkyCsiDriver();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @AfterEach
    void stop() throws Exception {
        minimal.close();
        quirky.close();
    }

    static Stream<Arguments> everyCommandAgainstEveryPeer() {
        List<Arguments> all = new ArrayList<>();
        for (Peer p : Peer.values()) {
            for (String c : COMMANDS) {
                for (String format : List.of("table", "json")) all.add(Arguments.of(p, c, format));
            }
        }
        return all.stream();
    }

    private String start(Peer peer) throws Exception {
        return switch (peer) {
            case MINIMAL -> minimal.startInProcess("cli-minimal-" + UUID.randomUUID()).text();
            case QUIRKY -> quirky.startInProcess("cli-quirky-" + UUID.randomUUID()).text();
        };
    }

    private int run(String... args) {
        CommandLine cl = CsiConsoleCommand.commandLine();
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    @Test
    void theCommandsTriedAreEveryCsiCommandOnTheCommandLine() {
        List<String> registered = new ArrayList<>();
        for (Object c : CsiCommands.all(k -> null)) registered.add(new CommandLine(c).getCommandName());
        assertThat(registered).containsExactlyInAnyOrderElementsOf(COMMANDS);
    }

    @ParameterizedTest(name = "{1} --output {2} against the {0} peer")
    @MethodSource("everyCommandAgainstEveryPeer")
    void everyCommandEndsCleanlyAgainstAnOddPeer(Peer peer, String command, String format) throws Exception {
        int code = run(command, "--endpoint", start(peer), "--output", format);

        String missing = UNSUPPORTED.get(peer).get(command);
        assertThat(err.toString()).as("stderr").doesNotContain("\tat ").doesNotContain("Exception")
                .doesNotContain("failed internally");
        if (missing == null) {
            assertThat(code).as("exit code; stderr: " + err).isEqualTo(ExitCodes.OK);
            assertThat(out.toString()).isNotBlank();
            if (format.equals("json")) assertThat(new ObjectMapper().readTree(out.toString())).isNotNull();
        } else {
            assertThat(code).as("exit code; stderr: " + err).isEqualTo(ExitCodes.UNSUPPORTED);
            assertThat(err.toString()).contains("not supported by this driver").contains(missing);
        }
    }

    @Test
    void volumesOfAQuirkyDriverAreEachListedOnceWithUnknownSizesAndNoEmptyNodes() throws Exception {
        assertThat(run("volumes", "--endpoint", start(Peer.QUIRKY))).isEqualTo(ExitCodes.OK);

        String text = out.toString();
        assertThat(text).contains(QuirkyCsiDriver.LONG_ID).contains(QuirkyCsiDriver.UNICODE_ID).contains("4 volumes");
        assertThat(text.split(java.util.regex.Pattern.quote(QuirkyCsiDriver.UNICODE_ID), -1)).as("listed once").hasSize(2);
        String unpublished = text.lines().filter(l -> l.startsWith("vol-unpublished")).findFirst().orElseThrow();
        assertThat(unpublished).contains("unknown").doesNotContain(",");
        String longOne = text.lines().filter(l -> l.startsWith(QuirkyCsiDriver.LONG_ID)).findFirst().orElseThrow();
        assertThat(longOne).contains("node-a,node-b").doesNotContain(",,");
    }

    @Test
    void volumesOfAQuirkyDriverAsJsonHaveNoEmptyIds() throws Exception {
        assertThat(run("volumes", "--endpoint", start(Peer.QUIRKY), "--output", "json")).isEqualTo(ExitCodes.OK);

        JsonNode list = new ObjectMapper().readTree(out.toString());
        List<String> ids = new ArrayList<>();
        list.forEach(v -> {
            ids.add(v.get("volumeId").asText());
            v.get("publishedNodeIds").forEach(n -> assertThat(n.asText()).isNotEmpty());
        });
        assertThat(ids).containsExactlyElementsOf(QuirkyCsiDriver.SHOWN_VOLUME_IDS);
    }

    @Test
    void snapshotsOfAQuirkyDriverShowUnknownSizeAndTimeAndNotReady() throws Exception {
        assertThat(run("snapshots", "--endpoint", start(Peer.QUIRKY))).isEqualTo(ExitCodes.OK);

        String row = out.toString().lines().filter(l -> l.startsWith("snap-unknown-size")).findFirst().orElseThrow();
        assertThat(row).contains("unknown  unknown").contains(" no");
        assertThat(out.toString()).contains(QuirkyCsiDriver.UNICODE_SNAPSHOT_ID).contains("3 snapshots");
    }

    @Test
    void nodeOfAQuirkyDriverReportsNoLimitAndNoTopology() throws Exception {
        assertThat(run("node", "--endpoint", start(Peer.QUIRKY))).isEqualTo(ExitCodes.OK);

        assertThat(out.toString()).contains(QuirkyCsiDriver.NODE_ID).contains("no limit reported").contains("not reported");
    }
}
