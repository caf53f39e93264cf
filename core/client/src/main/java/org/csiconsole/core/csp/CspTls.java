package org.csiconsole.core.csp;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;

import javax.net.ssl.HostnameVerifier;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLPeerUnverifiedException;
import javax.net.ssl.SSLSocketFactory;
import javax.net.ssl.TrustManager;
import javax.net.ssl.TrustManagerFactory;
import javax.net.ssl.X509TrustManager;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.security.GeneralSecurityException;
import java.security.KeyStore;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.cert.Certificate;
import java.security.cert.CertificateEncodingException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.util.Collection;

/**
 * Builds the TLS trust for one {@link CspTrust}: the system trust store, a CA file, or a pinned
 * certificate fingerprint. Every trust manager reports the fingerprint of a certificate it rejects.
 */
final class CspTls {
    private CspTls() {
    }

    /** Socket factory, trust manager and, for a pin, a host name verifier that checks the pin instead of the name. */
    record Setup(SSLSocketFactory socketFactory, X509TrustManager trustManager, HostnameVerifier hostnameVerifier) {
    }

    /**
     * @throws CallFailure {@link FailureKind#INVALID_ARGUMENT} when a CA file is missing, unreadable or
     *     holds no certificate; {@link FailureKind#TLS} when the JVM has no usable TLS
     */
    static Setup create(CspTrust trust) {
        X509TrustManager tm;
        if (trust instanceof CspTrust.Pin p) tm = new Pinned(p.sha256());
        else if (trust instanceof CspTrust.CaFile f) tm = new Reporting(defaultTrustManager(loadCaFile(f)));
        else tm = new Reporting(defaultTrustManager(null));
        HostnameVerifier verifier = trust instanceof CspTrust.Pin p ? new PinVerifier(p.sha256()) : null;
        try {
            SSLContext ctx = SSLContext.getInstance("TLS");
            ctx.init(null, new TrustManager[] {tm}, null);
            return new Setup(ctx.getSocketFactory(), tm, verifier);
        } catch (GeneralSecurityException e) {
            throw new CallFailure(FailureKind.TLS, "Set up TLS", "the Java runtime offers no usable TLS: " + e.getMessage(),
                    "Check the Java installation", "");
        }
    }

    /** SHA-256 of the DER encoding, as 64 upper-case hex digits. */
    static String fingerprint(Certificate cert) {
        try {
            return CspTrust.hex(MessageDigest.getInstance("SHA-256").digest(cert.getEncoded()));
        } catch (NoSuchAlgorithmException | CertificateEncodingException e) {
            throw new IllegalStateException("cannot fingerprint certificate", e);
        }
    }

    private static KeyStore loadCaFile(CspTrust.CaFile f) {
        String what = "Read CA file " + f.file();
        if (!Files.isRegularFile(f.file()) || !Files.isReadable(f.file())) {
            throw new CallFailure(FailureKind.INVALID_ARGUMENT, what, "the file does not exist or is not readable",
                    "Give the path of a PEM file with the CA certificate that signed the array's certificate", "");
        }
        try (InputStream in = Files.newInputStream(f.file())) {
            Collection<? extends Certificate> certs = CertificateFactory.getInstance("X.509").generateCertificates(in);
            if (certs.isEmpty()) throw new CertificateException("no certificate in file");
            KeyStore ks = KeyStore.getInstance(KeyStore.getDefaultType());
            ks.load(null, null);
            int i = 0;
            for (Certificate c : certs) ks.setCertificateEntry("ca-" + i++, c);
            return ks;
        } catch (IOException | GeneralSecurityException e) {
            throw new CallFailure(FailureKind.INVALID_ARGUMENT, what, "the file holds no PEM certificate (" + e.getMessage() + ")",
                    "Give a PEM file that starts with -----BEGIN CERTIFICATE-----", "");
        }
    }

    private static X509TrustManager defaultTrustManager(KeyStore ks) {
        try {
            TrustManagerFactory tmf = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            tmf.init(ks);
            for (TrustManager t : tmf.getTrustManagers()) {
                if (t instanceof X509TrustManager x) return x;
            }
            throw new KeyStoreTrustException("no X509TrustManager");
        } catch (GeneralSecurityException | KeyStoreTrustException e) {
            throw new CallFailure(FailureKind.TLS, "Set up TLS", "the trust store cannot be loaded: " + e.getMessage(),
                    "Check the Java installation's cacerts file", "");
        }
    }

    private static final class KeyStoreTrustException extends Exception {
        KeyStoreTrustException(String m) {
            super(m);
        }
    }

    /** A rejected server certificate, with its fingerprint. */
    static final class UntrustedCertificateException extends CertificateException {
        final String fingerprint;
        final String subject;

        UntrustedCertificateException(String reason, X509Certificate cert, Throwable cause) {
            super(reason, cause);
            this.fingerprint = CspTrust.display(fingerprint(cert));
            this.subject = cert.getSubjectX500Principal().getName();
        }
    }

    /** Delegates to a PKIX trust manager and adds the fingerprint to a rejection. */
    private static final class Reporting implements X509TrustManager {
        private final X509TrustManager delegate;

        Reporting(X509TrustManager delegate) {
            this.delegate = delegate;
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            delegate.checkClientTrusted(chain, authType);
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            try {
                delegate.checkServerTrusted(chain, authType);
            } catch (CertificateException e) {
                if (chain == null || chain.length == 0) throw e;
                throw new UntrustedCertificateException("the certificate is not signed by a trusted CA", chain[0], e);
            }
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return delegate.getAcceptedIssuers();
        }
    }

    /** Accepts exactly the leaf certificate with the pinned SHA-256; validity dates and names are not checked. */
    private static final class Pinned implements X509TrustManager {
        private final String pin;

        Pinned(String pin) {
            this.pin = pin;
        }

        @Override
        public void checkClientTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            throw new CertificateException("client certificates are not accepted");
        }

        @Override
        public void checkServerTrusted(X509Certificate[] chain, String authType) throws CertificateException {
            if (chain == null || chain.length == 0) throw new CertificateException("the server sent no certificate");
            if (!fingerprint(chain[0]).equals(pin)) {
                throw new UntrustedCertificateException("the certificate does not match the pinned fingerprint", chain[0], null);
            }
        }

        @Override
        public X509Certificate[] getAcceptedIssuers() {
            return new X509Certificate[0];
        }
    }

    /** With a pin, the certificate (already matched) identifies the server; its names are not compared to the host. */
    private record PinVerifier(String pin) implements HostnameVerifier {
        @Override
        public boolean verify(String hostname, javax.net.ssl.SSLSession session) {
            try {
                Certificate[] peer = session.getPeerCertificates();
                return peer.length > 0 && fingerprint(peer[0]).equals(pin);
            } catch (SSLPeerUnverifiedException e) {
                return false;
            }
        }
    }
}
