package org.csiconsole.core.call;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Saves trace entries to a file for a support case and reads such a file back, offline. The file
 * format (JSON lines, one entry per line after a header line) is documented on the implementation
 * in core/client, {@code org.csiconsole.core.trace.TraceJsonLines}.
 */
public interface TraceArchive {
    /**
     * Writes {@code entries} (oldest first) to {@code file}, replacing it: the file appears whole or
     * not at all (written next to it, then moved).
     *
     * @param dropped how many older calls the trace had dropped before the first entry, noted in the header
     * @throws IOException when the file cannot be written; nothing is left behind then
     */
    void save(List<TraceEntry> entries, long dropped, Path file) throws IOException;

    /**
     * Reads a file written by {@link #save}.
     *
     * @return its entries in file order, with the header's count of dropped calls
     * @throws IOException when the file cannot be read
     * @throws TraceFileException when it is not a trace file or a line is not a trace entry (which
     *     line and why)
     */
    Contents open(Path file) throws IOException;

    /**
     * What a trace file holds.
     *
     * @param entries the entries, oldest first
     * @param dropped how many older calls the trace had dropped before them when it was saved
     * @param savedAt when it was saved, as written in the header (ISO-8601), empty if absent
     */
    record Contents(List<TraceEntry> entries, long dropped, String savedAt) {
        public Contents {
            entries = List.copyOf(entries);
            savedAt = savedAt == null ? "" : savedAt;
        }
    }
}
