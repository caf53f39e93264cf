package org.csiconsole.core.store;

import org.csiconsole.core.audit.AuditQuery;

import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** The WHERE clause of an {@link AuditQuery} over {@code audit_entry}, with its parameters. */
record AuditWhere(String sql, List<Object> params) {
    static AuditWhere of(AuditQuery q) {
        List<String> terms = new ArrayList<>();
        List<Object> params = new ArrayList<>();
        if (q.since() != null) {
            terms.add("time_ms >= ?");
            params.add(q.since().toEpochMilli());
        }
        if (q.until() != null) {
            terms.add("time_ms < ?");
            params.add(q.until().toEpochMilli());
        }
        if (q.connection() != null) {
            // by its name or its endpoint: the workbench names a connection, the command line by its endpoint; both record the endpoint
            terms.add("(connection = ? OR endpoint = ?)");
            params.add(q.connection());
            params.add(q.connection());
        }
        if (q.outcome() != null) {
            terms.add("outcome = ?");
            params.add(q.outcome().name());
        }
        if (q.marked()) terms.add("(forced = 1 OR override = 1)");
        if (q.targetId() != null) {
            terms.add("seq IN (SELECT seq FROM audit_target WHERE value = ?)");
            params.add(q.targetId());
        }
        return new AuditWhere(terms.isEmpty() ? "" : " WHERE " + String.join(" AND ", terms), List.copyOf(params));
    }

    /** Binds the parameters from index 1; returns the next free index. */
    int bind(PreparedStatement ps) throws SQLException {
        int i = 1;
        for (Object p : params) ps.setObject(i++, p);
        return i;
    }
}
