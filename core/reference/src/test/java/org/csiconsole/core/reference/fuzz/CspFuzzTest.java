package org.csiconsole.core.reference.fuzz;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Generated requests at every route of the reference plugin's CSP server (hpe-csp-rest-spec.md,
 * OpenAPI 1.1.0): JSON bodies shaped like each object with hostile values (wrong types, huge,
 * unicode, control characters, deep nesting, negative sizes), broken JSON, odd
 * {@code x-auth-token}, {@code x-array-ip} and {@code content-type} headers, hostile ids and query
 * strings in the path, and other methods. Sent over a raw socket so that nothing is cleaned up on
 * the way. Every answer is a status below 500 and the plugin stays consistent
 * ({@link FuzzPlugin#violations()}). Tries and seed: {@link FuzzRun}.
 */
class CspFuzzTest {
    /** A route of the CSP API; {id} is replaced by an id. */
    record Route(String method, String path, boolean body) {
    }

    static final List<Route> ROUTES = List.of(
            new Route("POST", "/tokens", true), new Route("DELETE", "/tokens/{id}", false),
            new Route("GET", "/hosts", false), new Route("POST", "/hosts", true),
            new Route("DELETE", "/hosts?uuid={id}", false), new Route("DELETE", "/hosts/{id}", false),
            new Route("GET", "/volumes", false), new Route("GET", "/volumes?name={id}", false),
            new Route("GET", "/volumes/{id}", false), new Route("POST", "/volumes", true),
            new Route("PUT", "/volumes/{id}", true), new Route("PUT", "/volumes/{id}/actions/publish", true),
            new Route("PUT", "/volumes/{id}/actions/unpublish", true), new Route("DELETE", "/volumes/{id}", false),
            new Route("DELETE", "/volumes/{id}?force=true", false),
            new Route("GET", "/snapshots?volume_id={id}", false), new Route("GET", "/snapshots?volume_id={id}&name={id}", false),
            new Route("GET", "/snapshots?volume_id={id}&mode={id}", false), new Route("GET", "/snapshots", false),
            new Route("GET", "/snapshots/{id}", false), new Route("POST", "/snapshots", true),
            new Route("DELETE", "/snapshots/{id}", false),
            new Route("GET", "/volume_groups", false), new Route("GET", "/volume_groups?name={id}", false),
            new Route("GET", "/volume_groups/{id}", false), new Route("POST", "/volume_groups", true),
            new Route("DELETE", "/volume_groups/{id}", false),
            new Route("GET", "/snapshot_groups?volume_group_id={id}", false), new Route("GET", "/snapshot_groups", false),
            new Route("GET", "/snapshot_groups/{id}", false), new Route("POST", "/snapshot_groups", true),
            new Route("DELETE", "/snapshot_groups/{id}", false),
            new Route("GET", "/replication_partners", false), new Route("GET", "/replication_partners?name={id}", false));

    /** Every attribute name of every CSP object (CspWire), so bodies reach each field. */
    static final List<String> FIELDS = List.of("id", "name", "size", "description", "published", "config", "base_snapshot_id",
            "clone", "volume_group_id", "host_uuid", "access_protocol", "uuid", "iqns", "wwpns", "nqns", "networks",
            "chap_user", "chap_password", "username", "password", "array_ip", "volume_id", "volume_name", "volumes",
            "snapshots", "creation_time", "ready_to_use", "virtual_domain", "volume_group_name", "parameter1", "replicate");

    static final List<String> METHODS = List.of("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS", "TRACE", "FOO");
    static final List<String> CONTENT_TYPES = List.of("application/json", "application/json; charset=utf-8", "text/plain",
            "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/json; charset=utf-16",
            "application/json; charset=nonsense", "*/*", "", ";;;");

    private FuzzPlugin fuzz;
    private String token;
    private int port;

    @BeforeEach
    void start() throws IOException {
        fuzz = new FuzzPlugin();
        token = fuzz.login();
        port = URI.create(fuzz.cspUrl).getPort();
    }

    @AfterEach
    void stop() throws IOException {
        fuzz.close();
    }

    @Test
    void everyCspRouteAnswersGeneratedBodiesAndHeadersWithoutServerErrors() throws Exception {
        FuzzRun.run((random, i) -> {
            Route route = ROUTES.get(random.nextInt(ROUTES.size()));
            String path = FuzzPlugin.API + fill(random, route.path(), false);
            String method = random.nextInt(20) == 0 ? METHODS.get(random.nextInt(METHODS.size())) : route.method();
            byte[] body = route.body() || random.nextInt(10) == 0 ? body(random) : null;
            check(random, method, path, body, i);
        });
        assertThat(fuzz.violations()).as("plugin state after the run").isEmpty();
    }

    @Test
    void generatedPathsAndQueriesAnswerWithoutServerErrors() throws Exception {
        FuzzRun.run((random, i) -> {
            Route route = ROUTES.get(random.nextInt(ROUTES.size()));
            String path = switch (random.nextInt(4)) {
                case 0 -> FuzzPlugin.API + fill(random, route.path(), true);
                case 1 -> FuzzPlugin.API + fill(random, route.path(), true) + (route.path().contains("?") ? "&" : "?")
                        + encode(random, Hostile.string(random, fuzz.pool()), true) + "=" + encode(random, Hostile.string(random, fuzz.pool()), true);
                case 2 -> "/" + encode(random, Hostile.string(random, fuzz.pool()), true) + FuzzPlugin.API + route.path().replace("{id}", "x");
                default -> FuzzPlugin.API + "/" + encode(random, Hostile.string(random, fuzz.pool()), true)
                        + "/" + encode(random, Hostile.string(random, fuzz.pool()), true);
            };
            check(random, route.method(), path, route.body() ? body(random) : null, i);
        });
        assertThat(fuzz.violations()).as("plugin state after the run").isEmpty();
    }

    private void check(Random random, String method, String path, byte[] body, int i) throws IOException {
        Map<String, String> headers = headers(random, body != null);
        int status = send(method, path, headers, body);
        assertThat(status).as("%s %s %s with %s answered", method, shorten(path), headers.keySet(),
                body == null ? "no body" : shorten(new String(body, StandardCharsets.UTF_8))).isBetween(100, 499);
        assertThat(PluginInvariants.violations(fuzz.model())).as("model after %s %s", method, shorten(path)).isEmpty();
        if (path.contains("/tokens")) token = fuzz.login();
        if (i % 100 == 99) fuzz.refreshPool();
        if (i % 500 == 499) assertThat(fuzz.violations()).as("plugin state after %s %s", method, shorten(path)).isEmpty();
    }

    private String fill(Random random, String template, boolean hostile) {
        String out = template;
        while (out.contains("{id}")) {
            String id = hostile ? Hostile.string(random, fuzz.pool())
                    : fuzz.pool().isEmpty() || random.nextInt(4) == 0 ? Hostile.string(random, fuzz.pool())
                    : fuzz.pool().get(random.nextInt(fuzz.pool().size()));
            out = out.replaceFirst("\\{id}", java.util.regex.Matcher.quoteReplacement(encode(random, id, hostile)));
        }
        return out;
    }

    /** Percent-encodes {@code s} (UTF-8); hostile: sometimes leaves '/', '%', '.' and '?' raw or writes bad escapes. */
    static String encode(Random random, String s, boolean hostile) {
        StringBuilder b = new StringBuilder();
        boolean raw = hostile && random.nextInt(3) == 0;
        for (byte c : s.getBytes(StandardCharsets.UTF_8)) {
            int u = c & 0xff;
            if ((u >= 'a' && u <= 'z') || (u >= 'A' && u <= 'Z') || (u >= '0' && u <= '9') || u == '-' || u == '_' || u == '.'
                    || u == '~' || (raw && (u == '/' || u == '%' || u == '?' || u == '&' || u == '='))) {
                b.append((char) u);
            } else {
                b.append('%').append(String.format("%02X", u));
            }
        }
        if (hostile && random.nextInt(10) == 0) b.append(random.nextBoolean() ? "%" : "%zz");
        return b.toString();
    }

    private Map<String, String> headers(Random random, boolean hasBody) {
        Map<String, String> h = new LinkedHashMap<>();
        int t = random.nextInt(10);
        if (t < 7) h.put("x-auth-token", token);
        else if (t < 9) h.put("x-auth-token", headerValue(random));
        int a = random.nextInt(10);
        if (a < 6) h.put("x-array-ip", random.nextBoolean() ? "10.10.1.5" : "10.20.1.5");
        else if (a < 7) h.put("x-array-ip", random.nextBoolean() ? "site-a" : " 10.20.1.5 ");
        else if (a < 9) h.put("x-array-ip", headerValue(random));
        if (hasBody || random.nextInt(5) == 0) {
            h.put("content-type", random.nextInt(3) > 0 ? "application/json" : random.nextInt(4) == 0 ? headerValue(random)
                    : CONTENT_TYPES.get(random.nextInt(CONTENT_TYPES.size())));
        }
        if (random.nextInt(30) == 0) h.put("x-auth-token ", token); // a name with trailing space: a malformed header
        return h;
    }

    /** A header value with no CR or LF (those would end the header): any other byte, UTF-8 or not. */
    private String headerValue(Random random) {
        String s = Hostile.string(random, fuzz.pool());
        if (s.length() > 6000) s = s.substring(0, 6000);
        return s.replace('\r', ' ').replace('\n', ' ');
    }

    /** A JSON body: an object with the API's attribute names and hostile values, any JSON, broken JSON or bytes. */
    private byte[] body(Random random) {
        int k = random.nextInt(20);
        String text;
        if (k < 14) {
            StringBuilder b = new StringBuilder("{");
            int n = random.nextInt(7);
            for (int j = 0; j < n; j++) {
                if (j > 0) b.append(',');
                String field = random.nextInt(8) == 0 ? Hostile.string(random, fuzz.pool()) : FIELDS.get(random.nextInt(FIELDS.size()));
                b.append(quote(field)).append(':');
                value(random, b, 0);
            }
            text = b.append('}').toString();
        } else if (k < 16) {
            StringBuilder b = new StringBuilder();
            value(random, b, 0);
            text = b.toString();
        } else if (k < 17) {
            int depth = 100 + random.nextInt(3000);
            text = "{\"config\":" + "[".repeat(depth) + "]".repeat(depth) + "}";
        } else if (k < 19) {
            StringBuilder b = new StringBuilder("{");
            value(random, b, 0);
            text = b.substring(0, Math.max(1, random.nextInt(b.length() + 1)));
        } else {
            byte[] bytes = new byte[random.nextInt(200)];
            random.nextBytes(bytes);
            return bytes;
        }
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private void value(Random random, StringBuilder b, int depth) {
        switch (depth > 4 ? random.nextInt(5) : random.nextInt(9)) {
            case 0, 1 -> b.append(quote(Hostile.string(random, fuzz.pool())));
            case 2 -> b.append(Hostile.number(random));
            case 3 -> b.append(List.of("null", "true", "false", "1e400", "-0", "1.5", "123456789012345678901234567890", "NaN",
                    "-1e-400", "0.0000001").get(random.nextInt(10)));
            case 4 -> b.append(random.nextBoolean() ? "\"" + (1L + random.nextInt(20)) * (1L << 30) + "\"" : "\"\"");
            case 5, 6 -> {
                b.append('{');
                int n = depth == 0 ? Hostile.size(random) : random.nextInt(4);
                for (int j = 0; j < n; j++) {
                    if (j > 0) b.append(',');
                    b.append(quote(random.nextBoolean() ? "k" + j : Hostile.string(random, fuzz.pool()))).append(':');
                    value(random, b, depth + 1);
                }
                b.append('}');
            }
            default -> {
                b.append('[');
                int n = depth == 0 ? Hostile.size(random) : random.nextInt(4);
                for (int j = 0; j < n; j++) {
                    if (j > 0) b.append(',');
                    value(random, b, depth + 1);
                }
                b.append(']');
            }
        }
    }

    /** A JSON string literal; lone surrogates are written as \\u escapes (valid JSON, invalid UTF-16). */
    static String quote(String s) {
        StringBuilder b = new StringBuilder("\"");
        for (char c : s.toCharArray()) {
            if (c == '"' || c == '\\') b.append('\\').append(c);
            else if (c < 0x20 || Character.isSurrogate(c)) b.append(String.format("\\u%04x", (int) c));
            else b.append(c);
        }
        return b.append('"').toString();
    }

    private static String shorten(String s) {
        return s.length() > 300 ? s.substring(0, 300) + "... (" + s.length() + " chars)" : s;
    }

    /** HTTP/1.1 over a raw socket; returns the status code, or fails when no status line comes back. */
    private int send(String method, String path, Map<String, String> headers, byte[] body) throws IOException {
        try (Socket s = new Socket()) {
            s.connect(new InetSocketAddress("127.0.0.1", port), 10_000);
            s.setSoTimeout(30_000);
            ByteArrayOutputStream req = new ByteArrayOutputStream();
            req.write((method + " " + path + " HTTP/1.1\r\nHost: 127.0.0.1:" + port + "\r\nConnection: close\r\n")
                    .getBytes(StandardCharsets.UTF_8));
            for (var h : headers.entrySet()) {
                req.write((h.getKey() + ": " + h.getValue() + "\r\n").getBytes(StandardCharsets.UTF_8));
            }
            if (body != null) req.write(("Content-Length: " + body.length + "\r\n").getBytes(StandardCharsets.UTF_8));
            req.write("\r\n".getBytes(StandardCharsets.UTF_8));
            if (body != null) req.write(body);
            OutputStream out = s.getOutputStream();
            try {
                out.write(req.toByteArray());
                out.flush();
                s.shutdownOutput();
            } catch (IOException e) {
                // the server may answer (431, 400) and close before it has read everything: read its answer
            }
            InputStream in = s.getInputStream();
            String reply = new String(in.readAllBytes(), StandardCharsets.ISO_8859_1);
            if (!reply.startsWith("HTTP/1.1 ")) throw new AssertionError(method + " " + shorten(path) + " got no HTTP answer: " + shorten(reply));
            return Integer.parseInt(reply.substring(9, 12));
        }
    }
}
