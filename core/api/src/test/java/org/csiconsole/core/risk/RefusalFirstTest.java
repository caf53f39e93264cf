package org.csiconsole.core.risk;

import org.junit.jupiter.api.Test;

import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.csiconsole.core.risk.RiskModelTableTest.NOW;
import static org.csiconsole.core.risk.RiskModelTableTest.driverPublished;
import static org.csiconsole.core.risk.RiskModelTableTest.vol;

/** A refused call says so before its facts, and never asks for a name to be typed. */
class RefusalFirstTest {
    private final RiskModel model = new RiskModel(ZoneOffset.UTC);

    @Test
    void aRefusedBulkDeleteSaysWhyBeforeTheListOfVolumesAndAsksNothingToType() {
        List<TargetFacts> targets = new ArrayList<>();
        targets.add(vol("pvc-web", "vol-0", driverPublished("node-1")));
        for (int i = 1; i < 205; i++) targets.add(vol("pvc-" + i, "vol-" + i));
        Assessment a = model.assess(RiskRequest.of(RiskOperation.DELETE_VOLUME, targets, NOW));

        assertThat(a.blocked()).isTrue();
        assertThat(a.illegal().overridable()).isFalse();
        List<String> lines = a.lines();
        assertThat(lines.get(1)).startsWith("  Not sent: pvc-web is still published to node-1");
        assertThat(lines).noneMatch(l -> l.contains("To confirm"));
        assertThat(a.asksToType()).isFalse();
    }

    @Test
    void aCallThatMayBeSentStillAsksForItsName() {
        Assessment a = model.assess(RiskRequest.of(RiskOperation.DELETE_VOLUME, List.of(vol("erp-db", "vol-1")), NOW));
        assertThat(a.asksToType()).isTrue();
        assertThat(a.lines()).last().asString().isEqualTo("  To confirm, " + a.consent().instruction() + ".");
    }
}
