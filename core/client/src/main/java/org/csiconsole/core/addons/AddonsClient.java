package org.csiconsole.core.addons;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallMode;
import org.csiconsole.core.call.CallPolicy;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.LockMode;
import org.csiconsole.core.call.Redactor;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Connection;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.AddonsCapability;

import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Typed client for a csi-addons sidecar (csi-addons/spec main: identity, replication, reclaimspace,
 * fence, volumegroup, encryptionkeyrotation), through the same {@link CallPolicy} as
 * {@link org.csiconsole.core.csi.CsiClient}. Returns {@code core.model} records.
 * Each csi-addons service has its own part ({@link #identity()}, {@link #replication()},
 * {@link #reclaimSpace()}, {@link #fence()}, {@link #volumeGroups()}, {@link #keyRotation()}) over one
 * shared connection with one capability cache; this class hands them out and holds what concerns the client
 * as a whole (endpoint, modes, capabilities, close). Calls are made on the parts, for example
 * {@code addons.replication().promote(source, id, false, Map.of(), secrets)}.
 *
 * <p>Replication requests set both the deprecated {@code volume_id} (read by drivers built on
 * csi-addons v0.2.0) and {@code replication_source} (read by newer ones), so one console works with
 * both (csi-addons-replication.md; see core/client/src/main/proto/README.md). Capabilities come from the
 * csi-addons identity service, discovered once and refreshable; a call whose capability is not
 * advertised fails locally with {@link FailureKind#UNSUPPORTED} unless made through {@link #forced()}.
 * Mutating calls take the in-flight guard on the volume or group; pass the same guard as the CSI
 * client's (via {@link CsiClientOptions#guard()}) to serialize across both.
 */
public final class AddonsClient implements AutoCloseable {
    private final AddonsConnection conn;
    private final CallMode mode;

    private AddonsClient(AddonsConnection conn, CallMode mode) {
        this.conn = conn;
        this.mode = mode;
    }

    /**
     * Opens a connection to the sidecar's endpoint (often {@code unix:///.../csi-addons.sock}).
     *
     * @throws CallFailure {@link FailureKind#ENDPOINT} when the endpoint fails its checks
     */
    public static AddonsClient open(Endpoint endpoint, CsiClientOptions options, CallTrace trace) {
        return over(options.channels().open(endpoint), options, trace);
    }

    /** A client over a connection made elsewhere; the client owns and closes it. */
    public static AddonsClient over(Connection conn, CsiClientOptions options, CallTrace trace) {
        CallPolicy policy = new CallPolicy(options.policy(), options.guard(), trace, new Redactor(), options.timer(),
                () -> ThreadLocalRandom.current().nextDouble(), options.audit(), options.secrets(), options.reachability());
        return new AddonsClient(new AddonsConnection(conn, policy), CallMode.DEFAULT);
    }

    /** A view that sends calls even when their capability is not advertised. */
    public AddonsClient forced() {
        return new AddonsClient(conn, mode.force());
    }

    /** A view whose mutating calls wait for, or fail fast on, a busy volume or group. */
    public AddonsClient withLockMode(LockMode mode) {
        return new AddonsClient(conn, this.mode.lockMode(mode));
    }

    /** The sidecar's endpoint. */
    public Endpoint endpoint() {
        return conn.connection.endpoint();
    }

    @Override
    public void close() {
        conn.close();
    }

    /** The identity service (GetIdentity, Probe). */
    public AddonsIdentity identity() {
        return new AddonsIdentity(conn);
    }

    /** The replication service, in this view's mode. */
    public AddonsReplication replication() {
        return new AddonsReplication(conn, mode);
    }

    /** The reclaimspace services (controller and node), in this view's mode. */
    public AddonsReclaimSpace reclaimSpace() {
        return new AddonsReclaimSpace(conn, mode);
    }

    /** The network fence service, in this view's mode. */
    public AddonsFence fence() {
        return new AddonsFence(conn, mode);
    }

    /** The volume group service, in this view's mode. */
    public AddonsVolumeGroups volumeGroups() {
        return new AddonsVolumeGroups(conn, mode);
    }

    /** The encryption key rotation service, in this view's mode. */
    public AddonsKeyRotation keyRotation() {
        return new AddonsKeyRotation(conn, mode);
    }

    /** Capabilities advertised by GetCapabilities; discovered once, then cached. */
    public CompletableFuture<Set<AddonsCapability>> capabilities() {
        return conn.capabilities.get();
    }

    /** Asks the sidecar for its capabilities again. */
    public CompletableFuture<Set<AddonsCapability>> refreshCapabilities() {
        return conn.capabilities.refresh();
    }

    /** Sentence saying why a capability is missing, or empty when advertised. */
    public CompletableFuture<Optional<String>> unsupportedReason(AddonsCapability need) {
        return capabilities().thenApply(set -> AddonsConnection.reason(need, set));
    }

    /**
     * The capabilities named in a csi-addons identity GetCapabilities answer (csi-addons/spec
     * identity.proto); types this console does not know are left out.
     */
    public static Set<AddonsCapability> capabilitySet(identity.IdentityProto.GetCapabilitiesResponse response) {
        return AddonsConnection.capabilitySet(response);
    }
}
