package org.csiconsole.core.trace;

import java.util.ArrayList;
import java.util.List;

/** Splits a command line as a POSIX shell does (quotes and backslashes; no expansion), to check commands read back as built. */
public final class ShellParse {
    private ShellParse() {
    }

    /** The words of {@code line}; fails on an unclosed quote. */
    public static List<String> words(String line) {
        List<String> out = new ArrayList<>();
        StringBuilder w = new StringBuilder();
        boolean inWord = false;
        for (int i = 0; i < line.length(); i++) {
            char c = line.charAt(i);
            if (c == '\'') {
                int end = line.indexOf('\'', i + 1);
                if (end < 0) throw new IllegalArgumentException("unclosed single quote at " + i);
                w.append(line, i + 1, end);
                i = end;
                inWord = true;
            } else if (c == '"') {
                int j = i + 1;
                for (; j < line.length() && line.charAt(j) != '"'; j++) {
                    if (line.charAt(j) == '\\' && j + 1 < line.length() && "\"\\$`".indexOf(line.charAt(j + 1)) >= 0) j++;
                    w.append(line.charAt(j));
                }
                if (j >= line.length()) throw new IllegalArgumentException("unclosed double quote at " + i);
                i = j;
                inWord = true;
            } else if (c == '\\' && i + 1 < line.length()) {
                w.append(line.charAt(++i));
                inWord = true;
            } else if (Character.isWhitespace(c)) {
                if (inWord) out.add(w.toString());
                w.setLength(0);
                inWord = false;
            } else {
                if ("$`;&|<>(){}*?[]!#~".indexOf(c) >= 0) {
                    throw new IllegalArgumentException("unquoted shell character '" + c + "' at " + i + " in: " + line);
                }
                w.append(c);
                inWord = true;
            }
        }
        if (inWord) out.add(w.toString());
        return out;
    }
}
