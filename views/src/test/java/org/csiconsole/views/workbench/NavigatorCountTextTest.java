package org.csiconsole.views.workbench;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** How the navigator writes a count: complete, partial, failed, not counted yet. */
class NavigatorCountTextTest {
    @Test
    void aCompleteCountIsANumberAndAPartialOneIsAtLeastThatManyWithTheMissingSourcesInItsTooltip() {
        assertThat(NavigatorView.countText(1204, "")).isEqualTo("1,204");
        assertThat(NavigatorView.countTip(1204, "")).isEmpty();
        assertThat(NavigatorView.countText(163, "site-b: UNAVAILABLE \u2014 connection refused")).isEqualTo("163+");
        assertThat(NavigatorView.countTip(163, "site-b: UNAVAILABLE \u2014 connection refused"))
                .isEqualTo("Partial: site-b: UNAVAILABLE \u2014 connection refused");
    }

    @Test
    void aFailedCountIsAQuestionMarkWithTheReasonAndSnapshotsNotCountedYetSaySo() {
        assertThat(NavigatorView.countText(ConnectionModel.UNKNOWN, "")).isEmpty();
        assertThat(NavigatorView.countText(ConnectionModel.UNKNOWN, "not counted: List hosts: HTTP 503")).isEqualTo("?");
        assertThat(NavigatorView.countTip(ConnectionModel.UNKNOWN, "not counted: List hosts: HTTP 503")).isEqualTo("not counted: List hosts: HTTP 503");
        assertThat(NavigatorView.countText(ConnectionModel.NOT_COUNTED, "")).isEqualTo("not counted");
        assertThat(NavigatorView.countTip(ConnectionModel.NOT_COUNTED, "")).startsWith("Not counted yet").contains("when this view is opened");
    }

    @Test
    void aServiceTheDriverDoesNotServeReadsNotServedWithTheReasonNeverZero() {
        assertThat(NavigatorView.countText(ConnectionModel.NOT_SERVED, "Not served: the driver does not advertise GROUP_CONTROLLER_SERVICE"))
                .isEqualTo("not served");
        assertThat(NavigatorView.countTip(ConnectionModel.NOT_SERVED, "Not served: the driver does not advertise GROUP_CONTROLLER_SERVICE"))
                .isEqualTo("Not served: the driver does not advertise GROUP_CONTROLLER_SERVICE");
        assertThat(NavigatorView.countText(ConnectionModel.CANNOT_LIST, "")).isEqualTo("cannot list");
    }

    @Test
    void theNavigatorUsesTheGlossarysTermGroupSnapshot() throws Exception {
        String glossary = java.nio.file.Files.readString(java.nio.file.Path.of("..", "docs", "glossary.md"));
        assertThat(glossary).contains("| **group snapshot** |").doesNotContain("**snapshot group**");
        assertThat(ResourceKind.SNAPSHOT_GROUPS.title()).isEqualTo("Group snapshots");
        assertThat(ResourceKind.SNAPSHOT_GROUPS.noun()).isEqualTo("group snapshots");
    }
}
