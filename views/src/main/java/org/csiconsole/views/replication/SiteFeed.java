package org.csiconsole.views.replication;

import org.csiconsole.core.port.StorageService;
import org.csiconsole.core.replication.ReplicationFeatures;
import org.csiconsole.core.replication.ReplicationPort;
import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.ReplicationSampler;
import org.csiconsole.core.replication.SampleRound;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.List;

/**
 * One connection's replication as the view follows it: its port, what it offers, and its sampler
 * (made once the port says it offers replication). UI thread, except {@link #samples()}.
 */
final class SiteFeed implements AutoCloseable {
    private static final Logger LOG = LoggerFactory.getLogger(SiteFeed.class);

    final String connection;
    final String endpoint;
    final StorageService storage;
    final ReplicationPort port;
    ReplicationFeatures features;
    ReplicationSampler sampler;
    private AutoCloseable subscription;
    private boolean closed;

    SiteFeed(String connection, StorageService storage, ReplicationPort port) {
        this(connection, "", storage, port);
    }

    /** The feed of {@code port}, a site of the connection named {@code connection} at {@code endpoint}. */
    SiteFeed(String connection, String endpoint, StorageService storage, ReplicationPort port) {
        this.connection = connection;
        this.endpoint = endpoint;
        this.storage = storage;
        this.port = port;
    }

    /** The site's name: the port's, else the connection's. */
    String siteName() {
        String site = port.site();
        return site == null || site.isBlank() ? connection : site;
    }

    /** The site this port is when its samples name none. */
    SiteChoice defaultSite() {
        return new SiteChoice(connection, siteName(), port, storage, endpoint);
    }

    /** The sampler's latest samples; empty before its first round or without a sampler. Any thread. */
    List<ReplicationSample> samples() {
        ReplicationSampler s = sampler;
        return s == null ? List.of() : s.samples();
    }

    /** The sampler's latest round, or null. */
    SampleRound lastRound() {
        ReplicationSampler s = sampler;
        return s == null ? null : s.lastRound();
    }

    boolean closed() {
        return closed;
    }

    /** Follows the sampler's rounds (replacing an earlier subscription). */
    void subscribe(java.util.function.Consumer<SampleRound> listener) {
        unsubscribe();
        if (sampler != null) subscription = sampler.subscribe(listener);
    }

    void unsubscribe() {
        if (subscription == null) return;
        try {
            subscription.close();
        } catch (Exception e) {
            LOG.warn("Stopping the replication samples of {} failed: {}", connection, e.toString());
        }
        subscription = null;
    }

    @Override
    public void close() {
        closed = true;
        unsubscribe();
        if (sampler != null) sampler.close();
    }
}
