package org.csiconsole.app.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.csiconsole.app.audit.LazyAuditLog;
import org.csiconsole.core.reference.training.ReferenceTraining;
import org.csiconsole.core.training.Scenario;
import org.csiconsole.core.training.ScenarioStep;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A bundled scenario quotes {@code csi-console} commands in its goals and hints between backticks; every one of them
 * parses with the real command line, so a trainee who types it meets no "unknown command".
 */
class ScenarioCommandsParseTest {
    private static final Pattern QUOTED = Pattern.compile("`csi-console ([^`]+)`");

    @TempDir
    Path dir;

    /** Every text of the bundled scenarios a trainee reads, as "scenario/step: text". */
    private static List<String[]> texts() {
        List<String[]> out = new ArrayList<>();
        for (Scenario s : new ReferenceTraining(null, Runnable::run).load(Optional.empty()).scenarios()) {
            out.add(new String[] {s.id(), s.summary()});
            for (ScenarioStep step : s.steps()) {
                String where = s.id() + "/" + step.id();
                out.add(new String[] {where, step.goal()});
                step.hints().forEach(h -> out.add(new String[] {where, h}));
                if (step.question() != null) out.add(new String[] {where, step.question()});
            }
        }
        return out;
    }

    @Test
    void everyCommandQuotedInABundledScenarioParsesWithTheRealCommandLine() {
        List<String> quoted = new ArrayList<>();
        for (String[] t : texts()) {
            assertThat(t[1].replaceAll(QUOTED.pattern(), "")).as("%s names csi-console outside backticks: %s", t[0], t[1])
                    .doesNotContain("csi-console ");
            Matcher m = QUOTED.matcher(t[1]);
            while (m.find()) {
                String command = m.group(1);
                quoted.add(command);
                String[] args = command.trim().split("\\s+");
                assertThatCode(() -> CsiConsoleCommand.commandLine(k -> null, new LazyAuditLog(dir)).parseArgs(args))
                        .as("%s quotes `csi-console %s`", t[0], command).doesNotThrowAnyException();
            }
        }
        assertThat(quoted).as("the bundled scenarios quote commands").isNotEmpty();
    }

    @Test
    void aCommandThatDoesNotExistFailsToParse() {
        assertThatCode(() -> CsiConsoleCommand.commandLine(k -> null, new LazyAuditLog(dir)).parseArgs("volume", "create"))
                .isInstanceOf(picocli.CommandLine.ParameterException.class);
    }
}
