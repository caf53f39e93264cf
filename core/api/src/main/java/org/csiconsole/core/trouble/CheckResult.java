package org.csiconsole.core.trouble;

import java.util.Comparator;
import java.util.Objects;

/**
 * One check of a probe.
 *
 * @param id stable identifier, e.g. {@code identity.plugin-name} (reports of two runs are compared by it)
 * @param title what was checked, in words, e.g. "Plugin name is valid"
 * @param status the outcome
 * @param evidence what was seen that led to the outcome: values, counts, gRPC codes, paths
 * @param specSection where the rule comes from, e.g. "CSI v1.12 spec, GetPluginInfo"; empty for a rule
 *     of the console's own (latency thresholds)
 * @param remediation what to do about a WARN or FAIL, in words; empty for PASS and SKIPPED when there is nothing to do
 */
public record CheckResult(String id, String title, CheckStatus status, String evidence, String specSection,
                          String remediation) {
    /** Failures first, then warnings, passes and skipped checks; by id within one status. */
    public static final Comparator<CheckResult> WORST_FIRST =
            Comparator.comparing(CheckResult::status).thenComparing(CheckResult::id);

    public CheckResult {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(status, "status");
        title = title == null ? "" : title;
        evidence = evidence == null ? "" : evidence;
        specSection = specSection == null ? "" : specSection;
        remediation = remediation == null ? "" : remediation;
    }
}
