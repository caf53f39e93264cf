package org.csiconsole.views.workbench;

import javafx.scene.Node;

import java.util.Objects;
import java.util.function.Supplier;

/**
 * A card a feature adds to the start page, below the connections and the keyboard shortcuts (the
 * composition root registers it in {@link ViewRegistry#addStartSection}).
 *
 * @param id the card's node id, e.g. {@code start-drivers}
 * @param title the card's heading, e.g. {@code "Drivers on this host"}
 * @param content builds the card's content for one start page (a start page closed and opened again
 *     asks for a new one); it must not block: work it shows runs elsewhere
 */
public record StartSection(String id, String title, Supplier<Node> content) {
    public StartSection {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(title, "title");
        Objects.requireNonNull(content, "content");
    }
}
