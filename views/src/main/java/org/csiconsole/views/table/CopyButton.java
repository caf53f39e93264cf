package org.csiconsole.views.table;

import atlantafx.base.theme.Styles;
import javafx.scene.control.Button;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;
import org.csiconsole.views.Icons;
import org.kordamp.ikonli.material2.Material2AL;

import java.util.Locale;

/**
 * A small icon button that puts one value on the system clipboard as plain text, with the tooltip
 * "Copy &lt;field&gt;" and the node id {@code copy-<field in lower case, words joined by dashes>}
 * (e.g. {@code copy-volume-id}).
 */
final class CopyButton {
    private CopyButton() {
    }

    /**
     * @param field what the value is, in words ("name", "Volume id"); shown lower-cased in the tooltip
     * @param value the exact text placed on the clipboard
     */
    static Button of(String field, String value) {
        String words = field.toLowerCase(Locale.ROOT);
        Button b = new Button(null, Icons.of(Material2AL.CONTENT_COPY, 12));
        b.setId("copy-" + words.replaceAll("[^a-z0-9]+", "-").replaceAll("^-|-$", ""));
        b.getStyleClass().addAll(Styles.BUTTON_ICON, Styles.FLAT, Styles.SMALL);
        b.setTooltip(new Tooltip("Copy " + words));
        b.setAccessibleText("Copy " + words);
        b.setFocusTraversable(false);
        b.setOnAction(e -> copy(value));
        return b;
    }

    /** Replaces the clipboard's content with {@code text} as plain text. */
    static void copy(String text) {
        ClipboardContent content = new ClipboardContent();
        content.putString(text);
        Clipboard.getSystemClipboard().setContent(content);
    }
}
