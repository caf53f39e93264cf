package org.csiconsole.core.record;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * Asks the driver about each row of a {@link ConsoleBook} with a read it serves, and marks the rows it no longer
 * knows ({@link ConsoleBook#checked}): never drops them. A read answering NOT_FOUND means the driver does not know
 * the id; any other answer (FAILED_PRECONDITION included: a volume that is there but not replicated) means it does;
 * a row whose read fails otherwise is left as it was and named in the result. The same rule for the command line
 * ({@code csi-console inventory recheck}) and the workbench (Volumes ▸ Inventory ▸ Re-check with the driver).
 */
public final class Recheck {
    /**
     * What a re-check found.
     *
     * @param known rows the driver knows
     * @param gone rows the driver does not know (now marked)
     * @param unchecked rows whose read failed for another reason, id to the failure in words; or the kind's plural
     *     to why nothing could be asked
     */
    public record Result(List<String> known, List<String> gone, Map<String, String> unchecked) {
        public Result {
            known = List.copyOf(known);
            gone = List.copyOf(gone);
            unchecked = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(unchecked));
        }

        /** {@code "3 known, 1 gone at the driver (vol-9), 0 not checked"}. */
        public String summary() {
            return known.size() + " known, " + gone.size() + " gone at the driver" + (gone.isEmpty() ? "" : " (" + String.join(", ", gone) + ")")
                    + ", " + unchecked.size() + " not checked";
        }

        /** This result and {@code other}'s together. */
        public Result and(Result other) {
            List<String> k = new ArrayList<>(known);
            k.addAll(other.known);
            List<String> g = new ArrayList<>(gone);
            g.addAll(other.gone);
            Map<String, String> u = new LinkedHashMap<>(unchecked);
            u.putAll(other.unchecked);
            return new Result(k, g, u);
        }
    }

    private Recheck() {
    }

    /**
     * Re-checks the rows of {@code kind} with {@code exists} (true: the driver knows the id; false: it does not;
     * a failure: it could not say), one after the other.
     *
     * @param exists null when the driver serves no read for {@code kind}: nothing is asked
     */
    public static CompletableFuture<Result> check(ConsoleBook book, RecordKind kind, Function<String, CompletableFuture<Boolean>> exists,
                                                  Clock clock) {
        List<RecordedItem> rows = book.items(kind);
        if (rows.isEmpty()) return CompletableFuture.completedFuture(new Result(List.of(), List.of(), Map.of()));
        if (exists == null) {
            return CompletableFuture.completedFuture(new Result(List.of(), List.of(),
                    Map.of(kind.word() + "s", "the driver serves no read of one " + kind.word() + " by id")));
        }
        List<String> known = new ArrayList<>();
        List<String> gone = new ArrayList<>();
        Map<String, String> unchecked = new LinkedHashMap<>();
        CompletableFuture<Void> chain = CompletableFuture.completedFuture(null);
        for (RecordedItem row : rows) {
            if (row.origin() == RecordOrigin.OUTCOME_UNKNOWN) {
                unchecked.put(row.id(), "the create of " + row.name() + " ended with its outcome unknown and the driver gave no id: run "
                        + "the same create again with this name (idempotent by name) to learn whether it was made");
                continue;
            }
            chain = chain.thenCompose(x -> exists.apply(row.id()).handle((found, e) -> {
                if (e != null) {
                    CallFailure f = CallFailure.unwrap(e);
                    unchecked.put(row.id(), f != null ? f.getMessage() : String.valueOf(e.getMessage()));
                } else {
                    book.checked(kind, row.id(), !found, clock.instant());
                    (found ? known : gone).add(row.id());
                }
                return null;
            }));
        }
        return chain.thenApply(x -> new Result(known, gone, unchecked));
    }

    /** A read as an answer about existence: true when it answered (or FAILED_PRECONDITION), false for NOT_FOUND; other failures pass on. */
    public static CompletableFuture<Boolean> known(CompletableFuture<?> read) {
        return read.handle((v, e) -> {
            if (e == null) return CompletableFuture.completedFuture(true);
            CallFailure f = CallFailure.unwrap(e);
            if (f != null && f.kind() == FailureKind.NOT_FOUND) return CompletableFuture.completedFuture(false);
            if (f != null && f.kind() == FailureKind.FAILED_PRECONDITION) return CompletableFuture.completedFuture(true);
            return CompletableFuture.<Boolean>failedFuture(e);
        }).thenCompose(f -> f);
    }
}
