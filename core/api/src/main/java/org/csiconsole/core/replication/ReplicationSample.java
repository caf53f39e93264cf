package org.csiconsole.core.replication;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.model.ReplicationDestination;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.ReplicationInfo;
import org.csiconsole.core.model.VolumeReplicationRole;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * The latest known replication state of one source on one site, as the sampler read it.
 *
 * <p>A sample is never silently current: {@code readAt} is when its figures were read, and when
 * the latest attempt failed ({@code lastError}) the figures are the previous ones, kept and shown
 * as stale with their age ({@link #stale}, {@link #age}). The role is
 * {@link VolumeReplicationRole#RESYNCING} while a resync runs (status message or ResyncVolume
 * {@code ready=false}), {@link VolumeReplicationRole#SECONDARY} when the driver refuses
 * GetVolumeReplicationInfo because the side is secondary (FAILED_PRECONDITION, e.g. the reference
 * plugin and ceph-csi report only from the primary).
 *
 * @param item what was sampled (name, partner, interval as listed)
 * @param role this side's role
 * @param info last_sync_time, last_sync_duration, last_sync_bytes, status and status_message; null when
 *     the side does not report them (a secondary) or nothing was read yet
 * @param destination GetReplicationDestinationInfo (a group's source → destination map); null when not
 *     asked, unsupported or unknown
 * @param origin where the figures came from
 * @param readAt when the figures were read (the end of the successful read); null when never read
 * @param lastError the failure of the latest attempt; null when it succeeded
 * @param lastAttempt when the latest attempt ended; null when none was made
 */
public record ReplicationSample(ReplicatedItem item, VolumeReplicationRole role, ReplicationInfo info,
                                ReplicationDestination destination, SampleOrigin origin, Instant readAt,
                                CallFailure lastError, Instant lastAttempt) {
    public ReplicationSample {
        Objects.requireNonNull(item, "item");
        role = Objects.requireNonNullElse(role, VolumeReplicationRole.UNKNOWN);
        origin = Objects.requireNonNullElse(origin, SampleOrigin.LISTING);
    }

    public ReplicationSource source() {
        return item.source();
    }

    /** The site (connection) the sample belongs to. */
    public String site() {
        return item.site();
    }

    /** The reported health; the listed one when no info was read; UNKNOWN when neither. */
    public ReplicationHealth health() {
        return info != null ? info.health() : item.health();
    }

    /** The status message, empty when none. */
    public String statusMessage() {
        return info != null ? info.statusMessage() : "";
    }

    /** {@code last_sync_time}; null when unknown. */
    public Instant lastSyncTime() {
        return info == null ? null : info.lastSyncTime();
    }

    /** The destination id on the partner: the listed one, else the one GetReplicationDestinationInfo gave; empty when unknown. */
    public String destinationId() {
        if (!item.partnerId().isEmpty()) return item.partnerId();
        if (destination == null) return "";
        return item.source().group() ? destination.volumeGroupId() : destination.volumeId();
    }

    /** How old the figures are at {@code now}; null when never read. */
    public Duration age(Instant now) {
        return readAt == null ? null : Duration.between(readAt, now).abs();
    }

    /**
     * True when the figures are not current at {@code now}: never read, the latest attempt failed,
     * or older than {@code staleAfter}.
     */
    public boolean stale(Instant now, Duration staleAfter) {
        return readAt == null || lastError != null || Duration.between(readAt, now).compareTo(staleAfter) > 0;
    }

    /** The RPO age at {@code now} under {@code thresholds}, against the listed scheduling interval. */
    public RpoAge rpo(RpoThresholds thresholds, Instant now) {
        return thresholds.judge(lastSyncTime(), item.schedulingInterval(), now);
    }

    /**
     * The sample whose figures are this one's recovery point: this one when it reports a last
     * sync, else {@code partner} when that one does (a secondary reports none: its recovery point
     * is its primary's last sync). The GUI and the CLI both judge the RPO age of a row by it.
     *
     * @param partner the partner's sample on the other site; null when unknown
     */
    public ReplicationSample recoveryPoint(ReplicationSample partner) {
        return lastSyncTime() == null && partner != null && partner.lastSyncTime() != null ? partner : this;
    }

    /** The RPO age of {@link #recoveryPoint(ReplicationSample)} at {@code now} under {@code thresholds}. */
    public RpoAge rpo(RpoThresholds thresholds, Instant now, ReplicationSample partner) {
        return recoveryPoint(partner).rpo(thresholds, now);
    }

    /** The same figures after a failed attempt: kept, marked with {@code error} at {@code at}. */
    public ReplicationSample failed(CallFailure error, Instant at) {
        return new ReplicationSample(item, role, info, destination, origin, readAt, error, at);
    }
}
