package org.csiconsole.core.port;

import org.csiconsole.core.model.AddonsCapability;
import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeGroup;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** Volume group rules, features and deletion plans from the csi-addons VolumeGroup capabilities. */
class VolumeGroupRulesTest {
    private static final Set<AddonsCapability> ALL = EnumSet.of(AddonsCapability.VOLUME_GROUP,
            AddonsCapability.LIMIT_VOLUME_TO_ONE_VOLUME_GROUP, AddonsCapability.DO_NOT_ALLOW_VG_TO_DELETE_VOLUMES,
            AddonsCapability.MODIFY_VOLUME_GROUP, AddonsCapability.GET_VOLUME_GROUP, AddonsCapability.LIST_VOLUME_GROUPS);

    private static Volume vol(String id) {
        return new Volume(id, "", 1L << 30, null, List.of(), Map.of(), Map.of(), List.of(), List.of(), null, "", Origin.CSI, Map.of());
    }

    private static VolumeGroup group(String id, String name, String... members) {
        return new VolumeGroup(id, name, "", java.util.Arrays.stream(members).map(VolumeGroupRulesTest::vol).toList(), null, Map.of(), Origin.CSI);
    }

    @Test
    void aVolumeInAnotherGroupIsNamedWhenTheDriverAllowsOneGroupPerVolume() {
        List<VolumeGroup> known = List.of(group("vg-1", "db", "vol-7"), group("vg-2", "", "vol-8"));
        VolumeGroupRules limited = VolumeGroupRules.from(ALL);

        assertThat(limited.conflicts(known, "", List.of("vol-7", "vol-8", "vol-9"))).containsExactly(
                "vol-7 is already in group db; this driver allows one group per volume.",
                "vol-8 is already in group vg-2; this driver allows one group per volume.");
        assertThat(limited.conflicts(known, "vg-1", List.of("vol-7"))).as("its own group is no conflict").isEmpty();
        EnumSet<AddonsCapability> unlimited = EnumSet.copyOf(ALL);
        unlimited.remove(AddonsCapability.LIMIT_VOLUME_TO_ONE_VOLUME_GROUP);
        assertThat(VolumeGroupRules.from(unlimited).conflicts(known, "", List.of("vol-7"))).isEmpty();
    }

    @Test
    void eachMissingCapabilityDisablesItsActionWithTheReason() {
        Features base = Features.from(CapabilitySet.NONE, true, false, false, true);
        Features all = VolumeGroupFeatures.apply(base, ALL);
        assertThat(all.available(Feature.MANAGE_VOLUME_GROUPS)).isTrue();
        assertThat(all.available(Feature.MODIFY_VOLUME_GROUP)).isTrue();
        assertThat(all.available(Feature.VOLUME_GROUPS)).isTrue();

        Features noModify = VolumeGroupFeatures.apply(base, EnumSet.of(AddonsCapability.VOLUME_GROUP));
        assertThat(noModify.available(Feature.MODIFY_VOLUME_GROUP)).isFalse();
        assertThat(noModify.reason(Feature.MODIFY_VOLUME_GROUP)).contains("MODIFY_VOLUME_GROUP");
        assertThat(noModify.reason(Feature.VOLUME_GROUPS)).contains("LIST_VOLUME_GROUPS");

        Features none = VolumeGroupFeatures.apply(base, EnumSet.noneOf(AddonsCapability.class));
        assertThat(none.reason(Feature.MANAGE_VOLUME_GROUPS)).contains("VOLUME_GROUP");
        Features cspOnly = VolumeGroupFeatures.apply(Features.from(CapabilitySet.NONE, false, true, false, false), Set.of());
        assertThat(cspOnly.available(Feature.VOLUME_GROUPS)).isTrue();
        assertThat(cspOnly.reason(Feature.MANAGE_VOLUME_GROUPS)).contains("no csi-addons endpoint");
    }

    @Test
    void deletionPlansFollowWhatDeleteVolumeGroupDoesToMembers() {
        Features features = VolumeGroupFeatures.apply(Features.from(CapabilitySet.NONE, true, true, false, true), ALL);
        VolumeGroup g = group("vg-1", "db", "vol-1", "vol-2");

        VolumeGroupDeletion keeps = VolumeGroupDeletion.plan(g, VolumeGroupRules.from(ALL), features, false);
        assertThat(keeps.steps()).containsExactly(VolumeGroupDeletion.Step.EMPTY_GROUP, VolumeGroupDeletion.Step.DELETE_GROUP);
        assertThat(keeps.whatHappens()).contains("2 member volumes (vol-1, vol-2) stay");

        VolumeGroupDeletion drops = VolumeGroupDeletion.plan(g, VolumeGroupRules.from(ALL), features, true);
        assertThat(drops.steps()).containsExactly(VolumeGroupDeletion.Step.EMPTY_GROUP, VolumeGroupDeletion.Step.DELETE_GROUP,
                VolumeGroupDeletion.Step.DELETE_VOLUMES);

        VolumeGroupRules deletesMembers = new VolumeGroupRules(true, false, false, true, true, true);
        assertThat(VolumeGroupDeletion.plan(g, deletesMembers, features, false).steps())
                .as("a driver that deletes members is emptied first").startsWith(VolumeGroupDeletion.Step.EMPTY_GROUP);
        VolumeGroupDeletion byDriver = VolumeGroupDeletion.plan(g, deletesMembers, features, true);
        assertThat(byDriver.steps()).containsExactly(VolumeGroupDeletion.Step.DELETE_GROUP);
        assertThat(byDriver.whatHappens()).contains("The driver deletes the 2 member volumes");

        VolumeGroupRules cannotEmpty = new VolumeGroupRules(true, false, false, false, true, true);
        assertThat(VolumeGroupDeletion.plan(g, cannotEmpty, features, false).allowed()).isFalse();
    }
}
