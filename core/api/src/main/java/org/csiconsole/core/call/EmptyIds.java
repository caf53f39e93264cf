package org.csiconsole.core.call;

import java.util.Collection;

/**
 * The one rule for an id given empty or blank ({@code --volume-id ""}): refused before anything is read or sent, for
 * every verb that takes ids. Every id CSI and csi-addons take is REQUIRED and non-empty (CSI spec, e.g.
 * {@code DeleteVolumeRequest.volume_id}; csi-addons replication.proto, {@code ReplicationSource}), so the driver could
 * only answer INVALID_ARGUMENT, or worse, act on nothing while the console names an empty target.
 */
public final class EmptyIds {
    private EmptyIds() {
    }

    /**
     * The refusal when any of {@code ids} is empty or blank; null when none is.
     *
     * @param option how the person gave the ids, e.g. {@code "--volume-id"}
     * @param ids the values given
     * @return {@link CallFailure#refused} (INVALID_ARGUMENT, checked before sending): {@code "--volume-id was given an empty
     *     id; nothing was sent"}, and what to give instead
     */
    public static CallFailure refusal(String option, Collection<String> ids) {
        if (ids.stream().noneMatch(i -> i == null || i.isBlank())) return null;
        String field = option.replaceFirst("^-+", "").replace('-', '_');
        return CallFailure.refused("Read " + option, option + " was given an empty id; nothing was sent",
                "Give the " + field + " to use (the listings show them: csi-console volumes, snapshots, replication list)");
    }
}
