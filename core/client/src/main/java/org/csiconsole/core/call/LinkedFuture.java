package org.csiconsole.core.call;

import java.util.concurrent.CompletableFuture;

/**
 * A {@link CompletableFuture} whose dependent stages ({@code thenApply}, {@code exceptionallyCompose}, ...)
 * pass cancellation back up: cancelling a mapped future cancels the call it was mapped from. Plain
 * CompletableFuture stages do not, which would leave an RPC running after its caller gave up.
 */
public class LinkedFuture<T> extends CompletableFuture<T> {
    private final CompletableFuture<?> upstream;

    public LinkedFuture() {
        this(null);
    }

    private LinkedFuture(CompletableFuture<?> upstream) {
        this.upstream = upstream;
    }

    @Override
    public <U> CompletableFuture<U> newIncompleteFuture() {
        return new LinkedFuture<>(this);
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        boolean cancelled = super.cancel(mayInterruptIfRunning);
        if (cancelled && upstream != null) upstream.cancel(mayInterruptIfRunning);
        return cancelled;
    }
}
