package org.csiconsole.core.storage;

import csi.v1.Csi;
import org.csiconsole.core.audit.AuditOrigin;
import org.csiconsole.core.audit.AuditRecord;
import org.csiconsole.core.audit.AuditSink;
import org.csiconsole.core.call.CallAudit;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.csi.FakeCsiDriver;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.ConnectionSecrets;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.port.VolumeRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** The connection's secrets through CsiStorage: sent, audited and traced masked; the HPE driver's empty listing explained. */
class CsiStorageSecretsTest {
    private static final String CANARY = "canary-Storage-c0a7";
    private static final ConnectionSecrets SECRETS = ConnectionSecrets.all(Secrets.of(Map.of("username", "admin", "password", CANARY)));

    private final FakeCsiDriver driver = new FakeCsiDriver();
    private final CallTrace trace = new CallTrace();
    private final List<AuditRecord> audited = new CopyOnWriteArrayList<>();
    private CsiClient client;

    @AfterEach
    void stop() {
        if (client != null) client.close();
        driver.close();
    }

    private CsiStorage storage(ConnectionSecrets secrets) throws Exception {
        AuditSink sink = r -> {
            audited.add(r);
            return CompletableFuture.completedFuture(null);
        };
        client = CsiClient.open(driver.startInProcess("storage-secrets-" + UUID.randomUUID()), Optional.empty(),
                CsiClientOptions.defaults().withSecrets(secrets).withAudit(CallAudit.to(sink, AuditOrigin.local("lab"))), trace);
        return new CsiStorage(client, false);
    }

    @Test
    void createVolumeSendsTheProvisionerSecretsAndTheAuditLogAndTraceShowThemMasked() throws Exception {
        CsiStorage storage = storage(SECRETS);

        storage.createVolume(new VolumeRequest("pvc-1", 1L << 30, List.of(VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "")),
                Map.of(), Map.of(), null)).get(30, TimeUnit.SECONDS);

        assertThat(driver.<Csi.CreateVolumeRequest>requests("CreateVolume")).singleElement()
                .satisfies(r -> assertThat(r.getSecretsMap()).containsEntry("password", CANARY));
        assertThat(audited).singleElement().satisfies(r -> {
            assertThat(r.toString()).doesNotContain(CANARY);
            assertThat(r.parameters()).contains("password").contains("***");
        });
        for (TraceEntry e : trace.snapshot()) assertThat(e.toString() + e.request().json()).doesNotContain(CANARY);
    }

    @Test
    void theHpeDriversEmptyListingWithoutSecretsSaysWhyAndWhereToGiveThem() throws Exception {
        driver.name = "csi.hpe.com";

        String note = storage(ConnectionSecrets.NONE).emptyListingNote().get(30, TimeUnit.SECONDS);

        assertThat(note).startsWith("csi.hpe.com lists only the volumes of arrays it has credentials for")
                .contains("sends no secrets").contains("Edit connection").contains("--secrets-file");
    }

    @Test
    void anEmptyListingMeansNoVolumesForOtherDriversAndForTheHpeDriverWithSecrets() throws Exception {
        assertThat(storage(ConnectionSecrets.NONE).emptyListingNote().get(30, TimeUnit.SECONDS)).isEmpty();
        client.close();
        driver.name = "csi.hpe.com";
        assertThat(storage(SECRETS).emptyListingNote().get(30, TimeUnit.SECONDS)).isEmpty();
    }
}
