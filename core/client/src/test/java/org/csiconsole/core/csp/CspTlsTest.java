package org.csiconsole.core.csp;

import mockwebserver3.MockWebServer;
import okhttp3.tls.HandshakeCertificates;
import okhttp3.tls.HeldCertificate;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.util.HexFormat;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.csiconsole.core.csp.CspTestSupport.*;

/** TLS trust: pinned fingerprint (match and mismatch), CA file, system trust, plain-HTTP rules. */
class CspTlsTest {
    private final MockWebServer server = new MockWebServer();
    private final CallTrace trace = new CallTrace();
    private HeldCertificate serverCert;

    @BeforeEach
    void start() throws Exception {
        // a self-signed certificate that names some other host, as arrays often have
        serverCert = new HeldCertificate.Builder().commonName("array-a.example").addSubjectAlternativeName("array-a.example").build();
        server.useHttps(new HandshakeCertificates.Builder().heldCertificate(serverCert).build().sslSocketFactory());
        server.start();
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private static String sha256(HeldCertificate cert) throws Exception {
        return HexFormat.ofDelimiter(":").withUpperCase()
                .formatHex(MessageDigest.getInstance("SHA-256").digest(cert.certificate().getEncoded()));
    }

    private CspClient clientWith(CspTrust trust, String host) {
        CspConfig cfg = CspConfig.builder("https://" + host + ":" + server.getPort(), "admin").trust(trust).build();
        return CspClient.open(cfg, CspPassword.of(PASSWORD.toCharArray()), trace, Runnable::run);
    }

    @Test
    void matchingPinIsTrustedEvenForASelfSignedCertificateWithAnotherName() throws Exception {
        server.enqueue(token("t"));
        server.enqueue(json(200, "[]"));
        CspClient csp = clientWith(CspTrust.pin(sha256(serverCert).toLowerCase()), "127.0.0.1");
        assertThat(csp.volumes().list().join()).isEmpty();
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @Test
    void mismatchingPinFailsWithTheServerFingerprintAndSendsNothing() throws Exception {
        HeldCertificate other = new HeldCertificate.Builder().commonName("other").build();
        CallFailure f = failure(clientWith(CspTrust.pin(sha256(other)), "127.0.0.1").login());
        assertThat(f.kind()).isEqualTo(FailureKind.TLS);
        assertThat(f).isInstanceOf(CertificateTrustFailure.class);
        CertificateTrustFailure tls = (CertificateTrustFailure) f;
        assertThat(tls.fingerprint()).isEqualTo(sha256(serverCert));
        assertThat(tls.subject()).contains("array-a.example");
        assertThat(f.detail()).contains(sha256(serverCert));
        assertThat(f.why()).contains("does not match the pinned fingerprint");
        assertThat(server.getRequestCount()).as("no request got through").isZero();
    }

    @Test
    void systemTrustRejectsASelfSignedCertificateAndReportsItsFingerprint() throws Exception {
        CallFailure f = failure(clientWith(CspTrust.system(), "localhost").login());
        assertThat(f.kind()).isEqualTo(FailureKind.TLS);
        assertThat(((CertificateTrustFailure) f).fingerprint()).isEqualTo(sha256(serverCert));
        assertThat(f.whatToDo()).contains("pin");
    }

    @Test
    void caFileTrustsCertificatesItSigned(@TempDir Path dir) throws Exception {
        HeldCertificate ca = new HeldCertificate.Builder().certificateAuthority(0).commonName("Array CA").build();
        HeldCertificate leaf = new HeldCertificate.Builder().signedBy(ca).addSubjectAlternativeName("localhost").build();
        server.close();
        MockWebServer signed = new MockWebServer();
        try (signed) {
            signed.useHttps(new HandshakeCertificates.Builder().heldCertificate(leaf, ca.certificate()).build().sslSocketFactory());
            signed.start();
            signed.enqueue(token("t"));
            signed.enqueue(json(200, "[]"));
            Path caFile = Files.writeString(dir.resolve("ca.pem"), ca.certificatePem());
            CspConfig cfg = CspConfig.builder("https://localhost:" + signed.getPort(), "admin").trust(CspTrust.caFile(caFile)).build();
            CspClient csp = CspClient.open(cfg, CspPassword.of(PASSWORD.toCharArray()), trace, Runnable::run);
            assertThat(csp.hosts().list().join()).isEmpty();
        }
    }

    @Test
    void unreadableCaFileIsAnInvalidArgument(@TempDir Path dir) throws Exception {
        Path notPem = Files.writeString(dir.resolve("ca.pem"), "hello");
        CspConfig cfg = CspConfig.builder("https://localhost:1", "admin").trust(CspTrust.caFile(notPem)).build();
        assertThatThrownBy(() -> CspClient.open(cfg, CspPassword.of(PASSWORD.toCharArray()), trace, Runnable::run))
                .isInstanceOfSatisfying(CallFailure.class, f -> {
                    assertThat(f.kind()).isEqualTo(FailureKind.INVALID_ARGUMENT);
                    assertThat(f.whatToDo()).contains("BEGIN CERTIFICATE");
                });
    }

    @Test
    void plainHttpOnlyToLoopbackUnlessAllowed() {
        assertThatThrownBy(() -> CspConfig.builder("http://10.1.2.3:8080", "admin").build())
                .isInstanceOfSatisfying(CallFailure.class, f -> {
                    assertThat(f.kind()).isEqualTo(FailureKind.INVALID_ARGUMENT);
                    assertThat(f.why()).contains("unencrypted");
                });
        assertThat(CspConfig.builder("http://10.1.2.3:8080", "admin").allowPlainHttp(true).build().apiRoot())
                .isEqualTo("http://10.1.2.3:8080/csp/containers/v1");
        assertThat(CspConfig.builder("http://localhost:8080", "admin").build().https()).isFalse();
        assertThat(CspConfig.builder("http://[::1]:8080", "admin").build().apiRoot()).isEqualTo("http://[::1]:8080/csp/containers/v1");
    }

    @Test
    void urlPathIsTheContextPathUnlessGiven() {
        assertThat(CspConfig.builder("https://array:8443/api/csp/", "admin").build().apiRoot())
                .isEqualTo("https://array:8443/api/csp/containers/v1");
        assertThat(CspConfig.builder("https://array:8443/ignored", "admin").contextPath("").build().apiRoot())
                .isEqualTo("https://array:8443/containers/v1");
        assertThatThrownBy(() -> CspConfig.builder("https://admin:pw@array", "admin").build()).isInstanceOf(CallFailure.class);
    }

    @Test
    void pinsAcceptCommonNotationsAndRejectOthers() {
        String hex = "AB".repeat(32);
        assertThat(((CspTrust.Pin) CspTrust.pin("sha256/" + hex.toLowerCase())).sha256()).isEqualTo(hex);
        assertThat(((CspTrust.Pin) CspTrust.pin("SHA256:" + "ab:".repeat(31) + "ab")).sha256()).isEqualTo(hex);
        assertThatThrownBy(() -> CspTrust.pin("abcd")).isInstanceOf(IllegalArgumentException.class).hasMessageContaining("64 hex digits");
    }
}
