package org.csiconsole.views.dialog;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.risk.Assessment;
import org.csiconsole.core.risk.Consent;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.task.ItemOutcome;
import org.csiconsole.views.task.UiTask;

import java.util.List;
import java.util.Optional;

import java.util.function.Function;

/**
 * How view models talk to a person without touching a {@code Node}: confirmations and failure
 * reports. The application uses {@link FxDialogService}; tests use a fake that records the calls
 * and answers as told. Methods are called on the UI thread and return when the person has answered.
 */
public interface DialogService {

    /**
     * Asks a yes/no question.
     *
     * @param title the action, e.g. {@code "Clear the call trace"}
     * @param message what will happen, in one or two sentences
     * @param actionLabel the label of the confirming button, e.g. {@code "Clear"}
     * @return true when the person confirmed
     */
    boolean confirm(String title, String message, String actionLabel);

    /**
     * Asks the person to type {@code expected} before a destructive action (deleting a volume by
     * typing its name). The confirming button is enabled only for the exact text.
     *
     * @return true when the person typed {@code expected} exactly and confirmed
     */
    boolean confirmByTyping(String title, String message, String expected, String actionLabel);

    /**
     * Asks for the consent one risk {@link Assessment} requires, showing its target, state, hazards, the
     * verdict when the call is known to be illegal, and the safer alternative; the default button is
     * Cancel whenever a hazard is a danger. It asks exactly what the command line asks for the same
     * assessment ({@link RiskPrompt}).
     *
     * <p>This default renders it with {@link #confirm} and {@link #confirmByTyping} (one typed text per
     * name for names typed each) and never offers an override: a blocked call is explained and not sent.
     *
     * @param actionLabel the confirming button, e.g. {@code "Delete"}
     * @return the answer; empty when cancelled or blocked (nothing is then sent)
     */
    default Optional<RiskAnswer> confirmRisk(Assessment a, String actionLabel) {
        String body = String.join("\n", a.lines().subList(1, a.lines().size()));
        if (a.blocked()) {
            showInformation(a.title() + ": not sent", body);
            return Optional.empty();
        }
        Consent c = a.consent();
        return switch (c.level()) {
            case NONE -> Optional.of(new RiskAnswer(List.of(), false));
            case CONFIRM -> confirm(a.title(), body, actionLabel) ? Optional.of(new RiskAnswer(List.of(), false)) : Optional.empty();
            case TYPED -> confirmByTyping(a.title(), body, c.phrase(), actionLabel)
                    ? Optional.of(new RiskAnswer(List.of(c.phrase()), false)) : Optional.empty();
            case TYPED_EACH -> {
                for (String name : c.names()) {
                    if (!confirmByTyping(a.title() + ": " + name, body, name, actionLabel)) yield Optional.empty();
                }
                yield Optional.of(new RiskAnswer(c.names(), false));
            }
        };
    }

    /** Shows a failure in words (what, why, what to do) with its technical detail behind an expander. */
    void showFailure(CallFailure failure);

    /** Shows a short piece of information. */
    void showInformation(String title, String message);

    /**
     * Shows what came of each item of a bulk action (see
     * {@link org.csiconsole.views.action.ActionRunner#runEach}): the summary, then one line per
     * item with its name and outcome (OK, the failure's own message, or not run). This default
     * shows them as information text.
     *
     * @param title the bulk action, e.g. {@code "Delete 10 volumes"}
     * @param summary e.g. {@code "Deleted 8 of 10 volumes; 2 failed."}
     */
    default void showResults(String title, String summary, List<? extends ItemOutcome<?>> outcomes) {
        StringBuilder text = new StringBuilder(summary);
        for (ItemOutcome<?> o : outcomes) text.append('\n').append(o.name()).append(": ").append(o.describe());
        showInformation(title, text.toString());
    }

    /**
     * Shows {@code form} for the person to fill in.
     *
     * @return true when the person confirmed a valid form; the values are then in the form's fields
     */
    default boolean showForm(Form form) {
        return false;
    }

    /**
     * Shows {@code form} and starts {@code submit} each time the person confirms it while valid. The
     * form stays on screen while the submission runs ({@link Form#busyProperty()}): it closes when
     * the submission succeeds; when it fails, the failure shows inside the form
     * ({@link Form#failureProperty()}) with every value kept, so the person can correct it and
     * confirm again, or cancel. Cancelling while a submission runs cancels its task. Submissions
     * report failures to the form through {@link org.csiconsole.views.action.ActionRunner#run(Form,
     * String, java.util.function.Function, java.util.function.Function)}.
     *
     * <p>This default shows the form once with {@link #showForm} and starts the submission after it
     * closed; a failure then reaches the person as any other (notification and failure dialog).
     *
     * @param submit starts the command for the form's values and returns its task
     * @return true when a submission succeeded (the default: when one was started)
     */
    default boolean submitForm(Form form, Function<Form, UiTask<?>> submit) {
        if (!showForm(form)) return false;
        submit.apply(form);
        return true;
    }
}
