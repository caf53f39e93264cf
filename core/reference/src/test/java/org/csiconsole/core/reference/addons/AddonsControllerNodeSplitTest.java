package org.csiconsole.core.reference.addons;

import fence.Fence;
import fence.FenceControllerGrpc;
import identity.IdentityGrpc;
import identity.IdentityProto;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import org.csiconsole.core.endpoint.ChannelFactory;
import org.csiconsole.core.endpoint.Connection;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import reclaimspace.ReclaimSpace;
import reclaimspace.ReclaimSpaceControllerGrpc;
import reclaimspace.ReclaimSpaceNodeGrpc;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * With a separate node socket, the csi-addons controller services are served on the controller
 * socket and the node services on the node socket, each with an Identity that advertises only its
 * side.
 */
class AddonsControllerNodeSplitTest {
    @TempDir
    Path dir;

    private static List<IdentityProto.Capability.Service.Type> services(Connection c) {
        return IdentityGrpc.newBlockingStub(c.channel()).getCapabilities(IdentityProto.GetCapabilitiesRequest.getDefaultInstance())
                .getCapabilitiesList().stream().filter(IdentityProto.Capability::hasService).map(x -> x.getService().getType()).toList();
    }

    private static Status.Code code(Runnable call) {
        try {
            call.run();
            return Status.Code.OK;
        } catch (StatusRuntimeException e) {
            return e.getStatus().getCode();
        }
    }

    @Test
    void controllerAndNodeAddonsAreServedOnTheirOwnSockets() throws Exception {
        Path ctrl = dir.resolve("c.sock");
        Path node = dir.resolve("n.sock");
        ChannelFactory channels = new ChannelFactory();
        try (ReferencePlugin p = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.EMPTY).start()) {
            p.serve(ctrl, Optional.of(node));
            try (Connection c = channels.open(new Endpoint.Unix(ctrl)); Connection n = channels.open(new Endpoint.Unix(node))) {
                assertThat(services(c)).containsExactly(IdentityProto.Capability.Service.Type.CONTROLLER_SERVICE);
                assertThat(services(n)).containsExactly(IdentityProto.Capability.Service.Type.NODE_SERVICE);

                var listFences = Fence.ListClusterFenceRequest.getDefaultInstance();
                assertThat(code(() -> FenceControllerGrpc.newBlockingStub(c.channel()).listClusterFence(listFences))).isEqualTo(Status.Code.OK);
                assertThat(code(() -> FenceControllerGrpc.newBlockingStub(n.channel()).listClusterFence(listFences)))
                        .isEqualTo(Status.Code.UNIMPLEMENTED);

                var nodeReclaim = ReclaimSpace.NodeReclaimSpaceRequest.getDefaultInstance();
                assertThat(code(() -> ReclaimSpaceNodeGrpc.newBlockingStub(n.channel()).nodeReclaimSpace(nodeReclaim)))
                        .as("served: the empty request is refused by the service").isEqualTo(Status.Code.INVALID_ARGUMENT);
                assertThat(code(() -> ReclaimSpaceNodeGrpc.newBlockingStub(c.channel()).nodeReclaimSpace(nodeReclaim)))
                        .isEqualTo(Status.Code.UNIMPLEMENTED);
                var ctrlReclaim = ReclaimSpace.ControllerReclaimSpaceRequest.getDefaultInstance();
                assertThat(code(() -> ReclaimSpaceControllerGrpc.newBlockingStub(n.channel()).controllerReclaimSpace(ctrlReclaim)))
                        .isEqualTo(Status.Code.UNIMPLEMENTED);
            }
        }
    }

    @Test
    void oneSocketServesBothSides() throws Exception {
        Path sock = dir.resolve("a.sock");
        try (ReferencePlugin p = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.EMPTY).start()) {
            p.serve(sock, Optional.empty());
            try (Connection c = new ChannelFactory().open(new Endpoint.Unix(sock))) {
                assertThat(services(c)).containsExactlyInAnyOrder(IdentityProto.Capability.Service.Type.CONTROLLER_SERVICE,
                        IdentityProto.Capability.Service.Type.NODE_SERVICE);
                assertThatThrownBy(() -> ReclaimSpaceNodeGrpc.newBlockingStub(c.channel())
                        .nodeReclaimSpace(ReclaimSpace.NodeReclaimSpaceRequest.getDefaultInstance()))
                        .isInstanceOf(StatusRuntimeException.class).hasMessageContaining("INVALID_ARGUMENT");
            }
        }
    }

    @Test
    void csiAddonsOnSocketsOfTheirOwnLeaveTheCsiSocketWithCsiAlone() throws Exception {
        Path csiSock = dir.resolve("csi.sock");
        Path addons = dir.resolve("csi-addons.sock");
        Path nodeAddons = dir.resolve("node-addons.sock");
        ChannelFactory channels = new ChannelFactory();
        try (ReferencePlugin p = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.EMPTY).start()) {
            p.serve(new ReferencePlugin.Sockets(csiSock, Optional.empty(), Optional.of(addons), Optional.of(nodeAddons)));
            try (Connection c = channels.open(new Endpoint.Unix(csiSock)); Connection a = channels.open(new Endpoint.Unix(addons));
                 Connection n = channels.open(new Endpoint.Unix(nodeAddons))) {
                var getIdentity = IdentityProto.GetIdentityRequest.getDefaultInstance();
                assertThat(code(() -> IdentityGrpc.newBlockingStub(c.channel()).getIdentity(getIdentity)))
                        .as("no csi-addons Identity on the CSI socket").isEqualTo(Status.Code.UNIMPLEMENTED);
                assertThat(csi.v1.IdentityGrpc.newBlockingStub(c.channel()).getPluginInfo(csi.v1.Csi.GetPluginInfoRequest.getDefaultInstance())
                        .getName()).isEqualTo(ReferencePlugin.PLUGIN_NAME);

                assertThat(services(a)).containsExactly(IdentityProto.Capability.Service.Type.CONTROLLER_SERVICE);
                var listFences = Fence.ListClusterFenceRequest.getDefaultInstance();
                assertThat(code(() -> FenceControllerGrpc.newBlockingStub(a.channel()).listClusterFence(listFences))).isEqualTo(Status.Code.OK);

                assertThat(services(n)).containsExactly(IdentityProto.Capability.Service.Type.NODE_SERVICE);
                var nodeReclaim = ReclaimSpace.NodeReclaimSpaceRequest.getDefaultInstance();
                assertThat(code(() -> ReclaimSpaceNodeGrpc.newBlockingStub(n.channel()).nodeReclaimSpace(nodeReclaim)))
                        .as("served: the empty request is refused by the service").isEqualTo(Status.Code.INVALID_ARGUMENT);
                assertThat(code(() -> ReclaimSpaceNodeGrpc.newBlockingStub(a.channel()).nodeReclaimSpace(nodeReclaim)))
                        .isEqualTo(Status.Code.UNIMPLEMENTED);
            }
        }
    }

    @Test
    void aSocketThatCannotBeBoundLeavesNoneOfTheOthersBound() throws Exception {
        Path csiSock = dir.resolve("csi.sock");
        Path addons = dir.resolve("no-such-dir").resolve("csi-addons.sock");
        try (ReferencePlugin p = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.EMPTY).start()) {
            assertThatThrownBy(() -> p.serve(new ReferencePlugin.Sockets(csiSock, Optional.empty(), Optional.of(addons), Optional.empty())))
                    .isInstanceOf(java.io.IOException.class);
            assertThat(csiSock).doesNotExist();
        }
    }
}
