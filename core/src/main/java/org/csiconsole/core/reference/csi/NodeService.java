package org.csiconsole.core.reference.csi;

import csi.v1.*;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.fault.Faults;

/** CSI Node service of the reference plugin. */
public final class NodeService extends NodeGrpc.NodeImplBase {
    public NodeService(ArrayModel model, Faults faults, String nodeId) {}
}
