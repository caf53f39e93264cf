package org.csiconsole.core.reference.cspserver;

import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.PropertyNamingStrategies;
import com.fasterxml.jackson.databind.json.JsonMapper;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.http.HandlerType;
import io.javalin.http.HttpResponseException;
import io.javalin.json.JavalinJackson;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.util.List;
import java.util.Objects;

/**
 * The reference plugin's HPE Container Storage Provider: every endpoint and object set of
 * hpe-csp-rest-spec.md under {@code <context path>/containers/v1} for each of
 * {@link CspServerConfig#contextPaths()} (by default both {@code /csp/containers/v1}, as an
 * off-cluster CSP, and {@code /containers/v1}, as a CSP service in the cluster that the HPE CSI
 * driver calls with no context path), plus the OpenAPI 1.1.0 additions (GET /hosts,
 * DELETE /hosts?uuid=, host {@code nqns}/{@code access_protocol}/{@code virtual_domain}, snapshots
 * {@code mode=exists}, partners {@code repl_role}). What each body may carry is in
 * {@link CspRequestRules}.
 *
 * <p>Authentication: POST /tokens with a configured user answers a {@code session_token}; every
 * other request must send it as {@code x-auth-token}. A missing, unknown or expired token gets 401.
 * {@code x-array-ip} (or the token's {@code array_ip}) selects the array; an unknown address gets
 * 400. Errors are written as {@code {"errors":[{"code":"<reason phrase>","message":"..."}]}}; an
 * unknown volume group name gets the spec's bare {@code {"code","message"}}.
 *
 * <p>Listens on {@link CspServerConfig#bindHost()} (loopback by default) over plain HTTP. The
 * server never logs request headers or bodies, so tokens and passwords stay out of logs.
 */
public final class CspServer implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CspServer.class);
    private static final String API = "/containers/v1";
    private static final String SESSION = "csp.session";
    private static final String ARRAY = "csp.array";

    private final CspServerConfig config;
    private final CspBackend backend;
    private final CspFaultHook faults;
    private final CspTokens tokens;
    private final ObjectMapper mapper;
    private final Javalin app;

    private CspServer(CspServerConfig config, CspBackend backend, CspFaultHook faults) {
        this.config = config;
        this.backend = backend;
        this.faults = faults;
        this.tokens = new CspTokens(config);
        this.mapper = mapper();
        this.app = Javalin.create(c -> {
            c.showJavalinBanner = false;
            c.startupWatcherEnabled = false;
            c.jsonMapper(new JavalinJackson(mapper, false));
            c.router.ignoreTrailingSlashes = true;
            c.http.defaultContentType = "application/json";
            c.jetty.modifyServer(s -> s.setStopTimeout(2_000));
        });
        routes();
    }

    /**
     * Starts listening.
     *
     * @throws IllegalStateException when the port cannot be bound (the message names host and port)
     */
    public static CspServer start(CspServerConfig config, CspBackend backend, CspFaultHook faults) {
        CspServer s = new CspServer(Objects.requireNonNull(config, "config"), Objects.requireNonNull(backend, "backend"),
                faults == null ? CspFaultHook.NONE : faults);
        try {
            s.app.start(config.bindHost(), config.port());
        } catch (Exception e) { // Javalin rethrows Jetty's checked exceptions unchecked
            try {
                s.app.stop();
            } catch (Exception ignored) {
                // the server never started; nothing to stop
            }
            throw new IllegalStateException("The CSP server cannot listen on " + config.bindHost() + ":" + config.port()
                    + " (" + e.getClass().getSimpleName() + "). Choose another port or 0 for any free port.", e);
        }
        LOG.info("CSP server listening on {}", String.join(" and ", s.apiRoots()));
        return s;
    }

    /** The port actually bound (useful with port 0). */
    public int port() {
        return app.port();
    }

    /** {@code http://host:port}, the base URL a CSP client is given (its context path defaults to {@code /csp}). */
    public String url() {
        String h = config.bindHost().contains(":") ? "[" + config.bindHost() + "]" : config.bindHost();
        return "http://" + h + ":" + port();
    }

    /** {@code http://host:port<context path>/containers/v1}, under the first context path. */
    public String apiRoot() {
        return url() + config.contextPath() + API;
    }

    /** {@code http://host:port<context path>/containers/v1} under each context path served, the first one first. */
    public List<String> apiRoots() {
        return config.contextPaths().stream().map(cp -> url() + cp + API).toList();
    }

    public CspServerConfig config() {
        return config;
    }

    /**
     * Stops listening and ends every session. Never throws: a stop that does not finish within
     * Jetty's stop timeout is logged, so the caller can go on closing the store.
     */
    @Override
    public void close() {
        String where = config.bindHost() + ":" + port();
        try {
            app.stop();
        } catch (Exception e) { // Javalin rethrows Jetty's checked exceptions unchecked
            LOG.warn("The CSP server at {} did not stop cleanly: {}", where, e.getClass().getSimpleName());
        }
        tokens.expireAll();
    }

    static ObjectMapper mapper() {
        return JsonMapper.builder()
                .propertyNamingStrategy(PropertyNamingStrategies.SNAKE_CASE)
                .serializationInclusion(JsonInclude.Include.NON_NULL)
                .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
                .build();
    }

    // ---------------------------------------------------------------- routing

    private void get(String path, Handler h) {
        on(HandlerType.GET, path, h);
    }

    private void post(String path, Handler h) {
        on(HandlerType.POST, path, h);
    }

    private void put(String path, Handler h) {
        on(HandlerType.PUT, path, h);
    }

    private void delete(String path, Handler h) {
        on(HandlerType.DELETE, path, h);
    }

    /** Registers one route of the API under every configured context path. */
    private void on(HandlerType type, String path, Handler h) {
        for (String cp : config.contextPaths()) app.addHttpHandler(type, cp + API + path, h);
    }

    private void routes() {
        app.before(CspUriCheck::check);
        app.before(this::guard);

        post("/tokens", this::login);
        delete("/tokens/{id}", this::logout);

        get("/hosts", ctx -> ctx.json(backend.hosts(array(ctx)).stream().map(CspWire.Host::withoutSecret).toList()));
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
            CspWire.PublishOptions o = body(ctx, CspWire.PublishOptions.class, "UnpublishOptions");
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
            CspWire.Snapshot s = body(ctx, CspWire.Snapshot.class, "Snapshot");
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
            List<CspWire.VolumeGroup> all = backend.volumeGroups(array(ctx));
            if (name == null) {
                ctx.json(all);
                return;
            }
            List<CspWire.VolumeGroup> hits = all.stream().filter(g -> name.equals(g.name())).toList();
            if (hits.isEmpty()) {
                throw new CspProblem(404, "Volume group with name " + name + " not found.", CspProblem.Shape.BARE);
            }
            ctx.json(hits);
        });
        get("/volume_groups/{id}", ctx -> ctx.json(backend.volumeGroup(array(ctx), ctx.pathParam("id"))
                .orElseThrow(() -> CspProblem.notFound("Volume group with id " + ctx.pathParam("id") + " not found."))));
        post("/volume_groups", ctx -> {
            CspWire.VolumeGroup g = body(ctx, CspWire.VolumeGroup.class, "VolumeGroup");
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
            CspWire.SnapshotGroup g = body(ctx, CspWire.SnapshotGroup.class, "SnapshotGroup");
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
            List<CspWire.ReplicationPartner> all = backend.partners(array(ctx));
            if (name == null) {
                ctx.json(all);
                return;
            }
            List<CspWire.ReplicationPartner> hits = all.stream().filter(p -> name.equals(p.name())).toList();
            if (hits.isEmpty()) throw CspProblem.notFound("Replication partner with name " + name + " not found.");
            ctx.json(hits);
        });

        app.exception(CspProblem.class, (e, ctx) -> writeError(ctx, e.status(), e.getMessage(), e.shape()));
        app.exception(HttpResponseException.class, (e, ctx) -> {
            int status = e.getStatus();
            String message = status == 404
                    ? "There is no " + ctx.method() + " " + apiPath(ctx) + " in the CSP API. Check the URL: this CSP answers under "
                    + String.join(" and ", config.contextPaths().stream().map(cp -> cp + API).toList()) + "."
                    : CspProblem.reason(status) + ".";
            writeError(ctx, status, message, CspProblem.Shape.ERRORS_LIST);
        });
        app.exception(Exception.class, (e, ctx) -> {
            LOG.warn("CSP {} {} failed: {}", ctx.method(), apiPath(ctx), e.getClass().getName(), e);
            writeError(ctx, 500, "The CSP could not complete the request because of an internal error. "
                    + "Retry; if it fails again, look at the CSP log.", CspProblem.Shape.ERRORS_LIST);
        });
    }

    /** Fault injection, authentication and array selection, before every request. */
    private void guard(Context ctx) {
        String method = ctx.method().name();
        String path = apiPath(ctx);
        if (!served(ctx)) return; // outside every context path: 404 follows, with no login asked for
        CspFaultHook.Fault fault = faults.before(method, path);
        if (fault == CspFaultHook.Fault.UNAVAILABLE) {
            throw new CspProblem(503, "The CSP is temporarily unavailable. Retry with back-off.");
        }
        if (fault == CspFaultHook.Fault.EXPIRE_ALL_TOKENS) tokens.expireAll();
        boolean login = "POST".equals(method) && (path.equals(API + "/tokens") || path.equals(API + "/tokens/"));
        if (login) return;
        String token = ctx.header("x-auth-token");
        if (blank(token)) {
            throw new CspProblem(401, "No x-auth-token header. Log in with POST " + API
                    + "/tokens and send the session_token as x-auth-token.");
        }
        if (fault == CspFaultHook.Fault.TOKEN_EXPIRED) tokens.expire(token);
        CspTokens.Session session = tokens.check(token).orElseThrow(() -> new CspProblem(401,
                "The session token has expired or is not known. Log in again with POST " + API + "/tokens."));
        ctx.attribute(SESSION, session);
        String ip = ctx.header("x-array-ip");
        ctx.attribute(ARRAY, arrayFor(blank(ip) ? session.arrayIp() : ip.trim()));
    }

    private String arrayFor(String ip) {
        if (blank(ip)) return config.defaultArray();
        String name = config.arrays().get(ip);
        if (name == null) {
            throw CspProblem.badRequest("No array answers at " + ip + ". Known arrays: "
                    + String.join(", ", config.arrays().keySet()) + ".");
        }
        return name;
    }

    private static String array(Context ctx) {
        return Objects.requireNonNull(ctx.attribute(ARRAY), "array");
    }

    /** Whether the request path is under {@code <context path>/containers/v1} for a context path served. */
    private boolean served(Context ctx) {
        String p = ctx.path();
        return config.contextPaths().stream().anyMatch(cp -> p.equals(cp + API) || p.startsWith(cp + API + "/"));
    }

    /** The request path without the context path it came under: {@code /containers/v1/...}. */
    private String apiPath(Context ctx) {
        String p = ctx.path();
        for (String cp : config.contextPaths()) {
            if (!cp.isEmpty() && p.startsWith(cp + API)) return p.substring(cp.length());
        }
        return p;
    }

    // ---------------------------------------------------------------- handlers

    private void login(Context ctx) {
        CspWire.LoginRequest req = body(ctx, CspWire.LoginRequest.class, "Token");
        try {
            require(req.username(), "username", "Token");
            if (req.password() == null || req.password().length == 0) {
                throw CspProblem.badRequest("The Token has no password. Give username and password.");
            }
            String ip = blank(req.arrayIp()) ? ctx.header("x-array-ip") : req.arrayIp().trim();
            arrayFor(blank(ip) ? null : ip.trim());
            CspTokens.Session s = tokens.login(req.username(), req.password(), blank(ip) ? "" : ip.trim())
                    .orElseThrow(() -> new CspProblem(401, "The user name or password is wrong. Check them and log in again."));
            ctx.json(new CspWire.Token(s.id(), s.arrayIp().isEmpty() ? null : s.arrayIp(), s.username(),
                    s.creationTime(), s.expiryTime(), s.sessionToken()));
        } finally {
            req.wipe();
        }
    }

    private void logout(Context ctx) {
        CspTokens.Session caller = ctx.attribute(SESSION);
        if (!tokens.delete(ctx.pathParam("id"), caller)) {
            throw CspProblem.notFound("Token with id " + ctx.pathParam("id") + " not found.");
        }
        ctx.status(204);
    }

    private void createHost(Context ctx) {
        CspWire.Host h = body(ctx, CspWire.Host.class, "Host");
        CspRequestRules.hostCreate(h);
        ctx.json(backend.createHost(array(ctx), h).withoutSecret());
    }

    private void listVolumes(Context ctx) {
        String name = ctx.queryParam("name");
        List<CspWire.Volume> all = backend.volumes(array(ctx));
        if (name == null) {
            ctx.json(all);
            return;
        }
        List<CspWire.Volume> hits = all.stream().filter(v -> name.equals(v.name())).toList();
        if (hits.isEmpty()) throw CspProblem.notFound("Volume with name " + name + " not found.");
        ctx.json(hits);
    }

    private void createVolume(Context ctx) {
        CspWire.Volume v = body(ctx, CspWire.Volume.class, "Volume");
        CspRequestRules.volumeCreate(v);
        ctx.json(backend.createVolume(array(ctx), v));
    }

    private void editVolume(Context ctx) {
        CspWire.Volume v = body(ctx, CspWire.Volume.class, "Volume");
        String array = array(ctx);
        String id = ctx.pathParam("id");
        CspWire.Volume current = backend.volume(array, id)
                .orElseThrow(() -> CspProblem.notFound("Volume with id " + id + " not found."));
        ctx.json(backend.editVolume(array, id, CspRequestRules.volumeEdit(id, v, current)));
    }

    private void publish(Context ctx) {
        CspWire.PublishOptions o = body(ctx, CspWire.PublishOptions.class, "PublishOptions");
        String proto = CspRequestRules.publishProtocol(o);
        ctx.json(backend.publish(array(ctx), ctx.pathParam("id"), o.hostUuid().trim(), proto));
    }

    private void listSnapshots(Context ctx) {
        String volumeId = ctx.queryParam("volume_id");
        if (blank(volumeId)) {
            throw CspProblem.badRequest("The volume_id query parameter is mandatory: GET /snapshots?volume_id=<volume id>.");
        }
        String name = ctx.queryParam("name");
        String mode = ctx.queryParam("mode");
        if (mode != null && !mode.equals("exists")) {
            throw CspProblem.badRequest("Unknown mode '" + mode + "'. The only mode is 'exists'.");
        }
        List<CspWire.Snapshot> all = backend.snapshots(array(ctx), volumeId.trim());
        List<CspWire.Snapshot> hits = name == null ? all : all.stream().filter(s -> name.equals(s.name())).toList();
        if (name != null && hits.isEmpty()) {
            throw CspProblem.notFound("Snapshot with name " + name + " of volume " + volumeId.trim() + " not found.");
        }
        // mode=exists answers whether any snapshot exists: at most one entry, never the whole list.
        ctx.json(mode != null && hits.size() > 1 ? hits.subList(0, 1) : hits);
    }

    // ---------------------------------------------------------------- helpers

    private <T> T body(Context ctx, Class<T> type, String object) {
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

    private void writeError(Context ctx, int status, String message, CspProblem.Shape shape) {
        ctx.status(status);
        CspWire.ErrorEntry entry = new CspWire.ErrorEntry(CspProblem.reason(status), message);
        ctx.json(shape == CspProblem.Shape.BARE ? entry : new CspWire.Errors(List.of(entry)));
    }

    private static void require(String value, String field, String object) {
        CspRequestRules.require(value, field, object);
    }

    private static boolean blank(String s) {
        return s == null || s.isBlank();
    }
}
