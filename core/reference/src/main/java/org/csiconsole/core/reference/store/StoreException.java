package org.csiconsole.core.reference.store;

/** The state directory or its database could not be opened, read or written. */
public final class StoreException extends RuntimeException {
    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }

    public StoreException(String message) {
        super(message);
    }
}
