package org.csiconsole.core.csp;

import org.csiconsole.core.model.SnapshotGroup;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Snapshot groups on the CSP (hpe-csp-rest-spec.md {@code /containers/v1/snapshot_groups};
 * replication fields {@code repl_status}, {@code repl_start_time}, {@code repl_complete_time} of
 * OpenAPI 1.1.0 {@code SnapshotGroupConfig} are in {@link SnapshotGroup#replication()}). Every
 * method completes exceptionally with a {@link org.csiconsole.core.call.CallFailure}.
 */
public final class CspSnapshotGroups {
    private final CspCalls calls;

    CspSnapshotGroups(CspCalls calls) {
        this.calls = calls;
    }

    /** GET /snapshot_groups?volume_group_id= ({@code volume_group_id} is mandatory). */
    public CompletableFuture<List<SnapshotGroup>> list(String volumeGroupId) {
        String what = "List CSP snapshot groups of volume group " + volumeGroupId;
        return calls.async(what, () -> CspJson.readList(calls.get(what,
                        CspCalls.query("volume_group_id", CspValidation.id(volumeGroupId, "volume group id", what)), "snapshot_groups"),
                CspDto.SnapshotGroupDto.class, what).stream().map(g -> CspMapping.snapshotGroup(g, what)).toList());
    }

    /** GET /snapshot_groups/{id}; NOT_FOUND (404) when there is no such group. */
    public CompletableFuture<SnapshotGroup> get(String id) {
        String what = "Get CSP snapshot group " + id;
        return calls.async(what, () -> CspMapping.snapshotGroup(CspJson.readObject(calls.get(what, Map.of(), "snapshot_groups",
                CspValidation.id(id, "snapshot group id", what)), CspDto.SnapshotGroupDto.class, what), what));
    }

    /**
     * POST /snapshot_groups: snapshots every volume of a volume group at once.
     *
     * @param config e.g. {@code replicate: true}; null for none
     */
    public CompletableFuture<SnapshotGroup> create(String name, String volumeGroupId, Map<String, Object> config) {
        String what = "Create CSP snapshot group " + name;
        return calls.async(what, () -> {
            CspDto.SnapshotGroupRequestDto body = new CspDto.SnapshotGroupRequestDto(CspValidation.name(name, "snapshot group name", what),
                    CspValidation.id(volumeGroupId, "volume group id", what), config == null || config.isEmpty() ? null : config);
            return CspMapping.snapshotGroup(CspJson.readObject(calls.post(what, body, "snapshot_groups"), CspDto.SnapshotGroupDto.class, what), what);
        });
    }

    /** DELETE /snapshot_groups/{id}. */
    public CompletableFuture<Void> delete(String id) {
        String what = "Delete CSP snapshot group " + id;
        return calls.async(what, () -> {
            calls.delete(what, Map.of(), "snapshot_groups", CspValidation.id(id, "snapshot group id", what));
            return null;
        });
    }
}
