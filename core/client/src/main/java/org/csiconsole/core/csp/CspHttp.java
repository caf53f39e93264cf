package org.csiconsole.core.csp;

import okhttp3.ConnectionPool;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.Buffer;
import okio.BufferedSource;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallOrigin;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.call.TracePayload;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * One HTTP exchange with the CSP: builds the URL under {@link CspConfig#apiRoot()}, sends
 * {@code x-auth-token} and {@code x-array-ip}, reads the body up to {@link CspConfig#maxResponseBytes()},
 * records every attempt in the {@link CallTrace} (redacted), and retries connection failures with
 * doubling backoff for requests marked retryable (GET, PUT, DELETE and login; never another POST).
 * Non-2xx statuses are returned, not thrown, so the session can handle 401.
 */
final class CspHttp implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(CspHttp.class);
    private static final MediaType JSON = MediaType.get("application/json; charset=utf-8");
    private static final int TRACE_BODY_LIMIT = 256 * 1024;

    private final CspConfig config;
    private final CallTrace trace;
    private final Clock clock;
    private final OkHttpClient client;
    private final HttpUrl root;

    /**
     * An HTTP request.
     *
     * @param method GET, POST, PUT or DELETE
     * @param segments path segments below {@code /containers/v1}, each percent-encoded when sent
     * @param query query parameters in order; never null
     * @param body JSON body, null for none
     * @param traceBody redacted text to record instead of the body (login); null to redact the body
     * @param what what the person asked for, for failures
     */
    record Call(String method, List<String> segments, Map<String, String> query, byte[] body, String traceBody, String what) {
        boolean retryable() {
            return !"POST".equals(method) || (segments.size() == 1 && "tokens".equals(segments.get(0)));
        }
    }

    /** A response that arrived in full: status, content type and body (possibly empty). */
    record Reply(int status, String contentType, byte[] body) {
        boolean ok() {
            return status >= 200 && status < 300;
        }
    }

    /** How long an idle connection stays in the pool: below the idle timeouts of common HTTP servers and proxies. */
    static final Duration POOL_KEEP_ALIVE = Duration.ofSeconds(25);

    CspHttp(CspConfig config, CallTrace trace, Clock clock) {
        this.config = config;
        this.trace = trace;
        this.clock = clock;
        this.root = HttpUrl.get(config.apiRoot());
        OkHttpClient.Builder b = new OkHttpClient.Builder()
                .connectTimeout(config.connectTimeout())
                .readTimeout(config.readTimeout())
                .writeTimeout(config.readTimeout())
                .callTimeout(config.callTimeout())
                .retryOnConnectionFailure(false)
                .followRedirects(false)
                .followSslRedirects(false)
                // Servers close idle connections (Jetty after 30 s, nginx after 75 s by default); a read on a
                // connection the server already closed fails, so idle ones are not kept longer than that.
                .connectionPool(new ConnectionPool(4, POOL_KEEP_ALIVE.toSeconds(), TimeUnit.SECONDS));
        if (config.https()) {
            CspTls.Setup tls = CspTls.create(config.trust());
            b.sslSocketFactory(tls.socketFactory(), tls.trustManager());
            if (tls.hostnameVerifier() != null) b.hostnameVerifier(tls.hostnameVerifier());
        }
        this.client = b.build();
    }

    /**
     * Sends the call with the session token (null for login) and returns the reply.
     *
     * @throws CallFailure for connection, TLS and timeout failures, a body over the cap
     *     ({@link FailureKind#PROTOCOL}), a cut-off body ({@link FailureKind#PROTOCOL}) or a redirect
     *     ({@link FailureKind#ENDPOINT})
     */
    Reply send(Call call, String token) {
        int attempts = call.retryable() ? 1 + config.connectRetries() : 1;
        long backoffMs = config.retryBackoff().toMillis();
        HttpUrl url = url(call);
        String methodText = methodText(url, call);
        TracePayload request = call.traceBody() != null ? TracePayload.of(call.traceBody()) : payload(call.body());
        Map<String, List<String>> targets = CspAuditTargets.request(call.segments(), null);
        Map<String, String> headers = new LinkedHashMap<>();
        if (!config.arrayIp().isEmpty()) headers.put("x-array-ip", config.arrayIp());
        if (token != null) headers.put(CspRedactor.AUTH_HEADER, CspRedactor.MASK);
        CallOrigin origin = trace.origins().current();
        for (int attempt = 1; ; attempt++) {
            Instant start = clock.instant();
            long t0 = System.nanoTime();
            try {
                Reply reply = once(call, url, token);
                Duration took = Duration.ofNanos(System.nanoTime() - t0);
                Map<String, List<String>> named = targets;
                if (reply.ok() && "POST".equals(call.method())) {
                    named = new LinkedHashMap<>(targets);
                    CspAuditTargets.created(call.method(), call.segments(), reply).forEach(named::putIfAbsent);
                }
                trace.record(new TraceEntry(0, start, TraceEntry.HTTP, config.endpointText(), methodText, attempt, request,
                        payload(reply.body()), String.valueOf(reply.status()), reply.ok(), took, "", named, headers, origin));
                LOG.debug("{} -> {} in {} ms", methodText, reply.status(), took.toMillis());
                if (reply.status() >= 300 && reply.status() < 400) throw redirect(call, reply);
                return reply;
            } catch (Attempt a) {
                Duration took = Duration.ofNanos(System.nanoTime() - t0);
                trace.record(new TraceEntry(0, start, TraceEntry.HTTP, config.endpointText(), methodText, attempt, request,
                        TracePayload.EMPTY, a.failure.kind().name(), false, took, a.failure.getMessage(), targets, headers, origin));
                LOG.debug("{} failed: {} in {} ms", methodText, a.failure.kind(), took.toMillis());
                if (!a.retryable || attempt >= attempts) throw a.failure;
                // The connection may have been one the server closed while it sat in the pool, and so may the
                // other pooled ones: the next attempt opens a new connection instead of trying each in turn.
                client.connectionPool().evictAll();
                sleep(backoffMs, call);
                backoffMs = Math.min(backoffMs * 2, 30_000);
            }
        }
    }

    /** The call as the trace and the audit log show it, e.g. {@code DELETE /csp/containers/v1/volumes/v1?force=true}. */
    String methodText(Call call) {
        return methodText(url(call), call);
    }

    private static String methodText(HttpUrl url, Call call) {
        return call.method() + " " + url.encodedPath() + (url.encodedQuery() == null ? "" : "?" + url.encodedQuery());
    }

    private Reply once(Call call, HttpUrl url, String token) throws Attempt {
        Request.Builder rb = new Request.Builder().url(url).header("Accept", "application/json")
                .header("User-Agent", "csi-console");
        if (token != null) rb.header(CspRedactor.AUTH_HEADER, token);
        if (!config.arrayIp().isEmpty()) rb.header("x-array-ip", config.arrayIp());
        RequestBody body = call.body() == null ? null : RequestBody.create(call.body(), JSON);
        if (body == null && ("POST".equals(call.method()) || "PUT".equals(call.method()))) {
            body = RequestBody.create(new byte[0], JSON);
        }
        rb.method(call.method(), body);
        Response resp;
        try {
            resp = client.newCall(rb.build()).execute();
        } catch (IOException e) {
            throw new Attempt(CspErrors.forIo(call.what(), e, config), CspErrors.isConnectFailure(e));
        }
        try (resp) {
            String type = resp.header("Content-Type", "");
            return new Reply(resp.code(), type, readCapped(call, resp));
        }
    }

    private byte[] readCapped(Call call, Response resp) throws Attempt {
        ResponseBody body = resp.body();
        long cap = config.maxResponseBytes();
        long declared = body.contentLength();
        if (declared > cap) throw new Attempt(tooLarge(call, declared + " bytes declared"), false);
        Buffer buf = new Buffer();
        try {
            BufferedSource src = body.source();
            while (buf.size() <= cap) {
                if (src.read(buf, 64 * 1024) == -1) return buf.readByteArray();
            }
        } catch (IOException e) {
            if (CspErrors.isTruncation(e)) throw new Attempt(CspErrors.truncated(call.what(), buf.size(), e), false);
            throw new Attempt(CspErrors.forIo(call.what(), e, config), false);
        } finally {
            if (buf.size() > cap) buf.clear();
        }
        throw new Attempt(tooLarge(call, "more than " + cap + " bytes"), false);
    }

    private CallFailure tooLarge(Call call, String size) {
        return new CallFailure(FailureKind.PROTOCOL, call.what(),
                "the CSP's answer is larger than the " + (config.maxResponseBytes() >> 10) + " KiB limit (" + size + ")",
                "Narrow the request (e.g. by name), or raise the response size limit if the array really has that many objects", "");
    }

    private CallFailure redirect(Call call, Reply reply) {
        return new CallFailure(FailureKind.ENDPOINT, call.what(), "the server redirects (HTTP " + reply.status() + ") instead of answering",
                "Check the URL scheme, port and context path (default " + CspConfig.DEFAULT_CONTEXT_PATH + ")", "");
    }

    private HttpUrl url(Call call) {
        HttpUrl.Builder u = root.newBuilder();
        for (String s : call.segments()) u.addPathSegment(s);
        call.query().forEach(u::addQueryParameter);
        return u.build();
    }

    /**
     * A body as the trace keeps it: redacted JSON, pretty-printed when first shown. A body that may
     * hold a secret ({@link CspRedactor#mayHoldSecret}) is redacted now, so the secret is not kept
     * even in memory; others are kept as sent and redacted when shown.
     */
    private static TracePayload payload(byte[] body) {
        if (body == null || body.length == 0) return TracePayload.EMPTY;
        if (body.length > TRACE_BODY_LIMIT) return TracePayload.of("", body.length + " bytes, not recorded");
        if (CspRedactor.mayHoldSecret(body)) {
            String redacted = CspRedactor.redactJson(new String(body, StandardCharsets.UTF_8), true);
            return TracePayload.of(redacted);
        }
        byte[] kept = body.clone();
        return TracePayload.lazy(() -> CspRedactor.redactJson(new String(kept, StandardCharsets.UTF_8), true), "");
    }

    private static void sleep(long ms, Call call) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new CallFailure(FailureKind.CANCELLED, call.what(), "interrupted while waiting to retry", "", "");
        }
    }

    @Override
    public void close() {
        client.connectionPool().evictAll();
    }

    /** One failed attempt, and whether it may be retried. */
    private static final class Attempt extends Exception {
        final CallFailure failure;
        final boolean retryable;

        Attempt(CallFailure failure, boolean retryable) {
            super(null, null, false, false);
            this.failure = failure;
            this.retryable = retryable;
        }
    }
}
