package org.csiconsole.core.call;

import java.time.Duration;
import java.time.Instant;

/**
 * One recorded call (gRPC RPC or HTTP request), already redacted: no field marked {@code csi_secret}
 * or {@code replication_secret}, no CSP password, CHAP password, session token or
 * {@code x-auth-token} header ever reaches an entry.
 *
 * @param seq increasing sequence number within one {@link CallTrace}
 * @param start when the attempt started
 * @param protocol {@code "grpc"} or {@code "http"}
 * @param endpoint the endpoint text, e.g. {@code unix:///var/lib/kubelet/plugins/x/csi.sock}
 * @param method {@code csi.v1.Controller/CreateVolume} or {@code POST /csp/containers/v1/volumes}
 * @param attempt 1 for the first attempt, 2.. for retries
 * @param request redacted request text (proto text format or JSON)
 * @param response redacted response text, empty on failure
 * @param status {@code OK}, a gRPC code name, or an HTTP status such as {@code 404}
 * @param ok true when the call succeeded
 * @param duration how long the attempt took
 */
public record TraceEntry(
        long seq,
        Instant start,
        String protocol,
        String endpoint,
        String method,
        int attempt,
        String request,
        String response,
        String status,
        boolean ok,
        Duration duration) {

    /**
     * True when a discovery call of an optional service was answered UNIMPLEMENTED: the csi-addons
     * Identity ({@code identity.Identity/*}) or a service's GetCapabilities (ControllerGetCapabilities
     * of a node-only plugin, GroupControllerGetCapabilities of a driver without group snapshots).
     * The service is not served on that endpoint, which the CSI spec allows ("Controller Service
     * RPC": the controller service is optional); the trace shows it as "not served", not as a
     * failure. The CSI Identity service is required, so its UNIMPLEMENTED stays a failure.
     */
    public boolean notServed() {
        if (ok || !"UNIMPLEMENTED".equals(status)) return false;
        return method.startsWith("identity.Identity/") || method.endsWith("GetCapabilities") && !method.startsWith("csi.v1.Identity/");
    }
}
