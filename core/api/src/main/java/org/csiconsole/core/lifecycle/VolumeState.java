package org.csiconsole.core.lifecycle;

/**
 * Where a volume is in the CSI volume lifecycle on one node, with the names of the CSI spec v1.12,
 * "Volume Lifecycle" (figures 5 to 8). {@link #INITIAL} and {@link #FINAL} are the figures' boxes
 * marked X: a volume that is not (yet) known to the CO, and one that left the lifecycle.
 */
public enum VolumeState {
    /** Before CreateVolume (figures 5, 6), or a pre-provisioned volume not published to the node (figures 7, 8). */
    INITIAL("X"),
    /** CreateVolume succeeded; not published to the node. */
    CREATED("CREATED"),
    /** ControllerPublishVolume to the node succeeded. */
    NODE_READY("NODE_READY"),
    /** NodeStageVolume on the node succeeded (the node advertises STAGE_UNSTAGE_VOLUME). */
    VOL_READY("VOL_READY"),
    /** NodePublishVolume at one target_path or more succeeded. */
    PUBLISHED("PUBLISHED"),
    /** DeleteVolume succeeded (figures 5, 6), or the volume left the node's lifecycle (figures 7, 8). */
    FINAL("X");

    private final String specName;

    VolumeState(String specName) {
        this.specName = specName;
    }

    /** The state's name as the spec's figures print it ({@code "NODE_READY"}); {@code "X"} for the two end boxes. */
    public String specName() {
        return specName;
    }

    /** True for the two boxes marked X in the figures. */
    public boolean terminal() {
        return this == INITIAL || this == FINAL;
    }
}
