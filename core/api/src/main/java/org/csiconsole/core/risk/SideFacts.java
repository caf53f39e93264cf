package org.csiconsole.core.risk;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.replication.ReplicationSample;

import java.time.Instant;
import java.util.Objects;

/**
 * One side of a replicated volume or group as core knows it at the moment of an assessment
 * (csi-addons replication.proto GetVolumeReplicationInfo, the listing, the sampler).
 *
 * @param site the site (connection) name, e.g. {@code "site-a"}
 * @param id the {@code volume_id} or {@code volume_group_id} on that site
 * @param name its name; empty when not reported
 * @param role its role; {@link VolumeReplicationRole#UNKNOWN} when not known
 * @param health its health; {@link ReplicationHealth#UNKNOWN} when not known
 * @param reachable true when the site answered its latest read
 * @param lastSync {@code last_sync_time}; null when unknown or never synced
 * @param lastWrite the last write the site reports; null when no source reports one
 * @param read true when its state was actually read (a GetVolumeReplicationInfo answered, or the driver listed it
 *     secondary); false when every read so far failed, so role and health are only what a listing or the record said
 */
public record SideFacts(String site, String id, String name, VolumeReplicationRole role, ReplicationHealth health,
                        boolean reachable, Instant lastSync, Instant lastWrite, boolean read) {
    public SideFacts {
        site = site == null ? "" : site;
        Objects.requireNonNull(id, "id");
        name = name == null ? "" : name;
        role = Objects.requireNonNullElse(role, VolumeReplicationRole.UNKNOWN);
        health = Objects.requireNonNullElse(health, ReplicationHealth.UNKNOWN);
    }

    /** A side whose state was read ({@code read} true). */
    public SideFacts(String site, String id, String name, VolumeReplicationRole role, ReplicationHealth health,
                     boolean reachable, Instant lastSync, Instant lastWrite) {
        this(site, id, name, role, health, reachable, lastSync, lastWrite, true);
    }

    /**
     * One side as a sample shows it: its site, id, listed name, role, health and {@code last_sync_time}.
     * The side is reachable when its latest read was answered: it succeeded, or the driver answered
     * with a refusal (FAILED_PRECONDITION from a secondary that reports only from the primary, say);
     * a read that never reached the site (ENDPOINT, UNAVAILABLE, TLS, TIMEOUT) or no read at all is not.
     * No source reports a last write through csi-addons, so {@code lastWrite} is null. The state was read when
     * the sample has figures of a successful read ({@code readAt} set).
     */
    public static SideFacts of(ReplicationSample s) {
        CallFailure f = s.lastError();
        boolean reachable = f == null ? s.readAt() != null : !unreachable(f.kind());
        return new SideFacts(s.site(), s.source().id(), s.item().name(), s.role(), s.health(), reachable, s.lastSyncTime(), null,
                s.readAt() != null);
    }

    private static boolean unreachable(FailureKind k) {
        return k == FailureKind.ENDPOINT || k == FailureKind.UNAVAILABLE || k == FailureKind.TLS || k == FailureKind.TIMEOUT;
    }

    /**
     * As {@link #of(ReplicationSample)}, named after {@code site} as shown (the console's connection name
     * for the site); empty for the sample's own.
     */
    public static SideFacts of(String site, ReplicationSample s) {
        SideFacts f = of(s);
        return site == null || site.isEmpty() ? f
                : new SideFacts(site, f.id(), f.name(), f.role(), f.health(), f.reachable(), f.lastSync(), f.lastWrite(), f.read());
    }

    /** The name when known, else the id. */
    public String displayName() {
        return name.isEmpty() ? id : name;
    }

    /** {@code "vol-00000111 on site-a"}. */
    public String where() {
        return id + (site.isEmpty() ? "" : " on " + site);
    }

    /** True when the role is primary. */
    public boolean primary() {
        return role == VolumeReplicationRole.PRIMARY;
    }
}
