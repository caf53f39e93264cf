package org.csiconsole.core.model;

import org.junit.jupiter.api.Test;

import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CapabilitySetTest {
    private static <T> Set<T> reversed(T[] values) {
        List<T> l = new java.util.ArrayList<>(Arrays.asList(values));
        java.util.Collections.reverse(l);
        return new LinkedHashSet<>(l);
    }

    @Test
    void everySetIteratesInOneOrderWhateverOrderItWasBuiltIn() {
        CapabilitySet c = new CapabilitySet(reversed(PluginCapability.values()), reversed(ControllerCapability.values()),
                reversed(NodeCapability.values()), reversed(GroupControllerCapability.values()), new LinkedHashSet<>(List.of("b", "c", "a")));

        assertThat(c.plugin()).containsExactly(PluginCapability.values());
        assertThat(c.controller()).containsExactly(ControllerCapability.values());
        assertThat(c.node()).containsExactly(NodeCapability.values());
        assertThat(c.groupController()).containsExactly(GroupControllerCapability.values());
        assertThat(c.alpha()).containsExactly("a", "b", "c");
        assertThat(c).isEqualTo(new CapabilitySet(Set.of(PluginCapability.values()), Set.of(ControllerCapability.values()),
                Set.of(NodeCapability.values()), Set.of(GroupControllerCapability.values()), Set.of("a", "b", "c")));
    }

    @Test
    void theSetsCannotBeChanged() {
        CapabilitySet c = new CapabilitySet(Set.of(), Set.of(ControllerCapability.values()), Set.of(), Set.of(), Set.of());

        assertThatThrownBy(() -> c.controller().clear()).isInstanceOf(UnsupportedOperationException.class);
    }
}
