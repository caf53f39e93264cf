package org.csiconsole.core.trouble;

import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.Words;

import java.time.Duration;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

/**
 * Renders a {@link TroubleReport} as one self-contained HTML page: inline CSS, no script, no image,
 * no link to anything outside the page, and a Content-Security-Policy that forbids loading any. Each
 * section is a {@code <details>} element (it collapses without script); sections and checks with a
 * failure or a warning come first and start open. Every text from the report is HTML-escaped.
 */
public final class ReportHtml {
    /** Longest request or response text shown per trace entry (the JSON holds all of it). */
    static final int MAX_TRACE_TEXT = 4_000;

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    private static final String CSS = """
            body{font:14px/1.45 system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;padding:24px 32px;color:#1f2328;background:#fff}
            h1{font-size:22px;margin:0 0 4px}h2{display:inline;font-size:17px;margin:0}
            .sub{color:#59636e;margin-bottom:16px}
            details{border:1px solid #d1d9e0;border-radius:6px;margin:10px 0;padding:0 12px}
            details>summary{cursor:pointer;padding:8px 0;list-style-position:outside}
            details[open]>summary{border-bottom:1px solid #d1d9e0;margin-bottom:8px}
            details details{margin:6px 0}
            table{border-collapse:collapse;width:100%;margin:6px 0 12px}
            th,td{text-align:left;vertical-align:top;padding:4px 8px;border-bottom:1px solid #eaeef2}
            th{background:#f6f8fa;font-weight:600}
            pre{white-space:pre-wrap;word-break:break-all;background:#f6f8fa;padding:8px;border-radius:4px;margin:4px 0;font-size:12px}
            .badge{display:inline-block;min-width:64px;text-align:center;border-radius:10px;padding:0 8px;font-size:12px;font-weight:600}
            .FAIL,.FAILED{background:#ffebe9;color:#a40e26;border:1px solid #ff8182}
            .WARN,.CANCELLED{background:#fff8c5;color:#7d4e00;border:1px solid #d4a72c}
            .PASS,.OK{background:#dafbe1;color:#116329;border:1px solid #4ac26b}
            .SKIPPED,.NONE{background:#f6f8fa;color:#59636e;border:1px solid #d1d9e0}
            .muted{color:#59636e}.k{color:#59636e;width:220px}
            .summary span{margin-right:12px}
            """;

    private ReportHtml() {
    }

    /** The page. */
    public static String render(TroubleReport r) {
        StringBuilder b = new StringBuilder(64 * 1024);
        ProbeReport p = r.probe();
        String driver = p != null && p.plugin() != null ? p.plugin().name() + " " + p.plugin().vendorVersion() : "";
        b.append("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n")
                .append("<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>CSI Console report: ").append(escape(driver.isEmpty() ? r.endpoint() : driver)).append("</title>\n")
                .append("<style>").append(CSS).append("</style></head><body>\n");
        b.append("<h1>CSI Console report</h1>\n<div class=\"sub\">").append(escape(r.endpoint()))
                .append(driver.isEmpty() ? "" : " · " + escape(driver)).append(" · ").append(escape(TIME.format(r.created())))
                .append(" · console ").append(escape(r.consoleVersion())).append("</div>\n");
        summary(b, r);
        boolean exerciseBad = r.exercise() != null && (r.exercise().anyFailed() || !r.exercise().leftovers().isEmpty());
        if (exerciseBad) exercise(b, r.exercise());
        if (p != null) checks(b, p);
        if (r.exercise() != null && !exerciseBad) exercise(b, r.exercise());
        if (p != null) driver(b, p);
        if (r.discovery() != null) discovery(b, r.discovery());
        if (p != null && !p.timings().isEmpty()) latency(b, p);
        trace(b, r.trace());
        environment(b, r);
        if (r.driverLog() != null) log(b, r.driverLog());
        b.append("</body></html>\n");
        return b.toString();
    }

    private static void summary(StringBuilder b, TroubleReport r) {
        b.append("<div class=\"summary\">");
        if (r.probe() != null) {
            for (CheckStatus s : CheckStatus.values()) {
                long n = r.probe().count(s);
                b.append("<span><span class=\"badge ").append(n == 0 ? "NONE" : s.name()).append("\">").append(n).append(' ').append(s)
                        .append("</span></span>");
            }
            if (!r.probe().reachable()) b.append("<span><strong>The driver could not be reached.</strong></span>");
        }
        if (r.discovery() != null) {
            long problems = r.discovery().count(CheckStatus.FAIL);
            long warnings = r.discovery().count(CheckStatus.WARN);
            if (problems > 0) b.append("<span><span class=\"badge FAIL\">").append(problems).append(" SOCKET FAIL</span></span>");
            if (warnings > 0) b.append("<span><span class=\"badge WARN\">").append(warnings).append(" SOCKET WARN</span></span>");
        }
        if (r.exercise() != null && !r.exercise().leftovers().isEmpty()) {
            b.append("<span><span class=\"badge FAIL\">").append(r.exercise().leftovers().size()).append(" LEFT OVER</span></span>");
        }
        b.append("</div>\n<p id=\"verdict\">").append(escape(r.summary())).append("</p>\n");
        if (!r.whenRan().isEmpty()) b.append("<p id=\"when\">").append(escape(r.whenRan())).append("</p>\n");
    }

    private static void checks(StringBuilder b, ProbeReport p) {
        boolean bad = p.count(CheckStatus.FAIL) + p.count(CheckStatus.WARN) > 0;
        section(b, "checks", "Checks (" + p.checks().size() + ", failures first)", bad);
        for (CheckResult c : p.worstFirst()) {
            boolean open = c.status() == CheckStatus.FAIL || c.status() == CheckStatus.WARN;
            b.append("<details class=\"check\" id=\"check-").append(escape(c.id())).append('"').append(open ? " open" : "").append(">")
                    .append("<summary><span class=\"badge ").append(c.status()).append("\">").append(c.status()).append("</span> ")
                    .append(escape(c.title())).append(" <span class=\"muted\">").append(escape(c.id())).append("</span></summary>\n<table>");
            row(b, "Evidence", c.evidence());
            if (!c.specSection().isEmpty()) row(b, "From", c.specSection());
            if (!c.remediation().isEmpty()) row(b, "What to do", c.remediation());
            b.append("</table></details>\n");
        }
        b.append("</details>\n");
    }

    private static void exercise(StringBuilder b, ExerciseResult x) {
        boolean bad = x.anyFailed() || !x.leftovers().isEmpty();
        section(b, "exercise", "Exercise: " + x.driver() + (x.endpoint().isEmpty() ? "" : " at " + x.endpoint()) + ", pool " + x.pool()
                + (x.cancelled() ? " (cancelled)" : "")
                + ", " + ms(x.took()), bad);
        if (!x.leftovers().isEmpty()) {
            b.append("<p><strong>Left on the storage:</strong></p><ul>");
            for (String l : x.leftovers()) b.append("<li>").append(escape(l)).append("</li>");
            b.append("</ul>");
        }
        b.append("<table><tr><th>Step</th><th>Target</th><th>Outcome</th><th>Took</th><th>Detail</th></tr>\n");
        for (ExerciseStep s : x.steps()) {
            b.append("<tr><td>").append(escape(s.step())).append(s.cleanup() ? " <span class=\"muted\">(clean-up)</span>" : "")
                    .append("</td><td>").append(escape(s.target())).append("</td><td><span class=\"badge ").append(s.outcome()).append("\">")
                    .append(s.outcome()).append("</span></td><td>").append(ms(s.took())).append("</td><td>").append(escape(s.detail()))
                    .append("</td></tr>\n");
        }
        b.append("</table></details>\n");
    }

    private static void driver(StringBuilder b, ProbeReport p) {
        section(b, "driver", "Driver, capabilities and node", false);
        b.append("<table>");
        row(b, "Endpoint", p.endpoint());
        if (!p.nodeEndpoint().isEmpty()) row(b, "Node endpoint", p.nodeEndpoint());
        if (p.plugin() != null) {
            row(b, "Name", p.plugin().name());
            row(b, "vendor_version", p.plugin().vendorVersion());
            p.plugin().manifest().entrySet().stream().sorted(Map.Entry.comparingByKey())
                    .forEach(e -> row(b, "manifest." + e.getKey(), e.getValue()));
        }
        CapabilitySet c = p.capabilities();
        if (c != null) {
            row(b, "Plugin capabilities", names(c.plugin()));
            row(b, "Controller capabilities", names(c.controller()));
            row(b, "Node capabilities", c.nodeService() ? names(c.node()) : "no node service");
            row(b, "Group controller capabilities", names(c.groupController()));
        }
        if (p.nodeInfo() != null) {
            row(b, "node_id", p.nodeInfo().nodeId());
            row(b, "max_volumes_per_node", p.nodeInfo().maxVolumesPerNode() == 0 ? "0 (no limit reported)"
                    : String.valueOf(p.nodeInfo().maxVolumesPerNode()));
            row(b, "accessible_topology", p.nodeInfo().accessibleTopology() == null ? "not reported"
                    : p.nodeInfo().accessibleTopology().segments().toString());
        }
        row(b, "Volumes listed", p.volumeCount() < 0 ? "not listed" : String.valueOf(p.volumeCount()));
        row(b, "Snapshots listed", p.snapshotCount() < 0 ? "not listed" : String.valueOf(p.snapshotCount()));
        row(b, "csi-addons", p.addonsEndpoint().isEmpty() ? "none answered" : p.addonsEndpoint() + ": " + p.addonsCapabilities());
        p.facts().entrySet().stream().sorted(Map.Entry.comparingByKey()).forEach(e -> row(b, e.getKey(), e.getValue()));
        row(b, "Probe took", ms(p.took()));
        b.append("</table></details>\n");
    }

    private static void discovery(StringBuilder b, DiscoveryReport d) {
        boolean bad = d.worst() != CheckStatus.PASS;
        section(b, "discovery", "Sockets on the node (" + d.summary() + " under " + d.rootDir() + ")", bad);
        b.append("<table><tr><th>Socket</th><th>Status</th><th>Role</th><th>State</th><th>Owner</th><th>Mode</th><th>Process</th><th>Driver</th>"
                + "<th>Registered by</th><th>csi-addons</th><th>Problem</th><th>What to do</th></tr>\n");
        for (DiscoveredSocket s : d.sockets()) {
            String driver = s.pluginName() + (s.pluginVersion().isEmpty() ? "" : " " + s.pluginVersion());
            if (s.registration() != null) {
                driver += " → " + s.registration().endpoint() + " (" + s.registration().type() + " " + s.registration().supportedVersions() + ")";
            }
            b.append("<tr><td>").append(escape(s.path())).append("</td><td><span class=\"badge ").append(s.status()).append("\">")
                    .append(s.status()).append("</span></td><td>").append(s.role()).append("</td><td>").append(s.state()).append("</td><td>")
                    .append(escape(s.owner() + ":" + s.group())).append("</td><td>").append(escape(s.mode())).append("</td><td>")
                    .append(escape(String.join(", ", s.holders().stream().map(h -> h.pid() + " " + h.command()).toList())))
                    .append("</td><td>").append(escape(driver)).append("</td><td>").append(escape(s.registeredBy())).append("</td><td>")
                    .append(escape(s.addons())).append("</td><td>").append(escape(s.problem())).append("</td><td>")
                    .append(escape(s.nextStep())).append("</td></tr>\n");
        }
        b.append("</table><p class=\"muted\">").append(escape(d.whereLooked()));
        if (d.sockets().isEmpty()) b.append(' ').append(escape(d.otherRoot()));
        b.append("</p></details>\n");
    }

    private static void latency(StringBuilder b, ProbeReport p) {
        boolean bad = p.timings().stream().anyMatch(t -> t.slow() || t.deadlineExceeded() > 0);
        section(b, "latency", "Latency per RPC", bad);
        b.append("<table><tr><th>RPC</th><th>Calls</th><th>Slowest</th><th>Mean</th><th>Threshold</th><th>Past the deadline</th></tr>\n");
        for (RpcTiming t : p.timings()) {
            b.append("<tr><td>").append(escape(t.method())).append("</td><td>").append(t.calls()).append("</td><td>")
                    .append(t.slow() ? "<span class=\"badge WARN\">" + ms(t.slowest()) + "</span>" : ms(t.slowest())).append("</td><td>")
                    .append(ms(t.calls() == 0 ? Duration.ZERO : t.total().dividedBy(t.calls()))).append("</td><td>")
                    .append(ms(t.threshold())).append("</td><td>").append(t.deadlineExceeded()).append("</td></tr>\n");
        }
        b.append("</table></details>\n");
    }

    private static void trace(StringBuilder b, List<TraceEntry> trace) {
        boolean bad = trace.stream().anyMatch(e -> !e.ok() && !e.notServed());
        section(b, "trace", "Call trace (" + Words.count(trace.size(), "call") + ", secrets redacted)", false);
        if (bad) b.append("<p class=\"muted\">Calls that failed are marked.</p>");
        for (TraceEntry e : trace) {
            String status = e.ok() ? "OK" : e.notServed() ? "SKIPPED" : "FAIL";
            b.append("<details><summary><span class=\"badge ").append(status).append("\">").append(escape(e.status())).append("</span> ")
                    .append(escape(e.method())).append(" <span class=\"muted\">").append(ms(e.duration())).append(" · ")
                    .append(escape(e.endpoint())).append(e.attempt() > 1 ? " · attempt " + e.attempt() : "").append("</span></summary>\n")
                    .append("<pre>").append(escape(cut(e.request().json()))).append("</pre>");
            if (!e.response().isEmpty()) b.append("<pre>").append(escape(cut(e.response().json()))).append("</pre>");
            b.append("</details>\n");
        }
        b.append("</details>\n");
    }

    private static void environment(StringBuilder b, TroubleReport r) {
        section(b, "environment", "Environment", false);
        b.append("<table>");
        row(b, "Console version", r.consoleVersion());
        row(b, "Report format", r.format());
        r.environment().forEach((k, v) -> row(b, k, v));
        b.append("</table></details>\n");
    }

    private static void log(StringBuilder b, TroubleReport.AttachedLog log) {
        section(b, "driver-log", "Driver log: " + log.name() + (log.truncated() ? " (its end)" : "") + ", " + Words.count(log.bytes(), "byte"), false);
        b.append("<pre>").append(escape(log.text())).append("</pre></details>\n");
    }

    private static void section(StringBuilder b, String id, String title, boolean open) {
        b.append("<details class=\"section\" id=\"").append(id).append('"').append(open ? " open" : "").append("><summary><h2>")
                .append(escape(title)).append("</h2></summary>\n");
    }

    private static void row(StringBuilder b, String k, String v) {
        b.append("<tr><td class=\"k\">").append(escape(k)).append("</td><td>").append(escape(v)).append("</td></tr>\n");
    }

    private static String names(Collection<? extends Enum<?>> s) {
        return s.isEmpty() ? "none" : String.join(", ", new TreeSet<>(s.stream().map(Enum::name).toList()));
    }

    private static String cut(String s) {
        return s.length() <= MAX_TRACE_TEXT ? s : s.substring(0, MAX_TRACE_TEXT) + "\n… (" + (s.length() - MAX_TRACE_TEXT)
                + " more characters in report.json)";
    }

    private static String ms(Duration d) {
        return Words.millis(d);
    }

    /** {@code s} with {@code & < > " '} as character references. */
    public static String escape(String s) {
        if (s == null) return "";
        StringBuilder b = new StringBuilder(s.length() + 16);
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&' -> b.append("&amp;");
                case '<' -> b.append("&lt;");
                case '>' -> b.append("&gt;");
                case '"' -> b.append("&quot;");
                case '\'' -> b.append("&#39;");
                default -> b.append(c);
            }
        }
        return b.toString();
    }
}
