package org.csiconsole.app.cli;

import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeGroup;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.replication.ReplicatedItem;
import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.replication.SampleOrigin;
import org.csiconsole.core.risk.Assessment;
import org.csiconsole.core.risk.Placement;
import org.csiconsole.core.risk.RiskModel;
import org.csiconsole.core.risk.RiskOperation;
import org.csiconsole.core.risk.RiskRequest;
import org.csiconsole.core.risk.SideFacts;
import org.csiconsole.core.risk.TargetFacts;
import org.csiconsole.views.dialog.RiskPrompt;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The GUI never asks for less than the CLI: for every operation, in states that need no consent, a
 * confirmation, typed names, or an override, the workbench's confirmation ({@link RiskPrompt}) asks for
 * exactly the texts the command line's {@code --yes} must give ({@link RiskConsent#requiredYes}), because
 * both read them from the one assessment; and the CLI's answer satisfies the GUI's prompt.
 */
class ConsentParityTest {
    private static final Instant NOW = Instant.parse("2026-12-06T08:00:00Z");

    private static TargetFacts volume(String name, Placement... at) {
        return new TargetFacts("volume", "id-" + name, name, 1L << 30, List.of(at), false, null, null, List.of());
    }

    private static SideFacts side(String site, VolumeReplicationRole role, boolean reachable) {
        return new SideFacts(site, "vol-" + site, "erp-db", role, ReplicationHealth.HEALTHY, reachable, NOW.minusSeconds(300), null);
    }

    /** Each operation with one target and with three, with and without force, and in a state this console's record blocks. */
    private static List<RiskRequest> requests() {
        List<RiskRequest> out = new ArrayList<>();
        TargetFacts pair = volume("erp-db").withReplication(side("site-b", VolumeReplicationRole.SECONDARY, true),
                side("site-a", VolumeReplicationRole.PRIMARY, true));
        TargetFacts split = volume("erp-db").withReplication(side("site-a", VolumeReplicationRole.PRIMARY, true),
                side("site-b", VolumeReplicationRole.PRIMARY, true));
        TargetFacts primary = volume("erp-db").withReplication(side("site-a", VolumeReplicationRole.PRIMARY, true),
                side("site-b", VolumeReplicationRole.SECONDARY, true));
        // calls of this console older than RiskModel.FRESH: another orchestrator may have undone them, so an override exists
        Placement staged = new Placement("node-1", Placement.Kind.STAGED, "/staging", Placement.Knowledge.CONSOLE, NOW.minusSeconds(600));
        Placement mounted = new Placement("node-1", Placement.Kind.NODE_PUBLISHED, "/target", Placement.Knowledge.CONSOLE, NOW.minusSeconds(600));
        for (RiskOperation op : RiskOperation.values()) {
            TargetFacts one = op.replication() ? (op == RiskOperation.SPLIT_BRAIN_RECOVERY ? split : pair)
                    : op == RiskOperation.FENCE || op == RiskOperation.UNFENCE ? new TargetFacts("network", "10.1.0.0/24", "", 0, List.of(), false,
                    null, null, List.of("worker-01 (10.1.0.11)")) : volume("erp-db");
            List<TargetFacts> states = op.replication() ? List.of(one, primary, split) : List.of(one);
            for (TargetFacts t : states) {
                List<TargetFacts> three = List.of(t, rename(t, "b"), rename(t, "c"));
                for (boolean force : List.of(false, true)) {
                    if (force && !op.forceable()) continue;
                    out.add(new RiskRequest(op, force, List.of(t), "node-1", "site-a", NOW));
                    out.add(new RiskRequest(op, force, three, "node-1", "site-a", NOW));
                }
            }
        }
        VolumeGroup group = new VolumeGroup("vg-1", "erp", "", List.of(Volume.csi("vol-1", 1L << 30), Volume.csi("vol-2", 1L << 30)),
                null, null, Origin.CSI);
        VolumeGroup other = new VolumeGroup("vg-2", "", "", List.of(), null, null, Origin.CSI);
        out.add(RiskRequest.of(RiskOperation.DELETE_VOLUME_GROUP, List.of(TargetFacts.ofGroup(group)), NOW));
        out.add(RiskRequest.of(RiskOperation.DELETE_VOLUME_GROUP, List.of(TargetFacts.ofGroup(group), TargetFacts.ofGroup(other)), NOW));
        out.add(new RiskRequest(RiskOperation.DELETE_VOLUME, false, List.of(volume("erp-db", staged)), "", "", NOW));
        out.add(new RiskRequest(RiskOperation.DELETE_VOLUME, false, List.of(volume("a", staged), volume("b", mounted)), "", "", NOW));
        out.add(new RiskRequest(RiskOperation.CONTROLLER_UNPUBLISH, false, List.of(volume("erp-db", staged)), "node-1", "", NOW));
        // the driver (storage records) reports it staged on the node: refused on both front ends, no send-anyway
        out.add(new RiskRequest(RiskOperation.CONTROLLER_UNPUBLISH, false, List.of(TargetFacts.ofVolume(Volume.csi("vol-9", 1L << 30), true, List.of(),
                List.of(new org.csiconsole.core.model.VolumeOnNode("node-1", true, List.of("/staging"), List.of())))), "node-1", "", NOW));
        // a group emptied first, a group deleted with its members, a replicated group (refused)
        org.csiconsole.core.port.VolumeGroupDeletion emptied = new org.csiconsole.core.port.VolumeGroupDeletion(group, false,
                List.of(org.csiconsole.core.port.VolumeGroupDeletion.Step.EMPTY_GROUP, org.csiconsole.core.port.VolumeGroupDeletion.Step.DELETE_GROUP), "");
        out.add(RiskRequest.of(RiskOperation.DELETE_VOLUME_GROUP, List.of(TargetFacts.ofGroup(emptied)), NOW).sending(emptied.sends()));
        out.add(RiskRequest.of(RiskOperation.DELETE_VOLUME_GROUP, List.of(TargetFacts.ofGroup(new org.csiconsole.core.port.VolumeGroupDeletion(group, true,
                List.of(org.csiconsole.core.port.VolumeGroupDeletion.Step.DELETE_GROUP), ""))), NOW));
        VolumeGroup replicated = new VolumeGroup("vg-3", "erp-r", "", group.volumes(), null, org.csiconsole.core.replication.ReplicationContextKeys.write(
                true, VolumeReplicationRole.SECONDARY, ReplicationHealth.HEALTHY, "site-a", "vg-a-3", null, "", ""), Origin.CSI);
        out.add(RiskRequest.of(RiskOperation.DELETE_VOLUME_GROUP, List.of(TargetFacts.ofGroup(replicated)), NOW));
        out.add(new RiskRequest(RiskOperation.NODE_UNSTAGE, false, List.of(volume("erp-db", staged, mounted)), "node-1", "", NOW));
        // node-unpublish and modify-volume as the command line and the workbench send them: at the known path, at another one
        out.add(nodeUnpublish(mounted, "/target"));
        out.add(nodeUnpublish(mounted, "/elsewhere"));
        out.add(RiskRequest.of(RiskOperation.MODIFY, List.of(volume("erp-db", mounted)), NOW)
                .sending(RiskModel.modifySends("id-erp-db", java.util.Map.of("iops", "5000"))));
        // the CSP side as csp publish / unpublish and the Volumes view send them: to a host, a volume the array reports published
        Placement onArray = new Placement("a host the array does not name", Placement.Kind.PUBLISHED, "", Placement.Knowledge.DRIVER, null);
        out.add(new RiskRequest(RiskOperation.CSP_PUBLISH, false, List.of(volume("erp-db", onArray)), "worker-01", "", NOW)
                .sending(RiskModel.cspPublishSends("id-erp-db", "u-1", org.csiconsole.core.model.AccessProtocol.ISCSI)));
        out.add(new RiskRequest(RiskOperation.CSP_UNPUBLISH, false, List.of(volume("erp-db", onArray)), "worker-01", "", NOW)
                .sending(RiskModel.cspPublishSends("id-erp-db", "u-1", null)));
        return out;
    }

    private static RiskRequest nodeUnpublish(Placement mounted, String targetPath) {
        return new RiskRequest(RiskOperation.NODE_UNPUBLISH, false, List.of(volume("erp-db", mounted)), "node-1", "", NOW)
                .sending(java.util.Map.of("volume_id", "id-erp-db", RiskModel.TARGET_PATH, targetPath));
    }

    @Test
    void aNodeUnpublishAtAPathNotKnownIsRefusedOnBothFrontEndsAndSentAnywayOnlyWithTheOverrideAndTheName() {
        Placement mounted = new Placement("node-1", Placement.Kind.NODE_PUBLISHED, "/target", Placement.Knowledge.CONSOLE, NOW.minusSeconds(600));
        Assessment a = new RiskModel().assess(nodeUnpublish(mounted, "/elsewhere"));

        assertThat(a.blocked()).isTrue();
        assertThat(a.illegal().nextStep()).contains("Unpublish it at /target");
        RiskPrompt gui = new RiskPrompt(a);
        gui.fields().get(0).set("erp-db");
        assertThat(gui.canSendProperty().get()).as("the workbench: not without the override").isFalse();
        RiskConsent cli = RiskConsent.on(java.util.Optional::empty);
        java.io.PrintWriter quiet = new java.io.PrintWriter(new java.io.StringWriter());
        assertThatThrownBy(() -> cli.confirm(a, List.of("erp-db"), false, quiet)).as("the command line: not without --override")
                .isInstanceOfSatisfying(org.csiconsole.core.call.CallFailure.class, f -> assertThat(f.whatToDo())
                        .contains("Unpublish it at /target").contains("--override").contains("--yes=erp-db"));
        gui.overrideProperty().set(true);
        assertThat(gui.canSendProperty().get()).isTrue();
        assertThat(cli.confirm(a, List.of("erp-db"), true, quiet).override()).isTrue();
    }

    @Test
    void theCspActionsAskTheSameOnBothFrontEnds() {
        RiskModel model = new RiskModel();
        Placement onArray = new Placement("a host the array does not name", Placement.Kind.PUBLISHED, "", Placement.Knowledge.DRIVER, null);
        Assessment create = model.assess(RiskRequest.of(RiskOperation.CREATE_HOST, List.of(TargetFacts.of("host", "u-9", "worker-09")), NOW));
        Assessment publish = model.assess(new RiskRequest(RiskOperation.CSP_PUBLISH, false, List.of(volume("erp-db", onArray)), "worker-01", "", NOW));
        Assessment unpublish = model.assess(new RiskRequest(RiskOperation.CSP_UNPUBLISH, false, List.of(volume("erp-db")), "worker-01", "", NOW));

        assertThat(List.of(create, publish, unpublish)).extracting(a -> a.consent().level()).containsExactly(
                org.csiconsole.core.risk.Consent.Kind.NONE, org.csiconsole.core.risk.Consent.Kind.CONFIRM, org.csiconsole.core.risk.Consent.Kind.TYPED);
        assertThat(RiskConsent.requiredYes(unpublish, false)).containsExactly("erp-db");
        assertThat(new RiskPrompt(unpublish).fields()).hasSize(1);
        assertThat(new RiskPrompt(publish).fields()).as("a click, as running the command").isEmpty();
    }

    @Test
    void aModifyIsAConfirmationOnBothFrontEndsThatShowsTheRequestFieldByField() {
        Assessment a = new RiskModel().assess(RiskRequest.of(RiskOperation.MODIFY, List.of(volume("erp-db")), NOW)
                .sending(RiskModel.modifySends("id-erp-db", java.util.Map.of("iops", "5000"))));

        assertThat(a.consent().level()).isEqualTo(org.csiconsole.core.risk.Consent.Kind.CONFIRM);
        assertThat(RiskConsent.requiredYes(a, false)).as("the command line: running it is the confirmation").isEmpty();
        assertThat(new RiskPrompt(a).fields()).as("the workbench: a click, no typed name").isEmpty();
        assertThat(String.join("\n", a.lines())).contains("volume_id=id-erp-db").contains("mutable_parameters[iops]=5000");
    }

    private static TargetFacts rename(TargetFacts t, String suffix) {
        return new TargetFacts(t.kind(), t.id() + suffix, t.name().isEmpty() ? "" : t.name() + "-" + suffix, t.capacityBytes(),
                t.placements(), t.driverReportsPlacements(), t.side(), t.partner(), t.dependents());
    }

    @Test
    void theWorkbenchAsksExactlyWhatTheCommandLineAsksForEveryOperation() {
        RiskModel model = new RiskModel();
        List<RiskRequest> requests = requests();
        assertThat(requests).hasSizeGreaterThan(RiskOperation.values().length * 2);
        int blockedOverridable = 0;
        for (RiskRequest r : requests) {
            Assessment a = model.assess(r);
            RiskPrompt gui = new RiskPrompt(a);
            String what = String.join("\n", a.lines());
            if (a.blocked() && !a.illegal().overridable()) {
                assertThat(gui.canSendProperty().get()).as("nothing is sent: " + what).isFalse();
                gui.overrideProperty().set(true);
                assertThat(gui.canSendProperty().get()).as("no override: " + what).isFalse();
                continue;
            }
            boolean override = a.blocked();
            if (override) blockedOverridable++;
            List<String> cli = RiskConsent.requiredYes(a, override);
            List<String> asked = IntStream.range(0, gui.fields().size()).mapToObj(gui::expected).toList();
            assertThat(asked).as(what).isEqualTo(cli);

            gui.overrideProperty().set(override);
            if (!cli.isEmpty()) assertThat(gui.canSendProperty().get()).as("nothing typed yet: " + what).isFalse();
            for (int i = 0; i < cli.size(); i++) gui.fields().get(i).set(cli.get(i));
            assertThat(gui.canSendProperty().get()).as("the CLI's answer satisfies the GUI: " + what).isTrue();
            assertThat(gui.answer().override()).isEqualTo(override);
        }
        assertThat(blockedOverridable).as("overrides were compared too").isGreaterThanOrEqualTo(3);
        assertThat(requests.stream().map(RiskRequest::operation).distinct()).as("every operation is compared")
                .containsExactlyInAnyOrder(RiskOperation.values());
    }

    /**
     * The gap of an unstage sent by the command line with no consent while the workbench asked one: wherever a call on a
     * volume, host or network (not a replication workflow, whose consent follows the pair's state) cuts a node or client
     * off or deletes data, both front ends ask typed names, and the command line without a terminal and without
     * {@code --yes} sends nothing.
     */
    @Test
    void whateverCutsANodeOffOrDeletesDataAsksTypedNamesOnBothFrontEnds() {
        RiskModel model = new RiskModel();
        List<RiskOperation> checked = new ArrayList<>();
        for (RiskRequest r : requests()) {
            Assessment a = model.assess(r);
            if (a.blocked() || r.operation().replication() || !(a.has(org.csiconsole.core.risk.Hazard.Kind.ACCESS_LOST) || a.has(org.csiconsole.core.risk.Hazard.Kind.DATA_DELETED))) continue;
            checked.add(r.operation());
            assertThat(a.consent().untyped()).as("typed consent: " + a.title()).isFalse();
            assertThat(new RiskPrompt(a).fields()).as("the workbench asks the names: " + a.title()).isNotEmpty();
            assertThatThrownBy(() -> RiskConsent.on(java.util.Optional::empty).confirm(a, List.of(), false,
                    new java.io.PrintWriter(new java.io.StringWriter())))
                    .as("the command line sends nothing unasked: " + a.title()).isInstanceOf(org.csiconsole.core.call.CallFailure.class)
                    .hasMessageContaining("nothing was sent");
        }
        assertThat(checked).contains(RiskOperation.NODE_UNSTAGE, RiskOperation.NODE_UNPUBLISH, RiskOperation.CONTROLLER_UNPUBLISH,
                RiskOperation.DELETE_VOLUME, RiskOperation.FENCE, RiskOperation.CSP_UNPUBLISH);
    }

    @Test
    void anUnpublishOfAVolumeTheDriverReportsStagedAndADeleteOfAReplicatedGroupAreRefusedOnBothFrontEnds() {
        List<RiskRequest> refused = requests().stream().filter(r -> r.operation() == RiskOperation.CONTROLLER_UNPUBLISH
                && r.targets().get(0).id().equals("vol-9") || r.targets().get(0).id().equals("vg-3")).toList();
        assertThat(refused).hasSize(2);
        for (RiskRequest r : refused) {
            Assessment a = new RiskModel().assess(r);
            assertThat(a.blocked()).as(a.title()).isTrue();
            assertThat(a.illegal().overridable()).as("the driver's own report: no send-anyway").isFalse();
            RiskPrompt gui = new RiskPrompt(a);
            gui.overrideProperty().set(true);
            for (int i = 0; i < gui.fields().size(); i++) gui.fields().get(i).set(gui.expected(i));
            assertThat(gui.canSendProperty().get()).as("the workbench sends nothing: " + a.title()).isFalse();
            RiskConsent cli = RiskConsent.on(java.util.Optional::empty);
            assertThatThrownBy(() -> cli.confirm(a, List.of(a.consent().names().get(0)), true, new java.io.PrintWriter(new java.io.StringWriter())))
                    .as("the command line sends nothing: " + a.title()).isInstanceOf(org.csiconsole.core.call.CallFailure.class)
                    .hasMessageContaining(a.illegal().reason());
        }
    }

    @Test
    void demotingTheOnlyPrimaryAsksItsNameOnBothFrontEnds() {
        TargetFacts primary = volume("erp-db").withReplication(side("site-a", VolumeReplicationRole.PRIMARY, true),
                side("site-b", VolumeReplicationRole.SECONDARY, true));
        Assessment a = new RiskModel().assess(RiskRequest.of(RiskOperation.DEMOTE, List.of(primary), NOW));

        assertThat(RiskConsent.requiredYes(a, false)).as("the command line's --yes").containsExactly("erp-db");
        RiskPrompt gui = new RiskPrompt(a);
        assertThat(gui.fields()).as("the workbench's typed name").hasSize(1);
        assertThat(gui.canSendProperty().get()).isFalse();
        gui.fields().get(0).set("erp-db");
        assertThat(gui.canSendProperty().get()).isTrue();
    }

    @Test
    void demotingOneSideOfASplitBrainRendersTheSplitBrainAndAsksItsNameOnBothFrontEnds() {
        TargetFacts split = volume("erp-db").withReplication(side("site-a", VolumeReplicationRole.PRIMARY, true),
                side("site-b", VolumeReplicationRole.PRIMARY, true));
        Assessment a = new RiskModel().assess(RiskRequest.of(RiskOperation.DEMOTE, List.of(split), NOW));

        assertThat(a.lines()).anySatisfy(l -> assertThat(l).contains("the pair is in split brain"))
                .anySatisfy(l -> assertThat(l).contains("DANGER: demoting vol-site-a on site-a chooses vol-site-b on site-b as the survivor"));
        assertThat(RiskConsent.requiredYes(a, false)).as("the command line's --yes").containsExactly("erp-db");
        RiskPrompt gui = new RiskPrompt(a);
        assertThat(gui.fields()).as("the workbench's typed name, not a click").hasSize(1);
        assertThat(gui.canSendProperty().get()).isFalse();
        gui.fields().get(0).set("erp-db");
        assertThat(gui.canSendProperty().get()).isTrue();
    }

    @Test
    void disablingReplicationIsADangerWhoseNameBothFrontEndsAskWithCancelTheDefault() {
        TargetFacts primary = volume("erp-db").withReplication(side("site-a", VolumeReplicationRole.PRIMARY, true),
                side("site-b", VolumeReplicationRole.SECONDARY, true));
        Assessment a = new RiskModel().assess(RiskRequest.of(RiskOperation.DISABLE_REPLICATION, List.of(primary), NOW));

        assertThat(a.dangerous()).as("the workbench's default button is Cancel (RiskDialog)").isTrue();
        assertThat(a.lines()).anySatisfy(l -> assertThat(l).contains("DANGER: replication of erp-db stops: erp-db (vol-site-b) on site-b "
                + "is no longer updated from now on and keeps the data of the last sync at "));
        assertThat(RiskConsent.requiredYes(a, false)).as("the command line's --yes").containsExactly("erp-db");
        RiskPrompt gui = new RiskPrompt(a);
        assertThat(gui.fields()).as("the workbench's typed name, not Enter").hasSize(1);
        assertThat(gui.canSendProperty().get()).isFalse();
        gui.fields().get(0).set("erp-db");
        assertThat(gui.canSendProperty().get()).isTrue();
    }

    @Test
    void promotingASideOfASplitBrainAsksItsNameOnBothFrontEnds() {
        TargetFacts split = volume("erp-db").withReplication(side("site-a", VolumeReplicationRole.PRIMARY, true),
                side("site-b", VolumeReplicationRole.PRIMARY, true));
        Assessment a = new RiskModel().assess(RiskRequest.of(RiskOperation.PROMOTE, List.of(split), NOW));

        assertThat(a.dangerous()).isTrue();
        assertThat(RiskConsent.requiredYes(a, false)).containsExactly("erp-db");
        assertThat(new RiskPrompt(a).fields()).hasSize(1);
        assertThatThrownBy(() -> RiskConsent.on(java.util.Optional::empty).confirm(a, List.of(), false, new java.io.PrintWriter(new java.io.StringWriter())))
                .as("no terminal, no --yes: refused").isInstanceOf(org.csiconsole.core.call.CallFailure.class).hasMessageContaining("nothing was sent");
    }

    @Test
    void anUnplannedFailoversFenceAsksTheBlocksOnBothFrontEndsFromTheSameAssessment() {
        List<TargetFacts> blocks = org.csiconsole.core.risk.FenceFacts.of(org.csiconsole.core.model.Cidr.parseAll(List.of("0.0.0.0/0")),
                List.of(new org.csiconsole.core.model.FenceClient("worker-01", List.of("10.1.0.11"))), List.of(), List.of());
        Assessment fence = new RiskModel().assess(RiskRequest.of(RiskOperation.FENCE, blocks, NOW));

        assertThat(fence.has(org.csiconsole.core.risk.Hazard.Kind.WIDE_BLOCK)).isTrue();
        RiskPrompt wizard = new RiskPrompt(fence);
        assertThat(RiskConsent.requiredYes(fence, false)).containsExactly("0.0.0.0/0").containsExactly(wizard.expected(0));
        // the command line takes the fence's consent among the failover's --yes values, and only the blocks
        assertThat(RiskConsent.split(fence, List.of("vol-00000199", "0.0.0.0/0")))
                .containsExactly(List.of("0.0.0.0/0"), List.of("vol-00000199"));
        assertThat(RiskConsent.split(fence, List.of("vol-00000199")).get(0)).as("the volume's name is no fence consent").isEmpty();
    }

    private static ReplicationSample sample(String site, String id, VolumeReplicationRole role, String partnerId) {
        ReplicatedItem item = new ReplicatedItem(ReplicationSource.volume(id), "", role, ReplicationHealth.HEALTHY, "", partnerId, null,
                List.of(), site, "");
        return new ReplicationSample(item, role, null, null, SampleOrigin.LISTING, NOW.minusSeconds(60), null, NOW.minusSeconds(60));
    }

    @Test
    void anUnplannedFailoverAsksBothFrontEndsForTheNameOfTheVolumeForcePromotedOnSiteB() {
        ReplicationSample a = sample("site-a", "vol-00000113", VolumeReplicationRole.PRIMARY, "vol-00000198");
        ReplicationSample b = sample("site-b", "vol-00000198", VolumeReplicationRole.SECONDARY, "vol-00000113");
        RiskModel model = new RiskModel();
        // the wizard's facts (WorkflowWizardModel: site A's item with its partner) and the command line's (the forced partner)
        Assessment wizard = model.assess(new RiskRequest(RiskOperation.UNPLANNED_FAILOVER, true,
                List.of(TargetFacts.replicated("site-a", a, "site-b", b, org.csiconsole.core.replication.PairMismatch.NONE)), "", "", NOW));
        Assessment cli = model.assess(new RiskRequest(RiskOperation.UNPLANNED_FAILOVER, true,
                List.of(ReplicationRisk.target(a.source(), a, b)), "", "", NOW));

        assertThat(RiskConsent.requiredYes(wizard, false)).containsExactly("vol-00000198").isEqualTo(RiskConsent.requiredYes(cli, false));
        for (Assessment x : List.of(wizard, cli)) {
            assertThat(x.consent().acceptsFor(0, "vol-00000198")).isTrue();
            assertThat(x.consent().acceptsFor(0, "vol-00000113")).as("site A's volume is not the one forced").isFalse();
        }
        RiskPrompt gui = new RiskPrompt(wizard);
        gui.fields().get(0).set("vol-00000113");
        assertThat(gui.canSendProperty().get()).isFalse();
        gui.fields().get(0).set("vol-00000198");
        assertThat(gui.canSendProperty().get()).isTrue();
        // the force the command line then sends names the source promoted
        RiskConsent.Given given = new RiskConsent.Given(false, List.of("vol-00000198"));
        assertThat(ReplicationRisk.force(cli, List.of(b.source()), given)).containsOnlyKeys(b.source());
    }
}
