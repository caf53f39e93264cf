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
}
