package org.csiconsole.core.port;

import org.csiconsole.core.model.Cidr;

import java.util.List;

/**
 * What a person confirms before a fence or an unfence, the same in the views and on the command
 * line: a sentence that says what happens to the clients, and the text to type, which names the
 * blocks.
 *
 * <p>The text to type is the blocks in network form joined by commas ({@code 10.1.0.0/24} for
 * one, {@code 10.1.0.0/24,10.2.0.0/24} for two); {@link #matches} takes exactly that text (blanks
 * around the commas ignored), never the blocks as typed before their host bits were cleared: the
 * consent names what is sent.
 */
public final class FenceConfirmation {
    private FenceConfirmation() {
    }

    /** The text to type: {@link Cidr#join} of {@code cidrs}. */
    public static String expected(List<Cidr> cidrs) {
        return Cidr.join(cidrs);
    }

    /** True when {@code typed} names exactly the blocks sent, in network form and in order ({@link #expected}). */
    public static boolean matches(List<Cidr> cidrs, String typed) {
        if (typed == null || cidrs.isEmpty()) return false;
        return typed.replaceAll("\\s+", "").equals(expected(cidrs));
    }

    /**
     * Why a confirmation naming the blocks as typed is refused when their host bits were cleared, e.g.
     * {@code "the host bits were cleared: 10.1.0.5/24 is the block 10.1.0.0/24; to confirm, pass --yes=10.1.0.0/24"};
     * empty when {@code typed} does not name the blocks as typed or nothing was normalised.
     */
    public static String typedBeforeNormalising(List<Cidr> cidrs, String typed) {
        if (typed == null || cidrs.stream().noneMatch(Cidr::normalised)) return "";
        String asTyped = String.join(",", cidrs.stream().map(Cidr::typed).toList()).replaceAll("\\s+", "");
        if (!typed.replaceAll("\\s+", "").equals(asTyped)) return "";
        return "the host bits were cleared: " + blocksOf(cidrs) + "; to confirm, pass --yes=" + expected(cidrs);
    }

    /**
     * What a fence does, e.g. {@code "Every client in 10.1.0.0/24 loses access to its volumes: I/O
     * from those addresses is refused until you unfence them."}.
     */
    public static String fenceSentence(List<Cidr> cidrs) {
        return "Every client in " + names(cidrs) + " loses access to its volumes: I/O from those addresses is refused until you unfence them.";
    }

    /** What an unfence does. */
    public static String unfenceSentence(List<Cidr> cidrs) {
        return "Clients in " + names(cidrs) + " get access to their volumes again: the storage accepts I/O from those addresses. "
                + "Unfence only once the clients there are known to be stopped or safe to resume.";
    }

    /**
     * What a fence or unfence that succeeded did, the one result line of the views and the command line, e.g.
     * {@code "Fenced 10.1.0.0/24 (IPv4, 256 addresses) through Demo (unix:///run/csi.sock): I/O from those addresses is
     * refused until you unfence them."}; several blocks each with their family and count, and the addresses in all.
     *
     * @param fenced true for FenceClusterNetwork, false for UnfenceClusterNetwork
     * @param cidrs the blocks sent, never empty
     * @param connection the connection (or endpoint) it was sent through, as its assessment names it; empty when not known
     */
    public static String done(boolean fenced, List<Cidr> cidrs, String connection) {
        String blocks = listed(cidrs.stream().map(c -> c.text() + " (" + c.describe() + ")").toList());
        java.math.BigInteger all = cidrs.stream().map(Cidr::addressCount).reduce(java.math.BigInteger.ZERO, java.math.BigInteger::add);
        String total = cidrs.size() < 2 || all.bitLength() > 40 ? "" : String.format(", %,d addresses in all", all);
        String through = connection == null || connection.isBlank() ? "" : " through " + connection.strip();
        return (fenced ? "Fenced " : "Unfenced ") + blocks + total + through + (fenced
                ? ": I/O from those addresses is refused until you unfence them."
                : ": the storage accepts I/O from those addresses again.");
    }

    /** Blocks whose host bits were cleared or whose prefix was added, in words; empty when none. */
    public static String normalisedNote(List<Cidr> cidrs) {
        String notes = blocksOf(cidrs);
        return notes.isEmpty() ? "" : "Read as network blocks, host bits cleared: " + notes + ".";
    }

    /**
     * Blocks that lie inside a wider block given with them, in words, e.g. {@code "Redundant: 10.1.0.0/24 lies inside
     * 0.0.0.0/0, which covers it already."}; empty when none.
     */
    public static String redundantNote(List<Cidr> cidrs) {
        List<String> inside = new java.util.ArrayList<>();
        for (Cidr c : cidrs) {
            cidrs.stream().filter(wider -> wider.prefixLength() < c.prefixLength() && wider.contains(c.text())).findFirst()
                    .ifPresent(wider -> inside.add(c.text() + " lies inside " + wider.text() + ", which covers it already"));
        }
        return inside.isEmpty() ? "" : "Redundant: " + String.join("; ", inside) + ".";
    }

    /**
     * What to tell a person about the blocks as read, before anything is sent: {@link #normalisedNote} and
     * {@link #redundantNote}, one sentence each; empty when the blocks are as typed and none is inside another.
     */
    public static String notes(List<Cidr> cidrs) {
        return (normalisedNote(cidrs) + " " + redundantNote(cidrs)).strip();
    }

    private static String blocksOf(List<Cidr> cidrs) {
        return String.join("; ", cidrs.stream().filter(Cidr::normalised).map(c -> c.typed() + " is the block " + c.text()).toList());
    }

    private static String names(List<Cidr> cidrs) {
        return listed(cidrs.stream().map(Cidr::text).toList());
    }

    private static String listed(List<String> t) {
        if (t.size() == 1) return t.get(0);
        return String.join(", ", t.subList(0, t.size() - 1)) + " and " + t.get(t.size() - 1);
    }
}
