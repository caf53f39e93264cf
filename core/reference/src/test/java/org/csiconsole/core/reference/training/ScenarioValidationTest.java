package org.csiconsole.core.reference.training;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.csiconsole.core.training.ScenarioProblem;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** Malformed scenario files, each rejected with a problem naming the file, the line and the field. */
class ScenarioValidationTest {
    @TempDir
    Path dir;

    private final ReferenceTraining training = new ReferenceTraining(null, Runnable::run);

    /** A valid scenario; each case below breaks one thing in it. */
    static final String VALID = """
            schema: csi-console/training/v1
            id: small
            title: A small scenario
            summary: Create one volume.
            minutes: 5
            skills: [CreateVolume]
            seed:
              arrays:
                - {name: site-a, pools: {pool-ssd: 1Ti}}
              hosts:
                - {node: worker-01, site: site-a}
            steps:
              - id: create
                goal: Create web-data.
                check:
                  - volume: web-data
                    size_at_least: 1Gi
            """;

    private List<String> problems(String text) throws Exception {
        Path file = dir.resolve("scenario.yaml");
        Files.writeString(file, text);
        return training.validateNow(file).stream().map(ScenarioProblem::describe)
                .map(d -> d.replace(file.toString(), "scenario.yaml")).toList();
    }

    @Test
    void theValidScenarioHasNoProblem() throws Exception {
        assertThat(problems(VALID)).isEmpty();
    }

    @Test
    void theDocumentedExampleWithEveryFeatureIsValid() {
        // the module's tests run in core/reference; the example lives in the repository's docs
        Path example = Path.of("../../docs/training-example.yaml");
        assertThat(training.validateNow(example)).isEmpty();
    }

    @Test
    void aFileOfAnotherSchemaVersionStopsAtTheVersionWithOneProblem() throws Exception {
        // the rest of the file is of another version: its fields are not read (no "unknown field" for them)
        assertThat(problems(VALID.replace("training/v1", "training/v2") + "checks_v2: {volume: web-data}\n"))
                .containsExactly("scenario.yaml:1: schema: this file is of schema 'csi-console/training/v2'; this console reads "
                        + "csi-console/training/v1 only. Write the file for csi-console/training/v1 (docs/training-schema.md), "
                        + "or open it with a console that reads its version.");
    }

    static List<Arguments> unknownFields() {
        return List.of(
                Arguments.of("the scenario", VALID.replace("summary:", "sumary:"), "sumary"),
                Arguments.of("a step", VALID.replace("    goal: Create web-data.", "    goal: Create web-data.\n    gaol: again"),
                        "steps[0].gaol"),
                Arguments.of("a condition", VALID.replace("size_at_least: 1Gi", "size_at_least: 1Gi\n        colour: red"),
                        "steps[0].check[0].colour"),
                Arguments.of("the seed", VALID.replace("  hosts:", "  tapes: []\n  hosts:"), "seed.tapes"),
                Arguments.of("an array", VALID.replace("{name: site-a,", "{name: site-a, colour: red,"), "seed.arrays[0].colour"),
                Arguments.of("a fault", VALID + "faults:\n  - at: start\n    link_down: all\n    colour: red\n", "faults[0].colour"),
                Arguments.of("a how rule", VALID + "    how:\n      - forbid: {call: DeleteVolume}\n        explain: No.\n        colour: red\n",
                        "steps[0].how[0].colour"));
    }

    @ParameterizedTest(name = "an unknown field of {0} is reported once")
    @MethodSource("unknownFields")
    void anUnknownFieldIsReportedOnce(String where, String text, String field) throws Exception {
        assertThat(problems(text).stream().filter(p -> p.contains(": " + field + ": unknown field"))).hasSize(1);
    }

    static List<Arguments> malformed() {
        return List.of(
                Arguments.of("an empty file", "",
                        "scenario.yaml:1: the file is empty; a scenario starts with 'schema: csi-console/training/v1'."),
                Arguments.of("broken YAML", VALID.replace("skills: [CreateVolume]", "skills: [CreateVolume"),
                        "scenario.yaml:7: this is not valid YAML (expected ',' or ']', but got :); check the brackets, quotes and indentation "
                                + "of this line and the one before."),
                Arguments.of("another schema version", VALID.replace("training/v1", "training/v9"),
                        "scenario.yaml:1: schema: this file is of schema 'csi-console/training/v9'; this console reads "
                                + "csi-console/training/v1 only. Write the file for csi-console/training/v1 (docs/training-schema.md), "
                                + "or open it with a console that reads its version."),
                Arguments.of("a missing title", VALID.replace("title: A small scenario\n", ""),
                        "scenario.yaml:1: title: 'title' is missing: a short title."),
                Arguments.of("a misspelt field", VALID.replace("summary:", "sumary:"),
                        "scenario.yaml:4: sumary: unknown field 'sumary'; a scenario knows faults, id, minutes, schema, seed, skills, steps, summary, title."),
                Arguments.of("an id with capitals and blanks", VALID.replace("id: small", "id: Small One"),
                        "scenario.yaml:2: id: an id is lower-case letters, digits and dashes (e.g. planned-failover), found 'Small One'."),
                Arguments.of("minutes out of range", VALID.replace("minutes: 5", "minutes: 500"),
                        "scenario.yaml:5: minutes: must be between 1 and 120, was 500."),
                Arguments.of("a size in the wrong unit", VALID.replace("size_at_least: 1Gi", "size_at_least: 1GB"),
                        "scenario.yaml:17: steps[0].check[0].size_at_least: expected a size such as 20Gi, 512Mi or 1Ti, found '1GB'."),
                Arguments.of("a step without a check", VALID.replace("    check:\n      - volume: web-data\n        size_at_least: 1Gi\n", ""),
                        "scenario.yaml:13: steps[0]: a step needs a 'check' (what must hold of the plugin's state), a 'question' with an 'answer', or both."),
                Arguments.of("a condition about two things", VALID.replace("size_at_least: 1Gi", "snapshot: web-snap"),
                        "scenario.yaml:16: steps[0].check[0]: a condition checks one thing; found volume and snapshot. Split it into two conditions."),
                Arguments.of("two steps with one id", VALID + "  - id: create\n    goal: Again.\n    check:\n      - volume: web-data\n",
                        "scenario.yaml:18: steps[1].id: step id 'create' is used twice; each step needs its own."),
                Arguments.of("a fault after a step that does not exist", VALID + "faults:\n  - after_step: publish\n    link_down: all\n",
                        "scenario.yaml:19: faults[0].after_step: there is no step 'publish'; steps are create."),
                Arguments.of("a how rule without an explanation",
                        VALID + "    how:\n      - forbid: {call: DeleteVolume}\n",
                        "scenario.yaml:19: steps[0].how[0].explain: 'explain' is missing: why the rule matters, in a sentence the trainee reads when it fails."),
                Arguments.of("a key given twice", VALID.replace("minutes: 5", "minutes: 5\nminutes: 6"),
                        "scenario.yaml:6: minutes: 'minutes' is given twice; keep one."),
                Arguments.of("a host in a site the seed does not have", VALID.replace("site: site-a}", "site: site-c}"),
                        "scenario.yaml:8: seed.hosts: host worker-01 is in site site-c, which is no array of the seed."),
                Arguments.of("an unknown gRPC code", VALID + "faults:\n  - at: start\n    error: {rpc: NodeStageVolume, code: BROKEN}\n",
                        "scenario.yaml:20: faults[0].error.code: 'BROKEN' is not a gRPC status code such as INTERNAL, UNAVAILABLE or DEADLINE_EXCEEDED."),
                Arguments.of("a seed file that does not exist", VALID.replace("seed:\n", "seed:\n  file: missing-seed.yaml\n"),
                        "scenario.yaml:8: seed.file: the seed file MISSING has problems (listed with its name)."));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("malformed")
    void aMalformedFileIsRejectedWithItsFileLineAndField(String what, String text, String expected) throws Exception {
        assertThat(problems(text.replace("MISSING", dir.resolve("missing-seed.yaml").toString()))).contains(
                expected.replace("MISSING", dir.resolve("missing-seed.yaml").toString()));
    }
}
