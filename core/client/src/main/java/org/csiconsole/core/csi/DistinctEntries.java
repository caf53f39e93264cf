package org.csiconsole.core.csi;

import org.csiconsole.core.call.PageSink;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.function.Function;

/**
 * The pages of one listing (ListVolumes, ListSnapshots) without entries the console cannot show:
 * an entry without id ({@code volume_id} / {@code snapshot_id} are required by csi.proto) is left
 * out and logged once per listing as the plugin's fault; an entry whose id an earlier entry of the
 * same listing already had is left out silently. The spec lets a listing change between pages
 * ("The CO SHALL NOT expect a consistent view", ListVolumes), so a volume created meanwhile can
 * come twice; the first one shown stays.
 *
 * <p>One instance per listing; pages arrive one at a time (see {@link PageSink}).
 */
final class DistinctEntries<T> implements PageSink<T> {
    private static final Logger LOG = LoggerFactory.getLogger(DistinctEntries.class);

    private final String rpc;
    private final String idField;
    private final Function<T, String> id;
    private final PageSink<T> next;
    private final IdSet seen = new IdSet();
    private boolean warned;

    DistinctEntries(String rpc, String idField, Function<T, String> id, PageSink<T> next) {
        this.rpc = rpc;
        this.idField = idField;
        this.id = id;
        this.next = next;
    }

    @Override
    public CompletionStage<?> accept(List<T> page) {
        List<T> kept = null;
        synchronized (seen) {
            for (int i = 0; i < page.size(); i++) {
                T entry = page.get(i);
                String key = id.apply(entry);
                boolean keep = !key.isEmpty() && seen.add(key);
                if (key.isEmpty() && !warned) {
                    warned = true;
                    LOG.warn("{}: the plugin listed an entry without {} (required by the CSI spec); it is left out", rpc, idField);
                }
                if (!keep && kept == null) kept = new ArrayList<>(page.subList(0, i));
                else if (keep && kept != null) kept.add(entry);
            }
        }
        return next.accept(kept == null ? page : kept);
    }
}
