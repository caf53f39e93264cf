package org.csiconsole.views.dialog;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;

import java.util.concurrent.CancellationException;

/** Turns whatever a task failed with into a {@link CallFailure} a person can read. */
public final class Failures {
    private Failures() {
    }

    /**
     * The {@link CallFailure} inside {@code error}, or one that says the console itself failed
     * (kind {@link FailureKind#INTERNAL}, the exception's type and message as detail; no stack trace).
     *
     * @param what the action that failed, used when {@code error} is not a CallFailure
     */
    public static CallFailure of(String what, Throwable error) {
        CallFailure f = CallFailure.unwrap(error);
        if (f != null) return f;
        if (error instanceof CancellationException) {
            return new CallFailure(FailureKind.CANCELLED, what, "it was cancelled", "", "");
        }
        String detail = error == null ? "" : error.getClass().getName()
                + (error.getMessage() == null ? "" : ": " + error.getMessage());
        return new CallFailure(FailureKind.INTERNAL, what, "the console hit an unexpected error",
                "Try again. If it happens again, copy the technical detail below into a bug report.", detail, error);
    }

    /** A short heading for a failure: {@code "Outcome unknown"} for a change cut off mid-call, else its kind's. */
    public static String heading(CallFailure failure) {
        return failure.outcomeUnknown() ? "Outcome unknown" : heading(failure.kind());
    }

    /** A short heading for a failure kind, e.g. {@code "Storage unreachable"}. */
    public static String heading(FailureKind kind) {
        return switch (kind) {
            case INVALID_ARGUMENT -> "Request rejected";
            case NOT_FOUND -> "Not found";
            case ALREADY_EXISTS -> "Already exists";
            case FAILED_PRECONDITION -> "Not possible in the current state";
            case OUT_OF_RANGE -> "Out of range";
            case RESOURCE_EXHAUSTED -> "Out of capacity";
            case BUSY -> "Another operation is in progress";
            case UNAVAILABLE -> "Storage unreachable";
            case TIMEOUT -> "Timed out";
            case UNSUPPORTED -> "Not supported";
            case AUTHENTICATION -> "Access refused";
            case ENDPOINT -> "Endpoint problem";
            case TLS -> "Secure connection failed";
            case PROTOCOL -> "Unexpected answer";
            case CANCELLED -> "Cancelled";
            case INTERNAL -> "Internal error";
        };
    }
}
