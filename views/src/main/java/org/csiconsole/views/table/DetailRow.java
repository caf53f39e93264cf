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
 */
public record DetailRow(String label, String value, boolean block, boolean copyable) {
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

    public static DetailRow block(String label, String text) {
        return new DetailRow(label, text == null ? "" : text, true, false);
    }
}
