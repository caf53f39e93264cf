package org.csiconsole.core.reference.cspserver;

import static org.csiconsole.core.reference.cspserver.CspServer.array;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.http.HandlerType;
import java.io.IOException;
import java.util.List;

/**
 * The object routes of {@link CspServer} (hpe-csp-rest-spec.md): hosts, volumes and their
 * publish/unpublish actions, snapshots, volume groups, snapshot groups and replication partners,
 * each handed to the {@link CspBackend} for the array the request selected. Authentication, array
 * selection and error writing stay with {@link CspServer}.
 */
final class CspObjectRoutes {
    /** Registers one handler under every context path the server answers at. */
    interface Router {
        void on(HandlerType type, String path, Handler h);
    }

    private final CspBackend backend;
    private final ObjectMapper mapper;
    private final Router router;

    CspObjectRoutes(CspBackend backend, ObjectMapper mapper, Router router) {
        this.backend = backend;
        this.mapper = mapper;
        this.router = router;
    }

    private void get(String path, Handler h) {
        router.on(HandlerType.GET, path, h);
    }

    private void post(String path, Handler h) {
        router.on(HandlerType.POST, path, h);
    }

    private void put(String path, Handler h) {
        router.on(HandlerType.PUT, path, h);
    }

    private void delete(String path, Handler h) {
        router.on(HandlerType.DELETE, path, h);
    }

    /** Registers every object route. */
    void register() {
        get("/hosts", ctx -> ctx.json(backend.hosts(array(ctx)).stream().map(CspWire.HostJson::withoutSecret).toList()));
        post("/hosts", this::createHost);
        delete("/hosts", ctx -> {
            String uuid = ctx.queryParam("uuid");
            if (blank(uuid)) throw CspProblem.badRequest("Give the host to delete: DELETE /hosts/{id} or /hosts?uuid=<uuid>.");
            backend.deleteHost(array(ctx), uuid.trim());
            ctx.status(204);
        });
        delete("/hosts/{id}", ctx -> {
            backend.deleteHost(array(ctx), ctx.pathParam("id"));
            ctx.status(204);
        });

        get("/volumes", this::listVolumes);
        get("/volumes/{id}", ctx -> ctx.json(backend.volume(array(ctx), ctx.pathParam("id"))
                .orElseThrow(() -> CspProblem.notFound("Volume with id " + ctx.pathParam("id") + " not found."))));
        post("/volumes", this::createVolume);
        put("/volumes/{id}", this::editVolume);
        put("/volumes/{id}/actions/publish", this::publish);
        put("/volumes/{id}/actions/unpublish", ctx -> {
            CspWire.PublishOptionsJson o = body(mapper, ctx, CspWire.PublishOptionsJson.class, "UnpublishOptions");
            require(o.hostUuid(), "host_uuid", "UnpublishOptions");
            backend.unpublish(array(ctx), ctx.pathParam("id"), o.hostUuid().trim());
            ctx.status(204);
        });
        delete("/volumes/{id}", ctx -> {
            backend.deleteVolume(array(ctx), ctx.pathParam("id"), "true".equalsIgnoreCase(ctx.queryParam("force")));
            ctx.status(204);
        });

        get("/snapshots", this::listSnapshots);
        get("/snapshots/{id}", ctx -> ctx.json(backend.snapshot(array(ctx), ctx.pathParam("id"))
                .orElseThrow(() -> CspProblem.notFound("Snapshot with id " + ctx.pathParam("id") + " not found."))));
        post("/snapshots", ctx -> {
            CspWire.SnapshotJson s = body(mapper, ctx, CspWire.SnapshotJson.class, "Snapshot");
            CspRequestRules.snapshotCreate(s);
            String array = array(ctx);
            backend.volume(array, s.volumeId().trim()).ifPresent(v -> CspRequestRules.snapshotVolumeName(s, v));
            ctx.json(backend.createSnapshot(array, s));
        });
        delete("/snapshots/{id}", ctx -> {
            backend.deleteSnapshot(array(ctx), ctx.pathParam("id"));
            ctx.status(204);
        });

        get("/volume_groups", ctx -> {
            String name = ctx.queryParam("name");
            List<CspWire.VolumeGroupJson> all = backend.volumeGroups(array(ctx));
            if (name == null) {
                ctx.json(all);
                return;
            }
            List<CspWire.VolumeGroupJson> hits = all.stream().filter(g -> name.equals(g.name())).toList();
            if (hits.isEmpty()) {
                throw new CspProblem(404, "Volume group with name " + name + " not found.", CspProblem.Shape.BARE);
            }
            ctx.json(hits);
        });
        get("/volume_groups/{id}", ctx -> ctx.json(backend.volumeGroup(array(ctx), ctx.pathParam("id"))
                .orElseThrow(() -> CspProblem.notFound("Volume group with id " + ctx.pathParam("id") + " not found."))));
        post("/volume_groups", ctx -> {
            CspWire.VolumeGroupJson g = body(mapper, ctx, CspWire.VolumeGroupJson.class, "VolumeGroup");
            CspRequestRules.volumeGroupCreate(g);
            ctx.json(backend.createVolumeGroup(array(ctx), g));
        });
        delete("/volume_groups/{id}", ctx -> {
            backend.deleteVolumeGroup(array(ctx), ctx.pathParam("id"));
            ctx.status(204);
        });

        get("/snapshot_groups", ctx -> {
            String vg = ctx.queryParam("volume_group_id");
            if (blank(vg)) {
                throw CspProblem.badRequest("The volume_group_id query parameter is mandatory: "
                        + "GET /snapshot_groups?volume_group_id=<volume group id>.");
            }
            ctx.json(backend.snapshotGroups(array(ctx), vg.trim()));
        });
        get("/snapshot_groups/{id}", ctx -> ctx.json(backend.snapshotGroup(array(ctx), ctx.pathParam("id"))
                .orElseThrow(() -> CspProblem.notFound("Snapshot group with id " + ctx.pathParam("id") + " not found."))));
        post("/snapshot_groups", ctx -> {
            CspWire.SnapshotGroupJson g = body(mapper, ctx, CspWire.SnapshotGroupJson.class, "SnapshotGroup");
            CspRequestRules.snapshotGroupCreate(g);
            String array = array(ctx);
            backend.volumeGroup(array, g.volumeGroupId().trim()).ifPresent(vg -> CspRequestRules.snapshotGroupName(g, vg));
            ctx.json(backend.createSnapshotGroup(array, g));
        });
        delete("/snapshot_groups/{id}", ctx -> {
            backend.deleteSnapshotGroup(array(ctx), ctx.pathParam("id"));
            ctx.status(204);
        });

        get("/replication_partners", ctx -> {
            String name = ctx.queryParam("name");
            List<CspWire.ReplicationPartnerJson> all = backend.partners(array(ctx));
            if (name == null) {
                ctx.json(all);
                return;
            }
            List<CspWire.ReplicationPartnerJson> hits = all.stream().filter(p -> name.equals(p.name())).toList();
            if (hits.isEmpty()) throw CspProblem.notFound("Replication partner with name " + name + " not found.");
            ctx.json(hits);
        });
    }

    private void createHost(Context ctx) {
        CspWire.HostJson h = body(mapper, ctx, CspWire.HostJson.class, "Host");
        CspRequestRules.hostCreate(h);
        ctx.json(backend.createHost(array(ctx), h).withoutSecret());
    }

    private void listVolumes(Context ctx) {
        String name = ctx.queryParam("name");
        List<CspWire.VolumeJson> all = backend.volumes(array(ctx));
        if (name == null) {
            ctx.json(all);
            return;
        }
        List<CspWire.VolumeJson> hits = all.stream().filter(v -> name.equals(v.name())).toList();
        if (hits.isEmpty()) throw CspProblem.notFound("Volume with name " + name + " not found.");
        ctx.json(hits);
    }

    private void createVolume(Context ctx) {
        CspWire.VolumeJson v = body(mapper, ctx, CspWire.VolumeJson.class, "Volume");
        CspRequestRules.volumeCreate(v);
        ctx.json(backend.createVolume(array(ctx), v));
    }

    private void editVolume(Context ctx) {
        CspWire.VolumeJson v = body(mapper, ctx, CspWire.VolumeJson.class, "Volume");
        String array = array(ctx);
        String id = ctx.pathParam("id");
        CspWire.VolumeJson current = backend.volume(array, id)
                .orElseThrow(() -> CspProblem.notFound("Volume with id " + id + " not found."));
        ctx.json(backend.editVolume(array, id, CspRequestRules.volumeEdit(id, v, current)));
    }

    private void publish(Context ctx) {
        CspWire.PublishOptionsJson o = body(mapper, ctx, CspWire.PublishOptionsJson.class, "PublishOptions");
        String proto = CspRequestRules.publishProtocol(o);
        ctx.json(backend.publish(array(ctx), ctx.pathParam("id"), o.hostUuid().trim(), proto));
    }

    private void listSnapshots(Context ctx) {
        // volume_id is optional (CSP OpenAPI 1.1.0; HPE's Go client sends GET /snapshots for every snapshot of the array)
        String volumeId = blank(ctx.queryParam("volume_id")) ? null : ctx.queryParam("volume_id").trim();
        String name = ctx.queryParam("name");
        String mode = ctx.queryParam("mode");
        if (mode != null && !mode.equals("exists")) {
            throw CspProblem.badRequest("Unknown mode '" + mode + "'. The only mode is 'exists'.");
        }
        List<CspWire.SnapshotJson> all = backend.snapshots(array(ctx), volumeId);
        List<CspWire.SnapshotJson> hits = name == null ? all : all.stream().filter(s -> name.equals(s.name())).toList();
        if (name != null && hits.isEmpty()) {
            throw CspProblem.notFound("Snapshot with name " + name + (volumeId == null ? "" : " of volume " + volumeId) + " not found.");
        }
        // mode=exists answers whether any snapshot exists: at most one entry, never the whole list.
        ctx.json(mode != null && hits.size() > 1 ? hits.subList(0, 1) : hits);
    }

    /**
     * Reads a JSON request body as {@code type}.
     *
     * @throws CspProblem 400 for an empty, null or malformed body; the message gives the line and
     *                    column only, never the body (it can hold a password)
     */
    static <T> T body(ObjectMapper mapper, Context ctx, Class<T> type, String object) {
        byte[] bytes = ctx.bodyAsBytes();
        if (bytes.length == 0) throw CspProblem.badRequest("The request has no body. Send the " + object + " as JSON.");
        try {
            T value = mapper.readValue(bytes, type);
            if (value == null) throw CspProblem.badRequest("The request body is null. Send the " + object + " as a JSON object.");
            return value;
        } catch (JsonProcessingException e) {
            // The parser's message may quote the body (which can hold a password); only the position is reported.
            JsonLocation at = e.getLocation();
            throw CspProblem.badRequest("The request body is not a valid " + object + " in JSON"
                    + (at == null ? "" : " (line " + at.getLineNr() + ", column " + at.getColumnNr() + ")")
                    + ". Fix the JSON and send it again.");
        } catch (IOException e) {
            throw CspProblem.badRequest("The request body could not be read. Send the " + object + " again.");
        }
    }

    private static void require(String value, String field, String object) {
        CspRequestRules.require(value, field, object);
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
