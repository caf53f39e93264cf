package org.csiconsole.views.trace;

import org.csiconsole.core.call.TraceArchive;
import org.csiconsole.core.call.TraceCommands;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.Executor;

/**
 * What the trace view needs beyond the trace: the command builders ("Copy as grpcurl", csc, curl),
 * trace files (save, open) and where file work runs, off the UI thread.
 *
 * @param commands builds the copied commands
 * @param archive saves and opens trace files
 * @param io runs file reads and writes
 */
public record TraceTools(TraceCommands commands, TraceArchive archive, Executor io) {
    /** No tools: commands and files say they are not available. */
    public static final TraceTools NONE = new TraceTools(TraceCommands.none("not available in this console"), new TraceArchive() {
        @Override
        public void save(List<org.csiconsole.core.call.TraceEntry> entries, long dropped, Path file) throws IOException {
            throw new IOException("saving call traces is not available in this console");
        }

        @Override
        public Contents open(Path file) throws IOException {
            throw new IOException("opening call traces is not available in this console");
        }
    }, Runnable::run);

    public TraceTools {
        Objects.requireNonNull(commands, "commands");
        Objects.requireNonNull(archive, "archive");
        Objects.requireNonNull(io, "io");
    }
}
