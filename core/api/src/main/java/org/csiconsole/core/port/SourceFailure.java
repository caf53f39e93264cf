package org.csiconsole.core.port;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;

import java.util.List;
import java.util.Objects;
import java.util.concurrent.CancellationException;
import java.util.stream.Collectors;

/**
 * One source of a listing that did not answer, and why. A listing that reads several sources (the
 * CSP arrays behind one connection, the csi-addons endpoint next to a CSI plugin, the node plugin's
 * NodeGetInfo beside ListVolumes) and gets rows from some of them completes with those rows and
 * names each source that failed, instead of failing as a whole or dropping the source without a
 * word ({@link Listing}; the value a streamed listing's future completes with). A listing whose
 * every source failed still fails, with the first source's {@link CallFailure}.
 *
 * @param source the source as an admin names it: an array name ({@code "site-b"}),
 *     {@code "csi-addons"}, {@code "node plugin"}, {@code "CSI plugin"}; not blank
 * @param failure why it did not answer: kind from the gRPC code or HTTP status, the spec's
 *     condition text as {@link CallFailure#why()}; never contains a secret
 */
public record SourceFailure(String source, CallFailure failure) {
    public SourceFailure {
        Objects.requireNonNull(source, "source");
        Objects.requireNonNull(failure, "failure");
    }

    /**
     * The failure of {@code source} from whatever its future failed with: the {@link CallFailure}
     * inside {@code error} (unwrapped from {@code CompletionException}), or an
     * {@link FailureKind#INTERNAL} one naming the exception type when there is none.
     */
    public static SourceFailure of(String source, Throwable error) {
        CallFailure f = CallFailure.unwrap(error);
        if (f == null) {
            f = error instanceof CancellationException
                    ? new CallFailure(FailureKind.CANCELLED, "Read " + source, "it was cancelled", "", "")
                    : new CallFailure(FailureKind.INTERNAL, "Read " + source, "the console hit an unexpected error",
                    "Try again; if it happens again, report it with the detail.",
                    error == null ? "" : error.getClass().getName() + (error.getMessage() == null ? "" : ": " + error.getMessage()), error);
        }
        return new SourceFailure(source, f);
    }

    /** In words, e.g. {@code "site-b: UNAVAILABLE \u2014 connection refused"} (the reason without a closing period). */
    public String describe() {
        String why = failure.why() == null ? "" : failure.why().strip();
        while (why.endsWith(".")) why = why.substring(0, why.length() - 1);
        return source + ": " + failure.kind() + " \u2014 " + why;
    }

    /** Every failure described, joined with {@code "; "}; empty for none. */
    public static String describe(List<SourceFailure> missing) {
        return missing.stream().map(SourceFailure::describe).collect(Collectors.joining("; "));
    }
}
