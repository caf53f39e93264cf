package org.csiconsole.core.reference.cspserver;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;

/** A backend with one volume per array and nothing else; counts calls that reach it. */
final class StubBackend implements CspBackend {
    final AtomicInteger calls = new AtomicInteger();

    private CspWire.VolumeJson vol(String array) {
        calls.incrementAndGet();
        return new CspWire.VolumeJson("id-" + array, "vol-" + array, 1L << 30, "", false, "", null, "", Map.of());
    }

    @Override public List<CspWire.HostJson> hosts(String array) { calls.incrementAndGet(); return List.of(); }
    @Override public CspWire.HostJson createHost(String array, CspWire.HostJson host) {
        calls.incrementAndGet();
        return new CspWire.HostJson(host.uuid(), host.name(), host.uuid(), host.iqns(), host.wwpns(), host.nqns(), host.networks(),
                host.chapUser(), host.chapPassword(), host.accessProtocol(), host.virtualDomain());
    }
    @Override public void deleteHost(String array, String idOrUuid) { throw CspProblem.notFound("Host " + idOrUuid + " not found."); }
    @Override public List<CspWire.VolumeJson> volumes(String array) { return List.of(vol(array)); }
    @Override public Optional<CspWire.VolumeJson> volume(String array, String id) { return Optional.of(vol(array)).filter(v -> v.id().equals(id)); }
    @Override public CspWire.VolumeJson createVolume(String array, CspWire.VolumeJson request) { return vol(array); }
    @Override public CspWire.VolumeJson editVolume(String array, String id, CspWire.VolumeJson request) { return vol(array); }
    @Override public CspWire.PublishInfoJson publish(String array, String volumeId, String hostUuid, String accessProtocol) {
        throw CspProblem.notFound("Host " + hostUuid + " not found.");
    }
    @Override public void unpublish(String array, String volumeId, String hostUuid) { calls.incrementAndGet(); }
    @Override public void deleteVolume(String array, String id, boolean force) {
        if (!force) throw CspProblem.badRequest("Cannot delete a published volume");
        calls.incrementAndGet();
    }
    @Override public List<CspWire.SnapshotJson> snapshots(String array, String volumeId) {
        calls.incrementAndGet();
        return List.of(new CspWire.SnapshotJson("s1", "snap-1", 1L, "", volumeId, "v", 1L, true, Map.of()),
                new CspWire.SnapshotJson("s2", "snap-2", 1L, "", volumeId, "v", 1L, true, Map.of()));
    }
    @Override public Optional<CspWire.SnapshotJson> snapshot(String array, String id) { return Optional.empty(); }
    @Override public CspWire.SnapshotJson createSnapshot(String array, CspWire.SnapshotJson request) { throw CspProblem.notFound("no"); }
    @Override public void deleteSnapshot(String array, String id) {
        throw CspProblem.conflict("Snapshot my-first-snapshot for volume volume1 has a clone.");
    }
    @Override public List<CspWire.VolumeGroupJson> volumeGroups(String array) { calls.incrementAndGet(); return List.of(); }
    @Override public Optional<CspWire.VolumeGroupJson> volumeGroup(String array, String id) { return Optional.empty(); }
    @Override public CspWire.VolumeGroupJson createVolumeGroup(String array, CspWire.VolumeGroupJson request) { throw CspProblem.notFound("no"); }
    @Override public void deleteVolumeGroup(String array, String id) { throw CspProblem.notFound("no"); }
    @Override public List<CspWire.SnapshotGroupJson> snapshotGroups(String array, String volumeGroupId) { return List.of(); }
    @Override public Optional<CspWire.SnapshotGroupJson> snapshotGroup(String array, String id) { return Optional.empty(); }
    @Override public CspWire.SnapshotGroupJson createSnapshotGroup(String array, CspWire.SnapshotGroupJson request) { throw CspProblem.notFound("no"); }
    @Override public void deleteSnapshotGroup(String array, String id) { throw CspProblem.notFound("no"); }
    @Override public List<CspWire.ReplicationPartnerJson> partners(String array) {
        return List.of(CspWire.ReplicationPartnerJson.of("p1", "site-b", true, "downstream"));
    }
}
