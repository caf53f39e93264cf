package org.csiconsole.views.replication;

import org.csiconsole.core.port.FencePort;
import org.csiconsole.core.replication.ReplicationPort;
import org.csiconsole.core.replication.ReplicationSite;

import java.util.Objects;

/**
 * One site a person can pick as site A or site B: a connection, and within it the site its samples
 * name ({@link org.csiconsole.core.replication.ReplicationSample#site()}). Two connections, one per
 * cluster, are two sites; one connection whose driver serves both arrays (the bundled demo) lists
 * both of its sites.
 *
 * @param connection the connection's name, as the navigator shows it
 * @param site the site name its samples carry, e.g. {@code site-a}; empty when they carry none
 * @param port the connection's replication port
 * @param fence the connection's fence calls (csi-addons fence.proto), for an unplanned failover's fence step
 * @param endpoint the connection's endpoint (CSI endpoint, else CSP URL); empty when not known
 */
public record SiteChoice(String connection, String site, ReplicationPort port, FencePort fence, String endpoint) {
    public SiteChoice {
        Objects.requireNonNull(connection, "connection");
        site = site == null ? "" : site;
        Objects.requireNonNull(port, "port");
        endpoint = endpoint == null ? "" : endpoint;
    }

    /** A site of a connection whose endpoint is not known. */
    public SiteChoice(String connection, String site, ReplicationPort port, FencePort fence) {
        this(connection, site, port, fence, "");
    }

    /**
     * The site and the connection it is reached through, as a confirmation names them, since two connections
     * may hold the same ids: {@code "site-a on Demo (unix:///run/csi.sock)"}.
     */
    public String describe() {
        String where = org.csiconsole.core.risk.RiskRequest.connection(connection, endpoint);
        return site.isEmpty() || site.equals(connection) ? where : site + " on " + where;
    }

    /**
     * The site as the admin knows it, named beside where it is reached: {@code "site-a · Demo (unix:///run/csi.sock)"},
     * the label alone when the endpoint is not known (a split-brain recovery's sides, {@code RiskRequest.site}).
     */
    public String known() {
        return endpoint.isEmpty() ? label() : label() + " (" + endpoint + ")";
    }

    /** The site's name in workflows and history: the site, else the connection. */
    public String name() {
        return site.isEmpty() ? connection : site;
    }

    /** As shown in the site pickers: {@code "site-a · Demo"}, or the connection alone when it names no site. */
    public String label() {
        return site.isEmpty() || site.equals(connection) ? connection : site + " \u00b7 " + connection;
    }

    /** True when {@code other} is the same connection and site (ports compare by identity). */
    public boolean same(SiteChoice other) {
        return other != null && connection.equals(other.connection) && site.equals(other.site);
    }

    /** The site as the workflow engine takes it. */
    public ReplicationSite toSite() {
        return new ReplicationSite(name(), port, fence, connection);
    }

    @Override
    public String toString() {
        return label();
    }
}
