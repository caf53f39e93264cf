/**
 * Replication and disaster recovery, UI-neutral: the {@link org.csiconsole.core.replication.ReplicationPort}
 * of one connection (csi-addons replication.proto; CSP replication partners and snapshot groups), the
 * {@link org.csiconsole.core.replication.ReplicationSampler} and its samples with RPO age
 * ({@link org.csiconsole.core.replication.RpoThresholds}) and staleness, site pairs and their mismatches
 * ({@link org.csiconsole.core.replication.SitePairs}), the one workflow engine
 * ({@link org.csiconsole.core.replication.ReplicationWorkflows}: plan = dry run, run with events, stop, bulk
 * results and retry), typed force confirmation ({@link org.csiconsole.core.replication.ForceConfirmation}),
 * failure explanations, history and, for the bundled reference plugin,
 * {@link org.csiconsole.core.replication.ReplicationFaults}.
 *
 * <p>Implementations live in core/storage ({@code org.csiconsole.core.storage.replication}, the history in
 * {@code org.csiconsole.core.store}); views and the command line use only these types.
 */
package org.csiconsole.core.replication;
