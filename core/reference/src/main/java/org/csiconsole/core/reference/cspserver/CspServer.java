package org.csiconsole.core.reference.cspserver;

import com.fasterxml.jackson.annotation.JsonInclude;
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

    private void post(String path, Handler h) {
        on(HandlerType.POST, path, h);
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

        new CspObjectRoutes(backend, mapper, this::on).register();

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
        CspTokens.LoginSession session = tokens.check(token).orElseThrow(() -> new CspProblem(401,
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

    /** The array the request selected (set by the guard before every object route). */
    static String array(Context ctx) {
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
        CspWire.LoginRequest req = CspObjectRoutes.body(mapper, ctx, CspWire.LoginRequest.class, "Token");
        try {
            require(req.username(), "username", "Token");
            if (req.password() == null || req.password().length == 0) {
                throw CspProblem.badRequest("The Token has no password. Give username and password.");
            }
            String ip = blank(req.arrayIp()) ? ctx.header("x-array-ip") : req.arrayIp().trim();
            arrayFor(blank(ip) ? null : ip.trim());
            CspTokens.LoginSession s = tokens.login(req.username(), req.password(), blank(ip) ? "" : ip.trim())
                    .orElseThrow(() -> new CspProblem(401, "The user name or password is wrong. Check them and log in again."));
            ctx.json(new CspWire.TokenJson(s.id(), s.arrayIp().isEmpty() ? null : s.arrayIp(), s.username(),
                    s.creationTime(), s.expiryTime(), s.sessionToken()));
        } finally {
            req.wipe();
        }
    }

    private void logout(Context ctx) {
        CspTokens.LoginSession caller = ctx.attribute(SESSION);
        if (!tokens.delete(ctx.pathParam("id"), caller)) {
            throw CspProblem.notFound("Token with id " + ctx.pathParam("id") + " not found.");
        }
        ctx.status(204);
    }

    // ---------------------------------------------------------------- helpers


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
