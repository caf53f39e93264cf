package org.csiconsole.core.trace;

import org.csiconsole.core.call.TraceCommand;
import org.csiconsole.core.call.TraceEntry;

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

    /** grpcurl's address for an endpoint text: the socket path for unix, {@code host:port} for TCP; empty for in-process. */
    static Optional<String> address(String endpoint) {
        if (endpoint.startsWith("unix://")) return Optional.of(endpoint.substring("unix://".length()));
        if (endpoint.startsWith("unix:")) return Optional.of(endpoint.substring("unix:".length()));
        if (endpoint.startsWith("tcp://")) return Optional.of(endpoint.substring("tcp://".length()));
        if (endpoint.startsWith("/")) return Optional.of(endpoint);
        return Optional.empty();
    }

    static String unreachable(String endpoint) {
        return endpoint.startsWith("inproc:")
                ? "the plugin runs inside the console (" + endpoint + "); serve it with `csi-console serve` to call it from a shell"
                : "no shell tool can reach " + endpoint;
    }
}
