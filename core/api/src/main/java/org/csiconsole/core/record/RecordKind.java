package org.csiconsole.core.record;

/** What a row of the record is. */
public enum RecordKind {
    /** A CSI volume ({@code volume_id}). */
    VOLUME("volume"),
    /** A CSI snapshot ({@code snapshot_id}). */
    SNAPSHOT("snapshot"),
    /** A volume group (csi-addons {@code volume_group_id}) or group snapshot ({@code group_snapshot_id}). */
    GROUP("group");

    private final String word;

    RecordKind(String word) {
        this.word = word;
    }

    /** {@code "volume"}, {@code "snapshot"}, {@code "group"}. */
    public String word() {
        return word;
    }
}
