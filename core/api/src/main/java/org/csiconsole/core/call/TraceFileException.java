package org.csiconsole.core.call;

/**
 * A file that is not a trace file written by {@link TraceArchive#save}, or one with a line that is
 * not a trace entry. The message says which line and what is wrong with it.
 */
public final class TraceFileException extends RuntimeException {
    private final long line;

    /**
     * @param line the 1-based line number, 0 when the whole file is at fault
     * @param message what is wrong, in words
     */
    public TraceFileException(long line, String message) {
        super(line > 0 ? "line " + line + ": " + message : message);
        this.line = line;
    }

    /** The 1-based line at fault, 0 for the whole file. */
    public long line() {
        return line;
    }
}
