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

    /**
     * For a group, its member volumes and their count as the "from" side lists them, each named by
     * {@code nameOf} (an id to its name beside the id where known): {@code "3 member volumes: erp-db (vol-1), ..."};
     * empty for a volume or a group whose members are not reported.
     */
    public String members(java.util.function.Function<String, String> nameOf) {
        ReplicationSample side = from != null ? from : to;
        if (side == null || !side.source().group() || side.item().memberIds().isEmpty()) return "";
        java.util.List<String> ids = side.item().memberIds();
        return org.csiconsole.core.model.Words.count(ids.size(), "member volume") + ": "
                + String.join(", ", ids.stream().map(nameOf).toList());
    }

    private static String side(ReplicationSample s) {
        return s == null ? "a side missing" : s.source().id() + " " + ReplicationTexts.role(s.role()) + ", "
                + ReplicationTexts.health(s.health());
    }
}
