package org.csiconsole.core.replication;

import java.util.List;
import java.util.Objects;

/**
 * Where site A and site B of a pairing are, so that {@link SitePairs} can check a pair against the facts the drivers
 * report beyond an equal id: each site with the connection it is read through, and every site the console knows.
 *
 * @param a site A
 * @param b site B
 * @param known every site the console knows, site A and B among them; never null
 */
public record PairingScope(Site a, Site b, List<Site> known) {
    /** A scope that knows nothing of the sites: pairs are checked by the drivers' partner ids alone. */
    public static final PairingScope NONE = new PairingScope(null, null, List.of());

    public PairingScope {
        known = known == null ? List.of() : List.copyOf(known);
    }

    /**
     * One site as the console reaches it.
     *
     * @param connection the connection it is read through, as the navigator names it
     * @param name the site's name, which its samples carry ({@link ReplicationSample#site()}): the array's name where
     *     the driver or CSP names its arrays, else the connection's
     */
    public record Site(String connection, String name) {
        public Site {
            Objects.requireNonNull(connection, "connection");
            Objects.requireNonNull(name, "name");
        }
    }

    /**
     * Why {@code side}'s reported partner array ({@link ReplicatedItem#partner()}) denies that {@code other} is its partner;
     * empty when it does not, or when this scope does not know the array it names.
     *
     * @param side the site {@code side}'s sample was read on (A or B)
     * @param other the other site
     */
    String denies(ReplicationSample sample, Site side, Site other) {
        String named = sample.item().partner();
        if (named.isEmpty() || side == null || other == null) return "";
        boolean known = this.known.stream().anyMatch(s -> s.name().equals(named));
        if (!known) return "";
        if (!named.equals(other.name())) {
            return sample.item().displayName() + " on " + side.name() + " names its partner array " + named + ", not " + other.name();
        }
        boolean servedBeside = this.known.stream().anyMatch(s -> s.name().equals(named) && s.connection().equals(side.connection()));
        if (servedBeside && !other.connection().equals(side.connection())) {
            return sample.item().displayName() + " on " + side.name() + " names its partner array " + named + ", which "
                    + side.connection() + " serves itself; the " + other.name() + " of " + other.connection() + " is another array of that name";
        }
        return "";
    }
}
