package org.csiconsole.core.csp;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.AccessProtocol;
import org.csiconsole.core.model.ByteSize;
import org.csiconsole.core.model.PublishInfo;
import org.csiconsole.core.model.Volume;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Volumes on the CSP (hpe-csp-rest-spec.md {@code /containers/v1/volumes}). Results are
 * {@link Volume} records with {@link org.csiconsole.core.model.Origin#CSP}; the CSP's
 * {@code description}, {@code published} and {@code clone} are in {@link Volume#properties()}.
 * Every method completes exceptionally with a {@link CallFailure}.
 */
public final class CspVolumes {
    private final CspCalls calls;

    CspVolumes(CspCalls calls) {
        this.calls = calls;
    }

    /** GET /volumes: every volume used for containers. */
    public CompletableFuture<List<Volume>> list() {
        String what = "List CSP volumes";
        return calls.async(what, () -> volumes(calls.get(what, Map.of(), "volumes"), what));
    }

    /** GET /volumes?name=: the volumes with that name; empty when the CSP answers 404 (spec: not found by name). */
    public CompletableFuture<List<Volume>> findByName(String name) {
        String what = "Find CSP volume " + name;
        return calls.async(what, () -> calls.getOrNotFound(what, CspCalls.query("name", CspValidation.name(name, "volume name", what)), "volumes")
                .map(r -> volumes(r, what)).orElse(List.of()));
    }

    /** GET /volumes/{id}; NOT_FOUND (404) when there is no such volume. */
    public CompletableFuture<Volume> get(String id) {
        String what = "Get CSP volume " + id;
        return calls.async(what, () -> getNow(id, what));
    }

    /**
     * POST /volumes: creates a volume, or a clone when {@link NewVolume#baseSnapshotId()} is set. The
     * size is converted to bytes exactly; INVALID_ARGUMENT before sending for a bad name or size.
     */
    public CompletableFuture<Volume> create(NewVolume v) {
        String what = (v != null && v.isClone() ? "Clone CSP snapshot into volume " : "Create CSP volume ") + (v == null ? "" : v.name());
        return calls.async(what, () -> {
            if (v == null) throw CspValidation.invalid(what, "no volume given", "Give the volume definition");
            String name = CspValidation.name(v.name(), "volume name", what);
            Long size = v.size() == null && v.isClone() ? null : CspValidation.size(v.size(), what);
            String base = v.isClone() ? CspValidation.id(v.baseSnapshotId(), "snapshot id", what) : null;
            CspDto.VolumeRequestDto body = new CspDto.VolumeRequestDto(name, size, CspValidation.text(v.description(), "description", what),
                    base, v.isClone() ? Boolean.TRUE : null, blankToNull(v.volumeGroupId()), v.config().isEmpty() ? null : v.config());
            return CspMapping.volume(CspJson.readObject(calls.post(what, body, "volumes"), CspDto.VolumeDto.class, what), what);
        });
    }

    /**
     * PUT /volumes/{id}: edits the description and/or config. A key the CSP cannot change is
     * refused with 400 (INVALID_ARGUMENT), as in the spec's "unconfigurable property" example.
     *
     * @param description new description, null to keep
     * @param config settings to change, null or empty to keep
     */
    public CompletableFuture<Volume> edit(String id, String description, Map<String, Object> config) {
        String what = "Edit CSP volume " + id;
        return calls.async(what, () -> {
            String vid = CspValidation.id(id, "volume id", what);
            if (description == null && (config == null || config.isEmpty())) {
                throw CspValidation.invalid(what, "nothing to change", "Give a new description or config settings");
            }
            CspDto.VolumeRequestDto body = new CspDto.VolumeRequestDto(null, null, CspValidation.text(description, "description", what),
                    null, null, null, config == null || config.isEmpty() ? null : config);
            return CspMapping.volume(CspJson.readObject(calls.put(what, body, "volumes", vid), CspDto.VolumeDto.class, what), what);
        });
    }

    /**
     * PUT /volumes/{id} with a new {@code size}: grows a volume. Reads the volume first; a smaller
     * size fails with OUT_OF_RANGE before anything changes, the same size returns the volume as is.
     */
    public CompletableFuture<Volume> expand(String id, String newSize) {
        String what = "Expand CSP volume " + id + " to " + newSize;
        return calls.async(what, () -> {
            String vid = CspValidation.id(id, "volume id", what);
            long bytes = CspValidation.size(newSize, what);
            Volume current = getNow(vid, what);
            if (bytes < current.capacityBytes()) {
                throw new CallFailure(FailureKind.OUT_OF_RANGE, what, "the volume is " + ByteSize.format(current.capacityBytes())
                        + " and volumes cannot shrink", "Give a size larger than " + ByteSize.format(current.capacityBytes()), "");
            }
            if (bytes == current.capacityBytes()) return current;
            CspDto.VolumeRequestDto body = new CspDto.VolumeRequestDto(null, bytes, null, null, null, null, null);
            return CspMapping.volume(CspJson.readObject(calls.put(what, body, "volumes", vid), CspDto.VolumeDto.class, what), what);
        });
    }

    /** PUT /volumes/{id}/actions/publish: exports the volume to the host by its UUID over the protocol. */
    public CompletableFuture<PublishInfo> publish(String id, String hostUuid, AccessProtocol protocol) {
        String what = "Publish CSP volume " + id + " to host " + hostUuid;
        return calls.async(what, () -> {
            String vid = CspValidation.id(id, "volume id", what);
            String host = CspValidation.id(hostUuid, "host UUID", what);
            if (protocol == null) throw CspValidation.invalid(what, "no access protocol given", "Choose iscsi, fc or nvmetcp");
            CspHttp.Reply r = calls.put(what, new CspDto.PublishOptionsDto(host, protocol.wire()), "volumes", vid, "actions", "publish");
            return CspMapping.publishInfo(CspJson.readObject(r, CspDto.PublishInfoDto.class, what), protocol, what);
        });
    }

    /** PUT /volumes/{id}/actions/unpublish: removes the host's access (204 No Content). */
    public CompletableFuture<Void> unpublish(String id, String hostUuid) {
        String what = "Unpublish CSP volume " + id + " from host " + hostUuid;
        return calls.async(what, () -> {
            String vid = CspValidation.id(id, "volume id", what);
            calls.put(what, new CspDto.UnpublishOptionsDto(CspValidation.id(hostUuid, "host UUID", what)), "volumes", vid, "actions", "unpublish");
            return null;
        });
    }

    /**
     * DELETE /volumes/{id}[?force=true]. The spec fails this while the volume is published (400) or
     * cannot be deleted (409, FAILED_PRECONDITION).
     */
    public CompletableFuture<Void> delete(String id, boolean force) {
        String what = "Delete CSP volume " + id + (force ? " (force)" : "");
        return calls.async(what, () -> {
            calls.delete(what, force ? CspCalls.query("force", "true") : Map.of(), "volumes", CspValidation.id(id, "volume id", what));
            return null;
        });
    }

    private Volume getNow(String id, String what) {
        CspHttp.Reply r = calls.get(what, Map.of(), "volumes", CspValidation.id(id, "volume id", what));
        return CspMapping.volume(CspJson.readObject(r, CspDto.VolumeDto.class, what), what);
    }

    private List<Volume> volumes(CspHttp.Reply r, String what) {
        List<Volume> read = CspJson.readList(r, CspDto.VolumeDto.class, what).stream().map(v -> CspMapping.volume(v, what)).toList();
        read.forEach(calls.names::learn);
        return read;
    }

    private static String blankToNull(String s) {
        return s == null || s.isBlank() ? null : s.trim();
    }
}
