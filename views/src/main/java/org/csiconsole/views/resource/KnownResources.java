package org.csiconsole.views.resource;

import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.Volume;

/**
 * The volumes and snapshots one connection is known to hold because this console created them,
 * whatever its listings say. A driver that does not advertise LIST_VOLUMES or LIST_SNAPSHOTS (CSI
 * spec, "ControllerGetCapabilities") cannot show them again; the views then show these instead,
 * marked as known to this console, so they can still be selected and deleted.
 *
 * <p>Fed by the create and delete commands of the views; a durable record of the commands (an
 * audit log) can feed another implementation the same way. {@link #inSession()} keeps them in
 * memory for as long as the application runs.
 */
public interface KnownResources {

    /** Volumes created through this console (CreateVolume, CSP {@code POST /volumes}), keyed by volume_id. */
    KnownList<Volume> volumes();

    /** Snapshots created through this console (CreateSnapshot, CSP {@code POST /snapshots}), keyed by snapshot_id. */
    KnownList<Snapshot> snapshots();

    /** An empty registry held in memory: what it learns is forgotten when the application ends. */
    static KnownResources inSession() {
        return new SessionKnownResources();
    }
}
