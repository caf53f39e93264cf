package org.csiconsole.app.bench;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.views.dialog.DialogService;

/** Benchmarks never ask a person anything: confirmations say no, and a failure is printed. */
final class NoDialogs implements DialogService {
    @Override
    public boolean confirm(String title, String message, String actionLabel) {
        return false;
    }

    @Override
    public boolean confirmByTyping(String title, String message, String expected, String actionLabel) {
        return false;
    }

    @Override
    public void showFailure(CallFailure failure) {
        System.err.println("failure: " + failure.describe());
    }

    @Override
    public void showInformation(String title, String message) {
    }
}
