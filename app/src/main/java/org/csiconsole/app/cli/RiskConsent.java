package org.csiconsole.app.cli;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.risk.Assessment;
import org.csiconsole.core.risk.Consent;
import org.csiconsole.core.risk.Hazard;
import org.csiconsole.core.risk.IllegalCall;
import org.csiconsole.core.risk.RiskAssessor;
import org.csiconsole.core.risk.RiskOperation;
import org.csiconsole.core.risk.RiskRequest;
import org.csiconsole.core.risk.TargetFacts;
import org.csiconsole.core.risk.RiskModel;

import java.io.PrintWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The command line's rendering of the one risk {@link Assessment} core makes of an operation: every
 * destructive and disaster-recovery command asks core for the assessment and lets this class print it
 * and collect the consent it names; no command decides danger or consent on its own.
 *
 * <p>Before a prompt the assessment's {@linkplain Assessment#lines() lines} go to stderr. A call core
 * knows to be illegal now is refused (exit 2) with its reason and next step; where that verdict rests on
 * this console's own record only ({@link IllegalCall#overridable()}), {@code --override} with the typed
 * consent sends it anyway, and the call is audited as an override. The consent: NONE and CONFIRM run
 * (running the command is the explicit action; the hazards were printed first); TYPED needs
 * {@code --yes=<phrase>} or the phrase typed on the terminal; TYPED_EACH needs one {@code --yes} per
 * target, or each name typed. Refusals are {@link CallFailure}s of kind INVALID_ARGUMENT: nothing was sent.
 */
final class RiskConsent {
    private final RiskAssessor model;
    private final Supplier<Optional<ConsoleTerminal>> terminal;
    /** The option that gives the typed consent without a terminal, as the refusals name it. */
    private final String yes;

    RiskConsent(RiskAssessor model, Supplier<Optional<ConsoleTerminal>> terminal) {
        this(model, terminal, "--yes");
    }

    private RiskConsent(RiskAssessor model, Supplier<Optional<ConsoleTerminal>> terminal, String yes) {
        this.model = model;
        this.terminal = terminal;
        this.yes = yes;
    }

    /** This consent taken from {@code option} instead of {@code --yes} (e.g. {@code --yes-delete-volumes}), and named so in refusals. */
    RiskConsent through(String option) {
        return new RiskConsent(model, terminal, option);
    }

    /** The console's risk model, confirming on {@code terminal}. */
    static RiskConsent on(Supplier<Optional<ConsoleTerminal>> terminal) {
        return new RiskConsent(new RiskModel(), terminal);
    }

    /** What the command line accepts: the consent given, and whether the call goes as an override. */
    record Given(boolean override, List<String> typed) {
        /** What was typed (or given by {@code --yes}) for target {@code index}; for TYPED, the one text. */
        String typedFor(int index) {
            return typed.isEmpty() ? "" : typed.get(Math.min(index, typed.size() - 1));
        }
    }

    Assessment assess(RiskRequest request) {
        return model.assess(request);
    }

    /**
     * The connection a CSI command acts on, as an assessment names it and as the audit files it (as the GUI names a
     * connection): the saved profile's name with its endpoint beside it ({@link AuditedConnection#described}), and the
     * node endpoint after it when node calls go elsewhere.
     *
     * @param env the environment the saved profiles are found by
     */
    static String connection(java.util.function.Function<String, String> env, org.csiconsole.core.csi.CsiClient client) {
        String controller = client.endpoint().text();
        String node = client.nodeEndpoint().map(org.csiconsole.core.endpoint.Endpoint::text).orElse(controller);
        String named = AuditedConnection.described(env, controller);
        return node.equals(controller) ? named : named + " (node " + node + ")";
    }

    /**
     * The {@code --yes} values that satisfy {@code a} without a terminal: none for NONE and CONFIRM; the
     * phrase for TYPED; each target's name for TYPED_EACH (its id is accepted too). To send a refused,
     * overridable call anyway ({@code override}), {@link Assessment#consent(boolean)}: never less than the names typed.
     */
    static List<String> requiredYes(Assessment a, boolean override) {
        Consent c = a.consent(override);
        return switch (c.level()) {
            case NONE, CONFIRM -> List.of();
            case TYPED -> List.of(c.phrase());
            case TYPED_EACH -> c.names();
        };
    }

    /**
     * Refuses at once, before connecting, when the operation will need typed consent and there is
     * neither a terminal nor a {@code --yes}: core is asked with what is known before reading ({@code preview}).
     */
    void requireTerminalOrYes(RiskOperation operation, TargetFacts preview, List<String> yes) {
        if (!yes.isEmpty() || terminal.get().isPresent()) return;
        Assessment a = model.assess(RiskRequest.of(operation, List.of(preview), Instant.now()));
        if (a.consent().untyped()) return;
        throw usage(a.title(), "there is no terminal to confirm on, and --yes was not given; nothing was sent",
                "Pass " + yesOptions(requiredYes(a, false)) + " (the " + preview.kind() + "'s name or id) to confirm without a terminal");
    }

    /**
     * The {@code --yes} values of a command that asks the consent of two assessments, an unplanned failover and its
     * fence: first those that give {@code part}'s (the blocks, as {@code csi-console fence --yes} takes them), then
     * the others, in order. All are the others when {@code part} is null.
     */
    static List<List<String>> split(Assessment part, List<String> yes) {
        List<String> mine = new ArrayList<>();
        List<String> rest = new ArrayList<>();
        for (String y : yes) {
            if (part != null && !part.consent().untyped() && part.consent().accepts(y.replaceAll("\\s+", ""))) mine.add(y.replaceAll("\\s+", ""));
            else rest.add(y);
        }
        return List.of(mine, rest);
    }

    /**
     * Prints {@code a} to {@code err} and collects its consent.
     *
     * @param given the {@code --yes} values given (of the option {@link #through} names), in order
     * @param override true when {@code --override} was given
     * @return the consent given
     * @throws CallFailure INVALID_ARGUMENT when the call is refused or the consent is missing or wrong
     */
    Given confirm(Assessment a, List<String> given, boolean override, PrintWriter err) {
        a.lines().forEach(err::println);
        err.flush();
        boolean overriding = false;
        if (a.blocked()) {
            IllegalCall i = a.illegal();
            String why = "not sent: " + i.reason() + (i.spec().isEmpty() ? "" : " (" + i.spec() + ")");
            if (!i.overridable()) {
                throw usage(a.title(), why + (override ? "; --override does not apply: the verdict rests on the driver's report, or on this console's own call of minutes ago" : ""),
                        i.nextStep());
            }
            if (!override) {
                throw usage(a.title(), why, i.nextStep() + " If another orchestrator has already done that, send it anyway with --override and "
                        + yesOptions(requiredYes(a, true)) + " (audited as an override).");
            }
            overriding = true;
        } else if (override) {
            throw usage(a.title(), "--override applies only to a call the console refuses, and this one is not refused; nothing was sent",
                    "Drop --override");
        }
        Consent c = a.consent(overriding);
        return new Given(overriding, switch (c.level()) {
            case NONE, CONFIRM -> {
                if (!given.isEmpty()) {
                    throw usage(a.title(), yes + " was given, but this needs no typed consent"
                            + (a.request().operation().forceable() && !a.forced() ? " (" + yes + " confirms --force, which was not given)" : "")
                            + "; nothing was sent", "Drop " + yes + (a.request().operation().forceable() && !a.forced() ? ", or add --force" : ""));
                }
                yield List.of();
            }
            case TYPED -> List.of(typed(a, c, given));
            case TYPED_EACH -> typedEach(a, c, given);
        });
    }

    private String typed(Assessment a, Consent c, List<String> given) {
        String noun = a.request().targets().size() == 1 ? "this " + a.request().targets().get(0).kind() : "these " + a.request().targets().get(0).kind() + "s";
        if (!given.isEmpty()) {
            if (given.size() == 1 && c.accepts(given.get(0))) return given.get(0).strip();
            throw usage(a.title(), (given.size() > 1 ? yes + " was given " + given.size() + " times" : yes + "=" + given.get(0) + " does not name " + noun)
                    + "; nothing was sent", "Pass " + yes + "=" + c.phrase() + " (exactly" + (c.names().size() == 1 ? " the name or id" : "") + ")");
        }
        ConsoleTerminal t = terminal.get().orElseThrow(() -> usage(a.title(),
                "there is no terminal to confirm on, and " + yes + " was not given; nothing was sent",
                "Pass " + yes + "=" + c.phrase() + " to confirm without a terminal"));
        String line = t.readLine("Type " + c.phrase() + " to " + lowerFirst(a.title()) + ": ");
        if (line != null && c.accepts(line)) return line.strip();
        throw usage(a.title(), (line == null ? "nothing was typed" : "the text typed is not " + c.phrase()) + "; nothing was sent",
                "Run the command again and type " + c.phrase() + " exactly, or pass " + yes + "=" + c.phrase());
    }

    private List<String> typedEach(Assessment a, Consent c, List<String> given) {
        String nouns = a.request().operation() == RiskOperation.SPLIT_BRAIN_RECOVERY ? "pairs" : a.request().targets().get(0).kind() + "s";
        int n = c.names().size();
        for (String y : given) {
            boolean names = false;
            for (int i = 0; i < n; i++) names |= c.acceptsFor(i, y);
            if (!names) {
                throw usage(a.title(), yes + "=" + y + " names none of the " + nouns + " to confirm (" + String.join(", ", labels(c))
                        + "); nothing was sent", "Give " + yes + "=<name or id> exactly, once for each of them");
            }
        }
        List<String> typed = new ArrayList<>();
        List<Integer> missing = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            final int index = i;
            Optional<String> match = given.stream().filter(y -> c.acceptsFor(index, y)).findFirst();
            typed.add(match.map(String::strip).orElse(null));
            if (match.isEmpty()) missing.add(i);
        }
        if (missing.isEmpty()) return typed;
        Optional<ConsoleTerminal> t = terminal.get();
        if (t.isEmpty()) {
            List<String> names = missing.stream().map(i -> labels(c).get(i)).toList();
            throw usage(a.title(), "each of the " + nouns + " must be named by its own " + yes + "; missing for " + String.join(", ", names)
                    + "; nothing was sent", "Add " + yes + "=" + c.names().get(missing.get(0)) + (missing.size() > 1 ? " and one " + yes + " for each other" : ""));
        }
        for (int i : missing) {
            String line = t.get().readLine("Type " + c.names().get(i) + " to " + lowerFirst(a.title()) + ": ");
            if (line == null || !c.acceptsFor(i, line)) {
                throw usage(a.title(), (line == null ? "nothing was typed" : "the text typed does not name " + c.names().get(i))
                        + "; nothing was sent", "Run it again and type " + c.names().get(i) + " exactly, or pass " + yes + "=" + c.names().get(i));
            }
            typed.set(i, line.strip());
        }
        return typed;
    }

    private static String lowerFirst(String s) {
        return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
    }

    /** Each target's id, with its name after it when they differ. */
    private static List<String> labels(Consent c) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < c.names().size(); i++) {
            out.add(c.names().get(i).equals(c.ids().get(i)) ? c.ids().get(i) : c.ids().get(i) + " (" + c.names().get(i) + ")");
        }
        return out;
    }

    private static String yesOptions(List<String> values) {
        return values.isEmpty() ? "--yes" : String.join(" ", values.stream().map(v -> "--yes=" + v).toList());
    }

    /** The assessment as JSON, for {@code --output json} of a dry run: what the table prints as lines. */
    static Map<String, Object> json(Assessment a) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("title", a.title());
        m.put("state", a.state());
        List<Map<String, Object>> hazards = new ArrayList<>();
        for (Hazard h : a.hazards()) {
            Map<String, Object> x = new LinkedHashMap<>();
            x.put("kind", h.kind().name());
            x.put("severity", h.severity().name());
            x.put("sentence", h.sentence());
            x.put("evidence", h.evidence());
            hazards.add(x);
        }
        m.put("hazards", hazards);
        m.put("blocked", a.blocked());
        if (a.blocked()) {
            Map<String, Object> i = new LinkedHashMap<>();
            i.put("reason", a.illegal().reason());
            i.put("spec", a.illegal().spec());
            i.put("nextStep", a.illegal().nextStep());
            i.put("overridable", a.illegal().overridable());
            m.put("illegal", i);
        }
        m.put("saferAlternative", a.saferAlternative());
        m.put("consent", a.consent().level().name());
        m.put("requiredYes", requiredYes(a, false));
        m.put("lines", a.lines());
        return m;
    }

    /** A refusal by this console before anything was sent ({@link CallFailure#refused}): whose it is, the console's. */
    static CallFailure usage(String what, String why, String todo) {
        return CallFailure.refused(what, why, todo);
    }
}
