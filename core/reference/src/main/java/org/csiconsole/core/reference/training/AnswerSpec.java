package org.csiconsole.core.reference.training;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.csiconsole.core.reference.array.NodeMount;

/**
 * The expected answer to a step's question (docs/training-schema.md, "Questions"): one of some
 * texts, the staging path of a volume (read on the lifecycle view), or the data-loss window of a pair
 * whose site was lost, in minutes.
 *
 * @param oneOf accepted answers (trimmed, case ignored); empty unless that kind
 * @param stagingPathOf the volume whose staging path on the scenario's node is the answer, or null
 * @param dataLossOf the volume or group whose data-loss window is the answer, or null
 * @param toleranceMinutes how far a data-loss answer may be off
 */
record AnswerSpec(List<String> oneOf, String stagingPathOf, String dataLossOf, int toleranceMinutes) {
    static final List<String> KEYS = List.of("one_of", "staging_path_of", "data_loss_minutes_of", "tolerance_minutes");
    private static final Pattern MINUTES = Pattern.compile("(\\d+(?:[.,]\\d+)?)\\s*(m|min|mins|minutes?)?", Pattern.CASE_INSENSITIVE);

    static AnswerSpec read(Yaml.Value v) {
        Yaml.Fields f = v.fields(KEYS);
        int kinds = (f.get("one_of").isPresent() ? 1 : 0) + (f.get("staging_path_of").isPresent() ? 1 : 0)
                + (f.get("data_loss_minutes_of").isPresent() ? 1 : 0);
        if (kinds != 1) {
            v.problem("an answer is one of: one_of (accepted texts), staging_path_of (a volume) or data_loss_minutes_of "
                    + "(a volume or group whose site was lost).");
            return null;
        }
        Integer tol = f.integer("tolerance_minutes", 0, 60);
        return new AnswerSpec(f.strings("one_of"), f.get("staging_path_of").map(Yaml.Value::text).orElse(null),
                f.get("data_loss_minutes_of").map(Yaml.Value::text).orElse(null), tol == null ? 1 : tol);
    }

    /** Whether {@code text} is right; if not, why (without giving the answer away). */
    Condition.Verdict judge(String text, Facts f) {
        String given = text == null ? "" : text.trim();
        if (given.isEmpty()) return Condition.Verdict.no("The answer is empty.");
        if (!oneOf.isEmpty()) {
            boolean ok = oneOf.stream().anyMatch(a -> a.trim().equalsIgnoreCase(given));
            return ok ? Condition.Verdict.yes() : Condition.Verdict.no("'" + given + "' is not the answer; look again at the evidence.");
        }
        if (stagingPathOf != null) {
            Optional<String> path = f.volume(stagingPathOf).flatMap(v -> f.model().nodeRecords().of(v.id()).stream()
                    .filter(m -> m.staged() && m.nodeId().equals(f.plugin.nodeId())).map(NodeMount::path).findFirst());
            if (path.isEmpty()) return Condition.Verdict.no(stagingPathOf + " is not staged on " + f.plugin.nodeId() + ", so it has no staging path there yet.");
            return path.get().equals(strip(given)) ? Condition.Verdict.yes()
                    : Condition.Verdict.no("'" + given + "' is not the staging path of " + stagingPathOf + "; the lifecycle view shows it.");
        }
        Optional<Long> window = dataLossMs(f);
        if (window.isEmpty()) return Condition.Verdict.no("The site of " + dataLossOf + " is not lost yet, so there is no data-loss window to state.");
        Matcher m = MINUTES.matcher(given.toLowerCase(Locale.ROOT));
        if (!m.matches()) return Condition.Verdict.no("Give the window in minutes, e.g. 7 or 7 min.");
        double minutes = Double.parseDouble(m.group(1).replace(',', '.'));
        double actual = window.get() / 60_000.0;
        return Math.abs(minutes - actual) <= toleranceMinutes ? Condition.Verdict.yes()
                : Condition.Verdict.no(given + " is not the window; compare the pair's last sync time with when the site was lost.");
    }

    /** From the pair's last completed sync to the moment its site was lost. */
    Optional<Long> dataLossMs(Facts f) {
        return f.idOf(dataLossOf).flatMap(id -> f.model().replications().of(id)).flatMap(s -> {
            Long lost = f.siteLostAtMs.get(s.array());
            if (lost == null) lost = f.siteLostAtMs.get(s.peerArray());
            if (lost == null || s.lastSyncTimeMs() == 0) return Optional.empty();
            return Optional.of(Math.max(0, lost - s.lastSyncTimeMs()));
        });
    }

    private static String strip(String s) {
        return s.length() > 1 && s.endsWith("/") ? s.substring(0, s.length() - 1) : s;
    }

    /** The expectation in words, for a trainer. */
    String describe() {
        if (!oneOf.isEmpty()) return "answer: " + String.join(" or ", oneOf);
        if (stagingPathOf != null) return "answer: the staging path of " + stagingPathOf;
        return "answer: the data-loss window of " + dataLossOf + " in minutes (within " + toleranceMinutes + ")";
    }
}
