package org.csiconsole.app.cli;

import org.csiconsole.core.csp.CspConfig;
import org.csiconsole.core.csp.CspTrust;
import picocli.CommandLine.ArgGroup;
import picocli.CommandLine.Option;

import java.nio.file.Path;

/**
 * Options shared by every {@code csi-console csp} subcommand: where the CSP is, who logs in, how
 * its certificate is trusted and how results are printed. There is deliberately no password option:
 * the password comes from {@code CSP_PASSWORD} or a prompt, never from the command line.
 */
public final class CspConnectionOptions {
    @Option(names = "--url", required = true, paramLabel = "URL",
            description = "CSP address, e.g. https://array1:8080 (a path in the URL is the context path).")
    String url;

    @Option(names = "--user", required = true, paramLabel = "USER", description = "Array user to log in as.")
    String user;

    @Option(names = "--array-ip", paramLabel = "IP", description = "Array to act on when the CSP runs off-array (sent as array_ip / x-array-ip).")
    String arrayIp;

    @Option(names = "--context-path", paramLabel = "PATH", description = "Path before /containers/v1 (default: the URL's path, else /csp).")
    String contextPath;

    @Option(names = "--allow-plain-http", description = "Allow http:// to a host that is not loopback (the password travels unencrypted).")
    boolean allowPlainHttp;

    @Option(names = "--read-timeout", paramLabel = "SECONDS", defaultValue = "60", description = "Longest wait for the CSP to answer (default ${DEFAULT-VALUE} s).")
    long readTimeoutSeconds;

    @ArgGroup(exclusive = true, multiplicity = "0..1")
    Trust trust;

    @Option(names = {"-o", "--output"}, defaultValue = "table", paramLabel = "FORMAT", description = "table or json (default ${DEFAULT-VALUE}).")
    OutputFormat output;

    @Option(names = "--trace", description = "Print the HTTP call trace (redacted) on stderr.")
    boolean trace;

    /** {@code --ca FILE} or {@code --pin SHA256}; neither means the system trust store. */
    static final class Trust {
        @Option(names = "--ca", paramLabel = "FILE", description = "Trust only the PEM CA certificate(s) in FILE.")
        Path caFile;

        @Option(names = "--pin", paramLabel = "SHA256", description = "Trust exactly the certificate with this SHA-256 fingerprint (self-signed arrays).")
        String pin;
    }

    /** The client configuration; fails with a CallFailure (INVALID_ARGUMENT) for bad values. */
    CspConfig toConfig() {
        CspConfig.Builder b = CspConfig.builder(url, user).arrayIp(arrayIp).allowPlainHttp(allowPlainHttp)
                .readTimeout(CsiEndpointOptions.seconds("--read-timeout", readTimeoutSeconds, 60));
        if (contextPath != null) b.contextPath(contextPath);
        if (trust != null && trust.caFile != null) b.trust(CspTrust.caFile(trust.caFile));
        if (trust != null && trust.pin != null) {
            try {
                b.trust(CspTrust.pin(trust.pin));
            } catch (IllegalArgumentException e) {
                throw new org.csiconsole.core.call.CallFailure(org.csiconsole.core.call.FailureKind.INVALID_ARGUMENT,
                        "Read --pin", e.getMessage(), "Give the 64 hex digits of the SHA-256 fingerprint", "");
            }
        }
        return b.build();
    }
}
