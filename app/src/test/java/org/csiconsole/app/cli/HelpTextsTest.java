package org.csiconsole.app.cli;

import org.junit.jupiter.api.Test;
import picocli.CommandLine;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** Every command's and subcommand's help renders cleanly: no picocli warnings, no format specifiers left over. */
class HelpTextsTest {
    /** A format specifier or escape that formatting should have consumed: %s, %n, %d, %%, ... */
    private static final Pattern LEFT_OVER = Pattern.compile("%[%a-zA-Z]");

    private static void walk(CommandLine cl, List<CommandLine> into) {
        into.add(cl);
        for (CommandLine sub : cl.getSubcommands().values()) {
            if (!into.contains(sub)) walk(sub, into);
        }
    }

    @Test
    void everyCommandsUsageRendersWithoutWarningsOrUnformattedSpecifiers() {
        List<CommandLine> all = new ArrayList<>();
        walk(CsiConsoleCommand.commandLine(), all);
        assertThat(all).extracting(CommandLine::getCommandName).contains("csi-console", "serve", "volumes", "csp", "hosts");

        Map<String, String> usage = new LinkedHashMap<>();
        ByteArrayOutputStream stray = new ByteArrayOutputStream();
        PrintStream err = System.err;
        PrintStream out = System.out;
        PrintStream capture = new PrintStream(stray, true, StandardCharsets.UTF_8);
        System.setErr(capture);
        System.setOut(capture);
        try {
            for (CommandLine cl : all) usage.put(cl.getCommandSpec().qualifiedName(), cl.getUsageMessage(CommandLine.Help.Ansi.OFF));
        } finally {
            System.setErr(err);
            System.setOut(out);
        }

        assertThat(stray.toString(StandardCharsets.UTF_8)).as("printed while rendering help").doesNotContain("WARN").isEmpty();
        usage.forEach((name, text) -> {
            assertThat(text).as(name).isNotBlank().doesNotContain("WARN").doesNotContain("${");
            assertThat(LEFT_OVER.matcher(text).find()).as(name + " has a format specifier left over:\n" + text).isFalse();
        });
        assertThat(usage.get("csi-console serve")).contains("(20% of calls)");
    }

    @Test
    void versionNamesTheConsoleAndTheProtocolVersionsItSpeaks() {
        java.io.StringWriter out = new java.io.StringWriter();
        CommandLine cl = CsiConsoleCommand.commandLine();
        cl.setOut(new java.io.PrintWriter(out));
        assertThat(cl.execute("--version")).isZero();
        assertThat(out.toString()).startsWith("csi-console ").contains("CSI spec v1.12.0").contains("Container Storage Provider");
    }
}
