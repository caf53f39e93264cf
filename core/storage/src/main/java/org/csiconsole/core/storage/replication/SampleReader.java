package org.csiconsole.core.storage.replication;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.model.ReplicationDestination;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.ReplicationInfo;
import org.csiconsole.core.model.ReplicationPartner;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.SnapshotGroup;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.port.SourceFailure;
import org.csiconsole.core.replication.ReplicatedItem;
import org.csiconsole.core.replication.ReplicationFeatures;
import org.csiconsole.core.replication.ReplicationPort;
import org.csiconsole.core.replication.ReplicationRequest;
import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.replication.SampleOrigin;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Reads one source's sample in a round. With csi-addons replication: GetVolumeReplicationInfo (and,
 * once per source, GetReplicationDestinationInfo) for a side the listing does not report secondary;
 * a side the listing reports SECONDARY or RESYNCING is not asked, as the csi-addons controller asks
 * only a primary (drivers such as ceph-csi and the reference plugin report figures only there), and
 * is sampled as listed. A FAILED_PRECONDITION that says the side is secondary is the driver
 * reporting only from the primary, read as role SECONDARY without figures, not as a failure. Without it: the listing's figures with the CSP partner's {@code is_alive} and
 * the newest replicated snapshot group's times. Never fails: a failed read is the previous sample
 * marked with its failure.
 */
final class SampleReader {
    /**
     * How long the driver's answer that a source is not replicated ({@link org.csiconsole.core.replication.InventoryNote#notReplicated})
     * is kept before it is asked again while the listing of the source stays the same: that answer changes only when someone enables
     * replication, which changes the listing when this console does it. Without it, every round repeats the same failed read.
     */
    static final Duration NOT_REPLICATED_RECHECK = Duration.ofMinutes(10);

    private final ReplicationPort port;
    private final ReplicationFeatures features;
    private final CspFigures csp;
    private final Map<ReplicationSource, ReplicationDestination> destinations;
    private final boolean askDestinations;
    private final Clock clock;

    SampleReader(ReplicationPort port, ReplicationFeatures features, CspFigures csp,
                 Map<ReplicationSource, ReplicationDestination> destinations, boolean askDestinations, Clock clock) {
        this.port = port;
        this.features = features;
        this.csp = csp;
        this.destinations = destinations;
        this.askDestinations = askDestinations;
        this.clock = clock;
    }

    CompletableFuture<ReplicationSample> read(ReplicatedItem item, ReplicationSample previous) {
        if (!features.replication()) return CompletableFuture.completedFuture(fromCsp(item));
        CompletableFuture<ReplicationDestination> dest = destination(item);
        if (listedSecondary(item)) {
            // the driver lists this side secondary: it has no figures to give (half the calls of a secondary site)
            return dest.thenApply(d -> {
                Instant now = clock.instant();
                return new ReplicationSample(item, item.role(), null, d, SampleOrigin.LISTING, now, null, now);
            });
        }
        if (answeredNotReplicated(item, previous)) return CompletableFuture.completedFuture(previous);
        CompletableFuture<ReplicationSample> info = port.info(ReplicationRequest.of(item.source())).handle((i, e) -> {
            Instant now = clock.instant();
            if (e == null) return new ReplicationSample(item, role(item, i), i, null, SampleOrigin.CSI_ADDONS, now, null, now);
            CallFailure f = SourceFailure.of(item.source().toString(), e).failure();
            if (org.csiconsole.core.replication.ReplicationFailures.reportsOnlyFromPrimary(f)) {
                VolumeReplicationRole r = item.role() == VolumeReplicationRole.RESYNCING ? item.role() : VolumeReplicationRole.SECONDARY;
                return new ReplicationSample(item, r, null, null, SampleOrigin.CSI_ADDONS, now, null, now);
            }
            if (previous != null) {
                return new ReplicationSample(item, previous.role(), previous.info(), previous.destination(), previous.origin(),
                        previous.readAt(), f, now);
            }
            return new ReplicationSample(item, item.role(), null, null, SampleOrigin.LISTING, null, f, now);
        });
        return info.thenCombine(dest, (s, d) -> d == null ? s
                : new ReplicationSample(s.item(), s.role(), s.info(), d, s.origin(), s.readAt(), s.lastError(), s.lastAttempt()));
    }

    /**
     * True when {@code previous} is the driver's answer that {@code item}, listed the same then, is not replicated, given less
     * than {@link #NOT_REPLICATED_RECHECK} ago: the answer is kept rather than asked for again.
     */
    private boolean answeredNotReplicated(ReplicatedItem item, ReplicationSample previous) {
        return previous != null && org.csiconsole.core.replication.InventoryNote.notReplicated(previous) && previous.item().equals(item)
                && previous.lastAttempt() != null && clock.instant().isBefore(previous.lastAttempt().plus(NOT_REPLICATED_RECHECK));
    }

    /** True when the listing reports this side SECONDARY or RESYNCING. */
    private static boolean listedSecondary(ReplicatedItem item) {
        return item.role() == VolumeReplicationRole.SECONDARY || item.role() == VolumeReplicationRole.RESYNCING;
    }

    /** The listing's role; while a resync runs (status message) RESYNCING. */
    private static VolumeReplicationRole role(ReplicatedItem item, ReplicationInfo i) {
        if (i.statusMessage().toLowerCase(Locale.ROOT).contains("resync in progress") && item.role() != VolumeReplicationRole.PRIMARY) {
            return VolumeReplicationRole.RESYNCING;
        }
        return item.role();
    }


    /** Asked once per source while the sampler lives; null when not asked, unsupported or failed. */
    private CompletableFuture<ReplicationDestination> destination(ReplicatedItem item) {
        if (!askDestinations || !features.destinationInfo() || !item.partnerId().isEmpty()) {
            return CompletableFuture.completedFuture(null);
        }
        ReplicationDestination known = destinations.get(item.source());
        if (known != null) return CompletableFuture.completedFuture(known);
        return port.destination(item.source(), Secrets.NONE).handle((d, e) -> {
            if (d != null) destinations.put(item.source(), d);
            return d;
        });
    }

    /** A CSP-reported source: listed health, partner liveness, snapshot group times. */
    private ReplicationSample fromCsp(ReplicatedItem item) {
        Instant now = clock.instant();
        ReplicationHealth health = item.health();
        String message = "";
        ReplicationPartner partner = csp.partners().get(item.partner());
        SampleOrigin origin = SampleOrigin.LISTING;
        if (partner != null) {
            origin = SampleOrigin.CSP_PARTNER;
            if (Boolean.FALSE.equals(partner.alive())) {
                health = ReplicationHealth.DEGRADED;
                message = "Replication partner " + partner.name() + " is not alive.";
            }
        }
        Instant lastSync = null;
        Duration took = null;
        if (item.source().group()) {
            SnapshotGroup done = csp.latestComplete().get(item.source().id());
            SnapshotGroup newest = csp.latest().get(item.source().id());
            if (done != null) {
                origin = SampleOrigin.CSP_SNAPSHOT_GROUP;
                lastSync = done.replication().completeTime();
                if (done.replication().startTime() != null) took = Duration.between(done.replication().startTime(), lastSync);
            }
            if (newest != null && newest.replication().status() == SnapshotGroup.ReplStatus.FAIL) {
                health = ReplicationHealth.ERROR;
                message = "Replication of snapshot group " + newest.name() + " failed.";
            }
        }
        ReplicationInfo info = lastSync == null && health == item.health() ? null
                : new ReplicationInfo(lastSync, took, -1, health, message);
        return new ReplicationSample(item, item.role(), info, null, origin, now, null, now);
    }
}
