package org.csiconsole.core.audit;

import java.time.Instant;

/**
 * A filter over the audit log. Null (or empty text) means "any". Entries come newest first.
 *
 * @param since entries at or after this instant, or null
 * @param until entries before this instant, or null
 * @param connection entries whose connection name or endpoint is this text (exact), or null: the workbench records a
 *     connection's name ({@code Served}), the command line its endpoint, and both the endpoint
 *     ({@code unix:///tmp/x.sock}), which finds the history of both
 * @param targetId entries that name this id in any target field (volume_id, snapshot_id, node_id,
 *     volume group id, CIDR, name, ...), or null
 * @param outcome entries with this outcome, or null
 * @param offset entries to skip (newest first), 0 or more
 * @param limit most entries to return, 1 or more; {@link #ALL} for no limit
 * @param marked true for forced and override entries only ({@link AuditRecord#marked()}); false for any
 */
public record AuditQuery(Instant since, Instant until, String connection, String targetId, AuditOutcome outcome,
                         int offset, int limit, boolean marked) {
    /** The limit meaning "every matching entry". */
    public static final int ALL = Integer.MAX_VALUE;

    /** Every entry, newest first, a page of 100. */
    public static final AuditQuery FIRST_PAGE = new AuditQuery(null, null, null, null, null, 0, 100);

    /** A filter over every entry, forced or not. */
    public AuditQuery(Instant since, Instant until, String connection, String targetId, AuditOutcome outcome, int offset, int limit) {
        this(since, until, connection, targetId, outcome, offset, limit, false);
    }

    public AuditQuery {
        if (offset < 0) throw new IllegalArgumentException("offset must be 0 or more, got " + offset);
        if (limit < 1) throw new IllegalArgumentException("limit must be 1 or more, got " + limit);
        if (connection != null && connection.isEmpty()) connection = null;
        if (targetId != null && targetId.isEmpty()) targetId = null;
    }

    public AuditQuery withSince(Instant t) {
        return new AuditQuery(t, until, connection, targetId, outcome, offset, limit, marked);
    }

    public AuditQuery withUntil(Instant t) {
        return new AuditQuery(since, t, connection, targetId, outcome, offset, limit, marked);
    }

    public AuditQuery withConnection(String c) {
        return new AuditQuery(since, until, c, targetId, outcome, offset, limit, marked);
    }

    public AuditQuery withTargetId(String id) {
        return new AuditQuery(since, until, connection, id, outcome, offset, limit, marked);
    }

    public AuditQuery withOutcome(AuditOutcome o) {
        return new AuditQuery(since, until, connection, targetId, o, offset, limit, marked);
    }

    /** Forced and override entries only when {@code m}. */
    public AuditQuery withMarked(boolean m) {
        return new AuditQuery(since, until, connection, targetId, outcome, offset, limit, m);
    }

    /** The page starting at {@code offset} with at most {@code limit} entries. */
    public AuditQuery page(int offset, int limit) {
        return new AuditQuery(since, until, connection, targetId, outcome, offset, limit, marked);
    }
}
