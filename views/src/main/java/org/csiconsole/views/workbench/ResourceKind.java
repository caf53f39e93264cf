package org.csiconsole.views.workbench;

import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

/** The kinds of resource listed under each connection in the navigator. */
public enum ResourceKind {
    VOLUMES("Volumes", Material2MZ.STORAGE, "volumes"),
    SNAPSHOTS("Snapshots", Material2MZ.PHOTO_CAMERA, "snapshots"),
    VOLUME_GROUPS("Volume groups", Material2AL.FOLDER, "volume groups"),
    SNAPSHOT_GROUPS("Group snapshots", Material2AL.BURST_MODE, "group snapshots"),
    HOSTS("Hosts and nodes", Material2AL.DNS, "hosts and nodes"),
    FENCES("Network fence", Material2AL.BLOCK, "fenced blocks"),
    CAPACITY("Capacity", Material2MZ.PIE_CHART, "capacity"),
    PLUGIN("Plugin", Material2AL.EXTENSION, "plugin capabilities");

    private final String title;
    private final Ikon icon;
    private final String noun;

    ResourceKind(String title, Ikon icon, String noun) {
        this.title = title;
        this.icon = icon;
        this.noun = noun;
    }

    public String title() {
        return title;
    }

    public Ikon icon() {
        return icon;
    }

    /** Lower-case noun for sentences ("the demo's volumes"). */
    public String noun() {
        return noun;
    }

    /** Whether the navigator shows a count for this kind. */
    public boolean counted() {
        return this != CAPACITY && this != PLUGIN;
    }
}
