package org.csiconsole.core.port;

/**
 * The storage one connection offers to the views: CSI (controller, node, group controller),
 * csi-addons and CSP calls behind one UI-neutral port, over {@code core.model} records.
 *
 * <p>Rules for every method (see also the package documentation):
 * <ul>
 *   <li>It returns at once; the future completes on any thread.</li>
 *   <li>A failure completes the future exceptionally with a {@link
 * org.csiconsole.core.call.CallFailure} whose kind follows
 *       the gRPC code or HTTP status (ABORTED → {@link org.csiconsole.core.call.FailureKind#BUSY},
 * UNAVAILABLE →
 *       {@link org.csiconsole.core.call.FailureKind#UNAVAILABLE}, NOT_FOUND → {@link
 * org.csiconsole.core.call.FailureKind#NOT_FOUND}, ...), with the
 *       spec's condition text as {@code why} and its recovery behaviour as {@code whatToDo}.</li>
 *   <li>A call the connection cannot make (see {@link #features()}) fails with
 *       {@link org.csiconsole.core.call.FailureKind#UNSUPPORTED}; that is what every default method
 * here does, so an
 *       implementation can offer a subset.</li>
 *   <li>Cancelling the returned future cancels the call; for listings it stops paging.</li>
 *   <li>Where a connection has both a CSI plugin and a CSP array, listings correlate the two: an
 *       object seen through both arrives once with {@link org.csiconsole.core.model.Origin#BOTH}.
 *       Changes go through CSI when the plugin advertises the call, else through the CSP.</li>
 * </ul>
 *
 * <p>The port is split by concern; a view or adapter that needs one concern can take that
 * interface alone ({@link VolumePort}, {@link NodePort}, {@link SnapshotPort}, {@link GroupPort},
 * {@link HostPort}, {@link CapacityPort}, {@link PluginPort}, {@link FencePort}).
 */
public interface StorageService extends PluginPort, VolumePort, NodePort, SnapshotPort, GroupPort, HostPort,
        CapacityPort, FencePort, AddonsVolumePort {

    /**
     * Replication on this connection: csi-addons Replication for volumes and volume groups, CSP
     * replication partners and snapshot groups ({@link org.csiconsole.core.replication.ReplicationPort});
     * {@link org.csiconsole.core.replication.ReplicationPort#NONE} when the connection offers none.
     */
    default org.csiconsole.core.replication.ReplicationPort replication() {
        return org.csiconsole.core.replication.ReplicationPort.NONE;
    }
}
