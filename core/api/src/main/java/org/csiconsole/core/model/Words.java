package org.csiconsole.core.model;

/**
 * Counted nouns for the sentences the GUI and the CLI print: {@code "1 member"}, {@code "2 members"},
 * {@code "1,024 volumes"}. English plurals: {@code -s}, {@code -es} after s, x, z, ch and sh, and
 * {@code -ies} for a consonant before a final y; an irregular plural is given.
 */
public final class Words {
    private Words() {
    }

    /** {@code n} and the noun, singular for exactly one: {@code count(1, "socket")} is {@code "1 socket"}. */
    public static String count(long n, String singular) {
        return count(n, singular, plural(singular));
    }

    /** {@code n} (grouped by thousands) and {@code singular} for exactly one, else {@code plural}. */
    public static String count(long n, String singular, String plural) {
        return ByteSize.grouped(n) + " " + (n == 1 ? singular : plural);
    }

    /** The regular English plural of {@code noun}: socket → sockets, address → addresses, policy → policies. */
    public static String plural(String noun) {
        if (noun.isEmpty()) return noun;
        String lower = noun.toLowerCase(java.util.Locale.ROOT);
        if (lower.endsWith("s") || lower.endsWith("x") || lower.endsWith("z") || lower.endsWith("ch") || lower.endsWith("sh")) {
            return noun + "es";
        }
        if (lower.length() > 1 && lower.endsWith("y") && "aeiou".indexOf(lower.charAt(lower.length() - 2)) < 0) {
            return noun.substring(0, noun.length() - 1) + "ies";
        }
        return noun + "s";
    }

    /**
     * A duration in milliseconds, always with its unit: {@code "0.4 ms"} (one decimal below 10 ms),
     * {@code "12 ms"}, {@code "2300 ms"}.
     */
    public static String millis(java.time.Duration d) {
        long us = d.toNanos() / 1000;
        return us >= 10_000 ? (us / 1000) + " ms" : String.format(java.util.Locale.ROOT, "%.1f ms", us / 1000.0);
    }
}
