package org.csiconsole.views.replication;

import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.replication.ForceConfirmation;
import org.csiconsole.core.replication.ReplicationAction;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.replication.RpoAge;

import java.time.Instant;
import java.util.Objects;

/**
 * What a force confirmation shows before {@code force=true} is sent on one volume or group
 * (csi-addons PromoteVolume, DemoteVolume or ResyncVolume).
 *
 * @param action the call forced
 * @param source the volume or group
 * @param name the name to type (its id when it has none)
 * @param site the site the call goes to
 * @param rpo the RPO age now
 * @param lastSync {@code last_sync_time}; null when unknown
 * @param health the health reported
 * @param statusMessage the status message, empty when none
 * @param splitBrain a split-brain warning in words; empty when the pair is not split
 * @param dataLoss the data that can be lost, in words
 * @param saferStep what to try first, without force
 */
public record ForceFacts(ReplicationAction action, ReplicationSource source, String name, String site, RpoAge rpo,
                         Instant lastSync, ReplicationHealth health, String statusMessage, String splitBrain,
                         String dataLoss, String saferStep) {
    public ForceFacts {
        Objects.requireNonNull(action, "action");
        Objects.requireNonNull(source, "source");
        name = name == null || name.isBlank() ? source.id() : name;
        rpo = rpo == null ? RpoAge.UNKNOWN : rpo;
        health = health == null ? ReplicationHealth.UNKNOWN : health;
        statusMessage = statusMessage == null ? "" : statusMessage;
        splitBrain = splitBrain == null ? "" : splitBrain;
        dataLoss = dataLoss == null ? ForceConfirmation.dataLossWarning(source, lastSync, Instant.now()) : dataLoss;
        saferStep = saferStep == null ? "" : saferStep;
    }

    /** {@code "Promote"}, {@code "Demote"}, {@code "Resync"}. */
    public String verb() {
        return switch (action) {
            case PROMOTE -> "Promote";
            case DEMOTE -> "Demote";
            case RESYNC -> "Resync";
            default -> action.name().charAt(0) + action.name().substring(1).toLowerCase(java.util.Locale.ROOT);
        };
    }

    /**
     * The typed confirmation for {@code typed}.
     *
     * @throws org.csiconsole.core.call.CallFailure INVALID_ARGUMENT when {@code typed} does not name the source
     */
    public ForceConfirmation confirm(String typed) {
        return ForceConfirmation.typed(source, name, typed);
    }

    /** True when {@code typed} is the name (or the id), as {@link ForceConfirmation#typed} accepts it. */
    public boolean matches(String typed) {
        String t = typed == null ? "" : typed.strip();
        return !t.isEmpty() && (t.equals(name) || t.equals(source.id()));
    }
}
