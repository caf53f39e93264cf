package org.csiconsole.core.model;

import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * One topology segment map (csi.proto {@code Topology.segments}), e.g.
 * {@code topology.example.com/zone=zone-a}. Keys are sorted for stable display.
 */
public record Topology(Map<String, String> segments) {
    public Topology {
        segments = segments == null ? Map.of() : java.util.Collections.unmodifiableMap(new TreeMap<>(segments));
    }

    public static Topology of(String key, String value) {
        return new Topology(Map.of(key, value));
    }

    @Override
    public String toString() {
        return segments.entrySet().stream().map(e -> e.getKey() + "=" + e.getValue())
                .collect(Collectors.joining(","));
    }
}
