package org.csiconsole.core.trace;

import java.util.List;
import java.util.regex.Pattern;

/**
 * Writes arguments as a POSIX shell reads them back: a word of safe characters as it is, any other
 * in single quotes (a single quote inside as {@code '\''}), so nothing in it is expanded.
 */
final class ShellWords {
    private static final Pattern SAFE = Pattern.compile("[A-Za-z0-9_@%+=:,./-]+");

    private ShellWords() {
    }

    /** One argument, quoted where needed; the empty word as {@code ''}. */
    static String quote(String word) {
        if (SAFE.matcher(word).matches()) return word;
        return "'" + word.replace("'", "'\\''") + "'";
    }

    /** The arguments as one command line. */
    static String join(List<String> words) {
        StringBuilder b = new StringBuilder();
        for (String w : words) {
            if (b.length() > 0) b.append(' ');
            b.append(quote(w));
        }
        return b.toString();
    }

    /**
     * An environment assignment ({@code NAME=value}) as the shell reads it before a command: the
     * name bare, the value quoted where needed.
     */
    static String assignment(String assignment) {
        int eq = assignment.indexOf('=');
        return assignment.substring(0, eq + 1) + quote(assignment.substring(eq + 1));
    }
}
