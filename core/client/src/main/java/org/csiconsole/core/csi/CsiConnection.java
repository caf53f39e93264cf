package org.csiconsole.core.csi;

import com.google.protobuf.Message;
import io.grpc.MethodDescriptor;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallMode;
import org.csiconsole.core.call.CallPolicy;
import org.csiconsole.core.call.CallSpec;
import org.csiconsole.core.call.CapabilityCache;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.endpoint.Connection;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.endpoint.SocketDiagnostics;
import org.csiconsole.core.model.CapabilitySet;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * What every CSI service part of one {@link CsiClient} shares: the controller connection, the node
 * connection (null when node RPCs go to the controller endpoint), the call policy, the default page
 * size and the one capability cache. Sends unary calls, gated on the cached capabilities unless the
 * {@link CallMode} forces them.
 */
final class CsiConnection implements AutoCloseable {
    final Connection controller;
    final Connection node;
    final CallPolicy policy;
    final int pageSize;
    final CapabilityCache<CapabilitySet> capabilities;

    CsiConnection(Connection controller, Connection node, CallPolicy policy, int pageSize) {
        this.controller = controller;
        this.node = node;
        this.policy = policy;
        this.pageSize = pageSize;
        this.capabilities = new CapabilityCache<>(() -> CsiCapabilities.discover(this));
    }

    /** The connection node RPCs go to: the node endpoint when one was given, else the controller endpoint. */
    Connection nodeConnection() {
        return node != null ? node : controller;
    }

    static String endpointText(Connection c) {
        return c.endpoint().text();
    }

    /** {@code rpc}, gated on its capability, on the connection its service belongs to. */
    <Q extends Message, R extends Message> CompletableFuture<R> call(CallMode mode, CsiRpc rpc, MethodDescriptor<Q, R> method,
                                                                     Q request, CallSpec spec) {
        Connection conn = rpc.node() ? nodeConnection() : controller;
        return gated(mode, rpc, () -> unary(conn, method, request, spec));
    }

    /** One unary call, not gated; a bare UNAVAILABLE on a unix socket is explained by the socket diagnostics. */
    <Q extends Message, R extends Message> CompletableFuture<R> unary(Connection conn, MethodDescriptor<Q, R> method,
                                                                      Q request, CallSpec spec) {
        return policy.unary(conn.channel(), endpointText(conn), method, request, spec)
                .exceptionallyCompose(t -> CompletableFuture.failedFuture(explain(conn, t)));
    }

    /** Replaces a bare UNAVAILABLE on a unix socket with what the socket diagnostics find. */
    private static Throwable explain(Connection conn, Throwable t) {
        CallFailure f = CallFailure.unwrap(t);
        if (f == null) return t;
        if (f.kind() == FailureKind.UNAVAILABLE && conn.endpoint() instanceof Endpoint.Unix u) {
            Optional<CallFailure> d = new SocketDiagnostics().check(u.path());
            if (d.isPresent()) {
                CallFailure e = d.get();
                return new CallFailure(e.kind(), e.owner(), f.what(), e.why(), e.whatToDo(), f.detail() + "; " + e.detail(), null);
            }
        }
        return f;
    }

    /**
     * Sends {@code call} when {@code mode} forces it, {@code rpc} needs no capability, or the plugin advertises it;
     * otherwise fails with {@link FailureKind#UNSUPPORTED} without sending.
     */
    <T> CompletableFuture<T> gated(CallMode mode, CsiRpc rpc, Supplier<CompletableFuture<T>> call) {
        if (mode.forced() || rpc.capability() == null) return call.get();
        return capabilities.gated(caps -> CsiCapabilities.reason(rpc, caps).map(why -> new CallFailure(FailureKind.UNSUPPORTED,
                        rpc.method(), why.substring(rpc.method().length() + " is ".length()),
                        whatToDo(rpc.capability()),
                        "not sent: capability " + rpc.capability().name() + " not advertised")),
                f -> new CallFailure(f.kind(), f.owner(), rpc.method(), f.why(), f.whatToDo(),
                        f.detail() + "; while reading the driver's capabilities (" + f.what() + ")", null),
                call);
    }

    /**
     * The recovery step for a call whose capability {@code need} the driver does not advertise. The
     * console sends only what a driver advertises (CSI spec, "Controller Service RPC": a CO discovers
     * what a plugin supports through the GetCapabilities calls), so no step forces the call.
     */
    static String whatToDo(Enum<?> need) {
        String discovery = need instanceof org.csiconsole.core.model.ControllerCapability ? "ControllerGetCapabilities"
                : need instanceof org.csiconsole.core.model.NodeCapability ? "NodeGetCapabilities"
                : need instanceof org.csiconsole.core.model.GroupControllerCapability ? "GroupControllerGetCapabilities"
                : "GetPluginCapabilities";
        return "Use a driver version that advertises " + need.name() + " in " + discovery
                + ", or do this with the driver's own tools; the console sends only the calls a driver advertises. "
                + "After upgrading the driver, reconnect so the console reads its capabilities again";
    }

    static <T> CompletableFuture<T> invalid(String what, String why) {
        return CompletableFuture.failedFuture(new CallFailure(FailureKind.INVALID_ARGUMENT, what, why, "Fix the value and try again", ""));
    }

    @Override
    public void close() {
        try {
            controller.close();
        } finally {
            if (node != null) node.close();
        }
    }
}
