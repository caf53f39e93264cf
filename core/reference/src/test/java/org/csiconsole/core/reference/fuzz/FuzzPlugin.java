package org.csiconsole.core.reference.fuzz;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import csi.v1.ControllerGrpc;
import csi.v1.Csi;
import io.grpc.ManagedChannel;
import io.grpc.inprocess.InProcessChannelBuilder;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.reference.array.ArrayModel;
import org.csiconsole.core.reference.array.StorageArray;

/**
 * One demo-seeded reference plugin for one fuzz property: served in process (CSI and csi-addons)
 * and over HTTP (CSP) on one model, in a temporary state directory that {@link #close()} removes.
 * Knows the ids a generator should aim at ({@link #pool()}) and checks that the plugin is still
 * consistent ({@link #violations()}).
 */
final class FuzzPlugin implements AutoCloseable {
    static final String API = "/csp/containers/v1";
    private static final ObjectMapper JSON = new ObjectMapper();

    final Path dir;
    final ReferencePlugin plugin;
    final ManagedChannel channel;
    final String cspUrl;
    private final HttpClient http = HttpClient.newHttpClient();
    private List<String> pool = List.of();

    FuzzPlugin() throws IOException {
        dir = Files.createTempDirectory("csi-console-fuzz");
        plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.DEMO).nodeId("node-1").start();
        String name = "fuzz-" + UUID.randomUUID();
        plugin.startInProcess(name);
        channel = InProcessChannelBuilder.forName(name).directExecutor().maxInboundMessageSize(64 << 20).build();
        cspUrl = plugin.startCsp(0);
        refreshPool();
    }

    ArrayModel model() {
        return plugin.model();
    }

    /** Ids, names, paths and addresses that exist in the model now (refreshed by {@link #refreshPool()}). */
    List<String> pool() {
        return pool;
    }

    void refreshPool() {
        ArrayModel m = model();
        Set<String> out = new LinkedHashSet<>();
        m.volumes().all().stream().limit(400).forEach(v -> {
            out.add(v.id());
            out.add(v.name());
            m.nodeRecords().of(v.id()).forEach(n -> {
                out.add(n.path());
                if (!n.stagingPath().isEmpty()) out.add(n.stagingPath());
            });
        });
        m.snapshots().all().stream().limit(200).forEach(s -> {
            out.add(s.id());
            out.add(s.name());
        });
        m.groups().all().forEach(g -> {
            out.add(g.id());
            out.add(g.name());
        });
        m.groupSnapshots().all().forEach(g -> {
            out.add(g.id());
            out.add(g.name());
        });
        m.hosts().all().forEach(h -> {
            out.add(h.id());
            out.add(h.name());
            out.add(h.nodeId());
        });
        m.replications().all().forEach(r -> {
            out.add(r.pairId());
            out.add(r.id());
            out.add(r.peerId());
        });
        m.fencing().fences().forEach(f -> out.add(f.cidr()));
        for (StorageArray a : m.arrays().all()) {
            out.add(a.name());
            out.add(a.managementIp());
            a.pools().forEach(p -> out.add(p.name()));
        }
        out.remove(null);
        pool = List.copyOf(new ArrayList<>(out));
    }

    /** A fresh CSP session token for admin/admin. */
    String login() {
        HttpResponse<String> r = send(HttpRequest.newBuilder(URI.create(cspUrl + API + "/tokens"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"username\":\"admin\",\"password\":\"admin\"}")));
        if (r.statusCode() != 200) throw new AssertionError("CSP login failed: " + r.statusCode() + " " + r.body());
        try {
            return JSON.readTree(r.body()).get("session_token").asText();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Model invariants ({@link PluginInvariants}) and agreement of the two protocols: ListVolumes
     * over CSI and GET /volumes over CSP on every array name the same volume_ids with the same sizes.
     */
    List<String> violations() {
        List<String> out = new ArrayList<>(PluginInvariants.violations(model()));
        Map<String, Long> csi = new TreeMap<>();
        var stub = ControllerGrpc.newBlockingStub(channel);
        String token = "";
        do {
            Csi.ListVolumesResponse page = stub.withDeadlineAfter(30, TimeUnit.SECONDS)
                    .listVolumes(Csi.ListVolumesRequest.newBuilder().setStartingToken(token).build());
            page.getEntriesList().forEach(e -> csi.put(e.getVolume().getVolumeId(), e.getVolume().getCapacityBytes()));
            token = page.getNextToken();
        } while (!token.isEmpty());
        Map<String, Long> csp = new TreeMap<>();
        String session = login();
        for (StorageArray a : model().arrays().all()) {
            HttpResponse<String> r = send(HttpRequest.newBuilder(URI.create(cspUrl + API + "/volumes"))
                    .header("x-auth-token", session).header("x-array-ip", a.managementIp()).GET());
            if (r.statusCode() != 200) {
                out.add("CSP GET /volumes on " + a.name() + " answered " + r.statusCode());
                continue;
            }
            try {
                for (JsonNode v : JSON.readTree(r.body())) {
                    if (csp.put(v.get("id").asText(), v.get("size").asLong()) != null) {
                        out.add("CSP lists volume " + v.get("id").asText() + " on more than one array");
                    }
                }
            } catch (IOException e) {
                out.add("CSP GET /volumes on " + a.name() + " is not JSON");
            }
        }
        if (!csi.equals(csp)) {
            Set<String> onlyCsi = new java.util.TreeSet<>(csi.keySet());
            onlyCsi.removeAll(csp.keySet());
            Set<String> onlyCsp = new java.util.TreeSet<>(csp.keySet());
            onlyCsp.removeAll(csi.keySet());
            out.add("CSI and CSP disagree on the volumes: only CSI " + onlyCsi + ", only CSP " + onlyCsp
                    + (onlyCsi.isEmpty() && onlyCsp.isEmpty() ? " (sizes differ)" : ""));
        }
        return out;
    }

    private HttpResponse<String> send(HttpRequest.Builder b) {
        try {
            return http.send(b.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new AssertionError("CSP request failed: " + e, e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new AssertionError(e);
        }
    }

    @Override
    public void close() throws IOException {
        channel.shutdownNow();
        plugin.close();
        try (Stream<Path> files = Files.walk(dir)) {
            for (Path p : files.sorted(Comparator.reverseOrder()).toList()) Files.deleteIfExists(p);
        }
    }
}
