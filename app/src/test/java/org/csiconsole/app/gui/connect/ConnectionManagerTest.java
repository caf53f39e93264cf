package org.csiconsole.app.gui.connect;

import org.csiconsole.core.storage.CspStorage;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import okhttp3.tls.HandshakeCertificates;
import okhttp3.tls.HeldCertificate;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.session.Backoff;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.store.ProfileStore;
import org.csiconsole.views.connection.ConnectionDialogs;
import org.csiconsole.views.dialog.DialogService;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.workbench.ConnectionModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Connections without the FX toolkit: profiles saved without passwords, CSP login with the password
 * asked at connect time, and trust on first use pinning the certificate into the saved profile.
 */
class ConnectionManagerTest {
    private static final String PASSWORD = "pw-Canary-7731";

    @TempDir
    Path config;
    private final LinkedBlockingQueue<Runnable> uiQueue = new LinkedBlockingQueue<>();
    private final ObservableList<ConnectionModel> connections = FXCollections.observableArrayList();
    private final FakeConnectionDialogs asks = new FakeConnectionDialogs();
    private final RecordingDialogs dialogs = new RecordingDialogs();
    private final MockWebServer server = new MockWebServer();
    private HeldCertificate cert;
    private Sessions sessions;
    private ConnectionManager manager;
    private ProfileStore store;

    @BeforeEach
    void setUp() throws Exception {
        cert = new HeldCertificate.Builder().commonName("array-a.example").addSubjectAlternativeName("array-a.example").build();
        server.useHttps(new HandshakeCertificates.Builder().heldCertificate(cert).build().sslSocketFactory());
        server.start();
        store = new ProfileStore(config);
        sessions = new Sessions(uiQueue::add, new CallTrace(), new Backoff(Duration.ofMillis(10), Duration.ofMillis(50)), Duration.ofMillis(20));
        manager = new ConnectionManager(connections, store, asks, dialogs, new Notifications(), sessions);
    }

    @AfterEach
    void tearDown() {
        manager.close();
        sessions.close();
        server.close();
    }

    /** Runs UI work posted by background threads until {@code done} holds; fails after 10 s. */
    private void pumpUntil(BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new AssertionError("condition not reached within 10 s");
            Runnable r = uiQueue.poll(50, TimeUnit.MILLISECONDS);
            if (r != null) r.run();
        }
    }

    private static MockResponse json(String body) {
        return new MockResponse.Builder().code(200).setHeader("Content-Type", "application/json").body(body).build();
    }

    private static String sha256(HeldCertificate c) throws Exception {
        return HexFormat.ofDelimiter(":").withUpperCase().formatHex(MessageDigest.getInstance("SHA-256").digest(c.certificate().getEncoded()));
    }

    private ConnectionProfile cspProfile() {
        return ConnectionProfile.csp("array-a", "https://127.0.0.1:" + server.getPort(), "admin", "192.0.2.10");
    }

    @Test
    void anUnknownCertificateIsShownAndOnAcceptPinnedInTheSavedProfileThenLoginSucceeds() throws Exception {
        server.enqueue(json("{\"id\":\"tok-1\",\"username\":\"admin\",\"creation_time\":1000,\"expiry_time\":2800,\"session_token\":\"t1\"}"));
        for (int i = 0; i < 8; i++) server.enqueue(json("[]"));
        asks.profileAnswer = cspProfile();
        asks.password = PASSWORD;
        asks.trust = true;

        manager.newConnection();
        pumpUntil(() -> connections.size() == 1 && connections.get(0).stateProperty().get() == ConnectionState.CONNECTED);

        assertThat(asks.shownFingerprints).containsExactly(sha256(cert));
        ConnectionModel m = connections.get(0);
        assertThat(m.profile().pinnedFingerprint()).isEqualTo(sha256(cert));
        assertThat(m.storage()).isInstanceOf(CspStorage.class);
        assertThat(store.load()).singleElement().satisfies(p -> {
            assertThat(p.name()).isEqualTo("array-a");
            assertThat(p.pinnedFingerprint()).isEqualTo(sha256(cert));
        });
        String saved = Files.readString(store.file());
        assertThat(saved).doesNotContain(PASSWORD).doesNotContainIgnoringCase("password");
        RecordedRequest login = server.takeRequest(5, TimeUnit.SECONDS);
        assertThat(login.getTarget()).endsWith("/tokens");
        assertThat(asks.passwordAsks).isEqualTo(1);
    }

    @Test
    void aDriverFoundOnTheNodeOpensAsANewConnectionOrAsTheOneThatAlreadyReachesItsSocket() {
        String healthy = "unix://" + config.resolve("plugins/healthy/csi.sock");
        String strict = "unix://" + config.resolve("plugins/strict/csi.sock");

        ConnectionManager.OpenedFound first = manager.openFound("reference.csi-console.org (healthy)", healthy);
        ConnectionManager.OpenedFound second = manager.openFound("reference.csi-console.org (strict)", strict);
        ConnectionManager.OpenedFound again = manager.openFound("reference.csi-console.org (healthy)", healthy);

        assertThat(connections).extracting(ConnectionModel::name)
                .containsExactly("reference.csi-console.org (healthy)", "reference.csi-console.org (strict)");
        assertThat(second.connection()).isNotSameAs(first.connection());
        assertThat(second.said()).isEqualTo("Added reference.csi-console.org (strict) for " + strict + " and opened it.");
        assertThat(again.connection()).isSameAs(first.connection());
        assertThat(again.said()).startsWith("reference.csi-console.org (healthy) already connects to " + healthy);
    }

    @Test
    void refusingTheCertificateLeavesTheConnectionDisconnectedAndUnpinned() throws Exception {
        asks.profileAnswer = cspProfile();
        asks.password = PASSWORD;
        asks.trust = false;

        manager.newConnection();
        pumpUntil(() -> !asks.shownFingerprints.isEmpty() && connections.get(0).stateProperty().get() == ConnectionState.DISCONNECTED);

        assertThat(connections.get(0).noteProperty().get()).contains("not trusted");
        assertThat(store.load()).singleElement().satisfies(p -> assertThat(p.pinnedFingerprint()).isEmpty());
        assertThat(server.getRequestCount()).isZero();
        assertThat(manager.session(connections.get(0))).isNull();
    }

    @Test
    void cancellingThePasswordPromptDoesNotConnect() throws Exception {
        asks.profileAnswer = cspProfile();
        asks.password = null;
        manager.newConnection();
        assertThat(connections).singleElement().satisfies(c -> {
            assertThat(c.stateProperty().get()).isEqualTo(ConnectionState.DISCONNECTED);
            assertThat(c.noteProperty().get()).contains("no password");
        });
        assertThat(server.getRequestCount()).isZero();
    }

    @Test
    void editingRenamesTheSavedProfileAndRemoveDeletesIt() {
        ConnectionModel lab = manager.add(ConnectionProfile.csi("lab", "unix:///nonexistent/csi.sock"));
        store.put(lab.profile());
        asks.profileAnswer = ConnectionProfile.csi("lab-2", "unix:///nonexistent/other.sock");
        manager.edit(lab);
        assertThat(store.load()).extracting(ConnectionProfile::name).containsExactly("lab-2");
        assertThat(connections).extracting(ConnectionModel::name).containsExactly("lab-2");

        dialogs.confirmAnswer = true;
        manager.remove(connections.get(0));
        assertThat(store.load()).isEmpty();
        assertThat(connections).isEmpty();
    }

    @Test
    void aSecondConnectionToTheSameSocketIsNotAddedAndTheExistingOneIsOfferedInstead() {
        ConnectionModel lab = manager.add(ConnectionProfile.csi("lab", "unix://" + config.resolve("csi.sock")));
        store.put(lab.profile());
        asks.profileAnswer = ConnectionProfile.csi("lab again", config.resolve("csi.sock").toString());
        dialogs.confirmAnswer = false;

        manager.newConnection();

        assertThat(dialogs.confirmations).singleElement().satisfies(c -> assertThat(c)
                .startsWith("Already in the navigator: lab|lab already connects to " + config.resolve("csi.sock"))
                .contains("Open lab instead").endsWith("|Open lab"));
        assertThat(connections).extracting(ConnectionModel::name).containsExactly("lab");
        assertThat(store.load()).extracting(ConnectionProfile::name).containsExactly("lab");
        assertThat(manager.session(lab)).as("declined: nothing opened").isNull();

        dialogs.confirmAnswer = true;
        manager.newConnection();
        assertThat(connections).extracting(ConnectionModel::name).containsExactly("lab");
        assertThat(manager.session(lab)).as("the existing one is opened").isNotNull();
    }

    @Test
    void aDriverAndCspConnectionOnASocketAlreadyOpenOffersToAddTheCspToThatConnection() {
        ConnectionModel lab = manager.add(ConnectionProfile.csi("lab", "unix://" + config.resolve("csi.sock")));
        store.put(lab.profile());
        asks.profileAnswer = ConnectionProfile.csiWithCsp("lab with array", config.resolve("csi.sock").toString(),
                "https://csp.example:8080", "admin", "10.1.1.5");
        dialogs.confirmAnswer = true;

        manager.newConnection();

        assertThat(dialogs.confirmations).singleElement().satisfies(c -> assertThat(c)
                .startsWith("Add the CSP array to lab|lab already connects to " + config.resolve("csi.sock") + " without its array. "
                        + "Add the CSP at https://csp.example:8080 (user admin, array 10.1.1.5) to lab")
                .endsWith("|Add to lab"));
        assertThat(connections).extracting(ConnectionModel::name).containsExactly("lab");
        assertThat(connections.get(0).profile().pairsCsp()).as("the CSP joined the connection").isTrue();
        assertThat(store.load()).singleElement().satisfies(p -> {
            assertThat(p.name()).isEqualTo("lab");
            assertThat(p.cspUrl()).isEqualTo("https://csp.example:8080");
            assertThat(p.arrayIp()).isEqualTo("10.1.1.5");
        });
    }

    @Test
    void editingAConnectionOntoAnotherOnesSocketOffersThatOneAndChangesNothing() {
        ConnectionModel a = manager.add(ConnectionProfile.csi("a", "unix:///nonexistent/a.sock"));
        ConnectionModel b = manager.add(ConnectionProfile.csi("b", "unix:///nonexistent/b.sock"));
        store.put(b.profile());
        asks.profileAnswer = ConnectionProfile.csi("b", "unix:///nonexistent/a.sock");

        manager.edit(b);

        assertThat(dialogs.confirmations).singleElement().satisfies(c -> assertThat(c).startsWith("Already in the navigator: a|"));
        assertThat(connections).containsExactly(a, b);
        assertThat(store.load()).extracting(ConnectionProfile::endpoint).containsExactly("unix:///nonexistent/b.sock");
    }

    @Test
    void aDriverNoOneNamedIsNamedAfterItsPluginNameAndASavedProfileFollows() {
        ConnectionProfile unnamed = ConnectionProfile.csi(ConnectionProfile.addressName("unix:///csi/run/csi.sock"), "unix:///csi/run/csi.sock");
        assertThat(unnamed.name()).isEqualTo("/csi/run/csi.sock");
        manager.save(unnamed);
        manager.add(ConnectionProfile.csi("hostpath.csi.k8s.io", "unix:///other/csi.sock"));
        ConnectionModel m = manager.add(unnamed);

        m.pluginNameProperty().set("hostpath.csi.k8s.io");

        assertThat(connections).extracting(ConnectionModel::name).containsExactly("hostpath.csi.k8s.io", "hostpath.csi.k8s.io (2)");
        assertThat(connections.get(1).profile().endpoint()).isEqualTo("unix:///csi/run/csi.sock");
        assertThat(store.load()).extracting(ConnectionProfile::name).containsExactly("hostpath.csi.k8s.io (2)");
    }

    @Test
    void aDriverTheAdminNamedKeepsItsName() {
        ConnectionModel m = manager.add(ConnectionProfile.csi("lab", "unix:///csi/run/csi.sock"));
        m.pluginNameProperty().set("hostpath.csi.k8s.io");
        assertThat(connections).extracting(ConnectionModel::name).containsExactly("lab");
    }

    @Test
    void severalConnectionsAreOpenAtOnce() throws Exception {
        ConnectionModel a = manager.add(ConnectionProfile.csi("a", "unix://" + config.resolve("a.sock")));
        ConnectionModel b = manager.add(ConnectionProfile.csi("b", "unix://" + config.resolve("b.sock")));
        manager.connect(a);
        manager.connect(b);
        assertThat(manager.session(a)).isNotNull();
        assertThat(manager.session(b)).isNotNull().isNotSameAs(manager.session(a));
        pumpUntil(() -> a.noteProperty().get().contains("a.sock") && b.noteProperty().get().contains("b.sock"));
        manager.disconnect(a);
        assertThat(manager.session(a)).isNull();
        assertThat(manager.session(b)).isNotNull();
        assertThat(a.stateProperty().get()).isEqualTo(ConnectionState.DISCONNECTED);
    }

    @Test
    void aProfileWhoseSocketDoesNotExistWaitsForTheDriverInsteadOfConnecting() throws Exception {
        ConnectionModel lab = manager.add(ConnectionProfile.csi("lab", "unix://" + config.resolve("later.sock")));
        manager.connect(lab);
        pumpUntil(() -> lab.stateProperty().get() == ConnectionState.WAITING);
        assertThat(lab.noteProperty().get()).contains("later.sock").contains("There is no socket at");
        assertThat(lab.stateProperty().get().label()).isEqualTo("Socket missing, waiting for the driver");
    }

    @Test
    void anArrayNamedOnTheCommandLineAsksUserArrayIpAndPasswordInOneLoginAndLogsInWithThem() throws Exception {
        server.enqueue(json("{\"id\":\"tok-1\",\"username\":\"admin\",\"creation_time\":1000,\"expiry_time\":2800,\"session_token\":\"t1\"}"));
        for (int i = 0; i < 8; i++) server.enqueue(json("[]"));
        asks.login = new org.csiconsole.views.connection.CspLogin("admin", "192.0.2.10", PASSWORD.toCharArray());
        asks.trust = true;
        ConnectionModel array = manager.add(ConnectionProfile.csp("CSP array", "https://127.0.0.1:" + server.getPort(), "ops", ""));
        manager.askLoginDetails(array);

        manager.connect(array);
        pumpUntil(() -> connections.size() == 1 && connections.get(0).stateProperty().get() == ConnectionState.CONNECTED);

        assertThat(asks.loginAskedFor).extracting(ConnectionProfile::user).isEqualTo("ops");
        assertThat(asks.passwordAsks).isZero();
        ConnectionModel m = connections.get(0);
        assertThat(m.profile().user()).isEqualTo("admin");
        assertThat(m.profile().arrayIp()).isEqualTo("192.0.2.10");
        RecordedRequest login = server.takeRequest(5, TimeUnit.SECONDS);
        assertThat(login.getTarget()).endsWith("/tokens");
        assertThat(login.getBody().utf8()).contains("\"username\":\"admin\"");
        assertThat(asks.login.password()).as("the password is wiped after login").containsOnly('\0');
        assertThat(store.load()).as("trusting the certificate saves the array with what was typed, never the password")
                .singleElement().satisfies(p -> assertThat(p.user()).isEqualTo("admin"));
        assertThat(Files.readString(store.file())).doesNotContain(PASSWORD);
    }

    @Test
    void cancellingTheCommandLineLoginLeavesTheArrayDisconnectedAndSaysHowToLogIn() {
        asks.login = null;
        ConnectionModel array = manager.add(ConnectionProfile.csp("CSP array", "https://127.0.0.1:" + server.getPort(), "", ""));
        manager.askLoginDetails(array);
        manager.connect(array);
        assertThat(asks.loginAskedFor).isNotNull();
        assertThat(array.stateProperty().get()).isEqualTo(ConnectionState.DISCONNECTED);
        assertThat(array.noteProperty().get()).contains("login was cancelled").contains("Connect");
        assertThat(server.getRequestCount()).isZero();
    }

    static final class FakeConnectionDialogs implements ConnectionDialogs {
        ConnectionProfile profileAnswer;
        String password;
        boolean trust;
        int passwordAsks;
        org.csiconsole.views.connection.CspLogin login;
        ConnectionProfile loginAskedFor;

        @Override
        public Optional<org.csiconsole.views.connection.CspLogin> askLogin(ConnectionProfile profile) {
            loginAskedFor = profile;
            return Optional.ofNullable(login);
        }
        final List<String> shownFingerprints = new ArrayList<>();

        @Override
        public Optional<ConnectionProfile> editProfile(ConnectionProfile existing, Set<String> takenNames) {
            return Optional.ofNullable(profileAnswer);
        }

        @Override
        public Optional<char[]> askPassword(ConnectionProfile profile) {
            passwordAsks++;
            return Optional.ofNullable(password).map(String::toCharArray);
        }

        @Override
        public boolean trustCertificate(String url, String subject, String fingerprint) {
            shownFingerprints.add(fingerprint);
            return trust;
        }
    }

    static final class RecordingDialogs implements DialogService {
        boolean confirmAnswer;
        final ConcurrentLinkedQueue<CallFailure> failures = new ConcurrentLinkedQueue<>();
        /** Each confirmation asked, as {@code title|message|action}. */
        final java.util.List<String> confirmations = new java.util.ArrayList<>();

        @Override
        public boolean confirm(String title, String message, String actionLabel) {
            confirmations.add(title + "|" + message + "|" + actionLabel);
            return confirmAnswer;
        }

        @Override
        public boolean confirmByTyping(String title, String message, String expected, String actionLabel) {
            return false;
        }

        @Override
        public void showFailure(CallFailure failure) {
            failures.add(failure);
        }

        @Override
        public void showInformation(String title, String message) {
        }
    }
}
