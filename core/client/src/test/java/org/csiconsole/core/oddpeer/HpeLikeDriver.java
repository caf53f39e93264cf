package org.csiconsole.core.oddpeer;

import csi.v1.ControllerGrpc;
import csi.v1.Csi;
import csi.v1.IdentityGrpc;
import csi.v1.NodeGrpc;
import io.grpc.BindableService;
import io.grpc.Status;
import io.grpc.stub.StreamObserver;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * An odd peer shaped like the HPE CSI driver ({@value #NAME}) in front of a CSP: its
 * {@code volume_id}s are the CSP's volume ids, its volumes carry no name and no size in ListVolumes
 * (the CSP has them), and it lists only the arrays it holds credentials for, so ListVolumes answers
 * an empty list until the driver has seen secrets; CreateVolume without secrets answers
 * INVALID_ARGUMENT {@value #NO_SECRETS}. Its node is {@value #NODE_ID}, the CSP host's uuid.
 * Advertising PUBLISH_UNPUBLISH_VOLUME is a choice, so a test can restart it with fewer
 * capabilities. Other modules reuse it through core's test-jar.
 */
public final class HpeLikeDriver extends OddPeer {
    public static final String NAME = "csi.hpe.com";
    /** What CreateVolume answers, INVALID_ARGUMENT, when the request carries no secrets. */
    public static final String NO_SECRETS = "no secrets have been provided";
    /** The node's id (NodeGetInfo), the uuid of its CSP host. */
    public static final String NODE_ID = "41302701-0196-420f-b319-834a79891db0";

    private final boolean publishes;
    /** The volumes the driver serves: CSP volume id to the node ids it is published to. */
    private final Map<String, List<String>> volumes = new ConcurrentHashMap<>();
    private volatile boolean credentials;

    /** @param publishes whether the controller advertises PUBLISH_UNPUBLISH_VOLUME */
    public HpeLikeDriver(boolean publishes) {
        this.publishes = publishes;
    }

    /** Serves the CSP volume {@code cspVolumeId}, published to {@code nodeIds}. */
    public HpeLikeDriver serving(String cspVolumeId, String... nodeIds) {
        volumes.put(cspVolumeId, List.of(nodeIds));
        return this;
    }

    /**
     * Seam until the console sends secrets: the real driver keeps an array's credentials once a call
     * carrying secrets reached it, and lists that array from then on. A call with secrets in its
     * request does the same here; this stands in for it where the console sends none yet.
     */
    public void credentialsGiven() {
        credentials = true;
    }

    @Override
    List<BindableService> services() {
        return List.of(identity(), controller(), node());
    }

    private IdentityGrpc.IdentityImplBase identity() {
        return new IdentityGrpc.IdentityImplBase() {
            @Override
            public void getPluginInfo(Csi.GetPluginInfoRequest req, StreamObserver<Csi.GetPluginInfoResponse> out) {
                count("GetPluginInfo");
                answer(out, Csi.GetPluginInfoResponse.newBuilder().setName(NAME).setVendorVersion("2.5.2").build());
            }

            @Override
            public void getPluginCapabilities(Csi.GetPluginCapabilitiesRequest req, StreamObserver<Csi.GetPluginCapabilitiesResponse> out) {
                count("GetPluginCapabilities");
                answer(out, Csi.GetPluginCapabilitiesResponse.newBuilder().addCapabilities(Csi.PluginCapability.newBuilder()
                        .setService(Csi.PluginCapability.Service.newBuilder().setType(Csi.PluginCapability.Service.Type.CONTROLLER_SERVICE)))
                        .build());
            }

            @Override
            public void probe(Csi.ProbeRequest req, StreamObserver<Csi.ProbeResponse> out) {
                count("Probe");
                answer(out, Csi.ProbeResponse.newBuilder().setReady(com.google.protobuf.BoolValue.of(true)).build());
            }
        };
    }

    private static Csi.ControllerServiceCapability rpc(Csi.ControllerServiceCapability.RPC.Type t) {
        return Csi.ControllerServiceCapability.newBuilder().setRpc(Csi.ControllerServiceCapability.RPC.newBuilder().setType(t)).build();
    }

    private ControllerGrpc.ControllerImplBase controller() {
        return new ControllerGrpc.ControllerImplBase() {
            @Override
            public void controllerGetCapabilities(Csi.ControllerGetCapabilitiesRequest req,
                                                  StreamObserver<Csi.ControllerGetCapabilitiesResponse> out) {
                count("ControllerGetCapabilities");
                Csi.ControllerGetCapabilitiesResponse.Builder b = Csi.ControllerGetCapabilitiesResponse.newBuilder()
                        .addCapabilities(rpc(Csi.ControllerServiceCapability.RPC.Type.CREATE_DELETE_VOLUME))
                        .addCapabilities(rpc(Csi.ControllerServiceCapability.RPC.Type.LIST_VOLUMES))
                        .addCapabilities(rpc(Csi.ControllerServiceCapability.RPC.Type.LIST_VOLUMES_PUBLISHED_NODES));
                if (publishes) b.addCapabilities(rpc(Csi.ControllerServiceCapability.RPC.Type.PUBLISH_UNPUBLISH_VOLUME));
                answer(out, b.build());
            }

            @Override
            public void listVolumes(Csi.ListVolumesRequest req, StreamObserver<Csi.ListVolumesResponse> out) {
                count("ListVolumes");
                Csi.ListVolumesResponse.Builder b = Csi.ListVolumesResponse.newBuilder();
                if (credentials) {
                    List<String> ids = new ArrayList<>(volumes.keySet());
                    ids.sort(null);
                    for (String id : ids) {
                        b.addEntries(Csi.ListVolumesResponse.Entry.newBuilder()
                                .setVolume(Csi.Volume.newBuilder().setVolumeId(id))
                                .setStatus(Csi.ListVolumesResponse.VolumeStatus.newBuilder().addAllPublishedNodeIds(volumes.get(id))));
                    }
                }
                answer(out, b.build());
            }

            @Override
            public void createVolume(Csi.CreateVolumeRequest req, StreamObserver<Csi.CreateVolumeResponse> out) {
                count("CreateVolume");
                if (req.getSecretsCount() == 0) {
                    out.onError(Status.INVALID_ARGUMENT.withDescription(NO_SECRETS).asRuntimeException());
                    return;
                }
                credentials = true;
                out.onError(Status.UNIMPLEMENTED.withDescription("not part of this peer").asRuntimeException());
            }
        };
    }

    private NodeGrpc.NodeImplBase node() {
        return new NodeGrpc.NodeImplBase() {
            @Override
            public void nodeGetCapabilities(Csi.NodeGetCapabilitiesRequest req, StreamObserver<Csi.NodeGetCapabilitiesResponse> out) {
                count("NodeGetCapabilities");
                answer(out, Csi.NodeGetCapabilitiesResponse.newBuilder().addCapabilities(Csi.NodeServiceCapability.newBuilder()
                        .setRpc(Csi.NodeServiceCapability.RPC.newBuilder().setType(Csi.NodeServiceCapability.RPC.Type.STAGE_UNSTAGE_VOLUME)))
                        .build());
            }

            @Override
            public void nodeGetInfo(Csi.NodeGetInfoRequest req, StreamObserver<Csi.NodeGetInfoResponse> out) {
                count("NodeGetInfo");
                answer(out, Csi.NodeGetInfoResponse.newBuilder().setNodeId(NODE_ID).build());
            }
        };
    }
}
