package org.csiconsole.core.reference.cspserver;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.LinkedHashMap;
import java.util.Map;

/** Plain HTTP calls against a CSP server, for tests. */
final class Http {
    record Reply(int status, String body, JsonNode json) {
    }

    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpClient client = HttpClient.newHttpClient();
    private final String apiRoot;
    final Map<String, String> headers = new LinkedHashMap<>();

    Http(String apiRoot) {
        this.apiRoot = apiRoot;
    }

    Reply get(String path) {
        return send("GET", path, null);
    }

    Reply post(String path, String json) {
        return send("POST", path, json);
    }

    Reply put(String path, String json) {
        return send("PUT", path, json);
    }

    Reply delete(String path) {
        return send("DELETE", path, null);
    }

    /** Logs in as admin/admin and keeps the token for later calls. */
    JsonNode login() {
        Reply r = post("/tokens", "{\"username\":\"admin\",\"password\":\"admin\"}");
        if (r.status() != 200) throw new AssertionError("login failed: " + r);
        headers.put("x-auth-token", r.json().get("session_token").asText());
        return r.json();
    }

    Reply send(String method, String path, String json) {
        HttpRequest.Builder b = HttpRequest.newBuilder(URI.create(apiRoot + path));
        headers.forEach(b::header);
        if (json != null) b.header("Content-Type", "application/json");
        b.method(method, json == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(json));
        try {
            HttpResponse<String> r = client.send(b.build(), HttpResponse.BodyHandlers.ofString());
            JsonNode node = r.body() == null || r.body().isBlank() ? null : JSON.readTree(r.body());
            return new Reply(r.statusCode(), r.body(), node);
        } catch (IOException e) {
            throw new AssertionError(method + " " + path + " failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }
}
