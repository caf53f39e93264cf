/**
 * The audit log of every change the console makes, free of SQL and wire types: the entry
 * ({@link org.csiconsole.core.audit.AuditRecord}, stored as {@link org.csiconsole.core.audit.AuditEntry}),
 * the port the call policy appends through ({@link org.csiconsole.core.audit.AuditSink}) and the port
 * views and the command line read through ({@link org.csiconsole.core.audit.AuditLog}). The SQLite
 * store behind both lives in core/storage.
 */
package org.csiconsole.core.audit;
