package org.csiconsole.core.reference.array;

import java.util.List;

/**
 * A node-side record: a staged volume (NodeStageVolume) or a published target (NodePublishVolume).
 * The directory is real, under the plugin's state dir; nothing is mounted.
 *
 * @param volumeId    volume_id
 * @param nodeId      the node this happened on
 * @param staged      true for a staging record, false for a publish record
 * @param path        the path as the CO gave it (staging_target_path or target_path)
 * @param stagingPath for a publish record, the staging path it came from ("" when none)
 * @param readonly    published read-only
 * @param block       block access type
 * @param fsType      file system (mount access)
 * @param mountFlags  mount flags
 * @param accessMode  CSI access mode name
 */
public record NodeMount(String volumeId, String nodeId, boolean staged, String path, String stagingPath,
                        boolean readonly, boolean block, String fsType, List<String> mountFlags, String accessMode) {
    public NodeMount {
        mountFlags = mountFlags == null ? List.of() : List.copyOf(mountFlags);
        stagingPath = stagingPath == null ? "" : stagingPath;
        fsType = fsType == null ? "" : fsType;
    }

    String key() {
        return (staged ? "S|" : "P|") + nodeId + "|" + volumeId + "|" + path;
    }
}
