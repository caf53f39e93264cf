/**
 * The console's own record of what it did on each connection ({@link org.csiconsole.core.record.ConsoleBook}):
 * the volumes, snapshots and groups it created, imported or touched, with the name each was created under,
 * its source, and the publications, stagings and node publishes it made; where each row came from
 * ({@link org.csiconsole.core.record.RecordOrigin}); and whether the driver still knows it. It is the
 * inventory of a driver that cannot list (no LIST_VOLUMES), and the risk model's "what this console did".
 * The durable store lives in core/storage; the types and the pure rules (how an audited call changes the
 * record: {@link org.csiconsole.core.record.RecordFeed}) live here.
 */
package org.csiconsole.core.record;
