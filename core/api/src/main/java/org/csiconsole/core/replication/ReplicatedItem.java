package org.csiconsole.core.replication;

import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;

import java.time.Duration;
import java.util.List;
import java.util.Objects;

/**
 * A volume or volume group a connection reports as replicated, as its listing says (what the
 * sampler then asks about). CSI has no replication field, so for a CSI driver this comes from
 * {@code volume_context} / {@code volume_group_context} keys the driver reports (the reference
 * plugin does, see {@link ReplicationContextKeys}); for a CSP array from the
 * volume's or volume group's {@code config} and the array's replication partner. A source the
 * listing does not mark can still be sampled by naming it.
 *
 * @param source the volume or group
 * @param name its name, empty when not reported
 * @param role this side's role as listed; {@link VolumeReplicationRole#UNKNOWN} when not reported
 * @param health the health as listed; {@link ReplicationHealth#UNKNOWN} when not reported
 * @param partner the partner array or cluster, empty when unknown
 * @param partnerId the destination's id on the partner, empty when unknown
 * @param schedulingInterval the pair's sync interval; null when not reported
 * @param memberIds for a group, its member volume ids; empty for a volume
 * @param site the connection (site) that listed it, e.g. {@code "site-a"}
 * @param origin where the item came from when no listing gave it: the console's record
 *     ({@link org.csiconsole.core.record.RecordOrigin#words()}, e.g. {@code "imported from a PV export"});
 *     empty for an item the driver listed
 */
public record ReplicatedItem(ReplicationSource source, String name, VolumeReplicationRole role, ReplicationHealth health,
                             String partner, String partnerId, Duration schedulingInterval, List<String> memberIds,
                             String site, String origin) {
    public ReplicatedItem {
        Objects.requireNonNull(source, "source");
        name = name == null ? "" : name;
        role = Objects.requireNonNullElse(role, VolumeReplicationRole.UNKNOWN);
        health = Objects.requireNonNullElse(health, ReplicationHealth.UNKNOWN);
        partner = partner == null ? "" : partner;
        partnerId = partnerId == null ? "" : partnerId;
        memberIds = memberIds == null ? List.of() : List.copyOf(memberIds);
        site = site == null ? "" : site;
        origin = origin == null ? "" : origin;
    }

    /** An item a listing gave (no {@link #origin()} of its own). */
    public ReplicatedItem(ReplicationSource source, String name, VolumeReplicationRole role, ReplicationHealth health,
                          String partner, String partnerId, Duration schedulingInterval, List<String> memberIds, String site) {
        this(source, name, role, health, partner, partnerId, schedulingInterval, memberIds, site, "");
    }

    /** This item as listed on {@code site}. */
    public ReplicatedItem onSite(String site) {
        return new ReplicatedItem(source, name, role, health, partner, partnerId, schedulingInterval, memberIds, site, origin);
    }

    /** An item known by its source only. */
    public static ReplicatedItem of(ReplicationSource source, String site) {
        return new ReplicatedItem(source, "", null, null, "", "", null, List.of(), site);
    }

    /** The name when known, else the id. */
    public String displayName() {
        return name.isEmpty() ? source.id() : name;
    }

    // equals and hashCode are written out, not left to the record: the replication view compares every
    // sampled item with the row it held, 20,000 a round, and the record's generated ones go through method
    // handles that the client compiler (the console's only one) does not inline: most of a round's time.
    @Override
    public boolean equals(Object o) {
        if (this == o) return true;
        return o instanceof ReplicatedItem r && source.equals(r.source) && role == r.role && health == r.health
                && name.equals(r.name) && partner.equals(r.partner) && partnerId.equals(r.partnerId)
                && Objects.equals(schedulingInterval, r.schedulingInterval) && memberIds.equals(r.memberIds)
                && site.equals(r.site) && origin.equals(r.origin);
    }

    @Override
    public int hashCode() {
        return 31 * source.hashCode() + name.hashCode();
    }
}
