package org.csiconsole.core.placement;

import org.csiconsole.core.model.Topology;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.port.VolumeRequest;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Compares a created volume with where it was asked to go, from what the plugin reports back
 * (CSI spec v1.12, CreateVolumeResponse: {@code accessible_topology} and {@code volume_context}).
 * A plugin that reports neither cannot be checked: nothing is said then.
 */
public final class PlacementCheck {
    private PlacementCheck() {
    }

    /**
     * What the created volume does not honour, one sentence each; empty when everything that can
     * be observed matches.
     *
     * <ul>
     *   <li>A requisite topology: the volume reports an {@code accessible_topology} and none of its
     *       entries agrees with a requested one on their common keys. (No reported topology means
     *       "accessible from everywhere" in the spec, which satisfies any request.)</li>
     *   <li>A parameter: {@code volume_context} reports the same key with another value, or the
     *       parameter selects a topology key ({@link PlacementOptions#segmentKeys()}, e.g.
     *       {@code array} of the reference plugin) and the volume's topology says another value.</li>
     * </ul>
     */
    public static List<String> unmet(VolumeRequest request, Volume created, PlacementOptions options) {
        List<String> out = new ArrayList<>();
        List<Topology> got = created.accessibleTopology().stream().filter(t -> !t.segments().isEmpty()).toList();
        if (!request.requisite().isEmpty() && !got.isEmpty()
                && got.stream().noneMatch(t -> request.requisite().stream().anyMatch(r -> agree(t, r)))) {
            out.add("Asked for topology " + join(request.requisite()) + "; the plugin reports the volume accessible from "
                    + join(got) + ".");
        }
        request.parameters().forEach((key, asked) -> {
            String reported = created.volumeContext().get(key);
            if (reported != null && !reported.equals(asked)) {
                out.add("Asked for " + key + "=" + asked + "; the volume_context says " + key + "=" + reported + ".");
                return;
            }
            String segKey = options.segmentKeys().get(key);
            if (segKey == null || got.isEmpty()) return;
            List<String> where = got.stream().map(t -> t.segments().get(segKey)).filter(x -> x != null).distinct().toList();
            if (!where.isEmpty() && !where.contains(asked)) {
                out.add("Asked for " + key + "=" + asked + "; the volume is accessible from " + join(got) + ".");
            }
        });
        return out;
    }

    /** True when {@code a} and {@code b} give the same value for every key both have. */
    static boolean agree(Topology a, Topology b) {
        for (Map.Entry<String, String> e : a.segments().entrySet()) {
            String other = b.segments().get(e.getKey());
            if (other != null && !other.equals(e.getValue())) return false;
        }
        return true;
    }

    private static String join(List<Topology> ts) {
        return String.join(" or ", ts.stream().map(Topology::toString).toList());
    }
}
