package org.csiconsole.core.lifecycle;

/**
 * The four volume lifecycle figures of the CSI spec v1.12 ("Volume Lifecycle"). Which one applies
 * follows from what the plugin advertises; see {@link VolumeLifecycle#of(boolean, boolean, boolean, boolean)}.
 */
public enum LifecycleVariant {
    /** Figure 5: dynamically provisioned, published by the controller, no staging. */
    FIG_5(5, "The lifecycle of a dynamically provisioned volume, from creation to destruction."),
    /** Figure 6: as figure 5, with NodeStageVolume between controller and node publish. */
    FIG_6(6, "The lifecycle of a dynamically provisioned volume, from creation to destruction, when the Node Plugin"
            + " advertises the STAGE_UNSTAGE_VOLUME capability."),
    /** Figure 7: a pre-provisioned volume that the controller publishes to a node. */
    FIG_7(7, "The lifecycle of a pre-provisioned volume that requires controller to publish to a node"
            + " (ControllerPublishVolume) prior to publishing on the node (NodePublishVolume)."),
    /** Figure 8: a node-only plugin, NodePublishVolume and NodeUnpublishVolume only. */
    FIG_8(8, "Plugins may forego other lifecycle steps by contraindicating them via the capabilities API."
            + " Interactions with the volumes of such plugins is reduced to NodePublishVolume and NodeUnpublishVolume calls.");

    private final int figure;
    private final String specCaption;

    LifecycleVariant(int figure, String specCaption) {
        this.figure = figure;
        this.specCaption = specCaption;
    }

    /** The figure's number in the spec. */
    public int figure() {
        return figure;
    }

    /** The spec's caption under the figure. */
    public String specCaption() {
        return specCaption;
    }

    /** {@code "Figure 6"}. */
    public String title() {
        return "Figure " + figure;
    }
}
