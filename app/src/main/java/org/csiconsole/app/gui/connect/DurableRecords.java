package org.csiconsole.app.gui.connect;

import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.record.ConsoleBook;
import org.csiconsole.core.record.ConsoleRecords;
import org.csiconsole.core.session.ConnectionKind;
import org.csiconsole.core.session.ConnectionProfile;

import java.util.Optional;

/** Which connections have a durable record of the console's: the one rule of the workbench's views and its counts. */
public final class DurableRecords {
    private DurableRecords() {
    }

    /**
     * The durable record of connection {@code p} in {@code records}: a CSI driver's is that of its controller endpoint
     * (the key its audited calls carry, the one the command line uses too); empty for any other (a demo, a CSP array,
     * whose calls are not keyed by a lasting endpoint).
     */
    public static Optional<ConsoleBook> of(ConsoleRecords records, ConnectionProfile p) {
        return p.kind() == ConnectionKind.CSI && !p.endpoint().isBlank()
                ? Optional.of(records.book(Endpoint.parse(p.endpoint()).text())) : Optional.empty();
    }
}
