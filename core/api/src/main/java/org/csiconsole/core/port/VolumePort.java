package org.csiconsole.core.port;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.model.CapabilityValidation;
import org.csiconsole.core.model.PublishInfo;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Volumes on the controller side: list, read, create, expand, modify, delete, and
 * ControllerPublishVolume / ControllerUnpublishVolume (CSI spec, "Controller Service RPC"; CSP
 * {@code /volumes}).
 *
 * <p>Every method follows the rules of {@link StorageService}: it returns at once, fails with a
 * {@link org.csiconsole.core.call.CallFailure}, and a default method fails UNSUPPORTED.
 */
public interface VolumePort {

    /**
     * Lists every volume, streaming each page to {@code pages} as it arrives (CSI ListVolumes with
     * {@code next_token} paging; CSP {@code GET /volumes}). {@code pages} is called from any thread,
     * one call at a time, with non-empty lists; the next page is requested once the stage it
     * returned for the previous one completes ({@link PageSink}). The future completes when the last
     * page was taken; cancelling it stops after the current page.
     *
     * <p>A connection with several sources (a CSI plugin and the CSP arrays behind it) hands over
     * the rows of the sources that answered and completes with the ones that did not: a CSP array
     * that is unreachable leaves its volumes without their CSP attributes (and its CSP-only volumes
     * out) and is named in the result.
     *
     * @return completes once done with the sources that did not answer ({@link SourceFailure}),
     *     empty when the listing is complete; fails with {@link CallFailure} when the listing
     *     itself failed (ABORTED on a stale {@code starting_token} is retried by the implementation
     *     from the start)
     */
    default CompletableFuture<List<SourceFailure>> listVolumes(PageSink<Volume> pages) {
        return Ports.unsupported("ListVolumes");
    }

    /**
     * What the volume table says when the listing answered complete and empty, when this driver's
     * empty answer does not mean "no volumes" (a driver that lists only the storage its secrets
     * reach, asked without secrets); empty when an empty listing means what it says.
     */
    default CompletableFuture<String> emptyListingNote() {
        return CompletableFuture.completedFuture("");
    }

    /**
     * ControllerGetVolume (GET_VOLUME) or CSP {@code GET /volumes/{id}}; NOT_FOUND when it is gone.
     * With CSI and CSP arrays together, reads only this volume on the array that holds it (one
     * {@code GET /volumes/{id}}), never the listing of every array; fails with the array's failure
     * when that array does not answer.
     */
    default CompletableFuture<Volume> getVolume(String volumeId) {
        return Ports.unsupported("ControllerGetVolume " + volumeId);
    }

    /**
     * CreateVolume (CSI spec, "CreateVolume"; idempotent by name) or CSP {@code POST /volumes}. A
     * request with a snapshot source is a clone from a snapshot, with a volume source a clone.
     *
     * @return the created volume; fails ALREADY_EXISTS when the name exists with other arguments,
     *     OUT_OF_RANGE for an unsupported size, RESOURCE_EXHAUSTED without room
     */
    default CompletableFuture<Volume> createVolume(VolumeRequest request) {
        return Ports.unsupported("CreateVolume " + request.name());
    }

    /** ControllerExpandVolume to {@code capacityBytes} (bytes, the new {@code required_bytes}) or a CSP resize. */
    default CompletableFuture<ExpandResult> expandVolume(String volumeId, long capacityBytes) {
        return Ports.unsupported("ControllerExpandVolume " + volumeId);
    }

    /** ControllerModifyVolume with new {@code mutable_parameters} (MODIFY_VOLUME). */
    default CompletableFuture<Void> modifyVolume(String volumeId, Map<String, String> mutableParameters) {
        return Ports.unsupported("ControllerModifyVolume " + volumeId);
    }

    /** DeleteVolume (idempotent: a missing volume succeeds) or CSP {@code DELETE /volumes/{id}}; FAILED_PRECONDITION while it has snapshots or is published, per plugin. */
    default CompletableFuture<Void> deleteVolume(String volumeId) {
        return Ports.unsupported("DeleteVolume " + volumeId);
    }

    /**
     * Records in the audit log that {@code operation} was not sent to {@code ids}, since a read just before sending found
     * them gone ({@link org.csiconsole.core.risk.RiskModel#alreadyGone}): outcome NOT_SENT, code
     * {@link org.csiconsole.core.risk.RiskModel#FOUND_GONE}, never an OK delete. Completes at once on a storage that
     * audits nothing.
     *
     * @param names the same targets as a person knows them (name beside id), for the record's message
     * @return completes once the record is durable; fails with {@link org.csiconsole.core.audit.AuditFailure} when it
     *     could not be written
     */
    default CompletableFuture<Void> auditFoundGone(org.csiconsole.core.risk.RiskOperation operation, List<String> ids, List<String> names) {
        return CompletableFuture.completedFuture(null);
    }

    /**
     * ControllerPublishVolume to {@code nodeId}.
     *
     * @return the {@code publish_context} for NodeStage/NodePublish; fails NOT_FOUND for an unknown
     *     node, FAILED_PRECONDITION when a single-node volume is published elsewhere, RESOURCE_EXHAUSTED
     *     when the node is at its volume limit
     */
    default CompletableFuture<Map<String, String>> controllerPublish(String volumeId, String nodeId,
                                                                     VolumeCapability capability, boolean readonly) {
        return Ports.unsupported("ControllerPublishVolume " + volumeId);
    }

    /** ControllerUnpublishVolume from {@code nodeId} (idempotent). */
    default CompletableFuture<Void> controllerUnpublish(String volumeId, String nodeId) {
        return Ports.unsupported("ControllerUnpublishVolume " + volumeId);
    }

    /**
     * ValidateVolumeCapabilities (CSI spec, "ValidateVolumeCapabilities"): asks the controller
     * whether the existing volume {@code volumeId} supports every one of {@code capabilities}, as a
     * CO does before it uses a pre-provisioned volume. A read: it changes nothing, is not audited,
     * and appears in the call trace.
     *
     * @param volumeId the volume's {@code volume_id}; not empty
     * @param capabilities the {@code volume_capabilities} to check (access type, access mode, fs type
     *     and mount flags); at least one
     * @param volumeContext the volume's {@code volume_context} as CreateVolume or ListVolumes returned
     *     it; empty when none
     * @param parameters the {@code parameters} the volume was created with, to check as well; empty to
     *     check the capabilities alone
     * @return {@link CapabilityValidation#confirmed()} true when the driver confirmed every capability
     *     (and the parameters, when given); false with the driver's {@code message} when it did not;
     *     fails with {@link CallFailure} NOT_FOUND when the driver does not know {@code volumeId},
     *     INVALID_ARGUMENT for an empty id or no capabilities, UNSUPPORTED (this default) when the
     *     connection has no CSI controller service
     */
    default CompletableFuture<CapabilityValidation> validateCapabilities(String volumeId, List<VolumeCapability> capabilities,
                                                                       Map<String, String> volumeContext,
                                                                       Map<String, String> parameters) {
        return Ports.unsupported("ValidateVolumeCapabilities " + volumeId);
    }

    /**
     * Publish records of a volume known to the connection: what a CSP publish returned (LUN, targets,
     * serial). Empty when none are known; never fails for a volume without records.
     */
    default CompletableFuture<List<PublishInfo>> publishInfo(String volumeId) {
        return CompletableFuture.completedFuture(List.of());
    }

}
