package org.csiconsole.core.port;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The rows of a listing and the sources that did not answer. A listing over several sources
 * (every CSP array of a connection, CSI and CSP together) completes with the rows it got and
 * names each source that failed ({@link SourceFailure}); it fails as a whole only when no source
 * answered. Views show the rows and, when {@link #missing()} is not empty, a warning naming the
 * sources and reasons.
 *
 * @param items the rows read, in source order; never null
 * @param missing the sources that failed, with their failure; empty when the listing is complete
 * @param <T> the row type
 */
public record Listing<T>(List<T> items, List<SourceFailure> missing) {
    public Listing {
        items = items == null ? List.of() : List.copyOf(items);
        missing = missing == null ? List.of() : List.copyOf(missing);
    }

    /** Every row, nothing missing. */
    public static <T> Listing<T> complete(List<T> items) {
        return new Listing<>(items, List.of());
    }

    /** True when every source answered. */
    public boolean isComplete() {
        return missing.isEmpty();
    }

    /** The same sources missing, the rows replaced by {@code rows(items())}. */
    public <R> Listing<R> map(Function<List<T>, List<R>> rows) {
        return new Listing<>(rows.apply(items), missing);
    }

    /** The rows of both, this listing's first, and the missing sources of both. */
    public Listing<T> plus(Listing<T> other) {
        List<T> rows = new ArrayList<>(items);
        rows.addAll(other.items);
        List<SourceFailure> gone = new ArrayList<>(missing);
        gone.addAll(other.missing);
        return new Listing<>(rows, gone);
    }
}
