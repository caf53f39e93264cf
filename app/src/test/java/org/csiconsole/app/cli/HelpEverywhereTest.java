package org.csiconsole.app.cli;

import org.csiconsole.app.audit.LazyAuditLog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code --help} prints the usage of every command and subcommand in the tree, whatever it requires otherwise:
 * {@code csi-console csp snapshots --help} does not demand {@code --url} or {@code --volume-id} first.
 */
class HelpEverywhereTest {
    @TempDir
    Path dir;

    /** Every command path below the root, e.g. {@code [csp, snapshots]}. */
    private List<List<String>> paths() {
        List<List<String>> out = new ArrayList<>();
        collect(CsiConsoleCommand.commandLine(k -> null, new LazyAuditLog(dir)), List.of(), out);
        return out;
    }

    private static void collect(CommandLine cl, List<String> path, List<List<String>> out) {
        cl.getSubcommands().forEach((name, sub) -> {
            if (!sub.getCommandName().equals(name)) return; // an alias: its command is listed under its own name
            List<String> p = new ArrayList<>(path);
            p.add(name);
            out.add(p);
            collect(sub, p, out);
        });
    }

    @Test
    void theTreeHasTheNestedCommandsThatRequireOptions() {
        assertThat(paths()).contains(List.of("csp", "snapshots"), List.of("csp", "hosts"), List.of("replication", "list"));
    }

    @Test
    void helpOnEveryCommandPrintsItsUsageAndExitsZero() {
        List<String> failed = new ArrayList<>();
        for (List<String> path : paths()) {
            List<String> args = new ArrayList<>(path);
            args.add("--help");
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            try (LazyAuditLog audit = new LazyAuditLog(dir)) {
                CommandLine cl = CsiConsoleCommand.commandLine(k -> null, audit, args.toArray(String[]::new));
                cl.setOut(new PrintWriter(out, true));
                cl.setErr(new PrintWriter(err, true));
                int code = cl.execute(args.toArray(String[]::new));
                if (code != 0 || !out.toString().contains("Usage: csi-console " + String.join(" ", path)) || !err.toString().isEmpty()) {
                    failed.add(String.join(" ", args) + " -> exit " + code + ": " + err.toString().lines().findFirst().orElse(""));
                }
            }
        }
        assertThat(failed).as("commands whose --help does not print help").isEmpty();
    }
}
