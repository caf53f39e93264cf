package org.csiconsole.core.lifecycle;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The live part drawn over a {@link Diagram}: which states the subject is in, who is there (node
 * ids, snapshot names) and what each arrow may do now.
 *
 * @param current the ids of the boxes the subject is in (highlighted); never null
 * @param badges per box id, the names shown on it (e.g. the nodes a volume is PUBLISHED on); never null
 * @param arrows per arrow id, its mark; arrows without one are drawn plain; never null
 * @param status one line about the live state ({@code "inferred from ..."}), empty when none
 */
public record DiagramOverlay(Set<String> current, Map<String, List<String>> badges, Map<String, Mark> arrows, String status) {
    /** Nothing live: the diagram alone. */
    public static final DiagramOverlay NONE = new DiagramOverlay(Set.of(), Map.of(), Map.of(), "");

    public DiagramOverlay {
        current = Set.copyOf(current);
        badges = Map.copyOf(badges);
        arrows = Map.copyOf(arrows);
        status = Objects.requireNonNullElse(status, "");
    }

    /** What an arrow may do now. */
    public enum Kind {
        /** It may be taken now. */
        LEGAL,
        /** Not now; {@link Mark#text()} says why. */
        ILLEGAL,
        /** It was taken last (the most recent change). */
        TAKEN,
        /** The last call of it failed; {@link Mark#text()} has the code and message. */
        FAILED
    }

    /**
     * @param kind what the arrow may do
     * @param text why not, or the failure's code and message; empty for a legal arrow
     */
    public record Mark(Kind kind, String text) {
        public Mark {
            Objects.requireNonNull(kind, "kind");
            text = Objects.requireNonNullElse(text, "");
        }
    }

    /** The mark of arrow {@code id}, or null. */
    public Mark mark(String id) {
        return arrows.get(id);
    }
}
