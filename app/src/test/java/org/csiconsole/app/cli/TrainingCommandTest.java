package org.csiconsole.app.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.csiconsole.app.audit.LazyAuditLog;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code csi-console training}: the library and validation, and a whole scenario (the unplanned
 * failover) served by {@code training start} and solved with the command line's own verbs, followed
 * by {@code check}, {@code answer}, {@code reset}, {@code result} and {@code compare}.
 */
class TrainingCommandTest {
    @TempDir
    Path dir;
    private StringWriter out = new StringWriter();
    private StringWriter err = new StringWriter();
    private LazyAuditLog audit;
    private Thread serving;

    private int run(String... args) {
        out = new StringWriter();
        err = new StringWriter();
        if (audit == null) audit = new LazyAuditLog(dir.resolve("data"));
        CommandLine cl = CsiConsoleCommand.commandLine(k -> null, audit);
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    @AfterEach
    void stop() throws Exception {
        if (serving != null) {
            serving.interrupt();
            serving.join(TimeUnit.SECONDS.toMillis(30));
        }
        if (audit != null) audit.close();
    }

    private String sock() {
        return "unix://" + dir.resolve("t.sock");
    }

    private String state() {
        return dir.resolve("state").toString();
    }

    /** Runs {@code training start} in the background and returns once it serves (its output says so). */
    private String startTraining(String name, String... more) throws Exception {
        CompletableFuture<String> ready = new CompletableFuture<>();
        StringBuilder seen = new StringBuilder();
        Writer watching = new Writer() {
            @Override
            public void write(char[] c, int off, int len) {
                synchronized (seen) {
                    seen.append(c, off, len);
                    if (seen.indexOf("Stop with SIGTERM") >= 0) ready.complete(seen.toString());
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        StringWriter startErr = new StringWriter();
        AtomicInteger code = new AtomicInteger(-1);
        LazyAuditLog startAudit = new LazyAuditLog(dir.resolve("start-data"));
        serving = new Thread(() -> {
            CommandLine cl = CsiConsoleCommand.commandLine(k -> null, startAudit);
            cl.setOut(new PrintWriter(watching, true));
            cl.setErr(new PrintWriter(startErr, true));
            List<String> args = new java.util.ArrayList<>(List.of("training", "start", name, "--endpoint", sock(), "--state-dir", state()));
            args.addAll(List.of(more));
            code.set(cl.execute(args.toArray(String[]::new)));
            ready.completeExceptionally(new AssertionError("training start ended with " + code.get() + ": " + startErr));
            startAudit.close();
        }, "training-start");
        serving.start();
        return ready.get(60, TimeUnit.SECONDS);
    }

    /** Stops the training {@link #startTraining} serves, as Ctrl-C does. */
    private void stopTraining() throws InterruptedException {
        serving.interrupt();
        serving.join(TimeUnit.SECONDS.toMillis(30));
        serving = null;
    }

    @Test
    void listShowsTheBundledScenariosAsATableAndAsJson() throws Exception {
        assertThat(run("training", "list")).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("planned-failover").contains("Planned failover of an application and failback")
                .contains("bundled");
        assertThat(run("training", "list", "--output", "json")).isEqualTo(ExitCodes.OK);
        JsonNode json = new ObjectMapper().readTree(out.toString());
        assertThat(json.path("scenarios")).hasSize(7);
        assertThat(json.path("scenarios").get(0).path("steps").get(0).path("goal").asText())
                .isEqualTo("Create a 10 GiB volume named web-data on site-a.");
        assertThat(json.path("problems")).isEmpty();
    }

    @Test
    void listAsJsonLocksTheGoalsOfEveryStepButTheFirstAsTheStepPaneDoes() throws Exception {
        assertThat(run("training", "list", "--output", "json")).isEqualTo(ExitCodes.OK);
        String text = out.toString();
        JsonNode splitBrain = null;
        for (JsonNode s : new ObjectMapper().readTree(text).path("scenarios")) {
            if (s.path("id").asText().equals("split-brain")) splitBrain = s;
        }
        assertThat(splitBrain).isNotNull();
        assertThat(splitBrain.path("summary").asText()).contains("decide from the evidence");
        assertThat(splitBrain.path("skills")).hasSize(3);
        JsonNode find = splitBrain.path("steps").get(0);
        assertThat(find.path("locked").asBoolean()).isFalse();
        assertThat(find.path("goal").asText()).startsWith("Find the pair in split brain");
        assertThat(find.path("question").asText()).contains("Which site's copy");
        JsonNode recover = splitBrain.path("steps").get(1);
        assertThat(recover.path("number").asInt()).isEqualTo(2);
        assertThat(recover.path("locked").asBoolean()).isTrue();
        assertThat(recover.path("goal").asText()).isEqualTo("Locked until step 1 passes.");
        assertThat(recover.has("check")).isFalse();
        assertThat(recover.has("how")).isFalse();
        // the second goal names the survivor, the first step's answer
        assertThat(text).doesNotContain("site-b primary, site-a secondary");
    }

    @Test
    void validateNamesEachProblemWithFileLineAndField() throws Exception {
        Path bad = dir.resolve("bad.yaml");
        Files.writeString(bad, "schema: csi-console/training/v1\nid: x\ntitle: X\nsummary: s\nminutes: 5\nskills: [a]\nseed: {}\n"
                + "steps:\n  - id: one\n    goal: Do it.\n    check:\n      - volume: web\n        size_at_least: lots\n");
        assertThat(run("training", "validate", bad.toString())).isEqualTo(ExitCodes.CALL_FAILED);
        assertThat(err.toString()).contains(bad + ":13: steps[0].check[0].size_at_least: expected a size such as 20Gi, 512Mi or 1Ti, "
                + "found 'lots'.").contains(bad + ":7: seed.arrays: a seed needs at least one array.").contains("1 of 1 file invalid.");
    }

    @Test
    void theUnplannedFailoverIsSolvedThroughTheCommandLine() throws Exception {
        String started = startTraining("unplanned-failover");
        assertThat(started).contains("Training unplanned-failover: Unplanned failover: site A is lost")
                .contains("1. Fence site-a's client network 10.10.3.0/24, then promote vg-erp-replica, vg-erp's partner on site-b.")
                .contains("2. Locked until step 1 passes.").doesNotContain("State the data-loss window");

        assertThat(run("training", "check", "--endpoint", sock(), "--state-dir", state())).isEqualTo(ExitCodes.CALL_FAILED);
        assertThat(out.toString()).contains("fence-and-promote").contains("pending").contains("0 of 2 steps passed.")
                .doesNotContain("State the data-loss window").doesNotContain("How many minutes");

        assertThat(run("fence", "--endpoint", sock(), "--cidr", "10.10.3.0/24", "--yes=10.10.3.0/24")).as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(run("volume-group", "list", "--endpoint", sock(), "--output", "json")).isEqualTo(ExitCodes.OK);
        String replica = null;
        for (JsonNode g : new ObjectMapper().readTree(out.toString())) {
            if (g.path("name").asText().equals("vg-erp-replica")) replica = g.path("volume_group_id").asText();
        }
        assertThat(replica).as(out.toString()).isNotBlank();
        // the scenario's site A is lost: it answers nothing, so the assessment says so and the forced promote is the
        // survivor's, with the data-loss window from the pair's last sync that site-b reports
        assertThat(run("replication", "promote", "--endpoint", sock(), "--group-id", replica, "--force", "--yes=" + replica))
                .as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(err.toString()).contains("does not answer").contains("after the last sync at").doesNotContain("is primary and reachable");
        assertThat(out.toString()).doesNotContain("split brain");

        assertThat(run("training", "check", "--endpoint", sock(), "--state-dir", state())).isEqualTo(ExitCodes.CALL_FAILED);
        assertThat(out.toString()).contains("1 of 2 steps passed.");
        assertThat(run("training", "hint", "data-loss", "--endpoint", sock(), "--state-dir", state())).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("The pair's last sync time is frozen");
        assertThat(run("training", "answer", "data-loss", "40", "--endpoint", sock(), "--state-dir", state()))
                .isEqualTo(ExitCodes.CALL_FAILED);
        assertThat(out.toString()).contains("40 is not the window");
        assertThat(run("training", "answer", "data-loss", "7 min", "--endpoint", sock(), "--state-dir", state())).isEqualTo(ExitCodes.OK);

        assertThat(run("training", "check", "--endpoint", sock(), "--state-dir", state(), "--output", "json")).isEqualTo(ExitCodes.OK);
        assertThat(new ObjectMapper().readTree(out.toString()).path("complete").asBoolean()).isTrue();

        Path ann = dir.resolve("ann");
        assertThat(run("training", "result", "--endpoint", sock(), "--state-dir", state(), "--trainee", "Ann", "--out", ann.toString()))
                .isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("2 of 2 steps passed").contains("1 hint, 0 resets");
        assertThat(Files.readString(ann.resolve("result.html"))).contains("Trainee <b>Ann</b>");

        assertThat(run("training", "reset", "--endpoint", sock(), "--state-dir", state())).as("no terminal, no --yes").isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("Reset the scenario to its seed: Every change made on the plugin of \u201cunplanned-failover\u201d "
                        + "since the start is discarded")
                .contains("the 2 of 2 steps passed so far").contains("The exported result keeps this attempt")
                .contains("counted from zero in the step pane and in training check")
                .contains("--yes=unplanned-failover").contains("nothing was done");
        assertThat(run("training", "check", "--endpoint", sock(), "--state-dir", state())).as("not reset").isEqualTo(ExitCodes.OK);
        assertThat(run("training", "reset", "--endpoint", sock(), "--state-dir", state(), "--yes=unplanned-failover")).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("0 of 2 steps passed. 1 reset so far.");
        Path bob = dir.resolve("bob");
        assertThat(run("training", "result", "--endpoint", sock(), "--state-dir", state(), "--trainee", "Bob", "--out", bob.toString()))
                .isEqualTo(ExitCodes.OK);

        assertThat(run("training", "compare", ann.resolve("result.json").toString(), bob.resolve("result.json").toString()))
                .isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("Ann").contains("Bob").contains("2/2").contains("0/2").contains("data-loss")
                .contains("Fastest complete: Ann.");
    }

    @Test
    void checkRefusesAnotherStateDirectoryAndSaysWhenNothingServes() throws Exception {
        assertThat(run("training", "check", "--endpoint", sock(), "--state-dir", state())).isEqualTo(ExitCodes.ENDPOINT);
        assertThat(err.toString()).contains("there is no socket at " + dir.resolve("t.sock"))
                .contains("Start a training there with csi-console training start NAME --endpoint " + sock());
        startTraining("provision-stage-publish");
        assertThat(run("training", "check", "--endpoint", sock(), "--state-dir", dir.resolve("other").toString()))
                .isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("The training at this endpoint keeps its state in " + dir.resolve("state").toAbsolutePath());
    }

    @Test
    void startOverARunNotExportedAsksForItsNameAndDiscardsNothingWithout() throws Exception {
        startTraining("provision-stage-publish");
        stopTraining();
        Path record = dir.resolve("state").resolve("training-run.json");
        String before = Files.readString(record);

        assertThat(run("training", "start", "planned-failover", "--endpoint", sock(), "--state-dir", state()))
                .as("no terminal, no --discard").isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("Start Planned failover of an application and failback: The run of "
                        + "\u201cprovision-stage-publish\u201d ends and its plugin's state is discarded, with the 0 of 5 steps passed so far")
                .contains("cancel and export it first").contains("--discard=provision-stage-publish").contains("nothing was done");
        assertThat(run("training", "start", "planned-failover", "--endpoint", sock(), "--state-dir", state(), "--discard=planned-failover"))
                .as("--discard names the run discarded").isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--discard=planned-failover does not name provision-stage-publish; nothing was done");
        assertThat(Files.readString(record)).as("the earlier run is kept").isEqualTo(before);

        assertThat(startTraining("planned-failover", "--discard=provision-stage-publish")).contains("Training planned-failover");
    }

    @Test
    void startOverARunWhoseResultWasSavedNeedsNoConsent() throws Exception {
        startTraining("provision-stage-publish");
        assertThat(run("training", "result", "--endpoint", sock(), "--state-dir", state(), "--out", dir.resolve("ann").toString()))
                .isEqualTo(ExitCodes.OK);
        stopTraining();
        assertThat(startTraining("planned-failover")).contains("Training planned-failover");
        stopTraining();
        assertThat(run("training", "start", "planned-failover", "--endpoint", sock(), "--state-dir", dir.resolve("new").toString(),
                "--discard=x")).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--discard applies only to a run not exported");
    }

    @Test
    void validateStopsAtAnotherSchemaVersionWithOneProblem() throws Exception {
        Path v2 = dir.resolve("v2.yaml");
        Files.writeString(v2, "schema: csi-console/training/v2\nid: x\nlevels: [1, 2]\n");
        assertThat(run("training", "validate", v2.toString())).isEqualTo(ExitCodes.CALL_FAILED);
        assertThat(err.toString().lines().toList()).containsExactly(v2 + ":1: schema: this file is of schema 'csi-console/training/v2'; "
                + "this console reads csi-console/training/v1 only. Write the file for csi-console/training/v1 (docs/training-schema.md), "
                + "or open it with a console that reads its version.", "1 of 1 file invalid.");
    }

    @Test
    void startRefusesAnUnknownScenarioByListingTheKnownOnes() {
        assertThat(run("training", "start", "nope", "--endpoint", sock(), "--state-dir", state())).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("There is no scenario nope. Scenarios: provision-stage-publish, snapshot-clone-group");
    }
}
