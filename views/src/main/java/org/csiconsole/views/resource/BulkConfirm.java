package org.csiconsole.views.resource;

import org.csiconsole.views.dialog.DialogService;

import java.util.List;

/**
 * The one confirmation before a destructive action on several rows: the message lists the rows'
 * names, and the person types the action with the count ({@code "delete 3 volumes"}), so a
 * selection larger than meant is noticed before anything happens. Typing one name would not
 * confirm the others; typing the count and the verb does. The typed-name confirmation stays for a
 * single row.
 */
public final class BulkConfirm {
    /** Names listed in full; beyond this the list ends with "… and N more". */
    static final int LISTED = 25;

    private BulkConfirm() {
    }

    /**
     * @param dialogs where to ask
     * @param verb the action, lower case: {@code "delete"}
     * @param noun the rows, plural, lower case: {@code "volumes"}
     * @param what what will happen, e.g. {@code "DeleteVolume removes each volume and all data on it."}
     * @param names the rows' names, in order
     * @return true when the person typed {@code "<verb> <count> <noun>"} exactly and confirmed
     */
    public static boolean ask(DialogService dialogs, String verb, String noun, String what, List<String> names) {
        String phrase = phrase(verb, names.size(), noun);
        String title = Character.toUpperCase(phrase.charAt(0)) + phrase.substring(1);
        return dialogs.confirmByTyping(title, what + " This cannot be undone.\n\n" + list(names), phrase, title);
    }

    /** {@code "delete 3 volumes"}. */
    public static String phrase(String verb, int count, String noun) {
        return verb + " " + count + " " + noun;
    }

    /** One name a line, at most {@link #LISTED}, then how many more. */
    static String list(List<String> names) {
        StringBuilder s = new StringBuilder();
        for (int i = 0; i < names.size() && i < LISTED; i++) s.append(i == 0 ? "" : "\n").append("\u2022 ").append(names.get(i));
        if (names.size() > LISTED) s.append("\n\u2026 and ").append(names.size() - LISTED).append(" more");
        return s.toString();
    }
}
