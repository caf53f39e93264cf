package org.csiconsole.core.risk;

import java.time.Instant;
import java.util.Objects;

/**
 * One place a volume is known to be on a node: published to it by the controller, staged on it, or
 * published on it at a target path (CSI spec, "Volume Lifecycle"), and how that is known.
 *
 * @param nodeId the CSI {@code node_id}
 * @param step which step holds the volume there
 * @param path the {@code staging_target_path} or {@code target_path}; empty for a controller publish or when unknown
 * @param from who says so: the driver's own report, or this console's successful call
 * @param at when the console's call succeeded; null when reported by the driver or unknown
 */
public record Placement(String nodeId, Kind step, String path, Knowledge from, Instant at) {
    /** The lifecycle step that holds the volume on the node. */
    public enum Kind {
        /** ControllerPublishVolume in effect. */
        PUBLISHED("published to"),
        /** NodeStageVolume in effect. */
        STAGED("staged on"),
        /** NodePublishVolume in effect. */
        NODE_PUBLISHED("published on");

        private final String words;

        Kind(String words) {
            this.words = words;
        }

        /** {@code "published to"}, {@code "staged on"}, {@code "published on"}. */
        public String words() {
            return words;
        }
    }

    /** Who knows a fact. */
    public enum Knowledge {
        /** The driver reported it (published_node_ids, a CSP host's volumes, the reference plugin's state). */
        DRIVER,
        /** This console's own successful call made it, and no later call of the console undid it. */
        CONSOLE
    }

    public Placement {
        Objects.requireNonNull(nodeId, "nodeId");
        Objects.requireNonNull(step, "step");
        path = path == null ? "" : path;
        Objects.requireNonNull(from, "from");
    }

    /** {@code "published to node-1 (reported by the driver)"}, {@code "staged on node-1 at /var/... (staged by this console)"}. */
    public String describe() {
        StringBuilder s = new StringBuilder(step.words()).append(' ').append(nodeId);
        if (!path.isEmpty()) s.append(" at ").append(path);
        s.append(" (").append(from == Knowledge.DRIVER ? "reported by the driver"
                : switch (step) {
                    case PUBLISHED -> "ControllerPublishVolume by this console";
                    case STAGED -> "NodeStageVolume by this console";
                    case NODE_PUBLISHED -> "NodePublishVolume by this console";
                });
        if (at != null) s.append(" at ").append(at);
        return s.append(')').toString();
    }
}
