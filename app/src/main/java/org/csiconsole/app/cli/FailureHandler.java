package org.csiconsole.app.cli;

import org.csiconsole.core.call.CallFailure;
import picocli.CommandLine;

/** Prints a failure as words (what, why, what to do) on stderr, never a stack trace. */
final class FailureHandler implements CommandLine.IExecutionExceptionHandler {
    @Override
    public int handleExecutionException(Exception ex, CommandLine cl, CommandLine.ParseResult parsed) {
        CallFailure f = CallFailure.unwrap(ex);
        String text = f != null ? f.describe() : "Error: " + (ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage());
        cl.getErr().println(cl.getColorScheme().errorText(text));
        return ExitCodes.forThrowable(ex);
    }
}
