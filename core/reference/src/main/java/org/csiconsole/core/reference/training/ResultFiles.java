package org.csiconsole.core.reference.training;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.csiconsole.core.model.Words;
import org.csiconsole.core.training.ResultFormat;
import org.csiconsole.core.training.Scenario;
import org.csiconsole.core.training.StepFailure;
import org.csiconsole.core.training.StepProgress;
import org.csiconsole.core.training.StepState;
import org.csiconsole.core.training.TrainingAttempt;
import org.csiconsole.core.training.TrainingProgress;
import org.csiconsole.core.training.TrainingResult;

/**
 * Training progress and results as JSON (format {@value #FORMAT}, docs/training-schema.md "Result files": times
 * ISO-8601 UTC, durations in milliseconds; {@value #FORMAT_V1} files are still read) and a result as a one-page HTML
 * summary with inline styles.
 */
public final class ResultFiles {
    /** The value of a result file's {@code format} field. */
    public static final String FORMAT = "csi-console/training-result/v2";
    /** The first format: the last attempt only, without the attempts before its resets. */
    static final String FORMAT_V1 = "csi-console/training-result/v1";

    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private ResultFiles() {
    }

    /** {@code result} as JSON text. */
    public static String json(TrainingResult result) {
        ObjectNode o = JSON.createObjectNode();
        o.put("format", FORMAT);
        o.put("scenario", result.scenarioId());
        o.put("title", result.title());
        o.put("trainee", result.trainee());
        o.put("started_at", result.startedAt().toString());
        o.put("finished_at", result.finishedAt().toString());
        o.put("complete", result.complete());
        o.put("total_ms", result.totalTime().toMillis());
        o.put("hints_used", result.hintsUsed());
        o.put("resets", result.resets());
        ArrayNode resetsAt = o.putArray("reset_at");
        result.resetTimes().forEach(t -> resetsAt.add(t.toString()));
        o.set("failures", failures(result.failures()));
        o.set("steps", steps(result.steps()));
        ArrayNode attempts = o.putArray("attempts");
        for (TrainingAttempt t : result.attempts()) {
            ObjectNode a = attempts.addObject();
            a.put("started_at", t.startedAt().toString());
            a.put("ended_at", t.endedAt().toString());
            a.put("hints_used", t.hintsUsed());
            a.set("failures", failures(t.failures()));
            a.set("steps", steps(t.steps()));
        }
        return write(o);
    }

    private static ArrayNode failures(List<StepFailure> failures) {
        ArrayNode a = JSON.createArrayNode();
        for (StepFailure f : failures) {
            a.addObject().put("step", f.stepId()).put("state", StepState.FAILED_HOW.name()).put("rule", f.rule()).put("at", f.at().toString());
        }
        return a;
    }

    /** {@code progress} as JSON text (what {@code training check --output json} prints). */
    public static String json(TrainingProgress progress) {
        ObjectNode o = JSON.createObjectNode();
        o.put("scenario", progress.scenarioId());
        o.put("started_at", progress.startedAt().toString());
        o.put("at", progress.at().toString());
        o.put("complete", progress.complete());
        o.put("resets", progress.resets());
        o.set("steps", steps(progress.steps()));
        return write(o);
    }

    private static ArrayNode steps(List<StepProgress> steps) {
        ArrayNode a = JSON.createArrayNode();
        for (StepProgress s : steps) {
            ObjectNode n = a.addObject();
            n.put("id", s.stepId());
            n.put("state", s.state().name());
            n.put("current", s.current());
            n.put("explanation", s.explanation());
            n.put("opened_at", s.openedAt() == null ? null : s.openedAt().toString());
            n.put("passed_at", s.passedAt() == null ? null : s.passedAt().toString());
            n.put("time_ms", s.timeTaken().toMillis());
            n.put("hints_used", s.hintsUsed());
            ArrayNode h = n.putArray("hints_shown");
            s.hintsShown().forEach(h::add);
        }
        return a;
    }

    private static String write(ObjectNode o) {
        try {
            return JSON.writeValueAsString(o) + "\n";
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Reads progress JSON written by {@link #json(TrainingProgress)}. */
    public static TrainingProgress progress(String text) throws IOException {
        JsonNode o = JSON.readTree(text);
        return new TrainingProgress(o.path("scenario").asText(), Instant.parse(o.path("started_at").asText()),
                Instant.parse(o.path("at").asText()), readSteps(o.path("steps")), o.path("resets").asInt());
    }

    /**
     * Reads a result file written as {@link ResultFormat#JSON}.
     *
     * @throws IllegalArgumentException naming the file when it is not such a result
     * @throws UncheckedIOException when it cannot be read
     */
    public static TrainingResult read(Path file) {
        String text;
        try {
            text = Files.readString(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot read " + file + ": " + e.getMessage(), e);
        }
        try {
            return result(text);
        } catch (IOException | RuntimeException e) {
            throw new IllegalArgumentException(file + " is not a training result written by csi-console (format " + FORMAT + "): "
                    + e.getMessage(), e);
        }
    }

    /** Reads result JSON written by {@link #json(TrainingResult)}, or in the first format ({@value #FORMAT_V1}: one attempt). */
    public static TrainingResult result(String text) throws IOException {
        JsonNode o = JSON.readTree(text);
        String format = o.path("format").asText();
        if (!FORMAT.equals(format) && !FORMAT_V1.equals(format)) {
            throw new IOException("its format is '" + format + "'");
        }
        Instant finished = Instant.parse(o.path("finished_at").asText());
        List<TrainingAttempt> attempts = new ArrayList<>();
        if (FORMAT_V1.equals(format)) {
            attempts.add(new TrainingAttempt(Instant.parse(o.path("started_at").asText()), finished, readSteps(o.path("steps")), List.of()));
        }
        for (JsonNode a : o.path("attempts")) {
            List<StepFailure> failures = new ArrayList<>();
            for (JsonNode f : a.path("failures")) {
                failures.add(new StepFailure(f.path("step").asText(), f.path("rule").asText(), Instant.parse(f.path("at").asText())));
            }
            attempts.add(new TrainingAttempt(Instant.parse(a.path("started_at").asText()), Instant.parse(a.path("ended_at").asText()),
                    readSteps(a.path("steps")), failures));
        }
        return new TrainingResult(o.path("scenario").asText(), o.path("title").asText(), o.path("trainee").asText(), finished, attempts);
    }

    private static List<StepProgress> readSteps(JsonNode a) {
        List<StepProgress> out = new ArrayList<>();
        for (JsonNode n : a) {
            List<String> hints = new ArrayList<>();
            n.path("hints_shown").forEach(h -> hints.add(h.asText()));
            out.add(new StepProgress(n.path("id").asText(), StepState.valueOf(n.path("state").asText()), n.path("current").asBoolean(),
                    n.path("explanation").asText(), instant(n.path("opened_at")), instant(n.path("passed_at")),
                    Duration.ofMillis(n.path("time_ms").asLong()), hints));
        }
        return out;
    }

    private static Instant instant(JsonNode n) {
        return n.isNull() || n.isMissingNode() ? null : Instant.parse(n.asText());
    }

    /** {@code result} as a self-contained one-page HTML summary; {@code scenario} gives the steps' goals. */
    public static String html(TrainingResult result, Scenario scenario) {
        StringBuilder b = new StringBuilder();
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>Training result: ")
                .append(esc(result.title())).append("</title>\n<style>")
                .append("body{font-family:sans-serif;max-width:52em;margin:2em auto;color:#222}")
                .append("table{border-collapse:collapse;width:100%}td,th{border-bottom:1px solid #ccc;padding:.4em;text-align:left;vertical-align:top}")
                .append(".PASSED{color:#17692b;font-weight:bold}.PENDING{color:#7a5b00;font-weight:bold}.FAILED_HOW{color:#a4161a;font-weight:bold}")
                .append(".muted{color:#666;font-size:.9em}</style></head><body>\n");
        b.append("<h1>").append(esc(result.title())).append("</h1>\n");
        b.append("<p>").append(result.trainee().isEmpty() ? "" : "Trainee <b>" + esc(result.trainee()) + "</b> &middot; ")
                .append("scenario <code>").append(esc(result.scenarioId())).append("</code> &middot; ")
                .append(result.passed()).append(" of ").append(result.steps().size()).append(" steps passed &middot; ")
                .append(minutes(result.totalTime())).append(" &middot; ").append(Words.count(result.hintsUsed(), "hint")).append(" &middot; ")
                .append(Words.count(result.resets(), "reset")).append("</p>\n");
        b.append("<p class=\"muted\">Started ").append(esc(seconds(result.startedAt()))).append(", ")
                .append(result.complete() ? "finished " : "taken ").append(esc(seconds(result.finishedAt()))).append(" (UTC).</p>\n");
        b.append("<table><tr><th>#</th><th>Step</th><th>State</th><th>Time</th><th>Hints</th></tr>\n");
        int i = 1;
        for (StepProgress s : result.steps()) {
            String goal = scenario == null ? s.stepId() : scenario.step(s.stepId()).map(st -> st.goal()).orElse(s.stepId());
            b.append("<tr><td>").append(i++).append("</td><td>").append(esc(goal));
            if (!s.explanation().isEmpty() && s.state() != StepState.PASSED) {
                b.append("<div class=\"muted\">").append(esc(s.explanation())).append("</div>");
            }
            b.append("</td><td class=\"").append(s.state().name()).append("\">").append(word(s.state())).append("</td><td>")
                    .append(s.openedAt() == null ? "" : minutes(s.timeTaken())).append("</td><td>").append(s.hintsUsed()).append("</td></tr>\n");
        }
        b.append("</table>\n");
        if (result.resets() > 0 || !result.failures().isEmpty()) {
            b.append("<h2>History</h2>\n<table><tr><th>Attempt</th><th>From</th><th>To</th><th>Hints</th><th>Failed (how)</th></tr>\n");
            int n = 1;
            for (TrainingAttempt t : result.attempts()) {
                b.append("<tr><td>").append(n++).append("</td><td>").append(esc(seconds(t.startedAt()))).append("</td><td>")
                        .append(esc(seconds(t.endedAt()))).append(n <= result.attempts().size() ? " (reset)" : "").append("</td><td>")
                        .append(t.hintsUsed()).append("</td><td>");
                if (t.failures().isEmpty()) b.append("none");
                for (StepFailure f : t.failures()) {
                    b.append("<div><span class=\"FAILED_HOW\">").append(esc(f.stepId())).append("</span> at ").append(esc(seconds(f.at())))
                            .append(": ").append(esc(f.rule())).append("</div>");
                }
                b.append("</td></tr>\n");
            }
            b.append("</table>\n");
        }
        b.append("<p class=\"muted\">Written by csi-console training.</p>\n</body></html>\n");
        return b.toString();
    }

    /** {@code at} to the second, as ISO-8601 in UTC: {@code 2026-12-06T17:08:51Z}. */
    private static String seconds(Instant at) {
        return at.truncatedTo(ChronoUnit.SECONDS).toString();
    }

    /**
     * Writes {@code result} to {@code file} in {@code format}, creating parent folders.
     *
     * @throws UncheckedIOException naming the file when it cannot be written
     */
    public static Path write(TrainingResult result, Scenario scenario, ResultFormat format, Path file) {
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
            Files.writeString(file, format == ResultFormat.JSON ? json(result) : html(result, scenario), StandardCharsets.UTF_8);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write the result to " + file + ": " + e.getMessage()
                    + ". Choose a folder you can write to.", e);
        }
    }

    static String word(StepState s) {
        return switch (s) {
            case PASSED -> "passed";
            case PENDING -> "pending";
            case FAILED_HOW -> "failed (how)";
        };
    }

    static String minutes(Duration d) {
        long s = d.toSeconds();
        return s < 60 ? s + " s" : (s / 60) + " min " + (s % 60) + " s";
    }

    private static String esc(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace("\"", "&quot;");
    }
}
