package org.csiconsole.core.reference.shape;

import com.google.protobuf.Descriptors.EnumDescriptor;
import com.google.protobuf.Descriptors.EnumValueDescriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Message;
import csi.v1.Csi;
import io.grpc.BindableService;
import io.grpc.ForwardingServerCall;
import io.grpc.ForwardingServerCallListener;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.ServerInterceptors;
import io.grpc.Status;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import org.csiconsole.core.call.Redactor;

/**
 * How far the reference plugin behaves like a stricter real driver: secrets required on every call
 * whose request has a field marked {@code csi_secret}, capabilities it stops advertising (and the
 * RPCs behind them refused), and an empty Probe answer. {@link #GENEROUS} changes nothing.
 *
 * <p>Secrets: a request without secrets is refused with INVALID_ARGUMENT "provided secret is empty"
 * (CSI spec, Error Scheme: a missing required field is INVALID_ARGUMENT; ceph-csi's RBD driver
 * answers INTERNAL with the same words); secrets that differ from the required ones are refused with
 * UNAUTHENTICATED (gRPC: the request does not have valid authentication credentials). Which fields are
 * secret is read from the descriptors' options ({@link Redactor#isSecret}), never from a list of names.
 *
 * <p>Capabilities are named by their enum value, optionally qualified by where they are advertised:
 * {@code plugin:} (GetPluginCapabilities), {@code controller:}, {@code node:}, {@code group:}
 * (GroupControllerGetCapabilities) or {@code addons:} (csi-addons GetCapabilities); a bare name means
 * every place it occurs. An RPC behind an unadvertised capability answers UNIMPLEMENTED (gRPC's code
 * for a method the server does not implement, which the CSI spec uses for optional RPCs), except a
 * clone without CLONE_VOLUME, which CreateVolume refuses with INVALID_ARGUMENT as the spec prescribes for
 * a source the plugin cannot create from. A capability that only qualifies another one goes with it
 * (LIST_VOLUMES takes LIST_VOLUMES_PUBLISHED_NODES, CREATE_DELETE_VOLUME takes CLONE_VOLUME,
 * PUBLISH_UNPUBLISH_VOLUME takes PUBLISH_READONLY, csi-addons VOLUME_GROUP takes its two limits).
 */
public final class DriverShape implements ServerInterceptor {
    /** The reference plugin as it is: no secrets required, every capability advertised, Probe reports ready. */
    public static final DriverShape GENEROUS = new DriverShape(Optional.empty(), Set.of(), false);

    /** Capabilities whose RPCs this plugin cannot do without: leaving them out would make it wrong, not strict. */
    private static final Set<String> REQUIRED = Set.of("node:STAGE_UNSTAGE_VOLUME");
    /** Capabilities that only qualify another one: left out with it, so that what is advertised stays coherent. */
    private static final Map<String, List<String>> QUALIFIERS = Map.of(
            "controller:LIST_VOLUMES", List.of("controller:LIST_VOLUMES_PUBLISHED_NODES"),
            "controller:CREATE_DELETE_VOLUME", List.of("controller:CLONE_VOLUME"),
            "controller:PUBLISH_UNPUBLISH_VOLUME", List.of("controller:PUBLISH_READONLY"),
            "addons:VOLUME_GROUP", List.of("addons:LIMIT_VOLUME_TO_ONE_VOLUME_GROUP", "addons:DO_NOT_ALLOW_VG_TO_DELETE_VOLUMES"));

    private static final Map<String, EnumDescriptor[]> SCOPES = new LinkedHashMap<>();
    private static final Map<String, String> CAPABILITY_METHOD = Map.of(
            "csi.v1.Identity/GetPluginCapabilities", "plugin",
            "csi.v1.Controller/ControllerGetCapabilities", "controller",
            "csi.v1.Node/NodeGetCapabilities", "node",
            "csi.v1.GroupController/GroupControllerGetCapabilities", "group",
            "identity.Identity/GetCapabilities", "addons");
    /** scope:NAME → the RPCs (full method names, or a service name followed by "/") that need it. */
    private static final Map<String, List<String>> RPCS = new TreeMap<>();

    static {
        SCOPES.put("plugin", new EnumDescriptor[] {Csi.PluginCapability.Service.Type.getDescriptor(),
                Csi.PluginCapability.VolumeExpansion.Type.getDescriptor()});
        SCOPES.put("controller", new EnumDescriptor[] {Csi.ControllerServiceCapability.RPC.Type.getDescriptor()});
        SCOPES.put("node", new EnumDescriptor[] {Csi.NodeServiceCapability.RPC.Type.getDescriptor()});
        SCOPES.put("group", new EnumDescriptor[] {Csi.GroupControllerServiceCapability.RPC.Type.getDescriptor()});
        List<EnumDescriptor> addons = new ArrayList<>();
        for (var nested : identity.IdentityProto.Capability.getDescriptor().getNestedTypes()) addons.addAll(nested.getEnumTypes());
        SCOPES.put("addons", addons.toArray(EnumDescriptor[]::new));
        rpcs("plugin:CONTROLLER_SERVICE", "csi.v1.Controller/");
        rpcs("plugin:GROUP_CONTROLLER_SERVICE", "csi.v1.GroupController/");
        rpcs("plugin:SNAPSHOT_METADATA_SERVICE", "csi.v1.SnapshotMetadata/");
        rpcs("controller:CREATE_DELETE_VOLUME", "csi.v1.Controller/CreateVolume", "csi.v1.Controller/DeleteVolume");
        rpcs("controller:PUBLISH_UNPUBLISH_VOLUME", "csi.v1.Controller/ControllerPublishVolume",
                "csi.v1.Controller/ControllerUnpublishVolume");
        rpcs("controller:LIST_VOLUMES", "csi.v1.Controller/ListVolumes");
        rpcs("controller:GET_CAPACITY", "csi.v1.Controller/GetCapacity");
        rpcs("controller:CREATE_DELETE_SNAPSHOT", "csi.v1.Controller/CreateSnapshot", "csi.v1.Controller/DeleteSnapshot");
        rpcs("controller:LIST_SNAPSHOTS", "csi.v1.Controller/ListSnapshots");
        rpcs("controller:EXPAND_VOLUME", "csi.v1.Controller/ControllerExpandVolume");
        rpcs("controller:GET_VOLUME", "csi.v1.Controller/ControllerGetVolume");
        rpcs("controller:MODIFY_VOLUME", "csi.v1.Controller/ControllerModifyVolume");
        rpcs("controller:GET_SNAPSHOT", "csi.v1.Controller/GetSnapshot");
        rpcs("node:GET_VOLUME_STATS", "csi.v1.Node/NodeGetVolumeStats");
        rpcs("node:EXPAND_VOLUME", "csi.v1.Node/NodeExpandVolume");
        rpcs("group:CREATE_DELETE_GET_VOLUME_GROUP_SNAPSHOT", "csi.v1.GroupController/CreateVolumeGroupSnapshot",
                "csi.v1.GroupController/DeleteVolumeGroupSnapshot", "csi.v1.GroupController/GetVolumeGroupSnapshot");
        rpcs("addons:OFFLINE", "reclaimspace.ReclaimSpaceController/");
        rpcs("addons:ONLINE", "reclaimspace.ReclaimSpaceNode/");
        rpcs("addons:NETWORK_FENCE", "fence.FenceController/FenceClusterNetwork", "fence.FenceController/UnfenceClusterNetwork",
                "fence.FenceController/ListClusterFence");
        rpcs("addons:GET_CLIENTS_TO_FENCE", "fence.FenceController/GetFenceClients");
        rpcs("addons:VOLUME_REPLICATION", "replication.Controller/EnableVolumeReplication",
                "replication.Controller/DisableVolumeReplication", "replication.Controller/PromoteVolume",
                "replication.Controller/DemoteVolume", "replication.Controller/ResyncVolume",
                "replication.Controller/GetVolumeReplicationInfo");
        rpcs("addons:GET_REPLICATION_DESTINATION_INFO", "replication.Controller/GetReplicationDestinationInfo");
        rpcs("addons:VOLUME_GROUP", "volumegroup.Controller/CreateVolumeGroup", "volumegroup.Controller/DeleteVolumeGroup");
        rpcs("addons:MODIFY_VOLUME_GROUP", "volumegroup.Controller/ModifyVolumeGroupMembership");
        rpcs("addons:GET_VOLUME_GROUP", "volumegroup.Controller/ControllerGetVolumeGroup");
        rpcs("addons:LIST_VOLUME_GROUPS", "volumegroup.Controller/ListVolumeGroups");
        rpcs("addons:ENCRYPTIONKEYROTATION", "encryptionkeyrotation.EncryptionKeyRotationController/");
    }

    private static void rpcs(String capability, String... methods) {
        RPCS.put(capability, List.of(methods));
    }

    private final Optional<Map<String, String>> requiredSecrets;
    private final Set<String> without;
    private final boolean emptyProbe;
    private final Redactor schema = new Redactor();

    private DriverShape(Optional<Map<String, String>> requiredSecrets, Set<String> without, boolean emptyProbe) {
        this.requiredSecrets = requiredSecrets.map(Map::copyOf);
        this.without = Set.copyOf(without);
        this.emptyProbe = emptyProbe;
    }

    /**
     * A shape.
     *
     * @param requiredSecrets the secrets every call with a secret field must carry, or empty to require none
     * @param withoutCapabilities capability names, bare or {@code scope:NAME} ({@link #validNames()})
     * @param emptyProbe true to answer Probe with an empty ProbeResponse (ready unset: CSI spec, Probe,
     *     "the CO MAY assume the plugin is ready")
     * @throws IllegalArgumentException for an unknown name (the message lists the valid ones) or one this
     *     plugin cannot work without (node STAGE_UNSTAGE_VOLUME), or for empty required secrets
     */
    public static DriverShape of(Optional<Map<String, String>> requiredSecrets, List<String> withoutCapabilities, boolean emptyProbe) {
        Objects.requireNonNull(requiredSecrets, "requiredSecrets");
        if (requiredSecrets.isPresent() && requiredSecrets.get().isEmpty()) {
            throw new IllegalArgumentException("The required secrets are empty: give at least one key=value.");
        }
        Set<String> out = new TreeSet<>();
        for (String raw : withoutCapabilities) {
            String name = raw.trim().toUpperCase(Locale.ROOT);
            if (name.isEmpty()) continue;
            int colon = name.indexOf(':');
            String scope = colon < 0 ? null : name.substring(0, colon).toLowerCase(Locale.ROOT);
            String value = colon < 0 ? name : name.substring(colon + 1);
            List<String> matched = new ArrayList<>();
            for (String s : SCOPES.keySet()) {
                if ((scope == null || scope.equals(s)) && names(s).contains(value)) matched.add(s + ":" + value);
            }
            if (matched.isEmpty()) {
                throw new IllegalArgumentException("'" + raw.trim() + "' is not a capability. Valid names (bare, or qualified by where "
                        + "they are advertised): " + String.join(", ", validNames()) + ".");
            }
            for (String m : matched) {
                if (REQUIRED.contains(m)) {
                    throw new IllegalArgumentException(m + " cannot be left out: the reference plugin's NodePublishVolume needs the "
                            + "staging path that NodeStageVolume makes.");
                }
            }
            out.addAll(matched);
            matched.forEach(m -> out.addAll(QUALIFIERS.getOrDefault(m, List.of())));
        }
        return new DriverShape(requiredSecrets, out, emptyProbe);
    }

    /** Every capability name, as {@code scope:NAME}, sorted by scope then name. */
    public static List<String> validNames() {
        List<String> out = new ArrayList<>();
        SCOPES.keySet().forEach(s -> names(s).forEach(n -> out.add(s + ":" + n)));
        return out;
    }

    private static Set<String> names(String scope) {
        Set<String> out = new TreeSet<>();
        for (EnumDescriptor e : SCOPES.get(scope)) {
            for (EnumValueDescriptor v : e.getValues()) {
                if (v.getNumber() != 0) out.add(v.getName());
            }
        }
        return out;
    }

    /** The capabilities left out, as {@code scope:NAME}. */
    public Set<String> withoutCapabilities() {
        return without;
    }

    /** True when this shape changes nothing. */
    public boolean isGenerous() {
        return requiredSecrets.isEmpty() && without.isEmpty() && !emptyProbe;
    }

    /** One line for a banner, e.g. {@code secrets required, without controller:LIST_VOLUMES, empty Probe}; never a secret value. */
    public String describe() {
        List<String> parts = new ArrayList<>();
        requiredSecrets.ifPresent(m -> parts.add("secrets required (keys " + new TreeSet<>(m.keySet()) + ")"));
        if (!without.isEmpty()) parts.add("without " + String.join(", ", new TreeSet<>(without)));
        if (emptyProbe) parts.add("empty Probe");
        return parts.isEmpty() ? "generous" : String.join("; ", parts);
    }

    /** {@code service} with this shape in front of it. */
    public BindableService wrap(BindableService service) {
        return isGenerous() ? service : () -> ServerInterceptors.intercept(service, this);
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers, ServerCallHandler<Q, R> next) {
        String method = call.getMethodDescriptor().getFullMethodName();
        Optional<String> missing = unadvertised(method);
        if (missing.isPresent()) {
            call.close(Status.UNIMPLEMENTED.withDescription(method + " is not served: this plugin does not advertise "
                    + missing.get() + "."), new Metadata());
            return new ServerCall.Listener<>() {
            };
        }
        ServerCall<Q, R> shaped = new ForwardingServerCall.SimpleForwardingServerCall<>(call) {
            @Override
            public void sendMessage(R message) {
                super.sendMessage(reshape(method, message));
            }
        };
        return new ForwardingServerCallListener.SimpleForwardingServerCallListener<>(next.startCall(shaped, headers)) {
            private boolean refused;

            @Override
            public void onMessage(Q message) {
                Status refusal = refusal(method, (Message) message);
                if (refusal != null) {
                    refused = true;
                    call.close(refusal, new Metadata());
                    return;
                }
                super.onMessage(message);
            }

            @Override
            public void onHalfClose() {
                if (!refused) super.onHalfClose();
            }
        };
    }

    private Optional<String> unadvertised(String method) {
        for (String capability : without) {
            for (String rpc : RPCS.getOrDefault(capability, List.of())) {
                if (rpc.endsWith("/") ? method.startsWith(rpc) : method.equals(rpc)) return Optional.of(capability);
            }
        }
        return Optional.empty();
    }

    private Status refusal(String method, Message request) {
        if (requiredSecrets.isPresent()) {
            Optional<Map<String, String>> given = secrets(request);
            if (given.isPresent()) {
                if (given.get().isEmpty()) return Status.INVALID_ARGUMENT.withDescription("provided secret is empty");
                if (!given.get().equals(requiredSecrets.get())) {
                    return Status.UNAUTHENTICATED.withDescription("the provided secrets are not the ones this driver accepts "
                            + "(keys given: " + new TreeSet<>(given.get().keySet()) + ")");
                }
            }
        }
        if (without.contains("controller:CLONE_VOLUME") && request instanceof Csi.CreateVolumeRequest c
                && c.getVolumeContentSource().hasVolume()) {
            return Status.INVALID_ARGUMENT.withDescription("CreateVolume from volume " + c.getVolumeContentSource().getVolume().getVolumeId()
                    + ": this plugin does not advertise CLONE_VOLUME and cannot create a volume from another volume.");
        }
        return null;
    }

    /** The request's secrets (every top-level field marked secret), or empty when its type has no secret field. */
    private Optional<Map<String, String>> secrets(Message request) {
        Map<String, String> out = null;
        for (FieldDescriptor f : request.getDescriptorForType().getFields()) {
            if (!schema.isSecret(f)) continue;
            if (out == null) out = new TreeMap<>();
            if (f.isMapField()) {
                for (Object entry : (List<?>) request.getField(f)) {
                    Message e = (Message) entry;
                    out.put(String.valueOf(e.getField(e.getDescriptorForType().findFieldByName("key"))),
                            String.valueOf(e.getField(e.getDescriptorForType().findFieldByName("value"))));
                }
            }
        }
        return Optional.ofNullable(out);
    }

    @SuppressWarnings("unchecked")
    private <R> R reshape(String method, R message) {
        if (emptyProbe && method.equals("csi.v1.Identity/Probe")) return (R) Csi.ProbeResponse.getDefaultInstance();
        String scope = CAPABILITY_METHOD.get(method);
        if (scope == null || without.isEmpty() || !(message instanceof Message m)) return message;
        FieldDescriptor caps = m.getDescriptorForType().findFieldByName("capabilities");
        Message.Builder b = m.toBuilder().clearField(caps);
        for (Object c : (List<?>) m.getField(caps)) {
            if (!mentionsRemoved(scope, (Message) c)) b.addRepeatedField(caps, c);
        }
        return (R) b.build();
    }

    private boolean mentionsRemoved(String scope, Message m) {
        for (Map.Entry<FieldDescriptor, Object> e : m.getAllFields().entrySet()) {
            Object v = e.getValue();
            if (v instanceof EnumValueDescriptor ev && without.contains(scope + ":" + ev.getName())) return true;
            if (v instanceof Message nested && mentionsRemoved(scope, nested)) return true;
        }
        return false;
    }
}
