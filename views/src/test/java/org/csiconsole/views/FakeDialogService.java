package org.csiconsole.views;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.views.dialog.DialogService;

import java.util.ArrayList;
import java.util.List;

/** Records what a view model asked and answers as the test says. */
public final class FakeDialogService implements DialogService {
    public boolean answer = true;
    public final List<String> confirmations = new ArrayList<>();
    public final List<CallFailure> failures = new ArrayList<>();
    public final List<String> informations = new ArrayList<>();

    @Override
    public boolean confirm(String title, String message, String actionLabel) {
        confirmations.add(title);
        return answer;
    }

    @Override
    public boolean confirmByTyping(String title, String message, String expected, String actionLabel) {
        confirmations.add(title + ":" + expected);
        return answer;
    }

    @Override
    public void showFailure(CallFailure failure) {
        failures.add(failure);
    }

    @Override
    public void showInformation(String title, String message) {
        informations.add(title);
    }
}
