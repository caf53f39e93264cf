package org.csiconsole.core.storage;

import org.csiconsole.core.port.Listing;
import org.csiconsole.core.port.SourceFailure;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Joins the listings of several sources (the arrays behind one connection, CSI and CSP) into one
 * {@link Listing}: the rows of every source that answered, in source order, and each source that
 * failed named with its failure. No failure is dropped: when every source failed, the joined
 * listing fails with the first source's failure.
 */
final class Sources {
    private Sources() {
    }

    /** A source's name and its listing. */
    record Read<T>(String source, CompletableFuture<Listing<T>> listing) {
    }

    /** Waits for every read and joins them; fails when none answered (or when {@code reads} is empty). */
    static <T> CompletableFuture<Listing<T>> join(List<Read<T>> reads) {
        if (reads.isEmpty()) throw new IllegalArgumentException("no sources");
        CompletableFuture<?>[] settled = reads.stream().map(r -> r.listing().handle((l, e) -> null))
                .toArray(CompletableFuture[]::new);
        return CompletableFuture.allOf(settled).thenApply(x -> {
            List<T> rows = new ArrayList<>();
            List<SourceFailure> missing = new ArrayList<>();
            Throwable first = null;
            boolean any = false;
            for (Read<T> r : reads) {
                try {
                    Listing<T> l = r.listing().join();
                    rows.addAll(l.items());
                    missing.addAll(l.missing());
                    any = true;
                } catch (CompletionException | java.util.concurrent.CancellationException e) {
                    Throwable cause = e instanceof CompletionException && e.getCause() != null ? e.getCause() : e;
                    if (first == null) first = cause;
                    missing.add(SourceFailure.of(r.source(), cause));
                }
            }
            if (!any) throw first instanceof CompletionException c ? c : new CompletionException(first);
            return new Listing<>(rows, missing);
        });
    }
}
