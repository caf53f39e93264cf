package org.csiconsole.app.gui.connect;

import org.csiconsole.core.addons.AddonsClient;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.replication.ReplicationFaults;
import org.csiconsole.core.replication.ReplicationPort;
import org.csiconsole.core.storage.CspStorage;
import org.csiconsole.core.storage.CsiStorage;
import org.csiconsole.core.storage.replication.CombinedReplicationPort;

import java.util.List;
import java.util.Optional;

/**
 * One array of a plugin that serves several (the demo's, a training scenario's) as a replication site, as a
 * cluster sees its own array: a CSI and csi-addons client on an endpoint scoped to the array, with that array's CSP
 * partners and snapshot groups as a second source. {@link #close()} closes the clients.
 *
 * @param port the site's replication, named by the array
 */
record SiteClients(CsiClient csi, AddonsClient addons, ReplicationPort port) implements AutoCloseable {

    /**
     * @param connection the connection's name, as its changes are audited
     * @param array the array's name, the site's
     * @param endpoint the endpoint serving {@code array} alone
     * @param arrays the connection's CSP arrays; the one named {@code array}, if any, joins the site
     * @param faults the simulated storage's faults, or null
     */
    static SiteClients open(Sessions sessions, String connection, String array, Endpoint endpoint, List<CspStorage> arrays,
                                ReplicationFaults faults) {
        CsiClient c = CsiClient.open(endpoint, Optional.empty(), sessions.csiOptions(connection), sessions.trace);
        AddonsClient a = AddonsClient.open(endpoint, sessions.csiOptions(connection), sessions.trace);
        List<ReplicationPort> csp = arrays.stream().filter(s -> s.name().equals(array)).map(CspStorage::replication).toList();
        return new SiteClients(c, a, new CombinedReplicationPort(new CsiStorage(c, true, a).replication(array, faults), csp));
    }

    @Override
    public void close() {
        csi.close();
        addons.close();
    }
}
