package org.csiconsole.views.groups;

import org.csiconsole.core.model.AddonsCapability;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeGroup;
import org.csiconsole.core.port.Feature;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.port.VolumeGroupFeatures;
import org.csiconsole.core.port.VolumeGroupRules;
import org.csiconsole.core.risk.Consent;
import org.csiconsole.core.risk.RiskModel;
import org.csiconsole.core.risk.RiskOperation;
import org.csiconsole.core.risk.RiskRequest;
import org.csiconsole.core.risk.TargetFacts;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.FakeStorage;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.form.Picks;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.task.TaskRunner;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The volume groups view model's csi-addons commands, without JavaFX running. */
class VolumeGroupsViewModelTest {
    private final FakeStorage storage = new FakeStorage().seeded().withAddonsGroup();
    private final FakeDialogService dialogs = new FakeDialogService();

    private VolumeGroupsViewModel model() {
        ActionRunner actions = new ActionRunner(new TaskRunner(Runnable::run), new Notifications(), dialogs);
        VolumeGroupsViewModel m = new VolumeGroupsViewModel(new ViewContext(storage, actions, Runnable::run, "Demo"));
        m.activate();
        return m;
    }

    private static void pick(Form f, String... volumeIds) {
        Picks<Volume> p = f.picks(VolumeGroupForms.MEMBERS);
        for (String id : volumeIds) p.pick(p.options().stream().filter(v -> v.volumeId().equals(id)).findFirst().orElseThrow(), true);
    }

    private void select(VolumeGroupsViewModel m, String id) {
        m.selectedProperty().set(m.table().all().stream().filter(g -> g.id().equals(id)).findFirst().orElseThrow());
    }

    @Test
    void createsAGroupOfThePickedVolumes() {
        VolumeGroupsViewModel m = model();
        dialogs.formAnswer = f -> {
            f.text(VolumeGroupForms.NAME).set("logs");
            pick(f, "vol-0003");
            return true;
        };
        m.createAction().run();

        assertThat(storage.calls).contains("createVolumeGroup");
        assertThat(m.table().all()).anySatisfy(g -> {
            assertThat(g.name()).isEqualTo("logs");
            assertThat(g.volumes()).extracting(Volume::volumeId).containsExactly("vol-0003");
        });
        assertThat(m.selected().name()).isEqualTo("logs");
    }

    @Test
    void aVolumeAlreadyInAnotherGroupIsNamedInTheFormAndNothingIsSent() {
        VolumeGroupsViewModel m = model();
        dialogs.formAnswer = f -> {
            f.text(VolumeGroupForms.NAME).set("again");
            pick(f, "vol-0002", "vol-0003");
            return true;
        };
        m.createAction().run();

        Form form = dialogs.forms.get(dialogs.forms.size() - 1);
        assertThat(form.valid().get()).isFalse();
        assertThat(form.firstError()).isEqualTo("vol-0002 is already in group db; this driver allows one group per volume.");
        assertThat(storage.calls).doesNotContain("createVolumeGroup");

        storage.volumeGroupRules = new VolumeGroupRules(true, false, true, true, true, true);
        m.refresh();
        m.createAction().run();
        assertThat(storage.calls).as("a driver without LIMIT_VOLUME_TO_ONE_VOLUME_GROUP takes it").contains("createVolumeGroup");
    }

    @Test
    void changesMembersStartingFromTheCurrentOnes() {
        VolumeGroupsViewModel m = model();
        select(m, "vg-db");
        dialogs.formAnswer = f -> {
            assertThat(f.<Volume>picks(VolumeGroupForms.MEMBERS).chosen()).extracting(Volume::volumeId).containsExactly("vol-0002");
            assertThat(f.message()).contains("Current members: vol-0002");
            pick(f, "vol-0003");
            return true;
        };
        m.modifyAction().run();

        VolumeGroup db = storage.volumeGroups.stream().filter(g -> g.id().equals("vg-db")).findFirst().orElseThrow();
        assertThat(db.volumes()).extracting(Volume::volumeId).containsExactly("vol-0002", "vol-0003");
    }

    @Test
    void deletingAGroupAsksTheRiskModelsConsentAndKeepsItsVolumesUnlessTheSecondChoiceIsMade() {
        VolumeGroupsViewModel m = model();
        select(m, "vg-db");
        VolumeGroup db = m.selected();
        dialogs.formAnswer = f -> {
            assertThat(f.message()).contains("1 member volume (vol-0002) stay");
            return true;
        };
        dialogs.typed = "vg";
        m.deleteAction().run();
        assertThat(dialogs.assessments).singleElement().satisfies(a -> {
            assertThat(a.request().operation()).isEqualTo(RiskOperation.DELETE_VOLUME_GROUP);
            assertThat(a.consent()).as("the consent the command line's volume-group delete asks")
                    .isEqualTo(new RiskModel().assess(RiskRequest.of(RiskOperation.DELETE_VOLUME_GROUP,
                            List.of(TargetFacts.ofGroup(db)), a.request().now())).consent());
            assertThat(a.consent().level()).isEqualTo(Consent.Kind.TYPED);
            assertThat(String.join("\n", a.lines())).as("the same words as the first dialog: the member stays, and how")
                    .contains("volume group db is deleted for good; its 1 member volume (pvc-db) stays, with its data",
                            "first, ModifyVolumeGroupMembership with no volume_ids removes the 1 member volume (pvc-db) from db",
                            "ModifyVolumeGroupMembership=(volume_group_id: vg-db, volume_ids: [])")
                    .doesNotContain("all data");
        });
        assertThat(storage.calls).as("nothing is sent before the name is typed").doesNotContain("modifyVolumeGroupMembership", "deleteVolumeGroup");

        dialogs.typed = null;
        m.deleteAction().run();
        assertThat(dialogs.confirmations).contains("Delete volume group db:db");
        assertThat(storage.calls).containsSubsequence("modifyVolumeGroupMembership", "deleteVolumeGroup").doesNotContain("deleteVolume");
        assertThat(storage.volumes).extracting(Volume::volumeId).contains("vol-0002");
        assertThat(m.table().all()).extracting(VolumeGroup::id).doesNotContain("vg-db");

        storage.withAddonsGroup();
        m.refresh();
        select(m, "vg-db");
        dialogs.assessments.clear();
        dialogs.formAnswer = f -> {
            f.toggle(VolumeGroupForms.DELETE_VOLUMES).set(true);
            return true;
        };
        m.deleteAction().run();
        assertThat(dialogs.assessments).extracting(a -> a.request().operation())
                .as("deleting the members is assessed and consented to on its own, first")
                .containsExactly(RiskOperation.DELETE_VOLUME, RiskOperation.DELETE_VOLUME_GROUP);
        assertThat(dialogs.assessments.get(0).request().targets()).extracting(TargetFacts::id).containsExactly("vol-0002");
        assertThat(dialogs.assessments.get(0).consent().phrase()).as("the phrase names the members").isEqualTo("pvc-db");
        assertThat(storage.volumes).extracting(Volume::volumeId).doesNotContain("vol-0002");
    }

    @Test
    void deletingTheMembersReadsEachFromTheDriverAndAPublishedOneRefusesTheWholeDeleteInTheFirstDialogNamingItsNode() {
        VolumeGroupsViewModel m = model();
        select(m, "vg-db");
        // the driver reports vol-0002 published to node-1; the group's own listing of it carries no publication
        storage.volumes.replaceAll(v -> !v.volumeId().equals("vol-0002") ? v : new Volume(v.volumeId(), v.name(), v.capacityBytes(),
                v.source(), v.capabilities(), v.parameters(), v.volumeContext(), v.accessibleTopology(), List.of("node-1"), v.condition(),
                v.groupId(), v.origin(), v.properties(), v.replication()));
        dialogs.formAnswer = f -> {
            f.toggle(VolumeGroupForms.DELETE_VOLUMES).set(true);
            return true;
        };
        dialogs.typed = null;

        m.deleteAction().run();

        assertThat(storage.calls).as("each member read before anything is asked or sent").contains("getVolume")
                .doesNotContain("modifyVolumeGroupMembership", "deleteVolumeGroup", "deleteVolume");
        assertThat(dialogs.assessments).as("the refusal is the first dialog, before any consent is given")
                .singleElement().satisfies(a -> {
            assertThat(a.blocked()).isTrue();
            assertThat(a.illegal().describe()).contains("still published to node-1");
        });
        assertThat(storage.volumes).extracting(Volume::volumeId).contains("vol-0002");
        assertThat(m.table().all()).extracting(VolumeGroup::id).contains("vg-db");
        assertThat(dialogs.forms).as("the first step names the connection too").singleElement()
                .extracting(Form::connection).isEqualTo("Demo");
    }

    @Test
    void aReplicatedGroupIsNotDeletedNorEmptiedItsRoleAndPartnerNamed() {
        storage.volumeGroups.add(new VolumeGroup("vg-erp", "erp", "", List.of(storage.volumes.get(1)), null,
                org.csiconsole.core.replication.ReplicationContextKeys.write(true, org.csiconsole.core.model.VolumeReplicationRole.PRIMARY,
                        org.csiconsole.core.model.ReplicationHealth.HEALTHY, "site-b", "vg-erp-b", null, "", ""),
                org.csiconsole.core.model.Origin.CSI));
        VolumeGroupsViewModel m = model();
        select(m, "vg-erp");
        dialogs.formAnswer = f -> true;
        dialogs.typed = null;

        m.deleteAction().run();

        assertThat(storage.calls).doesNotContain("modifyVolumeGroupMembership", "deleteVolumeGroup", "deleteVolume");
        assertThat(dialogs.forms).as("the refusal comes before any choice of what to delete").isEmpty();
        assertThat(dialogs.assessments).singleElement().satisfies(a -> {
            assertThat(a.blocked()).isTrue();
            assertThat(a.asksToType()).as("no name is typed for a refused call").isFalse();
            assertThat(a.illegal().overridable()).isFalse();
            assertThat(a.illegal().reason()).isEqualTo("volume group erp is replicated (primary, paired with vg-erp-b on site-b)");
            assertThat(a.illegal().nextStep()).startsWith("Disable replication of the group first");
            assertThat(String.join("\n", a.lines())).contains("its 1 member volume (pvc-db)", "partner vg-erp-b on site-b: its state not read")
                    .doesNotContain("To confirm");
        });
    }

    @Test
    void actionsAreGatedOnTheAdvertisedCapabilitiesAndOnCsiAddonsRows() {
        VolumeGroupsViewModel m = model();
        select(m, "vg-web");
        assertThat(m.deleteAction().enabled().get()).as("a CSP group").isFalse();
        assertThat(m.deleteAction().disabledReason().get()).contains("CSP volume groups are managed on the array");

        EnumSet<AddonsCapability> noModify = EnumSet.allOf(AddonsCapability.class);
        noModify.remove(AddonsCapability.MODIFY_VOLUME_GROUP);
        Features f = VolumeGroupFeatures.apply(Features.from(FakeStorage.allCapabilities(), true, true, true, true), noModify);
        m.featuresProperty().set(f);
        select(m, "vg-db");
        assertThat(m.modifyAction().enabled().get()).isFalse();
        assertThat(m.modifyAction().disabledReason().get()).contains("MODIFY_VOLUME_GROUP");
        assertThat(m.deleteAction().enabled().get()).isTrue();
        assertThat(f.available(Feature.MANAGE_VOLUME_GROUPS)).isTrue();
        assertThat(List.of(m.createAction().enabled().get())).containsExactly(true);
    }
}
