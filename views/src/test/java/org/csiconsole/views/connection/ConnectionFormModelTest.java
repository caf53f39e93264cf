package org.csiconsole.views.connection;

import org.csiconsole.core.session.ConnectionKind;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.views.connection.ConnectionFormModel.CspTrustChoice;
import org.csiconsole.views.connection.ConnectionFormModel.Transport;
import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ConnectionFormModelTest {
    private static final String FP = "AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89:AB:CD:EF:01:23:45:67:89";

    @Test
    void aUnixSocketProfileNeedsAnAbsolutePath() {
        ConnectionFormModel m = new ConnectionFormModel(null, Set.of());
        assertThat(m.validProperty().get()).isFalse();
        assertThat(m.firstProblemProperty().get()).contains("socket path");
        m.nameProperty().set("lab");
        m.socketPathProperty().set("run/csi.sock");
        assertThat(m.firstProblemProperty().get()).contains("must be absolute (start with / or unix:///)");
        m.socketPathProperty().set("/run/csi/csi.sock");
        m.nodeSocketProperty().set("/run/csi/node.sock");
        assertThat(m.validProperty().get()).isTrue();
        ConnectionProfile p = m.toProfile();
        assertThat(p.kind()).isEqualTo(ConnectionKind.CSI);
        assertThat(p.endpoint()).isEqualTo("unix:///run/csi/csi.sock");
        assertThat(p.nodeEndpoint()).isEqualTo("unix:///run/csi/node.sock");
    }

    @Test
    void theSecretsFileIsCheckedAndSavedByPathWithThePerClassFilesItHad(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir)
            throws Exception {
        java.nio.file.Path file = java.nio.file.Files.writeString(dir.resolve("s.json"), "{\"userKey\": \"v\"}");
        ConnectionProfile existing = ConnectionProfile.csi("hpe", "unix:///csi/csi.sock").withSecrets(
                org.csiconsole.core.session.SecretSources.allFrom("").with(org.csiconsole.core.model.SecretClass.NODE_STAGE, "/etc/stage.json"));
        ConnectionFormModel m = new ConnectionFormModel(existing, Set.of());

        m.secretsFileProperty().set("secrets.json");
        assertThat(m.firstProblemProperty().get()).startsWith("Give the secrets file as an absolute path");
        m.secretsFileProperty().set(dir.resolve("missing.json").toString());
        assertThat(m.firstProblemProperty().get()).isEqualTo("The secrets file " + dir.resolve("missing.json") + " does not exist or is not a file.");
        m.secretsFileProperty().set(file.toString());
        assertThat(m.validProperty().get()).isTrue();

        org.csiconsole.core.session.SecretSources saved = m.toProfile().secrets();
        assertThat(saved.all()).isEqualTo(file.toString());
        assertThat(saved.fileFor(org.csiconsole.core.model.SecretClass.NODE_STAGE)).contains("/etc/stage.json");
        assertThat(new ConnectionFormModel(m.toProfile(), Set.of()).secretsFileProperty().get()).isEqualTo(file.toString());
    }

    @Test
    void aRegularFileOrAFolderGivenAsASocketIsAProblemThatSaysWhatASocketIs() {
        java.util.Map<java.nio.file.Path, ConnectionFormModel.PathKind> disk = java.util.Map.of(
                java.nio.file.Path.of("/tmp/notes.txt"), ConnectionFormModel.PathKind.FILE,
                java.nio.file.Path.of("/var/lib/kubelet/plugins/x"), ConnectionFormModel.PathKind.FOLDER,
                java.nio.file.Path.of("/csi/csi.sock"), ConnectionFormModel.PathKind.SOCKET);
        ConnectionFormModel m = ConnectionFormModel.overPaths(null, Set.of(),
                p -> disk.getOrDefault(p, ConnectionFormModel.PathKind.MISSING));
        m.nameProperty().set("lab");
        m.socketPathProperty().set("/tmp/notes.txt");
        assertThat(m.validProperty().get()).as("refused before connecting").isFalse();
        assertThat(m.firstProblemProperty().get()).isEqualTo("The socket /tmp/notes.txt is a regular file, not a unix socket. "
                + "A driver's socket is the file its plugin listens on, made when the driver starts (ls -l lists it with type s, "
                + "as srwx\u2026), e.g. /var/lib/kubelet/plugins/<driver>/csi.sock.");
        m.socketPathProperty().set("unix:///var/lib/kubelet/plugins/x");
        assertThat(m.firstProblemProperty().get()).startsWith("The socket /var/lib/kubelet/plugins/x is a folder, not a unix socket. "
                + "Give the socket inside it, e.g. /var/lib/kubelet/plugins/x/csi.sock.");
        m.socketPathProperty().set("/csi/csi.sock");
        m.nodeSocketProperty().set("/tmp/notes.txt");
        assertThat(m.firstProblemProperty().get()).startsWith("The node socket /tmp/notes.txt is a regular file, not a unix socket.");
        m.nodeSocketProperty().set("/csi/missing.sock");
        assertThat(m.validProperty().get()).as("nothing there yet: the console waits for it").isTrue();
        assertThat(m.warnings()).containsExactly("No node socket at /csi/missing.sock yet: node calls fail until the node plugin creates it.");
    }

    @Test
    void aRealFileAndFolderAndSocketAreToldApart(@org.junit.jupiter.api.io.TempDir java.nio.file.Path dir) throws Exception {
        java.nio.file.Path file = java.nio.file.Files.writeString(dir.resolve("notes.txt"), "x");
        java.nio.file.Path sock = dir.resolve("s.sock");
        try (var server = java.nio.channels.ServerSocketChannel.open(java.net.StandardProtocolFamily.UNIX)) {
            server.bind(java.net.UnixDomainSocketAddress.of(sock));
            assertThat(ConnectionFormModel.PathKind.of(sock)).isEqualTo(ConnectionFormModel.PathKind.SOCKET);
        }
        assertThat(ConnectionFormModel.PathKind.of(file)).isEqualTo(ConnectionFormModel.PathKind.FILE);
        assertThat(ConnectionFormModel.PathKind.of(dir)).isEqualTo(ConnectionFormModel.PathKind.FOLDER);
        assertThat(ConnectionFormModel.PathKind.of(dir.resolve("none"))).isEqualTo(ConnectionFormModel.PathKind.MISSING);
    }

    @Test
    void csiAddonsEndpointsAreOptionalCheckedAndKeptInTheProfile() {
        java.util.Set<java.nio.file.Path> present = new java.util.HashSet<>(Set.of(java.nio.file.Path.of("/csi/csi.sock")));
        ConnectionFormModel m = new ConnectionFormModel(null, Set.of(), present::contains);
        m.nameProperty().set("ceph");
        m.socketPathProperty().set("/csi/csi.sock");
        assertThat(m.toProfile().effectiveAddonsEndpoint()).as("none given: tried on the CSI socket").isEqualTo("unix:///csi/csi.sock");

        m.addonsEndpointProperty().set("csi/csi-addons.sock");
        assertThat(m.firstProblemProperty().get()).startsWith("The csi-addons endpoint \"csi/csi-addons.sock\" cannot be read: ")
                .endsWith("Write it as " + org.csiconsole.core.session.EndpointAddress.FORMS + ".");
        m.addonsEndpointProperty().set("/csi/csi-addons.sock");
        m.nodeAddonsEndpointProperty().set("tcp://node-1:9070");
        assertThat(m.validProperty().get()).isTrue();
        assertThat(m.warnings()).containsExactly("No csi-addons socket at /csi/csi-addons.sock yet: csi-addons calls fail until its sidecar creates it.");

        ConnectionProfile p = m.toProfile();
        assertThat(p.addonsEndpoint()).isEqualTo("unix:///csi/csi-addons.sock");
        assertThat(p.nodeAddonsEndpoint()).isEqualTo("tcp://node-1:9070");
        assertThat(new ConnectionFormModel(p, Set.of()).toProfile()).as("an edited profile keeps them").isEqualTo(p);
    }

    @Test
    void aSocketThatDoesNotExistYetIsAWarningThatDoesNotBlockTheSave() {
        java.util.Set<java.nio.file.Path> present = new java.util.HashSet<>();
        ConnectionFormModel m = new ConnectionFormModel(null, Set.of(), present::contains);
        m.nameProperty().set("lab");
        m.socketPathProperty().set("/x/y.sock");
        assertThat(m.validProperty().get()).isTrue();
        assertThat(m.warningProperty().get()).isEqualTo("No socket at /x/y.sock yet: the console will wait for the driver.");

        m.nodeSocketProperty().set("/x/node.sock");
        assertThat(m.warnings()).hasSize(2).last().asString().startsWith("No node socket at /x/node.sock yet");

        present.add(java.nio.file.Path.of("/x/y.sock"));
        present.add(java.nio.file.Path.of("/x/node.sock"));
        m.socketPathProperty().set(" /x/y.sock");
        m.nodeSocketProperty().set("/x/node.sock ");
        assertThat(m.warningProperty().get()).isEmpty();

        m.transportProperty().set(Transport.TCP);
        m.nodeSocketProperty().set("");
        present.clear();
        assertThat(m.warnings()).as("a TCP endpoint has no socket file").isEmpty();
    }

    @Test
    void tcpNeedsHostPortAndAClientCertNeedsItsKeyAndACa() {
        ConnectionFormModel m = new ConnectionFormModel(null, Set.of());
        m.nameProperty().set("proxy");
        m.transportProperty().set(Transport.TCP);
        m.hostPortProperty().set("proxy.example");
        assertThat(m.firstProblemProperty().get()).contains("host:port");
        m.hostPortProperty().set("proxy.example:99999");
        assertThat(m.firstProblemProperty().get()).contains("between 1 and 65535");
        m.hostPortProperty().set("proxy.example:9000");
        m.clientCertProperty().set("/etc/client.pem");
        assertThat(m.problems()).anyMatch(s -> s.contains("private key")).anyMatch(s -> s.contains("CA file"));
        m.clientKeyProperty().set("/etc/client.key");
        m.caFileProperty().set("/etc/ca.pem");
        assertThat(m.problems()).isEmpty();
        ConnectionProfile p = m.toProfile();
        assertThat(p.endpoint()).isEqualTo("tcp://proxy.example:9000");
        assertThat(p.tlsCaPath()).isEqualTo("/etc/ca.pem");
        assertThat(p.tlsClientCertPath()).isEqualTo("/etc/client.pem");
        assertThat(p.tlsClientKeyPath()).isEqualTo("/etc/client.key");
    }

    @Test
    void cspNeedsAnHttpsUrlWithoutCredentialsAUserAndAValidPin() {
        ConnectionFormModel m = new ConnectionFormModel(null, Set.of());
        m.kindProperty().set(ConnectionKind.CSP);
        m.nameProperty().set("array-a");
        m.cspUrlProperty().set("ftp://array");
        assertThat(m.problems()).anyMatch(s -> s.contains("https://")).anyMatch(s -> s.contains("user"));
        m.cspUrlProperty().set("https://admin:secret@array:8080");
        assertThat(m.problems()).anyMatch(s -> s.contains("Do not put a user or password"));
        m.cspUrlProperty().set("https://array:8080");
        m.userProperty().set("admin");
        m.arrayIpProperty().set("192.0.2.10");
        m.cspTrustProperty().set(CspTrustChoice.PIN);
        m.pinProperty().set("AB:CD");
        assertThat(m.firstProblemProperty().get()).contains("32 hex pairs");
        m.pinProperty().set(FP.toLowerCase().replace(":", ""));
        assertThat(m.validProperty().get()).isTrue();
        ConnectionProfile p = m.toProfile();
        assertThat(p.pinnedFingerprint()).isEqualTo(FP);
        assertThat(p.cspUrl()).isEqualTo("https://array:8080");
        assertThat(p.arrayIp()).isEqualTo("192.0.2.10");
        assertThat(p.tlsCaPath()).isEmpty();
    }

    @Test
    void aNameTakenByAnotherProfileIsRefusedButEditingKeepsItsOwnName() {
        ConnectionFormModel fresh = new ConnectionFormModel(null, Set.of("lab"));
        fresh.nameProperty().set("lab");
        fresh.socketPathProperty().set("/run/csi.sock");
        assertThat(fresh.firstProblemProperty().get()).contains("already exists");
        assertThatThrownBy(fresh::toProfile).isInstanceOf(IllegalStateException.class);

        ConnectionProfile saved = ConnectionProfile.csi("lab", "unix:///run/csi.sock");
        ConnectionFormModel edit = new ConnectionFormModel(saved, Set.of("lab", "other"));
        assertThat(edit.socketPathProperty().get()).isEqualTo("/run/csi.sock");
        assertThat(edit.validProperty().get()).isTrue();
        assertThat(edit.toProfile()).isEqualTo(saved);
    }

    @Test
    void editingAPinnedCspProfileKeepsThePin() {
        ConnectionProfile saved = ConnectionProfile.csp("array-a", "https://array:8080", "admin", "").withPinnedFingerprint(FP);
        ConnectionFormModel m = new ConnectionFormModel(saved, Set.of());
        assertThat(m.cspTrustProperty().get()).isEqualTo(CspTrustChoice.PIN);
        assertThat(m.toProfile()).isEqualTo(saved);
    }

    @Test
    void everyEndpointFormTheCommandLineTakesIsAcceptedAndSavedInItsCanonicalForm() {
        ConnectionFormModel m = new ConnectionFormModel(null, Set.of(), p -> true);
        m.nameProperty().set("lab");
        for (String form : new String[]{"unix:///tmp/x.sock", "unix:/tmp/x.sock", "/tmp/x.sock", " /tmp/./x.sock "}) {
            m.socketPathProperty().set(form);
            assertThat(m.problems()).as(form).isEmpty();
            assertThat(m.toProfile().endpoint()).as(form).isEqualTo("unix:///tmp/x.sock");
        }
        m.nodeSocketProperty().set("unix:///tmp/node.sock");
        m.addonsEndpointProperty().set("csi-addons.example:9070");
        assertThat(m.toProfile().nodeEndpoint()).isEqualTo("unix:///tmp/node.sock");
        assertThat(m.toProfile().addonsEndpoint()).isEqualTo("tcp://csi-addons.example:9070");

        m.transportProperty().set(Transport.TCP);
        for (String form : new String[]{"tcp://proxy.example:9000", "proxy.example:9000"}) {
            m.hostPortProperty().set(form);
            assertThat(m.problems()).as(form).isEmpty();
            assertThat(m.toProfile().endpoint()).isEqualTo("tcp://proxy.example:9000");
        }
        m.hostPortProperty().set("[::1]:7000");
        assertThat(m.toProfile().endpoint()).isEqualTo("tcp://[::1]:7000");
    }

    @Test
    void anEndpointOfTheOtherTransportSaysWhichTransportToChoose() {
        ConnectionFormModel m = new ConnectionFormModel(null, Set.of(), p -> true);
        m.socketPathProperty().set("tcp://proxy.example:9000");
        assertThat(m.firstProblemProperty().get()).isEqualTo(
                "\"tcp://proxy.example:9000\" is a TCP address; choose TCP above, or give a socket path such as unix:///csi/csi.sock.");
        m.transportProperty().set(Transport.TCP);
        m.hostPortProperty().set("unix:///tmp/x.sock");
        assertThat(m.firstProblemProperty().get()).isEqualTo("\"unix:///tmp/x.sock\" is a unix socket; choose Unix socket above, or give host:port.");
    }

    @Test
    void theHintUnderTheFieldsFollowsTheTransport() {
        ConnectionFormModel m = new ConnectionFormModel(null, Set.of());
        assertThat(m.hintProperty().get()).startsWith("The console watches the unix socket");
        m.transportProperty().set(Transport.TCP);
        assertThat(m.hintProperty().get()).startsWith("The console connects to host:port").doesNotContain("unix socket");
    }

    @Test
    void aDriverNoOneNamedCarriesItsAddressUntilItTellsItsOwnName() {
        ConnectionFormModel m = new ConnectionFormModel(null, Set.of(), p -> true);
        m.socketPathProperty().set("unix:///csi/run/csi.sock");
        ConnectionProfile p = m.toProfile();
        assertThat(p.name()).isEqualTo("/csi/run/csi.sock");
        assertThat(p.namedAfterAddress()).isTrue();
        m.nameProperty().set("hostpath lab");
        assertThat(m.toProfile().namedAfterAddress()).as("the admin named it").isFalse();

        ConnectionFormModel again = new ConnectionFormModel(null, Set.of("/csi/run/csi.sock"), x -> true);
        again.socketPathProperty().set("/csi/run/csi.sock");
        assertThat(again.firstProblemProperty().get()).isEqualTo("A connection to /csi/run/csi.sock already exists; give this one a name.");
    }

    @Test
    void aCspOverPlainHttpIsWarnedOnThisMachineAndRefusedElsewhere() {
        ConnectionFormModel m = new ConnectionFormModel(null, Set.of());
        m.kindProperty().set(ConnectionKind.CSP);
        m.nameProperty().set("lab");
        m.userProperty().set("admin");
        m.cspUrlProperty().set("http://127.0.0.1:8080");
        assertThat(m.validProperty().get()).isTrue();
        assertThat(m.warningProperty().get()).startsWith("Plain HTTP: the password and the session token travel unencrypted to 127.0.0.1");
        m.cspUrlProperty().set("http://array1.example:8080");
        assertThat(m.firstProblemProperty().get()).isEqualTo("Plain HTTP to array1.example would send the password unencrypted; "
                + "the console logs in over plain HTTP to this machine only. Write https://.");
        m.cspUrlProperty().set("https://array1.example:8080");
        assertThat(m.warningProperty().get()).isEmpty();
    }

    @Test
    void aCsiDriverWithItsCspArrayNeedsBothAndKeepsThemInOneProfileWithoutAPassword() {
        java.util.Set<java.nio.file.Path> present = Set.of(java.nio.file.Path.of("/csi/csi.sock"));
        ConnectionFormModel m = new ConnectionFormModel(null, Set.of(), present::contains);
        m.nameProperty().set("hpe");
        m.socketPathProperty().set("/csi/csi.sock");
        m.withCspProperty().set(true);
        assertThat(m.firstProblemProperty().get()).isEqualTo("Give the CSP address, e.g. https://array1.example:8080.");
        m.cspUrlProperty().set("https://csp.example:8080");
        m.userProperty().set("admin");
        m.arrayIpProperty().set("192.0.2.10");
        m.cspTrustProperty().set(ConnectionFormModel.CspTrustChoice.CA_FILE);
        assertThat(m.problems()).anySatisfy(p -> assertThat(p).contains("trusted by the system store or a pin"));
        m.cspTrustProperty().set(ConnectionFormModel.CspTrustChoice.SYSTEM);

        var p = m.toProfile();
        assertThat(p.kind()).isEqualTo(org.csiconsole.core.session.ConnectionKind.CSI);
        assertThat(p.pairsCsp()).isTrue();
        assertThat(p.endpoint()).isEqualTo("unix:///csi/csi.sock");
        assertThat(p.cspSide().cspUrl()).isEqualTo("https://csp.example:8080");
        assertThat(p.cspSide().arrayIp()).isEqualTo("192.0.2.10");
        assertThat(new ConnectionFormModel(p, Set.of(), present::contains).withCspProperty().get()).as("edited again").isTrue();

        m.withCspProperty().set(false);
        assertThat(m.toProfile().pairsCsp()).as("a CSI driver alone names no CSP").isFalse();
    }
}
