package org.csiconsole.app.cli;

import org.csiconsole.app.audit.LazyAuditLog;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;
import picocli.CommandLine.Model.ArgSpec;
import picocli.CommandLine.Model.CommandSpec;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/** Every command's --help keeps URLs and paths whole on one line, so a copy and paste gives the right one. */
class HelpWrappingTest {
    /** A URL or a path: a word with a slash, as the help texts write them. */
    private static final Pattern PATH = Pattern.compile("[A-Za-z0-9_.:<>\\[\\]*=@-]*/[^\\s,;)`'\"]*");

    @TempDir
    Path dir;

    @Test
    void noCommandsHelpBreaksAUrlOrAPathAcrossLines() {
        CommandLine root = CsiConsoleCommand.commandLine(k -> null, new LazyAuditLog(dir));
        List<CommandLine> all = new ArrayList<>();
        collect(root, all);
        assertThat(all).hasSizeGreaterThan(30);
        List<String> broken = new ArrayList<>();
        int checked = 0;
        for (CommandLine cl : all) {
            String rendered = cl.getUsageMessage(CommandLine.Help.Ansi.OFF);
            for (Map.Entry<String, Integer> e : paths(cl).entrySet()) {
                checked++;
                if (count(rendered, e.getKey()) < e.getValue()) broken.add(cl.getCommandSpec().qualifiedName() + ": " + e.getKey());
            }
        }
        assertThat(checked).as("paths and URLs checked").isGreaterThan(100);
        assertThat(broken).as("paths or URLs split across lines").isEmpty();
    }

    @Test
    void theKnownCasesAreWholeAtTheDefaultWidth() {
        CommandLine root = CsiConsoleCommand.commandLine(k -> null, new LazyAuditLog(dir));
        String volumes = root.getSubcommands().get("volumes").getUsageMessage(CommandLine.Help.Ansi.OFF);
        assertThat(volumes).contains("unix:///csi/csi-addons.sock").contains("/path/csi.sock").doesNotContain("unix: ///");
        assertThat(volumes.lines()).allSatisfy(l -> assertThat(l.length()).as(l).isLessThanOrEqualTo(80));
    }

    @Test
    void withNoCommandTheHelpSaysItOpensTheWorkbench() {
        String help = CsiConsoleCommand.commandLine(k -> null, new LazyAuditLog(dir)).getUsageMessage(CommandLine.Help.Ansi.OFF);
        assertThat(help.replaceAll("\\s+", " ")).contains("With no command, csi-console opens the workbench (the desktop console)")
                .contains("--endpoint unix:///var/lib/kubelet/plugins/<driver>/csi.sock");
    }

    private static void collect(CommandLine cl, List<CommandLine> out) {
        out.add(cl);
        for (CommandLine sub : cl.getSubcommands().values()) {
            if (!out.contains(sub)) collect(sub, out);
        }
    }

    /** The paths and URLs the command's own texts hold (and its subcommands' first description lines), with how often. */
    private static Map<String, Integer> paths(CommandLine cl) {
        CommandSpec spec = cl.getCommandSpec();
        List<String> texts = new ArrayList<>(List.of(spec.usageMessage().description()));
        texts.addAll(List.of(spec.usageMessage().footer()));
        for (ArgSpec a : spec.args()) {
            if (!a.hidden()) texts.addAll(List.of(a.description()));
        }
        for (CommandLine sub : cl.getSubcommands().values()) {
            String[] d = sub.getCommandSpec().usageMessage().description();
            if (d.length > 0) texts.add(d[0]);
        }
        Map<String, Integer> out = new LinkedHashMap<>();
        for (String t : texts) {
            if (t.contains("${") || t.contains("%")) continue;
            Matcher m = PATH.matcher(t);
            while (m.find()) {
                String p = m.group().replaceAll("[.:]+$", "");
                if (p.length() > 3) out.merge(p, 1, Integer::sum);
            }
        }
        return out;
    }

    private static int count(String text, String part) {
        int n = 0;
        for (int i = text.indexOf(part); i >= 0; i = text.indexOf(part, i + part.length())) n++;
        return n;
    }
}
