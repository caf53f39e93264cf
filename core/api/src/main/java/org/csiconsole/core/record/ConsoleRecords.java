package org.csiconsole.core.record;

/** The console's records of every connection, one {@link ConsoleBook} each, keyed by the connection's CSI endpoint text. */
@FunctionalInterface
public interface ConsoleRecords {
    /** The record of the connection at {@code endpoint} (its text, e.g. {@code unix:///csi/csi.sock}); empty when new. */
    ConsoleBook book(String endpoint);

    /** Records held in memory only, one book per endpoint. */
    static ConsoleRecords inMemory() {
        java.util.Map<String, ConsoleBook> books = new java.util.concurrent.ConcurrentHashMap<>();
        return endpoint -> books.computeIfAbsent(endpoint, ConsoleBook::inMemory);
    }
}
