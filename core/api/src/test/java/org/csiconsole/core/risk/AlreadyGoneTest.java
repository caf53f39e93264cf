package org.csiconsole.core.risk;

import org.junit.jupiter.api.Test;

import java.time.ZoneOffset;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.csiconsole.core.risk.RiskModelTableTest.NOW;
import static org.csiconsole.core.risk.RiskModelTableTest.vol;

/** A target read again at consent and found gone is not deleted a second time, and nothing claims it was. */
class AlreadyGoneTest {
    private final RiskModel model = new RiskModel(ZoneOffset.UTC);
    private final Assessment delete = model.assess(RiskRequest.of(RiskOperation.DELETE_VOLUME, List.of(vol("erp-db", "vol-1")), NOW));

    @Test
    void aVolumeFoundGoneIsRefusedWithoutSendAnywayAndSaysWhoMayHaveDeletedIt() {
        Assessment a = RiskModel.alreadyGone(delete, List.of("erp-db"));

        assertThat(a.blocked()).isTrue();
        assertThat(a.illegal().overridable()).as("nothing is left to send anyway").isFalse();
        assertThat(a.illegal().reason()).isEqualTo("erp-db is already deleted (by someone else?): the driver answered NOT_FOUND when read just now");
        assertThat(a.illegal().nextStep()).isEqualTo("Nothing to delete: refresh the list (F5) to see what is left.");
        assertThat(a.state().get(0)).as("the dialog leads with it, not with the stale facts")
                .isEqualTo("Already deleted (by someone else?): erp-db was found gone before sending; nothing was sent.");
        assertThat(a.lines()).anySatisfy(l -> assertThat(l).contains("already deleted (by someone else?)"));
        assertThat(a.hazards()).as("nothing is left to lose: no DANGER beside \"already deleted\"").isEmpty();
        assertThat(delete.hazards()).isNotEmpty();
    }

    @Test
    void nothingFoundGoneLeavesTheAssessmentAsItIs() {
        assertThat(RiskModel.alreadyGone(delete, List.of())).isSameAs(delete);
        assertThat(RiskModel.goneResult(List.of("a", "b"))).isEqualTo("Already deleted (by someone else?): a, b were found gone before sending; nothing was sent.");
    }
}
