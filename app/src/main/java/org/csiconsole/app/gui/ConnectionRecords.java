package org.csiconsole.app.gui;

import org.csiconsole.app.gui.connect.DurableRecords;
import org.csiconsole.core.record.ConsoleBook;
import org.csiconsole.core.record.ConsoleRecords;
import org.csiconsole.core.record.ExportReader;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.views.resource.KnownResources;
import org.csiconsole.views.workbench.ConnectionModel;

import java.util.Map;
import java.util.Objects;
import java.util.WeakHashMap;

/**
 * The console's record of each connection of the workbench: a CSI driver's is the durable one of its
 * controller endpoint (the key its audited calls carry, the one the command line uses too), so what the
 * console created, imported or used survives a restart; a demo or CSP connection, whose calls are not
 * keyed by a lasting endpoint, keeps one in memory while the application runs. UI thread.
 */
final class ConnectionRecords {
    private final ConsoleRecords records;
    private final ExportReader exports;
    private final Map<ConnectionModel, ConsoleBook> inMemory = new WeakHashMap<>();
    private final org.csiconsole.core.audit.AuditLog audit;

    /** @param records the durable records (the console's audit log keeps them); null to keep every record in memory */
    ConnectionRecords(ConsoleRecords records, ExportReader exports) {
        this(records, exports, null);
    }

    /**
     * @param records the durable records; null to keep every record in memory
     * @param audit the console's audit log, where the views read the console's own calls back; null when it has none
     */
    ConnectionRecords(ConsoleRecords records, ExportReader exports, org.csiconsole.core.audit.AuditLog audit) {
        this.records = records;
        this.exports = Objects.requireNonNull(exports, "exports");
        this.audit = audit;
    }

    /** The record of {@code c}. */
    ConsoleBook book(ConnectionModel c) {
        ConnectionProfile p = c.profile();
        return (records == null ? java.util.Optional.<ConsoleBook>empty() : DurableRecords.of(records, p))
                .orElseGet(() -> inMemory.computeIfAbsent(c, x -> ConsoleBook.inMemory(p.name())));
    }

    /** What the views of {@code c} show where its driver cannot list, and where they import to. */
    KnownResources known(ConnectionModel c) {
        return KnownResources.of(book(c), exports).withAudit(audit);
    }
}
