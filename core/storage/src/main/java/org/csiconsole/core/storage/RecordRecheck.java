package org.csiconsole.core.storage;

import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.record.ConsoleBook;
import org.csiconsole.core.record.Recheck;
import org.csiconsole.core.record.RecordKind;
import org.csiconsole.core.replication.ReplicationPort;
import org.csiconsole.core.replication.ReplicationRequest;
import org.csiconsole.core.replication.ReplicationSource;

import java.time.Clock;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * {@link Recheck} of every volume and snapshot of a {@link ConsoleBook} through a CSI client: volumes with
 * ControllerGetVolume when the driver advertises GET_VOLUME, else csi-addons GetVolumeReplicationInfo; snapshots
 * with ListSnapshots by {@code snapshot_id} (an empty answer means unknown) when LIST_SNAPSHOTS is advertised.
 */
public final class RecordRecheck {
    private RecordRecheck() {
    }

    /**
     * @param replication the connection's replication, asked for volumes when the driver has no GET_VOLUME; null when none
     * @param secrets what ListSnapshots carries, for drivers that need them to list
     */
    public static CompletableFuture<Recheck.Result> all(ConsoleBook book, CsiClient csi, ReplicationPort replication, Secrets secrets,
                                                        Clock clock) {
        return csi.capabilities().thenCompose(caps -> {
            Function<String, CompletableFuture<Boolean>> volumes = caps.has(ControllerCapability.GET_VOLUME)
                    ? id -> Recheck.known(csi.controller().getVolume(id))
                    : replication != null ? id -> Recheck.known(replication.info(ReplicationRequest.of(ReplicationSource.volume(id))))
                    : null;
            Function<String, CompletableFuture<Boolean>> snapshots = caps.has(ControllerCapability.LIST_SNAPSHOTS)
                    ? id -> csi.controller().snapshotById(id, secrets).thenApply(Optional::isPresent) : null;
            return Recheck.check(book, RecordKind.VOLUME, volumes, clock)
                    .thenCombine(Recheck.check(book, RecordKind.SNAPSHOT, snapshots, clock), Recheck.Result::and);
        });
    }
}
