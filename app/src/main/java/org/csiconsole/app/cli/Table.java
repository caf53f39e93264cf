package org.csiconsole.app.cli;

import java.io.PrintWriter;
import java.util.ArrayList;
import java.util.List;

/** A plain-text table with left-aligned, width-fitted columns, for {@code --output table}. */
public final class Table {
    private final List<String> headers;
    private final List<List<String>> rows = new ArrayList<>();

    public Table(String... headers) {
        this.headers = List.of(headers);
    }

    public Table row(Object... cells) {
        List<String> r = new ArrayList<>(cells.length);
        for (Object c : cells) r.add(c == null ? "" : String.valueOf(c));
        rows.add(r);
        return this;
    }

    public void print(PrintWriter out) {
        int[] w = new int[headers.size()];
        for (int i = 0; i < w.length; i++) w[i] = headers.get(i).length();
        for (List<String> r : rows) {
            for (int i = 0; i < w.length && i < r.size(); i++) w[i] = Math.max(w[i], r.get(i).length());
        }
        line(out, headers, w);
        for (List<String> r : rows) line(out, r, w);
        out.flush();
    }

    private static void line(PrintWriter out, List<String> cells, int[] w) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < w.length; i++) {
            String c = i < cells.size() ? cells.get(i) : "";
            b.append(c);
            if (i < w.length - 1) b.append(" ".repeat(w[i] - c.length() + 2));
        }
        out.println(b.toString().stripTrailing());
    }
}
