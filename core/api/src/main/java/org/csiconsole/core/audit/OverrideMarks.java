package org.csiconsole.core.audit;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * What the audit sink adds to a record that the call itself does not know: the calls a person chose to
 * send although the console refused them (a known-illegal call whose verdict rests on this console's own
 * record, sent anyway), and the calls that are steps of a workflow. The workbench says which call on which
 * target it expects before sending, and the sink marks that call's record
 * {@linkplain AuditRecord#override() override} when it is written; the workflow engine says which targets
 * a step acts on while it runs ({@link #step}), and the sink marks each call naming one of them as that
 * workflow's ({@link AuditRecord#workflow()}). The
 * GUI and the command line write through the same marks. Thread-safe.
 */
public final class OverrideMarks {
    private final Map<String, Integer> pending = new HashMap<>();
    private final List<RunningStep> steps = new java.util.ArrayList<>();

    private volatile AuditSink notes;

    private record RunningStep(java.util.Set<String> ids, String workflow) {
    }

    /**
     * Until the returned handle is closed, every audited call naming one of {@code targetIds} is a step of
     * {@code workflow}: its record carries the workflow's words. Whether it is forced is the call's own
     * ({@code force=true} in its request), never the workflow's.
     *
     * @param targetIds ids the step's calls name ({@code volume_id}, {@code volume_group_id}, a fenced {@code cidr})
     * @param workflow the workflow in words, e.g. {@code "Split-brain recovery: survivor site-a (vol-1), discarded site-b (vol-1r)"}
     */
    public AutoCloseable step(java.util.Collection<String> targetIds, String workflow) {
        RunningStep s = new RunningStep(java.util.Set.copyOf(targetIds), workflow);
        synchronized (this) {
            steps.add(s);
        }
        return () -> {
            synchronized (this) {
                steps.remove(s);
            }
        };
    }

    /**
     * The next audited {@code call} naming {@code targetId} is an override.
     *
     * @param call the full method, e.g. {@code csi.v1.Controller/DeleteVolume}
     * @param targetId an id its request names, e.g. the {@code volume_id}
     */
    public synchronized void expect(String call, String targetId) {
        pending.merge(call + "\n" + targetId, 1, Integer::sum);
    }

    /**
     * {@code r} marked override when it is an expected call (each expectation marks one record), and as a
     * workflow's step when it names a target of a step running ({@link #step}); else {@code r}.
     */
    public synchronized AuditRecord mark(AuditRecord r) {
        return inStep(overridden(r));
    }

    private AuditRecord overridden(AuditRecord r) {
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

    private AuditRecord inStep(AuditRecord r) {
        for (RunningStep s : steps) {
            if (r.targets().values().stream().flatMap(List::stream).anyMatch(s.ids()::contains)) return r.inWorkflow(s.workflow());
        }
        return r;
    }

    /** {@code sink} writing each record through {@link #mark}; {@link #note} writes into it too. */
    public AuditSink marking(AuditSink sink) {
        notes = sink;
        return r -> sink.append(mark(r));
    }

    /**
     * Appends {@code r}, a workflow's own event that is no call (a stop by the person running it), to the sink last
     * given to {@link #marking}, unmarked.
     *
     * @return completes once it is durable, as {@link AuditSink#append}; at once when no sink was given (nothing audited)
     */
    public java.util.concurrent.CompletableFuture<Void> note(AuditRecord r) {
        AuditSink s = notes;
        return s == null ? java.util.concurrent.CompletableFuture.completedFuture(null) : s.append(r);
    }
}
