package org.csiconsole.app.cli;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.call.PolicySettings;
import org.csiconsole.core.call.RetrySettings;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.endpoint.TlsOptions;
import picocli.CommandLine.Option;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.function.Function;

/**
 * Options shared by the CSI commands ({@code info}, {@code capabilities}, {@code volumes},
 * {@code snapshots}, {@code node}): where the driver listens, TLS for TCP endpoints, deadlines and
 * output format.
 */
public final class CsiEndpointOptions {
    @Option(names = {"-e", "--endpoint"}, paramLabel = "ENDPOINT",
            description = "Driver endpoint: unix:///path/csi.sock, /path/csi.sock, tcp://host:port, host:port or inproc:NAME. "
                    + "Default: the CSI_ENDPOINT environment variable.")
    String endpoint;

    @Option(names = "--node-endpoint", paramLabel = "ENDPOINT",
            description = "Separate endpoint of the node plugin, when it is not the same socket.")
    String nodeEndpoint;

    @Option(names = "--addons-endpoint", paramLabel = "ENDPOINT",
            description = "Endpoint of the csi-addons sidecar (e.g. unix:///csi/csi-addons.sock), when it is not the driver's socket. "
                    + "Default: --endpoint.")
    String addonsEndpoint;

    @Option(names = "--tls", description = "Use TLS on a TCP endpoint (system trust unless --ca is given).")
    boolean tls;

    @Option(names = "--ca", paramLabel = "FILE", description = "PEM file of the CA(s) to trust for TLS.")
    Path ca;

    @Option(names = "--cert", paramLabel = "FILE", description = "PEM client certificate for mutual TLS (with --key).")
    Path cert;

    @Option(names = "--key", paramLabel = "FILE", description = "PEM PKCS#8 private key of --cert.")
    Path key;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "10",
            description = "Deadline of each call attempt in seconds (default ${DEFAULT-VALUE}).")
    long timeoutSeconds;

    @Option(names = "--retries", paramLabel = "N", defaultValue = "3",
            description = "Attempts per call for UNAVAILABLE, ABORTED and DEADLINE_EXCEEDED (default ${DEFAULT-VALUE}).")
    int attempts;

    @Option(names = {"-o", "--output"}, defaultValue = "table", paramLabel = "FORMAT", description = "table or json (default ${DEFAULT-VALUE}).")
    OutputFormat output;

    @Option(names = "--trace", description = "Print the gRPC call trace (secrets redacted) on stderr.")
    boolean trace;

    /** The controller endpoint, from --endpoint or CSI_ENDPOINT. */
    Endpoint controller(Function<String, String> env) {
        Endpoint e = endpoint != null ? Endpoint.parse(endpoint) : Endpoint.fromEnvironment(env);
        return withTls(e);
    }

    /** The csi-addons endpoint, from --addons-endpoint, else the controller endpoint. */
    Endpoint addons(Function<String, String> env) {
        return addonsEndpoint != null ? withTls(Endpoint.parse(addonsEndpoint)) : controller(env);
    }

    Optional<Endpoint> node() {
        return nodeEndpoint == null ? Optional.empty() : Optional.of(withTls(Endpoint.parse(nodeEndpoint)));
    }

    Endpoint withTls(Endpoint e) {
        boolean wantsTls = tls || ca != null || cert != null;
        if (!wantsTls) return e;
        if (!(e instanceof Endpoint.Tcp t)) {
            throw CallFailure.refused("Read --tls", "TLS applies to TCP endpoints only; "
                    + e.text() + " is not one", "Drop --tls/--ca/--cert, or give a tcp://host:port endpoint");
        }
        if ((cert == null) != (key == null)) {
            throw CallFailure.refused("Read --cert/--key", "a client certificate needs its key and the other way round",
                    "Give both --cert and --key");
        }
        TlsOptions o = ca != null ? TlsOptions.caFile(ca) : TlsOptions.systemTrust();
        if (cert != null) o = o.withClientCertificate(cert, key);
        return t.withTls(o);
    }

    /**
     * The deadline of each call from {@code --timeout}.
     *
     * @throws CallFailure INVALID_ARGUMENT for less than 1 second: a call with no time left fails before it is sent, and
     *                     the console has no "no limit" (every RPC has a deadline)
     */
    static Duration deadline(long seconds) {
        return seconds("--timeout", seconds, 10);
    }

    /** {@code seconds} of the option {@code name}, refused below 1 with the sentence {@link #deadline} says. */
    static Duration seconds(String name, long seconds, long example) {
        if (seconds < 1) {
            throw CallFailure.refused("Read " + name, "it must be 1 second or more; " + seconds
                    + " would give every call no time, and the console makes no call without a deadline",
                    "Give the time in seconds, e.g. " + name + " " + example);
        }
        return Duration.ofSeconds(seconds);
    }

    PolicySettings policy() {
        Duration d = deadline(timeoutSeconds);
        PolicySettings p = PolicySettings.DEFAULT.withRetry(new RetrySettings(Math.max(1, attempts), Duration.ofMillis(200),
                Duration.ofSeconds(2), 2.0, 0.2, d.multipliedBy(Math.max(1, attempts))));
        for (CallKind k : CallKind.values()) p = p.withDeadline(k, d);
        return p;
    }
}
