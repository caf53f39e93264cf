package org.csiconsole.core.endpoint;

import java.nio.file.Path;
import java.util.Objects;
import java.util.Optional;

/**
 * Transport security of a TCP endpoint. A unix socket never uses TLS: the CSI spec (Protocol,
 * Security) leaves its protection to file-system permissions.
 *
 * @param enabled false for plaintext HTTP/2 (the CSI default for proxies on a trusted network)
 * @param caFile PEM file with the certificate authorities to trust; empty means the JVM's system trust
 * @param clientCertificate PEM client certificate chain for mutual TLS; present together with {@code clientKey}
 * @param clientKey PEM PKCS#8 private key of the client certificate
 */
public record TlsOptions(boolean enabled, Optional<Path> caFile, Optional<Path> clientCertificate,
                         Optional<Path> clientKey) {
    /** No TLS. */
    public static final TlsOptions PLAINTEXT = new TlsOptions(false, Optional.empty(), Optional.empty(), Optional.empty());

    public TlsOptions {
        Objects.requireNonNull(caFile, "caFile");
        Objects.requireNonNull(clientCertificate, "clientCertificate");
        Objects.requireNonNull(clientKey, "clientKey");
        if (clientCertificate.isPresent() != clientKey.isPresent()) {
            throw new IllegalArgumentException("A client certificate needs its private key, and a key needs its certificate");
        }
        if (!enabled && (caFile.isPresent() || clientCertificate.isPresent())) {
            throw new IllegalArgumentException("A CA file or client certificate needs TLS enabled");
        }
    }

    /** TLS trusting the JVM's system certificate authorities. */
    public static TlsOptions systemTrust() {
        return new TlsOptions(true, Optional.empty(), Optional.empty(), Optional.empty());
    }

    /** TLS trusting only the authorities in a PEM file. */
    public static TlsOptions caFile(Path pem) {
        return new TlsOptions(true, Optional.of(pem), Optional.empty(), Optional.empty());
    }

    /** The same trust, presenting a client certificate (mutual TLS). */
    public TlsOptions withClientCertificate(Path certificatePem, Path privateKeyPem) {
        return new TlsOptions(true, caFile, Optional.of(certificatePem), Optional.of(privateKeyPem));
    }

    @Override
    public String toString() {
        if (!enabled) return "plaintext";
        return "tls(" + caFile.map(p -> "ca=" + p).orElse("system trust")
                + clientCertificate.map(p -> ", client certificate " + p).orElse("") + ")";
    }
}
