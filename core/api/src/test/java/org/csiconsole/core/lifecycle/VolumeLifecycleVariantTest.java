package org.csiconsole.core.lifecycle;

import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.NodeCapability;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/** The figure follows the three capabilities, for every combination (CSI spec v1.12, "Volume Lifecycle"). */
class VolumeLifecycleVariantTest {

    @ParameterizedTest(name = "create/delete {0}, publish {1}, stage {2}: {3}")
    @CsvSource(delimiter = '|', textBlock = """
            true  | true  | true  | FIG_6 | false | Figure 6                                  | CREATED NODE_READY VOL_READY PUBLISHED | CreateVolume ControllerPublishVolume ControllerUnpublishVolume NodeStageVolume NodeUnstageVolume NodePublishVolume NodeUnpublishVolume DeleteVolume
            true  | true  | false | FIG_5 | false | Figure 5                                  | CREATED NODE_READY PUBLISHED           | CreateVolume ControllerPublishVolume ControllerUnpublishVolume NodePublishVolume NodeUnpublishVolume DeleteVolume
            true  | false | true  | FIG_6 | true  | Figure 6 without ControllerPublishVolume  | CREATED VOL_READY PUBLISHED            | CreateVolume NodeStageVolume NodeUnstageVolume NodePublishVolume NodeUnpublishVolume DeleteVolume
            true  | false | false | FIG_5 | true  | Figure 5 without ControllerPublishVolume  | CREATED PUBLISHED                      | CreateVolume NodePublishVolume NodeUnpublishVolume DeleteVolume
            false | true  | true  | FIG_7 | true  | Figure 7 with NodeStageVolume             | NODE_READY VOL_READY PUBLISHED         | ValidateVolumeCapabilities ControllerPublishVolume NodeStageVolume NodeUnstageVolume NodePublishVolume NodeUnpublishVolume ControllerUnpublishVolume
            false | true  | false | FIG_7 | false | Figure 7                                  | NODE_READY PUBLISHED                   | ValidateVolumeCapabilities ControllerPublishVolume NodePublishVolume NodeUnpublishVolume ControllerUnpublishVolume
            false | false | true  | FIG_8 | true  | Figure 8 with NodeStageVolume             | VOL_READY PUBLISHED                    | NodeStageVolume NodePublishVolume NodeUnpublishVolume NodeUnstageVolume
            false | false | false | FIG_8 | false | Figure 8                                  | PUBLISHED                              | NodePublishVolume NodeUnpublishVolume
            """)
    void theFigureItsStatesAndItsCallsFollowTheAdvertisedCapabilities(boolean createDelete, boolean publish, boolean stage,
                                                                       LifecycleVariant figure, boolean adapted, String title,
                                                                       String chain, String calls) {
        VolumeLifecycle lc = VolumeLifecycle.of(caps(createDelete, publish, stage));

        assertThat(lc.variant()).isEqualTo(figure);
        assertThat(lc.adapted()).isEqualTo(adapted);
        assertThat(lc.title()).isEqualTo(title);
        assertThat(lc.chain()).extracting(Enum::name).containsExactly(chain.split("\\s+"));
        assertThat(lc.transitions()).extracting(Transition::id).containsExactlyInAnyOrder(calls.split("\\s+"));
        assertThat(lc.reason()).startsWith(title + ": ")
                .contains(createDelete ? "advertises CREATE_DELETE_VOLUME" : "does not advertise CREATE_DELETE_VOLUME")
                .contains(publish ? "advertises PUBLISH_UNPUBLISH_VOLUME" : "does not advertise PUBLISH_UNPUBLISH_VOLUME")
                .contains(stage ? "advertises STAGE_UNSTAGE_VOLUME" : "does not advertise STAGE_UNSTAGE_VOLUME");
        assertThat(lc.reason().contains("may forego lifecycle steps")).isEqualTo(adapted);
    }

    @Test
    void everyTransitionJoinsStatesOfItsFigureAndEveryStateIsReachable() {
        for (boolean cd : new boolean[] {true, false}) {
            for (boolean pu : new boolean[] {true, false}) {
                for (boolean su : new boolean[] {true, false}) {
                    VolumeLifecycle lc = VolumeLifecycle.of(cd, pu, su, true);
                    List<VolumeState> states = lc.states();
                    assertThat(lc.transitions()).allSatisfy(t -> assertThat(states).contains(t.from(), t.to()));
                    for (VolumeState s : lc.chain()) {
                        assertThat(lc.transitions()).as("%s reached in %s", s, lc.title()).anyMatch(t -> t.to() == s && !t.loop());
                        assertThat(lc.transitions()).as("%s left in %s", s, lc.title()).anyMatch(t -> t.from() == s && !t.loop());
                    }
                    assertThat(lc.transitions()).extracting(Transition::id).doesNotHaveDuplicates();
                }
            }
        }
    }

    @Test
    void withoutANodeServiceStagingIsDrawnAbsentAndTheReasonSaysItIsNotKnown() {
        CapabilitySet controllerOnly = new CapabilitySet(Set.of(), EnumSet.of(ControllerCapability.CREATE_DELETE_VOLUME,
                ControllerCapability.PUBLISH_UNPUBLISH_VOLUME), Set.of(), Set.of(), Set.of(), false);

        VolumeLifecycle lc = VolumeLifecycle.of(controllerOnly);

        assertThat(lc.variant()).isEqualTo(LifecycleVariant.FIG_5);
        assertThat(lc.reason()).contains("no node plugin answered NodeGetCapabilities, so staging is not known");
    }

    private static CapabilitySet caps(boolean createDelete, boolean publish, boolean stage) {
        Set<ControllerCapability> controller = EnumSet.noneOf(ControllerCapability.class);
        if (createDelete) controller.add(ControllerCapability.CREATE_DELETE_VOLUME);
        if (publish) controller.add(ControllerCapability.PUBLISH_UNPUBLISH_VOLUME);
        Set<NodeCapability> node = stage ? EnumSet.of(NodeCapability.STAGE_UNSTAGE_VOLUME) : EnumSet.noneOf(NodeCapability.class);
        return new CapabilitySet(Set.of(), controller, node, Set.of(), Set.of(), true);
    }

    static String[] words(String s) {
        return Arrays.stream(s.split("\\s+")).filter(w -> !w.isEmpty()).toArray(String[]::new);
    }
}
