package org.csiconsole.app.cli;

import org.csiconsole.app.audit.LazyAuditLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/** The command line built for the arguments it runs: one subcommand when they name one, else all of them. */
class CsiConsoleCommandTest {
    @TempDir
    Path dir;

    private CommandLine forArgs(String... args) {
        return CsiConsoleCommand.commandLine(k -> null, new LazyAuditLog(dir), args);
    }

    @Test
    void argumentsThatNameASubcommandGetACommandLineOfThatOneOnly() {
        assertThat(forArgs("info", "--endpoint", "unix:///run/csi.sock").getSubcommands()).containsOnlyKeys("info");
        assertThat(forArgs("audit", "--outcome", "FAILED").getSubcommands().get("audit").isCaseInsensitiveEnumValuesAllowed())
                .as("audit --outcome takes ok|failed|cancelled in any case").isTrue();
    }

    @Test
    void otherArgumentsGetEverySubcommandForHelpAndSuggestions() {
        var all = CsiConsoleCommand.commandLine(k -> null, new LazyAuditLog(dir)).getSubcommands().keySet();
        assertThat(all).contains("help", "info", "volumes", "serve", "audit", "replication");
        assertThat(forArgs().getSubcommands()).containsOnlyKeys(all);
        assertThat(forArgs("--help").getSubcommands()).containsOnlyKeys(all);
        assertThat(forArgs("help", "volumes").getSubcommands()).containsOnlyKeys(all);

        StringWriter err = new StringWriter();
        CommandLine mistyped = forArgs("volume");
        mistyped.setErr(new PrintWriter(err));
        assertThat(mistyped.execute("volume")).isNotEqualTo(ExitCodes.OK);
        assertThat(err.toString()).contains("Did you mean").contains("volumes");
    }

    @Test
    void helpIsColouredOnlyOnATerminalAndNeverWithNoColorSet() {
        java.util.Map<String, String> noColor = java.util.Map.of("NO_COLOR", "1");
        assertThat(CsiConsoleCommand.colours(noColor::get, true)).as("NO_COLOR on a terminal").isEqualTo(CommandLine.Help.Ansi.OFF);
        assertThat(CsiConsoleCommand.colours(k -> null, false)).as("a pipe or a file").isEqualTo(CommandLine.Help.Ansi.OFF);
        assertThat(CsiConsoleCommand.colours(k -> null, true)).as("a terminal").isEqualTo(CommandLine.Help.Ansi.AUTO);
        assertThat(CsiConsoleCommand.colours(k -> "NO_COLOR".equals(k) ? "" : null, true)).as("NO_COLOR set empty counts as unset")
                .isEqualTo(CommandLine.Help.Ansi.AUTO);

        // The tests' output is not a terminal: the help they render carries no escape code, even where the
        // commands mark words bold.
        CommandLine cl = forArgs("--help");
        assertThat(cl.getColorScheme().ansi()).isEqualTo(CommandLine.Help.Ansi.OFF);
        assertThat(cl.getSubcommands().get("volumes").getColorScheme().ansi()).isEqualTo(CommandLine.Help.Ansi.OFF);
        StringWriter out = new StringWriter();
        cl.setOut(new PrintWriter(out));
        cl.execute("--help");
        assertThat(out.toString()).contains("Usage: csi-console").doesNotContain("\u001B");
    }

    @Test
    void eachGroupNamesItsCommandsAsTheirAnnotationsDoInOrder() {
        for (CsiConsoleCommand.SubcommandGroup g : CsiConsoleCommand.groups(k -> null, new LazyAuditLog(dir))) {
            assertThat(g.make().get()).extracting(c -> c.getClass().getAnnotation(CommandLine.Command.class).name())
                    .as("the commands %s makes", g.names()).containsExactlyElementsOf(g.names());
        }
    }

    @Test
    void onlyTheGroupsThatCallNoGrpcEndpointStartWithoutTheConnectPrefetch() {
        assertThat(CsiConsoleCommand.groups(k -> null, new LazyAuditLog(dir))).filteredOn(g -> !g.dialsGrpc())
                .flatExtracting(CsiConsoleCommand.SubcommandGroup::names).containsExactlyInAnyOrder("csp", "serve", "audit");
    }

    @Test
    void everyGroupsCommandRunsAloneUnderItsName() {
        for (CsiConsoleCommand.SubcommandGroup g : CsiConsoleCommand.groups(k -> null, new LazyAuditLog(dir))) {
            for (String name : g.names()) {
                assertThat(forArgs(name, "--help").getSubcommands()).as(name).containsOnlyKeys(name);
            }
        }
    }

    @Test
    void aSubcommandsHelpIsTheSameAloneAsAmongAll() {
        String alone = forArgs("volumes", "--help").getSubcommands().get("volumes").getUsageMessage(CommandLine.Help.Ansi.OFF);
        String amongAll = forArgs().getSubcommands().get("volumes").getUsageMessage(CommandLine.Help.Ansi.OFF);
        assertThat(alone).isEqualTo(amongAll).contains("--page-size");
    }

    @Test
    void everyCommandOfTheTreeHasItsHelpOptionsAndAMethodCommandDeclaresThemItself() {
        java.util.Deque<CommandLine> todo = new java.util.ArrayDeque<>(forArgs().getSubcommands().values());
        int methods = 0;
        while (!todo.isEmpty()) {
            CommandLine c = todo.pop();
            CommandLine.Model.CommandSpec spec = c.getCommandSpec();
            assertThat(spec.options()).as(spec.qualifiedName()).anyMatch(CommandLine.Model.OptionSpec::usageHelp);
            if (spec.userObject() instanceof java.lang.reflect.Method m) {
                methods++;
                // help options added after picocli read a method shift its parameters ("argument type mismatch")
                assertThat(m.getAnnotation(CommandLine.Command.class).mixinStandardHelpOptions()).as(spec.qualifiedName()).isTrue();
            }
            todo.addAll(c.getSubcommands().values());
        }
        assertThat(methods).as("csp volumes and its siblings were checked").isGreaterThan(7);
    }
}
