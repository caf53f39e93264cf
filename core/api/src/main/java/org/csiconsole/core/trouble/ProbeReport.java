package org.csiconsole.core.trouble;

import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.NodeInfo;
import org.csiconsole.core.model.PluginInfo;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.Words;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What a probe found: the check list and what the driver said about itself. A probe sends only
 * reads (Identity, Get*, List*, Validate*, NodeGet*), so it changes nothing on the driver.
 *
 * @param endpoint the CSI endpoint probed, e.g. {@code unix:///var/lib/kubelet/plugins/x/csi.sock}
 * @param nodeEndpoint the separate node endpoint, empty when node calls went to {@code endpoint}
 * @param addonsEndpoint the csi-addons endpoint that answered, empty when none did
 * @param started when the probe began
 * @param took wall time of the whole probe
 * @param reachable false when the endpoint could not be reached at all (no Identity answer): only the
 *     socket checks then say anything
 * @param plugin GetPluginInfo's answer, null when it failed
 * @param capabilities the capabilities read (plugin, controller, node, group controller), null when none could be read
 * @param addonsCapabilities the csi-addons capabilities by name ({@code ReclaimSpace.OFFLINE}, ...), empty when none answered
 * @param nodeInfo NodeGetInfo's answer, null when there is no node service or it failed
 * @param volumeCount volumes listed by the first full ListVolumes read, -1 when not listed
 * @param snapshotCount snapshots listed by the first full ListSnapshots read, -1 when not listed
 * @param checks every check, in the order run
 * @param timings latency per RPC method
 * @param facts other things learned, by name (the socket's owner, mode and holding process, the
 *     published node ids ...), for the report
 * @param volumes the volumes as the first full ListVolumes read listed them (csi.proto {@code
 *     ListVolumesResponse.Entry}: volume and status), in listing order, an id listed twice kept once;
 *     empty when not listed, and in reports written before the list was kept (then
 *     {@code volumeCount} may still be positive)
 * @param snapshots the snapshots as the first full ListSnapshots read listed them, like {@code volumes}
 * @param fences the CIDR blocks csi-addons ListClusterFence answered (csi-addons fence.proto), in its
 *     order; null when it was not read (NETWORK_FENCE not advertised, no csi-addons answered, or a
 *     report written before the list was kept) or failed (then {@code facts} holds
 *     {@value #FENCE_FAILURE} with the driver's words)
 */
public record ProbeReport(String endpoint, String nodeEndpoint, String addonsEndpoint, Instant started, Duration took,
                          boolean reachable, PluginInfo plugin, CapabilitySet capabilities, List<String> addonsCapabilities,
                          NodeInfo nodeInfo, long volumeCount, long snapshotCount, List<CheckResult> checks,
                          List<RpcTiming> timings, Map<String, String> facts, List<Volume> volumes, List<Snapshot> snapshots,
                          List<String> fences) {
    /** The fact that holds why ListClusterFence failed, in the driver's words. */
    public static final String FENCE_FAILURE = "addons.list-cluster-fence.failed";

    public ProbeReport {
        Objects.requireNonNull(endpoint, "endpoint");
        nodeEndpoint = nodeEndpoint == null ? "" : nodeEndpoint;
        addonsEndpoint = addonsEndpoint == null ? "" : addonsEndpoint;
        addonsCapabilities = addonsCapabilities == null ? List.of() : List.copyOf(addonsCapabilities);
        checks = checks == null ? List.of() : List.copyOf(checks);
        timings = timings == null ? List.of() : List.copyOf(timings);
        facts = facts == null ? Map.of() : Map.copyOf(facts);
        volumes = volumes == null ? List.of() : List.copyOf(volumes);
        snapshots = snapshots == null ? List.of() : List.copyOf(snapshots);
        fences = fences == null ? null : List.copyOf(fences);
    }

    /** A probe report that keeps no listed volumes or snapshots, only their counts. */
    public ProbeReport(String endpoint, String nodeEndpoint, String addonsEndpoint, Instant started, Duration took,
                       boolean reachable, PluginInfo plugin, CapabilitySet capabilities, List<String> addonsCapabilities,
                       NodeInfo nodeInfo, long volumeCount, long snapshotCount, List<CheckResult> checks,
                       List<RpcTiming> timings, Map<String, String> facts) {
        this(endpoint, nodeEndpoint, addonsEndpoint, started, took, reachable, plugin, capabilities, addonsCapabilities, nodeInfo,
                volumeCount, snapshotCount, checks, timings, facts, List.of(), List.of(), null);
    }

    /**
     * The check a cancelled probe ends with, sent as its last {@link TroubleEvent.CheckDone}: the call that had not
     * answered when it was cancelled and how long it had waited (a failure when longer than such a call should take).
     */
    public static final String CANCELLED_CHECK = "probe.cancelled";

    /** The check that says whether the calls that carry secrets were accepted (CSI spec, "Secrets Requirements"). */
    public static final String SECRETS_CHECK = "secrets.required";

    /**
     * True when the driver refused the secrets the probe was given (the {@value #SECRETS_CHECK} check failed): an
     * authentication failure, which {@code csi-console probe} and {@code report} exit with 5. A driver that refuses
     * calls because none were given is a warning, not this.
     */
    public boolean secretsRefused() {
        return checks.stream().anyMatch(c -> c.id().equals(SECRETS_CHECK) && c.status() == CheckStatus.FAIL);
    }

    /** True when at least one check failed. */
    public boolean anyFailed() {
        return checks.stream().anyMatch(c -> c.status().failed());
    }

    /** The number of checks with {@code status}. */
    public long count(CheckStatus status) {
        return checks.stream().filter(c -> c.status() == status).count();
    }

    /** The checks, failures first ({@link CheckResult#WORST_FIRST}). */
    public List<CheckResult> worstFirst() {
        return checks.stream().sorted(CheckResult.WORST_FIRST).toList();
    }

    /** The driver in words: {@code "<name> <vendor_version>"}, the endpoint when GetPluginInfo did not answer. */
    public String who() {
        return plugin == null ? endpoint : plugin.name() + " " + plugin.vendorVersion();
    }

    /** The checks counted by outcome: {@code "1 failed, 2 warnings, 30 passed, 3 skipped"}. */
    public String counts() {
        return count(CheckStatus.FAIL) + " failed, " + Words.count(count(CheckStatus.WARN), "warning") + ", "
                + count(CheckStatus.PASS) + " passed, " + count(CheckStatus.SKIPPED) + " skipped";
    }

    /**
     * The probe in one line, as the CLI, the GUI and the report print it: {@code "<who>: <counts>"},
     * and {@code "; the driver could not be reached"} when it could not.
     */
    public String summary() {
        return who() + ": " + counts() + (reachable ? "" : "; the driver could not be reached");
    }

    /**
     * Why the driver could not be reached, with what to do, from the first failed check (the socket
     * checks say "is a regular file, not a unix socket", "nothing accepts connections" and the next
     * step); empty when it was reached or no check failed.
     */
    public String diagnosis() {
        if (reachable) return "";
        return checks.stream().filter(c -> c.status().failed()).findFirst()
                .map(c -> c.evidence() + (c.remediation().isEmpty() ? "" : ". " + c.remediation())).orElse("");
    }
}
