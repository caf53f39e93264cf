package org.csiconsole.core.call;

import java.util.concurrent.CompletableFuture;

/**
 * A {@link CompletableFuture} whose dependent stages ({@code thenApply}, {@code exceptionallyCompose}, ...)
 * pass cancellation back up: cancelling a mapped future cancels the call it was mapped from. Plain
 * CompletableFuture stages do not, which would leave an RPC running after its caller gave up.
 */
public class LinkedFuture<T> extends CompletableFuture<T> {
    private final CompletableFuture<?> upstream;
    private volatile CompletableFuture<?> inner;

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

    /**
     * Runs before this future or any stage mapped from it is cancelled, from the stage cancelled up to
     * the call: a future that must finish something first (the audit record of a cancelled call, see
     * {@link CallAudit}) does it here, so the stage's dependents never see the cancellation before it.
     * Does nothing but pass the step upward by default.
     */
    protected void beforeCancel(boolean mayInterruptIfRunning) {
        if (upstream instanceof LinkedFuture<?> l && !l.isDone()) l.beforeCancel(mayInterruptIfRunning);
        if (inner instanceof LinkedFuture<?> l && !l.isDone()) l.beforeCancel(mayInterruptIfRunning);
    }

    /**
     * Names the future this one completes from when it is not a mapped stage (a call started once a
     * permit or the capabilities arrived): {@link #beforeCancel} then reaches it too.
     */
    public void follow(CompletableFuture<?> source) {
        this.inner = source;
    }

    @Override
    public boolean cancel(boolean mayInterruptIfRunning) {
        if (isDone()) return false;
        beforeCancel(mayInterruptIfRunning);
        boolean cancelled = super.cancel(mayInterruptIfRunning);
        if (cancelled && upstream != null) upstream.cancel(mayInterruptIfRunning);
        return cancelled;
    }
}
