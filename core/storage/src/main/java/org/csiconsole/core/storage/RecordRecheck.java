package org.csiconsole.core.storage;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.record.ConsoleBook;
import org.csiconsole.core.record.RecordKind;
import org.csiconsole.core.record.RecordedItem;
import org.csiconsole.core.replication.ReplicationPort;
import org.csiconsole.core.replication.ReplicationRequest;
import org.csiconsole.core.replication.ReplicationSource;

import java.time.Clock;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * Asks the driver about each row of a {@link ConsoleBook} with a read it serves, and marks the rows it
 * no longer knows ({@link ConsoleBook#checked}): never drops them. Volumes: ControllerGetVolume when the
 * driver advertises GET_VOLUME, else csi-addons GetVolumeReplicationInfo (NOT_FOUND means unknown; any
 * other answer, FAILED_PRECONDITION included, means the driver knows the volume). Snapshots:
 * ListSnapshots by {@code snapshot_id} (an empty answer means unknown) when LIST_SNAPSHOTS is advertised.
 * A row whose read fails otherwise is left as it was and named in the result.
 */
public final class RecordRecheck {
    /**
     * What a re-check found.
     *
     * @param known rows the driver knows
     * @param gone rows the driver does not know (now marked)
     * @param unchecked rows whose read failed for another reason, id to the failure in words; or the
     *     kind's name to why nothing could be asked
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
    }

    private RecordRecheck() {
    }

    /**
     * Re-checks every volume and snapshot of {@code book} through {@code csi} (and {@code replication} for
     * volumes when the driver has no GET_VOLUME; null when there is none).
     */
    public static CompletableFuture<Result> all(ConsoleBook book, CsiClient csi, ReplicationPort replication, Secrets secrets, Clock clock) {
        return csi.capabilities().thenCompose(caps -> {
            Function<String, CompletableFuture<Boolean>> volumes = caps.has(ControllerCapability.GET_VOLUME)
                    ? id -> known(csi.controller().getVolume(id))
                    : replication != null ? id -> known(replication.info(ReplicationRequest.of(ReplicationSource.volume(id))))
                    : null;
            Function<String, CompletableFuture<Boolean>> snapshots = caps.has(ControllerCapability.LIST_SNAPSHOTS)
                    ? id -> csi.controller().snapshotById(id, secrets).thenApply(java.util.Optional::isPresent) : null;
            return check(book, RecordKind.VOLUME, volumes, clock).thenCombine(check(book, RecordKind.SNAPSHOT, snapshots, clock), RecordRecheck::join);
        });
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

    /** True when the read answered, false when it answered NOT_FOUND; other failures pass on. */
    static CompletableFuture<Boolean> known(CompletableFuture<?> read) {
        return read.handle((v, e) -> {
            if (e == null) return CompletableFuture.completedFuture(true);
            CallFailure f = CallFailure.unwrap(e);
            if (f != null && f.kind() == FailureKind.NOT_FOUND) return CompletableFuture.completedFuture(false);
            if (f != null && f.kind() == FailureKind.FAILED_PRECONDITION) return CompletableFuture.completedFuture(true);
            return CompletableFuture.<Boolean>failedFuture(e);
        }).thenCompose(f -> f);
    }

    private static Result join(Result a, Result b) {
        List<String> known = new ArrayList<>(a.known());
        known.addAll(b.known());
        List<String> gone = new ArrayList<>(a.gone());
        gone.addAll(b.gone());
        Map<String, String> unchecked = new LinkedHashMap<>(a.unchecked());
        unchecked.putAll(b.unchecked());
        return new Result(known, gone, unchecked);
    }
}
