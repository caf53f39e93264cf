package org.csiconsole.core.trouble;

import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.endpoint.ChannelFactory;
import org.csiconsole.core.model.ConnectionSecrets;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;
import java.util.function.LongSupplier;

/**
 * How a probe runs.
 *
 * @param deadline the deadline of each call (no retries); an answer later than this counts as none
 * @param pageSize {@code max_entries} of each ListVolumes / ListSnapshots page; at least 1
 * @param maxPages the most pages one listing may take before the probe calls its paging endless
 * @param identityThreshold latency above which an Identity, GetCapabilities or NodeGetInfo call is slow
 * @param readThreshold latency above which a read of one object (GetCapacity, NodeGetVolumeStats ...) is slow
 * @param listThreshold latency above which one page of a listing is slow
 * @param kubeletRoot the kubelet root directory ({@code --root-dir}), where the volumes the kubelet
 *     mounted for pods are found ({@code pods/<uid>/volumes/kubernetes.io~csi/<pv>/vol_data.json})
 * @param user the user whose permissions the socket checks judge
 * @param proc where the holding process of a socket is looked up
 * @param channels makes the connections
 * @param ticker nanosecond ticker the call latencies are measured with ({@link System#nanoTime} outside tests)
 * @param secrets sent with the probe's calls that carry secrets (ListSnapshots), per secret class
 * @param secretsFrom where {@code secrets} came from, in words the checks quote ("the secrets file /etc/csi/s.json", "the
 *     saved connection prod-rbd"); empty when unsaid
 * @param workbench true when the probe runs in the workbench: its advice names the Probe page and the saved connection
 *     where the command line's names {@code --secrets-file}
 */
public record ProbeOptions(Duration deadline, int pageSize, int maxPages, Duration identityThreshold,
                           Duration readThreshold, Duration listThreshold, Path kubeletRoot, ConsoleUser user,
                           ProcSockets proc, ChannelFactory channels, LongSupplier ticker,
                           ConnectionSecrets secrets, String secretsFrom, boolean workbench) {
    public ProbeOptions {
        secretsFrom = secretsFrom == null ? "" : secretsFrom;
        Objects.requireNonNull(secrets, "secrets");
        Objects.requireNonNull(deadline, "deadline");
        Objects.requireNonNull(identityThreshold, "identityThreshold");
        Objects.requireNonNull(readThreshold, "readThreshold");
        Objects.requireNonNull(listThreshold, "listThreshold");
        Objects.requireNonNull(kubeletRoot, "kubeletRoot");
        Objects.requireNonNull(user, "user");
        Objects.requireNonNull(proc, "proc");
        Objects.requireNonNull(channels, "channels");
        Objects.requireNonNull(ticker, "ticker");
        if (pageSize < 1) throw new IllegalArgumentException("pageSize must be at least 1");
        if (maxPages < 1) throw new IllegalArgumentException("maxPages must be at least 1");
    }

    /**
     * Deadline 10 s, pages of 500 entries, at most 100,000 pages, thresholds 1 s (identity), 2 s
     * (reads) and 5 s (a page), {@code /var/lib/kubelet}, this process's user, the real {@code /proc}.
     */
    public static ProbeOptions defaults() {
        return new ProbeOptions(Duration.ofSeconds(10), 500, 100_000, Duration.ofSeconds(1), Duration.ofSeconds(2),
                Duration.ofSeconds(5), Path.of("/var/lib/kubelet"), ConsoleUser.current(), new ProcSockets(),
                new ChannelFactory(), System::nanoTime, ConnectionSecrets.NONE, "", false);
    }

    public ProbeOptions withDeadline(Duration d) {
        return new ProbeOptions(d, pageSize, maxPages, identityThreshold, readThreshold, listThreshold, kubeletRoot, user, proc, channels, ticker,
                secrets, secretsFrom, workbench);
    }

    public ProbeOptions withPageSize(int n) {
        return new ProbeOptions(deadline, n, maxPages, identityThreshold, readThreshold, listThreshold, kubeletRoot, user, proc, channels, ticker,
                secrets, secretsFrom, workbench);
    }

    public ProbeOptions withMaxPages(int n) {
        return new ProbeOptions(deadline, pageSize, n, identityThreshold, readThreshold, listThreshold, kubeletRoot, user, proc, channels, ticker,
                secrets, secretsFrom, workbench);
    }

    public ProbeOptions withKubeletRoot(Path root) {
        return new ProbeOptions(deadline, pageSize, maxPages, identityThreshold, readThreshold, listThreshold, root, user, proc, channels, ticker,
                secrets, secretsFrom, workbench);
    }

    public ProbeOptions withUser(ConsoleUser u) {
        return new ProbeOptions(deadline, pageSize, maxPages, identityThreshold, readThreshold, listThreshold, kubeletRoot, u, proc, channels, ticker,
                secrets, secretsFrom, workbench);
    }

    public ProbeOptions withTicker(LongSupplier t) {
        return new ProbeOptions(deadline, pageSize, maxPages, identityThreshold, readThreshold, listThreshold, kubeletRoot, user, proc, channels, t,
                secrets, secretsFrom, workbench);
    }

    public ProbeOptions withThresholds(Duration identity, Duration read, Duration list) {
        return new ProbeOptions(deadline, pageSize, maxPages, identity, read, list, kubeletRoot, user, proc, channels, ticker,
                secrets, secretsFrom, workbench);
    }

    /** The same options, sending {@code s} with the calls that carry secrets. */
    public ProbeOptions withSecrets(ConnectionSecrets s) {
        return withSecrets(s, "");
    }

    /** The same options, sending {@code s}, which came from {@code from} (in words), with the calls that carry secrets. */
    public ProbeOptions withSecrets(ConnectionSecrets s, String from) {
        return new ProbeOptions(deadline, pageSize, maxPages, identityThreshold, readThreshold, listThreshold, kubeletRoot, user, proc,
                channels, ticker, s, from, workbench);
    }

    /** The same options for a probe run in the workbench: its advice names the workbench's ways, not the command line's. */
    public ProbeOptions inWorkbench() {
        return new ProbeOptions(deadline, pageSize, maxPages, identityThreshold, readThreshold, listThreshold, kubeletRoot, user, proc,
                channels, ticker, secrets, secretsFrom, true);
    }

    /** The latency threshold of a call of {@code kind}. */
    public Duration threshold(CallKind kind) {
        return switch (kind) {
            case PROBE -> identityThreshold;
            case LIST -> listThreshold;
            default -> readThreshold;
        };
    }
}
