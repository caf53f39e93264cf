package org.csiconsole.core.reference.cspserver;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.csp.CspClient;
import org.csiconsole.core.csp.CspConfig;
import org.csiconsole.core.csp.CspPassword;
import org.csiconsole.core.port.HostRequest;
import org.csiconsole.core.csp.NewVolume;
import org.csiconsole.core.model.AccessProtocol;
import org.csiconsole.core.model.Host;
import org.csiconsole.core.model.PublishInfo;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.SnapshotGroup;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeGroup;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The existing CSP client ({@link CspClient}) against the reference plugin's CSP server for the
 * whole object life cycle (issue 4, item 7): host, volume in a volume group, publish, snapshot,
 * clone, snapshot group, and deletion of everything again; the array model ends as it started.
 */
class CspClientLifecycleTest {
    private static final long GIB = 1L << 30;
    private static final String PASSWORD = "canary-pw-7731";

    @TempDir
    Path dir;

    private ReferencePlugin plugin;
    private CspClient csp;
    private final CallTrace trace = new CallTrace();

    @BeforeEach
    void start() {
        plugin = ReferencePlugin.builder(dir).seed(Seed.EMPTY).start();
        String url = plugin.startCsp(0, CspServerConfig.builder().user("ops", PASSWORD.toCharArray()));
        CspConfig config = CspConfig.builder(url, "ops").arrayIp("10.10.1.5").build();
        csp = CspClient.open(config, CspPassword.of(PASSWORD.toCharArray()), trace, Runnable::run);
    }

    @AfterEach
    void stop() {
        if (csp != null) csp.close();
        plugin.close();
    }

    private static <T> T join(CompletableFuture<T> f) {
        return f.join();
    }

    private static CallFailure failure(CompletableFuture<?> f) {
        Throwable t = assertThatThrownBy(f::join).isInstanceOf(CompletionException.class).actual();
        assertThat(t.getCause()).isInstanceOf(CallFailure.class);
        return (CallFailure) t.getCause();
    }

    @Test
    void fullObjectLifecycle() {
        int volumesBefore = plugin.model().volumes().count();
        int hostsBefore = plugin.model().hosts().all().size();
        assertThat(join(csp.login()).username()).isEqualTo("ops");

        String uuid = "41302701-0196-420f-b319-834a79891db0";
        Host host = join(csp.hosts().create(HostRequest.iscsi("host-01.lab.example.com", uuid,
                List.of("iqn.2019-07.com.example:host-01"), List.of("172.28.12.161/20"))));
        assertThat(host.uuid()).isEqualTo(uuid);
        assertThat(join(csp.hosts().list())).extracting(Host::uuid).contains(uuid);

        VolumeGroup group = join(csp.volumeGroups().create("vg-apps", "application volumes", Map.of("protection_template", "daily")));
        assertThat(group.volumes()).isEmpty();

        Volume volume = join(csp.volumes().create(new NewVolume("vol-data", "1GiB", "my first volume", null, group.id(),
                Map.of("performancePolicy", "default"))));
        assertThat(volume.capacityBytes()).isEqualTo(GIB);
        assertThat(volume.groupId()).isEqualTo(group.id());
        assertThat(volume.published()).isFalse();
        assertThat(join(csp.volumes().findByName("vol-data"))).extracting(Volume::volumeId).containsExactly(volume.volumeId());
        assertThat(join(csp.volumeGroups().get(group.id())).volumes()).extracting(Volume::volumeId).containsExactly(volume.volumeId());

        PublishInfo publish = join(csp.volumes().publish(volume.volumeId(), uuid, AccessProtocol.ISCSI));
        assertThat(publish.accessProtocol()).isEqualTo(AccessProtocol.ISCSI);
        assertThat(publish.lunId()).isPositive();
        assertThat(publish.targetNames()).isNotEmpty().allMatch(t -> t.startsWith("iqn."));
        assertThat(publish.discoveryIps()).contains("10.10.1.21");
        assertThat(publish.serialNumber()).matches("[0-9a-f]{32}");
        assertThat(join(csp.volumes().get(volume.volumeId())).published()).isTrue();
        assertThat(plugin.model().publications().nodeIds(volume.volumeId())).containsExactly(uuid);

        Snapshot snapshot = join(csp.snapshots().create("snap-1", volume.volumeId(), "before upgrade", null));
        assertThat(snapshot.readyToUse()).isTrue();
        assertThat(snapshot.sizeBytes()).isEqualTo(GIB);
        assertThat(join(csp.snapshots().list(volume.volumeId()))).extracting(Snapshot::snapshotId).containsExactly(snapshot.snapshotId());
        assertThat(join(csp.snapshots().exist(volume.volumeId()))).isTrue();
        assertThat(join(csp.snapshots().findByName(volume.volumeId(), "snap-1"))).hasSize(1);

        Volume clone = join(csp.volumes().create(NewVolume.cloneOf("vol-data-clone", snapshot.snapshotId())));
        assertThat(clone.capacityBytes()).isEqualTo(GIB);
        assertThat(clone.source().toString()).contains(snapshot.snapshotId());
        assertThat(failure(csp.snapshots().delete(snapshot.snapshotId())).kind())
                .as("a snapshot with a clone cannot be deleted (409)").isEqualTo(FailureKind.FAILED_PRECONDITION);

        SnapshotGroup snapGroup = join(csp.snapshotGroups().create("sg-nightly", group.id(), null));
        assertThat(snapGroup.volumeGroupId()).isEqualTo(group.id());
        assertThat(snapGroup.snapshots()).extracting(Snapshot::sourceVolumeId).containsExactly(volume.volumeId());
        assertThat(join(csp.snapshotGroups().list(group.id()))).extracting(SnapshotGroup::id).containsExactly(snapGroup.id());
        assertThat(join(csp.snapshotGroups().get(snapGroup.id())).name()).isEqualTo("sg-nightly");

        Volume grown = join(csp.volumes().expand(volume.volumeId(), "2GiB"));
        assertThat(grown.capacityBytes()).isEqualTo(2 * GIB);
        assertThat(join(csp.volumes().edit(volume.volumeId(), "my cool new description", null)).properties())
                .containsEntry("description", "my cool new description");
        assertThat(failure(csp.volumes().delete(volume.volumeId(), false)).kind())
                .as("a published volume cannot be deleted (400)").isEqualTo(FailureKind.INVALID_ARGUMENT);
        assertThat(failure(csp.hosts().delete(host.id())).kind()).as("a host with published volumes stays")
                .isEqualTo(FailureKind.INVALID_ARGUMENT);

        // delete everything again
        join(csp.snapshotGroups().delete(snapGroup.id()));
        join(csp.volumes().unpublish(volume.volumeId(), uuid));
        assertThat(join(csp.volumes().get(volume.volumeId())).published()).isFalse();
        join(csp.hosts().delete(host.id()));
        join(csp.volumes().delete(clone.volumeId(), false));
        join(csp.snapshots().delete(snapshot.snapshotId()));
        join(csp.volumes().delete(volume.volumeId(), false));
        join(csp.volumeGroups().delete(group.id()));

        assertThat(failure(csp.volumes().get(volume.volumeId())).kind()).isEqualTo(FailureKind.NOT_FOUND);
        assertThat(join(csp.volumes().findByName("vol-data"))).isEmpty();
        assertThat(join(csp.volumeGroups().findByName("vg-apps"))).isEmpty();
        assertThat(plugin.model().volumes().count()).isEqualTo(volumesBefore);
        assertThat(plugin.model().hosts().all()).hasSize(hostsBefore);
        assertThat(plugin.model().snapshots().all()).isEmpty();
        assertThat(plugin.model().groupSnapshots().all()).isEmpty();
        assertThat(plugin.model().groups().all()).isEmpty();

        join(csp.logout());
        assertThat(trace.snapshot()).isNotEmpty();
        assertThat(trace.snapshot().toString()).doesNotContain(PASSWORD);
    }

    @Test
    void clientLogsInAgainAfterAnInjectedTokenExpiry() {
        join(csp.login());
        plugin.faults().cspUnauthorized(1);
        assertThat(join(csp.volumes().list())).isEmpty();
        plugin.faults().cspExpireTokens();
        assertThat(join(csp.partners().list())).extracting(p -> p.name()).containsExactly("site-b");
    }

    @Test
    void unavailableCspIsAFailureAPersonCanActOn() {
        join(csp.login());
        plugin.faults().cspUnavailable(10);
        CallFailure f = failure(csp.volumes().list());
        assertThat(f.getMessage()).contains("503");
    }
}
