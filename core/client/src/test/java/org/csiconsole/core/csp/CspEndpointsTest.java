package org.csiconsole.core.csp;

import org.csiconsole.core.port.HostRequest;
import mockwebserver3.MockWebServer;
import mockwebserver3.RecordedRequest;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.model.AccessProtocol;
import org.csiconsole.core.model.Host;
import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.PublishInfo;
import org.csiconsole.core.model.ReplicationPartner;
import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.SnapshotGroup;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeGroup;
import org.csiconsole.core.model.VolumeSource;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.csiconsole.core.csp.CspTestSupport.*;

/** Each endpoint: method, path, query and body sent; answer mapped to domain records. Bodies follow the spec's examples. */
class CspEndpointsTest {
    private static final String VOLUME = "{\"id\":\"067b5b0c6a3d0ece0600000000000000000000001d\",\"name\":\"volume1\",\"size\":1073741824,"
            + "\"description\":\"my first volume\",\"published\":false,\"config\":{\"parameter1\":\"default\",\"parameter2\":false},"
            + "\"base_snapshot_id\":\"\",\"volume_group_id\":\"\"}";
    private static final String SNAPSHOT = "{\"id\":\"047b\",\"name\":\"my-first-snapshot\",\"size\":1073741824,\"description\":\"my first snapshot\","
            + "\"volume_id\":\"067b\",\"volume_name\":\"volume1\",\"creation_time\":1565206041,\"ready_to_use\":true,\"config\":{\"parameter1\":\"default\"}}";

    private final MockWebServer server = new MockWebServer();
    private final CallTrace trace = new CallTrace();
    private CspClient csp;

    @BeforeEach
    void start() throws Exception {
        server.start();
        server.enqueue(token("t"));
        csp = client(server, trace);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    /** Skips the login and returns the next request. */
    private RecordedRequest next() throws InterruptedException {
        RecordedRequest r = take(server);
        if (r.getUrl().encodedPath().endsWith("/tokens") && "POST".equals(r.getMethod())) r = take(server);
        return r;
    }

    private static String line(RecordedRequest r) {
        String q = r.getUrl().encodedQuery();
        return r.getMethod() + " " + r.getUrl().encodedPath().replace("/csp/containers/v1", "") + (q == null ? "" : "?" + q);
    }

    @Test
    void hosts() throws Exception {
        server.enqueue(json(200, "[{\"id\":\"h1\",\"uuid\":\"41302701\",\"name\":\"host-01\",\"iqns\":[\"iqn.2019-07.com.nimblestorage:cool-iqn\"],"
                + "\"networks\":[\"172.28.12.161/20\"],\"wwpns\":[],\"nqns\":[\"nqn.2014-08.org.nvmexpress:uuid:1\"],"
                + "\"access_protocol\":\"nvmetcp\",\"virtual_domain\":\"vd1\"}]"));
        Host h = csp.hosts().list().join().get(0);
        assertThat(h.uuid()).isEqualTo("41302701");
        assertThat(h.nqns()).containsExactly("nqn.2014-08.org.nvmexpress:uuid:1");
        assertThat(h.accessProtocol()).isEqualTo(AccessProtocol.NVME_TCP);
        assertThat(h.virtualDomain()).isEqualTo("vd1");
        assertThat(line(next())).isEqualTo("GET /hosts");

        server.enqueue(json(200, "{\"id\":\"41302701\",\"name\":\"host-01\",\"uuid\":\"41302701\",\"iqns\":[\"iqn.2019-07.com.nimblestorage:cool-iqn\"],\"networks\":[\"172.28.12.161/20\"]}"));
        csp.hosts().create(HostRequest.iscsi("host-01", "41302701", List.of("iqn.2019-07.com.nimblestorage:cool-iqn"), List.of("172.28.12.161/20"))).join();
        RecordedRequest create = next();
        assertThat(line(create)).isEqualTo("POST /hosts");
        assertThat(body(create)).contains("\"uuid\":\"41302701\"", "\"iqns\":[\"iqn.2019-07.com.nimblestorage:cool-iqn\"]",
                "\"networks\":[\"172.28.12.161/20\"]", "\"access_protocol\":\"iscsi\"").doesNotContain("chap_password", "\"id\"");

        server.enqueue(noContent());
        csp.hosts().delete("41302701").join();
        assertThat(line(next())).isEqualTo("DELETE /hosts/41302701");
    }

    @Test
    void volumesListGetAndFind() throws Exception {
        server.enqueue(json(200, "[" + VOLUME + "]"));
        Volume v = csp.volumes().list().join().get(0);
        assertThat(v.origin()).isEqualTo(Origin.CSP);
        assertThat(v.capacityBytes()).isEqualTo(1_073_741_824L);
        assertThat(v.source()).isEqualTo(VolumeSource.NONE);
        assertThat(v.parameters()).containsEntry("parameter1", "default").containsEntry("parameter2", "false");
        assertThat(v.properties()).containsEntry("description", "my first volume").containsEntry("published", "false");
        assertThat(line(next())).isEqualTo("GET /volumes");

        server.enqueue(json(200, "[" + VOLUME + "]"));
        assertThat(csp.volumes().findByName("volume1").join()).hasSize(1);
        assertThat(line(next())).isEqualTo("GET /volumes?name=volume1");

        server.enqueue(json(200, VOLUME));
        assertThat(csp.volumes().get("067b").join().name()).isEqualTo("volume1");
        assertThat(line(next())).isEqualTo("GET /volumes/067b");
    }

    @Test
    void volumeCreateCloneEditExpandDelete() throws Exception {
        server.enqueue(json(200, VOLUME));
        csp.volumes().create(new NewVolume("my-new-volume", "10GiB", "my first volume", null, "vg1", Map.of("parameter1", "default"))).join();
        RecordedRequest create = next();
        assertThat(line(create)).isEqualTo("POST /volumes");
        assertThat(body(create)).contains("\"name\":\"my-new-volume\"", "\"size\":10737418240", "\"volume_group_id\":\"vg1\"",
                "\"config\":{\"parameter1\":\"default\"}").doesNotContain("clone", "base_snapshot_id");

        server.enqueue(json(200, VOLUME.replace("\"base_snapshot_id\":\"\"", "\"base_snapshot_id\":\"snap-9\"")));
        Volume clone = csp.volumes().create(NewVolume.cloneOf("volume2", "snap-9")).join();
        assertThat(clone.source()).isEqualTo(VolumeSource.snapshot("snap-9"));
        assertThat(body(next())).contains("\"base_snapshot_id\":\"snap-9\"", "\"clone\":true").doesNotContain("size");

        server.enqueue(json(200, VOLUME));
        csp.volumes().edit("067b", "my cool new description", null).join();
        RecordedRequest edit = next();
        assertThat(line(edit)).isEqualTo("PUT /volumes/067b");
        assertThat(body(edit)).isEqualTo("{\"description\":\"my cool new description\"}");

        server.enqueue(json(200, VOLUME));
        server.enqueue(json(200, VOLUME.replace("1073741824", "2147483648")));
        assertThat(csp.volumes().expand("067b", "2Gi").join().capacityBytes()).isEqualTo(2_147_483_648L);
        assertThat(line(next())).isEqualTo("GET /volumes/067b");
        RecordedRequest expand = next();
        assertThat(line(expand)).isEqualTo("PUT /volumes/067b");
        assertThat(body(expand)).isEqualTo("{\"size\":2147483648}");

        server.enqueue(noContent());
        server.enqueue(noContent());
        csp.volumes().delete("067b", false).join();
        csp.volumes().delete("067b", true).join();
        assertThat(line(next())).isEqualTo("DELETE /volumes/067b");
        assertThat(line(next())).isEqualTo("DELETE /volumes/067b?force=true");
    }

    @Test
    void publishOverIscsiFcAndNvmeAndUnpublish() throws Exception {
        server.enqueue(json(200, "{\"access_protocol\":\"iscsi\",\"discovery_ips\":[\"172.89.82.10\"],\"lun_id\":3,"
                + "\"PeerArrayDetails\":[{\"lun_id\":1,\"target_names\":[\"iqn.2000-05.com.3pardata:20210002ac01db2c\"],\"discovery_ips\":[\"1.1.1.1\"]}],"
                + "\"serial_number\":\"4349bd\",\"target_names\":[\"iqn.2000-05.com.3pardata:21210002ac01db31,iqn.2000-05.com.3pardata:21220002ac01db31\"]}"));
        PublishInfo iscsi = csp.volumes().publish("067b", "41302701", AccessProtocol.ISCSI).join();
        assertThat(iscsi.lunId()).isEqualTo(3);
        assertThat(iscsi.targetNames()).containsExactly("iqn.2000-05.com.3pardata:21210002ac01db31", "iqn.2000-05.com.3pardata:21220002ac01db31");
        assertThat(iscsi.peers()).singleElement().extracting(PublishInfo.PeerLun::lunId).isEqualTo(1L);
        assertThat(iscsi.chapConfigured()).isFalse();
        RecordedRequest pub = next();
        assertThat(line(pub)).isEqualTo("PUT /volumes/067b/actions/publish");
        assertThat(body(pub)).isEqualTo("{\"host_uuid\":\"41302701\",\"access_protocol\":\"iscsi\"}");

        server.enqueue(json(200, "{\"access_protocol\":\"fc\",\"lun_id\":0,\"PeerArrayDetails\":[{\"lun_id\":1}],\"serial_number\":\"4349bd\"}"));
        assertThat(csp.volumes().publish("067b", "41302701", AccessProtocol.FC).join().accessProtocol()).isEqualTo(AccessProtocol.FC);
        next();

        server.enqueue(json(200, "{\"lun_id\":5,\"serial_number\":\"s\",\"target_names\":[\"nqn.2020-07.com.example:sub\"]}"));
        assertThat(csp.volumes().publish("067b", "41302701", AccessProtocol.NVME_TCP).join().accessProtocol()).isEqualTo(AccessProtocol.NVME_TCP);
        assertThat(body(next())).contains("\"access_protocol\":\"nvmetcp\"");

        server.enqueue(noContent());
        csp.volumes().unpublish("067b", "41302701").join();
        RecordedRequest unpub = next();
        assertThat(line(unpub)).isEqualTo("PUT /volumes/067b/actions/unpublish");
        assertThat(body(unpub)).isEqualTo("{\"host_uuid\":\"41302701\"}");
    }

    @Test
    void aFailedPublishNamesTheVolumeAndTheHostTheListingsReportedBesideTheirIds() throws Exception {
        server.enqueue(json(200, "[" + VOLUME + "]"));
        csp.volumes().list().join();
        server.enqueue(json(200, "[{\"id\":\"host-0002\",\"name\":\"worker-01\",\"uuid\":\"41302701\",\"iqns\":[\"iqn.2026-01.com.example:w1\"]}]"));
        csp.hosts().list().join();
        server.enqueue(json(409, "{\"errors\":[{\"code\":\"Conflict\",\"message\":\"published elsewhere\"}]}"));

        CallFailure f = failure(csp.volumes().publish("067b5b0c6a3d0ece0600000000000000000000001d", "41302701", AccessProtocol.ISCSI));

        assertThat(f.what()).isEqualTo("Publish CSP volume volume1 (067b5b0c6a3d0ece0600000000000000000000001d) to host worker-01 (41302701)");
    }

    @Test
    void snapshots() throws Exception {
        server.enqueue(json(200, "[" + SNAPSHOT + "]"));
        Snapshot s = csp.snapshots().list("067b").join().get(0);
        assertThat(s.sourceVolumeId()).isEqualTo("067b");
        assertThat(s.creationTime()).isEqualTo(Instant.ofEpochSecond(1565206041));
        assertThat(s.readyToUse()).isTrue();
        assertThat(s.origin()).isEqualTo(Origin.CSP);
        assertThat(s.properties()).containsEntry("volume_name", "volume1").containsEntry("config.parameter1", "default");
        assertThat(line(next())).isEqualTo("GET /snapshots?volume_id=067b");

        server.enqueue(json(200, "[" + SNAPSHOT + "]"));
        assertThat(csp.snapshots().findByName("067b", "my-first-snapshot").join()).hasSize(1);
        assertThat(line(next())).isEqualTo("GET /snapshots?volume_id=067b&name=my-first-snapshot");

        server.enqueue(json(200, "[" + SNAPSHOT + "]"));
        server.enqueue(json(200, "[]"));
        assertThat(csp.snapshots().exist("067b").join()).isTrue();
        assertThat(csp.snapshots().exist("067c").join()).isFalse();
        assertThat(line(next())).isEqualTo("GET /snapshots?volume_id=067b&mode=exists");
        next();

        server.enqueue(json(200, SNAPSHOT));
        assertThat(csp.snapshots().get("047b").join().name()).isEqualTo("my-first-snapshot");
        assertThat(line(next())).isEqualTo("GET /snapshots/047b");

        server.enqueue(json(200, SNAPSHOT));
        csp.snapshots().create("my-first-snapshot", "067b", "my first snapshot", null).join();
        RecordedRequest create = next();
        assertThat(line(create)).isEqualTo("POST /snapshots");
        assertThat(body(create)).isEqualTo("{\"name\":\"my-first-snapshot\",\"description\":\"my first snapshot\",\"volume_id\":\"067b\"}");

        server.enqueue(noContent());
        csp.snapshots().delete("047b").join();
        assertThat(line(next())).isEqualTo("DELETE /snapshots/047b");
    }

    @Test
    void volumeGroups() throws Exception {
        String group = "{\"id\":\"0722\",\"name\":\"volumegroup-6c58\",\"description\":\"my-first-volumegroup\","
                + "\"volumes\":[{\"id\":\"0622\",\"name\":\"pvc-cf76\"}],\"creation_time\":1592249347,"
                + "\"config\":{\"replication_partner\":\"group-sjc\",\"protection_template\":\"daily\"}}";
        server.enqueue(json(200, "[" + group + "]"));
        VolumeGroup g = csp.volumeGroups().list().join().get(0);
        assertThat(g.volumes()).extracting(Volume::volumeId, Volume::name).containsExactly(org.assertj.core.groups.Tuple.tuple("0622", "pvc-cf76"));
        assertThat(g.config()).containsEntry("replication_partner", "group-sjc");
        assertThat(g.creationTime()).isEqualTo(Instant.ofEpochSecond(1592249347));
        assertThat(line(next())).isEqualTo("GET /volume_groups");

        server.enqueue(json(200, group)); // the spec answers a single object for ?name=
        assertThat(csp.volumeGroups().findByName("volumegroup-6c58").join()).extracting(VolumeGroup::id).containsExactly("0722");
        assertThat(line(next())).isEqualTo("GET /volume_groups?name=volumegroup-6c58");

        server.enqueue(json(200, group));
        csp.volumeGroups().get("0722").join();
        assertThat(line(next())).isEqualTo("GET /volume_groups/0722");

        server.enqueue(json(200, group));
        csp.volumeGroups().create("new-new-volumegroup", "my first volumegroup", Map.of("parameter1", "default")).join();
        RecordedRequest create = next();
        assertThat(line(create)).isEqualTo("POST /volume_groups");
        assertThat(body(create)).isEqualTo("{\"name\":\"new-new-volumegroup\",\"description\":\"my first volumegroup\",\"config\":{\"parameter1\":\"default\"}}");

        server.enqueue(noContent());
        csp.volumeGroups().delete("0722").join();
        assertThat(line(next())).isEqualTo("DELETE /volume_groups/0722");
    }

    @Test
    void snapshotGroupsWithReplicationState() throws Exception {
        String group = "{\"id\":\"0522\",\"name\":\"snapshotgroup-3b30\",\"volume_group_id\":\"0722\",\"volume_group_name\":\"volumegroup-6c58\","
                + "\"creation_time\":1592249883,\"snapshots\":[{\"id\":\"0422\",\"name\":\"snapshotgroup-3b30\",\"volume_id\":\"0622\",\"volume_name\":\"pvc-cf76\"}],"
                + "\"config\":{\"replicate\":true,\"is_complete\":false,\"repl_status\":\"in_progress\",\"repl_start_time\":1592249900}}";
        server.enqueue(json(200, "[" + group + "]"));
        SnapshotGroup g = csp.snapshotGroups().list("0722").join().get(0);
        assertThat(g.volumeGroupName()).isEqualTo("volumegroup-6c58");
        assertThat(g.snapshots()).singleElement().satisfies(s -> {
            assertThat(s.sourceVolumeId()).isEqualTo("0622");
            assertThat(s.groupSnapshotId()).isEqualTo("0522");
        });
        assertThat(g.replication().replicate()).isTrue();
        assertThat(g.replication().status()).isEqualTo(SnapshotGroup.ReplStatus.IN_PROGRESS);
        assertThat(g.replication().startTime()).isEqualTo(Instant.ofEpochSecond(1592249900));
        assertThat(g.replication().completeTime()).isNull();
        assertThat(line(next())).isEqualTo("GET /snapshot_groups?volume_group_id=0722");

        server.enqueue(json(200, group.replace("\"snapshots\"", "\"volumes\"")));
        assertThat(csp.snapshotGroups().get("0522").join().snapshots()).hasSize(1);
        assertThat(line(next())).isEqualTo("GET /snapshot_groups/0522");

        server.enqueue(json(200, group));
        csp.snapshotGroups().create("my-first-snapshotgroup", "0722", null).join();
        RecordedRequest create = next();
        assertThat(body(create)).isEqualTo("{\"name\":\"my-first-snapshotgroup\",\"volume_group_id\":\"0722\"}");

        server.enqueue(noContent());
        csp.snapshotGroups().delete("0522").join();
        assertThat(line(next())).isEqualTo("DELETE /snapshot_groups/0522");
    }

    @Test
    void replicationPartnersInBothSpellings() throws Exception {
        server.enqueue(json(200, "[{\"id\":\"0522\",\"partner_name\":\"group-sjc-test\",\"repl_direction\":\"downstream\",\"is_alive\":\"true\"},"
                + "{\"id\":\"0523\",\"name\":\"group-b\",\"repl_role\":\"bi_directional\",\"alive\":false}]"));
        List<ReplicationPartner> partners = csp.partners().list().join();
        assertThat(partners).extracting(ReplicationPartner::name, ReplicationPartner::alive, ReplicationPartner::role).containsExactly(
                org.assertj.core.groups.Tuple.tuple("group-sjc-test", true, ReplicationPartner.Role.DOWNSTREAM),
                org.assertj.core.groups.Tuple.tuple("group-b", false, ReplicationPartner.Role.BI_DIRECTIONAL));
        assertThat(line(next())).isEqualTo("GET /replication_partners");

        server.enqueue(json(404, "{\"code\":\"Not Found\",\"message\":\"no partner\"}"));
        assertThat(csp.partners().findByName("nope").join()).isEmpty();
        assertThat(line(next())).isEqualTo("GET /replication_partners?name=nope");
    }
}
