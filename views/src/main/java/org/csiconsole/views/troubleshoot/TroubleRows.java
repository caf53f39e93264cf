package org.csiconsole.views.troubleshoot;

import org.csiconsole.core.model.Words;
import org.csiconsole.core.trouble.CheckResult;
import org.csiconsole.core.trouble.CheckStatus;
import org.csiconsole.core.trouble.DiscoveredSocket;
import org.csiconsole.core.trouble.DiscoveryReport;
import org.csiconsole.core.trouble.ExerciseResult;
import org.csiconsole.core.trouble.ExerciseStep;
import org.csiconsole.core.trouble.ProbeReport;
import org.csiconsole.core.trouble.SocketState;
import org.csiconsole.core.trouble.StepOutcome;
import org.csiconsole.views.notify.Severity;
import org.csiconsole.views.table.DetailRow;
import org.csiconsole.views.theme.ConsoleStyles;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;

/** How the troubleshooting records read in tables and detail panes: texts, styles and detail rows. */
final class TroubleRows {
    private TroubleRows() {
    }

    static String searchText(CheckResult c) {
        return c.id() + " " + c.title() + " " + c.status() + " " + c.evidence();
    }

    /** What the Discover table's filter searches: the text of every column it shows ({@link TroubleshootPages#socketTable}). */
    static String searchText(DiscoveredSocket s) {
        return String.join(" ", s.path(), s.status().name(), s.state().name(), DiscoveryReport.condition(s, List.of()), s.problem(),
                s.nextStep(), s.role().name(), s.driverText(),
                versions(s), type(s), s.registeredBy(), process(s), s.addons());
    }

    /** A registration's type ({@code CSIPlugin}); empty for another socket. */
    static String type(DiscoveredSocket s) {
        return s.registration() == null ? "" : s.registration().type();
    }

    /** The first process holding the socket, {@code 4711 hostpathplugin}; empty when none is known. */
    static String process(DiscoveredSocket s) {
        return s.holders().isEmpty() ? "" : s.holders().get(0).pid() + " " + s.holders().get(0).command();
    }

    /** A driver's vendor_version, or the versions a registration supports ({@code 1.0.0, 2.0.0}). */
    static String versions(DiscoveredSocket s) {
        return s.registration() == null ? s.pluginVersion() : String.join(", ", s.registration().supportedVersions());
    }

    static String statusStyle(CheckStatus s) {
        return switch (s) {
            case FAIL -> ConsoleStyles.CELL_DANGER;
            case WARN -> ConsoleStyles.CELL_WARNING;
            case PASS -> ConsoleStyles.CELL_OK;
            case SKIPPED -> ConsoleStyles.CELL_MUTED;
        };
    }

    /**
     * A socket's state coloured by its status, not by the state alone: a registration that listens
     * but names a missing or stale endpoint is broken ({@link CheckStatus#FAIL}), not green.
     */
    static String stateStyle(DiscoveredSocket s) {
        return s.state() == SocketState.LISTENING && s.status() == CheckStatus.PASS ? ConsoleStyles.CELL_OK : statusStyle(s.status());
    }

    static String outcomeStyle(ExerciseStep s) {
        return switch (s.outcome()) {
            case OK -> ConsoleStyles.CELL_OK;
            case FAILED -> ConsoleStyles.CELL_DANGER;
            case CANCELLED -> ConsoleStyles.CELL_WARNING;
            case SKIPPED -> ConsoleStyles.CELL_MUTED;
        };
    }

    static List<DetailRow> details(CheckResult c) {
        List<DetailRow> rows = new ArrayList<>();
        rows.add(DetailRow.of("Status", c.status()));
        rows.add(DetailRow.id("Check", c.id()));
        rows.add(DetailRow.block("Evidence", c.evidence()));
        if (!c.specSection().isEmpty()) rows.add(DetailRow.of("From", c.specSection()));
        if (!c.remediation().isEmpty()) rows.add(DetailRow.block("What to do", c.remediation()));
        return rows;
    }

    /**
     * A socket's detail rows: status, problem and what to do first, then what it is ({@code condition},
     * {@link DiscoveryReport#condition}), role, owner, process, driver, registration and csi-addons.
     */
    static List<DetailRow> details(DiscoveredSocket s, String condition) {
        List<DetailRow> rows = new ArrayList<>();
        // the pane's title is the socket's path, with its copy button; what is wrong and what to do first: they are why a row is selected
        rows.add(DetailRow.of("Status", s.status()));
        // wrapped text in the pane, not boxes that scroll inside it: both read whole as the pane scrolls
        if (!s.problem().isEmpty()) rows.add(DetailRow.of("Problem", s.problem()));
        if (!s.nextStep().isEmpty()) rows.add(DetailRow.of("What to do", s.nextStep()));
        rows.add(DetailRow.of("Role", s.role()));
        rows.add(DetailRow.of("State", condition));
        rows.add(DetailRow.of("Owner", s.owner() + ":" + s.group() + " " + s.mode()));
        rows.add(DetailRow.of("Process", s.holders().stream().map(h -> "pid " + h.pid() + " " + h.command()).collect(Collectors.joining(", "))));
        if (!s.pluginName().isEmpty()) rows.add(DetailRow.of("Driver", (s.driverText() + " " + s.pluginVersion()).strip()));
        if (s.registration() != null) {
            rows.add(DetailRow.of("Registers", s.registration().type() + " " + s.registration().name() + " at "
                    + s.registration().endpoint() + ", versions " + s.registration().supportedVersions()));
        }
        if (!s.registeredBy().isEmpty()) rows.add(DetailRow.id("Registered by", s.registeredBy()));
        if (!s.addons().isEmpty()) rows.add(DetailRow.of("csi-addons", s.addons()));
        return rows;
    }

    /** The probe's summary, and for a driver that could not be reached why and what to do ({@link ProbeReport#diagnosis()}). */
    static String summary(ProbeReport r) {
        return r.summary() + (r.diagnosis().isEmpty() ? "" : ": " + r.diagnosis());
    }

    static String summary(ExerciseResult r) {
        String how = r.cancelled() ? "cancelled" : r.anyFailed() ? "a step failed" : "every step passed";
        return r.driver() + (r.endpoint().isEmpty() ? "" : " at " + r.endpoint()) + ", pool " + r.pool() + ": " + how + " in " + ms(r.took()) + "; "
                + (r.leftovers().isEmpty() ? "nothing was left on the storage" : "left on the storage: " + String.join("; ", r.leftovers()));
    }

    /** How a probe's outcome is notified: an error when the driver was unreachable or a check failed, a warning for a warning. */
    static Severity severity(ProbeReport r) {
        return !r.reachable() || r.anyFailed() ? Severity.ERROR : r.count(CheckStatus.WARN) > 0 ? Severity.WARNING : Severity.SUCCESS;
    }

    /** How an exercise's outcome is notified: an error when a step failed or something was left, a warning when cancelled. */
    static Severity severity(ExerciseResult r) {
        return failedOrLeft(r) ? Severity.ERROR : r.cancelled() ? Severity.WARNING : Severity.SUCCESS;
    }

    /** How a discovery's outcome is notified: a warning when it found a problem or its root directory is missing. */
    static Severity severity(DiscoveryReport r) {
        return r.worst() != CheckStatus.PASS || r.rootMissing() ? Severity.WARNING : Severity.SUCCESS;
    }

    static boolean failedOrLeft(ExerciseResult r) {
        return r.anyFailed() || !r.leftovers().isEmpty() || r.steps().stream().anyMatch(s -> s.outcome() == StepOutcome.FAILED);
    }

    static String ms(Duration d) {
        return Words.millis(d);
    }
}
