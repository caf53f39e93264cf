package org.csiconsole.core.replication;

import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;

import java.util.Locale;

/**
 * The state of a replication pair as one word, where split brain is a state of its own and never
 * only "error": the GUI's tables and chips and the CLI's {@code replication list|info} show this.
 */
public enum PairState {
    /** Both sides are primary, or the driver says so (health ERROR, a status message naming split brain). */
    SPLIT_BRAIN("split-brain", "SPLIT BRAIN"),
    /** A resync runs. */
    RESYNCING("resyncing", "RESYNCING"),
    /** The driver reports an error other than a split brain. */
    ERROR("error", "ERROR"),
    /** Replication is behind or its link is down. */
    DEGRADED("degraded", "DEGRADED"),
    /** Replicating as it should. */
    HEALTHY("healthy", "HEALTHY"),
    /** Not reported. */
    UNKNOWN("unknown", "UNKNOWN");

    private final String json;
    private final String label;

    PairState(String json, String label) {
        this.json = json;
        this.label = label;
    }

    /** Lower case with a hyphen, as JSON carries it: {@code "split-brain"}. */
    public String json() {
        return json;
    }

    /** Upper case with a space, as tables show it: {@code "SPLIT BRAIN"}. */
    public String label() {
        return label;
    }

    /**
     * The state of the pair {@code self} belongs to.
     *
     * @param self one side's sample; null when only the partner is known
     * @param partner the other side's sample; null when unknown
     * @throws IllegalArgumentException when both are null
     */
    public static PairState of(ReplicationSample self, ReplicationSample partner) {
        if (self == null && partner == null) throw new IllegalArgumentException("a pair needs at least one side");
        if (self == null) return of(partner, null);
        if (partner != null && self.role() == VolumeReplicationRole.PRIMARY && partner.role() == VolumeReplicationRole.PRIMARY) {
            return SPLIT_BRAIN;
        }
        if (saysSplitBrain(self) || partner != null && saysSplitBrain(partner)) return SPLIT_BRAIN;
        if (self.role() == VolumeReplicationRole.RESYNCING || partner != null && partner.role() == VolumeReplicationRole.RESYNCING) {
            return RESYNCING;
        }
        ReplicationHealth h = self.health() == ReplicationHealth.UNKNOWN && partner != null ? partner.health() : self.health();
        return switch (h) {
            case ERROR -> ERROR;
            case DEGRADED -> DEGRADED;
            case HEALTHY -> HEALTHY;
            case UNKNOWN -> UNKNOWN;
        };
    }

    /**
     * True when the driver itself reports {@code s} in split brain: health ERROR with a status message naming it
     * ({@code "split brain"} or {@code "split-brain"}), whatever the partner it is paired with in a view.
     */
    public static boolean saysSplitBrain(ReplicationSample s) {
        if (s.health() != ReplicationHealth.ERROR) return false;
        String m = s.statusMessage().toLowerCase(Locale.ROOT);
        return m.contains("split-brain") || m.contains("split brain");
    }
}
