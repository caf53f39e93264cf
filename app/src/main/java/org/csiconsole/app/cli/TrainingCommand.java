package org.csiconsole.app.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.grpc.StatusRuntimeException;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import org.csiconsole.core.endpoint.ChannelFactory;
import org.csiconsole.core.endpoint.Connection;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.json.StableJson;
import org.csiconsole.core.model.Words;
import org.csiconsole.core.reference.training.ReferenceTraining;
import org.csiconsole.core.reference.training.ReferenceTrainingSession;
import org.csiconsole.core.reference.training.ResultFiles;
import org.csiconsole.core.reference.training.TrainingControl;
import org.csiconsole.core.training.ResultComparison;
import org.csiconsole.core.training.Scenario;
import org.csiconsole.core.training.ScenarioLibrary;
import org.csiconsole.core.training.ScenarioProblem;
import org.csiconsole.core.training.ScenarioStep;
import org.csiconsole.core.training.StepFailure;
import org.csiconsole.core.training.StepProgress;
import org.csiconsole.core.training.StepState;
import org.csiconsole.core.training.TrainingDiscard;
import org.csiconsole.core.training.TrainingProgress;
import org.csiconsole.core.training.TrainingResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code csi-console training}: training mode without a display (docs/training-schema.md). {@code list} and
 * {@code validate} read scenario files; {@code start} seeds a scenario's plugin and serves it on a unix
 * socket as {@code serve} does, with the training's control service beside it; {@code check},
 * {@code reset}, {@code hint}, {@code answer} and {@code result} reach that running training through
 * its socket; {@code compare} reads exported results.
 *
 * <p>Exit codes: 0 success ({@code check}: every step passed), 1 a step is not passed or a file is
 * invalid, 2 usage error, 3 no training at the endpoint.
 */
@Command(name = "training", mixinStandardHelpOptions = true,
        description = {"Guided, self-checking scenarios on the bundled two-site reference plugin.",
                "start serves a scenario on a socket; trainees work on it with csi-console or any CSI tool, and check, "
                        + "hint, answer, reset and result follow their progress."})
public final class TrainingCommand {
    private static final ObjectMapper JSON = StableJson.INDENTED;

    @Spec
    CommandSpec spec;

    private final java.util.function.Supplier<Optional<ConsoleTerminal>> terminal;

    /** Training commands whose destructive verbs ({@code reset}, {@code start} over an earlier run) confirm on {@code terminal}. */
    TrainingCommand(java.util.function.Supplier<Optional<ConsoleTerminal>> terminal) {
        this.terminal = java.util.Objects.requireNonNull(terminal, "terminal");
    }

    /** Where the library's scenarios come from: the bundled ones and a trainer's folder. */
    static final class LibraryOptions {
        @Option(names = "--folder", paramLabel = "DIR", description = "Also read every *.yaml scenario in DIR (a trainer's own).")
        Path folder;

        ScenarioLibrary load() {
            return training(null).load(Optional.ofNullable(folder));
        }
    }

    /** The socket of a running training and its state directory. */
    static final class SessionOptions {
        @Option(names = "--endpoint", required = true, paramLabel = "unix:///PATH", description = "The socket training start serves.")
        String endpoint;

        @Option(names = "--state-dir", required = true, paramLabel = "DIR", description = "The state directory training start was given.")
        Path stateDir;
    }

    private static ReferenceTraining training(Path workDir) {
        return new ReferenceTraining(workDir, Runnable::run);
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List the scenarios: the bundled ones and those of --folder.")
    int list(@Mixin LibraryOptions lib,
             @Option(names = "--output", paramLabel = "FORMAT", defaultValue = "table", description = "table or json (default ${DEFAULT-VALUE}).")
             OutputFormat output) throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        ScenarioLibrary library;
        try {
            library = lib.load();
        } catch (UncheckedIOException e) {
            spec.commandLine().getErr().println(e.getMessage());
            return ExitCodes.USAGE;
        }
        if (output == OutputFormat.json) {
            ObjectNode root = JSON.createObjectNode();
            ArrayNode a = root.putArray("scenarios");
            for (Scenario s : library.scenarios()) a.add(scenarioJson(s));
            ArrayNode p = root.putArray("problems");
            for (ScenarioProblem pr : library.problems()) p.add(problemJson(pr));
            out.println(JSON.writeValueAsString(root));
        } else {
            Table t = new Table("NAME", "MINUTES", "STEPS", "TITLE", "FROM");
            for (Scenario s : library.scenarios()) {
                t.row(s.id(), s.minutes(), s.steps().size(), s.title(), s.bundled() ? "bundled" : s.source());
            }
            t.print(out);
            library.problems().forEach(pr -> spec.commandLine().getErr().println(pr.describe()));
        }
        return ExitCodes.OK;
    }

    private static ObjectNode scenarioJson(Scenario s) {
        ObjectNode o = JSON.createObjectNode();
        o.put("id", s.id());
        o.put("title", s.title());
        o.put("summary", s.summary());
        o.put("minutes", s.minutes());
        o.put("source", s.source());
        ArrayNode skills = o.putArray("skills");
        s.skills().forEach(skills::add);
        // A listing reaches no step but the first: later goals stay locked as in the step pane, since one can give
        // away the answer of the step before it (ScenarioStep#goalShown).
        ArrayNode steps = o.putArray("steps");
        int number = 1;
        for (ScenarioStep st : s.steps()) {
            ObjectNode n = steps.addObject();
            boolean shown = st.shown(number, false);
            n.put("number", number);
            n.put("id", st.id());
            n.put("goal", st.goalShown(number, false));
            n.put("locked", !shown);
            if (shown) {
                n.put("check", st.check());
                ArrayNode how = n.putArray("how");
                st.how().forEach(how::add);
                n.put("question", st.question());
            }
            n.put("hints", st.hints().size());
            number++;
        }
        return o;
    }

    private static ObjectNode problemJson(ScenarioProblem p) {
        ObjectNode o = JSON.createObjectNode();
        o.put("file", p.file());
        o.put("line", p.line());
        o.put("field", p.field());
        o.put("message", p.message());
        return o;
    }

    @Command(name = "validate", mixinStandardHelpOptions = true,
            description = "Check scenario files against the schema (docs/training-schema.md); exit 1 when one has a problem.")
    int validate(@Parameters(arity = "1..*", paramLabel = "FILE", description = "Scenario files.") List<Path> files) {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        ReferenceTraining t = training(null);
        int bad = 0;
        for (Path f : files) {
            List<ScenarioProblem> problems = t.validateNow(f);
            if (problems.isEmpty()) {
                out.println(f + ": valid");
            } else {
                bad++;
                problems.forEach(p -> err.println(p.describe()));
            }
        }
        if (bad > 0) err.println(bad + " of " + files.size() + " file" + (files.size() == 1 ? "" : "s") + " invalid.");
        return bad == 0 ? ExitCodes.OK : ExitCodes.CALL_FAILED;
    }

    @Command(name = "start", mixinStandardHelpOptions = true,
            description = {"Seed scenario NAME's plugin in --state-dir and serve it on --endpoint until SIGTERM or Ctrl-C.",
                    "A directory of an earlier training is emptied first; any other non-empty directory is refused. An earlier "
                            + "run whose result was not exported (training result) is discarded only with consent: its "
                            + "scenario's name typed on a terminal, or --discard. Node paths are sandboxed below DIR/node; "
                            + "reports for a 'report saved' check go to DIR/reports."})
    int start(@Parameters(paramLabel = "NAME", description = "The scenario (training list shows them).") String name,
              @Mixin SessionOptions session, @Mixin LibraryOptions lib,
              @Option(names = "--discard", paramLabel = "EARLIER", description = "Confirm without a terminal that the earlier run in "
                      + "--state-dir, not exported, is discarded: its scenario's name, exactly.") String discard) throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PrintWriter err = spec.commandLine().getErr();
        Path socket;
        try {
            socket = ServeCommand.socketPath(session.endpoint, "--endpoint");
        } catch (IllegalArgumentException e) {
            err.println(e.getMessage());
            return ExitCodes.USAGE;
        }
        ScenarioLibrary library = lib.load();
        Optional<Scenario> scenario = library.find(name);
        if (scenario.isEmpty()) {
            err.println("There is no scenario " + name + ". Scenarios: "
                    + String.join(", ", library.scenarios().stream().map(Scenario::id).toList()) + " (training list shows them).");
            return ExitCodes.USAGE;
        }
        ReferenceTraining training = training(null);
        ReferenceTrainingSession s;
        try {
            Optional<TrainingProgress> earlier = training.unexportedRun(session.stateDir);
            if (earlier.isPresent()) {
                TrainingDiscard d = TrainingDiscard.startOver(earlier.get().scenarioId(), earlier.get(), scenario.get().title());
                org.csiconsole.core.call.CallFailure refused = consent(d, "--discard", discard);
                if (refused != null) {
                    err.println(refused.describe());
                    return ExitCodes.USAGE;
                }
            } else if (discard != null) {
                err.println("--discard applies only to a run not exported, and " + session.stateDir + " holds none; nothing was done. "
                        + "Drop --discard.");
                return ExitCodes.USAGE;
            }
            s = training.startIn(scenario.get(), session.stateDir, earlier.isPresent());
        } catch (IllegalStateException e) {
            err.println(e.getMessage());
            return ExitCodes.USAGE;
        }
        try {
            s.serve(socket);
        } catch (IOException e) {
            s.close();
            err.println("Cannot serve on " + session.endpoint + ": " + e.getMessage());
            return ExitCodes.ENDPOINT;
        }
        CountDownLatch stopped = new CountDownLatch(1);
        Thread hook = new Thread(() -> {
            s.close();
            stopped.countDown();
        }, "training-shutdown");
        Runtime.getRuntime().addShutdownHook(hook);
        Scenario sc = s.scenario();
        out.println("Training " + sc.id() + ": " + sc.title() + " (about " + sc.minutes() + " min), node_id " + s.plugin().nodeId() + ".");
        out.println(sc.summary());
        int i = 1;
        for (ScenarioStep st : sc.steps()) {
            out.println("  " + i + ". " + st.goalShown(i, false));
            i++;
        }
        out.println("Serving CSI and csi-addons on " + session.endpoint + ", state in " + s.stateDir().toAbsolutePath()
                + ", reports in " + s.reportFolder().toAbsolutePath() + ".");
        out.println("Follow it with: csi-console training check --endpoint " + session.endpoint + " --state-dir " + session.stateDir
                + ". Stop with SIGTERM or Ctrl-C.");
        out.flush();
        try {
            stopped.await();
        } catch (InterruptedException e) {
            // embedded use: the caller interrupts the serving thread to stop it
            Runtime.getRuntime().removeShutdownHook(hook);
            s.close();
            Thread.currentThread().interrupt();
        }
        return ExitCodes.OK;
    }

    /** Work on a running training's control client. */
    @FunctionalInterface
    private interface Control {
        int run(TrainingControl.Client client, PrintWriter out) throws Exception;
    }

    private int control(SessionOptions o, Control work) throws Exception {
        PrintWriter err = spec.commandLine().getErr();
        Endpoint endpoint;
        try {
            ServeCommand.socketPath(o.endpoint, "--endpoint");
            endpoint = Endpoint.parse(o.endpoint);
        } catch (RuntimeException e) {
            err.println(e.getMessage());
            return ExitCodes.USAGE;
        }
        try (Connection c = new ChannelFactory().open(endpoint)) {
            return work.run(new TrainingControl.Client(c.channel(), o.stateDir), spec.commandLine().getOut());
        } catch (org.csiconsole.core.call.CallFailure e) {
            err.println(e.describe());
            err.println(startHint(o));
            return ExitCodes.ENDPOINT;
        } catch (StatusRuntimeException e) {
            switch (e.getStatus().getCode()) {
                case UNAVAILABLE -> {
                    err.println("No training answers on " + o.endpoint + " (" + e.getStatus().getDescription() + ").");
                    err.println(startHint(o));
                    return ExitCodes.ENDPOINT;
                }
                case UNIMPLEMENTED -> {
                    err.println("The plugin on " + o.endpoint + " serves no training (it has no " + TrainingControl.SERVICE
                            + " service): it was started by serve, not by training start.");
                    return ExitCodes.ENDPOINT;
                }
                case INVALID_ARGUMENT, FAILED_PRECONDITION -> {
                    err.println(e.getStatus().getDescription());
                    return ExitCodes.USAGE;
                }
                default -> {
                    err.println("The training on " + o.endpoint + " failed: " + e.getStatus().getCode() + " "
                            + e.getStatus().getDescription());
                    return ExitCodes.CALL_FAILED;
                }
            }
        }
    }

    private static String startHint(SessionOptions o) {
        return "Start a training there with csi-console training start NAME --endpoint " + o.endpoint + " --state-dir " + o.stateDir + ".";
    }

    @Command(name = "check", mixinStandardHelpOptions = true,
            description = "Re-check the running training and print each step's state; exit 0 only when every step passed.")
    int check(@Mixin SessionOptions o,
              @Option(names = "--output", paramLabel = "FORMAT", defaultValue = "table", description = "table or json (default ${DEFAULT-VALUE}).")
              OutputFormat output) throws Exception {
        return control(o, (client, out) -> {
            TrainingProgress p = client.progress();
            print(out, p, output);
            return p.complete() ? ExitCodes.OK : ExitCodes.CALL_FAILED;
        });
    }

    private static void print(PrintWriter out, TrainingProgress p, OutputFormat output) {
        if (output == OutputFormat.json) {
            out.print(ResultFiles.json(p));
            return;
        }
        Table t = new Table("#", "STEP", "STATE", "TIME", "HINTS", "WHY");
        int i = 1;
        for (StepProgress s : p.steps()) {
            t.row(i++ + (s.current() ? "*" : ""), s.stepId(), word(s.state()), s.openedAt() == null ? "" : time(s.timeTaken()),
                    s.hintsUsed(), s.explanation());
        }
        t.print(out);
        long passed = p.steps().stream().filter(s -> s.state() == StepState.PASSED).count();
        out.println(passed + " of " + p.steps().size() + " steps passed" + (p.complete() ? "; the scenario is complete." : ".")
                + (p.resets() > 0 ? " " + Words.sentenceStart(Words.count(p.resets(), "reset")) + " so far." : ""));
    }

    static String word(StepState s) {
        return switch (s) {
            case PASSED -> "passed";
            case PENDING -> "pending";
            case FAILED_HOW -> "FAILED (how)";
        };
    }

    static String time(Duration d) {
        long s = d.toSeconds();
        return s < 60 ? s + " s" : (s / 60) + " min " + (s % 60) + " s";
    }

    @Command(name = "reset", mixinStandardHelpOptions = true,
            description = {"Put the running training's plugin back to the scenario's seed and start the steps again.",
                    "Asks to type the scenario's name on a terminal; without one, --yes must give it."})
    int reset(@Mixin SessionOptions o,
              @Option(names = "--yes", paramLabel = "NAME", description = "Confirm without a terminal: the running scenario's name, exactly.")
              String yes) throws Exception {
        return control(o, (client, out) -> {
            TrainingProgress before = client.progress();
            org.csiconsole.core.call.CallFailure refused = consent(TrainingDiscard.reset(before.scenarioId(), before), "--yes", yes);
            if (refused != null) {
                spec.commandLine().getErr().println(refused.describe());
                return ExitCodes.USAGE;
            }
            print(out, client.reset(), OutputFormat.table);
            return ExitCodes.OK;
        });
    }

    /**
     * Takes the consent core's {@code discard} names, as other destructive commands take theirs: the phrase given
     * as {@code option}, or typed on the terminal. Prints what is discarded first.
     *
     * @param given the option's value; null when not given
     * @return null when given; else the refusal (nothing was done)
     */
    private org.csiconsole.core.call.CallFailure consent(TrainingDiscard discard, String option, String given) {
        PrintWriter err = spec.commandLine().getErr();
        String what = discard.title();
        String phrase = discard.phrase();
        err.println(what + ": " + discard.lost());
        err.println(discard.keep());
        err.flush();
        if (given != null) {
            return discard.accepts(given) ? null : RiskConsent.usage(what, option + "=" + given + " does not name " + phrase
                    + "; nothing was done", "Pass " + option + "=" + phrase + " (exactly)");
        }
        Optional<ConsoleTerminal> t = terminal.get();
        if (t.isEmpty()) {
            return RiskConsent.usage(what, "there is no terminal to confirm on, and " + option + " was not given; nothing was done",
                    "Pass " + option + "=" + phrase + " to confirm without a terminal");
        }
        String line = t.get().readLine("Type " + phrase + " to confirm: ");
        return discard.accepts(line) ? null : RiskConsent.usage(what,
                (line == null ? "nothing was typed" : "the text typed is not " + phrase) + "; nothing was done",
                "Run the command again and type " + phrase + " exactly, or pass " + option + "=" + phrase);
    }

    @Command(name = "hint", mixinStandardHelpOptions = true, description = "Reveal the next hint of STEP (each is counted in the result).")
    int hint(@Parameters(paramLabel = "STEP", description = "The step's id (training check lists them).") String step,
             @Mixin SessionOptions o) throws Exception {
        return control(o, (client, out) -> {
            Optional<String> hint = client.hint(step);
            out.println(hint.orElse("Every hint of " + step + " is already shown."));
            return ExitCodes.OK;
        });
    }

    @Command(name = "answer", mixinStandardHelpOptions = true, description = "Answer the question of STEP, the current step.")
    int answer(@Parameters(index = "0", paramLabel = "STEP", description = "The step's id.") String step,
               @Parameters(index = "1", paramLabel = "TEXT", description = "The answer.") String text,
               @Mixin SessionOptions o) throws Exception {
        return control(o, (client, out) -> {
            TrainingProgress p = client.answer(step, text);
            StepProgress s = p.step(step).orElseThrow();
            out.println(s.state() == StepState.PASSED ? "Right: " + step + " passed." : s.explanation());
            return s.state() == StepState.PASSED ? ExitCodes.OK : ExitCodes.CALL_FAILED;
        });
    }

    @Command(name = "result", mixinStandardHelpOptions = true,
            description = "Write the trainee's result as DIR/result.json and a one-page DIR/result.html.")
    int result(@Mixin SessionOptions o,
               @Option(names = "--trainee", paramLabel = "NAME", defaultValue = "", description = "The trainee's name, shown in the result.")
               String trainee,
               @Option(names = "--out", paramLabel = "DIR", defaultValue = ".", description = "Folder to write to (default: the current one).")
               Path dir) throws Exception {
        return control(o, (client, out) -> {
            String[] texts = client.result(trainee);
            Files.createDirectories(dir);
            Path json = dir.resolve("result.json");
            Path html = dir.resolve("result.html");
            Files.writeString(json, texts[0], StandardCharsets.UTF_8);
            Files.writeString(html, texts[1], StandardCharsets.UTF_8);
            TrainingResult r = ResultFiles.result(texts[0]);
            out.println(r.title() + ": " + r.passed() + " of " + r.steps().size() + " steps passed in " + time(r.totalTime()) + ", "
                    + Words.count(r.hintsUsed(), "hint") + ", " + Words.count(r.resets(), "reset") + ". Wrote " + json + " and " + html + ".");
            for (StepFailure f : r.failures()) out.println("Failed (how) at " + f.at() + ", step " + f.stepId() + ": " + f.rule());
            return ExitCodes.OK;
        });
    }

    @Command(name = "compare", mixinStandardHelpOptions = true,
            description = "Compare exported results (result.json files): one column per trainee, one row per step.")
    int compare(@Parameters(arity = "1..*", paramLabel = "FILE", description = "result.json files.") List<Path> files,
                @Option(names = "--output", paramLabel = "FORMAT", defaultValue = "table", description = "table or json (default ${DEFAULT-VALUE}).")
                OutputFormat output) throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        List<TrainingResult> results = new ArrayList<>();
        for (Path f : files) {
            try {
                results.add(ResultFiles.read(f));
            } catch (IllegalArgumentException | UncheckedIOException e) {
                spec.commandLine().getErr().println(e.getMessage());
                return ExitCodes.USAGE;
            }
        }
        ResultComparison c = ResultComparison.of(results);
        if (output == OutputFormat.json) {
            ArrayNode a = JSON.createArrayNode();
            for (TrainingResult r : results) a.add(JSON.readTree(ResultFiles.json(r)));
            out.println(JSON.writeValueAsString(a));
            return ExitCodes.OK;
        }
        List<String> headers = new ArrayList<>(List.of(""));
        for (int i = 0; i < results.size(); i++) {
            TrainingResult r = results.get(i);
            headers.add(r.trainee().isEmpty() ? files.get(i).toString() : r.trainee());
        }
        Table t = new Table(headers.toArray(String[]::new));
        t.row(row("scenario", results, TrainingResult::scenarioId));
        t.row(row("passed", results, r -> r.passed() + "/" + r.steps().size()));
        t.row(row("time", results, r -> time(r.totalTime())));
        t.row(row("hints", results, r -> String.valueOf(r.hintsUsed())));
        t.row(row("resets", results, r -> String.valueOf(r.resets())));
        for (String step : c.stepIds()) {
            List<Object> cells = new ArrayList<>(List.of(step));
            for (int i = 0; i < results.size(); i++) {
                cells.add(c.cell(step, i).map(s -> s.state() == StepState.PASSED ? time(s.timeTaken()) + (s.hintsUsed() > 0
                        ? " (" + Words.count(s.hintsUsed(), "hint") + ")" : "") : word(s.state())).orElse(""));
            }
            t.row(cells.toArray());
        }
        t.print(out);
        c.fastestComplete().ifPresent(i -> out.println("Fastest complete: " + headers.get(i + 1) + "."));
        return ExitCodes.OK;
    }

    private static Object[] row(String label, List<TrainingResult> results, java.util.function.Function<TrainingResult, String> cell) {
        List<Object> cells = new ArrayList<>(List.of(label));
        results.forEach(r -> cells.add(cell.apply(r)));
        return cells.toArray();
    }
}
