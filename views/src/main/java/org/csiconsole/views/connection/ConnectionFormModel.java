package org.csiconsole.views.connection;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.Observable;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.session.ConnectionKind;
import org.csiconsole.core.session.EndpointAddress;
import org.csiconsole.core.session.PlainHttp;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.session.SecretSources;

import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Set;
import java.util.function.Predicate;
import java.util.regex.Pattern;

/**
 * The state of the connection dialog, without any {@code Node}: what a person types to reach a CSI
 * driver, a CSI driver with the CSP of its array, or a CSP array, checked as they type. {@link #problems()} lists what is wrong in sentences;
 * {@link #toProfile()} builds the {@link ConnectionProfile} to save. There is no password field: the
 * CSP password is asked for when the connection opens.
 *
 * <p>CSI endpoints follow the CSI spec's {@code CSI_ENDPOINT} form {@code unix:///path/to.sock}
 * (csi-spec-v0.1-lifecycle.md, "Plugin Bootstrap Example"); a TCP endpoint {@code tcp://host:port}
 * is for plugins behind a proxy. TLS is used when a CA file is given; a client certificate and its
 * key are optional and go together. CSP arrays are reached at {@code https://host:port}
 * (hpe-csp-rest-spec.md, introduction), trusted by the system store, a CA file or a SHA-256 pin.
 */
public final class ConnectionFormModel {
    /** How a CSI endpoint is reached. */
    public enum Transport { UNIX, TCP }

    /** How a CSP certificate is trusted. */
    public enum CspTrustChoice { SYSTEM, CA_FILE, PIN }

    private static final Pattern FINGERPRINT = Pattern.compile("([0-9A-Fa-f]{2}:?){31}[0-9A-Fa-f]{2}");

    private final ObjectProperty<ConnectionKind> kind = new SimpleObjectProperty<>(this, "kind", ConnectionKind.CSI);
    /** For a CSI driver: whether the connection names the CSP of its array too ("CSI driver + its CSP array"). */
    private final javafx.beans.property.BooleanProperty withCsp = new javafx.beans.property.SimpleBooleanProperty(this, "withCsp");
    private final StringProperty name = new SimpleStringProperty(this, "name", "");
    private final ObjectProperty<Transport> transport = new SimpleObjectProperty<>(this, "transport", Transport.UNIX);
    private final StringProperty socketPath = new SimpleStringProperty(this, "socketPath", "");
    private final StringProperty hostPort = new SimpleStringProperty(this, "hostPort", "");
    private final StringProperty caFile = new SimpleStringProperty(this, "caFile", "");
    private final StringProperty clientCert = new SimpleStringProperty(this, "clientCert", "");
    private final StringProperty clientKey = new SimpleStringProperty(this, "clientKey", "");
    private final StringProperty nodeSocket = new SimpleStringProperty(this, "nodeSocket", "");
    private final StringProperty addonsEndpoint = new SimpleStringProperty(this, "addonsEndpoint", "");
    private final StringProperty nodeAddonsEndpoint = new SimpleStringProperty(this, "nodeAddonsEndpoint", "");
    private final StringProperty secretsFile = new SimpleStringProperty(this, "secretsFile", "");
    /** Per-class secrets files of the profile being edited, kept as they were (the dialog edits the file for all calls). */
    private java.util.Map<org.csiconsole.core.model.SecretClass, String> secretOverrides = java.util.Map.of();
    private final StringProperty cspUrl = new SimpleStringProperty(this, "cspUrl", "");
    private final StringProperty user = new SimpleStringProperty(this, "user", "");
    private final StringProperty arrayIp = new SimpleStringProperty(this, "arrayIp", "");
    private final ObjectProperty<CspTrustChoice> cspTrust = new SimpleObjectProperty<>(this, "cspTrust", CspTrustChoice.SYSTEM);
    private final StringProperty cspCaFile = new SimpleStringProperty(this, "cspCaFile", "");
    private final StringProperty pin = new SimpleStringProperty(this, "pin", "");

    private final Set<String> takenNames;
    private final String originalName;
    private final java.util.function.Function<Path, PathKind> pathKind;

    /** What is at a path a socket field names. */
    public enum PathKind {
        MISSING, SOCKET, FILE, FOLDER, OTHER;

        /** What is at {@code p} now, links followed: a socket by its file type where the file system tells it. */
        public static PathKind of(Path p) {
            try {
                var a = Files.readAttributes(p, java.nio.file.attribute.BasicFileAttributes.class);
                if (a.isRegularFile()) return FILE;
                if (a.isDirectory()) return FOLDER;
                if (!a.isOther()) return OTHER;
                try {
                    int mode = (Integer) Files.getAttribute(p, "unix:mode");
                    return (mode & 0170000) == 0140000 ? SOCKET : OTHER; // S_IFMT, S_IFSOCK
                } catch (UnsupportedOperationException | IllegalArgumentException e) {
                    return SOCKET; // no unix attributes: a special file is taken for a socket
                }
            } catch (java.io.IOException e) {
                return MISSING;
            }
        }
    }
    private final BooleanBinding valid;
    private final StringBinding firstProblem;
    private final StringBinding warning;
    private final StringBinding hint;

    /**
     * @param existing the profile being edited, or null for a new one
     * @param takenNames names of the other saved profiles (a new name must not be one of them)
     */
    public ConnectionFormModel(ConnectionProfile existing, Set<String> takenNames) {
        this(existing, takenNames, (java.util.function.Function<Path, PathKind>) PathKind::of);
    }

    /**
     * @param socketExists whether a socket exists now at a path (tests answer as they need; false reads as
     *                     nothing there, never as a file or a folder)
     */
    public ConnectionFormModel(ConnectionProfile existing, Set<String> takenNames, Predicate<Path> socketExists) {
        this(existing, takenNames, (java.util.function.Function<Path, PathKind>) p -> socketExists.test(p) ? PathKind.SOCKET : PathKind.MISSING);
    }

    /**
     * A form whose socket fields are checked against {@code pathKind}: what is at a path now ({@link PathKind#of} in
     * the application; tests answer as they need).
     */
    public static ConnectionFormModel overPaths(ConnectionProfile existing, Set<String> takenNames,
                                                java.util.function.Function<Path, PathKind> pathKind) {
        return new ConnectionFormModel(existing, takenNames, pathKind);
    }

    private ConnectionFormModel(ConnectionProfile existing, Set<String> takenNames, java.util.function.Function<Path, PathKind> pathKind) {
        this.takenNames = Set.copyOf(Objects.requireNonNull(takenNames));
        this.originalName = existing == null ? null : existing.name();
        this.pathKind = Objects.requireNonNull(pathKind);
        if (existing != null) load(existing);
        Observable[] all = {kind, withCsp, name, transport, socketPath, hostPort, caFile, clientCert, clientKey, nodeSocket,
                addonsEndpoint, nodeAddonsEndpoint, secretsFile, cspUrl, user, arrayIp, cspTrust, cspCaFile, pin};
        valid = Bindings.createBooleanBinding(() -> problems().isEmpty(), all);
        firstProblem = Bindings.createStringBinding(() -> problems().isEmpty() ? "" : problems().get(0), all);
        hint = Bindings.createStringBinding(() -> transport.get() == Transport.TCP
                ? "The console connects to host:port (" + EndpointAddress.TCP_FORMS + ") and reconnects when it accepts connections "
                        + "again. TLS is on when a CA file is given."
                : "The console watches the unix socket (" + EndpointAddress.UNIX_FORMS + ") and reconnects when the driver restarts.",
                transport);
        warning = Bindings.createStringBinding(() -> String.join(" ", warnings()), kind, withCsp, transport, socketPath, nodeSocket,
                addonsEndpoint, nodeAddonsEndpoint, cspUrl);
    }

    /**
     * What may not work yet although the profile can be saved, in sentences: a unix socket that does
     * not exist now. The console then waits for the driver to create it, as a CO monitors a plugin's
     * socket until it exists (csi-spec-v0.1-lifecycle.md, "Plugin Bootstrap Example").
     */
    public List<String> warnings() {
        List<String> out = new ArrayList<>();
        if (namesCsp() && PlainHttp.refusal(cspUrl.get()).isEmpty()) PlainHttp.warning(cspUrl.get()).ifPresent(out::add);
        if (kind.get() == ConnectionKind.CSP) return out;
        if (transport.get() == Transport.UNIX) {
            missingSocket(socketPath.get()).ifPresent(p -> out.add("No socket at " + p + " yet: the console will wait for the driver."));
        }
        missingSocket(nodeSocket.get()).ifPresent(p -> out.add("No node socket at " + p + " yet: node calls fail until the node plugin creates it."));
        for (StringProperty addons : List.of(addonsEndpoint, nodeAddonsEndpoint)) {
            missingSocket(addons.get()).ifPresent(p -> out.add("No csi-addons socket at " + p + " yet: csi-addons calls fail until its sidecar creates it."));
        }
        return out;
    }

    /** The socket path of an endpoint field when it names a unix socket that does not exist now. */
    private java.util.Optional<Path> missingSocket(String value) {
        String text = value == null ? "" : value.trim();
        if (text.isEmpty()) return java.util.Optional.empty();
        try {
            return EndpointAddress.parse(text) instanceof EndpointAddress.UnixSocket u && pathKind.apply(u.path()) == PathKind.MISSING
                    ? java.util.Optional.of(u.path()) : java.util.Optional.empty();
        } catch (CallFailure f) {
            return java.util.Optional.empty(); // a problem, said by problems()
        }
    }

    /** How the chosen CSI transport is reached and watched, in a sentence for under the fields. */
    public StringBinding hintProperty() {
        return hint;
    }

    /** {@link #warnings()} as one text, empty when there is none. */
    public StringBinding warningProperty() {
        return warning;
    }

    private void load(ConnectionProfile p) {
        kind.set(p.kind() == ConnectionKind.DEMO ? ConnectionKind.CSI : p.kind());
        name.set(p.name());
        String ep = p.endpoint();
        if (ep.startsWith("tcp://")) {
            transport.set(Transport.TCP);
            hostPort.set(ep.substring("tcp://".length()));
        } else {
            transport.set(Transport.UNIX);
            socketPath.set(ep.startsWith("unix://") ? ep.substring("unix://".length()) : ep);
        }
        String node = p.nodeEndpoint();
        nodeSocket.set(node.startsWith("unix://") ? node.substring("unix://".length()) : node);
        addonsEndpoint.set(p.addonsEndpoint());
        nodeAddonsEndpoint.set(p.nodeAddonsEndpoint());
        secretsFile.set(p.secrets().all());
        secretOverrides = p.secrets().perClass();
        cspUrl.set(p.cspUrl());
        user.set(p.user());
        arrayIp.set(p.arrayIp());
        withCsp.set(p.pairsCsp());
        if (p.pairsCsp() && !p.pinnedFingerprint().isEmpty()) {
            cspTrust.set(CspTrustChoice.PIN);
            pin.set(p.pinnedFingerprint());
        }
        if (p.kind() == ConnectionKind.CSP) {
            if (!p.pinnedFingerprint().isEmpty()) {
                cspTrust.set(CspTrustChoice.PIN);
                pin.set(p.pinnedFingerprint());
            } else if (!p.tlsCaPath().isEmpty()) {
                cspTrust.set(CspTrustChoice.CA_FILE);
                cspCaFile.set(p.tlsCaPath());
            }
        } else {
            caFile.set(p.tlsCaPath());
            clientCert.set(p.tlsClientCertPath());
            clientKey.set(p.tlsClientKeyPath());
        }
    }

    /** Everything that stops the profile from being saved, in sentences; empty when it can be saved. */
    public List<String> problems() {
        List<String> out = new ArrayList<>();
        String typed = name.get().trim();
        if (typed.isEmpty() && kind.get() == ConnectionKind.CSP) out.add("Give the connection a name, e.g. \"lab array\".");
        else if (!typed.isEmpty() && taken(typed)) out.add("A connection named \"" + typed + "\" already exists; choose another name.");
        if (kind.get() != ConnectionKind.CSP) csiProblems(out);
        if (namesCsp()) cspProblems(out);
        if (kind.get() == ConnectionKind.CSI && withCsp.get() && cspTrust.get() == CspTrustChoice.CA_FILE) {
            out.add("The CSP of a CSI driver is trusted by the system store or a pin; a CA file is for a CSP array connection.");
        }
        if (typed.isEmpty() && out.isEmpty() && taken(profileName())) {
            out.add("A connection to " + profileName() + " already exists; give this one a name.");
        }
        return out;
    }

    private boolean taken(String n) {
        return !n.equals(originalName) && takenNames.contains(n);
    }

    private void csiProblems(List<String> out) {
        if (transport.get() == Transport.UNIX) {
            String path = socketPath.get().trim();
            if (path.isEmpty()) out.add("Give the driver's socket path, e.g. /var/lib/kubelet/plugins/csi.example.com/csi.sock.");
            else endpointProblem(out, "The socket", path, EndpointAddress.UnixSocket.class);
        } else {
            String hp = hostPort.get().trim();
            if (hp.isEmpty()) out.add("Give the plugin's host and port, e.g. csi-proxy.example:9000.");
            else endpointProblem(out, "The address", hp, EndpointAddress.TcpAddress.class);
            boolean cert = !clientCert.get().isBlank();
            boolean key = !clientKey.get().isBlank();
            if (cert != key) out.add("A client certificate needs its private key, and the key needs its certificate; give both or neither.");
            if ((cert || key) && caFile.get().isBlank()) out.add("A client certificate is only used with TLS; give the CA file that signs the plugin's certificate.");
        }
        endpointProblem(out, "The node socket", nodeSocket.get(), null);
        endpointProblem(out, "The csi-addons endpoint", addonsEndpoint.get(), null);
        endpointProblem(out, "The node csi-addons endpoint", nodeAddonsEndpoint.get(), null);
        if (transport.get() == Transport.UNIX) notASocket(out, "The socket", socketPath.get());
        notASocket(out, "The node socket", nodeSocket.get());
        notASocket(out, "The csi-addons endpoint", addonsEndpoint.get());
        notASocket(out, "The node csi-addons endpoint", nodeAddonsEndpoint.get());
        String secrets = secretsFile.get().trim();
        if (!secrets.isEmpty()) {
            Path file = Path.of(secrets);
            if (!file.isAbsolute()) out.add("Give the secrets file as an absolute path, e.g. /etc/csi-console/driver-secrets.json.");
            else if (!java.nio.file.Files.isRegularFile(file)) out.add("The secrets file " + secrets + " does not exist or is not a file.");
        }
    }

    /**
     * A field that names a unix socket where something else is (a regular file, a folder, a pipe): said before
     * connecting, with what a socket is. Nothing there yet is a warning ({@link #warnings()}), not a problem.
     */
    private void notASocket(List<String> out, String what, String value) {
        String text = value == null ? "" : value.trim();
        if (text.isEmpty()) return;
        EndpointAddress a;
        try {
            a = EndpointAddress.parse(text);
        } catch (CallFailure f) {
            return; // said by endpointProblem
        }
        if (!(a instanceof EndpointAddress.UnixSocket u)) return;
        PathKind there = pathKind.apply(u.path());
        String is = switch (there) {
            case MISSING, SOCKET -> null;
            case FILE -> "a regular file";
            case FOLDER -> "a folder";
            case OTHER -> "a special file (a pipe or a device)";
        };
        if (is == null) return;
        String inside = there == PathKind.FOLDER ? " Give the socket inside it, e.g. " + u.path().resolve("csi.sock") + "." : "";
        out.add(what + " " + u.path() + " is " + is + ", not a unix socket." + inside + " A driver's socket is the file its plugin "
                + "listens on, made when the driver starts (ls -l lists it with type s, as srwx\u2026), e.g. "
                + "/var/lib/kubelet/plugins/<driver>/csi.sock.");
    }

    /**
     * An endpoint field read with {@link EndpointAddress#parse}, the parser the command line uses;
     * {@code expected} is the transport the field is for (null: any); an empty field is no problem.
     */
    private static void endpointProblem(List<String> out, String what, String value, Class<? extends EndpointAddress> expected) {
        String text = value == null ? "" : value.trim();
        if (text.isEmpty()) return;
        EndpointAddress a;
        try {
            a = EndpointAddress.parse(text);
        } catch (CallFailure f) {
            // the field's transport is chosen above: it names that transport's forms, not every form the parser knows
            String forms = expected == EndpointAddress.UnixSocket.class ? "Write it as " + EndpointAddress.UNIX_FORMS
                    : expected == EndpointAddress.TcpAddress.class ? "Write it as " + EndpointAddress.TCP_FORMS : f.whatToDo();
            String why = expected == EndpointAddress.UnixSocket.class && !text.startsWith("/") && !text.startsWith("unix:")
                    ? "a socket path must be absolute (start with / or unix:///)" : f.why();
            out.add(what + " \"" + text + "\" cannot be read: " + why + ". " + forms + ".");
            return;
        }
        if (a instanceof EndpointAddress.InProcessServer) {
            out.add(what + " \"" + text + "\" names a server inside a running program (tests, the demo); a saved connection needs a socket path or host:port.");
        } else if (expected == EndpointAddress.UnixSocket.class && !(a instanceof EndpointAddress.UnixSocket)) {
            out.add("\"" + text + "\" is a TCP address; choose TCP above, or give a socket path such as unix:///csi/csi.sock.");
        } else if (expected == EndpointAddress.TcpAddress.class && !(a instanceof EndpointAddress.TcpAddress)) {
            out.add("\"" + text + "\" is a unix socket; choose Unix socket above, or give host:port.");
        }
    }

    /** The canonical text of an endpoint field ({@code unix:///...}, {@code tcp://host:port}); empty when the field is. */
    private static String canonical(String value) {
        String text = value == null ? "" : value.trim();
        return text.isEmpty() ? "" : EndpointAddress.parse(text).text();
    }

    private void cspProblems(List<String> out) {
        String url = cspUrl.get().trim();
        if (url.isEmpty()) {
            out.add("Give the CSP address, e.g. https://array1.example:8080.");
        } else {
            try {
                URI u = URI.create(url);
                String scheme = u.getScheme() == null ? "" : u.getScheme().toLowerCase(Locale.ROOT);
                if (!scheme.equals("https") && !scheme.equals("http")) out.add("The CSP address must start with https://, e.g. https://array1.example:8080.");
                else if (u.getHost() == null) out.add("The CSP address has no host; write it as https://array1.example:8080.");
                else if (u.getUserInfo() != null) out.add("Do not put a user or password in the address; the user has its own field and the password is asked when connecting.");
                else PlainHttp.refusal(url).ifPresent(why -> out.add(why + "; the console logs in over plain HTTP to this machine only. Write https://."));
            } catch (IllegalArgumentException e) {
                out.add("\"" + url + "\" is not an address; write it as https://array1.example:8080.");
            }
        }
        if (user.get().isBlank()) out.add("Give the array user, e.g. admin.");
        switch (cspTrust.get()) {
            case CA_FILE -> {
                if (cspCaFile.get().isBlank()) out.add("Choose the CA file (PEM) that signs the CSP's certificate.");
            }
            case PIN -> {
                if (!FINGERPRINT.matcher(pin.get().trim()).matches()) {
                    out.add("The pin must be a SHA-256 fingerprint: 32 hex pairs, e.g. 3A:F1:...; leave trust on \"system\" to be asked on first connect.");
                }
            }
            case SYSTEM -> { }
        }
    }

    /** True when {@link #problems()} is empty. */
    public BooleanBinding validProperty() {
        return valid;
    }

    /** The first problem, or empty. */
    public StringBinding firstProblemProperty() {
        return firstProblem;
    }

    /**
     * The profile to save.
     *
     * @throws IllegalStateException when {@link #problems()} is not empty
     */
    public ConnectionProfile toProfile() {
        List<String> p = problems();
        if (!p.isEmpty()) throw new IllegalStateException(p.get(0));
        String n = profileName();
        if (kind.get() == ConnectionKind.CSP) {
            String ca = cspTrust.get() == CspTrustChoice.CA_FILE ? cspCaFile.get() : "";
            String fp = cspTrust.get() == CspTrustChoice.PIN ? normalizeFingerprint(pin.get()) : "";
            return new ConnectionProfile(ConnectionKind.CSP, n, "", "", ca, cspUrl.get().trim(), user.get().trim(),
                    arrayIp.get().trim(), fp, "", "");
        }
        boolean tcp = transport.get() == Transport.TCP;
        String endpoint = canonical(tcp ? hostPort.get() : socketPath.get());
        boolean csp = withCsp.get();
        return new ConnectionProfile(ConnectionKind.CSI, n, endpoint, canonical(nodeSocket.get()), tcp ? caFile.get() : "",
                csp ? cspUrl.get().trim() : "", csp ? user.get().trim() : "", csp ? arrayIp.get().trim() : "",
                csp && cspTrust.get() == CspTrustChoice.PIN ? normalizeFingerprint(pin.get()) : "",
                tcp ? clientCert.get() : "", tcp ? clientKey.get() : "", canonical(addonsEndpoint.get()), canonical(nodeAddonsEndpoint.get()),
                new SecretSources(secretsFile.get(), secretOverrides));
    }

    /**
     * The name typed, else for a CSI driver its address ({@link ConnectionProfile#addressName}): the
     * console names such a connection after its driver once the driver answers GetPluginInfo.
     */
    private String profileName() {
        String n = name.get().trim();
        if (!n.isEmpty() || kind.get() == ConnectionKind.CSP) return n;
        return ConnectionProfile.addressName(canonical(transport.get() == Transport.TCP ? hostPort.get() : socketPath.get()));
    }

    /** Upper-case hex pairs joined by colons, as {@code CertificateTrustFailure} shows them. */
    public static String normalizeFingerprint(String text) {
        String hex = text.replace(":", "").replace(" ", "").trim().toUpperCase(Locale.ROOT);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < hex.length(); i += 2) {
            if (i > 0) b.append(':');
            b.append(hex, i, Math.min(i + 2, hex.length()));
        }
        return b.toString();
    }

    /** Every value of the form in one text, to tell whether the person changed anything since it was opened. */
    public String draft() {
        return String.join("\u0000", String.valueOf(kind.get()), String.valueOf(withCsp.get()), name.get(), String.valueOf(transport.get()),
                socketPath.get(), hostPort.get(), caFile.get(), clientCert.get(), clientKey.get(), nodeSocket.get(), addonsEndpoint.get(),
                nodeAddonsEndpoint.get(), secretsFile.get(), cspUrl.get(), user.get(), arrayIp.get(), String.valueOf(cspTrust.get()),
                cspCaFile.get(), pin.get());
    }

    public ObjectProperty<ConnectionKind> kindProperty() { return kind; }
    /**
     * For a CSI driver: whether the connection names the CSP of its array (URL, user, array IP; the
     * password asked when connecting), so that volumes, hosts and publications of both are correlated.
     */
    public javafx.beans.property.BooleanProperty withCspProperty() { return withCsp; }

    /** Whether the CSP fields are part of the profile: a CSP array, or a CSI driver with its CSP. */
    public boolean namesCsp() {
        return kind.get() == ConnectionKind.CSP || withCsp.get();
    }
    public StringProperty nameProperty() { return name; }
    public ObjectProperty<Transport> transportProperty() { return transport; }
    /** Absolute path of the controller socket (without {@code unix://}). */
    public StringProperty socketPathProperty() { return socketPath; }
    public StringProperty hostPortProperty() { return hostPort; }
    /** PEM CA file for TLS to a TCP endpoint; TLS is off when empty. */
    public StringProperty caFileProperty() { return caFile; }
    public StringProperty clientCertProperty() { return clientCert; }
    public StringProperty clientKeyProperty() { return clientKey; }
    /** Optional absolute path of a separate node-plugin socket. */
    public StringProperty nodeSocketProperty() { return nodeSocket; }
    /** Optional csi-addons endpoint of the controller side ({@code unix:///...} or {@code tcp://host:port}). */
    public StringProperty addonsEndpointProperty() { return addonsEndpoint; }
    /** Optional csi-addons endpoint of the node side. */
    public StringProperty nodeAddonsEndpointProperty() { return nodeAddonsEndpoint; }
    /**
     * The secrets file for every call that carries secrets (a JSON object of strings, or key=value
     * lines): its path is saved with the connection, never its content.
     */
    public StringProperty secretsFileProperty() { return secretsFile; }
    public StringProperty cspUrlProperty() { return cspUrl; }
    public StringProperty userProperty() { return user; }
    public StringProperty arrayIpProperty() { return arrayIp; }
    public ObjectProperty<CspTrustChoice> cspTrustProperty() { return cspTrust; }
    public StringProperty cspCaFileProperty() { return cspCaFile; }
    /** SHA-256 fingerprint to pin, colon-separated hex. */
    public StringProperty pinProperty() { return pin; }
}
