package org.csiconsole.app.bench;

import javafx.collections.FXCollections;
import mockwebserver3.Dispatcher;
import mockwebserver3.MockResponse;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.csiconsole.app.gui.connect.ConnectionManager;
import org.csiconsole.app.gui.connect.Sessions;
import org.csiconsole.core.addons.AddonsClient;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.PageSink;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.csp.CspClient;
import org.csiconsole.core.csp.CspConfig;
import org.csiconsole.core.csp.CspPassword;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.session.Backoff;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.session.SocketWatcher;
import org.csiconsole.core.storage.CombinedStorage;
import org.csiconsole.core.storage.CspStorage;
import org.csiconsole.core.storage.CsiStorage;
import org.csiconsole.core.store.ProfileStore;
import org.csiconsole.views.connection.ConnectionDialogs;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.ResourceKind;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.UUID;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * How many requests opening a CSP connection costs (login, then the navigator's counts), and how
 * many CSP requests reloading one volume of the demo costs. Opens the connection the way the
 * workbench does ({@link ConnectionManager}, a CSP profile, the password given), waits until every
 * count is filled, and counts the HTTP requests in the call trace. Two arrays: the demo's site-a
 * (163 volumes, the reference plugin's CSP server) and a fake CSP on a MockWebServer with 10,000
 * volumes (no snapshots, hosts or groups). Then the demo (CSI plus both arrays): one listing, one
 * reload of a site-b volume, and the CSP requests of that reload.
 *
 * <p>Run from the repository root:
 * <pre>
 *   mvn -B -q -pl app -am process-test-classes -Pconnect-calls-benchmark
 * </pre>
 */
public final class ConnectCallsBenchmark {
    private ConnectCallsBenchmark() {
    }

    public static void main(String[] args) throws Exception {
        Path dir = Files.createTempDirectory("connect-calls");
        try (ReferencePlugin plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.DEMO).start()) {
            String url = plugin.startCsp(0);
            int volumes = plugin.model().volumes().all().stream().filter(v -> v.array().equals("site-a")).toList().size();
            report("demo site-a", volumes, connect(dir, ConnectionProfile.csp("site-a", url, "admin", "10.10.1.5")));
            reload(plugin, url);
        }
        try (MockWebServer csp = fakeCsp(10_000)) {
            report("fake CSP", 10_000, connect(dir, ConnectionProfile.csp("big", csp.url("/").toString(), "admin", "")));
        }
    }

    private static void report(String what, int volumes, Connected c) {
        long perVolume = c.requests().stream().filter(m -> m.contains("/snapshots?volume_id=")).count();
        System.out.printf("connect %-12s %,7d volumes: %,7d requests at connect (%,d of them GET /snapshots?volume_id=), counts in %,d ms%n",
                what, volumes, c.requests().size(), perVolume, c.millis());
    }

    /** The HTTP requests of one connect and how long it took until every count was in. */
    private record Connected(List<String> requests, long millis) {
    }

    /** Opens {@code profile} as the workbench does and returns the HTTP requests until every count is in. */
    private static Connected connect(Path dir, ConnectionProfile profile) throws Exception {
        LinkedBlockingQueue<Runnable> ui = new LinkedBlockingQueue<>();
        CallTrace trace = new CallTrace(100_000);
        try (Sessions sessions = new Sessions(ui::add, trace, Backoff.DEFAULT, SocketWatcher.DEFAULT_POLL, dir.resolve("demo"))) {
            ConnectionManager manager = new ConnectionManager(FXCollections.observableArrayList(),
                    new ProfileStore(dir.resolve("config-" + UUID.randomUUID())), new Password(), new NoDialogs(),
                    new Notifications(), sessions);
            try {
                ConnectionModel m = manager.add(profile);
                long started = System.nanoTime();
                manager.connect(m);
                pumpUntil(ui, () -> m.stateProperty().get() == ConnectionState.CONNECTED
                        && Set.of(ResourceKind.VOLUMES, ResourceKind.SNAPSHOTS, ResourceKind.VOLUME_GROUPS,
                        ResourceKind.SNAPSHOT_GROUPS, ResourceKind.HOSTS).stream().allMatch(k -> m.count(k).get() != ConnectionModel.UNKNOWN));
                return new Connected(trace.snapshot().stream().filter(e -> e.protocol().equals("http")).map(TraceEntry::method).toList(),
                        TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
            } finally {
                manager.close();
            }
        }
    }

    /** The demo's CSI plugin with both arrays: one listing, then the CSP requests of one reload. */
    private static void reload(ReferencePlugin plugin, String url) throws Exception {
        String name = "connect-calls-" + UUID.randomUUID();
        plugin.startInProcess(name);
        CallTrace trace = new CallTrace(100_000);
        var io = java.util.concurrent.Executors.newCachedThreadPool();
        List<AutoCloseable> clients = new ArrayList<>();
        try {
            CsiClient csi = CsiClient.open(new Endpoint.InProcess(name), Optional.empty(), CsiClientOptions.defaults(), trace);
            AddonsClient addons = AddonsClient.open(new Endpoint.InProcess(name), CsiClientOptions.defaults(), trace);
            clients.add(csi);
            clients.add(addons);
            List<CspStorage> arrays = new ArrayList<>();
            for (Map.Entry<String, String> a : Map.of("10.10.1.5", "site-a", "10.20.1.5", "site-b").entrySet()) {
                CspClient c = CspClient.open(CspConfig.builder(url, "admin").arrayIp(a.getKey()).build(),
                        CspPassword.of("admin".toCharArray()), trace, io);
                clients.add(c);
                arrays.add(new CspStorage(c, a.getValue()));
            }
            CombinedStorage storage = new CombinedStorage(new CsiStorage(csi, true, addons), arrays);
            List<Volume> all = new ArrayList<>();
            storage.listVolumes(PageSink.unpaced(all::addAll)).get(60, TimeUnit.SECONDS);
            String onSiteB = plugin.model().volumes().all().stream().filter(v -> v.array().equals("site-b"))
                    .findFirst().orElseThrow().id();
            long before = lastSeq(trace);
            storage.getVolume(onSiteB).get(60, TimeUnit.SECONDS);
            List<String> reload = trace.snapshot().stream().filter(e -> e.seq() > before && e.protocol().equals("http"))
                    .map(TraceEntry::method).toList();
            System.out.printf("reload one volume of the demo (%,d volumes on 2 arrays): %d CSP requests %s%n", all.size(), reload.size(), reload);
        } finally {
            for (AutoCloseable c : clients) c.close();
            io.shutdownNow();
        }
    }

    private static long lastSeq(CallTrace trace) {
        return trace.snapshot().stream().mapToLong(TraceEntry::seq).max().orElse(-1);
    }

    private static void pumpUntil(LinkedBlockingQueue<Runnable> ui, BooleanSupplier done) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(30);
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) throw new IllegalStateException("the counts did not arrive within 30 minutes");
            Runnable r = ui.poll(50, TimeUnit.MILLISECONDS);
            if (r != null) r.run();
        }
        // Count updates queued after the condition held still land before the requests are counted.
        Runnable r;
        while ((r = ui.poll()) != null) r.run();
    }

    /** A CSP with {@code volumes} volumes and nothing else, answering the calls a connect makes. */
    private static MockWebServer fakeCsp(int volumes) throws Exception {
        StringBuilder list = new StringBuilder("[");
        for (int i = 0; i < volumes; i++) {
            if (i > 0) list.append(',');
            list.append("{\"id\":\"vol-").append(i).append("\",\"name\":\"pvc-").append(i).append("\",\"size\":1073741824}");
        }
        String volumeList = list.append(']').toString();
        MockWebServer server = new MockWebServer();
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                String path = request.getTarget();
                if (path.endsWith("/tokens")) {
                    return json("{\"id\":\"tok\",\"username\":\"admin\",\"creation_time\":1,\"expiry_time\":99999999999,"
                            + "\"session_token\":\"bench-token\"}");
                }
                if (path.endsWith("/volumes")) return json(volumeList);
                if (path.contains("/snapshots") || path.endsWith("/hosts") || path.endsWith("/volume_groups")) return json("[]");
                return new MockResponse.Builder().code(404).body("{\"errors\":[{\"code\":\"NotFound\",\"message\":\"no\"}]}").build();
            }
        });
        server.start();
        return server;
    }

    private static MockResponse json(String body) {
        return new MockResponse.Builder().code(200).setHeader("Content-Type", "application/json").body(body).build();
    }

    private static final class Password implements ConnectionDialogs {
        @Override
        public Optional<ConnectionProfile> editProfile(ConnectionProfile existing, Set<String> takenNames) {
            return Optional.empty();
        }

        @Override
        public Optional<char[]> askPassword(ConnectionProfile profile) {
            return Optional.of("admin".toCharArray());
        }

        @Override
        public boolean trustCertificate(String url, String subject, String fingerprint) {
            return false;
        }
    }
}
