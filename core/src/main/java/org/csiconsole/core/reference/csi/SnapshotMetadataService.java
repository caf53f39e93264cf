package org.csiconsole.core.reference.csi;

import csi.v1.*;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.fault.Faults;

/** CSI SnapshotMetadata service of the reference plugin. */
public final class SnapshotMetadataService extends SnapshotMetadataGrpc.SnapshotMetadataImplBase {
    public SnapshotMetadataService(ArrayModel model, Faults faults) {}
}
