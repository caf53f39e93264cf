package org.csiconsole.core.port;

import org.csiconsole.core.model.Cidr;

import java.util.List;

/**
 * What a person confirms before a fence or an unfence, the same in the views and on the command
 * line: a sentence that says what happens to the clients, and the text to type, which names the
 * blocks.
 *
 * <p>The text to type is the blocks in network form joined by commas ({@code 10.1.0.0/24} for
 * one, {@code 10.1.0.0/24,10.2.0.0/24} for two); {@link #matches} also takes the blocks as they
 * were typed before normalising, and ignores blanks around the commas.
 */
public final class FenceConfirmation {
    private FenceConfirmation() {
    }

    /** The text to type: {@link Cidr#join} of {@code cidrs}. */
    public static String expected(List<Cidr> cidrs) {
        return Cidr.join(cidrs);
    }

    /** True when {@code typed} names exactly {@code cidrs}, normalised or as typed, in order. */
    public static boolean matches(List<Cidr> cidrs, String typed) {
        if (typed == null || cidrs.isEmpty()) return false;
        String t = typed.replaceAll("\\s+", "");
        return t.equals(expected(cidrs)) || t.equals(String.join(",", cidrs.stream().map(Cidr::typed).toList()).replaceAll("\\s+", ""));
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

    /** Blocks whose host bits were cleared or whose prefix was added, in words; empty when none. */
    public static String normalisedNote(List<Cidr> cidrs) {
        List<String> notes = cidrs.stream().filter(Cidr::normalised).map(c -> c.typed() + " is the block " + c.text()).toList();
        return notes.isEmpty() ? "" : "Read as network blocks: " + String.join("; ", notes) + ".";
    }

    private static String names(List<Cidr> cidrs) {
        List<String> t = cidrs.stream().map(Cidr::text).toList();
        if (t.size() == 1) return t.get(0);
        return String.join(", ", t.subList(0, t.size() - 1)) + " and " + t.get(t.size() - 1);
    }
}
