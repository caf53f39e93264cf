package org.csiconsole.core.csi;

import io.grpc.Server;
import io.grpc.ServerCredentials;
import io.grpc.ServerServiceDefinition;
import io.grpc.TlsServerCredentials;
import io.grpc.InsecureServerCredentials;
import io.grpc.netty.shaded.io.grpc.netty.NettyServerBuilder;
import okhttp3.tls.HeldCertificate;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.FakeTimer;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.endpoint.TlsOptions;
import org.csiconsole.core.model.PluginInfo;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayInputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The client over TCP to a gRPC server on 127.0.0.1: plaintext host:port, TLS with a CA file,
 * TLS with system trust only (the test CA is not trusted), and mutual TLS.
 */
class TcpTransportTest {
    @TempDir
    Path dir;

    private final List<AutoCloseable> closing = new ArrayList<>();
    private ReferencePlugin plugin;
    private HeldCertificate ca;
    private Path caPem;
    private Path clientCertPem;
    private Path clientKeyPem;
    private final CallTrace trace = new CallTrace();
    private final FakeTimer timer = new FakeTimer();

    @BeforeEach
    void setUp() throws Exception {
        plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.EMPTY).start();
        ca = new HeldCertificate.Builder().certificateAuthority(0).commonName("CSI test CA").build();
        caPem = write("ca.pem", ca.certificatePem());
        HeldCertificate client = new HeldCertificate.Builder().signedBy(ca).commonName("csi-console").build();
        clientCertPem = write("client.pem", client.certificatePem());
        clientKeyPem = write("client-key.pem", client.privateKeyPkcs8Pem());
    }

    @AfterEach
    void tearDown() throws Exception {
        for (AutoCloseable c : closing) c.close();
        plugin.close();
    }

    private Path write(String name, String text) throws Exception {
        return Files.writeString(dir.resolve(name), text);
    }

    /** Serves the reference plugin's services on 127.0.0.1 with the given credentials; returns the port. */
    private int serve(ServerCredentials credentials) throws Exception {
        NettyServerBuilder b = NettyServerBuilder.forAddress(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), credentials);
        for (var s : plugin.bindableServices()) b.addService(s);
        Server server = b.build().start();
        closing.add(() -> server.shutdownNow().awaitTermination(5, TimeUnit.SECONDS));
        return server.getPort();
    }

    private ServerCredentials tls(boolean requireClientCertificate) throws java.io.IOException {
        return tls(requireClientCertificate, new HeldCertificate.Builder().signedBy(ca).commonName("csi-plugin")
                .addSubjectAlternativeName("127.0.0.1").addSubjectAlternativeName("localhost").build());
    }

    private ServerCredentials tls(boolean requireClientCertificate, HeldCertificate leaf) throws java.io.IOException {
        TlsServerCredentials.Builder b = TlsServerCredentials.newBuilder()
                .keyManager(stream(leaf.certificatePem() + ca.certificatePem()), stream(leaf.privateKeyPkcs8Pem()));
        if (requireClientCertificate) {
            b.trustManager(stream(ca.certificatePem())).clientAuth(TlsServerCredentials.ClientAuth.REQUIRE);
        }
        return b.build();
    }

    private static ByteArrayInputStream stream(String pem) {
        return new ByteArrayInputStream(pem.getBytes(StandardCharsets.US_ASCII));
    }

    private CsiClient client(Endpoint endpoint) {
        CsiClient c = CsiClient.open(endpoint, Optional.empty(), CsiClientOptions.defaults().withTimer(timer), trace);
        closing.add(0, c);
        return c;
    }

    private static CallFailure failureOf(java.util.concurrent.CompletableFuture<?> f) {
        try {
            f.get(20, TimeUnit.SECONDS);
        } catch (Exception e) {
            CallFailure cf = CallFailure.unwrap(e);
            if (cf == null) throw new AssertionError("expected a CallFailure", e);
            return cf;
        }
        throw new AssertionError("expected a failure");
    }

    @Test
    void plaintextHostPort() throws Exception {
        int port = serve(InsecureServerCredentials.create());
        Endpoint ep = Endpoint.parse("127.0.0.1:" + port);
        assertThat(ep).isEqualTo(new Endpoint.Tcp("127.0.0.1", port, TlsOptions.PLAINTEXT));
        CsiClient client = client(ep);
        assertThat(client.identity().probe().get(10, TimeUnit.SECONDS)).isTrue();
        PluginInfo info = client.identity().pluginInfo().get(10, TimeUnit.SECONDS);
        assertThat(info.name()).isNotBlank();
        assertThat(info.vendorVersion()).isNotBlank();
        assertThat(client.node().nodeInfo().get(10, TimeUnit.SECONDS).nodeId()).isEqualTo(plugin.nodeId());
    }

    @Test
    void tlsTrustingTheCaFile() throws Exception {
        int port = serve(tls(false));
        Endpoint.Tcp ep = ((Endpoint.Tcp) Endpoint.parse("tcp://127.0.0.1:" + port)).withTls(TlsOptions.caFile(caPem));
        CsiClient client = client(ep);
        assertThat(client.identity().probe().get(10, TimeUnit.SECONDS)).isTrue();
        PluginInfo info = client.identity().pluginInfo().get(10, TimeUnit.SECONDS);
        assertThat(info.name()).isNotBlank();
        assertThat(trace.snapshot()).anySatisfy(e -> assertThat(e.toString()).contains("GetPluginInfo"));
    }

    @Test
    void tlsWithSystemTrustOnlyExplainsTheUntrustedCertificate() throws Exception {
        int port = serve(tls(false));
        CsiClient client = client(new Endpoint.Tcp("127.0.0.1", port, TlsOptions.systemTrust()));
        CallFailure f = failureOf(client.identity().pluginInfo());
        assertThat(f.kind()).isEqualTo(FailureKind.TLS);
        assertThat(f.why()).contains("not trusted");
        assertThat(f.whatToDo()).contains("CA file");
        assertThat(f.getMessage()).contains("tcp://127.0.0.1:" + port).doesNotContain("\tat ");
        // the same certificates fail the same way: no retry
        assertThat(timer.waits()).isEmpty();
    }

    @Test
    void mutualTlsWithAClientCertificateIsAccepted() throws Exception {
        int port = serve(tls(true));
        CsiClient client = client(new Endpoint.Tcp("127.0.0.1", port,
                TlsOptions.caFile(caPem).withClientCertificate(clientCertPem, clientKeyPem)));
        assertThat(client.identity().probe().get(10, TimeUnit.SECONDS)).isTrue();
        assertThat(client.identity().pluginInfo().get(10, TimeUnit.SECONDS).name()).isNotBlank();
    }

    @Test
    void mutualTlsWithoutAClientCertificateIsRefusedClearly() throws Exception {
        int port = serve(tls(true));
        CsiClient client = client(new Endpoint.Tcp("127.0.0.1", port, TlsOptions.caFile(caPem)));
        CallFailure f = failureOf(client.identity().pluginInfo());
        assertThat(f.kind()).isEqualTo(FailureKind.TLS);
        assertThat(f.why()).contains("client certificate");
        assertThat(f.whatToDo()).contains("client certificate").contains("--cert");
        assertThat(timer.waits()).isEmpty();
    }

    @Test
    void certificateForAnotherHostIsExplained() throws Exception {
        int port = serve(tls(false, new HeldCertificate.Builder().signedBy(ca).commonName("csi-plugin")
                .addSubjectAlternativeName("array-b.example").build()));
        CallFailure f = failureOf(client(new Endpoint.Tcp("127.0.0.1", port, TlsOptions.caFile(caPem))).identity().pluginInfo());
        assertThat(f.kind()).isEqualTo(FailureKind.TLS);
        assertThat(f.why()).contains("does not name the host");
        assertThat(f.whatToDo()).contains("host name or IP address");
    }

    @Test
    void expiredCertificateIsExplained() throws Exception {
        long now = System.currentTimeMillis();
        int port = serve(tls(false, new HeldCertificate.Builder().signedBy(ca).commonName("csi-plugin")
                .addSubjectAlternativeName("127.0.0.1").validityInterval(now - 3_600_000L * 48, now - 3_600_000L * 24).build()));
        CallFailure f = failureOf(client(new Endpoint.Tcp("127.0.0.1", port, TlsOptions.caFile(caPem))).identity().pluginInfo());
        assertThat(f.kind()).isEqualTo(FailureKind.TLS);
        assertThat(f.why()).contains("expired");
        assertThat(f.whatToDo()).contains("Renew");
    }
}
