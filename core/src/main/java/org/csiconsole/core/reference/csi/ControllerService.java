package org.csiconsole.core.reference.csi;

import csi.v1.*;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.fault.Faults;

/** CSI Controller service of the reference plugin. */
public final class ControllerService extends ControllerGrpc.ControllerImplBase {
    public ControllerService(ArrayModel model, Faults faults) {}
}
