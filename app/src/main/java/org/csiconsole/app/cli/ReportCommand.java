package org.csiconsole.app.cli;

import org.csiconsole.app.AppVersion;
import org.csiconsole.core.audit.AuditSink;
import org.csiconsole.core.call.CallAudit;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.FailureOwner;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.model.ConnectionSecrets;
import org.csiconsole.core.trouble.Discovery;
import org.csiconsole.core.trouble.DiscoveryReport;
import org.csiconsole.core.trouble.ExercisePlan;
import org.csiconsole.core.trouble.ExerciseResult;
import org.csiconsole.core.trouble.Probe;
import org.csiconsole.core.trouble.ProbeOptions;
import org.csiconsole.core.trouble.ProbeReport;
import org.csiconsole.core.trouble.ProbeTarget;
import org.csiconsole.core.trouble.ReportFiles;
import org.csiconsole.core.trouble.TroubleReport;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * {@code report}: discovery, the probe (and the exercise with {@code --exercise}), the driver's
 * capabilities, plugin and node information, the call trace of the run and the console's version
 * and environment, written as {@code DIR/report.json} and a self-contained {@code DIR/report.html}.
 * Secrets are redacted as in the call trace, and the values of the secrets file are masked
 * everywhere, the attached driver log included. Exit codes as {@link TroubleCommands#exitCode(TroubleReport,
 * TroubleCommands.FailOn)} says: 3 when the driver is unreachable; 1 when something about the driver failed, or with
 * {@code --fail-on LEVEL} when anything in the report is at that level; else 0. With {@code -o json} the report's
 * JSON (as in report.json) is printed instead of its summary.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = {"Write a troubleshooting report that opens anywhere: DIR/report.json and DIR/report.html (one page, no "
                + "external assets, failures first). It holds discovery, the probe's checks, the exercise when --exercise is "
                + "given, capabilities, plugin and node information, the call trace (secrets redacted) and the console's version "
                + "and environment; --driver-log attaches the end of a log file. An existing report in DIR is kept: the command "
                + "refuses, naming its files, unless --force is given.",
                "With -o json, the report's JSON (as written to report.json) is printed instead of its summary.",
                "Exit code 3 when the driver is unreachable; 5 when it refused the secrets given; 1 when something about the driver failed (a check, an exercise step, "
                        + "its own socket or registration); 0 otherwise, also when other sockets of the node have problems or the "
                        + "kubelet root directory does not exist (the report says so). --fail-on problem also exits 1 on those, "
                        + "--fail-on warn on any warning too."})
final class ReportCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    CsiEndpointOptions o;

    @Option(names = "--out", required = true, paramLabel = "DIR", description = "Directory to write report.json and report.html to; "
            + "a directory that already holds either is refused unless --force is given.")
    Path out;

    @Option(names = "--force", description = "Overwrite the report.json and report.html already in the --out directory.")
    boolean force;

    @Option(names = "--root-dir", paramLabel = "DIR", defaultValue = "/var/lib/kubelet",
            description = "The kubelet's root directory, its --root-dir, where discovery looks for sockets (default ${DEFAULT-VALUE}).")
    Path rootDir;

    @Option(names = "--path", paramLabel = "PATH", description = "Another place for discovery to look; repeatable.")
    List<Path> paths = new ArrayList<>();

    @Option(names = "--no-discover", description = "Leave discovery out.")
    boolean noDiscover;

    @Option(names = "--driver-log", paramLabel = "FILE", description = "Attach the end (2 MiB) of this driver log, secrets masked.")
    Path driverLog;

    @Option(names = "--fail-on", paramLabel = "LEVEL", description = "Exit 1 when anything in the report is at this level or worse, "
            + "as discover and probe judge it: problem (a failed check or step, a socket the kubelet cannot use, a missing kubelet "
            + "root directory) or warn (also any warning). Without it, exit 1 only when something about the driver reported failed.")
    TroubleCommands.FailOn failOn;

    @Option(names = "--exercise", description = "Also run the exercise (changes the storage; needs the confirmation of exercise).")
    boolean exercise;

    @Mixin
    ExerciseOptions x;

    private final Function<String, String> env;
    private final AuditSink audit;
    private final Supplier<Optional<ConsoleTerminal>> terminal;

    ReportCommand(Function<String, String> env, AuditSink audit, Supplier<Optional<ConsoleTerminal>> terminal) {
        this.env = Objects.requireNonNull(env, "env");
        this.audit = Objects.requireNonNull(audit, "audit");
        this.terminal = Objects.requireNonNull(terminal, "terminal");
    }

    @Override
    public Integer call() throws Exception {
        Optional<ConsoleTerminal> t = terminal.get();
        if (exercise && x.yes == null && t.isEmpty()) {
            throw CallFailure.refused("report --exercise", "the exercise changes the storage, there is no terminal "
                    + "to confirm on, and --yes was not given; nothing was sent", "Pass --yes=<driver>/<pool>, or leave --exercise out");
        }
        List<String> existing = java.util.stream.Stream.of(ReportFiles.JSON_NAME, ReportFiles.HTML_NAME).map(out::resolve)
                .filter(java.nio.file.Files::exists).map(Path::toString).toList();
        if (!existing.isEmpty() && !force) {
            throw new CallFailure(FailureKind.INVALID_ARGUMENT, FailureOwner.CONSOLE, "report --out " + out, "a report is already there ("
                    + String.join(", ", existing) + "); nothing was run or written", "Give another --out directory, move the old report "
                    + "aside, or pass --force to overwrite it", "", null);
        }
        TroubleReport.AttachedLog log = driverLog == null ? null : ReportFiles.attachLog(driverLog, x.secrets(env));
        CallTrace calls = new CallTrace(50_000);
        ProbeTarget target = TroubleCommands.target(o, env);
        ProbeOptions options = TroubleCommands.probeOptions(o, rootDir).withSecrets(ConnectionSecrets.all(x.secrets(env)));
        DiscoveryReport discovery = noDiscover ? null
                : Discovery.run(rootDir, Discovery.defaultPlaces(rootDir, paths), options, calls, e -> { });
        ProbeReport probe = Probe.run(target, options, calls, e -> { });
        ExerciseResult result = null;
        if (exercise && probe.reachable()) {
            ExercisePlan plan = x.plan(env);
            ExerciseCommand runner = new ExerciseCommand(env, audit, terminal);
            runner.x = x;
            try (CsiClient client = CsiClient.open(target.endpoint(), target.node(), CsiClientOptions.defaults().withPolicy(o.policy())
                    .withAudit(CallAudit.to(audit, AuditedConnection.origin(env, target.endpoint().text()))), calls)) {
                result = runner.run(client, plan, t, calls);
            }
        }
        TroubleReport report = new TroubleReport(TroubleReport.FORMAT, AppVersion.current().version(), Instant.now(), ReportFiles.environment(),
                target.endpoint().text(), discovery, probe, result, calls.snapshot(), log);
        ReportFiles.write(report, out);
        PrintWriter w = spec.commandLine().getOut();
        if (o.output == OutputFormat.json) {
            // the report as written to report.json; where it went is on stderr, so stdout stays one JSON document
            w.print(java.nio.file.Files.readString(out.resolve(ReportFiles.JSON_NAME)));
            w.flush();
            spec.commandLine().getErr().println("Wrote " + out.resolve(ReportFiles.JSON_NAME) + " and " + out.resolve(ReportFiles.HTML_NAME));
            if (o.trace) CsiOutput.trace(spec.commandLine().getErr(), calls.snapshot());
            return TroubleCommands.exitCode(report, failOn);
        }
        w.println("Wrote " + out.resolve(ReportFiles.JSON_NAME) + " and " + out.resolve(ReportFiles.HTML_NAME));
        w.println(report.summary());
        if (discovery != null) {
            w.println("Discovery: " + discovery.whereLooked());
            if (discovery.sockets().isEmpty()) w.println(discovery.otherRoot());
        }
        w.flush();
        if (o.trace) CsiOutput.trace(spec.commandLine().getErr(), calls.snapshot());
        return TroubleCommands.exitCode(report, failOn);
    }
}
