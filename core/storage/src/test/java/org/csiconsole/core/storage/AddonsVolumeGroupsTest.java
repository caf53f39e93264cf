package org.csiconsole.core.storage;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.model.VolumeGroup;
import org.csiconsole.core.port.Feature;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.port.VolumeGroupDeletion;
import org.csiconsole.core.port.VolumeGroupRules;
import org.csiconsole.core.port.VolumeRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/**
 * csi-addons volume groups through {@link CsiStorage} and {@link CombinedStorage} against the
 * reference plugin (CSI and csi-addons in process, CSP over HTTP): the port's calls, the features
 * and rules from the advertised capabilities, the combined listing, and deleting a group with and
 * without its members.
 */
class AddonsVolumeGroupsTest {
    @TempDir
    Path dir;
    private TwoSites sites;
    private CsiStorage storage;

    @BeforeEach
    void start() {
        sites = new TwoSites(dir);
        storage = sites.csi();
    }

    @AfterEach
    void stop() {
        sites.close();
    }

    private static <T> T get(java.util.concurrent.CompletableFuture<T> f) throws Exception {
        return f.get(30, TimeUnit.SECONDS);
    }

    private Volume volume(String name) throws Exception {
        return get(storage.createVolume(new VolumeRequest(name, 1L << 30,
                List.of(VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4")), Map.of(), Map.of(), null)));
    }

    private List<String> volumeIds() throws Exception {
        List<String> ids = new java.util.concurrent.CopyOnWriteArrayList<>();
        get(storage.listVolumes(org.csiconsole.core.call.PageSink.unpaced(p -> p.forEach(v -> ids.add(v.volumeId())))));
        return ids;
    }

    @Test
    void createsGetsListsChangesMembersAndDeletesAGroupThroughCsiAddons() throws Exception {
        Volume a = volume("vg-a");
        Volume b = volume("vg-b");
        Volume c = volume("vg-c");

        VolumeGroup created = get(storage.createVolumeGroup("db", List.of(a.volumeId(), b.volumeId()), Map.of(), Secrets.NONE));
        assertThat(created.name()).isEqualTo("db");
        assertThat(created.origin()).isEqualTo(Origin.CSI);
        assertThat(created.volumes()).extracting(Volume::volumeId).containsExactlyInAnyOrder(a.volumeId(), b.volumeId());

        VolumeGroup changed = get(storage.modifyVolumeGroupMembership(created.id(), List.of(b.volumeId(), c.volumeId()), Secrets.NONE));
        assertThat(changed.volumes()).extracting(Volume::volumeId).containsExactlyInAnyOrder(b.volumeId(), c.volumeId());
        assertThat(get(storage.getVolumeGroup(created.id(), Secrets.NONE)).volumes()).extracting(Volume::volumeId)
                .containsExactlyInAnyOrder(b.volumeId(), c.volumeId());
        assertThat(get(storage.listVolumeGroups()).items()).extracting(VolumeGroup::name).containsExactly("db");

        get(storage.deleteVolumeGroup(created.id(), Secrets.NONE));
        assertThat(get(storage.listVolumeGroups()).items()).isEmpty();
        Throwable gone = catchThrowable(() -> get(storage.getVolumeGroup(created.id(), Secrets.NONE)));
        assertThat(CallFailure.unwrap(gone).kind()).isEqualTo(FailureKind.NOT_FOUND);
    }

    @Test
    void theAdvertisedVolumeGroupCapabilitiesGateTheActionsAndSetTheRules() throws Exception {
        Features f = get(storage.features());
        assertThat(f.available(Feature.VOLUME_GROUPS)).isTrue();
        assertThat(f.available(Feature.MANAGE_VOLUME_GROUPS)).isTrue();
        assertThat(f.available(Feature.MODIFY_VOLUME_GROUP)).isTrue();
        VolumeGroupRules rules = get(storage.volumeGroupRules());
        assertThat(rules.oneGroupPerVolume()).isTrue();
        assertThat(rules.deleteKeepsVolumes()).isTrue();

        CsiStorage noAddons = new CsiStorage(sites.csiClient(), true);
        Features without = get(noAddons.features());
        assertThat(without.available(Feature.MANAGE_VOLUME_GROUPS)).isFalse();
        assertThat(without.reason(Feature.MANAGE_VOLUME_GROUPS)).contains("csi-addons");
        assertThat(get(noAddons.volumeGroupRules())).isEqualTo(VolumeGroupRules.NONE);
        Throwable refused = catchThrowable(() -> get(noAddons.createVolumeGroup("x", List.of(), Map.of(), Secrets.NONE)));
        assertThat(CallFailure.unwrap(refused).kind()).isEqualTo(FailureKind.UNSUPPORTED);
    }

    @Test
    void aGroupSeenThroughTheCspAndCsiAddonsIsListedOnceWithBothOrigins() throws Exception {
        Volume a = volume("both-a");
        VolumeGroup g = get(storage.createVolumeGroup("shared", List.of(a.volumeId()), Map.of(), Secrets.NONE));
        CombinedStorage combined = new CombinedStorage(storage, List.of(sites.array(TwoSites.SITE_A_IP, "site-a"),
                sites.array(TwoSites.SITE_B_IP, "site-b")));

        var listing = get(combined.listVolumeGroups());

        assertThat(listing.missing()).isEmpty();
        assertThat(listing.items()).extracting(VolumeGroup::id).containsExactly(g.id());
        assertThat(listing.items().get(0).origin()).isEqualTo(Origin.BOTH);
        assertThat(listing.items().get(0).name()).isEqualTo("shared");
    }

    @Test
    void deletingAGroupKeepsItsVolumesUnlessDeletingThemIsChosen() throws Exception {
        Volume a = volume("keep-a");
        Volume b = volume("keep-b");
        VolumeGroup g = get(storage.createVolumeGroup("keep", List.of(a.volumeId(), b.volumeId()), Map.of(), Secrets.NONE));
        VolumeGroupRules rules = get(storage.volumeGroupRules());
        Features features = get(storage.features());

        VolumeGroupDeletion keep = VolumeGroupDeletion.plan(g, rules, features, false);
        String done = get(keep.run(storage, Secrets.NONE));

        assertThat(done).contains("stay");
        assertThat(volumeIds()).contains(a.volumeId(), b.volumeId());
        assertThat(get(storage.listVolumeGroups()).items()).isEmpty();
        assertThat(sites.trace.snapshot()).extracting(TraceEntry::method).noneMatch(m -> m.contains("DeleteVolume") && !m.contains("Group"));

        VolumeGroup again = get(storage.createVolumeGroup("drop", List.of(a.volumeId(), b.volumeId()), Map.of(), Secrets.NONE));
        VolumeGroupDeletion drop = VolumeGroupDeletion.plan(again, rules, features, true);
        assertThat(drop.whatHappens()).contains("their data is lost");
        get(drop.run(storage, Secrets.NONE));

        assertThat(volumeIds()).doesNotContain(a.volumeId(), b.volumeId());
    }

    @Test
    void aRefusedPlanSendsNothing() throws Exception {
        Volume a = volume("refused-a");
        VolumeGroup g = get(storage.createVolumeGroup("refused", List.of(a.volumeId()), Map.of(), Secrets.NONE));
        VolumeGroupRules deletesMembersAndCannotEmpty = new VolumeGroupRules(true, false, false, false, false, true);
        Features features = get(storage.features());
        long before = sites.trace.snapshot().size();

        VolumeGroupDeletion plan = VolumeGroupDeletion.plan(g, deletesMembersAndCannotEmpty, features, false);
        Throwable refused = catchThrowable(() -> get(plan.run(storage, Secrets.NONE)));

        assertThat(plan.allowed()).isFalse();
        assertThat(refused).isInstanceOf(ExecutionException.class);
        assertThat(CallFailure.unwrap(refused).why()).contains("MODIFY_VOLUME_GROUP");
        assertThat(sites.trace.snapshot()).hasSize((int) before);
        assertThat(get(storage.listVolumeGroups()).items()).extracting(VolumeGroup::id).containsExactly(g.id());
    }
}
