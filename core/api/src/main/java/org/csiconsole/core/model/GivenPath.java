package org.csiconsole.core.model;

import org.csiconsole.core.call.CallFailure;

import java.nio.file.Path;

/**
 * A path a person gave (a command-line option, a form field): the one rule for an empty one, which
 * the CLI and the GUI render. An empty path is refused: {@code Path.of("")} is the current directory,
 * which no one means by giving nothing.
 */
public final class GivenPath {
    private GivenPath() {
    }

    /** Why an empty path is refused, in words. */
    public static final String WHY = "it is empty, and an empty path would mean the current directory";

    /**
     * Why an empty value for {@code what} is refused, as a sentence without its full stop, e.g.
     * {@code "--root-dir: it is empty, and an empty path would mean the current directory"}.
     *
     * @param what how the person knows the field: an option's name or a field's label
     */
    public static String emptyProblem(String what) {
        return what + ": " + WHY;
    }

    /**
     * The path given as {@code text} for {@code what}, leading and trailing blanks removed.
     *
     * @throws CallFailure of kind {@link org.csiconsole.core.call.FailureKind#INVALID_ARGUMENT} when
     *     {@code text} is null or blank ({@link #WHY}), with {@code example} as what to give
     */
    public static Path of(String what, String text, String example) {
        if (text == null || text.isBlank()) {
            throw CallFailure.refused(what, WHY, "Give " + what + ", e.g. " + example);
        }
        return Path.of(text.strip());
    }
}
