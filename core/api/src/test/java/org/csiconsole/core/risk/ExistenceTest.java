package org.csiconsole.core.risk;

import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.port.SourceFailure;
import org.csiconsole.core.model.CapabilitySet;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.model.NodeCapability;
import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.port.Features;
import org.csiconsole.core.port.StorageService;
import org.junit.jupiter.api.Test;

import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

/** Whether a volume exists before a call names it: the driver's complete listing decides; without one, the record. */
class ExistenceTest {
    /** A driver listing vol-1 (with LIST_VOLUMES when {@code lists}), its listing missing a source when {@code partial}. */
    private static StorageService driver(boolean lists, boolean partial) {
        Set<ControllerCapability> caps = EnumSet.of(ControllerCapability.CREATE_DELETE_VOLUME);
        if (lists) caps.add(ControllerCapability.LIST_VOLUMES);
        Features f = Features.from(new CapabilitySet(Set.of(), caps, EnumSet.noneOf(NodeCapability.class), Set.of(), Set.of(), false),
                true, false, false, false);
        return new StorageService() {
            @Override
            public CompletableFuture<Features> features() {
                return CompletableFuture.completedFuture(f);
            }

            @Override
            public CompletableFuture<List<SourceFailure>> listVolumes(PageSink<Volume> pages) {
                pages.accept(List.of(new Volume("vol-1", "data", 1L << 30, null, null, null, null, null, List.of(), null, null, Origin.CSI, null)));
                return CompletableFuture.completedFuture(partial ? List.of(SourceFailure.of("array-2", new RuntimeException("down"))) : List.of());
            }
        };
    }

    @Test
    void aCompleteListingTellsListedFromNotListedWhateverTheRecordKnows() {
        assertThat(Existence.read(driver(true, false), Set.of("nope"), List.of("vol-1", "nope")).join())
                .containsExactly(Map.entry("vol-1", Existence.LISTED), Map.entry("nope", Existence.NOT_LISTED));
    }

    @Test
    void aDriverThatCannotListLeavesTheRecordToDecide() {
        assertThat(Existence.read(driver(false, false), Set.of("vol-9"), List.of("vol-9", "nope")).join())
                .containsExactly(Map.entry("vol-9", Existence.RECORDED), Map.entry("nope", Existence.UNKNOWN));
    }

    @Test
    void anIncompleteListingIsNoProofOfAbsence() {
        assertThat(Existence.read(driver(true, true), Set.of(), List.of("nope")).join()).containsExactly(Map.entry("nope", Existence.UNKNOWN));
    }

    @Test
    void withoutAStorageOnlyTheRecordCanTell() {
        assertThat(Existence.read(new org.csiconsole.core.port.FencePort() { }, Set.of("vol-1"), List.of("vol-1", "nope")).join())
                .containsExactly(Map.entry("vol-1", Existence.RECORDED), Map.entry("nope", Existence.UNKNOWN));
    }
}
