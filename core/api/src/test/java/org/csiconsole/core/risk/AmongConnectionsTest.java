package org.csiconsole.core.risk;

import org.junit.jupiter.api.Test;

import java.time.ZoneOffset;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.csiconsole.core.risk.RiskModelTableTest.A_PRIMARY;
import static org.csiconsole.core.risk.RiskModelTableTest.B_SECONDARY;
import static org.csiconsole.core.risk.RiskModelTableTest.NOW;
import static org.csiconsole.core.risk.RiskModelTableTest.pair;
import static org.csiconsole.core.risk.RiskModelTableTest.vol;

/** Two open connections served from the same seed hold the same ids: the confirmation tells them apart. */
class AmongConnectionsTest {
    private final RiskModel model = new RiskModel(ZoneOffset.UTC);
    private final Assessment disable = model.assess(RiskRequest.of(RiskOperation.DISABLE_REPLICATION,
            List.of(pair(A_PRIMARY, B_SECONDARY)), NOW));

    @Test
    void withTheSameIdOnAnotherOpenConnectionTheTitleAndTheTextToTypeNameTheConnection() {
        Assessment a = RiskModel.amongConnections(disable, "Demo", 2, Set.of("vol-00000111")::contains);

        assertThat(a.title()).isEqualTo(disable.title() + " \u00b7 Demo").endsWith("on site-a \u00b7 Demo");
        assertThat(a.consent().level()).isEqualTo(disable.consent().level());
        assertThat(a.consent().names()).containsExactly("erp-db on Demo");
        assertThat(a.consent().acceptsFor(0, "erp-db on Demo")).isTrue();
        assertThat(a.consent().acceptsFor(0, "vol-00000111 on Demo")).isTrue();
        assertThat(a.consent().acceptsFor(0, "erp-db")).as("the name alone fits the other connection's volume too").isFalse();
        assertThat(a.consent().acceptsFor(0, "vol-00000111")).isFalse();
        assertThat(a.consent().acceptsFor(0, "erp-db on Served")).isFalse();
        assertThat(a.lines()).last().asString().contains("erp-db on Demo");
    }

    @Test
    void aPhraseTypedAsOneTextNamesTheConnectionWhenAnIdIsHeldElsewhere() {
        Assessment del = model.assess(RiskRequest.of(RiskOperation.DELETE_VOLUME, List.of(vol("a", "vol-1"), vol("b", "vol-2")), NOW));
        Assessment a = RiskModel.amongConnections(del, "Served", 2, "vol-2"::equals);

        assertThat(a.consent().phrase()).isEqualTo(del.consent().phrase() + " on Served");
        assertThat(a.consent().accepts(del.consent().phrase())).isFalse();
        assertThat(a.consent().accepts(del.consent().phrase() + " on Served")).isTrue();
    }

    @Test
    void idsHeldNowhereElseKeepTheTextToTypeAndOneOpenConnectionKeepsTheAssessment() {
        Assessment a = RiskModel.amongConnections(disable, "Demo", 2, id -> false);
        assertThat(a.title()).endsWith(" \u00b7 Demo");
        assertThat(a.consent()).isEqualTo(disable.consent());

        assertThat(RiskModel.amongConnections(disable, "Demo", 1, id -> true)).isSameAs(disable);
        assertThat(RiskModel.amongConnections(disable, "site-a", 2, id -> false).title()).as("a connection that is its own site")
                .isEqualTo(disable.title());
    }
}
