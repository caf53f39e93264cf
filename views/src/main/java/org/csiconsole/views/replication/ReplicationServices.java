package org.csiconsole.views.replication;

import org.csiconsole.core.replication.ReplicationHistory;
import org.csiconsole.core.replication.ReplicationPort;
import org.csiconsole.core.replication.ReplicationSampler;
import org.csiconsole.core.replication.ReplicationWorkflows;
import org.csiconsole.core.replication.SamplerSettings;

import java.time.Clock;
import java.util.Optional;

/**
 * What the replication perspective is built from; the composition root implements it over core
 * (the sampler and the workflow engine of core/storage, the SQLite history), tests with fakes.
 */
public interface ReplicationServices {

    /**
     * A new sampler of one connection's replication port, not started. The view starts it when it is
     * first shown and closes it when the connection goes away.
     *
     * @param port the connection's {@link org.csiconsole.core.port.StorageService#replication()}
     * @param settings interval (default 30 s), hidden interval, calls in flight, staleness, RPO thresholds
     */
    ReplicationSampler sampler(ReplicationPort port, SamplerSettings settings);

    /** The one workflow engine (bulk operations and guided workflows) the command line shares. */
    ReplicationWorkflows workflows();

    /** The local history of samples and operations; empty when none is kept. */
    Optional<ReplicationHistory> history();

    /** The clock RPO ages and sample ages are judged by. */
    default Clock clock() {
        return Clock.systemUTC();
    }
}
