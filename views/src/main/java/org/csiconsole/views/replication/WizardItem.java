package org.csiconsole.views.replication;

import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.replication.ReplicationState;
import org.csiconsole.core.replication.SitePair;

/**
 * One pair a wizard acts on, oriented: its side on the wizard's "from" site and its partner on the
 * "to" site, with the pair as matched (and so its state).
 *
 * @param name the name shown
 * @param from the side on the site the workflow moves away from (for split-brain recovery: the survivor); null when missing
 * @param to its partner on the other site; null when missing
 * @param pair the pair as the site pairs matched it, in site A and site B order
 */
public record WizardItem(String name, ReplicationSample from, ReplicationSample to, SitePair pair) {

    /** The source the engine's item names: the "from" side, else the partner. */
    public ReplicationSource source() {
        return from != null ? from.source() : to.source();
    }

    /** The pair's state ({@link ReplicationState#pairWords}): {@code "Split brain"}, {@code "Consistent"}, ... */
    public String state() {
        return ReplicationState.pairWords(pair);
    }

    /** {@code "vol-1: Consistent (vol-1 Secondary, vol-1r Primary)"}: the pair's state with both sides' roles. */
    public String describe() {
        return name + ": " + state() + " (" + side(from) + ", " + side(to) + ")";
    }

    private static String side(ReplicationSample s) {
        return s == null ? "a side missing" : s.source().id() + " " + ReplicationTexts.role(s.role()) + ", "
                + ReplicationTexts.health(s.health());
    }
}
