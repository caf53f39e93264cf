package org.csiconsole.core.call;

import com.google.protobuf.Descriptors.Descriptor;
import com.google.protobuf.Descriptors.FieldDescriptor;
import com.google.protobuf.Descriptors.FileDescriptor;
import com.google.protobuf.Descriptors.MethodDescriptor;
import com.google.protobuf.Descriptors.ServiceDescriptor;
import com.google.protobuf.MapEntry;
import com.google.protobuf.Message;
import org.csiconsole.core.model.ConnectionSecrets;
import org.csiconsole.core.model.SecretClass;
import org.csiconsole.core.model.Secrets;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Which calls carry secrets and of which {@link SecretClass}. Whether a call carries secrets is read
 * from the generated descriptors: its request has a top-level {@code map<string, string>} field
 * whose options mark it {@code csi_secret} ({@link Redactor#isSecret}). Only the class of such a
 * call is named here, the way Kubernetes' sidecars group them: CSI by RPC, csi-addons by service.
 * Fills a request's empty secret maps from a connection's secrets ({@link #fill}), and recognises a
 * driver's "no secrets" answer ({@link #saysSecretsMissing}).
 */
public final class SecretCalls {
    /** The CSI and csi-addons protos the console speaks. */
    static final List<FileDescriptor> FILES = List.of(csi.v1.Csi.getDescriptor(), replication.Replication.getDescriptor(),
            reclaimspace.ReclaimSpace.getDescriptor(), fence.Fence.getDescriptor(), volumegroup.VolumeGroupProto.getDescriptor(),
            encryptionkeyrotation.EncryptionKeyRotation.getDescriptor(), identity.IdentityProto.getDescriptor());

    /** CSI RPCs by bare name (CSI spec v1.12; StorageClass and VolumeSnapshotClass secret keys of the sidecars). */
    private static final Map<String, SecretClass> CSI = Map.ofEntries(
            Map.entry("CreateVolume", SecretClass.PROVISIONER),
            Map.entry("DeleteVolume", SecretClass.PROVISIONER),
            Map.entry("ValidateVolumeCapabilities", SecretClass.PROVISIONER),
            Map.entry("ControllerPublishVolume", SecretClass.CONTROLLER_PUBLISH),
            Map.entry("ControllerUnpublishVolume", SecretClass.CONTROLLER_PUBLISH),
            Map.entry("ControllerExpandVolume", SecretClass.CONTROLLER_EXPAND),
            Map.entry("ControllerModifyVolume", SecretClass.CONTROLLER_MODIFY),
            Map.entry("CreateSnapshot", SecretClass.SNAPSHOTTER),
            Map.entry("DeleteSnapshot", SecretClass.SNAPSHOTTER),
            Map.entry("ListSnapshots", SecretClass.SNAPSHOTTER),
            Map.entry("GetSnapshot", SecretClass.SNAPSHOTTER),
            Map.entry("GetMetadataAllocated", SecretClass.SNAPSHOTTER),
            Map.entry("GetMetadataDelta", SecretClass.SNAPSHOTTER),
            Map.entry("CreateVolumeGroupSnapshot", SecretClass.GROUP_SNAPSHOTTER),
            Map.entry("DeleteVolumeGroupSnapshot", SecretClass.GROUP_SNAPSHOTTER),
            Map.entry("GetVolumeGroupSnapshot", SecretClass.GROUP_SNAPSHOTTER),
            Map.entry("NodeStageVolume", SecretClass.NODE_STAGE),
            Map.entry("NodePublishVolume", SecretClass.NODE_PUBLISH),
            Map.entry("NodeExpandVolume", SecretClass.NODE_EXPAND));

    /** csi-addons services by proto package: one class per service. */
    private static final Map<String, SecretClass> ADDONS = Map.of(
            "replication", SecretClass.REPLICATION,
            "reclaimspace", SecretClass.RECLAIM_SPACE,
            "fence", SecretClass.FENCE,
            "volumegroup", SecretClass.VOLUME_GROUP,
            "encryptionkeyrotation", SecretClass.KEY_ROTATION);

    /** What drivers answer when a call lacked its secrets (ceph-csi "provided secret is empty", HPE "No secrets have been provided"). */
    private static final Pattern MISSING = Pattern.compile(
            "\\bno secrets?\\b|\\b(provided|empty|missing) secrets?\\b|\\bsecrets? (is |are |were |was )?(empty|missing|required|not (provided|given|set|found))\\b",
            Pattern.CASE_INSENSITIVE);

    private static final Redactor SCHEMA = new Redactor();
    private static final Map<String, Optional<SecretClass>> BY_FULL_NAME = new HashMap<>();
    private static final Map<String, Optional<SecretClass>> BY_BARE_NAME = new HashMap<>();

    static {
        for (MethodDescriptor m : methods()) {
            Optional<SecretClass> c = secretMaps(m.getInputType()).isEmpty() ? Optional.empty() : Optional.ofNullable(table(m));
            BY_FULL_NAME.put(m.getService().getFullName() + "/" + m.getName(), c);
            BY_BARE_NAME.merge(m.getName(), c, (a, b) -> a.equals(b) ? a : Optional.empty());
        }
    }

    private SecretCalls() {
    }

    /** Every method of the console's protos. */
    static List<MethodDescriptor> methods() {
        List<MethodDescriptor> out = new ArrayList<>();
        for (FileDescriptor f : FILES) {
            for (ServiceDescriptor s : f.getServices()) out.addAll(s.getMethods());
        }
        return out;
    }

    /** The class the table gives a method, or null. */
    static SecretClass table(MethodDescriptor m) {
        String pkg = m.getFile().getPackage();
        return pkg.equals("csi.v1") ? CSI.get(m.getName()) : ADDONS.get(pkg);
    }

    /** The top-level {@code map<string, string>} fields of {@code type} marked secret. */
    static List<FieldDescriptor> secretMaps(Descriptor type) {
        List<FieldDescriptor> out = new ArrayList<>();
        for (FieldDescriptor f : type.getFields()) {
            if (f.isMapField() && SCHEMA.isSecret(f)
                    && f.getMessageType().findFieldByName("value").getJavaType() == FieldDescriptor.JavaType.STRING) {
                out.add(f);
            }
        }
        return out;
    }

    /**
     * The secret class of a call, by gRPC full method name ({@code csi.v1.Controller/CreateVolume}) or
     * bare name ({@code CreateVolume}, when no two services share it); empty when its request carries
     * no secrets.
     */
    public static Optional<SecretClass> classOf(String method) {
        if (method == null) return Optional.empty();
        Optional<SecretClass> c = method.contains("/") ? BY_FULL_NAME.get(method) : BY_BARE_NAME.get(method);
        return c == null ? Optional.empty() : c;
    }

    /**
     * {@code request} with each empty secret map filled from {@code secrets} for the call's class;
     * {@code request} itself when the call carries no secrets, its caller gave some, or the connection
     * has none for its class. Secrets a caller gave win over the connection's.
     *
     * @param method the gRPC full method name
     * @throws CallFailure INVALID_ARGUMENT when the connection's source for the class cannot be read
     */
    @SuppressWarnings("unchecked")
    public static <Q extends Message> Q fill(Q request, String method, ConnectionSecrets secrets) {
        if (secrets == null || !secrets.configured()) return request;
        Optional<SecretClass> c = classOf(method);
        if (c.isEmpty()) return request;
        List<FieldDescriptor> fields = secretMaps(request.getDescriptorForType());
        Message.Builder b = null;
        Secrets given = null;
        for (FieldDescriptor f : fields) {
            if (request.getRepeatedFieldCount(f) > 0) continue;
            if (given == null) given = secrets.forClass(c.get());
            if (given.isEmpty()) return request;
            if (b == null) b = request.toBuilder();
            for (Map.Entry<String, String> e : given.values().entrySet()) {
                MapEntry<String, String> proto = (MapEntry<String, String>) b.newBuilderForField(f).build();
                b.addRepeatedField(f, proto.toBuilder().setKey(e.getKey()).setValue(e.getValue()).build());
            }
        }
        return b == null ? request : (Q) b.build();
    }

    /** Whether a request carried secrets, for the wording of a refusal ({@link GrpcFailures#failure}). */
    public enum Sent {
        /** The request has secret fields and at least one was filled. */
        SENT,
        /** The request has secret fields and every one was empty: this console sent none for the call's class. */
        NONE,
        /** Not known: the request carries no secret field, or it was not looked at. */
        UNKNOWN
    }

    /** Whether {@code request}, as sent, carried secrets in its {@code csi_secret} fields. */
    public static Sent sent(Message request) {
        if (request == null) return Sent.UNKNOWN;
        List<FieldDescriptor> fields = secretMaps(request.getDescriptorForType());
        if (fields.isEmpty()) return Sent.UNKNOWN;
        return fields.stream().anyMatch(f -> request.getRepeatedFieldCount(f) > 0) ? Sent.SENT : Sent.NONE;
    }

    /** Whether a driver's message says the call lacked secrets ("provided secret is empty", "no secrets have been provided"). */
    public static boolean saysSecretsMissing(String message) {
        return message != null && MISSING.matcher(message).find();
    }
}
