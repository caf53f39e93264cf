package org.csiconsole.core.replication;

import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

class SiteAnswersTest {
    private final ReplicationSource vol1 = ReplicationSource.volume("vol-1");

    @Test
    void siteAIsCalledUnreachableOnlyWhenItsStillAnswersCheckIsMissing() {
        List<PreflightCheck> answered = List.of(PreflightCheck.warn(SiteAnswers.checkName("site-a"), "site-a answers", vol1));
        List<PreflightCheck> silent = List.of(PreflightCheck.warn("Reachable: site-a", "site-a does not answer", vol1));

        assertThat(SiteAnswers.siteA("site-a", SiteAnswers.answered(answered, "site-a", vol1))).isEqualTo("site-a still answers: forced");
        assertThat(SiteAnswers.siteA("site-a", SiteAnswers.answered(silent, "site-a", vol1))).isEqualTo("site-a unreachable");
        assertThat(SiteAnswers.answered(answered, "site-a", ReplicationSource.volume("vol-2"))).as("another item's check").isFalse();
    }
}
