package org.csiconsole.views.troubleshoot;

import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.trouble.CheckResult;
import org.csiconsole.core.trouble.ProbeReport;
import org.csiconsole.core.trouble.RpcTiming;
import org.csiconsole.core.trouble.TroubleReport;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * Two reports side by side (before and after a driver upgrade, say): the driver and its version,
 * volume and snapshot counts, every capability, every check's status and every RPC's slowest
 * latency, one row each, marked when the two differ. What a report did not read (a driver that could
 * not be reached) reads {@code not read}, a check it did not run {@code not run}, an RPC it did not call
 * {@code not called}: never "no" or blank.
 */
public final class ReportComparison {
    /** What the comparison rows are about, in the order they are listed. */
    public enum Aspect { DRIVER, COUNT, CAPABILITY, CHECK, LATENCY }

    /**
     * One compared item.
     *
     * @param aspect what kind of item
     * @param item the item, e.g. {@code controller LIST_VOLUMES}, {@code list.volumes.paging}, {@code csi.v1.Controller/ListVolumes}
     * @param left its value in the first report
     * @param right its value in the second report
     */
    public record Row(Aspect aspect, String item, String left, String right) {
        /** True when the two reports disagree. */
        public boolean differs() {
            return !left.equals(right);
        }
    }

    private ReportComparison() {
    }

    /** The rows comparing {@code a} with {@code b}. */
    public static List<Row> rows(TroubleReport a, TroubleReport b) {
        List<Row> out = new ArrayList<>();
        ProbeReport pa = a.probe();
        ProbeReport pb = b.probe();
        out.add(new Row(Aspect.DRIVER, "endpoint", a.endpoint(), b.endpoint()));
        out.add(new Row(Aspect.DRIVER, "name", driver(pa, p -> p.plugin().name()), driver(pb, p -> p.plugin().name())));
        out.add(new Row(Aspect.DRIVER, "vendor_version", driver(pa, p -> p.plugin().vendorVersion()), driver(pb, p -> p.plugin().vendorVersion())));
        out.add(new Row(Aspect.DRIVER, "console version", a.consoleVersion(), b.consoleVersion()));
        out.add(new Row(Aspect.COUNT, "volumes listed", count(pa, true), count(pb, true)));
        out.add(new Row(Aspect.COUNT, "snapshots listed", count(pa, false), count(pb, false)));
        join(out, Aspect.CAPABILITY, capabilities(pa), capabilities(pb), capabilitiesRead(pa) ? "no" : notRead(pa),
                capabilitiesRead(pb) ? "no" : notRead(pb));
        join(out, Aspect.CHECK, checks(pa), checks(pb), "not run", "not run");
        join(out, Aspect.LATENCY, latencies(pa), latencies(pb), "not called", "not called");
        return out;
    }

    /**
     * A warning when the two reports are of different endpoints: their differences may be those of two drivers, not
     * of one driver over time; empty when they are of the same endpoint.
     */
    public static String warning(TroubleReport a, TroubleReport b) {
        if (a.endpoint().equals(b.endpoint())) return "";
        return "The two reports are of different endpoints (" + (a.endpoint().isEmpty() ? "none" : a.endpoint()) + " and "
                + (b.endpoint().isEmpty() ? "none" : b.endpoint()) + "): the differences may be those of two drivers, not of one "
                + "driver over time.";
    }

    /** What a value the report does not hold reads: {@code not read} when the probe did not get it, {@code no probe} without one. */
    private static String notRead(ProbeReport p) {
        return p == null ? "no probe" : "not read";
    }

    private static boolean capabilitiesRead(ProbeReport p) {
        return p != null && p.capabilities() != null;
    }

    private static void join(List<Row> out, Aspect aspect, Map<String, String> a, Map<String, String> b, String absentA, String absentB) {
        TreeSet<String> keys = new TreeSet<>(a.keySet());
        keys.addAll(b.keySet());
        for (String k : keys) out.add(new Row(aspect, k, a.getOrDefault(k, absentA), b.getOrDefault(k, absentB)));
    }

    private static String driver(ProbeReport p, Function<ProbeReport, String> f) {
        return p == null || p.plugin() == null ? notRead(p) : f.apply(p);
    }

    private static String count(ProbeReport p, boolean volumes) {
        if (p == null) return notRead(null);
        long n = volumes ? p.volumeCount() : p.snapshotCount();
        return n < 0 ? "not listed" : String.valueOf(n);
    }

    private static Map<String, String> capabilities(ProbeReport p) {
        Map<String, String> m = new TreeMap<>();
        if (p == null) return m;
        CapabilitySet c = p.capabilities();
        if (c != null) {
            c.plugin().forEach(x -> m.put("plugin " + x.name(), "yes"));
            c.controller().forEach(x -> m.put("controller " + x.name(), "yes"));
            c.node().forEach(x -> m.put("node " + x.name(), "yes"));
            c.groupController().forEach(x -> m.put("group controller " + x.name(), "yes"));
        }
        p.addonsCapabilities().forEach(x -> m.put("csi-addons " + x, "yes"));
        return m;
    }

    private static Map<String, String> checks(ProbeReport p) {
        Map<String, String> m = new LinkedHashMap<>();
        if (p != null) for (CheckResult c : p.checks()) m.put(c.id(), c.status().name());
        return m;
    }

    private static Map<String, String> latencies(ProbeReport p) {
        Map<String, String> m = new LinkedHashMap<>();
        if (p != null) for (RpcTiming t : p.timings()) m.put(t.method(), TroubleRows.ms(t.slowest()));
        return m;
    }
}
