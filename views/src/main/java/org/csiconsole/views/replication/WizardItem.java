package org.csiconsole.views.replication;

import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.ReplicationSource;

/**
 * One pair a wizard acts on, oriented: its side on the wizard's "from" site and its partner on the
 * "to" site.
 *
 * @param name the name shown (and typed for force)
 * @param from the side on the site the workflow moves away from (for split-brain recovery: the survivor); null when missing
 * @param to its partner on the other site; null when missing
 */
public record WizardItem(String name, ReplicationSample from, ReplicationSample to) {

    /** The source the engine's item names: the "from" side, else the partner. */
    public ReplicationSource source() {
        return from != null ? from.source() : to.source();
    }
}
