package org.csiconsole.app.cli;

import picocli.CommandLine;
import picocli.CommandLine.Help;
import picocli.CommandLine.Help.Ansi.Text;
import picocli.CommandLine.Help.Column;
import picocli.CommandLine.Help.TextTable;
import picocli.CommandLine.Model.CommandSpec;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Help that wraps lines at spaces only. picocli wraps with the JDK's line break rules, which also
 * break after {@code :}, {@code .} and {@code /}: {@code unix:///csi/csi.sock} came out as
 * {@code unix:} and {@code ///csi/csi.sock} on two lines, and {@code /path/csi.sock} as
 * {@code /path/csi.} and {@code sock}, which a copy and paste turns into a wrong path. Here every
 * table cell is cut into lines at spaces before picocli sees it, so no line needs breaking; a word
 * longer than its column stays whole on a row of its own, starting further left where the columns
 * on its left let it span. Installed on every command with
 * {@link #install(CommandLine)}.
 */
final class WholeWordHelp extends Help {
    WholeWordHelp(CommandSpec spec, ColorScheme scheme) {
        super(spec, scheme);
    }

    /** Makes {@code cl} and every subcommand it has now render their help with this class. */
    static void install(CommandLine cl) {
        cl.setHelpFactory(WholeWordHelp::new);
    }

    @Override
    public Layout createDefaultLayout() {
        return wholeWords(super.createDefaultLayout());
    }

    @Override
    public Layout createDefaultLayout(List<CommandLine.Model.OptionSpec> options, List<CommandLine.Model.PositionalParamSpec> positionals,
                                      ColorScheme scheme) {
        return wholeWords(super.createDefaultLayout(options, positionals, scheme));
    }

    private Layout wholeWords(Layout base) {
        return new Layout(base.colorScheme(), new WholeWordTable(base.colorScheme(), base.textTable().columns()),
                base.optionRenderer(), base.parameterRenderer());
    }

    @Override
    public TextTable createTextTable(Map<?, ?> map) {
        TextTable base = super.createTextTable(map);
        TextTable table = new WholeWordTable(colorScheme(), base.columns());
        if (map == null) return table;
        for (Map.Entry<?, ?> e : map.entrySet()) {
            table.addRowValues(colorScheme().text(String.valueOf(e.getKey())), colorScheme().text(String.valueOf(e.getValue())));
        }
        return table;
    }

    @Override
    public String description(Object... params) {
        return paragraphs(commandSpec().usageMessage().description(), params);
    }

    @Override
    public String footer(Object... params) {
        return paragraphs(commandSpec().usageMessage().footer(), params);
    }

    /** The command's own text (each element formatted as picocli does, {@code %n} a new line) across the usage width. */
    private String paragraphs(String[] values, Object... params) {
        if (values == null || values.length == 0) return "";
        TextTable table = new WholeWordTable(colorScheme(), new Column[]{
                new Column(commandSpec().usageMessage().width(), 0, Column.Overflow.WRAP)});
        table.indentWrappedLines = 0;
        for (String v : values) table.addRowValues(colorScheme().text(String.format(v, params)));
        return table.toString();
    }

    /** {@code text} cut at spaces into lines of at most {@code width} characters; a longer word is a line of its own. */
    static List<String> cut(String text, int width) {
        return cut(text, width, width);
    }

    /** As {@link #cut(String, int)}, the first line at most {@code first} characters, the others at most {@code rest}. */
    static List<String> cut(String text, int first, int rest) {
        List<String> lines = new ArrayList<>();
        int indent = 0;
        while (indent < text.length() && text.charAt(indent) == ' ') indent++;
        String pad = " ".repeat(indent);
        StringBuilder line = new StringBuilder(pad);
        for (String word : text.substring(indent).split(" ")) {
            if (word.isEmpty()) continue;
            int width = lines.isEmpty() ? first : rest;
            if (line.length() > indent && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line = new StringBuilder(pad);
            }
            if (line.length() > indent) line.append(' ');
            line.append(word);
        }
        lines.add(line.toString());
        return lines;
    }

    /** A table whose wrapping cells are cut at spaces ({@link #cut}) into rows before picocli lays them out. */
    private static final class WholeWordTable extends TextTable {
        private final ColorScheme scheme;

        WholeWordTable(ColorScheme scheme, Column[] columns) {
            super(scheme, copy(columns));
            this.scheme = scheme;
        }

        private static Column[] copy(Column[] columns) {
            Column[] out = new Column[columns.length];
            for (int i = 0; i < columns.length; i++) {
                out[i] = new Column(columns[i].width, columns[i].indent, columns[i].overflow);
            }
            return out;
        }

        @Override
        public Cell putValue(int row, int col, Text value) {
            Column c = columns()[col];
            String plain = value.plainString();
            int room = c.width - c.indent - 1;
            if (c.overflow != Column.Overflow.WRAP || (plain.length() <= room && !plain.contains("\n"))) {
                return super.putValue(row, col, value);
            }
            int wrapIndent = Math.max(0, indentWrappedLines);
            List<String> lines = new ArrayList<>();
            for (String part : plain.split("\\R", -1)) {
                List<String> cutLines = cut(part, lines.isEmpty() ? room : room - wrapIndent, room - wrapIndent);
                for (String l : cutLines) lines.add(lines.isEmpty() ? l : " ".repeat(wrapIndent) + l);
            }
            // A word longer than the column starts on a row of its own, where it may span from the columns on its left.
            if (lines.get(0).length() > room && col > 0) lines.add(0, "");
            Cell last = null;
            for (int i = 0; i < lines.size(); i++) {
                while (row + i >= rowCount()) addEmptyRow();
                String text = lines.get(i);
                int at = col;
                int width = c.width - c.indent;
                while (text.length() >= width && at > 0 && columns()[at - 1].overflow == Column.Overflow.SPAN) {
                    at--;
                    width += columns()[at].width;
                }
                if (at != col) text = text.strip();
                last = super.putValue(row + i, at, scheme.text(text));
            }
            return last;
        }
    }
}
