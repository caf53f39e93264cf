package org.csiconsole.core.reference.cspserver;

import com.fasterxml.jackson.databind.JsonNode;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The reference CSP answers the requests HPE's Go CSP client (hpe-storage/common-host-libs,
 * {@code storageprovider/csp} with the {@code model} structs) sends, as an in-cluster CSP service:
 * no context path, {@code array_ip} in the login and {@code x-array-ip} on every call, and each body
 * exactly as the client serializes it (zero values such as {@code "volume_group_id": ""} included,
 * {@code omitempty} fields left out).
 */
class HpeDriverBodiesTest {
    private static final long GIB = 1L << 30;

    @TempDir
    Path dir;

    private ReferencePlugin plugin;
    private Http http;

    @BeforeEach
    void start() {
        plugin = ReferencePlugin.builder(dir).seed(Seed.EMPTY).nodeId("node-1").start();
        plugin.startCsp(0);
        http = new Http(plugin.cspApiRoots().stream().filter(r -> !r.contains("/csp/")).findFirst().orElseThrow());
        // model.Token: "array_ip" has a misspelt omitempty, so it is always sent; with serviceName set it is the backend.
        Http.Reply login = http.post("/tokens", "{\"username\":\"admin\",\"password\":\"admin\",\"array_ip\":\"10.10.1.5\"}");
        assertThat(login.status()).as(login.body()).isEqualTo(200);
        http.headers.put("x-auth-token", login.json().get("session_token").asText());
        http.headers.put("x-array-ip", "10.10.1.5");
    }

    @AfterEach
    void stop() {
        plugin.close();
    }

    private static JsonNode ok(Http.Reply r) {
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json();
    }

    private static String message(Http.Reply r) {
        return r.json().get("errors").get(0).get("message").asText();
    }

    /** CreateVolume: name, size, description, config, and the always-sent empty volume_group_id. */
    private JsonNode createVolume(String name) {
        return ok(http.post("/volumes", "{\"name\":\"" + name + "\",\"size\":" + GIB + ",\"description\":\"Block Volume created with "
                + "the HPE CSI Driver for Kubernetes\",\"config\":{\"limitIops\":\"76800\",\"perfPolicy\":\"Default\"},"
                + "\"volume_group_id\":\"\"}"));
    }

    @Test
    void loginWithAnEmptyArrayIpFallsBackToTheHeader() {
        Http other = new Http(plugin.cspApiRoots().stream().filter(r -> !r.contains("/csp/")).findFirst().orElseThrow());
        other.headers.put("x-array-ip", "10.20.1.5");
        Http.Reply r = other.post("/tokens", "{\"username\":\"admin\",\"password\":\"admin\",\"array_ip\":\"\"}");
        assertThat(r.status()).as(r.body()).isEqualTo(200);
    }

    @Test
    void hostRegistrationTakesTheNodeBodyOfSetNodeContext() {
        JsonNode h = ok(http.post("/hosts", "{\"name\":\"worker-1\",\"uuid\":\"4c4c4544-0034-4810-8052-b2c04f4e5931\","
                + "\"iqns\":[\"iqn.1994-05.com.redhat:worker-1\"],\"networks\":[\"192.168.10.21/24\"],"
                + "\"chap_user\":\"chapuser\",\"chap_password\":\"chap-secret-77\"}"));
        assertThat(h.get("uuid").asText()).isEqualTo("4c4c4544-0034-4810-8052-b2c04f4e5931");
        assertThat(h.toString()).doesNotContain("chap-secret-77");
        assertThat(ok(http.post("/hosts", "{\"id\":\"4c4c4544-0034-4810-8052-b2c04f4e5931\",\"name\":\"worker-1\","
                + "\"uuid\":\"4c4c4544-0034-4810-8052-b2c04f4e5931\",\"iqns\":[\"iqn.1994-05.com.redhat:worker-1\"],"
                + "\"networks\":[\"192.168.10.21/24\"],\"chap_user\":\"chapuser\",\"chap_password\":\"chap-secret-77\"}"))
                .get("id").asText()).as("a read-only id is ignored; registering again is idempotent").isEqualTo(h.get("id").asText());
    }

    @Test
    void createVolumeTakesTheEmptyVolumeGroupIdAndAMissingNameIsStill404() {
        Http.Reply missing = http.get("/volumes?name=pvc-1");
        assertThat(missing.status()).as("GetVolumeByName relies on 404 for a name that does not exist").isEqualTo(404);
        JsonNode v = createVolume("pvc-1");
        assertThat(v.get("volume_group_id").asText()).isEmpty();
        assertThat(v.get("config").get("limitIops").asText()).isEqualTo("76800");
        assertThat(ok(http.get("/volumes?name=pvc-1")).get(0).get("id").asText()).isEqualTo(v.get("id").asText());
    }

    @Test
    void expandVolumeTakesTheBodyIdAndKeepsTheVolumeInItsGroup() {
        String gid = ok(http.post("/volume_groups", "{\"name\":\"vg-1\",\"description\":\"d\",\"config\":{\"protection_template\":\"daily\"}}"))
                .get("id").asText();
        String id = createVolume("pvc-2").get("id").asText();
        ok(http.put("/volumes/" + id, "{\"id\":\"" + id + "\",\"volume_group_id\":\"" + gid + "\"}"));
        JsonNode grown = ok(http.put("/volumes/" + id, "{\"id\":\"" + id + "\",\"size\":" + 2 * GIB + ",\"volume_group_id\":\"\"}"));
        assertThat(grown.get("size").asLong()).isEqualTo(2 * GIB);
        assertThat(grown.get("volume_group_id").asText()).as("the zero value next to a size changes no group").isEqualTo(gid);
    }

    @Test
    void editVolumeTakesDescriptionConfigAndTheGroupIdAloneLeavesTheGroup() {
        String gid = ok(http.post("/volume_groups", "{\"name\":\"vg-2\"}")).get("id").asText();
        String id = createVolume("pvc-3").get("id").asText();
        JsonNode edited = ok(http.put("/volumes/" + id, "{\"id\":\"" + id + "\",\"description\":\"edited\","
                + "\"config\":{\"limitIops\":\"1000\"},\"volume_group_id\":\"\"}"));
        assertThat(edited.get("description").asText()).isEqualTo("edited");
        assertThat(edited.get("config").get("limitIops").asText()).isEqualTo("1000");
        assertThat(ok(http.put("/volumes/" + id, "{\"id\":\"" + id + "\",\"volume_group_id\":\"" + gid + "\"}"))
                .get("volume_group_id").asText()).isEqualTo(gid);
        assertThat(ok(http.put("/volumes/" + id, "{\"id\":\"" + id + "\",\"volume_group_id\":\"\"}"))
                .get("volume_group_id").asText()).as("EditVolume with only volumeGroupId \"\" leaves the group").isEmpty();
    }

    @Test
    void publishAndUnpublishTakeThePublishOptionsBodies() {
        ok(http.post("/hosts", "{\"name\":\"worker-2\",\"uuid\":\"uuid-w2\",\"iqns\":[\"iqn.1994-05.com.redhat:w2\"],"
                + "\"networks\":[\"192.168.10.22/24\"]}"));
        String id = createVolume("pvc-4").get("id").asText();
        JsonNode info = ok(http.put("/volumes/" + id + "/actions/publish", "{\"host_uuid\":\"uuid-w2\",\"access_protocol\":\"iscsi\"}"));
        assertThat(info.get("access_protocol").asText()).isEqualTo("iscsi");
        assertThat(http.put("/volumes/" + id + "/actions/unpublish", "{\"host_uuid\":\"uuid-w2\"}").status()).isEqualTo(204);
        assertThat(http.delete("/volumes/" + id + "?force=false").status()).isEqualTo(204);
    }

    @Test
    void createSnapshotKeepsTheDescriptionTheDriverSends() {
        String id = createVolume("pvc-5").get("id").asText();
        assertThat(http.get("/snapshots?name=snap-1&volume_id=" + id).status()).as("GetSnapshotByName relies on 404").isEqualTo(404);
        JsonNode s = ok(http.post("/snapshots", "{\"name\":\"snap-1\",\"description\":\"Snapshot created by the HPE CSI Driver\","
                + "\"volume_id\":\"" + id + "\",\"config\":{\"retain\":\"true\"}}"));
        assertThat(s.get("description").asText()).isEqualTo("Snapshot created by the HPE CSI Driver");
        assertThat(ok(http.get("/snapshots/" + s.get("id").asText())).get("description").asText())
                .isEqualTo("Snapshot created by the HPE CSI Driver");
        assertThat(ok(http.get("/snapshots?name=snap-1&volume_id=" + id)).get(0).get("description").asText())
                .isEqualTo("Snapshot created by the HPE CSI Driver");
    }

    @Test
    void getSnapshotsWithoutAVolumeIdListsEverySnapshotOfTheArray() {
        String a = createVolume("pvc-list-a").get("id").asText();
        String b = createVolume("pvc-list-b").get("id").asText();
        ok(http.post("/snapshots", "{\"name\":\"snap-a\",\"description\":\"\",\"volume_id\":\"" + a + "\"}"));
        ok(http.post("/snapshots", "{\"name\":\"snap-b\",\"description\":\"\",\"volume_id\":\"" + b + "\"}"));

        // GetSnapshots(""): GET /containers/v1/snapshots, decoded as a JSON array of model.Snapshot
        JsonNode all = ok(http.get("/snapshots"));

        assertThat(all.isArray()).isTrue();
        assertThat(all).extracting(s -> s.get("name").asText()).containsExactlyInAnyOrder("snap-a", "snap-b");
        assertThat(all).extracting(s -> s.get("volume_id").asText()).containsExactlyInAnyOrder(a, b);
        assertThat(all).allSatisfy(s -> assertThat(s.has("id") && s.has("size") && s.has("creation_time") && s.has("ready_to_use"))
                .as(s.toString()).isTrue());
        assertThat(ok(http.get("/snapshots?volume_id=" + a))).extracting(s -> s.get("name").asText()).containsExactly("snap-a");
        assertThat(ok(http.get("/snapshots?name=snap-b"))).extracting(s -> s.get("volume_id").asText()).containsExactly(b);
        assertThat(http.get("/snapshots?name=nope").status()).isEqualTo(404);
    }

    @Test
    void cloneVolumeTakesTheCloneBody() {
        String id = createVolume("pvc-6").get("id").asText();
        // CloneVolume from a volume snapshots it first, with the snapshot's name as its description and no config.
        String sid = ok(http.post("/snapshots", "{\"name\":\"snap-for-clone-2026-01-01T00:00:00Z\","
                + "\"description\":\"snap-for-clone-2026-01-01T00:00:00Z\",\"volume_id\":\"" + id + "\"}")).get("id").asText();
        JsonNode clone = ok(http.post("/volumes", "{\"name\":\"pvc-7\",\"description\":\"clone\",\"base_snapshot_id\":\"" + sid
                + "\",\"clone\":true,\"config\":{\"perfPolicy\":\"Default\"},\"volume_group_id\":\"\"}"));
        assertThat(clone.get("base_snapshot_id").asText()).isEqualTo(sid);
        assertThat(clone.get("size").asLong()).isEqualTo(GIB);
    }

    @Test
    void volumeAndSnapshotGroupsTakeTheirCreateBodies() {
        String gid = ok(http.post("/volume_groups", "{\"name\":\"vg-3\",\"description\":\"Volume group\","
                + "\"config\":{\"protection_template\":\"daily\"}}")).get("id").asText();
        String id = createVolume("pvc-8").get("id").asText();
        ok(http.put("/volumes/" + id, "{\"id\":\"" + id + "\",\"volume_group_id\":\"" + gid + "\"}"));
        JsonNode sg = ok(http.post("/snapshot_groups", "{\"name\":\"sg-1\",\"volume_group_id\":\"" + gid + "\"}"));
        assertThat(sg.get("snapshots").size()).isEqualTo(1);
    }

    @Test
    void readOnlyAttributesThatContradictThePathOrTheStoredObjectAreRefused() {
        String id = createVolume("pvc-9").get("id").asText();
        Http.Reply otherId = http.put("/volumes/" + id, "{\"id\":\"vol-other\",\"size\":" + 2 * GIB + "}");
        assertThat(otherId.status()).isEqualTo(400);
        assertThat(message(otherId)).contains("'vol-other'", "'" + id + "'", "Leave id out");
        assertThat(ok(http.get("/volumes/" + id)).get("size").asLong()).as("nothing changed").isEqualTo(GIB);

        assertThat(ok(http.put("/volumes/" + id, "{\"id\":\"\",\"name\":\"pvc-9\",\"published\":false,\"clone\":false,"
                + "\"base_snapshot_id\":\"\",\"description\":\"same values\"}")).get("description").asText())
                .as("values that agree are ignored").isEqualTo("same values");
        assertThat(message(http.put("/volumes/" + id, "{\"published\":true}"))).contains("actions/publish");
        assertThat(message(http.put("/volumes/" + id, "{\"clone\":true}"))).contains("is not a clone");
        assertThat(message(http.put("/volumes/" + id, "{\"base_snapshot_id\":\"snap-x\"}"))).contains("fixed when a volume is created");
        assertThat(http.put("/volumes/vol-nope", "{\"id\":\"vol-nope\",\"size\":" + GIB + "}").status()).isEqualTo(404);

        assertThat(message(http.post("/volumes", "{\"name\":\"pvc-10\",\"size\":" + GIB + ",\"published\":true}")))
                .contains("a new volume is not published");
        assertThat(ok(http.post("/volumes", "{\"id\":\"ignored\",\"name\":\"pvc-11\",\"size\":" + GIB + ",\"published\":false}"))
                .get("id").asText()).as("a read-only id in a create is ignored").isNotEqualTo("ignored");

        Http.Reply wrongName = http.post("/snapshots", "{\"name\":\"s\",\"volume_id\":\"" + id + "\",\"volume_name\":\"other\"}");
        assertThat(wrongName.status()).isEqualTo(400);
        assertThat(message(wrongName)).contains("'other'", "pvc-9");
        assertThat(ok(http.post("/snapshots", "{\"id\":\"x\",\"name\":\"s\",\"volume_id\":\"" + id + "\",\"volume_name\":\"pvc-9\","
                + "\"ready_to_use\":false,\"creation_time\":1}")).get("ready_to_use").asBoolean()).isTrue();

        assertThat(message(http.post("/volume_groups", "{\"name\":\"vg-x\",\"volumes\":[{\"id\":\"" + id + "\"}]}")))
                .contains("'volumes'");
        String gid = ok(http.post("/volume_groups", "{\"id\":\"x\",\"name\":\"vg-4\",\"volumes\":[]}")).get("id").asText();
        assertThat(message(http.post("/snapshot_groups", "{\"name\":\"sg-x\",\"volume_group_id\":\"" + gid
                + "\",\"snapshots\":[{\"id\":\"s\"}]}"))).contains("'snapshots'");
        assertThat(message(http.post("/snapshot_groups", "{\"name\":\"sg-x\",\"volume_group_id\":\"" + gid
                + "\",\"volume_group_name\":\"other\"}"))).contains("'other'", "vg-4");
    }

    @Test
    void nestedConfigValuesAreRefusedBecauseConfigValuesAreStrings() {
        Http.Reply nested = http.post("/volumes", "{\"name\":\"pvc-n\",\"size\":" + GIB + ",\"config\":{\"a\":{\"b\":[1,2,{\"c\":null}]}}}");
        assertThat(nested.status()).isEqualTo(400);
        assertThat(message(nested)).contains("'a'", "JSON object", "Config values are strings");
        assertThat(http.get("/volumes?name=pvc-n").status()).as("nothing was made").isEqualTo(404);

        String id = createVolume("pvc-12").get("id").asText();
        Http.Reply list = http.put("/volumes/" + id, "{\"config\":{\"limitIops\":[\"1000\"]}}");
        assertThat(list.status()).isEqualTo(400);
        assertThat(message(list)).contains("'limitIops'", "JSON array");
        assertThat(ok(http.get("/volumes/" + id)).get("config").get("limitIops").asText()).isEqualTo("76800");
        assertThat(http.post("/volume_groups", "{\"name\":\"vg-n\",\"config\":{\"replication_partner\":{\"name\":\"b\"}}}").status())
                .isEqualTo(400);

        JsonNode scalars = ok(http.post("/volumes", "{\"name\":\"pvc-s\",\"size\":" + GIB + ",\"config\":{\"limitIops\":1000,"
                + "\"dedupeEnabled\":true,\"folder\":\"f\"}}"));
        assertThat(scalars.get("config").get("limitIops").asText()).isEqualTo("1000");
        assertThat(scalars.get("config").get("dedupeEnabled").asBoolean()).isTrue();
    }
}
