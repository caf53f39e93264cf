package org.csiconsole.views.table;

/**
 * One line of a table's detail pane.
 *
 * @param label the property name, e.g. {@code "Capacity"}
 * @param value its value in words; empty shows a dash
 * @param block true for long text (request/response, parameters) shown in a monospace box
 */
public record DetailRow(String label, String value, boolean block) {
    public static DetailRow of(String label, Object value) {
        return new DetailRow(label, value == null ? "" : String.valueOf(value), false);
    }

    public static DetailRow block(String label, String text) {
        return new DetailRow(label, text == null ? "" : text, true);
    }
}
