package org.csiconsole.core.call;

import io.grpc.Status;

import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Turns a gRPC status into a {@link CallFailure}: the {@link FailureKind}, the condition the spec
 * gives for that RPC and code, and the recovery the spec asks of a CO. Sources: the per-RPC error
 * tables of the CSI spec (csi-spec-v0.1-lifecycle.md, "Errors" under each RPC, and the General
 * error table; CSI v1.12 spec.md adds the newer RPCs) and csi-addons-replication.md /
 * csi-addons-reclaimspace.md. The wording is ours. A code the table does not list for an RPC falls
 * back to a general text per code. An INTERNAL or UNKNOWN answer whose message says the object is
 * still in use is worded as such and is {@link FailureKind#BUSY}: try again.
 */
public final class GrpcFailures {
    /** What the spec says a code means for an RPC, and what to do about it. */
    public record Condition(String condition, String recovery) {
    }

    private static final Map<String, Map<Status.Code, Condition>> TABLE = new HashMap<>();
    private static final Map<Status.Code, Condition> GENERAL = new EnumMap<>(Status.Code.class);

    private static final Condition PENDING_VOLUME = new Condition(
            "another operation is already pending for this volume at the plugin",
            "Make sure nothing else is changing this volume, then retry with exponential backoff");
    private static final Condition PENDING_SNAPSHOT = new Condition(
            "another operation is already pending for this snapshot at the plugin",
            "Make sure nothing else is changing this snapshot, then retry with exponential backoff");
    private static final Condition VOLUME_MISSING = new Condition(
            "the volume with this volume_id does not exist",
            "Check that the volume_id is right and that the volume was not deleted");
    private static final Condition NODE_OR_VOLUME_MISSING = new Condition(
            "the volume_id or the node_id does not exist",
            "Check both ids: the volume must not be deleted and the node must still exist");
    private static final Condition BAD_TOKEN = new Condition(
            "the plugin rejected starting_token as invalid",
            "Start the listing again from the beginning");
    /** What a driver's "still in use" (ceph-csi: "rbd image ... is still being used") says, and the retry it calls for. */
    private static final Condition STILL_IN_USE = new Condition(
            "the driver says the object is still in use",
            "Try again in a few seconds: drivers report a volume in use for a short while after a snapshot or clone of it was "
                    + "deleted, until the storage lets it go. If it stays in use, find what still holds it (a snapshot, a clone, "
                    + "a node that has it mapped)");
    private static final Pattern IN_USE = Pattern.compile(
            "\\b(still (in use|being used)|is being used|is in use)\\b", Pattern.CASE_INSENSITIVE);

    static {
        general(Status.Code.INVALID_ARGUMENT, "the plugin rejected the request: a required field is missing or a field has a value it does not accept",
                "Fix the request (see the plugin's message) before trying again; do not retry it unchanged");
        general(Status.Code.NOT_FOUND, "the object named in the request does not exist", "Check the id; refresh the list");
        general(Status.Code.ALREADY_EXISTS, "an object with this name exists with different, incompatible arguments",
                "Use the same arguments as the existing object, or a different name");
        general(Status.Code.FAILED_PRECONDITION, "the object is not in a state that allows this call",
                "Resolve the condition in the plugin's message, then retry");
        general(Status.Code.OUT_OF_RANGE, "a size or offset is outside what the plugin supports",
                "Choose a value within the plugin's supported range");
        general(Status.Code.RESOURCE_EXHAUSTED, "the plugin or its storage ran out of a resource (capacity, volumes per node)",
                "Free capacity or choose another pool or node, then retry");
        general(Status.Code.ABORTED, "another operation is already pending for this object at the plugin",
                "Wait until other operations on it finish, then retry with exponential backoff");
        general(Status.Code.UNAVAILABLE, "the plugin cannot be reached or is not ready",
                "Check that the driver is running and its socket is reachable, then retry");
        general(Status.Code.DEADLINE_EXCEEDED, "the call did not finish before its deadline",
                "The operation may still complete at the plugin; check the object's state before retrying (calls are idempotent)");
        general(Status.Code.UNIMPLEMENTED, "not supported by this driver (the plugin answered UNIMPLEMENTED)",
                "Do not retry; check the capabilities the driver advertises");
        general(Status.Code.UNAUTHENTICATED, "the plugin did not accept the credentials sent with the call",
                "Check the secrets (or security token) configured for this driver");
        general(Status.Code.PERMISSION_DENIED, "the plugin refused the call for the given credentials",
                "Use credentials that are allowed to do this");
        general(Status.Code.CANCELLED, "the call was cancelled", "Start it again if it is still needed");
        general(Status.Code.INTERNAL, "the plugin failed internally", "Check the driver's logs; retry once the cause is fixed");
        general(Status.Code.UNKNOWN, "the plugin failed with an unknown error", "Check the driver's logs");
        general(Status.Code.DATA_LOSS, "the plugin reports unrecoverable data loss or corruption", "Check the driver's and the array's logs now");

        rpc("CreateVolume", Status.Code.ALREADY_EXISTS, "a volume with this name already exists but its capacity, capabilities or parameters differ",
                "Use the existing volume's arguments, or pick a different name");
        rpc("CreateVolume", Status.Code.ABORTED, PENDING_VOLUME);
        rpc("CreateVolume", Status.Code.OUT_OF_RANGE, "the plugin does not allow the requested capacity range",
                "Change the capacity (required/limit bytes) to a size the plugin supports");
        rpc("CreateVolume", Status.Code.NOT_FOUND, "the source snapshot or volume to copy from does not exist",
                "Check the content source id");
        rpc("CreateVolume", Status.Code.RESOURCE_EXHAUSTED, "there is not enough capacity, or no place in the requested topology, for this volume",
                "Free capacity, ask for less, or relax the accessibility requirements");
        rpc("DeleteVolume", Status.Code.FAILED_PRECONDITION, "the volume is in use (published, or has snapshots the plugin cannot keep without it)",
                "Unpublish the volume and remove what depends on it, then retry with backoff");
        rpc("DeleteVolume", Status.Code.ABORTED, PENDING_VOLUME);
        rpc("ControllerPublishVolume", Status.Code.NOT_FOUND, NODE_OR_VOLUME_MISSING);
        rpc("ControllerPublishVolume", Status.Code.ALREADY_EXISTS, "the volume is already published to this node with a different capability or readonly flag",
                "Use the capability and readonly flag it was published with, or unpublish it first");
        rpc("ControllerPublishVolume", Status.Code.FAILED_PRECONDITION, "the volume is published to another node and its access mode does not allow more than one node",
                "Unpublish it from the other node (named in the plugin's message) first, then retry");
        rpc("ControllerPublishVolume", Status.Code.RESOURCE_EXHAUSTED, "the node already has the maximum number of volumes attached",
                "Detach a volume from that node, or use another node, then retry");
        rpc("ControllerPublishVolume", Status.Code.ABORTED, PENDING_VOLUME);
        rpc("ControllerUnpublishVolume", Status.Code.NOT_FOUND, NODE_OR_VOLUME_MISSING);
        rpc("ControllerUnpublishVolume", Status.Code.ABORTED, PENDING_VOLUME);
        rpc("ValidateVolumeCapabilities", Status.Code.NOT_FOUND, VOLUME_MISSING);
        rpc("ListVolumes", Status.Code.ABORTED, BAD_TOKEN);
        rpc("ListSnapshots", Status.Code.ABORTED, BAD_TOKEN);
        rpc("ControllerGetVolume", Status.Code.NOT_FOUND, VOLUME_MISSING);
        rpc("ControllerExpandVolume", Status.Code.NOT_FOUND, VOLUME_MISSING);
        rpc("ControllerExpandVolume", Status.Code.INVALID_ARGUMENT, "the volume's capabilities do not allow this expansion",
                "Check the capability passed with the request");
        rpc("ControllerExpandVolume", Status.Code.FAILED_PRECONDITION, "the volume is in use and the plugin can only expand it offline",
                "Unpublish the volume from every node, then expand it");
        rpc("ControllerExpandVolume", Status.Code.OUT_OF_RANGE, "the plugin does not support the requested capacity",
                "Ask for a capacity within the plugin's limits");
        rpc("ControllerExpandVolume", Status.Code.ABORTED, PENDING_VOLUME);
        rpc("ControllerModifyVolume", Status.Code.NOT_FOUND, VOLUME_MISSING);
        rpc("ControllerModifyVolume", Status.Code.INVALID_ARGUMENT, "the mutable parameters are not valid for this volume",
                "Fix the mutable parameters (see the plugin's message)");
        rpc("ControllerModifyVolume", Status.Code.ABORTED, PENDING_VOLUME);
        rpc("CreateSnapshot", Status.Code.ALREADY_EXISTS, "a snapshot with this name already exists for a different source volume",
                "Pick a different snapshot name");
        rpc("CreateSnapshot", Status.Code.ABORTED, PENDING_SNAPSHOT);
        rpc("CreateSnapshot", Status.Code.RESOURCE_EXHAUSTED, "there is not enough space to cut the snapshot",
                "Free space on the array, then retry");
        rpc("DeleteSnapshot", Status.Code.FAILED_PRECONDITION, "the snapshot is in use (for example a volume is being restored from it)",
                "Wait until nothing uses the snapshot, then retry");
        rpc("DeleteSnapshot", Status.Code.ABORTED, PENDING_SNAPSHOT);
        rpc("GetSnapshot", Status.Code.NOT_FOUND, "the snapshot with this snapshot_id does not exist", "Check the snapshot_id");
        rpc("NodeStageVolume", Status.Code.NOT_FOUND, VOLUME_MISSING);
        rpc("NodeStageVolume", Status.Code.ALREADY_EXISTS, "the volume is already staged at this staging_target_path with a different capability",
                "Unstage it first, or use the capability it was staged with");
        rpc("NodeStageVolume", Status.Code.FAILED_PRECONDITION, "the volume cannot be staged in its current state: the request exceeds "
                        + "its capabilities (for example a second node without MULTI_NODE access), it is not yet published to this "
                        + "node, it is staged elsewhere, or the staging directory is missing",
                "Read the driver's words above: publish the volume to this node first (ControllerPublishVolume), unstage it "
                        + "where it is staged, create the staging directory, or validate the capabilities");
        rpc("NodeStageVolume", Status.Code.ABORTED, PENDING_VOLUME);
        rpc("NodeUnstageVolume", Status.Code.NOT_FOUND, VOLUME_MISSING);
        rpc("NodeUnstageVolume", Status.Code.ABORTED, PENDING_VOLUME);
        rpc("NodePublishVolume", Status.Code.NOT_FOUND, VOLUME_MISSING);
        rpc("NodePublishVolume", Status.Code.ALREADY_EXISTS, "the volume is already published at this target_path with a different capability or readonly flag",
                "Use the original arguments, or unpublish it first");
        rpc("NodePublishVolume", Status.Code.FAILED_PRECONDITION, "the volume cannot be published in its current state: the request "
                        + "exceeds its capabilities, it was not staged first, or the parent directory of target_path is missing",
                "Read the driver's words above: stage the volume first (when the node has STAGE_UNSTAGE_VOLUME), create the "
                        + "parent directory of target_path, or validate the capabilities");
        rpc("NodePublishVolume", Status.Code.ABORTED, PENDING_VOLUME);
        rpc("NodeUnpublishVolume", Status.Code.NOT_FOUND, VOLUME_MISSING);
        rpc("NodeUnpublishVolume", Status.Code.ABORTED, PENDING_VOLUME);
        rpc("NodeGetVolumeStats", Status.Code.NOT_FOUND, "the volume does not exist at the given volume_path",
                "Check the volume_id and volume_path");
        rpc("NodeExpandVolume", Status.Code.NOT_FOUND, VOLUME_MISSING);
        rpc("NodeExpandVolume", Status.Code.FAILED_PRECONDITION, "the volume is in use and the plugin can only expand it offline",
                "Unpublish the volume, then expand it");
        rpc("NodeExpandVolume", Status.Code.OUT_OF_RANGE, "the plugin does not support the requested capacity",
                "Ask for a capacity within the plugin's limits");
        rpc("CreateVolumeGroupSnapshot", Status.Code.ALREADY_EXISTS, "a group snapshot with this name exists with different source volumes",
                "Pick a different name");
        rpc("CreateVolumeGroupSnapshot", Status.Code.NOT_FOUND, "one of the source volumes does not exist", "Check the source volume ids");
        rpc("CreateVolumeGroupSnapshot", Status.Code.RESOURCE_EXHAUSTED, "there is not enough space to cut the group snapshot",
                "Free space on the array, then retry");
        rpc("DeleteVolumeGroupSnapshot", Status.Code.FAILED_PRECONDITION, "the snapshot_ids do not match the members of the group snapshot, or a member is in use",
                "List the group snapshot's members again and pass all of them");
        rpc("GetVolumeGroupSnapshot", Status.Code.NOT_FOUND, "the group snapshot does not exist", "Check the group_snapshot_id");
        rpc("GetMetadataAllocated", Status.Code.UNAUTHENTICATED, "the security token was not accepted", "Get a fresh token for the snapshot metadata service");
        rpc("GetMetadataAllocated", Status.Code.OUT_OF_RANGE, "starting_offset is beyond the end of the volume", "Start at an offset within the volume");
        rpc("GetMetadataAllocated", Status.Code.NOT_FOUND, "the snapshot does not exist", "Check the snapshot_id");
        rpc("GetMetadataDelta", Status.Code.UNAUTHENTICATED, "the security token was not accepted", "Get a fresh token for the snapshot metadata service");
        rpc("GetMetadataDelta", Status.Code.OUT_OF_RANGE, "starting_offset is beyond the end of the volume", "Start at an offset within the volume");
        rpc("GetMetadataDelta", Status.Code.NOT_FOUND, "one of the snapshots does not exist", "Check base_snapshot_id and target_snapshot_id");
        // csi-addons-replication.md, error tables of each RPC
        for (String r : new String[]{"EnableVolumeReplication", "DisableVolumeReplication", "PromoteVolume", "DemoteVolume", "ResyncVolume"}) {
            rpc(r, Status.Code.NOT_FOUND, "the volume or group to replicate does not exist", "Check the replication source id");
            rpc(r, Status.Code.ABORTED, PENDING_VOLUME);
        }
        rpc("PromoteVolume", Status.Code.FAILED_PRECONDITION, "the volume cannot be promoted in its current state (for example the peer is still primary)",
                "Demote the peer first, or force the promotion when the peer is lost");
        rpc("DemoteVolume", Status.Code.FAILED_PRECONDITION, "the volume cannot be demoted in its current state",
                "Check the replication state of both sides");
        rpc("ResyncVolume", Status.Code.FAILED_PRECONDITION, "the volume cannot be resynced in its current state (for example it is primary)",
                "Demote it first, then resync");
        rpc("ReclaimSpace", Status.Code.NOT_FOUND, VOLUME_MISSING);
        rpc("ControllerReclaimSpace", Status.Code.NOT_FOUND, VOLUME_MISSING);
        rpc("NodeReclaimSpace", Status.Code.NOT_FOUND, VOLUME_MISSING);
    }

    private GrpcFailures() {
    }

    private static void general(Status.Code code, String condition, String recovery) {
        GENERAL.put(code, new Condition(condition, recovery));
    }

    private static void rpc(String method, Status.Code code, String condition, String recovery) {
        rpc(method, code, new Condition(condition, recovery));
    }

    private static void rpc(String method, Status.Code code, Condition c) {
        TABLE.computeIfAbsent(method, k -> new EnumMap<>(Status.Code.class)).put(code, c);
    }

    /** The spec's condition and recovery for an RPC (bare method name, e.g. {@code CreateVolume}) and code. */
    public static Condition condition(String method, Status.Code code) {
        Map<Status.Code, Condition> m = TABLE.get(method);
        Condition c = m == null ? null : m.get(code);
        if (c != null) return c;
        return GENERAL.getOrDefault(code, new Condition("the call failed with " + code, "Check the driver's logs"));
    }

    /** The failure kind of a gRPC code. */
    public static FailureKind kind(Status.Code code) {
        switch (code) {
            case INVALID_ARGUMENT: return FailureKind.INVALID_ARGUMENT;
            case NOT_FOUND: return FailureKind.NOT_FOUND;
            case ALREADY_EXISTS: return FailureKind.ALREADY_EXISTS;
            case FAILED_PRECONDITION: return FailureKind.FAILED_PRECONDITION;
            case OUT_OF_RANGE: return FailureKind.OUT_OF_RANGE;
            case RESOURCE_EXHAUSTED: return FailureKind.RESOURCE_EXHAUSTED;
            case ABORTED: return FailureKind.BUSY;
            case UNAVAILABLE: return FailureKind.UNAVAILABLE;
            case DEADLINE_EXCEEDED: return FailureKind.TIMEOUT;
            case UNIMPLEMENTED: return FailureKind.UNSUPPORTED;
            case UNAUTHENTICATED:
            case PERMISSION_DENIED: return FailureKind.AUTHENTICATION;
            case CANCELLED: return FailureKind.CANCELLED;
            default: return FailureKind.INTERNAL;
        }
    }

    /**
     * The failure for a status.
     *
     * @param method bare RPC name, e.g. {@code DeleteVolume}
     * @param status the status received (its description must already be scrubbed of secrets)
     * @param what what was attempted, e.g. {@code "DeleteVolume pvc-1"}
     * @param attempts attempts made
     */
    public static CallFailure failure(String method, Status status, String what, int attempts) {
        return failure(method, status, what, attempts, SecretCalls.Sent.UNKNOWN);
    }

    /**
     * As {@link #failure(String, Status, String, int)}, knowing whether the request carried secrets: a refusal
     * of the credentials (UNAUTHENTICATED, or an answer that says secrets are missing) then reads "no secrets were
     * sent" when this console sent none for the call's class, and "the driver refused the secrets sent" when it
     * sent some (wrong or expired).
     */
    public static CallFailure failure(String method, Status status, String what, int attempts, SecretCalls.Sent sent) {
        String peer = status.getDescription() == null ? "" : status.getDescription();
        boolean refusal = status.getCode() == Status.Code.UNAUTHENTICATED || SecretCalls.saysSecretsMissing(peer)
                || (status.getCode() == Status.Code.PERMISSION_DENIED && sent == SecretCalls.Sent.NONE);
        if (refusal && sent != SecretCalls.Sent.UNKNOWN) return credentials(method, status, what, attempts, sent);
        if (SecretCalls.saysSecretsMissing(peer)) return missingSecrets(method, status, what, attempts);
        boolean inUse = stillInUse(status.getCode(), peer);
        Condition c = inUse ? STILL_IN_USE : condition(method, status.getCode());
        String why = c.condition() + (peer.isEmpty() ? "" : " (plugin says: " + peer + ")");
        String detail = "gRPC " + status.getCode() + " from " + method + (attempts > 1 ? " after " + attempts + " attempts" : "");
        FailureKind kind = inUse ? FailureKind.BUSY : kind(status.getCode());
        FailureOwner owner = aboutCredentials(status.getCode(), peer) ? FailureOwner.CREDENTIALS : FailureOwner.ofAnswer(kind);
        return new CallFailure(kind, owner, what, why, c.recovery(), detail, null);
    }

    /** True when the driver's answer is about the credentials sent with the call ({@link FailureOwner#aboutCredentials}). */
    static boolean aboutCredentials(Status.Code code, String message) {
        return FailureOwner.aboutCredentials(code.name(), message);
    }

    /**
     * The failure for a driver's answer that says the call lacked its secrets, whatever code it came
     * with (ceph-csi answers INTERNAL "provided secret is empty", others INVALID_ARGUMENT or
     * UNAVAILABLE): {@link FailureKind#AUTHENTICATION}, the credentials' failure, naming the secret
     * class ({@link SecretCalls#classOf}) and where to give it. Not the driver's, not the transport's.
     */
    static CallFailure missingSecrets(String method, Status status, String what, int attempts) {
        String peer = status.getDescription() == null ? "" : status.getDescription();
        String cls = SecretCalls.classOf(method).map(c -> "the " + c.label() + " secrets").orElse("its secrets");
        String why = "the driver needs credentials for " + method + " (" + cls + ") and did not get them (plugin says: " + peer + ")";
        String todo = "Give this connection " + cls + ": in the console, Edit connection and name a secrets file (one for all "
                + "calls, or one for this kind of call); on the command line, --secrets-file FILE or the "
                + SECRETS_FILE_ENV + " variable. The driver is reachable; nothing is wrong with it";
        String detail = "gRPC " + status.getCode() + " from " + method + (attempts > 1 ? " after " + attempts + " attempts" : "")
                + "; the answer says secrets are missing";
        return new CallFailure(FailureKind.AUTHENTICATION, what, why, todo, detail);
    }

    /**
     * The refusal of a call's credentials when it is known whether secrets were sent: "no secrets were sent" (this
     * console has none for the call's class: give them) or "the driver refused the secrets sent" (wrong or expired:
     * check them). {@link FailureKind#AUTHENTICATION}, the credentials' failure, not the driver's.
     */
    static CallFailure credentials(String method, Status status, String what, int attempts, SecretCalls.Sent sent) {
        String peer = status.getDescription() == null ? "" : status.getDescription();
        String says = peer.isEmpty() ? "" : " (plugin says: " + peer + ")";
        String cls = SecretCalls.classOf(method).map(c -> "the " + c.label() + " secrets").orElse("its secrets");
        String where = "in the console, Edit connection and name a secrets file (one for all calls, or one for this kind of call); "
                + "on the command line, --secrets-file FILE or the " + SECRETS_FILE_ENV + " variable";
        String why;
        String todo;
        if (sent == SecretCalls.Sent.NONE) {
            why = "no secrets were sent: this console has none for " + method + " (" + cls + ") and the driver needs them" + says;
            todo = "Give this connection " + cls + ": " + where + ". The driver is reachable; nothing is wrong with it";
        } else {
            why = "the driver refused the secrets sent with " + method + " (" + cls + "): they are wrong, expired or lack a key it needs" + says;
            todo = "Check the values of " + cls + " in the secrets file this connection names (a wrong key, an expired password or token) "
                    + "and correct them: " + where;
        }
        String detail = "gRPC " + status.getCode() + " from " + method + (attempts > 1 ? " after " + attempts + " attempts" : "")
                + (sent == SecretCalls.Sent.NONE ? "; no secrets were sent" : "; secrets were sent (values not shown)");
        return new CallFailure(FailureKind.AUTHENTICATION, what, why, todo, detail);
    }

    /** What grpc-java's client says when the deadline it was given passed: the console's timeout, not the driver's words. */
    private static final Pattern OWN_DEADLINE = Pattern.compile(
            "^(ClientCall started after )?(CallOptions |Context )?deadline (was )?exceeded", Pattern.CASE_INSENSITIVE);
    /** Calls that only read: Identity, Get*, List*, Validate*, NodeGet*, Probe. Their deadline changes nothing at the driver. */
    private static final Pattern READ = Pattern.compile("^(Get|List|Validate|NodeGet|ControllerGet|GroupControllerGet|Probe$).*");

    /**
     * The failure of a call whose answer did not come within the console's own deadline (grpc-java's client cancelled it,
     * saying "CallOptions deadline exceeded ..."), or empty for any other status, a driver's own DEADLINE_EXCEEDED
     * included. {@link FailureKind#TIMEOUT}: the why names the console's deadline, never "plugin says"; what to do fits
     * the call: a read is asked again once the driver answers, a change may still complete at the driver.
     *
     * @param method bare RPC name, e.g. {@code GetPluginInfo}
     * @param status the status received
     * @param what what was attempted, e.g. {@code "GetPluginInfo"}
     * @param deadline the deadline each attempt had
     * @param attempts attempts made
     */
    public static Optional<CallFailure> ownDeadline(String method, Status status, String what, java.time.Duration deadline, int attempts) {
        String d = status.getDescription() == null ? "" : status.getDescription();
        if (status.getCode() != Status.Code.DEADLINE_EXCEEDED || !OWN_DEADLINE.matcher(d).find()) return Optional.empty();
        String secs = deadline.toMillis() % 1000 == 0 ? (deadline.toMillis() / 1000) + " s"
                : String.format(Locale.ROOT, "%.1f s", deadline.toMillis() / 1000.0);
        String why = "the driver did not answer " + method + " within the console's deadline of " + secs + " (the console stopped "
                + "waiting; the driver said nothing)";
        String todo = READ.matcher(method).matches()
                ? "The driver accepts connections but did not answer " + method + ": check that it is running and not stuck (its log, its container; "
                        + "a restart clears a hung driver), then try again; if it is only slow, give it a longer deadline (--timeout "
                        + "on the command line)"
                : "The driver may still complete " + method + ": check the object's state before retrying (the call is idempotent)";
        String detail = "gRPC DEADLINE_EXCEEDED from " + method + (attempts > 1 ? " after " + attempts + " attempts" : "") + ": " + d;
        return Optional.of(new CallFailure(FailureKind.TIMEOUT, what, why, todo, detail));
    }

    /** The environment variable naming the command line's secrets file. */
    public static final String SECRETS_FILE_ENV = "CSI_SECRETS_FILE";

    /**
     * True for an INTERNAL or UNKNOWN answer whose message says the object is still in use: a
     * passing state that a retry clears (so such a failure is {@link FailureKind#BUSY}, not final),
     * though the driver used a code for a failure of its own.
     */
    static boolean stillInUse(Status.Code code, String message) {
        return (code == Status.Code.INTERNAL || code == Status.Code.UNKNOWN) && IN_USE.matcher(message).find();
    }

    /**
     * The failure for a transport status caused by a failed TLS handshake (TCP endpoints with TLS,
     * CSI spec "Security" / issue 2 endpoints), or empty when TLS is not the cause. Such a failure
     * has kind {@link FailureKind#TLS} and is not retried: the same certificates fail the same way.
     * Recognised causes: the server's certificate is not trusted (no CA file, or the wrong one), it
     * does not name the host connected to, it has expired, and the server requires a client
     * certificate (mutual TLS) that was not presented or that it does not accept.
     *
     * @param status the status received (UNAVAILABLE with the handshake error as its cause)
     * @param what what was attempted, e.g. {@code "GetPluginInfo"}
     * @param endpoint endpoint text, e.g. {@code tcp://10.0.0.5:10000}
     */
    public static Optional<CallFailure> tls(Status status, String what, String endpoint) {
        if (status.getCode() != Status.Code.UNAVAILABLE && status.getCode() != Status.Code.UNKNOWN) return Optional.empty();
        boolean ssl = false;
        boolean untrusted = false;
        boolean expired = false;
        StringBuilder text = new StringBuilder(status.getDescription() == null ? "" : status.getDescription());
        String sslMessage = null;
        int depth = 0;
        for (Throwable t = status.getCause(); t != null && depth < 20; t = t.getCause(), depth++) {
            if (t instanceof javax.net.ssl.SSLException) {
                ssl = true;
                if (sslMessage == null) sslMessage = t.getMessage();
            }
            if (t instanceof CertPathBuilderException || t instanceof CertPathValidatorException) untrusted = true;
            if (t instanceof CertificateExpiredException || t instanceof CertificateNotYetValidException) expired = true;
            if (t.getMessage() != null) text.append(' ').append(t.getMessage());
        }
        String lower = text.toString().toLowerCase(Locale.ROOT);
        if (!ssl && !lower.contains("ssl exception") && !lower.contains("sslhandshake")) return Optional.empty();
        String detail = "TLS handshake with " + endpoint + " failed"
                + (sslMessage != null ? ": " + sslMessage : status.getDescription() != null ? ": " + status.getDescription() : "");
        String why;
        String todo;
        if (lower.contains("certificate_required") || lower.contains("alert_bad_certificate")
                || lower.contains("alert_unknown_ca") || lower.contains("alert_certificate_unknown")
                || lower.contains("bad_certificate")) {
            why = "the server at " + endpoint + " requires a client certificate (mutual TLS) and none was presented, "
                    + "or it does not accept the one presented";
            todo = "Give a client certificate and its PKCS#8 key signed by a CA the server trusts "
                    + "(--cert FILE --key FILE, or the client certificate fields of the connection)";
        } else if (expired) {
            why = "the server's certificate at " + endpoint + " has expired or is not valid yet";
            todo = "Renew the driver's TLS certificate, or check this computer's clock";
        } else if (lower.contains("subject alternative name") || lower.contains("no name matching")
                || lower.contains("hostname") || lower.contains("does not match")) {
            why = "the server's certificate at " + endpoint + " does not name the host connected to";
            todo = "Connect with the host name or IP address the certificate was issued for, or reissue the certificate with it";
        } else if (untrusted || lower.contains("pkix") || lower.contains("certification path")
                || lower.contains("certificate_verify_failed") || lower.contains("self signed")
                || lower.contains("self-signed")) {
            why = "the server's certificate at " + endpoint + " is not trusted: no certificate authority trusted by this "
                    + "console signed it (the system trust store, or the CA file given)";
            todo = "Give the PEM CA file that signed the driver's certificate (--ca FILE, or the TLS CA field of the "
                    + "connection), and check that this is the right server";
        } else {
            why = "the TLS handshake with " + endpoint + " failed";
            todo = "Check that the endpoint speaks TLS (use plaintext if it does not), and the CA file and client certificate";
        }
        return Optional.of(new CallFailure(FailureKind.TLS, what, why, todo, detail));
    }
}
