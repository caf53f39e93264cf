package org.csiconsole.core.call;

import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.function.UnaryOperator;

/**
 * The capabilities one connection advertised, discovered on first use and cached until
 * {@link #refresh()}; a discovery that failed or was cancelled is retried on the next
 * {@link #get()}. Also gates calls on them: {@link #gated} sends a call only when the cached
 * capabilities allow it, otherwise fails it locally without sending. One type serves the CSI client
 * (capabilities from GetPluginCapabilities and the per-service GetCapabilities, CSI spec "Identity
 * Service RPC") and the csi-addons client (identity GetCapabilities).
 *
 * @param <C> what discovery yields, e.g. a capability set
 */
public final class CapabilityCache<C> {
    private final Supplier<CompletableFuture<C>> discover;
    private final AtomicReference<CompletableFuture<C>> current = new AtomicReference<>();

    /** @param discover asks the peer; called on first use, after a failed discovery and on {@link #refresh()} */
    public CapabilityCache(Supplier<CompletableFuture<C>> discover) {
        this.discover = discover;
    }

    /** The cached capabilities; discovered when none are cached or the last discovery failed or was cancelled. */
    public CompletableFuture<C> get() {
        CompletableFuture<C> c = current.get();
        if (c != null && !c.isCompletedExceptionally() && !c.isCancelled()) return c;
        return refresh();
    }

    /** Asks the peer again and caches the answer. */
    public CompletableFuture<C> refresh() {
        CompletableFuture<C> f = discover.get();
        current.set(f);
        return f;
    }

    /**
     * Sends {@code call} once the capabilities allow it.
     *
     * @param refusal the local failure (normally {@link FailureKind#UNSUPPORTED}) when the capabilities do not allow the call
     * @param discoveryFailed rewrites a failure of capability discovery into the failure the call reports
     * @return the call's result; fails with the refusal or the rewritten discovery failure without sending, else
     *     with the call's own {@link CallFailure}. Cancelling the result cancels the call once sent
     */
    public <T> CompletableFuture<T> gated(Function<C, Optional<CallFailure>> refusal, UnaryOperator<CallFailure> discoveryFailed,
                                          Supplier<CompletableFuture<T>> call) {
        // Starting the call and naming it to the result happen under one lock, which a cancel takes
        // too: a cancel that comes while the call starts reaches it (and its audit record) rather than
        // cancelling the result alone and the call only afterwards.
        Object starting = new Object();
        LinkedFuture<T> result = new LinkedFuture<>() {
            @Override
            protected void beforeCancel(boolean mayInterruptIfRunning) {
                synchronized (starting) {
                    super.beforeCancel(mayInterruptIfRunning);
                }
            }
        };
        AtomicReference<CompletableFuture<T>> inner = new AtomicReference<>();
        result.whenComplete((v, t) -> {
            CompletableFuture<T> i = inner.get();
            if (result.isCancelled() && i != null) i.cancel(true);
        });
        get().whenComplete((caps, t) -> {
            if (t != null) {
                CallFailure f = CallFailure.unwrap(t);
                result.completeExceptionally(f == null ? t : discoveryFailed.apply(f));
                return;
            }
            Optional<CallFailure> refused = refusal.apply(caps);
            if (refused.isPresent()) {
                result.completeExceptionally(refused.get());
                return;
            }
            CompletableFuture<T> f;
            synchronized (starting) {
                if (result.isDone()) return;
                f = call.get();
                inner.set(f);
                result.follow(f);
            }
            f.whenComplete((v, e) -> {
                if (e != null) {
                    CallFailure cf = CallFailure.unwrap(e);
                    result.completeExceptionally(cf != null ? cf : e);
                } else {
                    result.complete(v);
                }
            });
            if (result.isCancelled()) f.cancel(true);
        });
        return result;
    }
}
