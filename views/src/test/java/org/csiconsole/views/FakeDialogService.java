package org.csiconsole.views;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.views.dialog.DialogService;
import org.csiconsole.views.form.Form;

import java.util.ArrayList;
import java.util.List;

/** Records what a view model asked and answers as the test says. */
public final class FakeDialogService implements DialogService {
    public boolean answer = true;
    public final List<String> confirmations = new ArrayList<>();
    public final List<CallFailure> failures = new ArrayList<>();
    public final List<String> informations = new ArrayList<>();
    public final List<Form> forms = new ArrayList<>();
    /** Fills a shown form; its result is the answer (also false when the form is then invalid). */
    public java.util.function.Predicate<Form> formAnswer = f -> false;
    /** The text typed into a typed confirmation; null types the expected text when {@link #answer} is true. */
    public String typed;

    /** The message of each {@link #confirm}, in order. */
    public final List<String> messages = new ArrayList<>();

    @Override
    public boolean confirm(String title, String message, String actionLabel) {
        confirmations.add(title);
        messages.add(message);
        return answer;
    }

    /** The message of each {@link #confirmByTyping}, in order. */
    public final List<String> typedMessages = new ArrayList<>();

    @Override
    public boolean confirmByTyping(String title, String message, String expected, String actionLabel) {
        confirmations.add(title + ":" + expected);
        typedMessages.add(message);
        if (typed != null) return answer && typed.equals(expected);
        return answer;
    }

    /** When true, a refused call that may be overridden is sent anyway (the names typed, the override chosen). */
    public boolean sendAnyway;

    /** Each risk assessment shown, in order. */
    public final List<org.csiconsole.core.risk.Assessment> assessments = new ArrayList<>();

    @Override
    public java.util.Optional<org.csiconsole.views.dialog.RiskAnswer> confirmRisk(org.csiconsole.core.risk.Assessment a, String actionLabel) {
        assessments.add(a);
        if (sendAnyway && a.blocked() && a.illegal().overridable()) {
            return java.util.Optional.of(new org.csiconsole.views.dialog.RiskAnswer(java.util.List.of(a.consent(true).phrase()), true));
        }
        return DialogService.super.confirmRisk(a, actionLabel);
    }

    @Override
    public void showFailure(CallFailure failure) {
        failures.add(failure);
    }

    @Override
    public void showInformation(String title, String message) {
        informations.add(title);
        informationTexts.add(message);
    }

    /** The messages of the information dialogs shown, in the order of {@link #informations}. */
    public final List<String> informationTexts = new ArrayList<>();

    /** The outcomes of each bulk action's results shown, one line per item: {@code "name: Failed: why"}. */
    public final List<List<String>> results = new ArrayList<>();
    /** The summary of each bulk action's results shown. */
    public final List<String> summaries = new ArrayList<>();

    @Override
    public void showResults(String title, String summary, List<? extends org.csiconsole.views.task.ItemOutcome<?>> outcomes) {
        summaries.add(summary);
        results.add(outcomes.stream().map(o -> o.name() + ": " + o.describe()).toList());
    }

    @Override
    public boolean showForm(Form form) {
        forms.add(form);
        return formAnswer.test(form) && form.valid().get();
    }

    /**
     * Keeps the form "open" like the dialog does: asks {@link #formAnswer} before each attempt and
     * submits while it answers true and the form is valid, until a submission succeeds (at most five
     * attempts, so a test cannot loop forever). The tests run tasks on a direct executor, so each
     * submission has finished when it returns.
     */
    @Override
    public boolean submitForm(Form form, java.util.function.Function<Form, org.csiconsole.views.task.UiTask<?>> submit) {
        forms.add(form);
        form.showingProperty().set(true);
        try {
            for (int attempt = 0; attempt < 5 && formAnswer.test(form) && form.valid().get(); attempt++) {
                if (submit.apply(form).state() == org.csiconsole.views.task.TaskState.SUCCEEDED) return true;
            }
            return false;
        } finally {
            form.showingProperty().set(false);
        }
    }
}
