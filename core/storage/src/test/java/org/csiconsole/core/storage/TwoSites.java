package org.csiconsole.core.storage;

import org.csiconsole.core.addons.AddonsClient;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.LockMode;
import org.csiconsole.core.call.PolicySettings;
import org.csiconsole.core.call.RetrySettings;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.csp.CspClient;
import org.csiconsole.core.csp.CspConfig;
import org.csiconsole.core.csp.CspPassword;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.port.VolumeRequest;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;

import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The reference plugin with its two arrays (site-a at 10.10.1.5, site-b at 10.20.1.5) served in
 * process over CSI and csi-addons and over HTTP as a CSP, with clients that record every call in
 * one {@link CallTrace}; an array can be made unreachable (its client points at a closed port).
 */
final class TwoSites implements AutoCloseable {
    static final String SITE_A_IP = "10.10.1.5";
    static final String SITE_B_IP = "10.20.1.5";

    final ReferencePlugin plugin;
    final CallTrace trace = new CallTrace();
    final String inProcessName = "two-sites-" + UUID.randomUUID();
    private final String cspUrl;
    private final ExecutorService io = Executors.newCachedThreadPool(r -> {
        Thread t = new Thread(r, "two-sites-io");
        t.setDaemon(true);
        return t;
    });
    private final List<AutoCloseable> clients = new ArrayList<>();

    TwoSites(Path dir) {
        this(dir, Seed.EMPTY);
    }

    TwoSites(Path dir, Seed seed) {
        plugin = ReferencePlugin.builder(dir).seed(seed).start();
        plugin.startInProcess(inProcessName);
        cspUrl = plugin.startCsp(0);
    }

    CsiStorage csi() {
        return new CsiStorage(csiClient(), true, addons(new Endpoint.InProcess(inProcessName)));
    }

    /** Without retries: an injected failure reaches the storage at once (the call policy's backoff is tested in core/client). */
    private static final CsiClientOptions OPTIONS = CsiClientOptions.defaults()
            .withPolicy(new PolicySettings(Map.of(), RetrySettings.NONE, LockMode.WAIT));

    CsiClient csiClient() {
        CsiClient c = CsiClient.open(new Endpoint.InProcess(inProcessName), Optional.empty(), OPTIONS, trace);
        clients.add(c);
        return c;
    }

    AddonsClient addons(Endpoint endpoint) {
        AddonsClient a = AddonsClient.open(endpoint, OPTIONS, trace);
        clients.add(a);
        return a;
    }

    /** The array behind {@code ip} on the reference CSP server, named {@code name}. */
    CspStorage array(String ip, String name) {
        return array(CspConfig.builder(cspUrl, "admin").arrayIp(ip), name);
    }

    /** An array whose CSP does not answer: its address is a port nothing listens on (connection refused). */
    CspStorage unreachable(String name) {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        return array(CspConfig.builder("http://127.0.0.1:" + port, "admin").arrayIp(SITE_B_IP).connectRetries(0)
                .connectTimeout(Duration.ofSeconds(5)), name);
    }

    private CspStorage array(CspConfig.Builder config, String name) {
        CspClient c = CspClient.open(config.build(), CspPassword.of("admin".toCharArray()), trace, io);
        clients.add(c);
        return new CspStorage(c, name);
    }

    /** Creates a 1 GiB volume named {@code name} through {@code array}'s CSP, so it lands on that array. */
    static Volume createOn(CspStorage array, String name) throws Exception {
        return array.createVolume(new VolumeRequest(name, 1L << 30,
                List.of(VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4")), Map.of(), Map.of(), null))
                .get(30, TimeUnit.SECONDS);
    }

    /** CSP requests recorded from now on: every HTTP trace entry after the current ones. */
    Mark mark() {
        return new Mark(trace.snapshot().stream().mapToLong(TraceEntry::seq).max().orElse(-1));
    }

    final class Mark {
        private final long after;

        private Mark(long after) {
            this.after = after;
        }

        /** The HTTP requests since the mark, as {@code "GET /csp/containers/v1/volumes"}. */
        List<String> httpSince() {
            return trace.snapshot().stream().filter(e -> e.seq() > after && e.protocol().equals("http"))
                    .map(TraceEntry::method).toList();
        }
    }

    @Override
    public void close() {
        for (AutoCloseable c : clients) {
            try {
                c.close();
            } catch (Exception e) {
                // closing clients of a stopped plugin
            }
        }
        plugin.close();
        io.shutdownNow();
    }
}
