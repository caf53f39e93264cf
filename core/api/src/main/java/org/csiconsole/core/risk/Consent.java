package org.csiconsole.core.risk;

import java.util.List;
import java.util.Objects;

/**
 * The consent an operation needs before anything is sent, the same in every front end: the GUI's
 * dialog asks for exactly this, and the CLI's prompt and {@code --yes} accept exactly this.
 *
 * @param level how much consent
 * @param phrase for {@link Kind#TYPED}: the text to type (one target: its name; several: the verb and
 *     their names, see {@link #phrase}); empty otherwise
 * @param names the targets' names, in order (their ids when they have none)
 * @param ids the targets' ids, in order; also accepted wherever a single name is typed
 */
public record Consent(Kind level, String phrase, List<String> names, List<String> ids) {
    /** Most names a phrase lists; beyond it the phrase gives the count, the first and the last. */
    public static final int PHRASE_NAMES = 5;

    /** How much consent. */
    public enum Kind {
        /** Nothing to ask: a read, or a dry run. */
        NONE,
        /**
         * An explicit action after the hazards were shown: the dialog's confirming button (never the
         * default when a hazard is a danger), or running the CLI command itself; the hazards are printed first.
         */
        CONFIRM,
        /** One typed text: {@link #phrase()} (CLI: {@code --yes=<phrase>}, or the name or id of a single target). */
        TYPED,
        /** Each target's name typed on its own (CLI: one {@code --yes=<name or id>} per target). */
        TYPED_EACH
    }

    public Consent {
        Objects.requireNonNull(level, "level");
        phrase = phrase == null ? "" : phrase;
        names = names == null ? List.of() : List.copyOf(names);
        ids = ids == null ? List.of() : List.copyOf(ids);
        if (names.size() != ids.size()) throw new IllegalArgumentException("names and ids differ in length");
    }

    /** No consent needed. */
    public static Consent none() {
        return new Consent(Kind.NONE, "", List.of(), List.of());
    }

    /**
     * The text a person types to consent to {@code verb} on these targets: one target's name; up to
     * {@value #PHRASE_NAMES} names after the verb ({@code "delete vol-a, vol-b, vol-c"}); beyond, the
     * count, the first and the last ({@code "delete 7 volumes vol-a to vol-g"}). So the phrase differs
     * for different selections and a larger selection than meant is noticed.
     *
     * @param verb lower case, e.g. {@code "delete"}
     * @param plural the targets' noun, plural, e.g. {@code "volumes"}
     */
    public static String phrase(String verb, String plural, List<String> names) {
        if (names.size() == 1) return names.get(0);
        if (names.size() <= PHRASE_NAMES) return verb + " " + String.join(", ", names);
        return verb + " " + names.size() + " " + plural + " " + names.get(0) + " to " + names.get(names.size() - 1);
    }

    /**
     * This consent on connection {@code connection} while another open connection holds the same ids: each name, id
     * and the phrase to type end in {@code " on <connection>"} ({@code "vol-00000116 on Demo"}), so a text typed for
     * one connection never consents on the other. Unchanged when nothing is typed or the connection is blank.
     *
     * @param connection the connection's name, as the navigator shows it
     */
    public Consent on(String connection) {
        if (untyped() || connection == null || connection.isBlank()) return this;
        String at = " on " + connection.strip();
        return new Consent(level, level == Kind.TYPED ? phrase + at : "", names.stream().map(n -> n + at).toList(),
                ids.stream().map(i -> i + at).toList());
    }

    /** True when nothing or only an explicit action is needed. */
    public boolean untyped() {
        return level == Kind.NONE || level == Kind.CONFIRM;
    }

    /**
     * True when {@code typed} gives this consent as one text: for {@link Kind#TYPED}, the phrase (or,
     * for a single target, its name or id, surrounding blanks ignored); always for NONE and CONFIRM;
     * never for {@link Kind#TYPED_EACH} (see {@link #acceptsFor}).
     */
    public boolean accepts(String typed) {
        if (untyped()) return true;
        if (level == Kind.TYPED_EACH) return false;
        String t = typed == null ? "" : typed.strip();
        if (t.isEmpty()) return false;
        return t.equals(phrase) || names.size() == 1 && (t.equals(names.get(0)) || t.equals(ids.get(0)));
    }

    /** True when {@code typed} names target {@code index} (its name or id): one of {@link Kind#TYPED_EACH}'s answers. */
    public boolean acceptsFor(int index, String typed) {
        if (untyped()) return true;
        String t = typed == null ? "" : typed.strip();
        return !t.isEmpty() && (t.equals(names.get(index)) || t.equals(ids.get(index)));
    }

    /** What to type, in words: {@code "type vol-a"}, {@code "type each name: vol-a, vol-b"}; empty when nothing. */
    public String instruction() {
        return switch (level) {
            case NONE, CONFIRM -> "";
            case TYPED -> "type " + phrase;
            case TYPED_EACH -> "type each name: " + String.join(", ", names);
        };
    }
}
