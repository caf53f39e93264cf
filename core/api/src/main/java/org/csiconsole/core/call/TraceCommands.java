package org.csiconsole.core.call;

/**
 * Builds shell commands that repeat a traced call outside the console, for a bug report or a
 * support case. Every command is built from the entry's redacted request; secrets become
 * placeholders ({@link TraceCommand}). Implemented in core/client (it knows the protos and the
 * tools' syntax); views reach it through this port.
 */
public interface TraceCommands {
    /**
     * grpcurl: {@code grpcurl -plaintext -unix -import-path DIR -proto csi.proto -d '{...}' /path/csi.sock
     * csi.v1.Controller/CreateVolume}. Unavailable for HTTP entries and in-process endpoints.
     */
    TraceCommand grpcurl(TraceEntry entry);

    /**
     * csc (github.com/dell/gocsi): {@code csc controller create-volume --endpoint unix:///... --cap
     * SINGLE_NODE_WRITER,mount,ext4 --req-bytes 1073741824 pvc-1}; secrets go in {@code X_CSI_SECRETS}.
     * Unavailable for calls csc has no command for (csi-addons, group snapshots, ...).
     */
    TraceCommand csc(TraceEntry entry);

    /**
     * curl for a CSP REST request: method, URL, {@code x-array-ip}, the session token as a
     * placeholder ({@code x-auth-token: <session_token>}) and the JSON body. Unavailable for gRPC entries.
     */
    TraceCommand curl(TraceEntry entry);

    /** Builds nothing: every command is unavailable with {@code reason} (tests, a console without the tools). */
    static TraceCommands none(String reason) {
        return new TraceCommands() {
            @Override
            public TraceCommand grpcurl(TraceEntry entry) {
                return TraceCommand.unavailable("grpcurl", reason);
            }

            @Override
            public TraceCommand csc(TraceEntry entry) {
                return TraceCommand.unavailable("csc", reason);
            }

            @Override
            public TraceCommand curl(TraceEntry entry) {
                return TraceCommand.unavailable("curl", reason);
            }
        };
    }
}
