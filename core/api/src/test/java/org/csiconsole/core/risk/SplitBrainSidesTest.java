package org.csiconsole.core.risk;

import org.junit.jupiter.api.Test;

import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.csiconsole.core.risk.RiskModelTableTest.A_PRIMARY;
import static org.csiconsole.core.risk.RiskModelTableTest.NOW;
import static org.csiconsole.core.risk.RiskModelTableTest.P;
import static org.csiconsole.core.risk.RiskModelTableTest.pair;
import static org.csiconsole.core.risk.RiskModelTableTest.side;

/** A split-brain recovery names the survivor and the discarded side by their sites as the admin knows them, endpoint beside. */
class SplitBrainSidesTest {
    private final RiskModel model = new RiskModel(ZoneOffset.UTC);
    private final RiskRequest recovery = RiskRequest.of(RiskOperation.SPLIT_BRAIN_RECOVERY,
            List.of(pair(A_PRIMARY, side("site-b", "vol-00000211", P, org.csiconsole.core.model.ReplicationHealth.ERROR, true))), NOW)
            .atSites(Map.of("site-a", "site-a (unix:///run/a.sock)", "site-b", "site-b (unix:///run/b.sock)"));

    @Test
    void keepingSiteBTheLinesNameTheSurvivorAndTheDiscardedSideWithTheirEndpointsInTheWizardsWords() {
        Assessment a = model.assess(recovery.keeping("site-b"));

        assertThat(a.state()).containsSubsequence(
                "Survivor: its data is kept: vol-00000211 on site-b (unix:///run/b.sock)",
                "Demoted and resynced: its changes since the split are discarded: vol-00000111 on site-a (unix:///run/a.sock)");
        assertThat(a.hazards()).anySatisfy(h -> assertThat(h.sentence()).startsWith("writes to vol-00000111 on site-a (unix:///run/a.sock) since the split")
                .contains("resynced from vol-00000211 on site-b (unix:///run/b.sock)"));
        assertThat(RiskModel.sides(a.request())).isEqualTo(a.state().subList(a.state().size() - 2, a.state().size()));
    }

    @Test
    void withoutASurvivorNoSideIsNamedAndWithoutEndpointsTheSitesAreNamedAlone() {
        assertThat(RiskModel.sides(recovery)).isEmpty();
        RiskRequest bare = RiskRequest.of(RiskOperation.SPLIT_BRAIN_RECOVERY, recovery.targets(), NOW).keeping("site-a");
        assertThat(RiskModel.sides(bare)).containsExactly("Survivor: its data is kept: vol-00000111 on site-a",
                "Demoted and resynced: its changes since the split are discarded: vol-00000211 on site-b");
    }
}
