package org.csiconsole.core.lifecycle;

import org.csiconsole.core.lifecycle.Diagram.Anchor;
import org.csiconsole.core.lifecycle.Diagram.Arrow;
import org.csiconsole.core.lifecycle.Diagram.Box;
import org.csiconsole.core.lifecycle.Diagram.Point;
import org.csiconsole.core.model.GroupSnapshot;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.VolumeReplication;
import org.csiconsole.core.model.VolumeReplicationRole;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import static org.csiconsole.core.lifecycle.DiagramLayout.BOX_H;
import static org.csiconsole.core.lifecycle.DiagramLayout.LABEL_PX;
import static org.csiconsole.core.lifecycle.DiagramLayout.MARGIN;
import static org.csiconsole.core.lifecycle.DiagramLayout.TOP;
import static org.csiconsole.core.lifecycle.DiagramLayout.X_SIZE;
import static org.csiconsole.core.lifecycle.DiagramLayout.textWidth;

/**
 * The other state machines, in the same style as the volume lifecycle: a snapshot (CSI spec v1.12,
 * CreateSnapshot: {@code ready_to_use} false while the plugin still processes it, then true;
 * DeleteSnapshot), a group snapshot (CreateVolumeGroupSnapshot, DeleteVolumeGroupSnapshot; ready
 * when every member is), and one side of a csi-addons replication pair (PromoteVolume,
 * DemoteVolume, ResyncVolume; split brain when both sides are primary, an error the array
 * reports), with the state a record is in.
 */
public final class StateMachines {
    /** Snapshot box ids. */
    public static final String CREATING = "CREATING";
    public static final String READY_TO_USE = "READY_TO_USE";
    /** Replication box ids. */
    public static final String PRIMARY = "PRIMARY";
    public static final String SECONDARY = "SECONDARY";
    public static final String RESYNCING = "RESYNCING";
    public static final String SPLIT_BRAIN = "SPLIT_BRAIN";
    public static final String ERROR = "ERROR";
    /** The two X boxes of every machine. */
    public static final String INITIAL = VolumeState.INITIAL.name();
    public static final String FINAL = VolumeState.FINAL.name();

    private static final double W = 150;

    private StateMachines() {
    }

    /** A snapshot: X → CreateSnapshot → CREATING → ready_to_use → READY_TO_USE → DeleteSnapshot → X. */
    public static Diagram snapshot() {
        return line("snapshot", "Snapshot", "CreateSnapshot", "DeleteSnapshot",
                "A snapshot is cut by CreateSnapshot; while the plugin still processes it (an upload, a copy) it reports"
                        + " ready_to_use false, and it can be a volume's content source once ready_to_use is true (CSI spec,"
                        + " CreateSnapshot). DeleteSnapshot removes it.");
    }

    /** A group snapshot: as a snapshot, ready when every member snapshot is (GroupController service). */
    public static Diagram groupSnapshot() {
        return line("group-snapshot", "Group snapshot", "CreateVolumeGroupSnapshot", "DeleteVolumeGroupSnapshot",
                "A group snapshot cuts one snapshot of each member volume at the same point in time"
                        + " (CreateVolumeGroupSnapshot, GroupController service); it is ready_to_use once every member is."
                        + " DeleteVolumeGroupSnapshot removes it with its members.");
    }

    private static Diagram line(String id, String title, String create, String delete, String legend) {
        String ready = "ready_to_use: true";
        double g1 = textWidth(create, LABEL_PX) + 28;
        double g2 = textWidth(ready, LABEL_PX) + 28;
        double g3 = textWidth(delete, LABEL_PX) + 28;
        double y = TOP;
        double cy = y + BOX_H / 2;
        double xCreating = MARGIN + X_SIZE + g1;
        double xReady = xCreating + W + g2;
        double xEnd = xReady + W + g3;
        List<Box> boxes = List.of(
                new Box(INITIAL, "X", "none", null, Anchor.MIDDLE, true, MARGIN, cy - X_SIZE / 2, X_SIZE, X_SIZE),
                Box.state(CREATING, "CREATING", xCreating, y, W, BOX_H),
                Box.state(READY_TO_USE, "READY_TO_USE", xReady, y, W, BOX_H),
                new Box(FINAL, "X", "deleted", null, Anchor.MIDDLE, true, xEnd, cy - X_SIZE / 2, X_SIZE, X_SIZE));
        List<Arrow> arrows = List.of(
                horizontal(create, create, INITIAL, CREATING, MARGIN + X_SIZE, xCreating, cy, false),
                horizontal("ready", ready, CREATING, READY_TO_USE, xCreating + W, xReady, cy, true),
                horizontal(delete, delete, READY_TO_USE, FINAL, xReady + W, xEnd, cy, false));
        return new Diagram(id, title, legend, boxes, arrows, xEnd + X_SIZE + MARGIN, y + BOX_H + 30 + MARGIN);
    }

    /**
     * One side of a replication pair: EnableVolumeReplication makes it PRIMARY; DemoteVolume and
     * PromoteVolume swap PRIMARY and SECONDARY; ResyncVolume resynchronizes a SECONDARY (RESYNCING
     * until the copy is done) and clears an array ERROR; a peer promoted while this side is
     * primary is SPLIT_BRAIN, left by demoting this side.
     */
    public static Diagram replication() {
        double xStart = MARGIN + 30;
        double x0 = xStart + X_SIZE + textWidth("EnableVolumeReplication", LABEL_PX) + 28;
        double x1 = x0 + W + 170;
        double x2 = x1 + W + 120;
        double y0 = TOP;
        double y1 = y0 + BOX_H + 110;
        double cy0 = y0 + BOX_H / 2;
        double cy1 = y1 + BOX_H / 2;
        double c0 = x0 + W / 2;
        double c1 = x1 + W / 2;
        List<Box> boxes = new ArrayList<>(List.of(
                new Box(INITIAL, "X", "not replicated", null, Anchor.MIDDLE, true, xStart, cy0 - X_SIZE / 2, X_SIZE, X_SIZE),
                Box.state(PRIMARY, "PRIMARY", x0, y0, W, BOX_H),
                Box.state(SECONDARY, "SECONDARY", x1, y0, W, BOX_H),
                Box.state(SPLIT_BRAIN, "SPLIT BRAIN", x0, y1, W, BOX_H),
                Box.state(RESYNCING, "RESYNCING", x1, y1, W, BOX_H),
                Box.state(ERROR, "ERROR", x2, y1, W, BOX_H)));
        List<Arrow> arrows = new ArrayList<>();
        arrows.add(horizontal("EnableVolumeReplication", "EnableVolumeReplication", INITIAL, PRIMARY, xStart + X_SIZE, x0, cy0, false));
        arrows.add(new Arrow("DemoteVolume", "DemoteVolume", PRIMARY, SECONDARY, List.of(new Point(x0 + W, cy0 - 9), new Point(x1, cy0 - 9)),
                new Point((x0 + W + x1) / 2, cy0 - 22), Anchor.MIDDLE, false));
        arrows.add(new Arrow("PromoteVolume", "PromoteVolume", SECONDARY, PRIMARY, List.of(new Point(x1, cy0 + 9), new Point(x0 + W, cy0 + 9)),
                new Point((x0 + W + x1) / 2, cy0 + 22), Anchor.MIDDLE, false));
        arrows.add(vertical("ResyncVolume", "ResyncVolume", SECONDARY, RESYNCING, c1 - 24, y0 + BOX_H, y1, true, false));
        arrows.add(vertical("resynced", "resync complete", RESYNCING, SECONDARY, c1 + 24, y0 + BOX_H, y1, false, true));
        arrows.add(vertical("peer-promoted", "peer promoted too", PRIMARY, SPLIT_BRAIN, c0 - 24, y0 + BOX_H, y1, true, true));
        arrows.add(new Arrow("DemoteVolume (split brain)", "DemoteVolume", SPLIT_BRAIN, SECONDARY,
                List.of(new Point(x0 + W, y1), new Point(x1, y0 + BOX_H)), new Point((x0 + W + x1) / 2 - 26, (y1 + y0 + BOX_H) / 2 - 16),
                Anchor.MIDDLE, false));
        double ex = x2 + W / 2;
        arrows.add(new Arrow("array-error", "array reports an error", SECONDARY, ERROR,
                List.of(new Point(x1 + W, cy0), new Point(ex, cy0), new Point(ex, y1)), new Point(x1 + W + 8, cy0 - 13), Anchor.START, true));
        arrows.add(horizontal("ResyncVolume (error)", "ResyncVolume", ERROR, RESYNCING, x2, x1 + W, cy1, false));
        return new Diagram("replication", "Replication", "One side of a csi-addons replication pair (csi-addons replication.proto):"
                + " EnableVolumeReplication starts it as primary; DemoteVolume and PromoteVolume swap the roles; ResyncVolume"
                + " copies a secondary from the primary again and clears an error the array reported; when the peer is promoted"
                + " while this side is still primary the pair is in split brain until one side is demoted.",
                boxes, arrows, x2 + W + MARGIN, y1 + BOX_H + MARGIN + 10);
    }

    private static Arrow horizontal(String id, String label, String from, String to, double xFrom, double xTo, double y, boolean event) {
        return new Arrow(id, label, from, to, List.of(new Point(xFrom, y), new Point(xTo, y)),
                new Point((xFrom + xTo) / 2, y - 13), Anchor.MIDDLE, event);
    }

    private static Arrow vertical(String id, String label, String from, String to, double x, double yTop, double yBottom,
                                  boolean down, boolean event) {
        List<Point> pts = down ? List.of(new Point(x, yTop), new Point(x, yBottom)) : List.of(new Point(x, yBottom), new Point(x, yTop));
        return new Arrow(id, label, from, to, pts, new Point(down ? x - 8 : x + 8, (yTop + yBottom) / 2),
                down ? Anchor.END : Anchor.START, event);
    }

    /** The box a snapshot is in: READY_TO_USE or CREATING. */
    public static String stateOf(Snapshot s) {
        return s.readyToUse() ? READY_TO_USE : CREATING;
    }

    /** The box a group snapshot is in: READY_TO_USE or CREATING. */
    public static String stateOf(GroupSnapshot g) {
        return g.readyToUse() ? READY_TO_USE : CREATING;
    }

    /**
     * The box one side of a replication pair is in, from its role, health and the plugin's
     * message: SPLIT_BRAIN for an ERROR whose message says split brain, ERROR for another error,
     * RESYNCING while the message says a resync runs, else PRIMARY or SECONDARY by role; INITIAL
     * for a volume that is not replicated; null when the role is not reported.
     */
    public static String stateOf(VolumeReplication r) {
        if (r == null || !r.replicated()) return INITIAL;
        String m = r.message().toLowerCase(Locale.ROOT);
        if (r.health() == ReplicationHealth.ERROR) return m.contains("split") ? SPLIT_BRAIN : ERROR;
        if (m.contains("resync in progress") || m.contains("resyncing")) return RESYNCING;
        if (r.role() == VolumeReplicationRole.PRIMARY) return PRIMARY;
        if (r.role() == VolumeReplicationRole.SECONDARY) return SECONDARY;
        return null;
    }
}
