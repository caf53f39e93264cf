package org.csiconsole.core.lifecycle;

import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** Which transition may be taken from a live state, and the spec's reason when not. */
class VolumeLifecycleVerdictTest {
    private static final Instant NOW = Instant.parse("2025-03-01T12:00:00Z");
    private final VolumeLifecycle fig6 = VolumeLifecycle.of(true, true, true, true);

    private static VolumeLiveState live(NodeState... nodes) {
        return new VolumeLiveState("pvc-1", VolumeLiveState.Presence.PRESENT, true, List.of(nodes), List.of(), NOW);
    }

    private Verdict verdict(VolumeLifecycle lc, LifecycleCall call, VolumeLiveState live, String node) {
        return lc.verdict(lc.transition(call), live, node);
    }

    @Test
    void nodePublishBeforeNodeStageOnAStagingPluginIsFailedPreconditionWithTheSpecsReason() {
        VolumeLiveState live = live(new NodeState("node-1", VolumeState.NODE_READY, true, "", List.of()));

        Verdict v = verdict(fig6, LifecycleCall.NODE_PUBLISH_VOLUME, live, "node-1");

        assertThat(v.legal()).isFalse();
        assertThat(v.code()).isEqualTo("FAILED_PRECONDITION");
        assertThat(v.describe()).startsWith("FAILED_PRECONDITION: Staging target path not set")
                .contains("STAGE_UNSTAGE_VOLUME").contains("NodeStageVolume MUST succeed on node-1 first");
        assertThat(verdict(fig6, LifecycleCall.NODE_STAGE_VOLUME, live, "node-1")).isEqualTo(Verdict.LEGAL);
        assertThat(verdict(fig6, LifecycleCall.CONTROLLER_UNPUBLISH_VOLUME, live, "node-1")).isEqualTo(Verdict.LEGAL);
    }

    @Test
    void aPublishedVolumeCannotBeDeletedNorUnstagedNorControllerUnpublishedAndEachSaysWhy() {
        VolumeLiveState live = live(new NodeState("node-1", VolumeState.PUBLISHED, true, "/stage", List.of("/pod/a")),
                new NodeState("node-2", VolumeState.NODE_READY, true, "", List.of()));

        Verdict delete = verdict(fig6, LifecycleCall.DELETE_VOLUME, live, "node-1");
        Verdict unstage = verdict(fig6, LifecycleCall.NODE_UNSTAGE_VOLUME, live, "node-1");
        Verdict unpublish = verdict(fig6, LifecycleCall.CONTROLLER_UNPUBLISH_VOLUME, live, "node-1");

        assertThat(delete.code()).isEqualTo("FAILED_PRECONDITION");
        assertThat(delete.reason()).contains("node-1 (PUBLISHED)", "node-2 (NODE_READY)", "DeleteVolume errors");
        assertThat(unstage.legal()).isFalse();
        assertThat(unstage.reason()).contains("/pod/a", "NodeUnpublishVolume for every target_path first");
        assertThat(unpublish.reason()).contains("Still PUBLISHED on node-1", "spec, ControllerUnpublishVolume");
        assertThat(verdict(fig6, LifecycleCall.NODE_UNPUBLISH_VOLUME, live, "node-1")).isEqualTo(Verdict.LEGAL);
        // On node-2 the same volume is only controller-published: staging is the legal step there.
        assertThat(verdict(fig6, LifecycleCall.NODE_STAGE_VOLUME, live, "node-2")).isEqualTo(Verdict.LEGAL);
    }

    @Test
    void stagingBeforeControllerPublishBreaksTheCosObligation() {
        VolumeLiveState live = live();

        Verdict v = verdict(fig6, LifecycleCall.NODE_STAGE_VOLUME, live, "node-3");

        assertThat(v.legal()).isFalse();
        assertThat(v.reason()).contains("ControllerPublishVolume for the node first (spec, NodeStageVolume)");
        assertThat(verdict(fig6, LifecycleCall.CONTROLLER_PUBLISH_VOLUME, live, "node-3")).isEqualTo(Verdict.LEGAL);
        assertThat(verdict(fig6, LifecycleCall.DELETE_VOLUME, live, null)).isEqualTo(Verdict.LEGAL);
    }

    @Test
    void withoutAVolumeOnlyCreateVolumeIsLegalAndADeletedOneIsNotFound() {
        VolumeLiveState none = VolumeLiveState.none(NOW);
        VolumeLiveState deleted = new VolumeLiveState("pvc-1", VolumeLiveState.Presence.DELETED, false, List.of(), List.of(), NOW);

        assertThat(fig6.transitions()).allSatisfy(t -> assertThat(fig6.verdict(t, none, "node-1").legal())
                .isEqualTo(t.call() == LifecycleCall.CREATE_VOLUME));
        assertThat(verdict(fig6, LifecycleCall.NODE_STAGE_VOLUME, deleted, "node-1").code()).isEqualTo("NOT_FOUND");
        assertThat(fig6.stateOn(deleted, "node-1")).isEqualTo(VolumeState.FINAL);
    }

    @Test
    void aPreProvisionedVolumeStartsAtTheInitialXAndValidatesThere() {
        VolumeLifecycle fig7 = VolumeLifecycle.of(false, true, false, true);
        VolumeLiveState live = live();

        assertThat(fig7.stateOn(live, "node-1")).isEqualTo(VolumeState.INITIAL);
        assertThat(verdict(fig7, LifecycleCall.VALIDATE_VOLUME_CAPABILITIES, live, "node-1")).isEqualTo(Verdict.LEGAL);
        assertThat(verdict(fig7, LifecycleCall.CONTROLLER_PUBLISH_VOLUME, live, "node-1")).isEqualTo(Verdict.LEGAL);
        assertThat(verdict(fig7, LifecycleCall.NODE_PUBLISH_VOLUME, live, "node-1").reason())
                .contains("ControllerPublishVolume for the node first (spec, NodePublishVolume)");
    }

    @Test
    void aNodeOnlyPluginPublishesStraightAwayAndThePublishedStateCanOnlyBeLeft() {
        VolumeLifecycle fig8 = VolumeLifecycle.of(false, false, false, true);
        VolumeLiveState published = live(new NodeState("n", VolumeState.PUBLISHED, false, "", List.of("/t")));

        assertThat(verdict(fig8, LifecycleCall.NODE_PUBLISH_VOLUME, live(), "n")).isEqualTo(Verdict.LEGAL);
        assertThat(verdict(fig8, LifecycleCall.NODE_UNPUBLISH_VOLUME, published, "n")).isEqualTo(Verdict.LEGAL);
        assertThat(verdict(fig8, LifecycleCall.NODE_PUBLISH_VOLUME, published, "n").reason()).contains("Already published on n at /t");
        assertThat(fig8.stateOf(false, false, false)).isEqualTo(VolumeState.INITIAL);
    }
}
