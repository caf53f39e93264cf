package org.csiconsole.views.replication;

import org.csiconsole.core.replication.ReplicationHistory;
import org.csiconsole.core.replication.ReplicationPort;
import org.csiconsole.core.replication.ReplicationSampler;
import org.csiconsole.core.replication.ReplicationWorkflows;
import org.csiconsole.core.replication.SamplerSettings;
import org.csiconsole.core.risk.RiskAssessor;
import org.csiconsole.core.risk.RiskModel;

import org.csiconsole.core.port.StorageService;
import org.csiconsole.views.workbench.ConnectionModel;

import java.time.Clock;
import java.util.List;
import java.util.Optional;

/**
 * What the replication perspective is built from; the composition root implements it over core
 * (the sampler and the workflow engine of core/storage, the SQLite history), tests with fakes.
 */
public interface ReplicationServices {

    /**
     * A new sampler of one site's replication port, not started. The view starts it when it is first
     * shown and closes it when the connection goes away.
     *
     * @param site the site name every sample carries: the port's own, else the connection's name
     * @param port one of {@link #sites}
     * @param settings interval (default 30 s), hidden interval, calls in flight, staleness, RPO thresholds
     */
    ReplicationSampler sampler(String site, ReplicationPort port, SamplerSettings settings);

    /**
     * The replication sites a connection serves, one port each: its
     * {@link org.csiconsole.core.port.StorageService#replication()} alone, unless the connection's
     * driver serves several arrays each of which is a site of its own (the bundled demo serves site-a
     * and site-b). Called on the UI thread when the connection's storage arrives.
     */
    default List<ReplicationPort> sites(ConnectionModel connection, StorageService storage) {
        return List.of(storage.replication());
    }

    /** The one workflow engine (bulk operations and guided workflows) the command line shares. */
    ReplicationWorkflows workflows();

    /** The local history of samples and operations; empty when none is kept. */
    Optional<ReplicationHistory> history();

    /**
     * The one risk model every replication operation and workflow is assessed by before anything is
     * sent ({@link org.csiconsole.core.risk.RiskModel}, times of day in the system's zone).
     */
    default RiskAssessor risk() {
        return new RiskModel();
    }

    /** The clock RPO ages and sample ages are judged by. */
    default Clock clock() {
        return Clock.systemUTC();
    }
}
