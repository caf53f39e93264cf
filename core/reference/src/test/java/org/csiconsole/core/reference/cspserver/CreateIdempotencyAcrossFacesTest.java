package org.csiconsole.core.reference.cspserver;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import csi.v1.ControllerGrpc;
import csi.v1.Csi;
import io.grpc.ManagedChannel;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.inprocess.InProcessChannelBuilder;
import java.nio.file.Path;
import java.util.Map;
import java.util.UUID;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.reference.array.ArrayModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import volumegroup.VolumeGroupProto;

/**
 * The same create sent over CSI (or csi-addons) and over CSP gets the same answer, because both
 * faces apply the model's one idempotency rule per aggregate (CSI spec v1.12 CreateVolume /
 * CreateSnapshot and csi-addons CreateVolumeGroup: same name and compatible arguments answer the
 * existing object, incompatible ones ALREADY_EXISTS; the CSP face answers the existing object with
 * 200 and a conflict with 409).
 */
class CreateIdempotencyAcrossFacesTest {
    private static final long MIB = 1L << 20;
    private static final long GIB = 1L << 30;
    private static final String SITE_A_IP = "10.10.1.5";

    @TempDir
    Path dir;

    private ReferencePlugin plugin;
    private Http http;
    private ManagedChannel channel;
    private ControllerGrpc.ControllerBlockingStub csi;
    private volumegroup.ControllerGrpc.ControllerBlockingStub groups;

    @BeforeEach
    void start() {
        plugin = ReferencePlugin.builder(dir).seed(Seed.EMPTY).nodeId("node-1").start();
        http = new Http(plugin.startCsp(0) + "/csp/containers/v1");
        http.login();
        http.headers.put("x-array-ip", SITE_A_IP);
        String name = "faces-" + UUID.randomUUID();
        plugin.startInProcess(name);
        channel = InProcessChannelBuilder.forName(name).directExecutor().build();
        csi = ControllerGrpc.newBlockingStub(channel);
        groups = volumegroup.ControllerGrpc.newBlockingStub(channel);
    }

    @AfterEach
    void stop() {
        channel.shutdownNow();
        plugin.close();
    }

    /** CreateVolume as a CO sends it: mount ext4, SINGLE_NODE_WRITER, on the array the CSP calls address. */
    private Csi.CreateVolumeRequest csiCreate(String name, long requiredBytes) {
        String site = plugin.model().arrays().byAddress(SITE_A_IP).orElseThrow().name();
        return Csi.CreateVolumeRequest.newBuilder().setName(name)
                .addVolumeCapabilities(Csi.VolumeCapability.newBuilder()
                        .setMount(Csi.VolumeCapability.MountVolume.newBuilder().setFsType("ext4"))
                        .setAccessMode(Csi.VolumeCapability.AccessMode.newBuilder()
                                .setMode(Csi.VolumeCapability.AccessMode.Mode.SINGLE_NODE_WRITER)))
                .setCapacityRange(Csi.CapacityRange.newBuilder().setRequiredBytes(requiredBytes))
                .setAccessibilityRequirements(Csi.TopologyRequirement.newBuilder().addRequisite(
                        Csi.Topology.newBuilder().putSegments(ArrayModel.TOPOLOGY_KEY, site)))
                .build();
    }

    private Http.Reply cspCreate(String name, long size) {
        return http.post("/volumes", "{\"name\":\"" + name + "\",\"size\":" + size + "}");
    }

    private static void assertAlreadyExists(Runnable call) {
        assertThatThrownBy(call::run).isInstanceOfSatisfying(StatusRuntimeException.class,
                e -> assertThat(e.getStatus().getCode()).as(e.getStatus().toString())
                        .isEqualTo(Status.Code.ALREADY_EXISTS));
    }

    private static String idOf(Http.Reply r) {
        assertThat(r.status()).as(r.body()).isEqualTo(200);
        return r.json().get("id").asText();
    }

    @Test
    void aVolumeCreatedOverCsiIsAnsweredAlikeByARepeatedCreateOverCsiAndOverCsp() {
        String id = csi.createVolume(csiCreate("pvc-1", GIB)).getVolume().getVolumeId();

        assertThat(csi.createVolume(csiCreate("pvc-1", GIB)).getVolume().getVolumeId()).isEqualTo(id);
        assertThat(idOf(cspCreate("pvc-1", GIB))).isEqualTo(id);

        assertThat(csi.createVolume(csiCreate("pvc-1", 512 * MIB)).getVolume().getVolumeId())
                .as("an existing volume larger than required_bytes is compatible").isEqualTo(id);
        assertThat(idOf(cspCreate("pvc-1", 512 * MIB)))
                .as("the CSP face accepts it as well").isEqualTo(id);

        assertAlreadyExists(() -> csi.createVolume(csiCreate("pvc-1", 2 * GIB)));
        assertThat(cspCreate("pvc-1", 2 * GIB).status()).as("the CSP face refuses it as well").isEqualTo(409);
        assertThat(plugin.model().volumes().count()).isEqualTo(1);
    }

    @Test
    void aVolumeCreatedOverCspIsAnsweredAlikeByARepeatedCreateOverCspAndOverCsi() {
        String id = idOf(cspCreate("volume-1", GIB));

        assertThat(idOf(cspCreate("volume-1", 256 * MIB))).isEqualTo(id);
        assertThat(csi.createVolume(csiCreate("volume-1", 256 * MIB)).getVolume().getVolumeId()).isEqualTo(id);

        assertThat(cspCreate("volume-1", 3 * GIB).status()).isEqualTo(409);
        assertAlreadyExists(() -> csi.createVolume(csiCreate("volume-1", 3 * GIB)));
        assertThat(plugin.model().volumes().count()).isEqualTo(1);
    }

    @Test
    void aSnapshotNameIsAnsweredAlikeOverCsiAndCspForTheSameAndForAnotherSource() {
        String a = csi.createVolume(csiCreate("pvc-a", GIB)).getVolume().getVolumeId();
        String b = csi.createVolume(csiCreate("pvc-b", GIB)).getVolume().getVolumeId();
        String snap = csi.createSnapshot(Csi.CreateSnapshotRequest.newBuilder().setName("snap-1")
                .setSourceVolumeId(a).build()).getSnapshot().getSnapshotId();

        JsonNode again = http.post("/snapshots", "{\"name\":\"snap-1\",\"volume_id\":\"" + a + "\"}").json();
        assertThat(again.get("id").asText()).as("same name, same source over CSP").isEqualTo(snap);

        assertAlreadyExists(() -> csi.createSnapshot(Csi.CreateSnapshotRequest.newBuilder().setName("snap-1")
                .setSourceVolumeId(b).build()));
        assertThat(http.post("/snapshots", "{\"name\":\"snap-1\",\"volume_id\":\"" + b + "\"}").status())
                .as("same name, other source over CSP").isEqualTo(409);
        assertThat(plugin.model().snapshots().all()).hasSize(1);
    }

    /** CreateVolumeGroup as csi-addons sends it, naming no volumes (as the CSP face cannot). */
    private String addonsGroupCreate(String name, Map<String, String> parameters) {
        return groups.createVolumeGroup(VolumeGroupProto.CreateVolumeGroupRequest.newBuilder().setName(name)
                .putAllParameters(parameters).build()).getVolumeGroup().getVolumeGroupId();
    }

    private Http.Reply cspGroupCreate(String name, String configJson) {
        return http.post("/volume_groups", "{\"name\":\"" + name + "\",\"description\":\"from the CSP face\""
                + (configJson == null ? "" : ",\"config\":" + configJson) + "}");
    }

    @Test
    void aVolumeGroupCreatedOverCsiAddonsIsAnsweredAlikeByARepeatedCreateOverCsiAddonsAndOverCsp() {
        Map<String, String> daily = Map.of("protection_template", "daily", "replicate", "false");
        String id = addonsGroupCreate("vg-1", daily);

        assertThat(addonsGroupCreate("vg-1", daily)).isEqualTo(id);
        assertThat(idOf(cspGroupCreate("vg-1", "{\"protection_template\":\"daily\",\"replicate\":false}")))
                .as("the same parameters as CSP config").isEqualTo(id);

        String member = csi.createVolume(csiCreate("pvc-1", GIB)).getVolume().getVolumeId();
        groups.modifyVolumeGroupMembership(VolumeGroupProto.ModifyVolumeGroupMembershipRequest.newBuilder()
                .setVolumeGroupId(id).addVolumeIds(member).build());
        assertThat(addonsGroupCreate("vg-1", daily))
                .as("a create naming no volumes still names the group after a volume joined").isEqualTo(id);
        assertThat(idOf(cspGroupCreate("vg-1", "{\"protection_template\":\"daily\",\"replicate\":false}")))
                .as("the CSP face accepts it as well").isEqualTo(id);

        assertAlreadyExists(() -> addonsGroupCreate("vg-1", Map.of("protection_template", "hourly")));
        assertThat(cspGroupCreate("vg-1", "{\"protection_template\":\"hourly\"}").status())
                .as("the CSP face refuses other parameters as well").isEqualTo(409);
        assertThat(plugin.model().groups().all()).hasSize(1);
    }

    @Test
    void aVolumeGroupCreatedOverCspIsAnsweredAlikeByARepeatedCreateOverCspAndOverCsiAddons() {
        String id = idOf(cspGroupCreate("volumegroup-1", "{\"protection_template\":\"daily\"}"));

        assertThat(idOf(cspGroupCreate("volumegroup-1", "{\"protection_template\":\"daily\"}")))
                .as("a repeated POST /volume_groups answers the existing group").isEqualTo(id);
        assertThat(addonsGroupCreate("volumegroup-1", Map.of("protection_template", "daily"))).isEqualTo(id);

        assertThat(cspGroupCreate("volumegroup-1", null).status()).as("no config is other parameters").isEqualTo(409);
        assertAlreadyExists(() -> addonsGroupCreate("volumegroup-1", Map.of()));
        assertThat(plugin.model().groups().all()).hasSize(1);
    }
}
