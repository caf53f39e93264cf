package org.csiconsole.core.endpoint;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.session.EndpointAddress;

import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Function;

/**
 * Where a CSI or csi-addons plugin listens.
 *
 * <p>Text forms accepted by {@link #parse(String)} ({@link EndpointAddress}, the one parser) (csi-spec-v0.1-lifecycle.md, Configuration and
 * Operation, {@code CSI_ENDPOINT}; newer CSI versions keep the same rules):
 * <ul>
 *   <li>{@code unix:///abs/path.sock}, {@code unix:/abs/path} or a bare absolute path → {@link Unix}</li>
 *   <li>{@code tcp://host:port} or {@code host:port} (IPv6 as {@code [::1]:port}) → {@link Tcp}, plaintext
 *       until {@link Tcp#withTls(TlsOptions)}</li>
 *   <li>{@code inproc:NAME} → {@link InProcess}, a gRPC in-process server in the same JVM</li>
 * </ul>
 */
public sealed interface Endpoint permits Endpoint.Unix, Endpoint.Tcp, Endpoint.InProcess {

    /** The environment variable a CO reads the plugin's address from (CSI spec, {@code CSI_ENDPOINT}). */
    String ENV = "CSI_ENDPOINT";

    /** The canonical text form, e.g. {@code unix:///run/csi/csi.sock}; parses back to an equal endpoint. */
    String text();

    /** A unix domain socket at an absolute path. */
    record Unix(Path path) implements Endpoint {
        public Unix {
            path = new EndpointAddress.UnixSocket(path).path();
        }

        @Override
        public String text() {
            return "unix://" + path;
        }

        @Override
        public String toString() {
            return text();
        }
    }

    /**
     * A TCP address, plaintext or TLS.
     *
     * @param host host name or IP literal (without brackets)
     * @param port 1..65535
     * @param tls transport security
     */
    record Tcp(String host, int port, TlsOptions tls) implements Endpoint {
        public Tcp {
            new EndpointAddress.TcpAddress(host, port);
            Objects.requireNonNull(tls, "tls");
        }

        /** The same address with the given transport security. */
        public Tcp withTls(TlsOptions tls) {
            return new Tcp(host, port, tls);
        }

        @Override
        public String text() {
            return new EndpointAddress.TcpAddress(host, port).text();
        }

        @Override
        public String toString() {
            return text() + (tls.enabled() ? " " + tls : "");
        }
    }

    /** A gRPC in-process server registered under a name in this JVM (tests, the bundled reference plugin). */
    record InProcess(String name) implements Endpoint {
        public InProcess {
            new EndpointAddress.InProcessServer(name);
        }

        @Override
        public String text() {
            return "inproc:" + name;
        }

        @Override
        public String toString() {
            return text();
        }
    }

    /**
     * Parses an endpoint text with {@link EndpointAddress#parse(String)}, the one parser of endpoint
     * text; a TCP address is plaintext until {@link Tcp#withTls(TlsOptions)}.
     *
     * @throws CallFailure of kind {@link FailureKind#INVALID_ARGUMENT} when the text is none of the forms above
     */
    static Endpoint parse(String text) {
        return of(EndpointAddress.parse(text));
    }

    /** The endpoint at {@code address}, plaintext when it is TCP. */
    static Endpoint of(EndpointAddress address) {
        if (address instanceof EndpointAddress.UnixSocket u) return new Unix(u.path());
        if (address instanceof EndpointAddress.TcpAddress t) return new Tcp(t.host(), t.port(), TlsOptions.PLAINTEXT);
        return new InProcess(((EndpointAddress.InProcessServer) address).name());
    }

    /**
     * The endpoint named by {@code CSI_ENDPOINT} in the process environment.
     *
     * @throws CallFailure of kind {@link FailureKind#INVALID_ARGUMENT} when it is unset or not parseable
     */
    static Endpoint fromEnvironment() {
        return fromEnvironment(System::getenv);
    }

    /** As {@link #fromEnvironment()}, reading variables through {@code env} (for tests and embedding). */
    static Endpoint fromEnvironment(Function<String, String> env) {
        String v = env.apply(ENV);
        if (v == null || v.isBlank()) {
            throw new CallFailure(FailureKind.INVALID_ARGUMENT, "Find the CSI endpoint",
                    ENV + " is not set and no endpoint was given",
                    "Pass --endpoint (for example unix:///var/lib/kubelet/plugins/<driver>/csi.sock) or set "
                            + ENV + " as the driver's own pod spec does", "");
        }
        return parse(v);
    }
}
