package org.csiconsole.core.trouble;

import org.csiconsole.core.call.TraceEntry;

import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * A troubleshooting report: what a support engineer hands over, written as one JSON file and one
 * self-contained HTML page. Every text in it is redacted by the call trace's rules (secret fields of
 * the protos, known secret values scrubbed from free text).
 *
 * @param format the report format, {@value #FORMAT}
 * @param consoleVersion the console's version
 * @param created when the report was made
 * @param environment where it was made: host name, OS, architecture, Java version, user (no
 *     environment variables, which may hold secrets)
 * @param endpoint the CSI endpoint probed
 * @param discovery what discovery found on the node, null when it was not run
 * @param probe the probe's check list and findings, null when it was not run
 * @param exercise the exercise, null when it was not run
 * @param trace every call the report's run made, redacted, oldest first
 * @param driverLog an attached driver log, null when none was given
 */
public record TroubleReport(String format, String consoleVersion, Instant created, Map<String, String> environment,
                            String endpoint, DiscoveryReport discovery, ProbeReport probe, ExerciseResult exercise,
                            List<TraceEntry> trace, AttachedLog driverLog) {
    /** The format written by this version. */
    public static final String FORMAT = "csi-console-report/1";

    public TroubleReport {
        format = format == null ? FORMAT : format;
        consoleVersion = consoleVersion == null ? "" : consoleVersion;
        Objects.requireNonNull(created, "created");
        environment = environment == null ? Map.of() : Map.copyOf(environment);
        endpoint = endpoint == null ? "" : endpoint;
        trace = trace == null ? List.of() : List.copyOf(trace);
    }

    /**
     * The worst finding about the driver the report is about: its probe checks, its exercise (a
     * failed step or something left on the storage is a {@link CheckStatus#FAIL}) and the sockets
     * discovery found for its endpoint ({@link DiscoveryReport#about(String)}); other sockets of the
     * node and a missing kubelet root directory are not the driver's. {@link CheckStatus#PASS} when
     * nothing warned or failed. {@code csi-console report} exits 1 when this is a FAIL.
     */
    public CheckStatus driverWorst() {
        CheckStatus w = CheckStatus.PASS;
        if (probe != null) w = worse(w, probe.anyFailed() ? CheckStatus.FAIL : probe.count(CheckStatus.WARN) > 0 ? CheckStatus.WARN : w);
        if (exercise != null && (exercise.anyFailed() || !exercise.leftovers().isEmpty())) w = CheckStatus.FAIL;
        if (discovery != null) {
            for (DiscoveredSocket s : discovery.about(endpoint)) w = worse(w, s.status());
        }
        return w;
    }

    /**
     * The worst finding anywhere in the report: {@link #driverWorst()}, every socket discovery found,
     * and a discovery whose kubelet root directory is missing ({@link DiscoveryReport#rootMissing()})
     * or that looked at nothing (a {@link CheckStatus#FAIL}: it says nothing of the node). {@code
     * csi-console report --fail-on LEVEL} exits 1 when this is at {@code LEVEL} or worse, as
     * {@code discover --fail-on} does.
     */
    public CheckStatus worst() {
        CheckStatus w = driverWorst();
        if (discovery != null) {
            w = worse(w, discovery.worst());
            if (discovery.rootMissing() || discovery.lookedAtNothing()) w = CheckStatus.FAIL;
        }
        return w;
    }

    private static CheckStatus worse(CheckStatus a, CheckStatus b) {
        CheckStatus x = a == CheckStatus.SKIPPED ? CheckStatus.PASS : a;
        CheckStatus y = b == CheckStatus.SKIPPED ? CheckStatus.PASS : b;
        return x.compareTo(y) <= 0 ? x : y;
    }

    /**
     * The report in one line, as the CLI, the GUI and the HTML page print it: the probe's
     * {@link ProbeReport#summary()}, then discovery's {@link DiscoveryReport#summary()}, then the
     * exercise's outcome, e.g. {@code "csi.example.com 1.2: 0 failed, 1 warning, 30 passed, 2 skipped;
     * discovery: 3 sockets: 1 problem; exercise passed"}.
     */
    public String summary() {
        List<String> parts = new java.util.ArrayList<>();
        if (probe != null) parts.add(probe.summary());
        if (discovery != null) parts.add("discovery: " + discovery.summary());
        if (exercise != null) {
            parts.add("exercise " + (exercise.cancelled() ? "cancelled" : exercise.anyFailed() ? "failed" : "passed")
                    + (exercise.leftovers().isEmpty() ? "" : ", " + org.csiconsole.core.model.Words.count(exercise.leftovers().size(),
                    "thing") + " left on the storage"));
        }
        return parts.isEmpty() ? "nothing was run" : String.join("; ", parts);
    }

    /** How much sooner than the probe or the exercise a discovery may have ended and still be told as current. */
    public static final Duration DISCOVERY_STALE_AFTER = Duration.ofMinutes(1);

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    /**
     * When each section ran, in one sentence as the GUI and the HTML page print it, e.g.
     * {@code "Discovery ran 2026-12-06 13:01:02 UTC; the probe 2026-12-06 13:20:00 UTC."}; when the
     * discovery ended more than {@link #DISCOVERY_STALE_AFTER} before the probe (or the exercise)
     * began, a second sentence says that its sockets are as they were then. Empty when nothing ran.
     */
    public String whenRan() {
        List<String> parts = new java.util.ArrayList<>();
        if (discovery != null) parts.add("discovery ran " + TIME.format(discovery.started()));
        if (probe != null) parts.add("the probe " + (parts.isEmpty() ? "ran " : "") + TIME.format(probe.started()));
        if (exercise != null) parts.add("the exercise " + (parts.isEmpty() ? "ran " : "") + TIME.format(exercise.started()));
        if (parts.isEmpty()) return "";
        String s = String.join("; ", parts);
        s = Character.toUpperCase(s.charAt(0)) + s.substring(1) + ".";
        Instant later = probe != null ? probe.started() : exercise != null ? exercise.started() : null;
        if (discovery != null && later != null && discovery.started().plus(discovery.took()).plus(DISCOVERY_STALE_AFTER).isBefore(later)) {
            s += " The discovery is older than the " + (probe != null ? "probe" : "exercise") + ": the sockets it lists are as they were "
                    + "then, and may have changed since; discover again before saving for a current view.";
        }
        return s;
    }

    /**
     * A log file attached to a report.
     *
     * @param name the file's name as given
     * @param text its text (the last {@code bytes} of it when it was longer), with known secret values masked
     * @param bytes the size of the attached text in bytes
     * @param truncated true when only the end of the file was attached
     */
    public record AttachedLog(String name, String text, long bytes, boolean truncated) {
        public AttachedLog {
            name = name == null ? "" : name;
            text = text == null ? "" : text;
        }
    }
}
