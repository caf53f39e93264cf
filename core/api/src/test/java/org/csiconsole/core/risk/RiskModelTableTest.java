package org.csiconsole.core.risk;

import org.csiconsole.core.model.Cidr;
import org.csiconsole.core.model.FenceClient;

import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeGroup;
import org.csiconsole.core.port.VolumeGroupDeletion;
import java.util.Map;

import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.risk.Consent;
import org.csiconsole.core.risk.Hazard.Kind;
import org.csiconsole.core.risk.Placement.Knowledge;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.csiconsole.core.risk.RiskOperation.*;

/**
 * The risk model, operation by state: each row asserts the hazards found (and those that must not be),
 * the known-illegal verdict and the consent. The rows include every unsafe case an admin met: a force
 * promote beside a reachable primary, an unplanned failover while site A answers, a controller unpublish
 * of a volume this console staged, a delete of a volume only this console knows published, a host with
 * published volumes, a fence over known hosts, a split-brain recovery without a survivor.
 */
class RiskModelTableTest {
    static final Instant NOW = Instant.parse("2026-12-06T07:50:00Z");
    static final Instant SYNC = Instant.parse("2026-12-06T07:45:44Z");
    static final long GIB = 1L << 30;

    enum Verdict { SENT, BLOCKED, OVERRIDABLE }

    record Row(String name, RiskRequest request, Set<Kind> hazards, Set<Kind> absent, Verdict verdict, Consent.Kind consent,
               String phrase, List<String> mentions) {
        @Override
        public String toString() {
            return name;
        }
    }

    // --- facts ----------------------------------------------------------------------------------

    static TargetFacts vol(String name, String id, Placement... placements) {
        return new TargetFacts("volume", id, name, 10 * GIB, List.of(placements), true, null, null, List.of());
    }

    static TargetFacts quietDriverVol(Placement... placements) {
        return new TargetFacts("volume", "3f1c-uuid", "walk-vol-1", GIB, List.of(placements), false, null, null, List.of());
    }

    static Placement driverPublished(String node) {
        return new Placement(node, Placement.Kind.PUBLISHED, "", Knowledge.DRIVER, null);
    }

    static Placement consolePublished(String node) {
        return new Placement(node, Placement.Kind.PUBLISHED, "", Knowledge.CONSOLE, NOW.minusSeconds(1200));
    }

    static Placement consoleStaged(String node) {
        return new Placement(node, Placement.Kind.STAGED, "/var/lib/kubelet/plugins/staging/vol-1", Knowledge.CONSOLE, NOW.minusSeconds(1100));
    }

    static Placement consoleNodePublished(String node) {
        return new Placement(node, Placement.Kind.NODE_PUBLISHED, "/var/lib/kubelet/pods/p1/mount", Knowledge.CONSOLE, NOW.minusSeconds(1000));
    }

    static SideFacts side(String site, String id, VolumeReplicationRole role, ReplicationHealth health, boolean reachable) {
        return new SideFacts(site, id, "erp-db", role, health, reachable, SYNC, null);
    }

    static final VolumeReplicationRole P = VolumeReplicationRole.PRIMARY;
    static final VolumeReplicationRole S = VolumeReplicationRole.SECONDARY;
    static final ReplicationHealth OK = ReplicationHealth.HEALTHY;

    /** A pair seen from {@code self}'s side. */
    static TargetFacts pair(SideFacts self, SideFacts partner) {
        return vol("erp-db", self.id()).withReplication(self, partner);
    }

    static final SideFacts A_PRIMARY = side("site-a", "vol-00000111", P, OK, true);
    static final SideFacts A_PRIMARY_SILENT = side("site-a", "vol-00000111", P, ReplicationHealth.UNKNOWN, false);
    static final SideFacts A_SECONDARY = side("site-a", "vol-00000111", S, OK, true);
    static final SideFacts B_SECONDARY = side("site-b", "vol-00000211", S, OK, true);
    static final SideFacts B_PRIMARY = side("site-b", "vol-00000211", P, ReplicationHealth.ERROR, true);
    static final SideFacts B_SILENT = side("site-b", "vol-00000211", VolumeReplicationRole.UNKNOWN, ReplicationHealth.UNKNOWN, false);

    /** worker-01 in 10.1.0.0/24, worker-03 and worker-04 in 10.10.3.0/24, as GetFenceClients reports them. */
    static final List<FenceClient> CLIENTS = List.of(new FenceClient("worker-01", List.of("10.1.0.11")),
            new FenceClient("worker-03", List.of("10.10.3.13")), new FenceClient("worker-04", List.of("10.10.3.14")));

    /** The block {@code cidr} unfenced, with {@link #CLIENTS} inside it, while ListClusterFence lists {@code fenced}. */
    static TargetFacts listedFence(String cidr, String... fenced) {
        return FenceFacts.of(List.of(Cidr.parse(cidr)), CLIENTS, List.of(), List.of(), List.of(fenced)).get(0);
    }

    /** When the unplanned failover of vol-00000113 to vol-00000198 fenced 10.10.3.0/24 (step 1). */
    static final Instant FENCED = Instant.parse("2026-12-06T07:40:00Z");

    /**
     * 10.10.3.0/24, listed fenced, that this console fenced as step 1 of the unplanned failover of vol-00000113 (site-a)
     * to vol-00000198 (site-b), the pair read now as {@code a} and {@code b}.
     */
    static TargetFacts failoverFence(VolumeReplicationRole a, VolumeReplicationRole b) {
        FailoverFence f = new FailoverFence("10.10.3.0/24", FENCED,
                FailoverFence.words("site-a", "vol-00000113", true, "site-b", "vol-00000198"),
                new SideFacts("site-a", "vol-00000113", "", a, ReplicationHealth.ERROR, true, null, null),
                new SideFacts("site-b", "vol-00000198", "", b, ReplicationHealth.ERROR, true, null, null), "");
        TargetFacts t = listedFence("10.10.3.0/24", "10.10.3.0/24");
        return t.withFence(t.fence().fencedBy(f));
    }

    /** As {@link #failoverFence}, the pair's state unread: {@code why}. */
    static TargetFacts failoverFenceUnread(String why) {
        TargetFacts t = listedFence("10.10.3.0/24", "10.10.3.0/24");
        FailoverFence f = FailoverFence.recorded("10.10.3.0/24", List.of(new org.csiconsole.core.audit.AuditRecord(FENCED,
                org.csiconsole.core.audit.AuditOrigin.local("Demo"), "inproc:demo", "grpc", FailoverFence.FENCE_CALL,
                Map.of("cidr", List.of("10.10.3.0/24")), "", org.csiconsole.core.audit.AuditOutcome.OK, "", "", 3, "c-1", 1, false, false,
                FailoverFence.words("site-a", "vol-00000113", true, "site-b", "vol-00000198")))).orElseThrow().unreadBecause(why);
        return t.withFence(t.fence().fencedBy(f));
    }

    static TargetFacts network(String cidr, String... clients) {
        return new TargetFacts("network", cidr, "", 0, List.of(), false, null, null, List.of(clients));
    }

    static TargetFacts host(String name, String... volumes) {
        return new TargetFacts("host", "host-0002", name, 0, List.of(), true, null, null, List.of(volumes));
    }

    // --- rows -----------------------------------------------------------------------------------

    static final List<Row> ROWS = new ArrayList<>();

    /** The deletion of vg-erp (members erp-db and erp-log, volume_group_context {@code context}) in {@code steps}. */
    static VolumeGroupDeletion groupPlan(Map<String, String> context, boolean deleteVolumes, VolumeGroupDeletion.Step... steps) {
        VolumeGroup g = new VolumeGroup("vg-1", "vg-erp", "", List.of(member("v-1", "erp-db"), member("v-2", "erp-log")),
                null, context, org.csiconsole.core.model.Origin.CSI);
        return new VolumeGroupDeletion(g, deleteVolumes, List.of(steps), "");
    }

    static Volume member(String id, String name) {
        return new Volume(id, name, GIB, null, null, null, null, null, null, null, null, org.csiconsole.core.model.Origin.CSI, null);
    }

    static Builder row(String name, RiskOperation op, TargetFacts... targets) {
        return new Builder(name, RiskRequest.of(op, List.of(targets), NOW));
    }

    static final class Builder {
        final String name;
        RiskRequest request;
        Set<Kind> hazards = EnumSet.noneOf(Kind.class);
        Set<Kind> absent = EnumSet.noneOf(Kind.class);
        List<String> mentions = new ArrayList<>();

        Builder(String name, RiskRequest request) {
            this.name = name;
            this.request = request;
        }

        Builder force() {
            request = request.withForce(true);
            return this;
        }

        Builder node(String node) {
            request = request.onNode(node);
            return this;
        }

        Builder keep(String site) {
            request = request.keeping(site);
            return this;
        }

        Builder sending(String key, String value) {
            request = request.sending(java.util.Map.of(key, value));
            return this;
        }

        Builder sending(Map<String, String> sends) {
            request = request.sending(sends);
            return this;
        }

        Builder has(Kind... kinds) {
            hazards.addAll(List.of(kinds));
            return this;
        }

        Builder lacks(Kind... kinds) {
            absent.addAll(List.of(kinds));
            return this;
        }

        Builder says(String... words) {
            mentions.addAll(List.of(words));
            return this;
        }

        void expect(Verdict verdict, Consent.Kind consent) {
            expect(verdict, consent, null);
        }

        void expect(Verdict verdict, Consent.Kind consent, String phrase) {
            ROWS.add(new Row(name, request, hazards, absent, verdict, consent, phrase, mentions));
        }
    }

    static {
        // deletes
        row("delete an unpublished volume", DELETE_VOLUME, vol("erp-db", "vol-1")).has(Kind.DATA_DELETED).lacks(Kind.STILL_IN_USE)
                .says("erp-db", "10 GiB").expect(Verdict.SENT, Consent.Kind.TYPED, "erp-db");
        row("delete a volume the driver reports published", DELETE_VOLUME, vol("erp-db", "vol-1", driverPublished("node-1")))
                .has(Kind.DATA_DELETED, Kind.STILL_IN_USE).says("node-1", "reported by the driver").expect(Verdict.BLOCKED, Consent.Kind.TYPED, "erp-db");
        row("delete a volume only this console published, on a driver that reports no publications", DELETE_VOLUME,
                quietDriverVol(consolePublished("node-1"))).has(Kind.STILL_IN_USE).says("ControllerPublishVolume by this console", "node-1")
                .expect(Verdict.OVERRIDABLE, Consent.Kind.TYPED, "walk-vol-1");
        row("delete a volume this console published 2 min ago, on a driver that reports no publications: no override", DELETE_VOLUME,
                quietDriverVol(new Placement("node-1", Placement.Kind.PUBLISHED, "", Knowledge.CONSOLE, NOW.minusSeconds(120))))
                .has(Kind.STILL_IN_USE).expect(Verdict.BLOCKED, Consent.Kind.TYPED, "walk-vol-1");
        row("delete a volume this console published 2 min ago that the driver no longer reports: the override stays", DELETE_VOLUME,
                vol("erp-db", "vol-1", new Placement("node-1", Placement.Kind.PUBLISHED, "", Knowledge.CONSOLE, NOW.minusSeconds(120))))
                .has(Kind.KNOWLEDGE_DISAGREES).expect(Verdict.OVERRIDABLE, Consent.Kind.TYPED);
        row("unstage while this console node-published it 90 s ago: no override", NODE_UNSTAGE, vol("erp-db", "vol-1",
                consoleStaged("node-1"), new Placement("node-1", Placement.Kind.NODE_PUBLISHED, "/t", Knowledge.CONSOLE, NOW.minusSeconds(90))))
                .node("node-1").says("Node > Unpublish").expect(Verdict.BLOCKED, Consent.Kind.TYPED);
        row("delete a volume this console published that the driver no longer reports", DELETE_VOLUME,
                vol("erp-db", "vol-1", consolePublished("node-1"))).has(Kind.STILL_IN_USE, Kind.KNOWLEDGE_DISAGREES)
                .expect(Verdict.OVERRIDABLE, Consent.Kind.TYPED);
        row("delete a staged volume", DELETE_VOLUME, vol("erp-db", "vol-1", driverPublished("node-1"), consoleStaged("node-1")))
                .has(Kind.STILL_IN_USE).says("Unstage it on node-1", "then unpublish it from node-1").expect(Verdict.BLOCKED, Consent.Kind.TYPED);
        row("delete three volumes: the phrase names each", DELETE_VOLUME, vol("a", "v-a"), vol("b", "v-b"), vol("c", "v-c"))
                .has(Kind.DATA_DELETED).says("30 GiB in all").expect(Verdict.SENT, Consent.Kind.TYPED, "delete a, b, c");
        row("delete seven volumes: the phrase gives count, first and last", DELETE_VOLUME, vol("a", "1"), vol("b", "2"), vol("c", "3"),
                vol("d", "4"), vol("e", "5"), vol("f", "6"), vol("g", "7")).expect(Verdict.SENT, Consent.Kind.TYPED, "delete 7 volumes a to g");
        row("delete a replicated primary is refused: disable replication first", DELETE_VOLUME, pair(A_PRIMARY, B_SECONDARY))
                .has(Kind.DATA_DELETED, Kind.REPLICATION_CHANGES)
                .says("vol-00000211 on site-b", "Disable replication of it first", "csi-console replication disable --volume-id vol-00000111")
                .expect(Verdict.BLOCKED, Consent.Kind.TYPED);
        row("delete a replicated primary whose partner is unknown is refused: disable replication first", DELETE_VOLUME,
                vol("erp-db", "vol-00000113").withReplication(side("", "vol-00000113", P, OK, true), null))
                .has(Kind.REPLICATION_CHANGES).says("partner unknown", "has replication enabled (primary, paired with a partner this console has not read)",
                        "Disable replication of it first").lacks(Kind.STILL_IN_USE)
                .expect(Verdict.BLOCKED, Consent.Kind.TYPED);
        row("delete a snapshot", DELETE_SNAPSHOT, new TargetFacts("snapshot", "snap-1", "erp-snap", 5 * GIB, List.of(), false, null, null, List.of()))
                .has(Kind.DATA_DELETED).says("DeleteSnapshot", "erp-snap").expect(Verdict.SENT, Consent.Kind.TYPED, "erp-snap");
        row("delete a volume group whose members stay names them and loses no data", DELETE_VOLUME_GROUP,
                TargetFacts.ofGroup(groupPlan(Map.of(), false, VolumeGroupDeletion.Step.DELETE_GROUP)))
                .has(Kind.IRREVERSIBLE).lacks(Kind.DATA_DELETED, Kind.MEMBERS_LEAVE)
                .says("volume group vg-erp is deleted for good; its 2 member volumes (erp-db, erp-log) stay, with their data")
                .expect(Verdict.SENT, Consent.Kind.TYPED, "vg-erp");
        VolumeGroupDeletion emptied = groupPlan(Map.of(), false, VolumeGroupDeletion.Step.EMPTY_GROUP, VolumeGroupDeletion.Step.DELETE_GROUP);
        row("delete a volume group emptied first says ModifyVolumeGroupMembership is sent", DELETE_VOLUME_GROUP, TargetFacts.ofGroup(emptied))
                .sending(emptied.sends()).has(Kind.MEMBERS_LEAVE, Kind.IRREVERSIBLE).lacks(Kind.DATA_DELETED)
                .says("first, ModifyVolumeGroupMembership with no volume_ids removes the 2 member volumes (erp-db, erp-log) from vg-erp",
                        "ModifyVolumeGroupMembership=(volume_group_id: vg-1, volume_ids: []), DeleteVolumeGroup=(volume_group_id: vg-1)")
                .expect(Verdict.SENT, Consent.Kind.TYPED, "vg-erp");
        row("delete a volume group with its members: their data is lost", DELETE_VOLUME_GROUP,
                TargetFacts.ofGroup(groupPlan(Map.of(), true, VolumeGroupDeletion.Step.DELETE_GROUP)))
                .has(Kind.DATA_DELETED).lacks(Kind.MEMBERS_LEAVE)
                .says("volume group vg-erp is deleted, and its 2 member volumes (erp-db, erp-log) with all their data, for good")
                .expect(Verdict.SENT, Consent.Kind.TYPED, "vg-erp");
        row("delete a replicated volume group is refused: disable replication first", DELETE_VOLUME_GROUP,
                TargetFacts.ofGroup(groupPlan(org.csiconsole.core.replication.ReplicationContextKeys.write(true, P, OK, "site-b", "vg-b-7", null, "", ""),
                        false, VolumeGroupDeletion.Step.EMPTY_GROUP, VolumeGroupDeletion.Step.DELETE_GROUP)))
                .has(Kind.REPLICATION_CHANGES).says("vg-erp is replicated: primary (healthy) on this site, paired with vg-b-7 on site-b",
                        "partner vg-b-7 on site-b: its state not read", "Disable replication of the group first")
                .expect(Verdict.BLOCKED, Consent.Kind.TYPED, "vg-erp");
        row("delete a volume that has snapshots names them and says they become the only copies", DELETE_VOLUME,
                vol("erp-db", "vol-3").withSnapshots(List.of("erp-snap-1 (snap-1)", "erp-snap-2 (snap-2)")))
                .has(Kind.DATA_DELETED, Kind.FOLLOW_UP)
                .says("erp-db has 2 snapshots (erp-snap-1 (snap-1), erp-snap-2 (snap-2)): they stay and become the only copies of its data",
                        "snapshots: erp-snap-1 (snap-1), erp-snap-2 (snap-2)")
                .expect(Verdict.SENT, Consent.Kind.TYPED, "erp-db");
        row("delete a snapshot of an existing volume names its source", DELETE_SNAPSHOT,
                TargetFacts.ofSnapshot("snap-1", "erp-snap", 5 * GIB, "vol-3", "erp-db", false))
                .has(Kind.DATA_DELETED).says("snapshot erp-snap (snap-1), 5 GiB; of volume erp-db (vol-3)")
                .expect(Verdict.SENT, Consent.Kind.TYPED, "erp-snap");
        row("delete the last copy: a snapshot whose source volume is gone", DELETE_SNAPSHOT,
                TargetFacts.ofSnapshot("snap-1", "erp-snap", 5 * GIB, "vol-00000003", "", true))
                .has(Kind.DATA_DELETED)
                .says("erp-snap is the last copy of the data of volume vol-00000003, which no longer exists: once it is deleted, that data is gone for good",
                        "of volume vol-00000003, which no longer exists")
                .expect(Verdict.SENT, Consent.Kind.TYPED, "erp-snap");
        row("delete a group snapshot", DELETE_GROUP_SNAPSHOT, TargetFacts.of("group snapshot", "gs-1", "erp-gs"))
                .has(Kind.DATA_DELETED).expect(Verdict.SENT, Consent.Kind.TYPED, "erp-gs");
        row("delete a host with volumes published to it", DELETE_HOST, host("worker-01", "erp-db", "erp-log"))
                .has(Kind.ACCESS_LOST).says("2 volumes are published to worker-01", "400").expect(Verdict.BLOCKED, Consent.Kind.TYPED, "worker-01");
        row("delete a host sends the CSP request with the host's id, never a placeholder", DELETE_HOST, host("worker-03"))
                .sending("id", "host-0003").says("Sends CSP DELETE /containers/v1/hosts/host-0003: id=host-0003")
                .expect(Verdict.SENT, Consent.Kind.TYPED, "worker-03");
        row("delete a host with nothing published", DELETE_HOST, host("worker-03")).has(Kind.ACCESS_LOST).expect(Verdict.SENT, Consent.Kind.TYPED, "worker-03");
        row("create a host", CREATE_HOST, TargetFacts.of("host", "41302701-0196-420f-b319-834a79891db0", "worker-09"))
                .lacks(Kind.ACCESS_LOST, Kind.DATA_DELETED).expect(Verdict.SENT, Consent.Kind.NONE);
        row("CSP publish of a volume published nowhere", CSP_PUBLISH, vol("erp-db", "vol-1")).node("worker-01")
                .sending(RiskModel.cspPublishSends("vol-1", "uuid-1", org.csiconsole.core.model.AccessProtocol.ISCSI))
                .lacks(Kind.ACCESS_LOST, Kind.STILL_IN_USE).says("Sends CSP PUT /containers/v1/volumes/vol-1/actions/publish: id=vol-1, host_uuid=uuid-1, access_protocol=iscsi")
                .expect(Verdict.SENT, Consent.Kind.NONE);
        row("CSP publish of a volume the array reports published already", CSP_PUBLISH, vol("erp-db", "vol-1", driverPublished("worker-02")))
                .node("worker-01").has(Kind.STILL_IN_USE).lacks(Kind.ACCESS_LOST).says("published already (to worker-02)", "two hosts can write it")
                .expect(Verdict.SENT, Consent.Kind.CONFIRM);
        row("CSP unpublish cuts the host off: the name is typed", CSP_UNPUBLISH, vol("erp-db", "vol-1", driverPublished("worker-01")))
                .node("worker-01").sending(RiskModel.cspPublishSends("vol-1", "uuid-1", null)).has(Kind.ACCESS_LOST)
                .says("worker-01 loses access to erp-db", "host_uuid=uuid-1").expect(Verdict.SENT, Consent.Kind.TYPED, "erp-db");

        // controller and node side
        row("controller unpublish of a volume this console staged on that node", CONTROLLER_UNPUBLISH,
                vol("erp-db", "vol-1", driverPublished("node-1"), consoleStaged("node-1"))).node("node-1")
                .has(Kind.ACCESS_LOST).says("staged on node-1", "NodeStageVolume by this console", "Node > Unstage")
                .expect(Verdict.OVERRIDABLE, Consent.Kind.TYPED, "erp-db");
        row("controller unpublish of a volume node-published on that node by the driver's report", CONTROLLER_UNPUBLISH,
                vol("erp-db", "vol-1", driverPublished("node-1"), new Placement("node-1", Placement.Kind.NODE_PUBLISHED, "/t", Knowledge.DRIVER, null)))
                .node("node-1").expect(Verdict.BLOCKED, Consent.Kind.TYPED);
        row("controller unpublish of a volume staged on another node only", CONTROLLER_UNPUBLISH,
                vol("erp-db", "vol-1", driverPublished("node-1"), driverPublished("node-2"), consoleStaged("node-2"))).node("node-1")
                .has(Kind.ACCESS_LOST).lacks(Kind.STATE_UNKNOWN).says("node-1 loses access to erp-db").expect(Verdict.SENT, Consent.Kind.TYPED);
        row("controller unpublish of this console's own publish on a driver that reports none", CONTROLLER_UNPUBLISH,
                quietDriverVol(consolePublished("node-1"))).node("node-1").has(Kind.ACCESS_LOST).lacks(Kind.STATE_UNKNOWN, Kind.KNOWLEDGE_DISAGREES)
                .expect(Verdict.SENT, Consent.Kind.TYPED, "walk-vol-1");
        row("controller publish of a single-node volume this console just published to another node: refused", CONTROLLER_PUBLISH,
                quietDriverVol(new Placement("node-1", Placement.Kind.PUBLISHED, "", Knowledge.CONSOLE, NOW.minusSeconds(60)))).node("worker-01")
                .sending(RiskModel.ACCESS_MODE, "SINGLE_NODE_WRITER")
                .says("Publish volume walk-vol-1 to worker-01", "published to node-1", "ControllerPublishVolume by this console",
                        "Volume published to another node", "Unpublish it from node-1 first")
                .expect(Verdict.BLOCKED, Consent.Kind.NONE);
        row("controller publish of a single-node volume the driver reports published elsewhere: refused", CONTROLLER_PUBLISH,
                vol("erp-db", "vol-1", driverPublished("node-1"))).node("node-2").sending(RiskModel.ACCESS_MODE, "SINGLE_NODE_WRITER")
                .expect(Verdict.BLOCKED, Consent.Kind.NONE);
        row("controller publish on a stale record of this console's own publish elsewhere: refused, may be sent anyway", CONTROLLER_PUBLISH,
                quietDriverVol(consolePublished("node-1"))).node("worker-01").sending(RiskModel.ACCESS_MODE, "SINGLE_NODE_WRITER")
                .expect(Verdict.OVERRIDABLE, Consent.Kind.NONE);
        row("controller publish of a multi-node volume published elsewhere: sent, the sharing named", CONTROLLER_PUBLISH,
                vol("erp-db", "vol-1", driverPublished("node-1"))).node("node-2").sending(RiskModel.ACCESS_MODE, "MULTI_NODE_MULTI_WRITER")
                .has(Kind.STILL_IN_USE).says("also published to node-1").expect(Verdict.SENT, Consent.Kind.NONE);
        row("controller publish of an unpublished volume: sent, nothing asked", CONTROLLER_PUBLISH, vol("erp-db", "vol-1")).node("node-1")
                .sending(RiskModel.ACCESS_MODE, "SINGLE_NODE_WRITER").lacks(Kind.STILL_IN_USE).expect(Verdict.SENT, Consent.Kind.NONE);
        row("controller unpublish from a node it is not published to", CONTROLLER_UNPUBLISH, vol("erp-db", "vol-1")).node("node-3")
                .has(Kind.STATE_UNKNOWN).says("idempotent").expect(Verdict.SENT, Consent.Kind.TYPED);
        row("node unpublish names the mount", NODE_UNPUBLISH, vol("erp-db", "vol-1", consoleNodePublished("node-1"))).node("node-1")
                .has(Kind.ACCESS_LOST).says("Unpublish volume erp-db on node-1", "/var/lib/kubelet/pods/p1/mount")
                .expect(Verdict.SENT, Consent.Kind.TYPED, "erp-db");
        row("node unpublish at another path than this console published it: refused, the danger names no mount", NODE_UNPUBLISH,
                vol("erp-db", "vol-1", consoleNodePublished("node-1"))).node("node-1")
                .sending(RiskModel.TARGET_PATH, "/var/lib/kubelet/pods/other/mount").has(Kind.KNOWLEDGE_DISAGREES).lacks(Kind.ACCESS_LOST)
                .says("erp-db is not known published on node-1 at /var/lib/kubelet/pods/other/mount (it is at /var/lib/kubelet/pods/p1/mount)",
                        "Unpublish it at /var/lib/kubelet/pods/p1/mount")
                .expect(Verdict.OVERRIDABLE, Consent.Kind.TYPED, "erp-db");
        row("node unpublish at the path this console published it", NODE_UNPUBLISH, vol("erp-db", "vol-1", consoleNodePublished("node-1")))
                .node("node-1").sending(RiskModel.TARGET_PATH, "/var/lib/kubelet/pods/p1/mount").has(Kind.ACCESS_LOST).lacks(Kind.KNOWLEDGE_DISAGREES)
                .expect(Verdict.SENT, Consent.Kind.TYPED, "erp-db");
        row("node unpublish where nothing is known published on the node: refused", NODE_UNPUBLISH, vol("erp-db", "vol-1")).node("node-1")
                .sending(RiskModel.TARGET_PATH, "/var/lib/kubelet/pods/other/mount").has(Kind.KNOWLEDGE_DISAGREES).lacks(Kind.ACCESS_LOST)
                .says("neither the driver nor this console knows erp-db published on node-1").expect(Verdict.OVERRIDABLE, Consent.Kind.TYPED);
        row("unstage while still published on the node", NODE_UNSTAGE, vol("erp-db", "vol-1", consoleStaged("node-1"), consoleNodePublished("node-1")))
                .node("node-1").says("Node > Unpublish").expect(Verdict.OVERRIDABLE, Consent.Kind.TYPED);
        row("unstage after the node unpublish", NODE_UNSTAGE, vol("erp-db", "vol-1", consoleStaged("node-1"))).node("node-1")
                .has(Kind.ACCESS_LOST).says("/var/lib/kubelet/plugins/staging/vol-1").expect(Verdict.SENT, Consent.Kind.TYPED);
        row("unstage at another path than this console staged it: refused, the record's path is the next step", NODE_UNSTAGE,
                vol("erp-db", "vol-1", consoleStaged("node-1"))).node("node-1").sending(RiskModel.STAGING_TARGET_PATH, "/var/lib/other/globalmount")
                .has(Kind.ACCESS_LOST, Kind.KNOWLEDGE_DISAGREES)
                .says("node-1 loses the staging of erp-db at /var/lib/other/globalmount", "this console staged erp-db on node-1 at "
                        + "/var/lib/kubelet/plugins/staging/vol-1, not at /var/lib/other/globalmount",
                        "Sends csi.v1.Node/NodeUnstageVolume: staging_target_path=/var/lib/other/globalmount",
                        "Unstage it at /var/lib/kubelet/plugins/staging/vol-1")
                .expect(Verdict.OVERRIDABLE, Consent.Kind.TYPED);
        row("unstage at the path this console staged it", NODE_UNSTAGE, vol("erp-db", "vol-1", consoleStaged("node-1"))).node("node-1")
                .sending(RiskModel.STAGING_TARGET_PATH, "/var/lib/kubelet/plugins/staging/vol-1").has(Kind.ACCESS_LOST).lacks(Kind.KNOWLEDGE_DISAGREES)
                .expect(Verdict.SENT, Consent.Kind.TYPED);
        row("expand beyond the largest volume the plugin reports is refused before sending", EXPAND,
                vol("erp-db", "vol-1").withMaximum(64L << 40)).sending(RiskModel.REQUIRED_BYTES, Long.toString(100L << 40))
                .has(Kind.IRREVERSIBLE).says("the new size, 100 TiB, is over the largest volume the plugin provisions, 64 TiB",
                        "Give a size of at most 64 TiB")
                .expect(Verdict.BLOCKED, Consent.Kind.CONFIRM);
        row("expand when GetCapacity could not be read is sent with a note that the limit was not checked", EXPAND,
                vol("erp-db", "vol-1").withMaximum(TargetFacts.MAXIMUM_UNREAD)).sending(RiskModel.REQUIRED_BYTES, Long.toString(100L << 40))
                .has(Kind.IRREVERSIBLE, Kind.STATE_UNKNOWN).says("the largest volume the plugin provisions could not be read (GetCapacity "
                        + "failed), so the new size is not checked against it").expect(Verdict.SENT, Consent.Kind.CONFIRM);
        row("expand a volume staged on a node", EXPAND, vol("erp-db", "vol-1", driverPublished("node-1"), consoleStaged("node-1")))
                .has(Kind.IRREVERSIBLE, Kind.FOLLOW_UP).says("NodeExpandVolume must then run on node-1").expect(Verdict.SENT, Consent.Kind.CONFIRM);
        row("expand on the node grows the file system at its target path, nothing must follow", NODE_EXPAND,
                vol("erp-db", "vol-1", driverPublished("node-1"), consoleStaged("node-1"), consoleNodePublished("node-1"))).node("node-1")
                .has(Kind.IRREVERSIBLE).lacks(Kind.FOLLOW_UP).says("NodeExpandVolume grows the file system of erp-db on node-1 at /var/lib/kubelet/pods/p1/mount")
                .expect(Verdict.SENT, Consent.Kind.CONFIRM);
        row("expand an unpublished volume", EXPAND, vol("erp-db", "vol-1")).has(Kind.IRREVERSIBLE).lacks(Kind.FOLLOW_UP).expect(Verdict.SENT, Consent.Kind.CONFIRM);
        row("expand to a size not larger than the volume is refused: CSI has no shrink", EXPAND, vol("erp-db", "vol-1"))
                .sending(RiskModel.REQUIRED_BYTES, Long.toString(5 * GIB)).says("5 GiB", "not larger than the 10 GiB", "Give a size larger than 10 GiB")
                .expect(Verdict.BLOCKED, Consent.Kind.CONFIRM);
        row("expand to the same size is refused", EXPAND, vol("erp-db", "vol-1")).sending(RiskModel.REQUIRED_BYTES, Long.toString(10 * GIB))
                .expect(Verdict.BLOCKED, Consent.Kind.CONFIRM);
        row("expand to a larger size is sent and says from what size to what size, in bytes too", EXPAND, vol("erp-db", "vol-1"))
                .sending(RiskModel.REQUIRED_BYTES, Long.toString(20 * GIB))
                .has(Kind.IRREVERSIBLE).says("the capacity of erp-db grows from 10 GiB to 20 GiB (21,474,836,480 bytes) and cannot be reduced again").expect(Verdict.SENT, Consent.Kind.CONFIRM);
        row("expand on the node to less than the capacity is refused", NODE_EXPAND, vol("erp-db", "vol-1")).node("node-1")
                .sending(RiskModel.REQUIRED_BYTES, Long.toString(5 * GIB)).says("smaller than the 10 GiB").expect(Verdict.BLOCKED, Consent.Kind.CONFIRM);
        row("expand on the node to the capacity is sent", NODE_EXPAND, vol("erp-db", "vol-1")).node("node-1")
                .sending(RiskModel.REQUIRED_BYTES, Long.toString(10 * GIB)).expect(Verdict.SENT, Consent.Kind.CONFIRM);
        row("modify", MODIFY, vol("erp-db", "vol-1")).expect(Verdict.SENT, Consent.Kind.CONFIRM);
        row("modify with a parameter left empty: refused, no send-anyway (a driver may take \"\" as unset)", MODIFY, vol("erp-db", "vol-1"))
                .sending("mutable_parameters[iops]", "").says("iops has no value: an empty string would be sent", "Give each parameter a value")
                .expect(Verdict.BLOCKED, Consent.Kind.CONFIRM);
        row("modify with every parameter given", MODIFY, vol("erp-db", "vol-1")).sending("mutable_parameters[iops]", "5000")
                .expect(Verdict.SENT, Consent.Kind.CONFIRM);
        row("rotate a key asks for the name typed", ROTATE_KEY, vol("erp-db", "vol-1")).has(Kind.IRREVERSIBLE).expect(Verdict.SENT, Consent.Kind.TYPED, "erp-db");
        row("reclaim space", RECLAIM_SPACE, vol("erp-db", "vol-1")).lacks(Kind.DATA_DELETED).expect(Verdict.SENT, Consent.Kind.CONFIRM);

        // fence
        row("fence a network with known hosts names them", FENCE, network("10.1.0.0/24", "worker-01 (10.1.0.11)", "worker-02 (10.1.0.12)"))
                .has(Kind.ACCESS_LOST).says("worker-01 (10.1.0.11), worker-02 (10.1.0.12) lose access", "10.1.0.0/24")
                .expect(Verdict.SENT, Consent.Kind.TYPED, "10.1.0.0/24");
        row("fence two networks: the blocks are typed", FENCE, network("10.1.0.0/24"), network("10.2.0.0/24"))
                .says("no known host").expect(Verdict.SENT, Consent.Kind.TYPED, "10.1.0.0/24,10.2.0.0/24");
        row("fence 0.0.0.0/0: every network, a danger of its own", FENCE, network("0.0.0.0/0", "worker-01 (10.1.0.11)"))
                .has(Kind.WIDE_BLOCK, Kind.ACCESS_LOST).says("0.0.0.0/0 is wider than /8", "every client of every network")
                .expect(Verdict.SENT, Consent.Kind.TYPED, "0.0.0.0/0");
        row("fence ::/0: every IPv6 network", FENCE, network("::/0")).has(Kind.WIDE_BLOCK).says("every client of every network")
                .expect(Verdict.SENT, Consent.Kind.TYPED, "::/0");
        row("fence a /7 is wider than /8", FENCE, network("10.0.0.0/7")).has(Kind.WIDE_BLOCK).expect(Verdict.SENT, Consent.Kind.TYPED);
        row("fence a /8 is not a wide block", FENCE, network("10.0.0.0/8")).lacks(Kind.WIDE_BLOCK).expect(Verdict.SENT, Consent.Kind.TYPED);
        row("fence two networks gives totals of hosts and volumes", FENCE,
                network("10.1.0.0/24", "worker-01 (10.1.0.11; published to it: erp-db, erp-log)").reaching(List.of("erp-db", "erp-log")),
                network("10.2.0.0/24", "worker-02 (10.2.0.12; published to it: erp-db)").reaching(List.of("erp-db")))
                .has(Kind.ACCESS_LOST).lacks(Kind.WIDE_BLOCK).says("in all, 2 known hosts and 2 volumes published to them are cut off",
                        "1 known client, 2 volumes published to them: worker-01")
                .expect(Verdict.SENT, Consent.Kind.TYPED, "10.1.0.0/24,10.2.0.0/24");
        row("unfence", UNFENCE, network("10.1.0.0/24", "worker-01 (10.1.0.11)")).says("stop the workloads").expect(Verdict.SENT, Consent.Kind.TYPED, "10.1.0.0/24");
        row("unfence a listed block names the clients that can write again", UNFENCE, listedFence("10.1.0.0/24", "10.1.0.0/24"))
                .says("clients in 10.1.0.0/24 (worker-01 (10.1.0.11)) can write again").lacks(Kind.DATA_DELETED)
                .expect(Verdict.SENT, Consent.Kind.TYPED, "10.1.0.0/24");
        row("unfence 0.0.0.0/0 while 10.10.3.0/24 stays fenced: its clients stay fenced", UNFENCE,
                listedFence("0.0.0.0/0", "0.0.0.0/0", "10.10.3.0/24"))
                .says("clients in 0.0.0.0/0 (worker-01 (10.1.0.11)) can write again",
                        "worker-03 (10.10.3.13), worker-04 (10.10.3.14) stay fenced by 10.10.3.0/24: they cannot write until it is unfenced too")
                .expect(Verdict.SENT, Consent.Kind.TYPED, "0.0.0.0/0");
        row("unfence a block the driver does not list: nothing to unfence, not sent", UNFENCE, listedFence("10.99.0.0/24", "10.10.3.0/24"))
                .says("10.99.0.0/24 is not fenced: ListClusterFence lists 10.10.3.0/24", "nothing to unfence in 10.99.0.0/24")
                .lacks(Kind.ACCESS_LOST)
                .expect(Verdict.BLOCKED, Consent.Kind.TYPED, "10.99.0.0/24");
        row("unfence on a driver that cannot list its fences: only as an override", UNFENCE,
                FenceFacts.of(List.of(Cidr.parse("10.99.0.0/24")), CLIENTS, List.of(), List.of(), null).get(0))
                .says("cannot tell whether 10.99.0.0/24 is fenced").expect(Verdict.OVERRIDABLE, Consent.Kind.TYPED, "10.99.0.0/24");

        row("unfence a block an unplanned failover fenced while the pair is in split brain: refused unless overridden, naming both primaries", UNFENCE,
                failoverFence(P, P)).has(Kind.SPLIT_BRAIN_PRESENT).lacks(Kind.STATE_UNKNOWN)
                .says("clients in 10.10.3.0/24 can write to vol-00000113 on site-a again, which is still primary beside vol-00000198 on site-b "
                                + "(split brain): recover the split brain first",
                        "10.10.3.0/24 was fenced at 07:40:00, 10 min ago, by this console as the first step of the unplanned failover of "
                                + "vol-00000113 on site-a to vol-00000198 on site-b",
                        "Recover the split brain first (split-brain recovery of vol-00000113 and vol-00000198",
                        "would write to vol-00000113 on site-a again while it and vol-00000198 on site-b are both primary")
                .expect(Verdict.OVERRIDABLE, Consent.Kind.TYPED, "10.10.3.0/24");
        row("unfence a block an unplanned failover fenced while the old primary is primary and the promote is not in effect", UNFENCE,
                failoverFence(P, S)).has(Kind.SPLIT_BRAIN_PRESENT)
                .says("which is still primary (vol-00000198 on site-b is secondary: the failover's promote is not in effect)", "Demote vol-00000113 on site-a")
                .expect(Verdict.SENT, Consent.Kind.TYPED, "10.10.3.0/24");
        row("unfence a block an unplanned failover fenced once the pair healed: no danger, the roles named", UNFENCE,
                failoverFence(S, P)).has(Kind.ACCESS_LOST).lacks(Kind.SPLIT_BRAIN_PRESENT, Kind.STATE_UNKNOWN)
                .says("vol-00000113 on site-a is secondary now and vol-00000198 on site-b primary", "first step of the unplanned failover")
                .expect(Verdict.SENT, Consent.Kind.TYPED, "10.10.3.0/24");
        row("unfence a block an unplanned failover fenced when the pair's state cannot be read: said, not reassured", UNFENCE,
                failoverFenceUnread("the connection's replication listing (UNAVAILABLE: connection refused)"))
                .has(Kind.STATE_UNKNOWN).lacks(Kind.SPLIT_BRAIN_PRESENT)
                .says("whether vol-00000113 on site-a is still primary is not known: the state of the pair could not be read "
                        + "(the connection's replication listing (UNAVAILABLE: connection refused))", "Read the pair first")
                .expect(Verdict.SENT, Consent.Kind.TYPED, "10.10.3.0/24");

        // replication: enable, disable
        row("enable replication", ENABLE_REPLICATION, vol("erp-db", "vol-1")).has(Kind.REPLICATION_CHANGES).expect(Verdict.SENT, Consent.Kind.CONFIRM);
        row("enable replication with a schedulingInterval of 5m is sent", ENABLE_REPLICATION, vol("erp-db", "vol-1"))
                .sending(RiskModel.SCHEDULING_INTERVAL, "5m").expect(Verdict.SENT, Consent.Kind.CONFIRM);
        row("enable replication of a volume that already replicates is refused naming its role and partner", ENABLE_REPLICATION,
                pair(B_SECONDARY, A_PRIMARY)).says("already replicates: it is secondary on site-b, paired with vol-00000111 on site-a")
                .expect(Verdict.BLOCKED, Consent.Kind.CONFIRM);
        row("enable replication with a schedulingInterval that is no duration is refused", ENABLE_REPLICATION, vol("erp-db", "vol-1"))
                .sending(RiskModel.SCHEDULING_INTERVAL, "abc").says("the schedulingInterval 'abc' is not a duration such as 30s, 5m")
                .expect(Verdict.BLOCKED, Consent.Kind.CONFIRM);
        row("enable replication of an id over CSI's 128 bytes is refused", ENABLE_REPLICATION, vol("long", "v".repeat(300)))
                .says("is 300 bytes, over the 128 a volume_id may have").expect(Verdict.BLOCKED, Consent.Kind.CONFIRM);
        row("enable replication of a volume the driver's complete listing lacks is refused", ENABLE_REPLICATION,
                TargetFacts.of("volume", "nope", "").withPresence(Existence.NOT_LISTED))
                .says("there is no volume nope", "listing of its volumes, complete and read just now, does not hold it")
                .expect(Verdict.BLOCKED, Consent.Kind.CONFIRM);
        row("enable replication of a volume neither the driver lists nor the record knows says so and is sent", ENABLE_REPLICATION,
                TargetFacts.of("volume", "nope", "").withPresence(Existence.UNKNOWN)).has(Kind.STATE_UNKNOWN, Kind.REPLICATION_CHANGES)
                .says("whether nope exists is not known", "the console's record holds no volume nope").expect(Verdict.SENT, Consent.Kind.CONFIRM);
        row("enable replication of a volume only the record knows is sent without doubt", ENABLE_REPLICATION,
                TargetFacts.of("volume", "vol-9", "").withPresence(Existence.RECORDED)).lacks(Kind.STATE_UNKNOWN)
                .expect(Verdict.SENT, Consent.Kind.CONFIRM);
        row("disable replication is a danger naming the partner left behind and since when it is stale", DISABLE_REPLICATION, pair(A_PRIMARY, B_SECONDARY))
                .has(Kind.REPLICATION_CHANGES).says("erp-db (vol-00000211) on site-b is no longer updated from now on and keeps the data of the last sync at 07:45:44")
                .expect(Verdict.SENT, Consent.Kind.TYPED_EACH);
        row("disable replication from the secondary names the secondary as the side left stale", DISABLE_REPLICATION, pair(B_SECONDARY, A_PRIMARY))
                .says("replication of erp-db stops: erp-db (vol-00000211) on site-b is no longer updated").expect(Verdict.SENT, Consent.Kind.TYPED_EACH);
        row("force on an operation without force is refused", ENABLE_REPLICATION, vol("erp-db", "vol-1")).force().expect(Verdict.BLOCKED, Consent.Kind.CONFIRM);

        // promote
        row("promote a secondary whose primary is lost, without force", PROMOTE, pair(B_SECONDARY, A_PRIMARY_SILENT))
                .lacks(Kind.SPLIT_BRAIN_CREATED).expect(Verdict.SENT, Consent.Kind.CONFIRM);
        row("force promote beside a healthy, reachable primary creates a split brain", PROMOTE, pair(B_SECONDARY, A_PRIMARY)).force()
                .has(Kind.SPLIT_BRAIN_CREATED, Kind.WRITES_LOST)
                .says("creates a split brain: erp-db (vol-00000111) on site-a is primary and reachable", "writes to vol-00000111 on site-a after the last sync at 07:45:44",
                        "planned failover")
                .expect(Verdict.SENT, Consent.Kind.TYPED_EACH);
        row("promote without force beside a reachable primary is refused", PROMOTE, pair(B_SECONDARY, A_PRIMARY))
                .says("planned failover").expect(Verdict.BLOCKED, Consent.Kind.CONFIRM);
        row("force promote with the primary's site silent: the partner's writes since the sync are at risk", PROMOTE,
                pair(B_SECONDARY, A_PRIMARY_SILENT)).force().has(Kind.WRITES_LOST, Kind.STATE_UNKNOWN).lacks(Kind.SPLIT_BRAIN_CREATED)
                .says("site-a does not answer", "4 min").expect(Verdict.SENT, Consent.Kind.TYPED_EACH);
        row("force promote of a side whose partner is unknown", PROMOTE, vol("erp-db", "vol-1").withReplication(B_SECONDARY, null)).force()
                .has(Kind.STATE_UNKNOWN, Kind.WRITES_LOST).expect(Verdict.SENT, Consent.Kind.TYPED_EACH);
        row("force promote when the partner is secondary: force is not needed", PROMOTE, pair(B_SECONDARY, A_SECONDARY)).force()
                .says("force is not needed", "Promote without force").expect(Verdict.SENT, Consent.Kind.TYPED_EACH);
        row("force promote of a healthy primary is refused: it changes nothing", PROMOTE, pair(A_PRIMARY, B_SECONDARY)).force()
                .says("erp-db is already primary on site-a: a force promote of it changes nothing",
                        "run a planned failover to vol-00000211 on site-b").lacks(Kind.SPLIT_BRAIN_CREATED)
                .expect(Verdict.BLOCKED, Consent.Kind.TYPED_EACH);
        row("force promote of a primary in split brain is refused: recover the split brain", PROMOTE, pair(A_PRIMARY, B_PRIMARY)).force()
                .has(Kind.SPLIT_BRAIN_PRESENT).says("a force promote of it changes nothing", "Run split-brain recovery for the pair")
                .expect(Verdict.BLOCKED, Consent.Kind.TYPED_EACH);
        row("promote in split brain shows the split brain", PROMOTE, pair(A_PRIMARY, B_PRIMARY))
                .has(Kind.SPLIT_BRAIN_PRESENT).says("split-brain recovery").expect(Verdict.SENT, Consent.Kind.TYPED_EACH);

        // demote
        row("demote the only primary: nobody takes writes", DEMOTE, pair(A_PRIMARY, B_SECONDARY)).has(Kind.ACCESS_LOST)
                .says("no side takes writes until vol-00000211 on site-b is promoted").expect(Verdict.SENT, Consent.Kind.TYPED_EACH);
        row("force demote loses unreplicated writes", DEMOTE, pair(A_PRIMARY, B_SECONDARY)).force().has(Kind.WRITES_LOST)
                .expect(Verdict.SENT, Consent.Kind.TYPED_EACH);
        row("demote one side of a split brain chooses the other as survivor: its writes are discarded, its name typed", DEMOTE,
                pair(A_PRIMARY, B_PRIMARY)).has(Kind.SPLIT_BRAIN_PRESENT, Kind.WRITES_LOST)
                .says("demoting vol-00000111 on site-a chooses vol-00000211 on site-b as the survivor", "Run split-brain recovery")
                .expect(Verdict.SENT, Consent.Kind.TYPED_EACH);

        // resync
        row("resync the secondary", RESYNC, pair(B_SECONDARY, A_PRIMARY)).has(Kind.WRITES_LOST).expect(Verdict.SENT, Consent.Kind.CONFIRM);
        row("resync the primary is refused", RESYNC, pair(A_PRIMARY, B_SECONDARY)).says("Resync vol-00000211 on site-b instead")
                .expect(Verdict.BLOCKED, Consent.Kind.CONFIRM);
        row("resync in split brain is refused: recovery chooses the survivor", RESYNC, pair(A_PRIMARY, B_PRIMARY))
                .has(Kind.SPLIT_BRAIN_PRESENT).says("split-brain recovery").expect(Verdict.BLOCKED, Consent.Kind.TYPED_EACH);
        row("force resync of the secondary", RESYNC, pair(B_SECONDARY, A_PRIMARY)).force().has(Kind.WRITES_LOST).expect(Verdict.SENT, Consent.Kind.TYPED_EACH);

        // workflows
        row("planned failover of a healthy pair", PLANNED_FAILOVER, pair(A_PRIMARY, B_SECONDARY))
                .has(Kind.ACCESS_LOST, Kind.REPLICATION_CHANGES).lacks(Kind.WRITES_LOST).expect(Verdict.SENT, Consent.Kind.CONFIRM);
        row("planned failover with site A silent is refused: unplanned is the workflow", PLANNED_FAILOVER, pair(A_PRIMARY_SILENT, B_SECONDARY))
                .says("site-a does not answer", "unplanned failover").expect(Verdict.BLOCKED, Consent.Kind.CONFIRM);
        row("planned failover in split brain is refused", PLANNED_FAILOVER, pair(A_PRIMARY, B_PRIMARY)).has(Kind.SPLIT_BRAIN_PRESENT)
                .expect(Verdict.BLOCKED, Consent.Kind.TYPED_EACH);
        row("planned failover from the secondary is refused", PLANNED_FAILOVER, pair(A_SECONDARY, B_PRIMARY)).says("Fail over from site-b")
                .expect(Verdict.BLOCKED, Consent.Kind.CONFIRM);
        row("unplanned failover while site A answers: a red flag with planned failover offered", UNPLANNED_FAILOVER, pair(A_PRIMARY, B_SECONDARY))
                .has(Kind.SITE_STILL_ANSWERS, Kind.SPLIT_BRAIN_CREATED, Kind.WRITES_LOST).says("site-a still answers", "Run a planned failover")
                .expect(Verdict.SENT, Consent.Kind.TYPED_EACH);
        row("unplanned failover of a lost site A states the window", UNPLANNED_FAILOVER, pair(A_PRIMARY_SILENT, B_SECONDARY))
                .has(Kind.WRITES_LOST).lacks(Kind.SITE_STILL_ANSWERS, Kind.SPLIT_BRAIN_CREATED)
                .says("writes to vol-00000111 on site-a after the last sync at 07:45:44, 4 min 16 s ago").expect(Verdict.SENT, Consent.Kind.TYPED_EACH);
        row("unplanned failover with site B silent is refused", UNPLANNED_FAILOVER, pair(A_PRIMARY_SILENT, B_SILENT)).expect(Verdict.BLOCKED, Consent.Kind.TYPED_EACH);
        row("failback of a failed-over pair", FAILBACK, pair(A_SECONDARY, B_PRIMARY)).has(Kind.WRITES_LOST, Kind.ACCESS_LOST).expect(Verdict.SENT, Consent.Kind.CONFIRM);
        row("failback with a site silent is refused", FAILBACK, pair(A_SECONDARY, B_SILENT)).expect(Verdict.BLOCKED, Consent.Kind.CONFIRM);
        row("failback of a pair that never failed over is refused naming both roles", FAILBACK, pair(A_PRIMARY, B_SECONDARY))
                .says("the pair has not failed over to site-b: vol-00000111 on site-a is primary and vol-00000211 on site-b is secondary")
                .lacks(Kind.WRITES_LOST).expect(Verdict.BLOCKED, Consent.Kind.CONFIRM);
        row("split-brain recovery without a survivor is refused", SPLIT_BRAIN_RECOVERY, pair(A_PRIMARY, B_PRIMARY))
                .has(Kind.SPLIT_BRAIN_PRESENT).says("no survivor was chosen").expect(Verdict.BLOCKED, Consent.Kind.TYPED_EACH);
        row("split-brain recovery keeping site A: site B's writes are named and its name typed", SPLIT_BRAIN_RECOVERY, pair(A_PRIMARY, B_PRIMARY))
                .keep("site-a").has(Kind.WRITES_LOST).says("writes to vol-00000211 on site-b since the split", "resynced from vol-00000111 on site-a")
                .expect(Verdict.SENT, Consent.Kind.TYPED_EACH);
        row("split-brain recovery whose discarded side reports no sync words the pair's last sync, shown beside it, once",
                SPLIT_BRAIN_RECOVERY, pair(A_PRIMARY, new SideFacts("site-b", "vol-00000211", "erp-db", P, ReplicationHealth.ERROR, true, null, null)))
                .keep("site-a").has(Kind.WRITES_LOST).says("since the split (since the last sync at 07:45:44, 4 min 16 s ago)")
                .expect(Verdict.SENT, Consent.Kind.TYPED_EACH);
        row("split-brain recovery of a consistent pair is refused", SPLIT_BRAIN_RECOVERY, pair(A_PRIMARY, B_SECONDARY)).keep("site-a")
                .says("not in split brain").expect(Verdict.BLOCKED, Consent.Kind.TYPED_EACH);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void everyDangerNeedsTypedConsent(Row row) {
        Assessment a = new RiskModel(ZoneOffset.UTC).assess(row.request());
        if (a.dangerous()) assertThat(a.consent().untyped()).as(String.join("\n", a.lines())).isFalse();
    }

    @org.junit.jupiter.api.Test
    void anUnplannedFailoverAsksForTheNamesOfTheVolumesForcePromotedOnSiteB() {
        Assessment a = new RiskModel(ZoneOffset.UTC).assess(RiskRequest.of(UNPLANNED_FAILOVER,
                List.of(pair(A_PRIMARY_SILENT, B_SECONDARY)), NOW).withForce(true));
        assertThat(a.consent().ids()).containsExactly("vol-00000211");
        assertThat(a.consent().acceptsFor(0, "vol-00000211")).isTrue();
        assertThat(a.consent().acceptsFor(0, "vol-00000111")).as("site A's volume is not promoted").isFalse();
    }

    static List<Row> rows() {
        return ROWS;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void eachOperationInEachStateHasItsHazardsVerdictAndConsent(Row row) {
        Assessment a = new RiskModel(ZoneOffset.UTC).assess(row.request());
        Set<Kind> found = a.hazards().stream().map(Hazard::kind).collect(Collectors.toSet());
        String text = String.join("\n", a.lines());

        assertThat(found).as(text).containsAll(row.hazards());
        for (Kind k : row.absent()) assertThat(found).as(text).doesNotContain(k);
        switch (row.verdict()) {
            case SENT -> assertThat(a.illegal()).as(text).isNull();
            case BLOCKED -> assertThat(a.illegal()).as(text).isNotNull().extracting("overridable").isEqualTo(false);
            case OVERRIDABLE -> assertThat(a.illegal()).as(text).isNotNull().extracting("overridable").isEqualTo(true);
        }
        assertThat(a.consent().level()).as(text).isEqualTo(row.consent());
        if (row.phrase() != null) assertThat(a.consent().phrase()).isEqualTo(row.phrase());
        for (String m : row.mentions()) assertThat(text).contains(m);
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("rows")
    void dangersComeFirstAndEveryTypedConsentNamesItsTargets(Row row) {
        Assessment a = new RiskModel(ZoneOffset.UTC).assess(row.request());
        List<Boolean> dangers = a.hazards().stream().map(Hazard::danger).toList();
        assertThat(dangers).isSortedAccordingTo((x, y) -> Boolean.compare(y, x));
        if (!a.consent().untyped()) {
            assertThat(a.consent().names()).isNotEmpty();
            assertThat(a.consent().accepts("")).isFalse();
            assertThat(a.consent().acceptsFor(0, "something else")).isFalse();
        }
    }

    @org.junit.jupiter.api.Test
    void anAssessorOfOneConnectionNamesItAndAWorkflowAcrossSitesKeepsItsOwn() {
        RiskAssessor demo = new RiskModel(ZoneOffset.UTC).on(RiskRequest.connection("Demo", "unix:///run/csi.sock"));
        Assessment a = demo.assess(RiskRequest.of(DELETE_VOLUME, List.of(vol("erp-db", "vol-1")), NOW));
        assertThat(a.lines().get(1)).isEqualTo("  On connection Demo (unix:///run/csi.sock)");
        Assessment w = demo.assess(RiskRequest.of(PLANNED_FAILOVER, List.of(pair(A_PRIMARY, B_SECONDARY)), NOW).on("site-a on East, site-b on West"));
        assertThat(w.onConnection()).isEqualTo("On connection site-a on East, site-b on West");
        assertThat(RiskRequest.connection("Demo", "")).isEqualTo("Demo");
        assertThat(new RiskModel(ZoneOffset.UTC).assess(RiskRequest.of(DELETE_VOLUME, List.of(vol("erp-db", "vol-1")), NOW)).onConnection()).isEmpty();
    }

    @org.junit.jupiter.api.Test
    void aFenceGivesItsTotalsBeforeTheNamesOfWhatItCutsOff() {
        Assessment a = new RiskModel(ZoneOffset.UTC).assess(RiskRequest.of(FENCE,
                List.of(network("0.0.0.0/0", "worker-01 (10.1.0.11; published to it: erp-db)").reaching(List.of("erp-db"))), NOW));
        assertThat(a.hazards().get(0).kind()).as("the wide block first").isEqualTo(Kind.WIDE_BLOCK);
        assertThat(a.hazards().get(1).sentence()).as("then the totals").isEqualTo("in all, 1 known host and 1 volume published to it are cut off");
        assertThat(a.hazards().get(2).sentence()).as("then the names").startsWith("worker-01 (10.1.0.11");
    }

    @org.junit.jupiter.api.Test
    void theTableCoversEveryOperationWithAtLeastFortyRows() {
        assertThat(ROWS).hasSizeGreaterThanOrEqualTo(40);
        Set<RiskOperation> covered = ROWS.stream().map(r -> r.request().operation()).collect(Collectors.toSet());
        assertThat(covered).containsExactlyInAnyOrder(RiskOperation.values());
    }
}
