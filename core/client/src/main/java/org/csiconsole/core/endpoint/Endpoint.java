package org.csiconsole.core.endpoint;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;

import java.nio.file.Path;
import java.util.Objects;
import java.util.function.Function;

/**
 * Where a CSI or csi-addons plugin listens.
 *
 * <p>Text forms accepted by {@link #parse(String)} (csi-spec-v0.1-lifecycle.md, Configuration and
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
            Objects.requireNonNull(path, "path");
            if (!path.isAbsolute()) throw invalid(path.toString(), "a unix socket path must be absolute");
            path = path.normalize();
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
            Objects.requireNonNull(host, "host");
            Objects.requireNonNull(tls, "tls");
            if (host.isBlank()) throw invalid(host + ":" + port, "the host is empty");
            if (port < 1 || port > 65535) throw invalid(host + ":" + port, "the port must be between 1 and 65535");
        }

        /** The same address with the given transport security. */
        public Tcp withTls(TlsOptions tls) {
            return new Tcp(host, port, tls);
        }

        @Override
        public String text() {
            return "tcp://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
        }

        @Override
        public String toString() {
            return text() + (tls.enabled() ? " " + tls : "");
        }
    }

    /** A gRPC in-process server registered under a name in this JVM (tests, the bundled reference plugin). */
    record InProcess(String name) implements Endpoint {
        public InProcess {
            Objects.requireNonNull(name, "name");
            if (name.isBlank()) throw invalid("inproc:", "the in-process name is empty");
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
     * Parses an endpoint text.
     *
     * @throws CallFailure of kind {@link FailureKind#INVALID_ARGUMENT} when the text is none of the forms above
     */
    static Endpoint parse(String text) {
        if (text == null || text.isBlank()) throw invalid(String.valueOf(text), "it is empty");
        String t = text.strip();
        if (t.startsWith("unix://")) {
            String p = t.substring("unix://".length());
            if (!p.startsWith("/")) {
                throw invalid(t, "a unix endpoint needs an absolute path after unix:// (three slashes: unix:///path/csi.sock)");
            }
            return new Unix(Path.of(p));
        }
        if (t.startsWith("unix:")) {
            String p = t.substring("unix:".length());
            if (!p.startsWith("/")) throw invalid(t, "a unix endpoint needs an absolute path (unix:/path/csi.sock)");
            return new Unix(Path.of(p));
        }
        if (t.startsWith("/")) return new Unix(Path.of(t));
        if (t.startsWith("inproc:")) return new InProcess(t.substring("inproc:".length()));
        String hostPort = t.startsWith("tcp://") ? t.substring("tcp://".length()) : t;
        if (hostPort.contains("://")) {
            throw invalid(t, "the scheme is not supported; use unix://, tcp:// or inproc:");
        }
        if (hostPort.endsWith("/")) hostPort = hostPort.substring(0, hostPort.length() - 1);
        String host;
        String port;
        if (hostPort.startsWith("[")) {
            int close = hostPort.indexOf(']');
            if (close < 0 || close + 1 >= hostPort.length() || hostPort.charAt(close + 1) != ':') {
                throw invalid(t, "an IPv6 address must be written as [address]:port");
            }
            host = hostPort.substring(1, close);
            port = hostPort.substring(close + 2);
        } else {
            int colon = hostPort.lastIndexOf(':');
            if (colon < 0 || hostPort.indexOf(':') != colon) {
                throw invalid(t, "expected unix:///path.sock, an absolute path, tcp://host:port, host:port or inproc:NAME");
            }
            host = hostPort.substring(0, colon);
            port = hostPort.substring(colon + 1);
        }
        int p;
        try {
            p = Integer.parseInt(port);
        } catch (NumberFormatException e) {
            throw invalid(t, "the port '" + port + "' is not a number");
        }
        return new Tcp(host, p, TlsOptions.PLAINTEXT);
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

    private static CallFailure invalid(String text, String why) {
        return new CallFailure(FailureKind.INVALID_ARGUMENT, "Read endpoint '" + text + "'", why,
                "Write it as unix:///path/to/csi.sock, /path/to/csi.sock, tcp://host:port, host:port or inproc:NAME", "");
    }
}
