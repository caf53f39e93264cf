package org.csiconsole.core.trace;

import org.csiconsole.core.call.TraceCommand;
import org.csiconsole.core.call.TraceEntry;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * A curl command that sends a traced CSP REST request again (hpe-csp-rest-spec.md): method, URL,
 * the recorded headers ({@code x-array-ip}), the session token as a placeholder and the JSON body:
 * <pre>
 * curl -sS -X POST 'https://array:8080/csp/containers/v1/volumes' -H 'Accept: application/json' \
 *     -H 'x-array-ip: 10.10.1.5' -H 'x-auth-token: &lt;secret:x-auth-token&gt;' \
 *     -H 'Content-Type: application/json' -d '{"name":"pvc-1",...}'
 * </pre>
 * A token comes from {@code POST /containers/v1/tokens} with the array's user and password.
 */
final class CurlCommand {
    static final String TOOL = "curl";

    private CurlCommand() {
    }

    static TraceCommand of(TraceEntry e) {
        if (!TraceEntry.HTTP.equals(e.protocol())) return TraceCommand.unavailable(TOOL, "curl is for the CSP REST API; this is a gRPC call (copy it as grpcurl)");
        int space = e.method().indexOf(' ');
        if (space < 0) return TraceCommand.unavailable(TOOL, "the recorded request has no method and path");
        String method = e.method().substring(0, space);
        String pathAndQuery = e.method().substring(space + 1);
        URI base;
        try {
            base = URI.create(e.endpoint());
        } catch (IllegalArgumentException bad) {
            return TraceCommand.unavailable(TOOL, "the endpoint " + e.endpoint() + " is not a URL");
        }
        if (base.getScheme() == null || base.getRawAuthority() == null) {
            return TraceCommand.unavailable(TOOL, "the endpoint " + e.endpoint() + " is not a URL");
        }
        RequestTree request = RequestTree.of(e);
        if (!request.ok()) return TraceCommand.unavailable(TOOL, request.problem());
        String url = base.getScheme() + "://" + base.getRawAuthority() + pathAndQuery;
        List<String> argv = new ArrayList<>(List.of(TOOL, "-sS", "-X", method, url, "-H", "Accept: application/json"));
        for (Map.Entry<String, String> h : e.headers().entrySet()) {
            String value = SecretPlaceholders.MASK.equals(h.getValue()) ? SecretPlaceholders.placeholder(h.getKey()) : h.getValue();
            argv.addAll(List.of("-H", h.getKey() + ": " + value));
        }
        if (!e.request().isEmpty()) {
            argv.addAll(List.of("-H", "Content-Type: application/json", "-d", request.compact()));
        }
        return new TraceCommand(TOOL, argv, ShellWords.join(argv), "");
    }
}
