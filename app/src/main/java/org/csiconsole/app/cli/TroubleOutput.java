package org.csiconsole.app.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import org.csiconsole.core.trouble.CheckResult;
import org.csiconsole.core.trouble.CheckStatus;
import org.csiconsole.core.trouble.DiscoveredSocket;
import org.csiconsole.core.trouble.DiscoveryReport;
import org.csiconsole.core.trouble.ExerciseResult;
import org.csiconsole.core.trouble.ExerciseStep;
import org.csiconsole.core.trouble.OrphanReport;
import org.csiconsole.core.trouble.OrphanVolume;
import org.csiconsole.core.trouble.ProbeReport;
import org.csiconsole.core.model.ByteSize;
import org.csiconsole.core.model.Words;

import java.io.PrintWriter;
import java.time.Duration;
import java.util.List;
import java.util.stream.Collectors;

/** Prints discovery, probe, exercise and orphan results as a table or as JSON (the core records). */
final class TroubleOutput {
    private final PrintWriter out;
    private final OutputFormat format;

    TroubleOutput(PrintWriter out, OutputFormat format) {
        this.out = out;
        this.format = format;
    }

    /**
     * The sockets, one row each (a registration with its type, supported versions and endpoint; an
     * endpoint with the registration that names it), then what to do about each problem, then where
     * discovery looked (places absent on this node apart) and, when it found nothing, how to look
     * under another kubelet root.
     */
    void discovery(DiscoveryReport r) {
        if (json(r)) return;
        Table t = new Table("SOCKET", "ROLE", "STATE", "STATUS", "OWNER", "MODE", "PROCESS", "DRIVER", "VERSION", "TYPE", "REGISTERED-BY",
                "CSI-ADDONS", "PROBLEM");
        for (DiscoveredSocket s : r.sockets()) {
            String driver = s.driverText();
            String version = s.pluginVersion();
            String type = "";
            if (s.registration() != null) {
                driver += " -> " + s.registration().endpoint();
                version = String.join(",", s.registration().supportedVersions());
                type = s.registration().type();
            }
            t.row(s.path(), s.role(), r.condition(s), s.status(), s.owner().isEmpty() ? "" : s.owner() + ":" + s.group(), s.mode(),
                    s.holders().stream().map(h -> h.pid() + " " + h.command()).collect(Collectors.joining(", ")),
                    driver, version, type, s.registeredBy(), s.addons(), s.problem());
        }
        t.print(out);
        List<DiscoveredSocket> todo = r.sockets().stream().filter(s -> !s.nextStep().isEmpty()).toList();
        if (!todo.isEmpty()) {
            out.println();
            out.println("What to do:");
            for (DiscoveredSocket s : todo) out.println("  " + s.status() + " " + s.path() + ": " + s.nextStep());
        }
        out.println();
        out.println(r.summary() + " in " + ms(r.took()) + ", " + r.when() + ". " + r.whereLooked());
        if (r.sockets().isEmpty()) out.println(r.otherRoot());
        out.flush();
    }

    void probe(ProbeReport r) {
        if (json(r)) return;
        Table t = new Table("STATUS", "CHECK", "EVIDENCE");
        for (CheckResult c : r.worstFirst()) t.row(c.status(), c.id(), c.evidence());
        t.print(out);
        List<CheckResult> todo = r.worstFirst().stream().filter(c -> c.status() == CheckStatus.FAIL || c.status() == CheckStatus.WARN).toList();
        if (!todo.isEmpty()) {
            out.println();
            out.println("What to do:");
            for (CheckResult c : todo) {
                out.println("  " + c.status() + " " + c.id() + ": " + c.remediation() + (c.specSection().isEmpty() ? "" : " [" + c.specSection() + "]"));
            }
        }
        out.println();
        out.println((r.plugin() == null ? r.endpoint() : r.who() + " at " + r.endpoint()) + ": " + r.counts() + " in " + ms(r.took())
                + (r.reachable() ? "" : "; the driver could not be reached"));
        out.flush();
    }

    void exercise(ExerciseResult r) {
        if (json(r)) return;
        Table t = new Table("STEP", "TARGET", "OUTCOME", "TOOK", "DETAIL");
        for (ExerciseStep s : r.steps()) {
            t.row(s.step() + (s.cleanup() ? " (clean-up)" : ""), s.target(), s.outcome(), ms(s.took()), s.detail());
        }
        t.print(out);
        out.println();
        if (r.leftovers().isEmpty()) {
            out.println("Nothing was left on the storage.");
        } else {
            out.println("Left on the storage (remove by hand):");
            for (String l : r.leftovers()) out.println("  " + l);
        }
        out.println(r.driver() + (r.endpoint().isEmpty() ? "" : " at " + r.endpoint()) + ", pool " + r.pool() + ": "
                + (r.cancelled() ? "cancelled" : r.anyFailed() ? "a step failed" : "every step passed") + " in " + ms(r.took()));
        out.flush();
    }

    void orphans(OrphanReport r) {
        if (json(r)) return;
        Table t = new Table("SIDE", "VOLUME_ID", "NAME", "SIZE");
        for (OrphanVolume v : r.driverOnly()) t.row("driver only", v.volumeId(), v.name(), size(v.capacityBytes()));
        for (OrphanVolume v : r.listOnly()) t.row("list only", v.volumeId(), v.name(), size(v.capacityBytes()));
        t.print(out);
        out.println(r.matched() + " on both sides, " + r.driverOnly().size() + " only on " + r.driver() + ", "
                + r.listOnly().size() + " only in " + r.listSource());
        out.flush();
    }

    private static String size(long bytes) {
        return bytes < 0 ? "" : ByteSize.format(bytes);
    }

    static String ms(Duration d) {
        return Words.millis(d);
    }

    private boolean json(Object o) {
        if (format != OutputFormat.json) return false;
        try {
            out.println(CsiOutput.CsiJson.MAPPER.writeValueAsString(o));
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
        out.flush();
        return true;
    }
}
