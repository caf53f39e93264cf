package org.csiconsole.views.lifecycle;

/** The state machines the lifecycle view draws. */
public enum DiagramKind {
    /** The CSI volume lifecycle, figure 5, 6, 7 or 8 of the spec. */
    VOLUME("Volume"),
    /** A snapshot: CREATING, READY_TO_USE, deleted. */
    SNAPSHOT("Snapshot"),
    /** A group snapshot, likewise. */
    GROUP_SNAPSHOT("Group snapshot"),
    /** One side of a csi-addons replication pair. */
    REPLICATION("Replication");

    private final String title;

    DiagramKind(String title) {
        this.title = title;
    }

    /** The switcher's label. */
    public String title() {
        return title;
    }
}
