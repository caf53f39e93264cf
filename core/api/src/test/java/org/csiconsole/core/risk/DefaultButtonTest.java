package org.csiconsole.core.risk;

import org.junit.jupiter.api.Test;

import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.csiconsole.core.risk.RiskModelTableTest.NOW;
import static org.csiconsole.core.risk.RiskModelTableTest.consoleNodePublished;
import static org.csiconsole.core.risk.RiskModelTableTest.consoleStaged;
import static org.csiconsole.core.risk.RiskModelTableTest.vol;

/** One rule for every confirmation: an irreversible or disruptive action is never the default button. */
class DefaultButtonTest {
    private final RiskModel model = new RiskModel(ZoneOffset.UTC);

    private Assessment assess(RiskOperation op, TargetFacts t, String node, Map<String, String> sends) {
        return model.assess(RiskRequest.of(op, List.of(t), NOW).onNode(node).sending(sends));
    }

    @Test
    void anExpandIsIrreversibleSoCancelIsTheDefault() {
        Assessment a = assess(RiskOperation.EXPAND, vol("erp-db", "vol-1"), "", Map.of(RiskModel.REQUIRED_BYTES, Long.toString(100L << 40)));
        assertThat(a.dangerous()).as("an expand is a caution, not a danger").isFalse();
        assertThat(a.actionIsDefault()).isFalse();
    }

    @Test
    void anUnstageCutsTheNodeOffSoCancelIsTheDefaultAsForAnUnpublish() {
        Assessment unstage = assess(RiskOperation.NODE_UNSTAGE, vol("erp-db", "vol-1", consoleStaged("node-1")), "node-1", Map.of());
        Assessment unpublish = assess(RiskOperation.NODE_UNPUBLISH, vol("erp-db", "vol-1", consoleNodePublished("node-1")), "node-1", Map.of());
        assertThat(unstage.actionIsDefault()).isFalse();
        assertThat(unpublish.actionIsDefault()).isFalse();
    }

    @Test
    void aReclaimThatRemovesNothingMayBeSentWithEnter() {
        Assessment a = assess(RiskOperation.RECLAIM_SPACE, vol("erp-db", "vol-1"), "", Map.of());
        assertThat(a.actionIsDefault()).isTrue();
    }
}
