package org.csiconsole.core.csp;

import org.csiconsole.core.model.Snapshot;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Snapshots on the CSP (hpe-csp-rest-spec.md {@code /containers/v1/snapshots}; {@code mode=exists}
 * from OpenAPI 1.1.0). Results are {@link Snapshot} records with
 * {@link org.csiconsole.core.model.Origin#CSP}. Every method completes exceptionally with a
 * {@link org.csiconsole.core.call.CallFailure}.
 */
public final class CspSnapshots {
    private final CspCalls calls;

    CspSnapshots(CspCalls calls) {
        this.calls = calls;
    }

    /** GET /snapshots?volume_id=: the snapshots of one volume ({@code volume_id} is mandatory). */
    public CompletableFuture<List<Snapshot>> list(String volumeId) {
        String what = "List CSP snapshots of volume " + volumeId;
        return calls.async(what, () -> snapshots(calls.get(what,
                CspCalls.query("volume_id", CspValidation.id(volumeId, "volume id", what)), "snapshots"), what));
    }

    /** GET /snapshots?volume_id=&name=: the volume's snapshots with that name; empty on 404. */
    public CompletableFuture<List<Snapshot>> findByName(String volumeId, String name) {
        String what = "Find CSP snapshot " + name + " of volume " + volumeId;
        return calls.async(what, () -> calls.getOrNotFound(what, CspCalls.query(
                        "volume_id", CspValidation.id(volumeId, "volume id", what),
                        "name", CspValidation.name(name, "snapshot name", what)), "snapshots")
                .map(r -> snapshots(r, what)).orElse(List.of()));
    }

    /**
     * GET /snapshots?volume_id=&mode=exists: true when the volume has at least one snapshot. A CSP
     * that ignores {@code mode} returns the full list, which is read the same way (non-empty).
     */
    public CompletableFuture<Boolean> exist(String volumeId) {
        String what = "Check for CSP snapshots of volume " + volumeId;
        return calls.async(what, () -> calls.getOrNotFound(what, CspCalls.query(
                        "volume_id", CspValidation.id(volumeId, "volume id", what), "mode", "exists"), "snapshots")
                .map(r -> !CspJson.readList(r, CspDto.SnapshotDto.class, what).isEmpty()).orElse(false));
    }

    /** GET /snapshots/{id}; NOT_FOUND (404) when there is no such snapshot. */
    public CompletableFuture<Snapshot> get(String id) {
        String what = "Get CSP snapshot " + id;
        return calls.async(what, () -> CspMapping.snapshot(CspJson.readObject(
                calls.get(what, Map.of(), "snapshots", CspValidation.id(id, "snapshot id", what)), CspDto.SnapshotDto.class, what), what));
    }

    /**
     * POST /snapshots: snapshots a volume.
     *
     * @param description free text, null for none
     * @param config CSP-specific parameters (the VolumeSnapshotClass parameters), null for none
     */
    public CompletableFuture<Snapshot> create(String name, String volumeId, String description, Map<String, Object> config) {
        String what = "Create CSP snapshot " + name + " of volume " + volumeId;
        return calls.async(what, () -> {
            CspDto.SnapshotRequestDto body = new CspDto.SnapshotRequestDto(CspValidation.name(name, "snapshot name", what),
                    CspValidation.text(description, "description", what), CspValidation.id(volumeId, "volume id", what),
                    config == null || config.isEmpty() ? null : config);
            return CspMapping.snapshot(CspJson.readObject(calls.post(what, body, "snapshots"), CspDto.SnapshotDto.class, what), what);
        });
    }

    /** DELETE /snapshots/{id}. The spec fails this with 409 (FAILED_PRECONDITION) while a clone of it exists. */
    public CompletableFuture<Void> delete(String id) {
        String what = "Delete CSP snapshot " + id;
        return calls.async(what, () -> {
            calls.delete(what, Map.of(), "snapshots", CspValidation.id(id, "snapshot id", what));
            return null;
        });
    }

    private static List<Snapshot> snapshots(CspHttp.Reply r, String what) {
        return CspJson.readList(r, CspDto.SnapshotDto.class, what).stream().map(s -> CspMapping.snapshot(s, what)).toList();
    }
}
