package org.csiconsole.app.cli;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;

import java.util.Optional;

/**
 * The confirmation a destructive command ({@code delete-volume}, {@code delete-snapshot},
 * {@code unpublish}) needs before it sends anything. On a terminal the person types the resource's
 * name; without one, {@code --yes=<name>} must name it exactly. The name is the one the driver
 * reports for the resource, else its id (CSI reads such as ControllerGetVolume carry no name, so for
 * a CSI driver it is the volume_id or snapshot_id); {@code --yes} also takes the id.
 *
 * <p>A refusal is a {@link CallFailure} of kind {@link FailureKind#INVALID_ARGUMENT}, so the command
 * exits with {@link ExitCodes#USAGE} and a sentence saying what to pass; nothing was sent.
 */
final class TypedNameConfirmation {
    private final String option;
    private final Optional<ConsoleTerminal> terminal;

    /**
     * @param yes the value of {@code --yes}, or null when it was not given
     * @param terminal the terminal to ask on, empty when the command runs without one
     */
    TypedNameConfirmation(String yes, Optional<ConsoleTerminal> terminal) {
        this.option = yes;
        this.terminal = terminal;
    }

    /**
     * Refuses at once, before connecting, when there is neither a terminal nor {@code --yes}.
     *
     * @param command the command, e.g. {@code delete-volume}
     * @param kind what is acted on, e.g. {@code volume}
     * @param id its id as given, e.g. the {@code --volume-id}
     * @throws CallFailure INVALID_ARGUMENT naming the {@code --yes} to pass
     */
    void requireTerminalOrYes(String command, String kind, String id) {
        if (option != null || terminal.isPresent()) return;
        throw new CallFailure(FailureKind.INVALID_ARGUMENT, command + " " + id,
                "there is no terminal to confirm on, and --yes was not given; nothing was changed",
                "Pass --yes=" + id + " (the " + kind + "'s name or id) to confirm without a terminal", "");
    }

    /**
     * Confirms the action on one resource, from {@code --yes} when given, else by asking on the terminal.
     *
     * @param action what will happen, e.g. {@code Delete volume vol-1 (10 GiB)}; shown on the terminal
     * @param kind what is acted on, e.g. {@code volume}
     * @param name the name the person must type: the resource's name when known, else its id
     * @param id the resource's id, also accepted by {@code --yes}
     * @throws CallFailure INVALID_ARGUMENT when the typed or given text is not the name (or id)
     */
    void confirm(String action, String kind, String name, String id) {
        if (option != null) {
            if (option.equals(name) || option.equals(id)) return;
            throw new CallFailure(FailureKind.INVALID_ARGUMENT, action,
                    "--yes=" + option + " does not name this " + kind + "; nothing was changed",
                    "Pass --yes=" + name + " (exactly the " + kind + "'s " + (name.equals(id) ? "id" : "name or id") + ")", "");
        }
        ConsoleTerminal t = terminal.orElseThrow(() -> new CallFailure(FailureKind.INVALID_ARGUMENT, action,
                "there is no terminal to confirm on, and --yes was not given; nothing was changed",
                "Pass --yes=" + name + " to confirm without a terminal", ""));
        String typed = t.readLine(action + ". This cannot be undone.\nType the " + kind + "'s "
                + (name.equals(id) ? "id" : "name") + " (" + name + ") to confirm: ");
        if (typed != null && typed.strip().equals(name)) return;
        throw new CallFailure(FailureKind.INVALID_ARGUMENT, action,
                (typed == null ? "nothing was typed" : "the text typed is not " + name) + "; nothing was changed",
                "Run the command again and type " + name + " exactly, or pass --yes=" + name, "");
    }
}
