package org.csiconsole.app.cli;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.risk.Assessment;
import org.csiconsole.core.risk.Placement;
import org.csiconsole.core.risk.RiskOperation;
import org.csiconsole.core.risk.RiskRequest;
import org.csiconsole.core.risk.SideFacts;
import org.csiconsole.core.risk.TargetFacts;
import org.csiconsole.core.risk.RiskModel;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The command line's rendering of core's assessment: what --yes satisfies it, and the override of a refused call. */
class RiskConsentTest {
    private static final Instant NOW = Instant.parse("2026-12-06T07:50:00Z");
    private final RiskConsent consent = new RiskConsent(new RiskModel(), Optional::empty);
    private final StringWriter err = new StringWriter();

    private static TargetFacts volume(String name, String id, Placement... placements) {
        return new TargetFacts("volume", id, name, 1L << 30, List.of(placements), false, null, null, List.of());
    }

    private Assessment assess(RiskRequest r) {
        return consent.assess(r);
    }

    @Test
    void requiredYesIsThePhraseOrOneNamePerTargetOrNothing() {
        assertThat(RiskConsent.requiredYes(assess(RiskRequest.of(RiskOperation.DELETE_VOLUME, List.of(volume("db", "v-1")), NOW)), false))
                .containsExactly("db");
        assertThat(RiskConsent.requiredYes(assess(RiskRequest.of(RiskOperation.DELETE_VOLUME,
                List.of(volume("a", "v-a"), volume("b", "v-b")), NOW)), false)).containsExactly("delete a, b");
        SideFacts b = new SideFacts("site-b", "v-b", "db", VolumeReplicationRole.SECONDARY, ReplicationHealth.HEALTHY, true, NOW, null);
        SideFacts b2 = new SideFacts("site-b", "v-b2", "log", VolumeReplicationRole.SECONDARY, ReplicationHealth.HEALTHY, true, NOW, null);
        assertThat(RiskConsent.requiredYes(assess(new RiskRequest(RiskOperation.PROMOTE, true,
                List.of(volume("db", "v-b").withReplication(b, null), volume("log", "v-b2").withReplication(b2, null)), "", "", NOW)), false))
                .containsExactly("db", "log");
        assertThat(RiskConsent.requiredYes(assess(RiskRequest.of(RiskOperation.EXPAND, List.of(volume("db", "v-1")), NOW)), false)).isEmpty();
    }

    @Test
    void aDeleteRefusedOnThisConsolesOwnRecordIsSentOnlyWithOverrideAndTheTypedNameAndIsMarked() {
        Placement mine = new Placement("node-1", Placement.Kind.PUBLISHED, "", Placement.Knowledge.CONSOLE, NOW.minusSeconds(1200));
        Assessment a = assess(RiskRequest.of(RiskOperation.DELETE_VOLUME, List.of(volume("walk-vol-1", "3f1c", mine)), NOW));

        assertThatThrownBy(() -> consent.confirm(a, List.of("walk-vol-1"), false, new PrintWriter(err, true)))
                .isInstanceOf(CallFailure.class).hasMessageContaining("not sent: walk-vol-1 is still published to node-1")
                .satisfies(e -> assertThat(((CallFailure) e).whatToDo()).contains("--override"));
        assertThatThrownBy(() -> consent.confirm(a, List.of(), true, new PrintWriter(err, true)))
                .isInstanceOf(CallFailure.class).hasMessageContaining("no terminal");

        RiskConsent.Given given = consent.confirm(a, List.of("3f1c"), true, new PrintWriter(err, true));

        assertThat(given.override()).isTrue();
        assertThat(err.toString()).contains("DANGER: walk-vol-1 is still published to node-1 (ControllerPublishVolume by this console");
    }

    @Test
    void overrideDoesNotApplyWhereTheDriverReportsThePublication() {
        Placement driver = new Placement("node-1", Placement.Kind.PUBLISHED, "", Placement.Knowledge.DRIVER, null);
        Assessment a = assess(RiskRequest.of(RiskOperation.DELETE_VOLUME, List.of(volume("db", "v-1", driver)), NOW));

        assertThatThrownBy(() -> consent.confirm(a, List.of("db"), true, new PrintWriter(err, true)))
                .isInstanceOf(CallFailure.class).hasMessageContaining("--override does not apply");
    }
}
