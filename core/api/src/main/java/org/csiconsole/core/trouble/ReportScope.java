package org.csiconsole.core.trouble;

/**
 * The runs one report holds. A report is about one endpoint: that of the probe or the exercise that
 * started last; a run on another endpoint is left out, and {@link #leftOut()} says which and why.
 * Discovery is about the node, not an endpoint, and is always kept.
 *
 * @param endpoint the endpoint the report is about; empty when neither a probe nor an exercise ran
 * @param probe the probe kept, null when none ran or it ran on another endpoint
 * @param exercise the exercise kept, null when none ran or it ran on another endpoint
 * @param leftOut the run left out, in a sentence that names its endpoint and this report's; empty when none was
 */
public record ReportScope(String endpoint, ProbeReport probe, ExerciseResult exercise, String leftOut) {
    public ReportScope {
        endpoint = endpoint == null ? "" : endpoint;
        leftOut = leftOut == null ? "" : leftOut;
    }

    /**
     * The runs of one endpoint among the latest probe and exercise (either may be null). An exercise of a report
     * written before exercises named their endpoint (empty) is taken to be of the probe's.
     */
    public static ReportScope of(ProbeReport probe, ExerciseResult exercise) {
        if (probe == null || exercise == null || exercise.endpoint().isEmpty() || exercise.endpoint().equals(probe.endpoint())) {
            String e = probe != null ? probe.endpoint() : exercise != null ? exercise.endpoint() : "";
            return new ReportScope(e, probe, exercise, "");
        }
        if (exercise.started().isAfter(probe.started())) {
            return new ReportScope(exercise.endpoint(), null, exercise, "The probe of " + probe.endpoint() + " is left out: it ran on "
                    + "another endpoint than the exercise of " + exercise.endpoint() + ", the latest run, and a report is about one "
                    + "endpoint. Probe " + exercise.endpoint() + " to add its probe.");
        }
        return new ReportScope(probe.endpoint(), probe, null, "The exercise of " + exercise.endpoint() + " is left out: it ran on "
                + "another endpoint than the probe of " + probe.endpoint() + ", the latest run, and a report is about one endpoint. "
                + "Probe " + exercise.endpoint() + " again to report on the exercise.");
    }
}
