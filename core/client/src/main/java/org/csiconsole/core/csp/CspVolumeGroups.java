package org.csiconsole.core.csp;

import org.csiconsole.core.model.VolumeGroup;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * Volume groups on the CSP (hpe-csp-rest-spec.md {@code /containers/v1/volume_groups}). Every
 * method completes exceptionally with a {@link org.csiconsole.core.call.CallFailure}.
 */
public final class CspVolumeGroups {
    private final CspCalls calls;

    CspVolumeGroups(CspCalls calls) {
        this.calls = calls;
    }

    /** GET /volume_groups. */
    public CompletableFuture<List<VolumeGroup>> list() {
        String what = "List CSP volume groups";
        return calls.async(what, () -> groups(calls.get(what, Map.of(), "volume_groups"), what));
    }

    /** GET /volume_groups?name=; empty on 404. The spec answers with one object here; a list is read too. */
    public CompletableFuture<List<VolumeGroup>> findByName(String name) {
        String what = "Find CSP volume group " + name;
        return calls.async(what, () -> calls.getOrNotFound(what,
                        CspCalls.query("name", CspValidation.name(name, "volume group name", what)), "volume_groups")
                .map(r -> groups(r, what)).orElse(List.of()));
    }

    /** GET /volume_groups/{id}; NOT_FOUND (404) when there is no such group. */
    public CompletableFuture<VolumeGroup> get(String id) {
        String what = "Get CSP volume group " + id;
        return calls.async(what, () -> CspMapping.volumeGroup(CspJson.readObject(calls.get(what, Map.of(), "volume_groups",
                CspValidation.id(id, "volume group id", what)), CspDto.VolumeGroupDto.class, what), what));
    }

    /**
     * POST /volume_groups.
     *
     * @param config e.g. {@code replication_partner}, {@code protection_template}; null for none
     */
    public CompletableFuture<VolumeGroup> create(String name, String description, Map<String, Object> config) {
        String what = "Create CSP volume group " + name;
        return calls.async(what, () -> {
            CspDto.VolumeGroupRequestDto body = new CspDto.VolumeGroupRequestDto(CspValidation.name(name, "volume group name", what),
                    CspValidation.text(description, "description", what), config == null || config.isEmpty() ? null : config);
            return CspMapping.volumeGroup(CspJson.readObject(calls.post(what, body, "volume_groups"), CspDto.VolumeGroupDto.class, what), what);
        });
    }

    /** DELETE /volume_groups/{id}; 409 (FAILED_PRECONDITION) when the group cannot be deleted. */
    public CompletableFuture<Void> delete(String id) {
        String what = "Delete CSP volume group " + id;
        return calls.async(what, () -> {
            calls.delete(what, Map.of(), "volume_groups", CspValidation.id(id, "volume group id", what));
            return null;
        });
    }

    private static List<VolumeGroup> groups(CspHttp.Reply r, String what) {
        return CspJson.readList(r, CspDto.VolumeGroupDto.class, what).stream().map(g -> CspMapping.volumeGroup(g, what)).toList();
    }
}
