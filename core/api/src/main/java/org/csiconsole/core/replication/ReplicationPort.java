package org.csiconsole.core.replication;

import org.csiconsole.core.model.ReplicationDestination;
import org.csiconsole.core.model.ReplicationInfo;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.SnapshotGroup;
import org.csiconsole.core.port.Listing;
import org.csiconsole.core.port.Ports;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;

/**
 * Replication on one connection (one site): the csi-addons Replication controller
 * (csi-addons/spec replication.proto, csi-addons-replication.md) for volumes and volume groups, and
 * a CSP array's replication partners and snapshot groups as a second source. Reached through
 * {@link org.csiconsole.core.port.StorageService#replication()}.
 *
 * <p>Rules (as {@link org.csiconsole.core.port.StorageService}): every method returns at once; a
 * failure completes the future with a {@link org.csiconsole.core.call.CallFailure} whose kind follows
 * the gRPC code (FAILED_PRECONDITION, NOT_FOUND, ABORTED as BUSY after the call policy's bounded
 * retries, UNAVAILABLE, ...); a default method fails UNSUPPORTED. Every mutating call is audited once
 * by the call policy, also when it fails. Secrets go to the wire only.
 *
 * <p><b>Force.</b> {@code force=true} is sent only with a {@link ForceConfirmation} naming the
 * source; a null confirmation sends {@code force=false}. A confirmation for another source fails
 * FAILED_PRECONDITION without sending ({@link ForceConfirmation#require}). Nothing here retries with
 * force after a refusal.
 */
public interface ReplicationPort {
    /** A port offering nothing: every call fails UNSUPPORTED. */
    ReplicationPort NONE = new ReplicationPort() {
    };

    /** The site (connection) name samples and plans are labelled with, e.g. {@code "site-a"}. */
    default String site() {
        return "";
    }

    /** What this connection offers; never fails. */
    default CompletableFuture<ReplicationFeatures> features() {
        return CompletableFuture.completedFuture(ReplicationFeatures.NONE);
    }

    /**
     * The volumes and volume groups this connection lists as replicated (see {@link ReplicatedItem} for
     * where a listing says so). A source that did not answer is named in {@link Listing#missing()}.
     */
    default CompletableFuture<Listing<ReplicatedItem>> inventory() {
        return Ports.unsupported("List replicated volumes");
    }

    /**
     * GetVolumeReplicationInfo: last_sync_time, last_sync_duration, last_sync_bytes, status and
     * status_message. Fails FAILED_PRECONDITION when the driver reports only from the primary and this
     * side is secondary, or replication is not enabled; NOT_FOUND for an unknown source, or (reference
     * plugin) before the first sync completed.
     */
    default CompletableFuture<ReplicationInfo> info(ReplicationRequest request) {
        return Ports.unsupported("GetVolumeReplicationInfo " + request.source());
    }

    /**
     * GetReplicationDestinationInfo (needs GET_REPLICATION_DESTINATION_INFO): the destination volume,
     * or the destination group with each source member mapped to its destination volume.
     */
    default CompletableFuture<ReplicationDestination> destination(ReplicationSource source, Secrets secrets) {
        return Ports.unsupported("GetReplicationDestinationInfo " + source);
    }

    /**
     * EnableVolumeReplication with {@code request.parameters()} (e.g. {@code schedulingInterval}) and
     * {@code replication_id}. Idempotent. FAILED_PRECONDITION when the source cannot be replicated
     * (no partner, a member already replicated on its own).
     */
    default CompletableFuture<Void> enable(ReplicationRequest request) {
        return Ports.unsupported("EnableVolumeReplication " + request.source());
    }

    /** DisableVolumeReplication. Idempotent. FAILED_PRECONDITION while the replica is in use. */
    default CompletableFuture<Void> disable(ReplicationRequest request) {
        return Ports.unsupported("DisableVolumeReplication " + request.source());
    }

    /**
     * PromoteVolume: this side becomes primary. FAILED_PRECONDITION ("cannot be promoted without
     * force") while the peer is primary and {@code force} is null.
     *
     * @param force the typed confirmation that allows {@code force=true}; null for {@code force=false}
     */
    default CompletableFuture<Void> promote(ReplicationRequest request, ForceConfirmation force) {
        return Ports.unsupported("PromoteVolume " + request.source());
    }

    /** DemoteVolume: this side becomes secondary. {@code force} as in {@link #promote}. */
    default CompletableFuture<Void> demote(ReplicationRequest request, ForceConfirmation force) {
        return Ports.unsupported("DemoteVolume " + request.source());
    }

    /**
     * One ResyncVolume: starts (or asks about) resynchronizing this secondary from the primary.
     * Completes with the response's {@code ready}: false while the resync runs; poll with
     * {@link #resyncPoll} until true. FAILED_PRECONDITION for a primary ("resync needs the volume
     * demoted") or while the link is down. Audited once.
     *
     * @param force as in {@link #promote}
     */
    default CompletableFuture<Boolean> resync(ReplicationRequest request, ForceConfirmation force) {
        return Ports.unsupported("ResyncVolume " + request.source());
    }

    /**
     * ResyncVolume sent again to ask whether the resync that {@link #resync} started is
     * {@code ready}; traced but not audited (the operation was audited when it started).
     */
    default CompletableFuture<Boolean> resyncPoll(ReplicationRequest request, ForceConfirmation force) {
        return resync(request, force);
    }

    /** The CSP arrays' replication partners ({@code repl_role}, {@code is_alive}); missing arrays named. */
    default CompletableFuture<Listing<ArrayPartner>> partners() {
        return Ports.unsupported("List CSP replication partners");
    }

    /** CSP snapshot groups with their replication status ({@code repl_status}, start and completion times). */
    default CompletableFuture<Listing<SnapshotGroup>> snapshotGroups() {
        return Ports.unsupported("List snapshot groups");
    }

    /**
     * The replication fault controls of a simulated storage (the bundled reference plugin in demo
     * mode); empty for real storage.
     */
    default Optional<ReplicationFaults> faults() {
        return Optional.empty();
    }
}
