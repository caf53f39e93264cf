package org.csiconsole.core.port;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;

import java.util.concurrent.CompletableFuture;

/** Helpers shared by the port interfaces. */
public final class Ports {
    private Ports() {
    }

    /** A future failed with {@link FailureKind#UNSUPPORTED} for {@code what}. */
    public static <T> CompletableFuture<T> unsupported(String what) {
        return CompletableFuture.failedFuture(new CallFailure(FailureKind.UNSUPPORTED, what,
                "this connection does not offer the call",
                "Use a connection whose plugin or array advertises it.", ""));
    }
}
