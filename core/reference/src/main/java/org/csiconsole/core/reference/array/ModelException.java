package org.csiconsole.core.reference.array;

import org.csiconsole.core.call.FailureKind;

/**
 * A refused model operation. The message is a sentence a person can act on: what was refused,
 * why, and what to do. Protocol layers map {@link #kind()} onto their own vocabulary: gRPC
 * INVALID_ARGUMENT, NOT_FOUND, ALREADY_EXISTS, FAILED_PRECONDITION, OUT_OF_RANGE,
 * RESOURCE_EXHAUSTED, ABORTED ({@link FailureKind#BUSY}), INTERNAL; HTTP 400/404/409/412/416/507/409/500.
 * Nothing is changed in the model when this is thrown.
 */
public final class ModelException extends RuntimeException {
    private final FailureKind kind;

    public ModelException(FailureKind kind, String message) {
        super(message, null, false, false);
        this.kind = kind;
    }

    /** The protocol-neutral failure kind. */
    public FailureKind kind() {
        return kind;
    }

    static ModelException invalid(String message) {
        return new ModelException(FailureKind.INVALID_ARGUMENT, message);
    }

    static ModelException notFound(String message) {
        return new ModelException(FailureKind.NOT_FOUND, message);
    }

    static ModelException exists(String message) {
        return new ModelException(FailureKind.ALREADY_EXISTS, message);
    }

    static ModelException precondition(String message) {
        return new ModelException(FailureKind.FAILED_PRECONDITION, message);
    }

    static ModelException range(String message) {
        return new ModelException(FailureKind.OUT_OF_RANGE, message);
    }

    static ModelException exhausted(String message) {
        return new ModelException(FailureKind.RESOURCE_EXHAUSTED, message);
    }
}
