package org.csiconsole.app.gui.connect;

import org.csiconsole.core.addons.AddonsClient;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csp.CspClient;
import org.csiconsole.core.csp.CspConfig;
import org.csiconsole.core.csp.CspPassword;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.replication.ReplicationFaults;
import org.csiconsole.core.replication.ReplicationPort;
import org.csiconsole.core.storage.CsiStorage;
import org.csiconsole.core.storage.CspStorage;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The clients of a plugin that serves several arrays (the demo's, a training scenario's): CSI and csi-addons on its
 * main endpoint, one CSP client per array, and one {@link SiteClients} per replication site. Not thread-safe: the
 * owning session opens and closes it under its own lock.
 */
final class PluginClients {
    private static final Logger LOG = Sessions.LOG;

    private final Sessions sessions;
    /** The connection's name, as its changes are audited. */
    private final String connection;
    private CsiClient csi;
    private AddonsClient addons;
    private final List<CspClient> csp = new ArrayList<>();
    private final List<CspStorage> arrays = new ArrayList<>();
    private final List<SiteClients> sites = new ArrayList<>();

    PluginClients(Sessions sessions, String connection) {
        this.sessions = sessions;
        this.connection = connection;
    }

    /** Opens the CSI and csi-addons clients on the plugin's main endpoint; returns its storage (node stagings not known). */
    CsiStorage openMain(Endpoint endpoint) {
        csi = CsiClient.open(endpoint, Optional.empty(), sessions.csiOptions(connection), sessions.trace);
        addons = AddonsClient.open(endpoint, sessions.csiOptions(connection), sessions.trace);
        return new CsiStorage(csi, true, addons);
    }

    /**
     * Logs in to the plugin's CSP server at {@code url} for one array (as the demo's {@code admin} user).
     *
     * @param arrayIp the array's address, as the CSP's {@code X-Array-IP} header carries it
     * @param arrayName the array's name, as its sites and audit entries show it
     */
    void addArray(String url, String arrayIp, String arrayName) {
        CspConfig cfg = CspConfig.builder(url, "admin").arrayIp(arrayIp).build();
        CspClient client = CspClient.open(cfg, CspPassword.of("admin".toCharArray()), sessions.trace,
                sessions.audit(connection + " (" + arrayName + ")"), sessions.io);
        csp.add(client);
        arrays.add(new CspStorage(client, arrayName));
    }

    /** The arrays' CSP views opened so far, in order. */
    List<CspStorage> arrays() {
        return List.copyOf(arrays);
    }

    /** Opens the replication site of {@code array} on {@code endpoint} (see {@link SiteClients#open}); returns its port. */
    ReplicationPort addSite(String array, Endpoint endpoint, ReplicationFaults faults) {
        SiteClients site = SiteClients.open(sessions, connection, array, endpoint, arrays, faults);
        sites.add(site);
        return site.port();
    }

    /** Closes every client opened; a CSP client that fails to log out is logged at debug level. */
    void close() {
        csp.forEach(c -> {
            try {
                c.close();
            } catch (RuntimeException e) {
                LOG.debug("CSP close: {}", e.toString());
            }
        });
        if (csi != null) csi.close();
        if (addons != null) addons.close();
        sites.forEach(SiteClients::close);
    }
}
