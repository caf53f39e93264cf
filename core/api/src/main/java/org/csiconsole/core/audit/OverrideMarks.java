package org.csiconsole.core.audit;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The calls a person chose to send although the console refused them (a known-illegal call whose
 * verdict rests on this console's own record, sent anyway): the workbench says which call on which
 * target it expects before sending, and the audit sink marks that call's record
 * {@linkplain AuditRecord#override() override} when it is written. Thread-safe.
 */
public final class OverrideMarks {
    private final Map<String, Integer> pending = new HashMap<>();

    /**
     * The next audited {@code call} naming {@code targetId} is an override.
     *
     * @param call the full method, e.g. {@code csi.v1.Controller/DeleteVolume}
     * @param targetId an id its request names, e.g. the {@code volume_id}
     */
    public synchronized void expect(String call, String targetId) {
        pending.merge(call + "\n" + targetId, 1, Integer::sum);
    }

    /** {@code r} marked override when it is an expected call (each expectation marks one record); else {@code r}. */
    public synchronized AuditRecord mark(AuditRecord r) {
        for (List<String> ids : r.targets().values()) {
            for (String id : ids) {
                String key = r.call() + "\n" + id;
                Integer n = pending.get(key);
                if (n == null) continue;
                if (n == 1) pending.remove(key);
                else pending.put(key, n - 1);
                return r.asOverride();
            }
        }
        return r;
    }

    /** {@code sink} writing each record through {@link #mark}. */
    public AuditSink marking(AuditSink sink) {
        return r -> sink.append(mark(r));
    }
}
