package org.csiconsole.core.reference.cspserver;

import com.fasterxml.jackson.databind.JsonNode;
import csi.v1.ControllerGrpc;
import csi.v1.Csi;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.inprocess.InProcessChannelBuilder;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The reference plugin's CSP server over plain HTTP on the real array model: every endpoint of
 * hpe-csp-rest-spec.md and the OpenAPI 1.1.0 additions, array selection by {@code x-array-ip}, and
 * one state shared with CSI (a volume made on one protocol is seen and changed on the other).
 */
class ReferenceCspServerTest {
    private static final long GIB = 1L << 30;

    @TempDir
    Path dir;

    private ReferencePlugin plugin;
    private Http http;
    private ManagedChannel channel;
    private ControllerGrpc.ControllerBlockingStub csi;
    private String url;

    @BeforeEach
    void start() {
        plugin = ReferencePlugin.builder(dir).seed(Seed.EMPTY).nodeId("node-1").start();
        url = plugin.startCsp(0);
        http = new Http(url + "/csp/containers/v1");
        http.login();
        http.headers.put("x-array-ip", "10.10.1.5");
        String name = "csp-" + UUID.randomUUID();
        plugin.startInProcess(name);
        channel = InProcessChannelBuilder.forName(name).directExecutor().build();
        csi = ControllerGrpc.newBlockingStub(channel);
    }

    @AfterEach
    void stop() {
        channel.shutdownNow();
        plugin.close();
    }

    private JsonNode ok(Http.Reply r) {
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json();
    }

    private static String message(Http.Reply r) {
        return r.json().get("errors").get(0).get("message").asText();
    }

    private JsonNode createVolume(String name, long size) {
        return ok(http.post("/volumes", "{\"name\":\"" + name + "\",\"size\":" + size + ",\"description\":\"d\","
                + "\"config\":{\"parameter1\":\"default\",\"parameter2\":false}}"));
    }

    private static Csi.VolumeCapability mount() {
        return Csi.VolumeCapability.newBuilder()
                .setMount(Csi.VolumeCapability.MountVolume.newBuilder().setFsType("ext4"))
                .setAccessMode(Csi.VolumeCapability.AccessMode.newBuilder()
                        .setMode(Csi.VolumeCapability.AccessMode.Mode.SINGLE_NODE_WRITER)).build();
    }

    @Test
    void hostsCanBeRegisteredListedAndDeletedByIdOrUuid() {
        JsonNode h = ok(http.post("/hosts", "{\"name\":\"host-01.lab\",\"uuid\":\"41302701-0196-420f-b319-834a79891db0\","
                + "\"iqns\":[\"iqn.2019-07.com.example:host-01\"],\"networks\":[\"172.28.12.161/20\"],"
                + "\"chap_user\":\"chap-01\",\"chap_password\":\"chap-canary-99\"}"));
        assertThat(h.get("id").asText()).isNotBlank();
        assertThat(h.get("uuid").asText()).isEqualTo("41302701-0196-420f-b319-834a79891db0");
        assertThat(h.get("access_protocol").asText()).isEqualTo("iscsi");
        JsonNode fc = ok(http.post("/hosts", "{\"name\":\"fc-01\",\"uuid\":\"fc-uuid-1\",\"wwpns\":[\"10:00:00:00:c9:12:34:56\"]}"));
        assertThat(fc.get("access_protocol").asText()).isEqualTo("fc");
        JsonNode nvme = ok(http.post("/hosts", "{\"name\":\"nvme-01\",\"uuid\":\"nvme-uuid-1\",\"nqns\":[\"nqn.2014-08.org.nvmexpress:uuid:1\"]}"));
        assertThat(nvme.get("nqns").get(0).asText()).startsWith("nqn.");

        Http.Reply list = http.get("/hosts");
        assertThat(ok(list).findValuesAsText("uuid")).contains("41302701-0196-420f-b319-834a79891db0", "fc-uuid-1", "node-1");
        assertThat(list.body()).doesNotContain("chap-canary-99");
        assertThat(http.post("/hosts", "{\"name\":\"other\",\"uuid\":\"fc-uuid-1\",\"wwpns\":[\"10:00:00:00:c9:00:00:01\"]}").status())
                .as("uuid taken with other initiators").isEqualTo(409);

        assertThat(http.delete("/hosts/" + h.get("id").asText()).status()).isEqualTo(204);
        assertThat(http.delete("/hosts?uuid=fc-uuid-1").status()).isEqualTo(204);
        assertThat(http.delete("/hosts/" + h.get("id").asText()).status()).isEqualTo(404);
        assertThat(ok(http.get("/hosts")).findValuesAsText("uuid")).doesNotContain("fc-uuid-1").contains("nvme-uuid-1");
    }

    @Test
    void volumesCanBeCreatedFoundEditedExpandedPublishedAndDeleted() {
        JsonNode v = createVolume("volume1", GIB);
        String id = v.get("id").asText();
        assertThat(v.get("size").asLong()).isEqualTo(GIB);
        assertThat(v.get("published").asBoolean()).isFalse();
        assertThat(v.get("config").get("parameter1").asText()).isEqualTo("default");
        assertThat(v.get("config").get("parameter2").isBoolean()).as("booleans stay booleans").isTrue();
        assertThat(ok(http.get("/volumes")).findValuesAsText("id")).contains(id);
        assertThat(ok(http.get("/volumes?name=volume1")).get(0).get("id").asText()).isEqualTo(id);
        assertThat(ok(http.get("/volumes/" + id)).get("name").asText()).isEqualTo("volume1");
        assertThat(http.get("/volumes/vol-nope").status()).isEqualTo(404);
        assertThat(http.post("/volumes", "{\"name\":\"volume1\",\"size\":" + 2 * GIB + "}").status())
                .as("name reused with another size").isEqualTo(409);

        assertThat(ok(http.put("/volumes/" + id, "{\"description\":\"my cool new description\"}")).get("description").asText())
                .isEqualTo("my cool new description");
        assertThat(ok(http.put("/volumes/" + id, "{\"config\":{\"limitIops\":\"1000\"}}")).get("config").get("limitIops").asText())
                .isEqualTo("1000");
        Http.Reply encrypted = http.put("/volumes/" + id, "{\"config\":{\"encrypted\":true}}");
        assertThat(encrypted.status()).isEqualTo(400);
        assertThat(encrypted.json().toString()).isEqualTo("{\"errors\":[{\"code\":\"Bad Request\",\"message\":"
                + "\"The request could not be understood by the server. Unexpected argument 'encrypted'.\"}]}");
        assertThat(ok(http.put("/volumes/" + id, "{\"size\":" + 3 * GIB + "}")).get("size").asLong()).isEqualTo(3 * GIB);
        assertThat(http.put("/volumes/" + id, "{\"size\":" + GIB + "}").status()).as("no shrinking").isEqualTo(400);

        ok(http.post("/hosts", "{\"name\":\"fc-01\",\"uuid\":\"fc-uuid-1\",\"wwpns\":[\"10:00:00:00:c9:12:34:56\"]}"));
        JsonNode fc = ok(http.put("/volumes/" + id + "/actions/publish", "{\"host_uuid\":\"fc-uuid-1\",\"access_protocol\":\"fc\"}"));
        assertThat(fc.get("access_protocol").asText()).isEqualTo("fc");
        assertThat(fc.get("lun_id").asLong()).isPositive();
        assertThat(fc.has("target_names")).isFalse();
        assertThat(fc.get("serial_number").asText()).matches("[0-9a-f]{32}");
        assertThat(http.put("/volumes/" + id + "/actions/publish", "{\"host_uuid\":\"fc-uuid-1\",\"access_protocol\":\"iscsi\"}").status())
                .as("host has no IQNs").isEqualTo(400);
        assertThat(http.put("/volumes/" + id + "/actions/publish", "{\"host_uuid\":\"nobody\",\"access_protocol\":\"fc\"}").status())
                .isEqualTo(404);
        assertThat(ok(http.get("/volumes/" + id)).get("published").asBoolean()).isTrue();

        Http.Reply published = http.delete("/volumes/" + id);
        assertThat(published.status()).isEqualTo(400);
        assertThat(message(published)).isEqualTo("Cannot delete a published volume");
        assertThat(http.delete("/hosts?uuid=fc-uuid-1").status()).as("host with a published volume").isEqualTo(400);
        assertThat(http.put("/volumes/" + id + "/actions/unpublish", "{\"host_uuid\":\"fc-uuid-1\"}").status()).isEqualTo(204);
        assertThat(http.put("/volumes/" + id + "/actions/unpublish", "{\"host_uuid\":\"fc-uuid-1\"}").status()).isEqualTo(204);
        assertThat(ok(http.get("/volumes/" + id)).get("published").asBoolean()).isFalse();
        assertThat(http.delete("/volumes/" + id).status()).isEqualTo(204);
        assertThat(http.get("/volumes/" + id).status()).isEqualTo(404);
    }

    @Test
    void forceDeletesAPublishedVolume() {
        String id = createVolume("volume-force", GIB).get("id").asText();
        ok(http.put("/volumes/" + id + "/actions/publish", "{\"host_uuid\":\"node-1\",\"access_protocol\":\"iscsi\"}"));
        assertThat(http.delete("/volumes/" + id + "?force=true").status()).isEqualTo(204);
        assertThat(plugin.model().volumes().get(id)).isEmpty();
    }

    @Test
    void iscsiPublishCarriesTargetsDiscoveryAndChap() {
        ok(http.post("/hosts", "{\"name\":\"chap-host\",\"uuid\":\"chap-uuid\",\"iqns\":[\"iqn.2019-07.com.example:c\"],"
                + "\"networks\":[\"10.10.2.0/24\"],\"chap_user\":\"chapuser\",\"chap_password\":\"chapsecret12\"}"));
        String id = createVolume("volume-chap", GIB).get("id").asText();
        JsonNode p = ok(http.put("/volumes/" + id + "/actions/publish", "{\"host_uuid\":\"chap-uuid\",\"access_protocol\":\"iscsi\"}"));
        assertThat(p.get("target_names").get(0).asText()).startsWith("iqn.");
        assertThat(p.get("discovery_ips").get(0).asText()).isEqualTo("10.10.1.21");
        assertThat(p.get("chap_user").asText()).isEqualTo("chapuser");
        assertThat(p.get("chap_password").asText()).as("the spec returns CHAP with the publish info").isEqualTo("chapsecret12");
        assertThat(p.get("PeerArrayDetails").isArray()).isTrue();
        JsonNode again = ok(http.put("/volumes/" + id + "/actions/publish", "{\"host_uuid\":\"chap-uuid\",\"access_protocol\":\"iscsi\"}"));
        assertThat(again.get("lun_id").asLong()).as("publishing twice is idempotent").isEqualTo(p.get("lun_id").asLong());
    }

    @Test
    void snapshotsAndClones() {
        String vid = createVolume("volume1", GIB).get("id").asText();
        assertThat(ok(http.get("/snapshots?volume_id=" + vid)).size()).isZero();
        assertThat(ok(http.get("/snapshots?volume_id=" + vid + "&mode=exists")).size()).isZero();
        JsonNode s = ok(http.post("/snapshots", "{\"name\":\"my-first-snapshot\",\"description\":\"my first snapshot\",\"volume_id\":\""
                + vid + "\"}"));
        String sid = s.get("id").asText();
        assertThat(s.get("volume_name").asText()).isEqualTo("volume1");
        assertThat(s.get("ready_to_use").asBoolean()).isTrue();
        assertThat(s.get("size").asLong()).isEqualTo(GIB);
        assertThat(s.get("creation_time").asLong()).isPositive();
        ok(http.post("/snapshots", "{\"name\":\"second\",\"volume_id\":\"" + vid + "\"}"));
        assertThat(ok(http.get("/snapshots?volume_id=" + vid)).size()).isEqualTo(2);
        assertThat(ok(http.get("/snapshots?volume_id=" + vid + "&mode=exists")).size()).isEqualTo(1);
        assertThat(ok(http.get("/snapshots/?volume_id=" + vid + "&name=my-first-snapshot")).get(0).get("id").asText()).isEqualTo(sid);
        assertThat(ok(http.get("/snapshots/" + sid)).get("name").asText()).isEqualTo("my-first-snapshot");
        assertThat(http.get("/snapshots/snap-nope").status()).isEqualTo(404);
        assertThat(http.get("/snapshots?volume_id=vol-nope").status()).isEqualTo(404);
        assertThat(http.post("/snapshots", "{\"name\":\"x\",\"volume_id\":\"vol-nope\"}").status()).isEqualTo(404);

        JsonNode clone = ok(http.post("/volumes", "{\"name\":\"volume2\",\"size\":" + GIB + ",\"base_snapshot_id\":\"" + sid
                + "\",\"clone\":true}"));
        assertThat(clone.get("base_snapshot_id").asText()).isEqualTo(sid);
        assertThat(clone.get("clone").asBoolean()).isTrue();
        Http.Reply hasClone = http.delete("/snapshots/" + sid);
        assertThat(hasClone.status()).isEqualTo(409);
        assertThat(message(hasClone)).isEqualTo("The request could not be completed due to a conflict. "
                + "Snapshot my-first-snapshot for volume volume1 has a clone.");
        assertThat(http.delete("/volumes/" + clone.get("id").asText()).status()).isEqualTo(204);
        assertThat(http.delete("/snapshots/" + sid).status()).isEqualTo(204);
        assertThat(http.delete("/snapshots/" + sid).status()).isEqualTo(404);
    }

    @Test
    void volumeGroupsAndSnapshotGroups() {
        JsonNode g = ok(http.post("/volume_groups", "{\"name\":\"volumegroup-1\",\"description\":\"my first volumegroup\","
                + "\"config\":{\"protection_template\":\"daily\"}}"));
        String gid = g.get("id").asText();
        assertThat(g.get("volumes").size()).isZero();
        assertThat(g.get("creation_time").asLong()).isPositive();
        assertThat(ok(http.post("/volume_groups", "{\"name\":\"volumegroup-1\",\"description\":\"my first volumegroup\","
                + "\"config\":{\"protection_template\":\"daily\"}}")).get("id").asText())
                .as("a repeated create answers the existing group").isEqualTo(gid);
        assertThat(http.post("/volume_groups", "{\"name\":\"volumegroup-1\"}").status())
                .as("the same name with another config").isEqualTo(409);
        JsonNode member = ok(http.post("/volumes", "{\"name\":\"pvc-1\",\"size\":" + GIB + ",\"volume_group_id\":\"" + gid + "\"}"));
        assertThat(member.get("volume_group_id").asText()).isEqualTo(gid);
        String other = createVolume("pvc-2", GIB).get("id").asText();
        assertThat(ok(http.put("/volumes/" + other, "{\"volume_group_id\":\"" + gid + "\"}")).get("volume_group_id").asText()).isEqualTo(gid);
        assertThat(ok(http.get("/volume_groups/" + gid)).get("volumes").findValuesAsText("name")).containsExactlyInAnyOrder("pvc-1", "pvc-2");
        assertThat(ok(http.get("/volume_groups")).findValuesAsText("id")).contains(gid);
        assertThat(ok(http.get("/volume_groups?name=volumegroup-1")).get(0).get("id").asText()).isEqualTo(gid);
        assertThat(http.get("/volume_groups/vg-nope").status()).isEqualTo(404);

        assertThat(http.get("/snapshot_groups?volume_group_id=" + gid).json().size()).isZero();
        JsonNode sg = ok(http.post("/snapshot_groups", "{\"name\":\"my-first-snapshotgroup\",\"volume_group_id\":\"" + gid + "\"}"));
        String sgid = sg.get("id").asText();
        assertThat(sg.get("volume_group_name").asText()).isEqualTo("volumegroup-1");
        assertThat(sg.get("snapshots").findValuesAsText("volume_name")).containsExactlyInAnyOrder("pvc-1", "pvc-2");
        assertThat(ok(http.get("/snapshot_groups?volume_group_id=" + gid)).get(0).get("id").asText()).isEqualTo(sgid);
        assertThat(ok(http.get("/snapshot_groups/" + sgid)).get("name").asText()).isEqualTo("my-first-snapshotgroup");
        assertThat(http.delete("/volume_groups/" + gid).status()).as("group with snapshot groups").isEqualTo(409);
        assertThat(http.delete("/snapshot_groups/" + sgid).status()).isEqualTo(204);
        assertThat(http.get("/snapshot_groups/" + sgid).status()).isEqualTo(404);
        assertThat(http.post("/snapshot_groups", "{\"name\":\"x\",\"volume_group_id\":\"vg-nope\"}").status()).isEqualTo(404);

        assertThat(http.delete("/volume_groups/" + gid).status()).isEqualTo(204);
        assertThat(ok(http.get("/volumes/" + other)).get("volume_group_id").asText()).as("volumes outlive their group").isEmpty();
        assertThat(http.get("/volume_groups/" + gid).status()).isEqualTo(404);
    }

    @Test
    void snapshotGroupsOfAReplicatedGroupReportReplication() {
        JsonNode g = ok(http.post("/volume_groups", "{\"name\":\"vg-repl\"}"));
        String gid = g.get("id").asText();
        ok(http.post("/volumes", "{\"name\":\"pvc-r\",\"size\":" + GIB + ",\"volume_group_id\":\"" + gid + "\"}"));
        plugin.model().replications().enable(gid, java.util.Map.of(), 0);
        JsonNode sg = ok(http.post("/snapshot_groups", "{\"name\":\"sg-r\",\"volume_group_id\":\"" + gid + "\"}"));
        assertThat(sg.get("config").get("replicate").asBoolean()).isTrue();
        assertThat(sg.get("config").get("repl_status").asText()).isIn("in_progress", "complete", "pending");
        assertThat(sg.get("config").get("repl_start_time").asLong()).isPositive();
        JsonNode partners = ok(http.get("/replication_partners"));
        assertThat(partners.get(0).get("name").asText()).isEqualTo("site-b");
        assertThat(partners.get(0).get("repl_role").asText()).isEqualTo("downstream");
        http.headers.put("x-array-ip", "10.20.1.5");
        assertThat(ok(http.get("/replication_partners")).get(0).get("repl_role").asText()).isEqualTo("upstream");
    }

    @Test
    void xArrayIpSeparatesTheArrays() {
        String a = createVolume("on-site-a", GIB).get("id").asText();
        http.headers.put("x-array-ip", "10.20.1.5");
        String b = createVolume("on-site-b", GIB).get("id").asText();
        assertThat(plugin.model().volumes().get(b).get().array()).isEqualTo("site-b");
        assertThat(ok(http.get("/volumes")).findValuesAsText("id")).contains(b).doesNotContain(a);
        assertThat(http.get("/volumes/" + a).status()).isEqualTo(404);
        assertThat(ok(http.get("/replication_partners")).get(0).get("name").asText()).isEqualTo("site-a");
    }

    @Test
    void aVolumeCreatedOverCsiIsSeenAndChangedOverCsp() {
        Csi.Volume v = csi.createVolume(Csi.CreateVolumeRequest.newBuilder().setName("pvc-from-csi")
                .setCapacityRange(Csi.CapacityRange.newBuilder().setRequiredBytes(2 * GIB)).addVolumeCapabilities(mount()).build()).getVolume();
        String site = v.getAccessibleTopology(0).getSegmentsMap().values().iterator().next();
        http.headers.put("x-array-ip", site.equals("site-a") ? "10.10.1.5" : "10.20.1.5");
        JsonNode seen = ok(http.get("/volumes?name=pvc-from-csi")).get(0);
        assertThat(seen.get("id").asText()).isEqualTo(v.getVolumeId());
        assertThat(seen.get("size").asLong()).isEqualTo(v.getCapacityBytes());

        ok(http.put("/volumes/" + v.getVolumeId() + "/actions/publish", "{\"host_uuid\":\"node-1\",\"access_protocol\":\"iscsi\"}"));
        Csi.ControllerGetVolumeResponse got = csi.controllerGetVolume(Csi.ControllerGetVolumeRequest.newBuilder()
                .setVolumeId(v.getVolumeId()).build());
        assertThat(got.getStatus().getPublishedNodeIdsList()).containsExactly("node-1");
        ok(http.post("/snapshots", "{\"name\":\"snap-over-csp\",\"volume_id\":\"" + v.getVolumeId() + "\"}"));
        assertThat(csi.listSnapshots(Csi.ListSnapshotsRequest.newBuilder().setSourceVolumeId(v.getVolumeId()).build())
                .getEntriesList()).extracting(e -> e.getSnapshot().getSourceVolumeId()).containsExactly(v.getVolumeId());
    }

    @Test
    void aVolumeCreatedOverCspIsSeenAndDeletedOverCsi() {
        String id = createVolume("vol-from-csp", 3 * GIB).get("id").asText();
        Csi.ControllerGetVolumeResponse got = csi.controllerGetVolume(Csi.ControllerGetVolumeRequest.newBuilder().setVolumeId(id).build());
        assertThat(got.getVolume().getCapacityBytes()).isEqualTo(3 * GIB);
        List<String> listed = new ArrayList<>();
        csi.listVolumes(Csi.ListVolumesRequest.getDefaultInstance()).getEntriesList().forEach(e -> listed.add(e.getVolume().getVolumeId()));
        assertThat(listed).contains(id);
        csi.deleteVolume(Csi.DeleteVolumeRequest.newBuilder().setVolumeId(id).build());
        assertThat(http.get("/volumes/" + id).status()).isEqualTo(404);

        String other = createVolume("vol-csp-2", GIB).get("id").asText();
        assertThat(http.delete("/volumes/" + other).status()).isEqualTo(204);
        assertThatThrownBy(() -> csi.controllerGetVolume(Csi.ControllerGetVolumeRequest.newBuilder().setVolumeId(other).build()))
                .isInstanceOf(StatusRuntimeException.class)
                .satisfies(e -> assertThat(((StatusRuntimeException) e).getStatus().getCode()).isEqualTo(Status.Code.NOT_FOUND));
    }

    @Test
    void faultApiInjects401And503() {
        plugin.faults().cspUnavailable(1);
        assertThat(http.get("/volumes").status()).isEqualTo(503);
        assertThat(http.get("/volumes").status()).isEqualTo(200);
        plugin.faults().cspUnauthorized(1);
        assertThat(http.get("/volumes").status()).isEqualTo(401);
        assertThat(http.get("/volumes").status()).as("the token was expired by the fault").isEqualTo(401);
        http.login();
        assertThat(http.get("/volumes").status()).isEqualTo(200);
        plugin.faults().cspExpireTokens();
        assertThat(http.get("/volumes").status()).isEqualTo(401);
    }

    @Test
    void closingThePluginStopsTheCspServer() throws IOException {
        URI u = URI.create(url);
        try (Socket s = new Socket(u.getHost(), u.getPort())) {
            assertThat(s.isConnected()).isTrue();
        }
        assertThatThrownBy(() -> plugin.startCsp(0)).isInstanceOf(IllegalStateException.class).hasMessageContaining(url);
        plugin.close();
        assertThatThrownBy(() -> new Socket(u.getHost(), u.getPort()).close()).isInstanceOf(IOException.class);
    }

    @Test
    void aVolumeBusyWithAnotherOperationIsAConflict() throws Exception {
        String id = createVolume("volume-busy", GIB).get("id").asText();
        try (AutoCloseable held = plugin.faults().guard(id)) {
            Http.Reply r = http.put("/volumes/" + id + "/actions/publish", "{\"host_uuid\":\"node-1\",\"access_protocol\":\"iscsi\"}");
            assertThat(r.status()).isEqualTo(409);
            assertThat(message(r)).contains("in progress");
            assertThat(http.delete("/volumes/" + id).status()).isEqualTo(409);
        }
        assertThat(plugin.model().publications().of(id)).isEmpty();
        assertThat(http.delete("/volumes/" + id).status()).isEqualTo(204);
    }

    @Test
    void passwordsChapSecretsAndTokensNeverReachTheLog() {
        ch.qos.logback.classic.Logger root = (ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger(
                org.slf4j.Logger.ROOT_LOGGER_NAME);
        ch.qos.logback.classic.Logger ours = (ch.qos.logback.classic.Logger) org.slf4j.LoggerFactory.getLogger("org.csiconsole");
        ch.qos.logback.classic.Level was = ours.getLevel();
        var events = new ch.qos.logback.core.read.ListAppender<ch.qos.logback.classic.spi.ILoggingEvent>();
        events.start();
        root.addAppender(events);
        ours.setLevel(ch.qos.logback.classic.Level.DEBUG);
        String token = http.headers.get("x-auth-token");
        try {
            assertThat(http.post("/tokens", "{\"username\":\"admin\",\"password\":\"pw-canary-1\"}").status()).isEqualTo(401);
            assertThat(http.post("/tokens", "{\"username\":\"admin\",\"password\":\"pw-canary-2").status()).isEqualTo(400);
            ok(http.post("/hosts", "{\"name\":\"c\",\"uuid\":\"c-uuid\",\"iqns\":[\"iqn.2019-07.com.example:c\"],"
                    + "\"networks\":[\"10.10.2.0/24\"],\"chap_user\":\"u\",\"chap_password\":\"chap-canary-3\"}"));
            String id = createVolume("volume-log", GIB).get("id").asText();
            ok(http.put("/volumes/" + id + "/actions/publish", "{\"host_uuid\":\"c-uuid\",\"access_protocol\":\"iscsi\"}"));
            Http.Reply taken = http.post("/hosts", "{\"name\":\"c\",\"uuid\":\"c-uuid\",\"wwpns\":[\"10:00:00:00:c9:00:00:09\"],"
                    + "\"chap_user\":\"u\",\"chap_password\":\"chap-canary-4\"}");
            assertThat(taken.status()).isEqualTo(409);
            assertThat(taken.body()).doesNotContain("chap-canary-4");
        } finally {
            root.detachAppender(events);
            ours.setLevel(was);
        }
        for (var e : events.list) {
            String text = e.getFormattedMessage() + (e.getThrowableProxy() == null ? "" : e.getThrowableProxy().getMessage());
            assertThat(text).doesNotContain("pw-canary-1", "pw-canary-2", "chap-canary-3", "chap-canary-4", token);
        }
    }

}
