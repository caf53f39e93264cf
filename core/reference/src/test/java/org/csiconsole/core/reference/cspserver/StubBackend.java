package org.csiconsole.core.reference.cspserver;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/** A backend with one volume per array and nothing else; counts calls that reach it. */
final class StubBackend implements CspBackend {
    final AtomicInteger calls = new AtomicInteger();

    private CspWire.Volume vol(String array) {
        calls.incrementAndGet();
        return new CspWire.Volume("id-" + array, "vol-" + array, 1L << 30, "", false, "", null, "", Map.of());
    }

    @Override public List<CspWire.Host> hosts(String array) { calls.incrementAndGet(); return List.of(); }
    @Override public CspWire.Host createHost(String array, CspWire.Host host) {
        calls.incrementAndGet();
        return new CspWire.Host(host.uuid(), host.name(), host.uuid(), host.iqns(), host.wwpns(), host.nqns(), host.networks(),
                host.chapUser(), host.chapPassword(), host.accessProtocol(), host.virtualDomain());
    }
    @Override public void deleteHost(String array, String idOrUuid) { throw CspProblem.notFound("Host " + idOrUuid + " not found."); }
    @Override public List<CspWire.Volume> volumes(String array) { return List.of(vol(array)); }
    @Override public Optional<CspWire.Volume> volume(String array, String id) { return Optional.of(vol(array)).filter(v -> v.id().equals(id)); }
    @Override public CspWire.Volume createVolume(String array, CspWire.Volume request) { return vol(array); }
    @Override public CspWire.Volume editVolume(String array, String id, CspWire.Volume request) { return vol(array); }
    @Override public CspWire.PublishInfo publish(String array, String volumeId, String hostUuid, String accessProtocol) {
        throw CspProblem.notFound("Host " + hostUuid + " not found.");
    }
    @Override public void unpublish(String array, String volumeId, String hostUuid) { calls.incrementAndGet(); }
    @Override public void deleteVolume(String array, String id, boolean force) {
        if (!force) throw CspProblem.badRequest("Cannot delete a published volume");
        calls.incrementAndGet();
    }
    @Override public List<CspWire.Snapshot> snapshots(String array, String volumeId) {
        calls.incrementAndGet();
        return List.of(new CspWire.Snapshot("s1", "snap-1", 1L, "", volumeId, "v", 1L, true, Map.of()),
                new CspWire.Snapshot("s2", "snap-2", 1L, "", volumeId, "v", 1L, true, Map.of()));
    }
    @Override public Optional<CspWire.Snapshot> snapshot(String array, String id) { return Optional.empty(); }
    @Override public CspWire.Snapshot createSnapshot(String array, CspWire.Snapshot request) { throw CspProblem.notFound("no"); }
    @Override public void deleteSnapshot(String array, String id) {
        throw CspProblem.conflict("Snapshot my-first-snapshot for volume volume1 has a clone.");
    }
    @Override public List<CspWire.VolumeGroup> volumeGroups(String array) { calls.incrementAndGet(); return List.of(); }
    @Override public Optional<CspWire.VolumeGroup> volumeGroup(String array, String id) { return Optional.empty(); }
    @Override public CspWire.VolumeGroup createVolumeGroup(String array, CspWire.VolumeGroup request) { throw CspProblem.notFound("no"); }
    @Override public void deleteVolumeGroup(String array, String id) { throw CspProblem.notFound("no"); }
    @Override public List<CspWire.SnapshotGroup> snapshotGroups(String array, String volumeGroupId) { return List.of(); }
    @Override public Optional<CspWire.SnapshotGroup> snapshotGroup(String array, String id) { return Optional.empty(); }
    @Override public CspWire.SnapshotGroup createSnapshotGroup(String array, CspWire.SnapshotGroup request) { throw CspProblem.notFound("no"); }
    @Override public void deleteSnapshotGroup(String array, String id) { throw CspProblem.notFound("no"); }
    @Override public List<CspWire.ReplicationPartner> partners(String array) {
        return List.of(CspWire.ReplicationPartner.of("p1", "site-b", true, "downstream"));
    }
}
