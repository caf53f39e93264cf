package org.csiconsole.app.cli;

import org.csiconsole.core.audit.AuditSink;
import org.csiconsole.core.call.CallAudit;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.PluginInfo;
import org.csiconsole.core.trouble.Exercise;
import org.csiconsole.core.trouble.ExercisePlan;
import org.csiconsole.core.trouble.ExerciseResult;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;

/**
 * {@code exercise}: one short lifecycle on a driver, opt-in and confirmed by typing the driver and
 * the pool it touches. Creates, publishes, stages, publishes on the node, snapshots and clones (as
 * advertised), then undoes all of it; always cleans up, after a failure or Ctrl+C too, and lists
 * what it could not remove. Every change is audited. Exit code 0 when every step passed and nothing
 * was left, 1 when a step failed or something was left, 2 when not confirmed, 3 when the driver is unreachable.
 */
@Command(name = "exercise", mixinStandardHelpOptions = true,
        description = {"Run one short, timed lifecycle on the driver (CreateVolume, ControllerPublishVolume, NodeStageVolume, "
                + "NodePublishVolume, CreateSnapshot and a clone when advertised, then all of it undone) and always clean up, "
                + "also after a failure or Ctrl+C; what could not be removed is listed. It changes the storage: confirm by typing "
                + "<driver>/<pool> on a terminal, or with --yes=<driver>/<pool>. Every change is audited.",
                "Exit code 0 when every step passed and nothing was left, 1 when a step failed or something was left, "
                        + "2 when not confirmed, 3 when the driver is unreachable."})
final class ExerciseCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    CsiEndpointOptions o;

    @Mixin
    ExerciseOptions x;

    private final Function<String, String> env;
    private final AuditSink audit;
    private final Supplier<Optional<ConsoleTerminal>> terminal;

    ExerciseCommand(Function<String, String> env, AuditSink audit, Supplier<Optional<ConsoleTerminal>> terminal) {
        this.env = Objects.requireNonNull(env, "env");
        this.audit = Objects.requireNonNull(audit, "audit");
        this.terminal = Objects.requireNonNull(terminal, "terminal");
    }

    @Override
    public Integer call() throws Exception {
        Optional<ConsoleTerminal> t = terminal.get();
        if (x.yes == null && t.isEmpty()) {
            throw CallFailure.refused("exercise", "it changes the storage, there is no terminal to confirm on, "
                    + "and --yes was not given; nothing was sent", "Pass --yes=<driver>/<pool> (for example --yes=csi.example.com/default)");
        }
        ExercisePlan plan = x.plan(env);
        CallTrace calls = new CallTrace();
        Endpoint e = o.controller(env);
        try (CsiClient client = CsiClient.open(e, o.node(), CsiClientOptions.defaults().withPolicy(o.policy())
                .withAudit(CallAudit.to(audit, AuditedConnection.origin(env, e.text()))), calls)) {
            ExerciseResult r = run(client, plan, t, calls);
            new TroubleOutput(spec.commandLine().getOut(), o.output).exercise(r);
            return r.anyFailed() || !r.leftovers().isEmpty() ? ExitCodes.CALL_FAILED : ExitCodes.OK;
        } finally {
            if (o.trace) CsiOutput.trace(spec.commandLine().getErr(), calls.snapshot());
        }
    }

    /**
     * Asks the driver's name, confirms, and runs the exercise to its end; Ctrl+C (the JVM's shutdown)
     * cancels it and waits for the clean-up.
     */
    ExerciseResult run(CsiClient client, ExercisePlan plan, Optional<ConsoleTerminal> t, CallTrace calls) throws Exception {
        PluginInfo info;
        try {
            info = client.identity().pluginInfo().get();
        } catch (ExecutionException ex) {
            CallFailure f = CallFailure.unwrap(ex);
            throw f != null ? f : ex;
        }
        confirm(plan.confirmation(info.name()), client.endpoint().text(), plan.consent(info.name(), client.endpoint().text()), t);
        Exercise exercise = Exercise.start(client, plan, info.name(), ev -> { });
        Thread hook = new Thread(() -> {
            exercise.cancel();
            try {
                exercise.result().get(2, TimeUnit.MINUTES);
            } catch (Exception ignored) {
                // the process is ending; the clean-up had its chance
            }
        }, "csi-console exercise clean-up");
        Runtime.getRuntime().addShutdownHook(hook);
        try {
            return exercise.result().get();
        } finally {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException shuttingDown) {
                // the hook is running: it waits for the same result
            }
        }
    }

    void confirm(String expected, String endpoint, String consent, Optional<ConsoleTerminal> t) {
        String action = "Exercise " + expected + " at " + endpoint;
        if (x.yes != null) {
            if (x.yes.equals(expected)) return;
            throw CallFailure.refused(action, "--yes=" + x.yes + " does not name this driver and pool; nothing was sent",
                    "Pass --yes=" + expected);
        }
        String typed = t.orElseThrow().readLine(consent + "\nType " + expected + " to exercise " + endpoint + ": ");
        if (typed != null && typed.strip().equals(expected)) return;
        throw CallFailure.refused(action, (typed == null ? "nothing was typed" : "the text typed is not " + expected)
                + "; nothing was sent", "Run it again and type " + expected + " exactly, or pass --yes=" + expected);
    }
}
