package org.csiconsole.core.csi;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallMode;
import org.csiconsole.core.call.CallPolicy;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.InFlightGuard;
import org.csiconsole.core.call.LockMode;
import org.csiconsole.core.call.Redactor;
import org.csiconsole.core.endpoint.Connection;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.endpoint.SocketDiagnostics;
import org.csiconsole.core.model.CapabilitySet;

import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Typed client for a CSI v1.12 plugin: Identity, Controller, Node, GroupController and
 * SnapshotMetadata (csi.proto v1.12.0). Returns {@code core.model} records, never protobuf types.
 * Each service has its own part ({@link #identity()}, {@link #controller()}, {@link #node()},
 * {@link #groupController()}, {@link #snapshotMetadata()}) over one shared connection with one
 * capability cache; this class hands them out and holds what concerns the client as a whole
 * (endpoints, modes, trace, guard, capabilities, close). Calls are made on the parts, for example
 * {@code client.controller().listVolumes(0, page)} or {@code client.node().nodeStage(req)}.
 *
 * <p>Every call goes through one {@link CallPolicy}: deadline per kind, retries with backoff on
 * ABORTED / UNAVAILABLE / DEADLINE_EXCEEDED, one mutating call in flight per volume / snapshot /
 * group (see {@link #withLockMode(LockMode)}), trace with schema redaction, and failures as
 * {@link CallFailure} with the spec's condition and recovery text. Futures fail with
 * {@link CallFailure} only.
 *
 * <p>Capabilities are discovered once per connection ({@link #capabilities()}) and refreshed with
 * {@link #refreshCapabilities()}. A call whose capability the plugin does not advertise fails locally
 * with {@link FailureKind#UNSUPPORTED} ("not supported by this driver") without being sent, unless
 * made through {@link #forced()}. Node RPCs go to the node endpoint when one was given, else to the
 * controller endpoint (many drivers serve both on one socket).
 *
 * <p>{@link #forced()} and {@link #withLockMode(LockMode)} return views sharing the connections,
 * capabilities and policy; closing any of them closes the connections.
 */
public final class CsiClient implements AutoCloseable {
    private final CsiConnection conn;
    private final CallMode mode;

    private CsiClient(CsiConnection conn, CallMode mode) {
        this.conn = conn;
        this.mode = mode;
    }

    /**
     * Opens the controller connection and, when given, a separate node connection. Unix sockets are
     * diagnosed first ({@link SocketDiagnostics}).
     *
     * @throws CallFailure {@link FailureKind#ENDPOINT} / {@link FailureKind#TLS} when a connection cannot be set up
     */
    public static CsiClient open(Endpoint controller, Optional<Endpoint> node, CsiClientOptions options, CallTrace trace) {
        Connection c = options.channels().open(controller);
        Connection n = null;
        try {
            if (node.isPresent() && !node.get().equals(controller)) n = options.channels().open(node.get());
        } catch (RuntimeException e) {
            c.close();
            throw e;
        }
        return over(c, Optional.ofNullable(n), options, trace);
    }

    /** A client over connections made elsewhere; the client owns and closes them. */
    public static CsiClient over(Connection controller, Optional<Connection> node, CsiClientOptions options,
            CallTrace trace) {
        CallPolicy policy = new CallPolicy(options.policy(), options.guard(), trace, new Redactor(), options.timer(),
                () -> ThreadLocalRandom.current().nextDouble(), options.audit(), options.secrets(), options.reachability());
        return new CsiClient(new CsiConnection(controller, node.orElse(null), policy, options.pageSize()), CallMode.DEFAULT);
    }

    /** A view of this client that sends calls even when the plugin does not advertise their capability. */
    public CsiClient forced() {
        return new CsiClient(conn, mode.force());
    }

    /** A view of this client whose mutating calls wait for, or fail fast on, a busy object. */
    public CsiClient withLockMode(LockMode mode) {
        return new CsiClient(conn, this.mode.lockMode(mode));
    }

    /** The Identity service, in this view's mode. */
    public CsiIdentity identity() {
        return new CsiIdentity(conn, mode);
    }

    /** The secrets this client sends with calls whose caller gave none ({@link CsiClientOptions#secrets()}). */
    public org.csiconsole.core.model.ConnectionSecrets secrets() {
        return conn.policy.secrets();
    }

    /** The Controller service, in this view's mode. */
    public CsiController controller() {
        return new CsiController(conn, mode);
    }

    /** The Node service (on the node endpoint when one was given), in this view's mode. */
    public CsiNode node() {
        return new CsiNode(conn, mode);
    }

    /** The GroupController service, in this view's mode. */
    public CsiGroupController groupController() {
        return new CsiGroupController(conn, mode);
    }

    /** The SnapshotMetadata service (alpha), in this view's mode. */
    public CsiSnapshotMetadata snapshotMetadata() {
        return new CsiSnapshotMetadata(conn, mode);
    }

    /**
     * Records in the audit log that {@code operation} was not sent to {@code ids}: a read just before sending found them gone
     * ({@link org.csiconsole.core.risk.RiskModel#alreadyGone}). Outcome NOT_SENT, code
     * {@link org.csiconsole.core.risk.RiskModel#FOUND_GONE}, the message {@link org.csiconsole.core.risk.RiskModel#goneResult}
     * of {@code names}, on the controller endpoint.
     *
     * @param ids the ids the call would have named
     * @param names the same targets as a person knows them (name beside id), for the message
     * @return completes once the record is durable; fails with {@link org.csiconsole.core.audit.AuditFailure} when it could not be written
     */
    public CompletableFuture<Void> auditFoundGone(org.csiconsole.core.risk.RiskOperation operation, List<String> ids, List<String> names) {
        return conn.policy.audit().notSent(endpoint().text(), "grpc", operation.call(),
                org.csiconsole.core.risk.RiskModel.goneTargets(operation, ids), org.csiconsole.core.risk.RiskModel.FOUND_GONE,
                org.csiconsole.core.risk.RiskModel.goneResult(names));
    }

    /** The names a person knows this connection's volumes by, beside their ids in failure texts and the audit log. */
    public org.csiconsole.core.model.VolumeNames names() {
        return conn.policy.names();
    }

    /** The controller endpoint. */
    public Endpoint endpoint() {
        return conn.controller.endpoint();
    }

    /** The node endpoint, when a separate one was given. */
    public Optional<Endpoint> nodeEndpoint() {
        return Optional.ofNullable(conn.node).map(Connection::endpoint);
    }

    /** The call trace this client records into. */
    public CallTrace trace() {
        return conn.policy.trace();
    }

    /** The in-flight guard this client takes. */
    public InFlightGuard guard() {
        return conn.policy.guard();
    }

    @Override
    public void close() {
        conn.close();
    }

    /** The capabilities discovered on this connection; discovered on first use, then cached. */
    public CompletableFuture<CapabilitySet> capabilities() {
        return conn.capabilities.get();
    }

    /**
     * Asks the plugin again: GetPluginCapabilities, then ControllerGetCapabilities when CONTROLLER_SERVICE is
     * advertised, NodeGetCapabilities (an UNIMPLEMENTED answer counts as no node service, any other answer,
     * an empty one included, as a node service: {@link CapabilitySet#nodeService()}) and
     * GroupControllerGetCapabilities when GROUP_CONTROLLER_SERVICE is advertised.
     */
    public CompletableFuture<CapabilitySet> refreshCapabilities() {
        return conn.capabilities.refresh();
    }

    /**
     * Whether the plugin advertised what {@code rpc} needs, from the cached capabilities.
     *
     * @return empty when supported, else the sentence saying why not
     */
    public CompletableFuture<Optional<String>> unsupportedReason(CsiRpc rpc) {
        if (rpc.capability() == null) return CompletableFuture.completedFuture(Optional.empty());
        return capabilities().thenApply(caps -> CsiCapabilities.reason(rpc, caps));
    }
}
