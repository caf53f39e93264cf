package org.csiconsole.core.model;

/**
 * Counted nouns for the sentences the GUI and the CLI print: {@code "1 member"}, {@code "2 members"},
 * {@code "1,024 volumes"}. English plurals: {@code -s}, {@code -es} after s, x, z, ch and sh, and
 * {@code -ies} for a consonant before a final y; an irregular plural is given.
 */
public final class Words {
    private Words() {
    }

    /**
     * {@code text} as the start of a sentence: its first letter upper case when its first word is a plain
     * word ({@code "still published"} → {@code "Still published"}), unchanged when it starts with a name or an
     * id, which are case-sensitive ({@code "worker-02 loses access"}, {@code "pvc-f804…"}, {@code "vol-1"}).
     */
    public static String sentenceStart(String text) {
        if (text.isEmpty() || !Character.isLowerCase(text.charAt(0))) return text;
        int end = 0;
        while (end < text.length() && !Character.isWhitespace(text.charAt(end)) && ",;:.".indexOf(text.charAt(end)) < 0) end++;
        for (int i = 0; i < end; i++) if (!Character.isLetter(text.charAt(i))) return text;
        return Character.toUpperCase(text.charAt(0)) + text.substring(1);
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
     * An age in words, to the second: {@code "12 s"}, {@code "4 min 1 s"}, {@code "2 h 5 min"}, {@code "3 d 4 h"};
     * a negative duration reads {@code "0 s"}.
     */
    public static String duration(java.time.Duration d) {
        long s = Math.max(0, d.getSeconds());
        if (s < 60) return s + " s";
        if (s < 3600) return (s / 60) + " min" + (s % 60 == 0 ? "" : " " + (s % 60) + " s");
        if (s < 86_400) return (s / 3600) + " h" + ((s % 3600) / 60 == 0 ? "" : " " + (s % 3600) / 60 + " min");
        return (s / 86_400) + " d" + ((s % 86_400) / 3600 == 0 ? "" : " " + (s % 86_400) / 3600 + " h");
    }

    /**
     * How long ago {@code then} was at {@code now}: {@code "12 s ago"}, {@code "4 min 1 s ago"}; {@code "just now"}
     * under a second, and when {@code then} is after {@code now} (a clock ahead of this one), as an age is never negative.
     */
    public static String ago(java.time.Instant then, java.time.Instant now) {
        java.time.Duration d = java.time.Duration.between(then, now);
        return d.getSeconds() < 1 ? "just now" : duration(d) + " ago";
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
