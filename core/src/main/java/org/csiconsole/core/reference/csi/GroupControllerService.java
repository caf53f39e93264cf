package org.csiconsole.core.reference.csi;

import csi.v1.*;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.fault.Faults;

/** CSI GroupController service of the reference plugin. */
public final class GroupControllerService extends GroupControllerGrpc.GroupControllerImplBase {
    public GroupControllerService(ArrayModel model, Faults faults) {}
}
