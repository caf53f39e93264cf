package org.csiconsole.core.trouble;

import csi.v1.ControllerGrpc;
import csi.v1.Csi;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.csi.CsiMapping;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.Topology;
import org.csiconsole.core.model.Words;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import java.util.function.Function;

import static org.csiconsole.core.trouble.Checks.LIST_SNAPSHOTS;
import static org.csiconsole.core.trouble.Checks.LIST_VOLUMES;
import static org.csiconsole.core.trouble.Checks.fail;
import static org.csiconsole.core.trouble.Checks.pass;
import static org.csiconsole.core.trouble.Checks.skipped;
import static org.csiconsole.core.trouble.Checks.warn;

/**
 * ListVolumes and ListSnapshots, each read in full twice with the probe's {@code max_entries}, and
 * once more with {@code max_entries} 1: the paging ends (every next_token is new, the last is empty),
 * no id repeats, no page holds more than {@code max_entries}, and both reads count the same. The
 * first ListVolumes read also gathers volume conditions, published node ids and topologies, and the
 * first read of each listing keeps what it listed for the report (a failed read keeps nothing).
 */
final class ListingChecks {
    private ListingChecks() {
    }

    /** One full read of a listing. */
    static final class FullRead {
        final Set<String> ids = new HashSet<>();
        final Set<String> duplicates = new LinkedHashSet<>();
        int pages;
        int entries;
        int largestPage;
        boolean ended;
        String problem = "";
        CallFailure failure;
    }

    static void volumes(ProbeRun r) throws InterruptedException {
        String p = "list.volumes";
        if (!has(r, ControllerCapability.LIST_VOLUMES)) {
            skipAll(r, p, "volumes", "LIST_VOLUMES is not advertised", LIST_VOLUMES, true);
            return;
        }
        r.stage("Listing volumes (two full reads)");
        List<String> abnormal = new ArrayList<>();
        Consumer<Csi.ListVolumesResponse> gather = resp -> {
            for (Csi.ListVolumesResponse.Entry e : resp.getEntriesList()) {
                Csi.ListVolumesResponse.VolumeStatus st = e.getStatus();
                if (!e.getVolume().getVolumeId().isEmpty()) {
                    r.volumes.putIfAbsent(e.getVolume().getVolumeId(), CsiMapping.volume(e.getVolume(), st.getPublishedNodeIdsList(),
                            st.hasVolumeCondition() ? st.getVolumeCondition() : null));
                }
                if (e.getStatus().hasVolumeCondition() && e.getStatus().getVolumeCondition().getAbnormal()) {
                    abnormal.add(e.getVolume().getVolumeId() + " (" + e.getStatus().getVolumeCondition().getMessage() + ")");
                }
                for (String n : e.getStatus().getPublishedNodeIdsList()) r.publishedNodes.merge(n, 1, Integer::sum);
                for (Csi.Topology t : e.getVolume().getAccessibleTopologyList()) r.volumeTopologies.add(new Topology(t.getSegmentsMap()));
            }
        };
        Function<Csi.ListVolumesResponse, List<String>> ids = resp -> resp.getEntriesList().stream()
                .map(e -> e.getVolume().getVolumeId()).toList();
        Fetch<Csi.ListVolumesResponse> fetch = (max, token) -> r.calls.call(r.controller, ControllerGrpc.getListVolumesMethod(),
                Csi.ListVolumesRequest.newBuilder().setMaxEntries(max).setStartingToken(token).build(), CallKind.LIST);
        FullRead first = read(r, fetch, ids, Csi.ListVolumesResponse::getNextToken, gather);
        if (first.failure == null) r.volumeCount = first.entries;
        else r.volumes.clear();
        judge(r, p, "volumes", LIST_VOLUMES, first, fetch, ids, Csi.ListVolumesResponse::getNextToken);
        String title = "No volume is reported abnormal";
        if (first.failure != null) {
            r.add(skipped(p + ".conditions", title, "ListVolumes failed", LIST_VOLUMES));
        } else if (!has(r, ControllerCapability.VOLUME_CONDITION)) {
            r.add(skipped(p + ".conditions", title, "VOLUME_CONDITION is not advertised, so ListVolumes reports no condition", LIST_VOLUMES));
        } else if (first.entries == 0) {
            r.add(skipped(p + ".conditions", title, "the driver lists no volume, so there is no condition to judge", LIST_VOLUMES));
        } else if (abnormal.isEmpty()) {
            r.add(pass(p + ".conditions", title, "all " + first.entries + " volumes normal", LIST_VOLUMES));
        } else {
            r.add(warn(p + ".conditions", title, abnormal.size() + " of " + first.entries + " volumes abnormal: "
                            + Checks.some(abnormal, 10), LIST_VOLUMES,
                    "Look at these volumes on the storage: the message is what the driver sees. Pods using them may get I/O "
                            + "errors; the kubelet and external-health-monitor report the same condition as events"));
        }
    }

    static void snapshots(ProbeRun r) throws InterruptedException {
        String p = "list.snapshots";
        if (!has(r, ControllerCapability.LIST_SNAPSHOTS)) {
            skipAll(r, p, "snapshots", "LIST_SNAPSHOTS is not advertised", LIST_SNAPSHOTS, false);
            return;
        }
        r.stage("Listing snapshots (two full reads)");
        Function<Csi.ListSnapshotsResponse, List<String>> ids = resp -> resp.getEntriesList().stream()
                .map(e -> e.getSnapshot().getSnapshotId()).toList();
        Fetch<Csi.ListSnapshotsResponse> fetch = (max, token) -> r.calls.call(r.controller, ControllerGrpc.getListSnapshotsMethod(),
                Csi.ListSnapshotsRequest.newBuilder().setMaxEntries(max).setStartingToken(token).build(), CallKind.LIST);
        Consumer<Csi.ListSnapshotsResponse> gather = resp -> {
            for (Csi.ListSnapshotsResponse.Entry e : resp.getEntriesList()) {
                String id = e.getSnapshot().getSnapshotId();
                if (!id.isEmpty()) r.snapshots.putIfAbsent(id, CsiMapping.snapshot(e.getSnapshot(), ""));
            }
        };
        FullRead first = read(r, fetch, ids, Csi.ListSnapshotsResponse::getNextToken, gather);
        if (first.failure == null) r.snapshotCount = first.entries;
        else r.snapshots.clear();
        judge(r, p, "snapshots", LIST_SNAPSHOTS, first, fetch, ids, Csi.ListSnapshotsResponse::getNextToken);
    }

    @FunctionalInterface
    interface Fetch<R> {
        R page(int maxEntries, String startingToken) throws InterruptedException;
    }

    private static <R> void judge(ProbeRun r, String p, String what, String spec, FullRead first, Fetch<R> fetch,
                                  Function<R, List<String>> ids, Function<R, String> next) throws InterruptedException {
        if (first.failure != null) {
            CallFailure f = first.failure;
            boolean unimplemented = f.kind() == FailureKind.UNSUPPORTED;
            boolean badToken = f.kind() == FailureKind.BUSY && first.pages > 0;
            r.add(fail(p + ".paging", "Paging of " + what + " ends", (first.pages > 0 ? "page " + (first.pages + 1) + ": " : "")
                            + f.getMessage() + " [" + f.detail() + "]", spec,
                    unimplemented ? "The capability is advertised but the call is not served; report it to the driver's vendor"
                            : badToken ? "The driver refused the next_token it returned itself (ABORTED); report the paging bug to its vendor"
                            : "FullRead the driver's logs for why the listing failed"));
            for (String[] c : new String[][] {{".unique-ids", "No " + what + " id repeats"},
                    {".max-entries", "Pages honour max_entries"}, {".stable-count", "Two reads count the same " + what}}) {
                r.add(skipped(p + c[0], c[1], "the listing failed", spec));
            }
            return;
        }
        int pageSize = r.options.pageSize();
        if (first.ended) {
            r.add(pass(p + ".paging", "Paging of " + what + " ends", first.entries + " " + what + " in " + Words.count(first.pages, "page")
                    + " of at most " + pageSize + "; the last next_token is empty", spec));
        } else {
            r.add(fail(p + ".paging", "Paging of " + what + " ends", first.problem, spec,
                    "A CO following these tokens never finishes (the external-provisioner and the kubelet's volume health "
                            + "loops hang or time out). Report the paging bug to the driver's vendor; a larger page may avoid it"));
        }
        if (first.duplicates.isEmpty()) {
            r.add(pass(p + ".unique-ids", "No " + what + " id repeats", first.ids.size() + " distinct ids", spec));
        } else {
            r.add(fail(p + ".unique-ids", "No " + what + " id repeats", Words.count(first.duplicates.size(), "id") + " listed more than once: "
                            + Checks.some(first.duplicates, 10), spec,
                    "Ids must be unique; repeats usually mean the driver's pages overlap (an offset token while the list "
                            + "changes). Report it to the vendor; tools that count or reconcile " + what + " get them wrong"));
        }
        maxEntries(r, p, what, spec, first, fetch, ids, next);
        if (!first.ended) {
            r.add(skipped(p + ".stable-count", "Two reads count the same " + what, "the first read did not end", spec));
            return;
        }
        FullRead second = read(r, fetch, ids, next, x -> { });
        if (second.failure != null || !second.ended) {
            r.add(fail(p + ".stable-count", "Two reads count the same " + what, "the second read failed: "
                            + (second.failure != null ? second.failure.getMessage() : second.problem), spec,
                    "The same listing answered once and failed the next time; read the driver's logs"));
        } else if (second.ids.equals(first.ids) && second.entries == first.entries) {
            r.add(pass(p + ".stable-count", "Two reads count the same " + what, first.entries + " both times", spec));
        } else {
            Set<String> added = new HashSet<>(second.ids);
            added.removeAll(first.ids);
            Set<String> gone = new HashSet<>(first.ids);
            gone.removeAll(second.ids);
            r.add(warn(p + ".stable-count", "Two reads count the same " + what, "first read " + first.entries + ", second "
                            + second.entries + " (" + added.size() + " new, " + gone.size() + " gone"
                            + (added.isEmpty() && gone.isEmpty() ? ", the same ids counted differently" : "") + ")", spec,
                    "If nothing created or deleted " + what + " in between, the driver's listing is unstable (pages that skip "
                            + "or repeat entries while the list changes); probe again on a quiet system and report it to the vendor"));
        }
    }

    private static <R> void maxEntries(ProbeRun r, String p, String what, String spec, FullRead first, Fetch<R> fetch,
                                       Function<R, List<String>> ids, Function<R, String> next) throws InterruptedException {
        String title = "Pages honour max_entries";
        int pageSize = r.options.pageSize();
        List<String> broken = new ArrayList<>();
        if (first.largestPage > pageSize) {
            broken.add("a page of " + first.largestPage + " entries was returned for max_entries " + pageSize);
        }
        int one = -1;
        String oneNext = "";
        try {
            R resp = fetch.page(1, "");
            one = ids.apply(resp).size();
            oneNext = next.apply(resp);
        } catch (CallFailure f) {
            broken.add("max_entries 1 was answered " + f.kind() + ": " + f.why());
        }
        if (one > 1) broken.add(one + " entries were returned for max_entries 1");
        if (one >= 0 && first.ended && first.entries > 1 && oneNext.isEmpty()) {
            broken.add("max_entries 1 left out " + (first.entries - Math.max(one, 0)) + " " + what + " without a next_token");
        }
        if (broken.isEmpty() && first.entries == 0) {
            r.add(skipped(p + ".max-entries", title, "the driver lists no " + what + ", so no page could exceed max_entries", spec));
        } else if (broken.isEmpty()) {
            r.add(pass(p + ".max-entries", title, "largest page " + first.largestPage + " for max_entries " + pageSize
                    + "; max_entries 1 gave " + one + " entry and " + (oneNext.isEmpty() ? "no next_token" : "a next_token"), spec));
        } else {
            r.add(fail(p + ".max-entries", title, String.join("; ", broken), spec,
                    "The plugin MUST NOT return more entries than max_entries and MUST set next_token when more remain. "
                            + "Report it to the driver's vendor; a CO that pages gets too much or misses " + what));
        }
    }

    private static <R> FullRead read(ProbeRun r, Fetch<R> fetch, Function<R, List<String>> ids, Function<R, String> next,
                                 Consumer<R> gather) throws InterruptedException {
        FullRead out = new FullRead();
        Set<String> tokens = new HashSet<>();
        String token = "";
        while (true) {
            R resp;
            try {
                resp = fetch.page(r.options.pageSize(), token);
            } catch (CallFailure f) {
                out.failure = f;
                return out;
            }
            out.pages++;
            List<String> page = ids.apply(resp);
            out.largestPage = Math.max(out.largestPage, page.size());
            out.entries += page.size();
            for (String id : page) {
                if (!out.ids.add(id)) out.duplicates.add(id);
            }
            gather.accept(resp);
            String n = next.apply(resp);
            if (n.isEmpty()) {
                out.ended = true;
                return out;
            }
            if (n.equals(token) || !tokens.add(n)) {
                out.problem = "page " + out.pages + " returned next_token '" + n + "', which an earlier page returned: following "
                        + "the tokens would loop forever";
                return out;
            }
            if (out.pages >= r.options.maxPages()) {
                out.problem = "still not at the end after " + out.pages + " pages (" + out.entries + " entries)";
                return out;
            }
            token = n;
        }
    }

    private static boolean has(ProbeRun r, ControllerCapability c) {
        return r.capabilities != null && r.capabilities.has(c);
    }

    private static void skipAll(ProbeRun r, String p, String what, String why, String spec, boolean conditions) {
        r.add(skipped(p + ".paging", "Paging of " + what + " ends", why, spec));
        r.add(skipped(p + ".unique-ids", "No " + what + " id repeats", why, spec));
        r.add(skipped(p + ".max-entries", "Pages honour max_entries", why, spec));
        r.add(skipped(p + ".stable-count", "Two reads count the same " + what, why, spec));
        if (conditions) r.add(skipped(p + ".conditions", "No volume is reported abnormal", why, spec));
    }
}
