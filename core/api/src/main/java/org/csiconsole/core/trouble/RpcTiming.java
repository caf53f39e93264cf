package org.csiconsole.core.trouble;

import java.time.Duration;
import java.util.Objects;

/**
 * How long one RPC took across a probe.
 *
 * @param method the full gRPC method name, e.g. {@code csi.v1.Controller/ListVolumes}
 * @param calls how many times it was sent
 * @param slowest the longest single call, measured by the console from send to answer
 * @param total the sum over every call
 * @param threshold the latency above which the probe warns for this kind of RPC
 * @param deadlineExceeded how many calls got no answer before their deadline (DEADLINE_EXCEEDED)
 */
public record RpcTiming(String method, int calls, Duration slowest, Duration total, Duration threshold,
                        int deadlineExceeded) {
    public RpcTiming {
        Objects.requireNonNull(method, "method");
        Objects.requireNonNull(slowest, "slowest");
        Objects.requireNonNull(total, "total");
        Objects.requireNonNull(threshold, "threshold");
    }

    /** True when the slowest call took longer than the threshold. */
    public boolean slow() {
        return slowest.compareTo(threshold) > 0;
    }
}
