package org.csiconsole.core.trace;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.TraceCommand;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.session.EndpointAddress;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A grpcurl command (github.com/fullstorydev/grpcurl) that sends a traced gRPC request again:
 * <pre>
 * grpcurl -plaintext -unix -import-path DIR -proto csi.proto -d '{"name":"pvc-1",...}' \
 *     /var/lib/kubelet/plugins/x/csi.sock csi.v1.Controller/CreateVolume
 * </pre>
 * Drivers serve no reflection, so grpcurl reads the console's .proto files from {@code DIR}
 * ({@link ProtoFiles#export}). A TCP endpoint is given as {@code host:port} with {@code -plaintext}
 * (for a TLS endpoint, put {@code -cacert}/{@code -cert}/{@code -key} in its place).
 */
final class GrpcurlCommand {
    static final String TOOL = "grpcurl";

    private GrpcurlCommand() {
    }

    static TraceCommand of(TraceEntry e, Path protoDir) {
        if (!TraceEntry.GRPC.equals(e.protocol())) return TraceCommand.unavailable(TOOL, "grpcurl speaks gRPC; this is a REST request (copy it as curl)");
        Optional<String> address = address(e.endpoint());
        if (address.isEmpty()) return TraceCommand.unavailable(TOOL, unreachable(e.endpoint()));
        Optional<String> proto = ProtoFiles.fileOf(e.method());
        if (proto.isEmpty()) return TraceCommand.unavailable(TOOL, "the console has no .proto file for " + e.method());
        RequestTree request = RequestTree.of(e);
        if (!request.ok()) return TraceCommand.unavailable(TOOL, request.problem());
        List<String> argv = new ArrayList<>(List.of(TOOL, "-plaintext"));
        if (e.endpoint().startsWith("unix:")) argv.add("-unix");
        argv.addAll(List.of("-import-path", protoDir.toString(), "-proto", proto.get()));
        if (request.tree().size() > 0) argv.addAll(List.of("-d", request.compact()));
        argv.add(address.get());
        argv.add(e.method());
        return new TraceCommand(TOOL, argv, ShellWords.join(argv), "");
    }

    /** grpcurl's address for an endpoint text ({@link EndpointAddress}): the socket path for unix, {@code host:port} for TCP; empty for in-process. */
    static Optional<String> address(String endpoint) {
        try {
            EndpointAddress a = EndpointAddress.parse(endpoint);
            if (a instanceof EndpointAddress.UnixSocket u) return Optional.of(u.path().toString());
            if (a instanceof EndpointAddress.TcpAddress t) return Optional.of(t.shortName());
        } catch (CallFailure f) {
            // not an endpoint a shell tool can reach: said by unreachable()
        }
        return Optional.empty();
    }

    /**
     * Why no shell command reaches {@code endpoint}; for the in-process demo, how to serve it on a
     * socket so that one does ({@value #SERVE_DEMO}).
     */
    static String unreachable(String endpoint) {
        return endpoint.startsWith("inproc:")
                ? "the demo runs inside the console; to try this, serve it on a socket with `" + SERVE_DEMO
                        + "` and open that socket with `" + OPEN_SERVED_DEMO + "`"
                : "no shell tool can reach " + endpoint;
    }

    /** The command that serves the demo's reference plugin on a unix socket. */
    public static final String SERVE_DEMO = "csi-console serve --endpoint unix:///tmp/csi-console-demo.sock --seed demo";
    /** The command that opens the workbench on the socket {@link #SERVE_DEMO} serves. */
    public static final String OPEN_SERVED_DEMO = "csi-console --endpoint unix:///tmp/csi-console-demo.sock";
}
