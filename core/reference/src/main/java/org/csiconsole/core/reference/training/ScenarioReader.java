package org.csiconsole.core.reference.training;

import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.csiconsole.core.training.Scenario;
import org.csiconsole.core.training.ScenarioProblem;
import org.csiconsole.core.training.ScenarioStep;

/**
 * Reads and validates scenario files (docs/training-schema.md). Every problem names the file, the
 * line and the field; a file with any problem yields no scenario.
 */
final class ScenarioReader {
    /** The schema this console reads. */
    static final String SCHEMA = "csi-console/training/v1";
    /** The schema of a shared seed file. */
    static final String SEED_SCHEMA = "csi-console/training-seed/v1";

    static final List<String> KEYS = List.of("schema", "id", "title", "summary", "minutes", "skills", "seed", "faults", "steps");
    static final List<String> STEP_KEYS = List.of("id", "goal", "hints", "check", "check_text", "how", "question", "answer");

    /** The outcome of reading one file. */
    record Outcome(Optional<ScenarioDefinition> definition, List<ScenarioProblem> problems) {
    }

    private ScenarioReader() {
    }

    static Outcome read(ScenarioSource source) {
        Yaml.Problems problems = new Yaml.Problems(source.name());
        Optional<Yaml.Value> root = parse(source, problems);
        if (root.isEmpty()) return new Outcome(Optional.empty(), problems.list);
        ScenarioDefinition def = scenario(root.get(), source, problems);
        return new Outcome(problems.list.isEmpty() ? Optional.ofNullable(def) : Optional.empty(), List.copyOf(problems.list));
    }

    private static Optional<Yaml.Value> parse(ScenarioSource source, Yaml.Problems problems) {
        try (Reader r = source.open()) {
            return Yaml.parse(r, problems);
        } catch (IOException e) {
            problems.add(0, "", "the file cannot be read: " + e.getMessage() + ".");
            return Optional.empty();
        }
    }

    private static ScenarioDefinition scenario(Yaml.Value root, ScenarioSource source, Yaml.Problems problems) {
        if (!otherVersion(root).isEmpty()) return null;
        Yaml.Fields f = root.fields(KEYS);
        if (!root.isMap()) return null;
        f.string("schema", "the schema version, 'schema: " + SCHEMA + "'");
        String id = f.string("id", "the scenario's name, e.g. planned-failover");
        if (id != null && !id.matches("[a-z0-9][a-z0-9-]{0,62}")) {
            f.get("id").get().problem("an id is lower-case letters, digits and dashes (e.g. planned-failover), found '" + id + "'.");
        }
        String title = f.string("title", "a short title");
        String summary = f.string("summary", "a paragraph saying what the trainee does and learns");
        Integer minutes = f.integer("minutes", 1, 120);
        if (f.get("minutes").isEmpty()) f.require("minutes", "how many minutes a trainee should need (1 to 120)");
        List<String> skills = f.strings("skills");
        if (f.get("skills").isEmpty()) f.require("skills", "the skills it trains, as a list");

        SeedSpec seed = f.require("seed", "what the plugin holds at the start: arrays, hosts, volumes, ... or 'file:' a shared seed")
                .map(v -> seed(v, source, problems)).orElse(null);

        List<ScenarioStep> steps = new ArrayList<>();
        List<ScenarioDefinition.StepDefinition> defs = new ArrayList<>();
        Set<String> stepIds = new LinkedHashSet<>();
        Optional<Yaml.Value> stepList = f.require("steps", "the steps, as a list");
        List<Yaml.Value> stepValues = stepList.map(Yaml.Value::items).orElse(List.of());
        if (stepList.isPresent() && stepValues.isEmpty() && stepList.get().isList()) {
            stepList.get().problem("a scenario needs at least one step.");
        }
        for (Yaml.Value sv : stepValues) {
            Yaml.Fields s = sv.fields(STEP_KEYS);
            String sid = s.string("id", "the step's id, unique in the scenario, e.g. publish");
            if (sid != null && !stepIds.add(sid)) s.get("id").get().problem("step id '" + sid + "' is used twice; each step needs its own.");
            String goal = s.string("goal", "the goal in words");
            List<String> hints = s.strings("hints");
            List<StepCondition> conditions = new ArrayList<>();
            s.get("check").ifPresent(c -> c.items().forEach(cv -> {
                StepCondition cond = Conditions.read(cv);
                if (cond != null) conditions.add(cond);
            }));
            List<HowRule> how = new ArrayList<>();
            s.get("how").ifPresent(h -> h.items().forEach(hv -> {
                HowRule rule = HowRule.read(hv);
                if (rule != null) how.add(rule);
            }));
            String question = s.string("question", "", "");
            AnswerSpec answer = s.get("answer").map(AnswerSpec::read).orElse(null);
            if (!question.isEmpty() && s.get("answer").isEmpty()) s.require("answer", "the expected answer to the question");
            if (question.isEmpty() && s.get("answer").isPresent()) s.require("question", "the question the answer answers");
            if (s.get("check").isEmpty() && question.isEmpty()) {
                sv.problem("a step needs a 'check' (what must hold of the plugin's state), a 'question' with an 'answer', or both.");
            }
            if (sid == null || goal == null) continue;
            String checkText = s.string("check_text", "", String.join("; ", conditions.stream().map(StepCondition::describe).toList()));
            steps.add(new ScenarioStep(sid, goal, hints, checkText, how.stream().map(HowRule::describe).toList(), question));
            defs.add(new ScenarioDefinition.StepDefinition(sid, conditions, how, answer));
        }
        List<FaultSpec> faults = new ArrayList<>();
        f.get("faults").ifPresent(fv -> fv.items().forEach(v -> {
            FaultSpec spec = FaultSpec.read(v, stepIds);
            if (spec != null) faults.add(spec);
        }));
        if (!problems.list.isEmpty() || id == null || title == null || steps.isEmpty() || seed == null || minutes == null) {
            return null;
        }
        Scenario scenario = new Scenario(id, title, summary == null ? "" : summary.trim(), skills, minutes, steps, source.name());
        return new ScenarioDefinition(scenario, seed, defs, faults);
    }

    /**
     * Stops at a file of another schema version before any other field is read: its fields mean what that version
     * says, so one problem names the version found and the one this console reads.
     *
     * @return the problem recorded, or empty when the file is of {@link #SCHEMA} or gives none (then reported as missing)
     */
    private static Optional<String> otherVersion(Yaml.Value root) {
        Optional<Yaml.Value> schema = root.entry("schema").filter(Yaml.Value::isScalar);
        String found = schema.map(Yaml.Value::text).orElse(SCHEMA);
        if (found.equals(SCHEMA)) return Optional.empty();
        String message = "this file is of schema '" + found + "'; this console reads " + SCHEMA + " only. Write the file for "
                + SCHEMA + " (docs/training-schema.md), or open it with a console that reads its version.";
        schema.get().problem(message);
        return Optional.of(message);
    }

    private static SeedSpec seed(Yaml.Value v, ScenarioSource source, Yaml.Problems problems) {
        Yaml.Fields f = v.fields(SeedSpec.KEYS);
        SeedSpec seed = new SeedSpec();
        Optional<Yaml.Value> file = f.get("file");
        if (file.isPresent() && file.get().text() != null) {
            ScenarioSource shared = source.resolve(file.get().text());
            Yaml.Problems sp = new Yaml.Problems(shared.name());
            Optional<Yaml.Value> root = parse(shared, sp);
            root.ifPresent(r -> {
                List<String> keys = new ArrayList<>(SeedSpec.KEYS);
                keys.remove("file");
                keys.add("schema");
                keys.add("description");
                Yaml.Fields sf = r.fields(keys);
                String schema = sf.string("schema", "the seed schema, 'schema: " + SEED_SCHEMA + "'");
                if (schema != null && !schema.equals(SEED_SCHEMA)) {
                    sf.get("schema").get().problem("a seed file reads schema " + SEED_SCHEMA + ", not '" + schema + "'.");
                }
                seed.add(SeedSpec.read(sf));
            });
            if (!sp.list.isEmpty()) {
                file.get().problem("the seed file " + shared.name() + " has problems (listed with its name).");
                problems.list.addAll(sp.list);
            }
        }
        seed.add(SeedSpec.read(f));
        for (String p : seed.crossCheck()) {
            int colon = p.indexOf(": ");
            problems.add(v.line(), p.substring(0, colon), p.substring(colon + 2));
        }
        return seed;
    }
}
