package org.csiconsole.core.session;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.FailureOwner;

import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.util.Objects;

/**
 * Where a CSI or csi-addons plugin listens, as a person writes it: the one parser of endpoint text
 * for the command line, saved profiles and the connection dialog. Transport security is not part of
 * the text; the clients add it ({@code core.endpoint.Endpoint}).
 *
 * <p>Text forms accepted by {@link #parse(String)} (csi-spec-v0.1-lifecycle.md, Configuration and
 * Operation, {@code CSI_ENDPOINT}; newer CSI versions keep the same rules):
 * <ul>
 *   <li>{@code unix:///abs/path.sock}, {@code unix:/abs/path} or a bare absolute path → {@link UnixSocket}</li>
 *   <li>{@code tcp://host:port} or {@code host:port} (IPv6 as {@code [::1]:port}) → {@link TcpAddress}</li>
 *   <li>{@code inproc:NAME} → {@link InProcessServer}, a gRPC in-process server in the same JVM</li>
 * </ul>
 */
public sealed interface EndpointAddress permits EndpointAddress.UnixSocket, EndpointAddress.TcpAddress, EndpointAddress.InProcessServer {

    /** The forms of a unix socket {@link #parse(String)} accepts, as a sentence's object. */
    String UNIX_FORMS = "unix:///path/to/csi.sock or /path/to/csi.sock";
    /** The forms of a TCP address {@link #parse(String)} accepts, as a sentence's object. */
    String TCP_FORMS = "tcp://host:port or host:port";
    /** The forms {@link #parse(String)} accepts, as a sentence's object: what to write. */
    String FORMS = "unix:///path/to/csi.sock, /path/to/csi.sock, tcp://host:port, host:port or inproc:NAME";

    /** The canonical text form, e.g. {@code unix:///run/csi/csi.sock}; parses back to an equal address. */
    String text();

    /**
     * A short name for the address, without its scheme: the socket path, {@code host:port} or the
     * in-process name. A connection carries it until the driver tells its own name.
     */
    String shortName();

    /** A unix domain socket at an absolute path, normalized. */
    record UnixSocket(Path path) implements EndpointAddress {
        public UnixSocket {
            Objects.requireNonNull(path, "path");
            if (!path.isAbsolute()) throw invalid(path.toString(), "a unix socket path must be absolute");
            path = path.normalize();
        }

        @Override
        public String text() {
            return "unix://" + path;
        }

        @Override
        public String shortName() {
            return path.toString();
        }
    }

    /**
     * A TCP address.
     *
     * @param host host name or IP literal (without brackets), not blank
     * @param port 1..65535
     */
    record TcpAddress(String host, int port) implements EndpointAddress {
        public TcpAddress {
            Objects.requireNonNull(host, "host");
            if (host.isBlank()) throw invalid(host + ":" + port, "the host is empty");
            if (port < 1 || port > 65535) throw invalid(host + ":" + port, "the port must be between 1 and 65535");
        }

        @Override
        public String text() {
            return "tcp://" + shortName();
        }

        @Override
        public String shortName() {
            return (host.contains(":") ? "[" + host + "]" : host) + ":" + port;
        }
    }

    /** A gRPC in-process server registered under a name in this JVM (tests, the bundled reference plugin). */
    record InProcessServer(String name) implements EndpointAddress {
        public InProcessServer {
            Objects.requireNonNull(name, "name");
            if (name.isBlank()) throw invalid("inproc:", "the in-process name is empty");
        }

        @Override
        public String text() {
            return "inproc:" + name;
        }

        @Override
        public String shortName() {
            return name;
        }
    }

    /**
     * Parses an endpoint text; surrounding blanks are ignored.
     *
     * @throws CallFailure of kind {@link FailureKind#INVALID_ARGUMENT} when the text is none of the forms above;
     *                     its {@link CallFailure#why()} says what is wrong and {@link CallFailure#whatToDo()} lists the forms
     */
    static EndpointAddress parse(String text) {
        if (text == null || text.isBlank()) throw invalid(String.valueOf(text), "it is empty");
        String t = text.strip();
        if (t.startsWith("unix://")) {
            String p = t.substring("unix://".length());
            if (!p.startsWith("/")) {
                throw invalid(t, "a unix endpoint needs an absolute path after unix:// (three slashes: unix:///path/csi.sock)");
            }
            return unix(t, p);
        }
        if (t.startsWith("unix:")) {
            String p = t.substring("unix:".length());
            if (!p.startsWith("/")) throw invalid(t, "a unix endpoint needs an absolute path (unix:/path/csi.sock)");
            return unix(t, p);
        }
        if (t.startsWith("/")) return unix(t, t);
        if (t.startsWith("inproc:")) return new InProcessServer(t.substring("inproc:".length()));
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
            if (colon < 0 && t.startsWith("tcp://") && !hostPort.isEmpty() && !hostPort.contains("/")) {
                throw invalid(t, "the port is missing: a tcp endpoint needs host:port (tcp://" + hostPort + ":PORT)");
            }
            if (colon < 0 || hostPort.indexOf(':') != colon) {
                throw invalid(t, "it is not a socket path (it does not start with /) and not host:port");
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
        return new TcpAddress(host, p);
    }

    private static UnixSocket unix(String text, String path) {
        try {
            return new UnixSocket(Path.of(path));
        } catch (InvalidPathException e) {
            throw invalid(text, "the path is not valid here: " + e.getReason());
        }
    }

    private static CallFailure invalid(String text, String why) {
        // the text as typed: the person's input, read by the console, not anything the driver said
        return new CallFailure(FailureKind.INVALID_ARGUMENT, FailureOwner.CHECKED, "Read endpoint '" + text + "'", why, "Write it as " + FORMS,
                "", null);
    }
}
