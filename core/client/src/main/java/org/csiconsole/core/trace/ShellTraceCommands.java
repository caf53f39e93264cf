package org.csiconsole.core.trace;

import org.csiconsole.core.call.TraceCommand;
import org.csiconsole.core.call.TraceCommands;
import org.csiconsole.core.call.TraceEntry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Objects;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The console's {@link TraceCommands}: grpcurl ({@link GrpcurlCommand}), csc ({@link CscCommand})
 * and curl ({@link CurlCommand}). The first grpcurl command written also writes the .proto files
 * it names to the proto folder ({@link ProtoFiles#export}), on the given executor, once.
 */
public final class ShellTraceCommands implements TraceCommands {
    private static final Logger LOG = LoggerFactory.getLogger(ShellTraceCommands.class);

    private final Path protoDir;
    private final Executor io;
    private final AtomicBoolean exported = new AtomicBoolean();

    /**
     * @param protoDir where grpcurl commands read the protos ({@code -import-path}), e.g. {@code ~/.local/share/csi-console/protos}
     * @param io where the protos are written, off the caller's thread
     */
    public ShellTraceCommands(Path protoDir, Executor io) {
        this.protoDir = Objects.requireNonNull(protoDir, "protoDir").toAbsolutePath();
        this.io = Objects.requireNonNull(io, "io");
    }

    /** Where grpcurl commands read the protos. */
    public Path protoDir() {
        return protoDir;
    }

    @Override
    public TraceCommand grpcurl(TraceEntry entry) {
        TraceCommand c = GrpcurlCommand.of(entry, protoDir);
        if (c.available() && exported.compareAndSet(false, true)) {
            io.execute(() -> {
                try {
                    ProtoFiles.export(protoDir);
                } catch (IOException | RuntimeException e) {
                    exported.set(false);
                    LOG.warn("Could not write the .proto files for grpcurl to {}: {}", protoDir, e.toString());
                }
            });
        }
        return c;
    }

    @Override
    public TraceCommand csc(TraceEntry entry) {
        return CscCommand.of(entry);
    }

    @Override
    public TraceCommand curl(TraceEntry entry) {
        return CurlCommand.of(entry);
    }
}
