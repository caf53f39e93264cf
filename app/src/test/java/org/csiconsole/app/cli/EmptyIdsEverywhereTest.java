package org.csiconsole.app.cli;

import org.csiconsole.app.audit.LazyAuditLog;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An empty or blank id is refused with one sentence by every verb that takes ids, before anything is read or sent: the
 * endpoint named here does not exist, so any attempt to reach it would fail otherwise.
 */
class EmptyIdsEverywhereTest {
    @TempDir
    Path dir;

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"replication resync --volume-id", "replication promote --group-id", "replication info --volume-id",
            "replication failover --partner-endpoint unix:///nowhere/b.sock --volume-id", "delete-volume --volume-id",
            "delete-snapshot --snapshot-id"})
    void anEmptyOrBlankIdIsRefusedInOneSentenceAndNothingIsSent(String verb) {
        for (String blank : new String[] {"", "  "}) {
            java.util.List<String> list = new java.util.ArrayList<>(java.util.List.of(verb.split(" ")));
            list.add(list.size() - 1, "--endpoint");
            list.add(list.size() - 1, "unix:///nowhere/a.sock");
            list.add(blank);
            String[] args = list.toArray(String[]::new);
            StringWriter err = new StringWriter();
            int code;
            try (LazyAuditLog audit = new LazyAuditLog(dir.resolve("data"))) {
                CommandLine cl = CsiConsoleCommand.commandLine(k -> null, audit, args);
                cl.setOut(new PrintWriter(new StringWriter(), true));
                cl.setErr(new PrintWriter(err, true));
                code = cl.execute(args);
            }
            assertThat(code).as(String.join(" ", args) + "\n" + err).isEqualTo(ExitCodes.USAGE);
            assertThat(err.toString()).as(String.join(" ", args)).contains("was given an empty id; nothing was sent")
                    .doesNotContain("nowhere/a.sock:").doesNotContain("  on ");
        }
    }
}
