package org.csiconsole.core.storage.replication;

import org.csiconsole.core.addons.AddonsClient;
import org.csiconsole.core.audit.AuditEntry;
import org.csiconsole.core.audit.AuditOrigin;
import org.csiconsole.core.audit.AuditQuery;
import org.csiconsole.core.call.CallAudit;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.LockMode;
import org.csiconsole.core.call.PolicySettings;
import org.csiconsole.core.call.RetrySettings;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.reference.SiteScope;
import org.csiconsole.core.reference.array.ReplicationStatus;
import org.csiconsole.core.reference.array.VolumeSpec;
import org.csiconsole.core.replication.ReplicationFaults;
import org.csiconsole.core.replication.ReplicationSite;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.storage.CsiStorage;
import org.csiconsole.core.store.SqliteAuditLog;
import org.csiconsole.core.testing.MutableClock;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The reference plugin as two sites, each on a real unix socket of its own scoped to its array
 * (site-a, site-b), with replication pairs from site-a to site-b. Both sites' clients record into
 * one call trace and audit into one real {@link SqliteAuditLog}. The plugin's clock is a
 * {@link MutableClock} the tests move, so sync times and RPO ages are exact.
 */
final class ReplicationSites implements AutoCloseable {
    static final Instant START = Instant.parse("2030-01-06T08:00:00Z");

    final MutableClock clock = new MutableClock(START);
    final ReferencePlugin plugin;
    final CallTrace trace = new CallTrace();
    final SqliteAuditLog audit;
    /** What the audit writes through (as the GUI's and the command line's sinks do): the engine's workflow steps. */
    final org.csiconsole.core.audit.OverrideMarks marks = new org.csiconsole.core.audit.OverrideMarks();
    final Side a;
    final Side b;
    /** Local (site-a) volume ids of the pairs, in creation order. */
    final List<String> local = new ArrayList<>();
    /** Their replicas on site-b, in the same order. */
    final List<String> remote = new ArrayList<>();

    record Side(String name, CsiClient csi, AddonsClient addons, CsiStorage storage, ReplicationSite site) {
        void close() {
            addons.close();
            csi.close();
        }
    }

    /** Attempts 4, backoff 5 ms to 20 ms: ABORTED is retried within bounds, quickly. */
    static final RetrySettings RETRY = new RetrySettings(4, Duration.ofMillis(5), Duration.ofMillis(20), 2.0, 0.0, Duration.ofSeconds(10));

    ReplicationSites(Path dir, int pairs) throws Exception {
        plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.EMPTY).clock(clock).start();
        audit = SqliteAuditLog.open(dir.resolve("data"));
        for (int i = 0; i < pairs; i++) {
            var v = plugin.model().volumes().create(new VolumeSpec("pvc-repl-" + i, "site-a", null, 1L << 30, false, "ext4",
                    List.of(), List.of("SINGLE_NODE_WRITER"), Map.of(), Map.of(), Map.of(), null, null, ""));
            ReplicationStatus s = plugin.model().replications().enable(v.id(), Map.of("schedulingInterval", "1m"), 60_000);
            local.add(v.id());
            remote.add(s.peerId());
        }
        plugin.model().replications().setResyncDuration(5_000);
        a = side(dir, "site-a");
        b = side(dir, "site-b");
    }

    private Side side(Path dir, String array) throws Exception {
        Path sock = dir.resolve(array + ".sock");
        plugin.serve(new ReferencePlugin.Sockets(sock, Optional.empty(), Optional.empty(), Optional.empty()).scopedTo(SiteScope.of(array)));
        CsiClientOptions options = CsiClientOptions.defaults().withPolicy(new PolicySettings(Map.of(), RETRY, LockMode.WAIT))
                .withAudit(CallAudit.to(marks.marking(audit), new AuditOrigin("ann", "console-host", array)));
        CsiClient csi = CsiClient.open(new Endpoint.Unix(sock), Optional.empty(), options, trace);
        AddonsClient addons = AddonsClient.open(new Endpoint.Unix(sock), options, trace);
        CsiStorage storage = new CsiStorage(csi, true, addons);
        ReplicationFaults faults = plugin.replicationFaults();
        return new Side(array, csi, addons, storage, new ReplicationSite(array, storage.replication(array, faults), storage));
    }

    ReplicationSource localSource(int i) {
        return ReplicationSource.volume(local.get(i));
    }

    ReplicationSource remoteSource(int i) {
        return ReplicationSource.volume(remote.get(i));
    }

    ReplicationFaults faults() {
        return plugin.replicationFaults();
    }

    /** The model's view of the pair of {@code sideId}. */
    ReplicationStatus status(String sideId) {
        return plugin.model().replications().of(sideId).orElseThrow();
    }

    /** Every audit entry, oldest first. */
    List<AuditEntry> auditEntries() {
        List<AuditEntry> all = new ArrayList<>(audit.find(AuditQuery.FIRST_PAGE.page(0, 10_000)));
        java.util.Collections.reverse(all);
        return all;
    }

    /** Calls recorded in the trace with this method suffix, e.g. {@code "/PromoteVolume"}. */
    List<TraceEntry> calls(String suffix) {
        return trace.snapshot().stream().filter(e -> e.method().endsWith(suffix)).toList();
    }

    @Override
    public void close() {
        a.close();
        b.close();
        audit.close();
        plugin.close();
    }
}
