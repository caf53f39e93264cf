package org.csiconsole.views.replication;

import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.ReplicationInfo;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.replication.ReplicatedItem;
import org.csiconsole.core.replication.ReplicationPort;
import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.replication.SampleOrigin;
import org.csiconsole.core.risk.Assessment;
import org.csiconsole.core.risk.Hazard;
import org.csiconsole.core.risk.RiskModel;
import org.csiconsole.core.risk.RiskOperation;
import org.csiconsole.core.risk.RiskRequest;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The disable assessment of a split-brain row reads the same facts as its detail pane: the driver's split-brain report
 * and the partner it names, also when the partner's own row is not at hand (no site pair chosen).
 */
class DisableInSplitBrainTest {
    static final Instant NOW = Instant.parse("2026-12-06T07:50:00Z");

    @Test
    void aSplitBrainRowWithoutItsPartnersRowIsDisabledAsASplitBrainNamingThePartner() {
        ReplicatedItem item = new ReplicatedItem(ReplicationSource.volume("vol-00000117"), "", VolumeReplicationRole.PRIMARY,
                ReplicationHealth.ERROR, "site-b", "vol-00000202", null, List.of(), "site-a", "");
        ReplicationInfo info = new ReplicationInfo(NOW.minusSeconds(60), null, -1, ReplicationHealth.ERROR,
                "Split-brain: both vol-00000117 on site-a and vol-00000202 on site-b are primary.");
        ReplicationSample sample = new ReplicationSample(item, VolumeReplicationRole.PRIMARY, info, null, SampleOrigin.LISTING, NOW, null, NOW);
        ReplicationRow row = new ReplicationRow(new SiteChoice("Demo", "site-a", ReplicationPort.NONE, null), sample, null, null, null);

        Assessment a = new RiskModel(ZoneOffset.UTC).assess(RiskRequest.of(RiskOperation.DISABLE_REPLICATION,
                List.of(ReplicationCommands.facts(row)), NOW));

        String text = String.join("\n", a.lines());
        assertThat(text).doesNotContain("partner unknown")
                .contains("partner vol-00000202 on site-b: primary as vol-00000117's driver reports")
                .contains("the pair is in split brain: vol-00000117 on site-a and vol-00000202 on site-b are both primary");
        assertThat(a.hazards()).extracting(Hazard::kind).contains(Hazard.Kind.SPLIT_BRAIN_PRESENT);
        assertThat(a.saferAlternative()).startsWith("Run split-brain recovery first");
    }
}
