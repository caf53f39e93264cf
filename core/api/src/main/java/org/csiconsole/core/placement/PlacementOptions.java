package org.csiconsole.core.placement;

import org.csiconsole.core.model.Topology;
import org.csiconsole.core.port.SourceFailure;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Where a new volume can be asked to go, as far as a connection knows.
 *
 * @param segments accessible topology segments seen, each with where it was seen; never null
 * @param parameterValues create parameter keys, documented ones first, each with the values seen
 *                        for it (sorted; empty when none was seen); never null
 * @param segmentKeys parameter key to the topology key whose values it takes (e.g. the reference
 *                    plugin's {@code array} and its site segment); never null
 * @param missing sources that did not answer (GetCapacity, NodeGetInfo, GetPluginInfo); never null
 */
public record PlacementOptions(List<Segment> segments, Map<String, List<String>> parameterValues,
                               Map<String, String> segmentKeys, List<SourceFailure> missing) {
    /** Nothing known: "any" is the only placement. */
    public static final PlacementOptions NONE = new PlacementOptions(List.of(), Map.of(), Map.of(), List.of());

    public PlacementOptions {
        segments = segments == null ? List.of() : List.copyOf(segments);
        parameterValues = parameterValues == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(parameterValues));
        segmentKeys = segmentKeys == null ? Map.of() : Map.copyOf(segmentKeys);
        missing = missing == null ? List.of() : List.copyOf(missing);
    }

    /**
     * One accessible topology segment map.
     *
     * @param topology the segments, never empty
     * @param seenIn where it was seen, e.g. {@code "GetCapacity"}, {@code "NodeGetInfo node-1"},
     *               {@code "2 volumes"}; never empty
     */
    public record Segment(Topology topology, List<String> seenIn) {
        public Segment {
            seenIn = List.copyOf(seenIn);
        }

        /** The segment and its sources, e.g. {@code "zone=a (GetCapacity, NodeGetInfo node-1)"}. */
        public String describe() {
            return topology + " (" + String.join(", ", seenIn) + ")";
        }
    }

    /** The parameter keys, documented ones first. */
    public List<String> keys() {
        return List.copyOf(parameterValues.keySet());
    }

    /** The values seen for {@code key}; empty when none (or an unknown key). */
    public List<String> valuesOf(String key) {
        return key == null ? List.of() : parameterValues.getOrDefault(key.strip(), List.of());
    }
}
