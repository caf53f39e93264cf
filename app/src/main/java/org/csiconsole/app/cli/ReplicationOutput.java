package org.csiconsole.app.cli;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.replication.ItemResult;
import org.csiconsole.core.replication.PairState;
import org.csiconsole.core.replication.PlanItem;
import org.csiconsole.core.replication.PreflightCheck;
import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.RpoAge;
import org.csiconsole.core.replication.RpoThresholds;
import org.csiconsole.core.replication.SitePair;
import org.csiconsole.core.replication.WorkflowEvent;
import org.csiconsole.core.replication.WorkflowPlan;
import org.csiconsole.core.replication.WorkflowResult;
import org.csiconsole.core.replication.WorkflowStep;

import java.io.PrintWriter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Prints replication state, plans and results as tables or as JSON ({@code --output json}). JSON
 * shapes: {@code list} and {@code info} print an array of samples ({@code source}, {@code kind},
 * {@code site}, {@code role}, {@code health}, {@code statusMessage}, {@code lastSyncTime} (ISO-8601),
 * {@code lastSyncDurationMs}, {@code lastSyncBytes}, {@code rpoAgeSeconds}, {@code rpoLevel},
 * {@code stale}, {@code partner}, {@code destinationId}, {@code error}, {@code pairState}: {@code split-brain},
 * {@code resyncing}, {@code error}, {@code degraded}, {@code healthy} or {@code unknown}, {@link PairState}); with a
 * partner site, an array of pairs ({@code a}, {@code b}, {@code pairState}, {@code mismatch}, {@code meaning},
 * {@code nextStep}); a dry run prints {@code {"dryRun":true,"workflow":..,"assessment":{..},"steps":[..],"checks":[..]}}
 * (the assessment: {@code title}, {@code state}, {@code hazards}, {@code blocked}, {@code illegal}, {@code saferAlternative},
 * {@code consent}, {@code requiredYes}, {@code lines}); a run prints
 * {@code {"workflow":..,"outcome":..,"items":[{"source","kind","outcome","stepsDone","stateLeft","error"}],"checks":[..]}}.
 */
final class ReplicationOutput {
    private final PrintWriter out;
    private final OutputFormat format;

    ReplicationOutput(PrintWriter out, OutputFormat format) {
        this.out = out;
        this.format = format;
    }

    void samples(List<ReplicationSample> samples, RpoThresholds t, Instant now, java.time.Duration staleAfter) {
        samples(samples, t, now, staleAfter, Map.of());
    }

    /**
     * @param partners each sample's partner on the other site, by the sample's source id; a
     *                 secondary's RPO age is its primary's ({@link ReplicationSample#recoveryPoint})
     */
    void samples(List<ReplicationSample> samples, RpoThresholds t, Instant now, java.time.Duration staleAfter,
                 Map<String, ReplicationSample> partners) {
        Map<String, ReplicationSample> byId = new java.util.HashMap<>();
        for (ReplicationSample s : samples) byId.put(key(s.source().group(), s.source().id()), s);
        List<Map<String, Object>> rows = new ArrayList<>();
        for (ReplicationSample s : samples) {
            Map<String, Object> m = sample(s, t, now, staleAfter, partners.get(s.source().id()));
            m.put("pairState", PairState.of(s, partner(s, byId)).json());
            rows.add(m);
        }
        if (CsiOutput.json(out, format, rows)) return;
        Table table = new Table("SOURCE", "NAME", "KIND", "ROLE", "HEALTH", "PAIR_STATE", "RPO_AGE", "LAST_SYNC", "PARTNER", "DESTINATION",
                "STATUS", "ORIGIN");
        boolean secondaryUnknown = false;
        for (ReplicationSample s : samples) {
            RpoAge age = s.rpo(t, now, partners.get(s.source().id()));
            secondaryUnknown |= age.age() == null && s.role() == org.csiconsole.core.model.VolumeReplicationRole.SECONDARY;
            String status = s.lastError() == null ? s.statusMessage()
                    : org.csiconsole.core.replication.InventoryNote.notReplicated(s) ? "NOT REPLICATED: " + s.lastError().why()
                    : (org.csiconsole.core.replication.InventoryNote.notFound(s) ? "NOT FOUND at the driver ("
                    : s.readAt() == null ? "NOT READ YET (" : "STALE (") + s.lastError().kind() + "): " + s.lastError().why();
            table.row(s.source().id(), s.item().name(), s.source().kindWord(), lower(s.role()), s.health(),
                    PairState.of(s, partner(s, byId)).label(), rpoText(age),
                    s.lastSyncTime() == null ? "" : s.lastSyncTime(), s.item().partner(), s.destinationId(), status,
                    origin(s));
        }
        table.print(out);
        out.println(org.csiconsole.core.replication.InventoryNote.count(samples));
        if (!samples.isEmpty() && samples.stream().allMatch(s -> s.item().name().isEmpty())) {
            // the names csi-console volumes shows come from the console's record too: it holds none of these
            out.println("NAME is empty: the driver reports no names (CSI ListVolumes carries none) and the console's record holds none "
                    + "of these sources; volumes created with csi-console create-volume, or imported with csi-console inventory, are named.");
        }
        if (secondaryUnknown) {
            out.println("A secondary reports no last sync: its RPO age is its primary's; give --partner-endpoint to read it.");
        }
        out.flush();
    }

    /** Where the sample's source came from: the record's origin, else the driver's listing. */
    private static String origin(ReplicationSample s) {
        return s.item().origin().isEmpty() ? org.csiconsole.core.record.RecordOrigin.LISTED.words() : s.item().origin();
    }

    /** The partner of {@code s} among the same listing (an endpoint that serves both sites lists both); null when not there. */
    private static ReplicationSample partner(ReplicationSample s, Map<String, ReplicationSample> byId) {
        return s.destinationId().isEmpty() ? null : byId.get(key(s.source().group(), s.destinationId()));
    }

    private static String key(boolean group, String id) {
        return (group ? "g:" : "v:") + id;
    }

    void pairs(List<SitePair> pairs, RpoThresholds t, Instant now, java.time.Duration staleAfter) {
        List<Map<String, Object>> rows = new ArrayList<>();
        for (SitePair p : pairs) {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("a", p.a() == null ? null : sample(p.a(), t, now, staleAfter, p.b()));
            m.put("b", p.b() == null ? null : sample(p.b(), t, now, staleAfter, p.a()));
            m.put("pairState", PairState.of(p.a(), p.b()).json());
            m.put("mismatch", p.mismatch().name());
            m.put("meaning", p.mismatch().meaning());
            m.put("nextStep", p.mismatch().safeNextStep());
            rows.add(m);
        }
        if (CsiOutput.json(out, format, rows)) return;
        Table table = new Table("SITE_A", "ROLE_A", "SITE_B", "ROLE_B", "HEALTH", "PAIR_STATE", "RPO_AGE", "MISMATCH", "NEXT_STEP");
        for (SitePair p : pairs) {
            ReplicationSample any = p.a() != null ? p.a() : p.b();
            table.row(p.a() == null ? "-" : p.a().source().id(), p.a() == null ? "" : lower(p.a().role()),
                    p.b() == null ? "-" : p.b().source().id(), p.b() == null ? "" : lower(p.b().role()),
                    any.health(), PairState.of(p.a(), p.b()).label(), rpoText(any.rpo(t, now, any == p.a() ? p.b() : p.a())), p.mismatch(),
                    p.mismatch() == org.csiconsole.core.replication.PairMismatch.NONE
                            ? "" : p.mismatch().safeNextStep());
        }
        table.print(out);
    }

    /** An RPO age as the tables print it: {@code 4 min 57 s}, with its level when not OK. */
    private static String rpoText(RpoAge age) {
        return age.text() + (age.level() == org.csiconsole.core.replication.RpoLevel.OK || age.age() == null ? "" : " " + age.level());
    }

    private static Map<String, Object> sample(ReplicationSample s, RpoThresholds t, Instant now, java.time.Duration staleAfter,
                                              ReplicationSample partner) {
        RpoAge age = s.rpo(t, now, partner);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("source", s.source().id());
        m.put("kind", s.source().group() ? "volume_group" : "volume");
        m.put("name", s.item().name());
        m.put("origin", origin(s));
        m.put("site", s.site());
        m.put("role", lower(s.role()));
        m.put("health", s.health().name());
        m.put("statusMessage", s.statusMessage());
        m.put("lastSyncTime", s.lastSyncTime() == null ? null : s.lastSyncTime().toString());
        m.put("lastSyncDurationMs", s.info() == null || s.info().lastSyncDuration() == null ? null : s.info().lastSyncDuration().toMillis());
        m.put("lastSyncBytes", s.info() == null ? -1 : s.info().lastSyncBytes());
        m.put("rpoAgeSeconds", age.age() == null ? null : age.age().toSeconds());
        m.put("rpoLevel", age.level().name());
        m.put("schedulingIntervalSeconds", s.item().schedulingInterval() == null ? null : s.item().schedulingInterval().toSeconds());
        m.put("stale", s.stale(now, staleAfter));
        m.put("partner", s.item().partner());
        m.put("destinationId", s.destinationId());
        if (s.destination() != null && !s.destination().volumeIds().isEmpty()) m.put("destinationVolumeIds", s.destination().volumeIds());
        m.put("error", s.lastError() == null ? null : error(s.lastError()));
        return m;
    }

    void plan(WorkflowPlan plan) {
        plan(plan, Map.of());
    }

    /** A dry run's plan; {@code extra} joins the JSON object after {@code workflow} (the table prints it elsewhere). */
    void plan(WorkflowPlan plan, Map<String, Object> extra) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("dryRun", true);
        m.put("workflow", plan.kind().name());
        m.putAll(extra);
        List<Map<String, Object>> steps = new ArrayList<>();
        for (PlanItem i : plan.items()) {
            for (WorkflowStep s : i.steps()) {
                Map<String, Object> st = new LinkedHashMap<>();
                st.put("item", i.source().id());
                st.put("pair", plan.describe(i));
                st.put("step", s.index());
                st.put("site", s.site());
                st.put("rpc", s.rpc());
                st.put("polled", !s.action().mutating());
                st.put("request", s.request());
                st.put("force", s.force());
                st.put("description", s.description());
                steps.add(st);
            }
        }
        m.put("steps", steps);
        m.put("dataLossWindowSeconds", plan.items().stream().filter(i -> i.dataLossWindow() != null)
                .map(i -> Map.of("item", i.source().id(), "seconds", i.dataLossWindow().toSeconds())).toList());
        m.put("checks", checks(plan.checks()));
        if (CsiOutput.json(out, format, m)) return;
        out.println("Dry run of " + plan.kind().words().toLowerCase(Locale.ROOT) + ": nothing is sent. The calls, in order:");
        for (PlanItem i : plan.items()) {
            out.println(plan.describe(i) + ":");
            for (WorkflowStep s : i.steps()) out.println("  " + s.index() + ". " + s.callLine());
            if (i.dataLossWindow() != null) out.println("  Writes of the last " + RpoAge.words(i.dataLossWindow()) + " (since the last sync) can be lost.");
        }
        printChecks(plan.checks());
        out.flush();
    }

    void result(WorkflowResult r) {
        result(r, Map.of());
    }

    /** A run's result; {@code extra} joins the JSON object after {@code workflow} (the table prints it elsewhere). */
    void result(WorkflowResult r, Map<String, Object> extra) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("workflow", r.plan().kind().name());
        m.putAll(extra);
        m.put("outcome", r.outcome().name());
        List<Map<String, Object>> items = new ArrayList<>();
        for (ItemResult i : r.items()) {
            Map<String, Object> it = new LinkedHashMap<>();
            it.put("source", i.source().id());
            it.put("kind", i.source().group() ? "volume_group" : "volume");
            it.put("outcome", i.outcome().name());
            it.put("stepsDone", i.stepsDone());
            it.put("stateLeft", i.stateLeft());
            it.put("error", i.failure() == null ? null : error(i.failure()));
            items.add(it);
        }
        m.put("items", items);
        m.put("checks", checks(r.checks()));
        if (CsiOutput.json(out, format, m)) return;
        Table t = new Table("SOURCE", "OUTCOME", "STEPS", "RESULT");
        for (ItemResult i : r.items()) {
            t.row(i.source().id(), i.outcome(), i.stepsDone() + "/" + i.item().steps().size(),
                    i.failure() == null ? i.stateLeft() : i.failure().getMessage() + " What to do: " + i.failure().whatToDo()
                            + " State: " + i.stateLeft());
        }
        t.print(out);
        out.println(r.plan().kind().words() + ": " + r.succeeded().size() + " succeeded, " + r.unfinished().size() + " not finished.");
        if (r.items().stream().anyMatch(i -> i.outcome() == org.csiconsole.core.replication.RunOutcome.REFUSED)) printChecks(r.checks());
        out.flush();
    }

    /**
     * Both sides of each pair of a split-brain recovery, side by side (the figures the wizard shows
     * before the survivor is chosen): each item's {@code knownA} is the survivor's sample, {@code knownB}
     * the other side's. Table output prints them now, with a note where the side to be demoted has the
     * later {@code last_sync_time}; the rows are returned for the JSON object ({@code name},
     * {@code survivor} and {@code demoted} as samples, {@code laterSync}: survivor, demoted, equal or unknown).
     */
    List<Map<String, Object>> sides(List<org.csiconsole.core.replication.WorkflowItem> items, String keepSite, String otherSite,
                                    RpoThresholds t, Instant now) {
        List<Map<String, Object>> rows = new ArrayList<>();
        Table table = new Table("SURVIVOR (" + keepSite + ")", "ROLE", "HEALTH", "LAST_SYNC",
                "DEMOTED+RESYNCED (" + otherSite + ")", "ROLE", "HEALTH", "LAST_SYNC", "NAME");
        List<String> notes = new ArrayList<>();
        java.time.Duration staleAfter = org.csiconsole.core.replication.SamplerSettings.DEFAULT.staleAfter();
        for (var i : items) {
            ReplicationSample k = i.knownA();
            ReplicationSample d = i.knownB();
            String later = later(k, d);
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", i.displayName());
            m.put("survivor", k == null ? null : sample(k, t, now, staleAfter, d));
            m.put("demoted", d == null ? null : sample(d, t, now, staleAfter, k));
            m.put("laterSync", later);
            rows.add(m);
            table.row(i.source().id(), k == null ? "" : lower(k.role()), k == null ? "" : k.health(), lastSync(k, t, now),
                    i.partner() == null ? "" : i.partner().id(), d == null ? "" : lower(d.role()), d == null ? "" : d.health(), lastSync(d, t, now),
                    i.name());
            String textK = status(k);
            String textD = status(d);
            if (!textK.isEmpty() && textK.equals(textD)) {
                notes.add(k.source().id() + " on " + keepSite + " and " + d.source().id() + " on " + otherSite + ": " + textK);
            } else {
                if (!textK.isEmpty()) notes.add(k.source().id() + " on " + keepSite + ": " + textK);
                if (!textD.isEmpty()) notes.add(d.source().id() + " on " + otherSite + ": " + textD);
            }
            if (later.equals("demoted")) {
                notes.add("Note: " + i.partner().id() + " on " + otherSite + " has the later last sync; what it wrote since the split is "
                        + "discarded. Choose --survivor=" + otherSite + " to keep it instead.");
            }
        }
        if (format == OutputFormat.json) return rows;
        out.println("Both sides now: " + keepSite + " keeps its data; " + otherSite + " is demoted and resynced from it.");
        table.print(out);
        notes.forEach(n -> out.println("  " + n));
        out.println();
        out.flush();
        return rows;
    }

    private static String later(ReplicationSample keep, ReplicationSample demoted) {
        Instant k = keep == null ? null : keep.lastSyncTime();
        Instant d = demoted == null ? null : demoted.lastSyncTime();
        if (k == null || d == null) return k != null ? "survivor" : d != null ? "demoted" : "unknown";
        int c = k.compareTo(d);
        return c > 0 ? "survivor" : c < 0 ? "demoted" : "equal";
    }

    private static String status(ReplicationSample s) {
        if (s == null) return "";
        return s.lastError() != null ? "not read (" + s.lastError().kind() + "): " + s.lastError().why() : s.statusMessage();
    }

    private static String lastSync(ReplicationSample s, RpoThresholds t, Instant now) {
        if (s == null || s.lastSyncTime() == null) return "unknown";
        return s.lastSyncTime() + " (" + s.rpo(t, now).text() + " ago)";
    }

    /** A progress line on stderr for table output. */
    private static void progress(PrintWriter err, WorkflowEvent e) {
        switch (e.type()) {
            case STEP_STARTED, STEP_PROGRESS, STEP_SUCCEEDED, STEP_FAILED, ITEM_STOPPED, REFUSED -> {
                err.println("[" + e.type().name().toLowerCase(Locale.ROOT).replace('_', ' ') + "] "
                        + (e.source() == null ? "" : e.source().id() + " ") + (e.step() > 0 ? "step " + e.step() + ": " : "") + e.message());
                err.flush();
            }
            default -> {
            }
        }
    }

    /**
     * The progress lines of a run on stderr ({@link #progress}), a polled step's progress (a resync's percent as the driver
     * reports it, else its elapsed time and that the driver reports no progress; a wait's last sync or health) included:
     * each step's first poll, then a poll whose percent changed, or {@link #PROGRESS_EVERY} after the last line of that
     * step, so a long resync shows it is alive without a line per poll. Thread-safe: items run concurrently.
     */
    static final class ProgressLines implements java.util.function.Consumer<WorkflowEvent> {
        private final PrintWriter err;
        private final Map<String, WorkflowEvent> lastShown = new java.util.HashMap<>();

        ProgressLines(PrintWriter err) {
            this.err = err;
        }

        @Override
        public synchronized void accept(WorkflowEvent e) {
            if (e.type() == WorkflowEvent.Type.STEP_PROGRESS) {
                String key = (e.source() == null ? "" : e.source().toString()) + "#" + e.step();
                WorkflowEvent last = lastShown.get(key);
                boolean show = last == null || last.percent() != e.percent()
                        || java.time.Duration.between(last.time(), e.time()).compareTo(PROGRESS_EVERY) >= 0;
                if (!show) return;
                lastShown.put(key, e);
            }
            progress(err, e);
        }
    }

    /** How often a polled step without a change of percent prints a progress line. */
    static final java.time.Duration PROGRESS_EVERY = java.time.Duration.ofSeconds(15);

    private void printChecks(List<PreflightCheck> checks) {
        if (checks.isEmpty()) return;
        out.println("Checks:");
        for (PreflightCheck c : checks) {
            out.println("  " + c.level() + "  " + c.name() + (c.source() == null ? "" : " (" + c.source().id() + ")") + ": " + c.message());
        }
    }

    private static List<Map<String, Object>> checks(List<PreflightCheck> checks) {
        return checks.stream().map(c -> {
            Map<String, Object> m = new LinkedHashMap<>();
            m.put("name", c.name());
            m.put("level", c.level().name());
            m.put("message", c.message());
            m.put("source", c.source() == null ? null : c.source().id());
            return m;
        }).toList();
    }

    private static Map<String, Object> error(CallFailure f) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("kind", f.kind().name());
        m.put("exitCode", ExitCodes.forThrowable(f));
        m.put("message", f.getMessage());
        m.put("why", f.why());
        m.put("whatToDo", f.whatToDo());
        return m;
    }

    private static String lower(Enum<?> e) {
        return e.name().toLowerCase(Locale.ROOT);
    }
}
