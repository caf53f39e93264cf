package org.csiconsole.core.store;

import org.csiconsole.core.audit.AuditEntry;
import org.csiconsole.core.audit.AuditOrigin;
import org.csiconsole.core.audit.AuditQuery;
import org.csiconsole.core.call.CallAudit;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.csi.CreateVolumeRequest;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** A failure's title and the audit log's targets name a volume beside its id, from the one list of names a connection keeps. */
class NamesBesideIdsTest {
    private static final VolumeCapability RWO = VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4");

    @TempDir
    Path dir;

    private ReferencePlugin plugin;
    private SqliteAuditLog log;
    private String name;

    @BeforeEach
    void start() {
        plugin = ReferencePlugin.builder(dir.resolve("plugin")).seed(Seed.EMPTY).start();
        name = "names-" + UUID.randomUUID();
        plugin.startInProcess(name);
        log = SqliteAuditLog.open(dir.resolve("data"));
    }

    @AfterEach
    void stop() {
        log.close();
        plugin.close();
    }

    private CsiClient client() {
        return CsiClient.open(new Endpoint.InProcess(name), Optional.empty(),
                AuditedCallsTest.options(CallAudit.to(log, new AuditOrigin("ann", "host-1", "demo"))), new CallTrace());
    }

    @Test
    void aFailedPublishOfAVolumeCreatedHereIsTitledWithItsNameAndAuditedWithIt() throws Exception {
        try (CsiClient client = client()) {
            Volume v = client.controller().createVolume(new CreateVolumeRequest("erp-db", 1L << 30, 0, List.of(RWO), Map.of(), Map.of(),
                    Secrets.NONE, org.csiconsole.core.model.VolumeSource.NONE, List.of(), List.of())).get();

            assertThatThrownBy(() -> client.controller().controllerPublish(v.volumeId(), "no-such-node", RWO, false, Secrets.NONE, Map.of()).get())
                    .satisfies(e -> assertThat(CallFailure.unwrap(e).what())
                            .isEqualTo("ControllerPublishVolume erp-db (" + v.volumeId() + ") to no-such-node"));

            AuditEntry publish = log.find(AuditQuery.FIRST_PAGE).stream()
                    .filter(e -> e.record().call().endsWith("ControllerPublishVolume")).findFirst().orElseThrow();
            assertThat(publish.record().names()).containsEntry(v.volumeId(), "erp-db");
            assertThat(publish.record().targets()).containsEntry("volume_id", List.of(v.volumeId()));
        }
    }

    @Test
    void aVolumeNotLearnedThisRunIsNamedFromTheRecord() throws Exception {
        String id;
        try (CsiClient first = client()) {
            id = first.controller().createVolume(new CreateVolumeRequest("pvc-7", 1L << 30, 0, List.of(RWO), Map.of(), Map.of(),
                    Secrets.NONE, org.csiconsole.core.model.VolumeSource.NONE, List.of(), List.of())).get().volumeId();
        }
        try (CsiClient client = client()) {
            client.names().fallingBackTo(x -> x.equals(id) ? "pvc-7" : "");

            assertThatThrownBy(() -> client.controller().controllerPublish(id, "no-such-node", RWO, false, Secrets.NONE, Map.of()).get())
                    .satisfies(e -> assertThat(CallFailure.unwrap(e).what()).isEqualTo("ControllerPublishVolume pvc-7 (" + id + ") to no-such-node"));
        }
    }
}
