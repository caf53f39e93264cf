package org.csiconsole.core.call;

import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.function.BiConsumer;
import java.util.function.Function;

/**
 * One paged listing of {@link CallPolicy#pages}: ListVolumes, ListSnapshots or ListVolumeGroups,
 * following {@code next_token} until it is empty (CSI spec, "ListVolumes": {@code max_entries},
 * {@code starting_token}, {@code next_token}). Page <i>n</i>+1 is requested once the stage the
 * consumer returned for page <i>n</i> completes ({@link PageSink}); a {@code next_token} the plugin
 * returned before ends the listing with a {@link FailureKind#PROTOCOL} failure.
 *
 * @param <R> the response of one page
 * @param <T> an entry of a page, as the consumer takes it
 */
final class PagedListing<R, T> {
    private final Function<String, CompletableFuture<R>> call;
    private final Function<R, List<T>> items;
    private final Function<R, String> nextToken;
    private final PageSink<T> consumer;
    private final String what;
    private final CompletableFuture<Void> result;
    /** Tokens followed so far; pages arrive one after another. */
    private final Set<String> seen = new HashSet<>();
    private volatile CompletableFuture<R> current;

    /**
     * @param call sends the request for a starting token ({@code ""} for the first page) under the policy
     * @param what the listing, for a failure ("Read volumes")
     * @param result completes once the last page's stage has; fails with the first failure of a call,
     *     of {@code consumer} or of a stage it returned; cancelling it cancels the call in flight
     */
    PagedListing(Function<String, CompletableFuture<R>> call, Function<R, List<T>> items, Function<R, String> nextToken,
                 PageSink<T> consumer, String what, CompletableFuture<Void> result) {
        this.call = call;
        this.items = items;
        this.nextToken = nextToken;
        this.consumer = consumer;
        this.what = what;
        this.result = result;
        result.whenComplete((v, t) -> {
            CompletableFuture<R> c = current;
            if (result.isCancelled() && c != null) c.cancel(true);
        });
    }

    void start() {
        page("", 1);
    }

    private void page(String token, int pageNo) {
        if (result.isDone()) return;
        CompletableFuture<R> c = call.apply(token);
        current = c;
        c.whenComplete((resp, t) -> {
            if (t != null) {
                result.completeExceptionally(t);
                return;
            }
            CompletionStage<?> ready;
            try {
                ready = consumer.accept(items.apply(resp));
            } catch (RuntimeException e) {
                result.completeExceptionally(e);
                return;
            }
            String next = nextToken.apply(resp);
            if (next == null || next.isEmpty()) {
                ready.whenComplete((x, failed) -> {
                    if (failed != null) result.completeExceptionally(failed);
                    else result.complete(null);
                });
            } else if (next.equals(token) || !seen.add(next)) {
                result.completeExceptionally(new CallFailure(FailureKind.PROTOCOL, what,
                        "the plugin returned next_token '" + next + "' again after page " + pageNo
                                + "; following it would loop forever",
                        "The pages received so far are shown. Report the paging bug to the driver's vendor; "
                                + "a larger page size (max_entries) may avoid it", "repeated next_token at page " + pageNo));
            } else {
                BiConsumer<Object, Throwable> nextPage = (x, failed) -> {
                    if (failed != null) result.completeExceptionally(failed);
                    else page(next, pageNo + 1);
                };
                // A stage completed later was completed by the consumer's thread (a UI thread, say):
                // the next call starts from the common pool, not there.
                CompletableFuture<?> r = ready.toCompletableFuture();
                if (r.isDone()) r.whenComplete(nextPage);
                else r.whenCompleteAsync(nextPage);
            }
        });
    }
}
