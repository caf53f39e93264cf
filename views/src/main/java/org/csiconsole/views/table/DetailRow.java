package org.csiconsole.views.table;

import java.util.regex.Pattern;

/**
 * One line of a table's detail pane.
 *
 * @param label the property name, e.g. {@code "Capacity"}
 * @param value its value in words; empty shows a dash
 * @param block true for long text (request/response, parameters) shown in a monospace box
 * @param copyable true for a value the admin types or pastes elsewhere (an id): the pane puts a
 *                 copy button beside it that places the value on the clipboard
 * @param tooltip the value in full where the row shows a shorter form (a time's ISO-8601 instant); empty for none
 */
public record DetailRow(String label, String value, boolean block, boolean copyable, String tooltip) {
    /** A time's local form in a detail pane and a table: {@code 2026-03-01 14:02:26.887}. */
    public static final java.time.format.DateTimeFormatter LOCAL_TIME =
            java.time.format.DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS").withZone(java.time.ZoneId.systemDefault());

    public DetailRow {
        tooltip = tooltip == null ? "" : tooltip;
    }

    public DetailRow(String label, String value, boolean block, boolean copyable) {
        this(label, value, block, copyable, "");
    }

    /** Labels that name an identifier: "Volume id", "Node id", "Id", "UUID", "source_volume_id". */
    private static final Pattern IDENTIFIER = Pattern.compile("(?i)(.*[\\s_])?(id|uuid)");

    public DetailRow(String label, String value, boolean block) {
        this(label, value, block, false);
    }

    /**
     * A property row; a row whose label names an identifier ({@code "Volume id"}, {@code "Node id"},
     * {@code "Id"}, {@code "UUID"}) is {@link #copyable()} when it has a value.
     */
    public static DetailRow of(String label, Object value) {
        String text = value == null ? "" : String.valueOf(value);
        return new DetailRow(label, text, false, !text.isEmpty() && IDENTIFIER.matcher(label).matches());
    }

    /** A property row with a copy button, whatever its label. */
    public static DetailRow id(String label, Object value) {
        return new DetailRow(label, value == null ? "" : String.valueOf(value), false, true);
    }

    /**
     * A time: its local form ({@link #LOCAL_TIME}), on one line that never wraps inside a number, the ISO-8601 instant
     * ({@code 2026-03-01T14:02:26.887Z}) in its tooltip; a dash for null.
     */
    public static DetailRow time(String label, java.time.Instant t) {
        return t == null ? of(label, "") : new DetailRow(label, LOCAL_TIME.format(t), false, false, t.toString());
    }

    /** True for a {@link #time} row: its value keeps one line. */
    public boolean time() {
        return !tooltip.isEmpty() && !block;
    }

    public static DetailRow block(String label, String text) {
        return new DetailRow(label, text == null ? "" : text, true, false);
    }
}
