package org.csiconsole.core.model;

import java.util.Comparator;

/**
 * The order a person expects of names with numbers in them: runs of digits compare by their value, the
 * rest case-insensitively, so {@code node-2} comes before {@code node-10}. Ties (the same words, such as
 * {@code node-02} and {@code node-2}) fall back to plain text order, so the order is total.
 */
public final class NaturalOrder implements Comparator<String> {
    /** The one instance. */
    public static final NaturalOrder INSTANCE = new NaturalOrder();

    private NaturalOrder() {
    }

    @Override
    public int compare(String a, String b) {
        int i = 0;
        int j = 0;
        while (i < a.length() && j < b.length()) {
            char x = a.charAt(i);
            char y = b.charAt(j);
            if (Character.isDigit(x) && Character.isDigit(y)) {
                int si = i;
                int sj = j;
                while (i < a.length() && Character.isDigit(a.charAt(i))) i++;
                while (j < b.length() && Character.isDigit(b.charAt(j))) j++;
                String m = a.substring(si, i).replaceFirst("^0+(?=.)", "");
                String n = b.substring(sj, j).replaceFirst("^0+(?=.)", "");
                int c = m.length() != n.length() ? Integer.compare(m.length(), n.length()) : m.compareTo(n);
                if (c != 0) return c;
            } else {
                int c = Character.compare(Character.toLowerCase(x), Character.toLowerCase(y));
                if (c != 0) return c;
                i++;
                j++;
            }
        }
        int c = Integer.compare(a.length() - i, b.length() - j);
        return c != 0 ? c : a.compareTo(b);
    }
}
