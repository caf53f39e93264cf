package org.csiconsole.core.store;

import org.csiconsole.core.audit.AuditEntry;
import org.csiconsole.core.audit.AuditVerification;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/** Walks the hash chain of {@code audit_entry} and its {@code audit_head} (see {@link SqliteAuditLog}). */
final class AuditChain {
    private AuditChain() {
    }

    static AuditVerification verify(Connection c, String columns) throws SQLException {
        long expected = 1;
        String previous = AuditCanonical.GENESIS;
        long checked = 0;
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT " + columns + " FROM audit_entry ORDER BY seq ASC")) {
            while (rs.next()) {
                AuditEntry e = SqliteAuditLog.entry(rs);
                checked++;
                if (e.seq() != expected) {
                    return AuditVerification.broken(checked, expected, expected == e.seq() - 1
                            ? "entry " + expected + " was removed (the log goes from " + (expected - 1) + " to " + e.seq() + ")"
                            : "entries " + expected + " to " + (e.seq() - 1) + " were removed (the log goes from "
                            + (expected - 1) + " to " + e.seq() + ")");
                }
                String hash = AuditCanonical.hash(previous, e.seq(), e.record());
                if (!hash.equals(e.hash())) {
                    return AuditVerification.broken(checked, e.seq(), "entry " + e.seq()
                            + " was changed: its content no longer matches its hash and the entry before it");
                }
                previous = hash;
                expected++;
            }
        }
        try (Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT last_seq, last_hash FROM audit_head WHERE id = 1")) {
            if (!rs.next()) return AuditVerification.broken(checked, expected, "the log's head record is missing");
            long last = rs.getLong(1);
            if (last > expected - 1) {
                return AuditVerification.broken(checked, expected, last == expected
                        ? "entry " + last + ", the newest, was removed"
                        : "entries " + expected + " to " + last + ", the newest, were removed");
            }
            if (last < expected - 1 || !previous.equals(rs.getString(2))) {
                return AuditVerification.broken(checked, last + 1, "the log's head record does not match its last entry "
                        + (expected - 1) + ": the head or the entries after " + last + " were changed");
            }
        }
        return AuditVerification.intact(checked);
    }
}
