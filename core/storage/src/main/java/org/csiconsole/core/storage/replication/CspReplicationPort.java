package org.csiconsole.core.storage.replication;

import org.csiconsole.core.csp.CspClient;
import org.csiconsole.core.model.SnapshotGroup;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeGroup;
import org.csiconsole.core.model.VolumeReplication;
import org.csiconsole.core.port.GroupPort;
import org.csiconsole.core.port.Listing;
import org.csiconsole.core.port.SourceFailure;
import org.csiconsole.core.replication.ArrayPartner;
import org.csiconsole.core.replication.ReplicatedItem;
import org.csiconsole.core.replication.ReplicationContextKeys;
import org.csiconsole.core.replication.ReplicationFeatures;
import org.csiconsole.core.replication.ReplicationPort;
import org.csiconsole.core.replication.ReplicationSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;

/**
 * The replication a CSP array reports (hpe-csp-rest-spec.md, OpenAPI 1.1.0): its replication
 * partners ({@code GET /replication_partners}: {@code repl_role}, {@code is_alive}), the replicated
 * volumes and volume groups (their {@code config}, see {@link ReplicationContextKeys}) and the
 * volume groups' snapshot groups ({@code repl_status}, start and completion times). The CSP has no
 * promote, demote or resync: those calls fail UNSUPPORTED (csi-addons makes them).
 */
public final class CspReplicationPort implements ReplicationPort {
    private final String array;
    private final CspClient csp;
    private final GroupPort groups;

    /**
     * @param array the array's name (the site), e.g. {@code site-a}
     * @param csp the array's client
     * @param groups the same array's snapshot groups ({@link GroupPort#listSnapshotGroups()})
     */
    public CspReplicationPort(String array, CspClient csp, GroupPort groups) {
        this.array = Objects.requireNonNull(array, "array");
        this.csp = Objects.requireNonNull(csp, "csp");
        this.groups = Objects.requireNonNull(groups, "groups");
    }

    @Override
    public String site() {
        return array;
    }

    @Override
    public CompletableFuture<ReplicationFeatures> features() {
        return CompletableFuture.completedFuture(new ReplicationFeatures(false, false, true,
                "The CSP reports replication but has no promote, demote or resync; use the csi-addons endpoint."));
    }

    /** Volumes and volume groups whose {@code config} names a replication role; the array is one source. */
    @Override
    public CompletableFuture<Listing<ReplicatedItem>> inventory() {
        return csp.volumes().list().thenCombine(csp.volumeGroups().list(), (vols, gs) -> {
            List<ReplicatedItem> out = new ArrayList<>();
            for (Volume v : vols) {
                VolumeReplication r = v.replication();
                if (!r.replicated() || !ReplicationContextKeys.group(v.parameters()).isEmpty()) continue;
                out.add(new ReplicatedItem(ReplicationSource.volume(v.volumeId()), v.name(), r.role(), r.health(), r.partner(),
                        ReplicationContextKeys.peerId(v.parameters()), ReplicationContextKeys.interval(v.parameters()), List.of(), array));
            }
            for (VolumeGroup g : gs) {
                VolumeReplication r = ReplicationContextKeys.read(g.config());
                if (!r.replicated()) continue;
                out.add(new ReplicatedItem(ReplicationSource.volumeGroup(g.id()), g.name(), r.role(), r.health(), r.partner(),
                        ReplicationContextKeys.peerId(g.config()), ReplicationContextKeys.interval(g.config()),
                        g.volumes().stream().map(Volume::volumeId).toList(), array));
            }
            return Listing.complete(out);
        });
    }

    @Override
    public CompletableFuture<Listing<ArrayPartner>> partners() {
        return csp.partners().list().thenApply(ps -> Listing.complete(ps.stream().map(p -> new ArrayPartner(array, p)).toList()))
                .exceptionally(e -> new Listing<>(List.of(), List.of(SourceFailure.of(array, e))));
    }

    @Override
    public CompletableFuture<Listing<SnapshotGroup>> snapshotGroups() {
        return groups.listSnapshotGroups().exceptionally(e -> new Listing<>(List.of(), List.of(SourceFailure.of(array, e))));
    }
}
