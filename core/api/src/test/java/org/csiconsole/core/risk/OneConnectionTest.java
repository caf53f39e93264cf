package org.csiconsole.core.risk;

import org.junit.jupiter.api.Test;

import java.time.ZoneOffset;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.csiconsole.core.risk.RiskModelTableTest.NOW;
import static org.csiconsole.core.risk.RiskModelTableTest.vol;

/** One operation is confirmed and sent through one connection: a selection across connections is refused by core. */
class OneConnectionTest {
    private final RiskModel model = new RiskModel(ZoneOffset.UTC);
    private final Assessment demote = model.assess(RiskRequest.of(RiskOperation.DEMOTE,
            List.of(vol("erp-db", "vol-1"), vol("erp-db", "vol-1")), NOW));

    @Test
    void aDemoteOfRowsOfTwoConnectionsIsRefusedNamingBothAndCannotBeSentAnyway() {
        Assessment a = RiskModel.oneConnection(demote, List.of("Demo", "Served", "Demo"));

        assertThat(a.blocked()).isTrue();
        assertThat(a.illegal().overridable()).as("no typed name makes one confirmation cover two drivers").isFalse();
        assertThat(a.illegal().describe()).isEqualTo("the selection holds rows of 2 connections (Demo, Served): a replication "
                + "action is confirmed and sent through one connection at a time. Select rows of one connection.");
        assertThat(a.asksToType()).isFalse();
        assertThat(a.lines()).element(1).asString().startsWith("  Not sent: the selection holds rows of 2 connections");
        assertThat(a.hazards()).as("what it would do stays shown").isEqualTo(demote.hazards());
    }

    @Test
    void rowsOfOneConnectionKeepTheModelsOwnAssessment() {
        assertThat(RiskModel.oneConnection(demote, List.of("Demo", "Demo"))).isSameAs(demote);
        assertThat(RiskModel.acrossConnections(RiskOperation.PROMOTE, List.of("Demo"))).isNull();
    }

    @Test
    void aDeleteAcrossConnectionsNamesItsTargetsByTheirKind() {
        assertThat(RiskModel.acrossConnections(RiskOperation.DELETE_SNAPSHOT, List.of("Demo", "Lab")).describe())
                .isEqualTo("the selection holds snapshots of 2 connections (Demo, Lab): an action is confirmed and sent through "
                        + "one connection at a time. Select snapshots of one connection.");
    }

    @Test
    void siteAAndBOfTwoConnectionsAreRefusedWhenEitherServesBothSitesAndMayStandWhenEachServesOne() {
        var demoA = new org.csiconsole.core.replication.PairingScope.Site("Demo", "site-a");
        var demoB = new org.csiconsole.core.replication.PairingScope.Site("Demo", "site-b");
        var served = new org.csiconsole.core.replication.PairingScope.Site("Served", "Served");
        var east = new org.csiconsole.core.replication.PairingScope.Site("East", "east");
        var west = new org.csiconsole.core.replication.PairingScope.Site("West", "west");
        List<org.csiconsole.core.replication.PairingScope.Site> all = List.of(demoA, demoB, served, east, west);

        IllegalCall refused = RiskModel.acrossConnections(new org.csiconsole.core.replication.PairingScope(served, demoA, all));
        assertThat(refused.overridable()).isFalse();
        assertThat(refused.describe()).isEqualTo("connection Served cannot stand beside site-a of Demo: Demo serves site-a and site-b "
                + "itself, so the partners of its volumes are read through Demo alone, and a pairing with another connection's site "
                + "would show every pair without its partner. Pick site A and site B of one connection, or two connections that "
                + "each serve one site.");
        var demoC = new org.csiconsole.core.replication.PairingScope.Site("Demo", "site-c");
        assertThat(RiskModel.acrossConnections(new org.csiconsole.core.replication.PairingScope(east, demoA,
                List.of(demoA, demoB, demoC, east))).describe())
                .as("three sites of one connection read as a list").startsWith("east of East cannot stand beside site-a of Demo: "
                        + "Demo serves site-a, site-b and site-c itself, so");
        assertThat(RiskModel.acrossConnections(new org.csiconsole.core.replication.PairingScope(demoA, demoB, all))).isNull();
        assertThat(RiskModel.acrossConnections(new org.csiconsole.core.replication.PairingScope(east, west, all)))
                .as("one cluster per connection").isNull();
        assertThat(RiskModel.acrossConnections(new org.csiconsole.core.replication.PairingScope(east, null, all))).isNull();
    }
}
