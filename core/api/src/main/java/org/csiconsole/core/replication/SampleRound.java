package org.csiconsole.core.replication;

import org.csiconsole.core.port.SourceFailure;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * One pass of the sampler over every source of one site.
 *
 * @param site the site (connection) name
 * @param started when the round started
 * @param finished when its last call ended
 * @param samples every source's sample after the round, including the ones whose read failed (kept and
 *     marked, see {@link ReplicationSample#lastError()}); in inventory order
 * @param missing sources of the inventory that did not answer (the listing, an array); empty when complete
 */
public record SampleRound(String site, Instant started, Instant finished, List<ReplicationSample> samples,
                          List<SourceFailure> missing) {
    public SampleRound {
        Objects.requireNonNull(site, "site");
        samples = samples == null ? List.of() : List.copyOf(samples);
        missing = missing == null ? List.of() : List.copyOf(missing);
    }

    /** How long the round took. */
    public Duration took() {
        return Duration.between(started, finished);
    }

    /** True when every source answered in this round. */
    public boolean complete() {
        return missing.isEmpty() && samples.stream().allMatch(s -> s.lastError() == null);
    }
}
