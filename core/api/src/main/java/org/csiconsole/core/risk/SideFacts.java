package org.csiconsole.core.risk;

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
 */
public record SideFacts(String site, String id, String name, VolumeReplicationRole role, ReplicationHealth health,
                        boolean reachable, Instant lastSync, Instant lastWrite) {
    public SideFacts {
        site = site == null ? "" : site;
        Objects.requireNonNull(id, "id");
        name = name == null ? "" : name;
        role = Objects.requireNonNullElse(role, VolumeReplicationRole.UNKNOWN);
        health = Objects.requireNonNullElse(health, ReplicationHealth.UNKNOWN);
    }

    /**
     * One side as the sampler last read it: its site, id, name, role, health and last sync; reachable
     * when its latest read succeeded ({@link ReplicationSample#lastError()} is null and it was read);
     * no last write, which no replication source reports.
     *
     * @param site the site's name as shown; empty for the sample's own
     */
    public static SideFacts of(String site, ReplicationSample s) {
        return new SideFacts(site == null || site.isEmpty() ? s.site() : site, s.source().id(), s.item().name(), s.role(), s.health(),
                s.lastError() == null && s.readAt() != null, s.lastSyncTime(), null);
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
