package org.csiconsole.core.store;

import org.csiconsole.core.audit.AuditEntry;
import org.csiconsole.core.audit.AuditExportFormat;
import org.csiconsole.core.audit.AuditFailure;
import org.csiconsole.core.audit.AuditOrigin;
import org.csiconsole.core.audit.AuditOutcome;
import org.csiconsole.core.audit.AuditQuery;
import org.csiconsole.core.audit.AuditSink;
import org.csiconsole.core.call.CallAudit;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallKind;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.LockMode;
import org.csiconsole.core.call.PolicySettings;
import org.csiconsole.core.call.RetrySettings;
import org.csiconsole.core.csi.CreateVolumeRequest;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.csp.CspClient;
import org.csiconsole.core.csp.CspConfig;
import org.csiconsole.core.csp.CspPassword;
import org.csiconsole.core.csp.NewVolume;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.reference.fault.Faults;
import io.grpc.Status;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * Mutating calls to the reference plugin (in process over CSI, over HTTP as a CSP) are audited into
 * a real {@link SqliteAuditLog}: one entry per call, already stored when the caller's future
 * completes, whatever the outcome; reads add nothing; no secret reaches the file or its exports.
 */
class AuditedCallsTest {
    static final String CANARY = "canary-s3cr3t-7f3a9c";
    private static final VolumeCapability RWO = VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4");
    private static final AuditOrigin ORIGIN = new AuditOrigin("ann", "host-1", "demo");

    @TempDir
    Path dir;

    private ReferencePlugin plugin;
    private SqliteAuditLog log;
    private CsiClient client;
    private final ExecutorService io = Executors.newCachedThreadPool();

    @BeforeEach
    void start() {
        plugin = ReferencePlugin.builder(dir.resolve("plugin")).seed(Seed.EMPTY).start();
        String name = "audit-" + UUID.randomUUID();
        plugin.startInProcess(name);
        log = SqliteAuditLog.open(dir.resolve("data"));
        client = CsiClient.open(new Endpoint.InProcess(name), Optional.empty(), options(CallAudit.to(log, ORIGIN)), new CallTrace());
    }

    static CsiClientOptions options(CallAudit audit) {
        return CsiClientOptions.defaults().withPolicy(new PolicySettings(Map.of(), RetrySettings.NONE, LockMode.WAIT)).withAudit(audit);
    }

    @AfterEach
    void stop() {
        client.close();
        log.close();
        plugin.close();
        io.shutdownNow();
    }

    private List<AuditEntry> entries() {
        return log.find(AuditQuery.FIRST_PAGE);
    }

    @Test
    void aCreatedVolumeHasOneOkEntryNamingItsIdThatIsStoredBeforeTheFutureCompletes() throws Exception {
        CreateVolumeRequest req = CreateVolumeRequest.of("pvc-audit-1", 1L << 30, RWO)
                .withSecrets(Secrets.of(Map.of("password", CANARY)));

        List<AuditEntry> seenOnCompletion = client.controller().createVolume(req).thenApply(v -> entries()).get(30, TimeUnit.SECONDS);
        Volume volume = client.controller().getVolume(seenOnCompletion.get(0).record().targets().get("volume_id").get(0))
                .get(30, TimeUnit.SECONDS);

        assertThat(seenOnCompletion).hasSize(1);
        AuditEntry e = seenOnCompletion.get(0);
        assertThat(e.record().call()).isEqualTo("csi.v1.Controller/CreateVolume");
        assertThat(e.record().outcome()).isEqualTo(AuditOutcome.OK);
        assertThat(e.record().targets()).containsEntry("name", List.of("pvc-audit-1"));
        assertThat(e.record().targets().get("volume_id")).containsExactly(volume.volumeId());
        assertThat(e.record().origin()).isEqualTo(ORIGIN);
        assertThat(e.record().parameters()).contains("pvc-audit-1").contains("***").doesNotContain(CANARY);
        assertThat(e.record().correlationId()).hasSize(36);
        assertThat(e.record().attempts()).isEqualTo(1);
        assertThat(entries()).hasSize(1); // the read (ControllerGetVolume) added nothing
    }

    @Test
    void aChangeConfirmedBeforeTheDriverStoppedAnsweringIsNotSentButRefusedAndAuditedAsNotSent() throws Exception {
        String volumeId = client.controller().createVolume(CreateVolumeRequest.of("pvc-kept", 1L << 30, RWO))
                .get(30, TimeUnit.SECONDS).volumeId();
        org.csiconsole.core.session.Reachability served = new org.csiconsole.core.session.Reachability("Served");
        CallTrace trace = new CallTrace();
        CsiClient gated = CsiClient.open(new Endpoint.InProcess(inProcessName()), Optional.empty(),
                CsiClientOptions.defaults().withAudit(CallAudit.to(log, ORIGIN)).withReachability(served), trace);
        try {
            served.set(org.csiconsole.core.session.ConnectionState.RECONNECTING);

            CallFailure f = CallFailure.unwrap(org.assertj.core.api.Assertions.catchThrowable(() ->
                    gated.controller().deleteVolume(volumeId, Secrets.NONE).get(30, TimeUnit.SECONDS)));

            assertThat(f.why()).isEqualTo("Not sent: Served is not answering (connection Reconnecting)");
            assertThat(f.whatToDo()).startsWith("Wait until the connection is Connected again");
            assertThat(trace.snapshot()).as("nothing reached the wire, no retry").extracting(e -> e.method())
                    .noneMatch(m -> m.endsWith("/DeleteVolume"));
            assertThat(entries().get(0).record().outcome()).isEqualTo(AuditOutcome.NOT_SENT);
            assertThat(entries().get(0).record().code()).isEqualTo("UNREACHABLE");
            assertThat(entries().get(0).record().targets()).containsEntry("volume_id", List.of(volumeId));
            assertThat(client.controller().getVolume(volumeId).get(30, TimeUnit.SECONDS).volumeId()).as("still there").isEqualTo(volumeId);

            served.set(org.csiconsole.core.session.ConnectionState.CONNECTED);
            gated.controller().deleteVolume(volumeId, Secrets.NONE).get(30, TimeUnit.SECONDS);
            assertThat(entries().get(0).record().outcome()).as("sent once connected again").isEqualTo(AuditOutcome.OK);
        } finally {
            gated.close();
        }
    }

    @Test
    void aChangeWhoseDriverStopsAnsweringWhileItIsSentIsNotRetried() throws Exception {
        org.csiconsole.core.session.Reachability served = new org.csiconsole.core.session.Reachability("Served");
        CallTrace trace = new CallTrace();
        CsiClient gated = CsiClient.open(new Endpoint.InProcess(inProcessName()), Optional.empty(), CsiClientOptions.defaults()
                .withPolicy(new PolicySettings(Map.of(), RetrySettings.DEFAULT, LockMode.WAIT)).withAudit(CallAudit.to(log, ORIGIN))
                .withReachability(served), trace);
        plugin.faults().failTimes("DeleteVolume", Status.Code.UNAVAILABLE, 5);
        // the session sees the driver gone while the first attempt fails
        try (AutoCloseable watch = trace.subscribe(e -> {
            if (e.method().endsWith("/DeleteVolume") && !e.ok()) served.set(org.csiconsole.core.session.ConnectionState.RECONNECTING);
        })) {
            Throwable t = org.assertj.core.api.Assertions.catchThrowable(() -> gated.controller().deleteVolume("vol-x", Secrets.NONE)
                    .get(30, TimeUnit.SECONDS));
            assertThat(CallFailure.unwrap(t).kind()).isEqualTo(FailureKind.UNAVAILABLE);
            assertThat(trace.snapshot()).as("one attempt, no retry against a driver that does not answer")
                    .filteredOn(e -> e.method().endsWith("/DeleteVolume")).hasSize(1);
        } finally {
            gated.close();
        }
    }

    @Test
    void aFailedCallHasOneFailedEntryWithItsCodeStoredBeforeTheFailureIsSeen() throws Exception {
        CompletableFuture<List<AuditEntry>> seen = client.controller()
                .expandVolume("no-such-volume", 2L << 30, 0, RWO, Secrets.of(Map.of("key", CANARY)))
                .handle((r, t) -> entries());

        List<AuditEntry> atFailure = seen.get(30, TimeUnit.SECONDS);

        assertThat(atFailure).hasSize(1);
        assertThat(atFailure.get(0).record().outcome()).isEqualTo(AuditOutcome.FAILED);
        assertThat(atFailure.get(0).record().code()).isEqualTo("NOT_FOUND");
        assertThat(atFailure.get(0).record().message()).isNotEmpty().doesNotContain(CANARY);
        assertThat(atFailure.get(0).record().targets()).containsEntry("volume_id", List.of("no-such-volume"));
    }

    @Test
    void aCancelledCallHasOneCancelledEntryStoredBeforeTheCancellationIsSeen() throws Exception {
        Faults.Pause pause = plugin.faults().pause("CreateVolume");
        try {
            CompletableFuture<Volume> call = client.controller().createVolume(CreateVolumeRequest.of("pvc-cancel", 1L << 30, RWO));
            CompletableFuture<List<AuditEntry>> seen = call.handle((v, t) -> {
                assertThat(t).isInstanceOf(CancellationException.class);
                return entries();
            });
            assertThat(pause.awaitBlocked(Duration.ofSeconds(30))).isTrue();

            assertThat(call.cancel(true)).isTrue();

            List<AuditEntry> atCancel = seen.get(30, TimeUnit.SECONDS);
            assertThat(atCancel).hasSize(1);
            assertThat(atCancel.get(0).record().outcome()).isEqualTo(AuditOutcome.CANCELLED);
            assertThat(atCancel.get(0).record().targets()).containsEntry("name", List.of("pvc-cancel"));
        } finally {
            pause.release();
        }
        client.controller().deleteVolume("after-the-cancel", Secrets.NONE).get(30, TimeUnit.SECONDS);
        assertThat(entries()).extracting(e -> e.record().outcome()).containsExactly(AuditOutcome.OK, AuditOutcome.CANCELLED);
    }

    @Test
    void aCreatePastItsDeadlineHasOneOutcomeUnknownEntryAndSaysToRecheckByNameNotPlainlyFailed() throws Exception {
        CsiClient impatient = CsiClient.open(new Endpoint.InProcess(inProcessName()), Optional.empty(),
                options(CallAudit.to(log, ORIGIN)).withPolicy(new PolicySettings(Map.of(CallKind.MUTATE, Duration.ofMillis(200)),
                        RetrySettings.NONE, LockMode.WAIT)), new CallTrace());
        Faults.Pause pause = plugin.faults().pause("CreateVolume");
        CallFailure f;
        try {
            f = CallFailure.unwrap(org.assertj.core.api.Assertions.catchThrowable(() -> impatient.controller()
                    .createVolume(CreateVolumeRequest.of("pvc-cut", 1L << 30, RWO)).get(30, TimeUnit.SECONDS)));
        } finally {
            pause.release();
            impatient.close();
        }
        assertThat(f.outcomeUnknown()).isTrue();
        assertThat(f.why()).startsWith("outcome unknown: the request was sent");
        assertThat(f.whatToDo()).contains("pvc-cut", "same CreateVolume again with the same name", "idempotent by name");
        assertThat(f.describe()).contains("Outcome: unknown");
        assertThat(entries()).singleElement().satisfies(e -> {
            assertThat(e.record().outcome()).isEqualTo(AuditOutcome.UNKNOWN);
            assertThat(e.record().code()).isEqualTo("TIMEOUT");
            assertThat(e.record().targets()).containsEntry("name", List.of("pvc-cut"));
        });
    }

    @Test
    void aCallPastItsDeadlineHasOneOutcomeUnknownTimeoutEntry() throws Exception {
        CsiClient impatient = CsiClient.open(new Endpoint.InProcess(inProcessName()), Optional.empty(),
                options(CallAudit.to(log, ORIGIN)).withPolicy(new PolicySettings(Map.of(CallKind.MUTATE, Duration.ofMillis(200)),
                        RetrySettings.NONE, LockMode.WAIT)), new CallTrace());
        Faults.Pause pause = plugin.faults().pause("DeleteVolume");
        try {
            assertThatThrownBy(() -> impatient.controller().deleteVolume("vol-slow", Secrets.NONE).get(30, TimeUnit.SECONDS))
                    .hasCauseInstanceOf(CallFailure.class)
                    .satisfies(t -> assertThat(CallFailure.unwrap(t).kind()).isEqualTo(FailureKind.TIMEOUT))
                    .satisfies(t -> assertThat(CallFailure.unwrap(t).whatToDo()).contains("Re-check", "before repeating DeleteVolume"));
        } finally {
            pause.release();
            impatient.close();
        }
        assertThat(entries()).singleElement().satisfies(e -> {
            assertThat(e.record().outcome()).isEqualTo(AuditOutcome.UNKNOWN);
            assertThat(e.record().code()).isEqualTo("TIMEOUT");
        });
    }

    private String inProcessName;

    private String inProcessName() {
        if (inProcessName == null) {
            inProcessName = "audit-deadline-" + UUID.randomUUID();
            plugin.startInProcess(inProcessName);
        }
        return inProcessName;
    }

    @Test
    void readsMakeNoEntries() throws Exception {
        client.controller().createVolume(CreateVolumeRequest.of("pvc-read", 1L << 30, RWO)).get(30, TimeUnit.SECONDS);
        long before = log.count(AuditQuery.FIRST_PAGE);

        client.identity().pluginInfo().get(30, TimeUnit.SECONDS);
        client.identity().probe().get(30, TimeUnit.SECONDS);
        client.capabilities().get(30, TimeUnit.SECONDS);
        client.controller().allVolumes().get(30, TimeUnit.SECONDS);
        List<org.csiconsole.core.model.Snapshot> snaps = new ArrayList<>();
        client.controller().listSnapshots(0, snaps::addAll).get(30, TimeUnit.SECONDS);
        client.node().nodeInfo().get(30, TimeUnit.SECONDS);

        assertThat(before).isEqualTo(1);
        assertThat(log.count(AuditQuery.FIRST_PAGE)).isEqualTo(1);
    }

    @Test
    void aCallWhoseEntryCannotBeWrittenFailsWithAnAuditFailureThatKeepsTheResponse() throws Exception {
        AuditSink broken = r -> CompletableFuture.failedFuture(new AuditFailure("Write the audit log", "disk full", "Free space", null));
        try (CsiClient c = CsiClient.open(new Endpoint.InProcess(inProcessName()), Optional.empty(),
                options(CallAudit.to(broken, ORIGIN)), new CallTrace())) {
            CompletableFuture<Volume> call = c.controller().createVolume(CreateVolumeRequest.of("pvc-unrecorded", 1L << 30, RWO));

            ExecutionException thrown = org.junit.jupiter.api.Assertions.assertThrows(ExecutionException.class,
                    () -> call.get(30, TimeUnit.SECONDS));

            assertThat(thrown.getCause()).isInstanceOf(AuditFailure.class);
            AuditFailure f = (AuditFailure) thrown.getCause();
            assertThat(f.callOutcome()).hasValue(AuditOutcome.OK);
            assertThat(f.response()).isPresent();
            assertThat(f.getMessage()).contains("CreateVolume").contains("succeeded").contains("audit entry could not be written");
        }
    }

    @Test
    void aCspVolumeCreateIsAuditedWithItsRestCallAndTheNewId() throws Exception {
        String url = plugin.startCsp(0);
        CspConfig cfg = CspConfig.builder(url, "admin").arrayIp("10.10.1.5").build();
        try (CspClient csp = CspClient.open(cfg, CspPassword.of("admin".toCharArray()), new CallTrace(),
                CallAudit.to(log, ORIGIN), io)) {
            List<AuditEntry> seen = csp.volumes().create(new NewVolume("csp-vol-1", Long.toString(1L << 30), null, null, null, Map.of()))
                    .thenApply(v -> entries()).get(30, TimeUnit.SECONDS);
            Volume created = csp.volumes().findByName("csp-vol-1").get(30, TimeUnit.SECONDS).get(0);

            assertThat(seen).singleElement().satisfies(e -> {
                assertThat(e.record().protocol()).isEqualTo("http");
                assertThat(e.record().call()).startsWith("POST ").endsWith("/volumes");
                assertThat(e.record().outcome()).isEqualTo(AuditOutcome.OK);
                assertThat(e.record().targets().get("volume_id")).containsExactly(created.volumeId());
                assertThat(e.record().parameters()).contains("csp-vol-1");
            });
            assertThatThrownBy(() -> csp.volumes().delete("no-such-volume", false).get(30, TimeUnit.SECONDS));
            assertThat(entries().get(0).record().outcome()).isEqualTo(AuditOutcome.FAILED);
            assertThat(entries().get(0).record().call()).startsWith("DELETE ");
        }
    }

    @Test
    void theCanarySecretAppearsNowhereInTheLogFileNorItsExports() throws Exception {
        client.controller().createVolume(CreateVolumeRequest.of("pvc-canary", 1L << 30, RWO)
                .withSecrets(Secrets.of(Map.of("password", CANARY)))).get(30, TimeUnit.SECONDS);
        client.controller().expandVolume("no-such-volume", 2L << 30, 0, RWO, Secrets.of(Map.of("password", CANARY)))
                .handle((r, t) -> null).get(30, TimeUnit.SECONDS);
        ByteArrayOutputStream jsonl = new ByteArrayOutputStream();
        ByteArrayOutputStream csv = new ByteArrayOutputStream();
        log.export(AuditQuery.FIRST_PAGE.page(0, AuditQuery.ALL), AuditExportFormat.JSON_LINES, jsonl);
        log.export(AuditQuery.FIRST_PAGE.page(0, AuditQuery.ALL), AuditExportFormat.CSV, csv);
        log.close();

        StringBuilder files = new StringBuilder();
        try (var listing = Files.list(dir.resolve("data"))) {
            for (Path p : listing.toList()) files.append(new String(Files.readAllBytes(p), StandardCharsets.ISO_8859_1));
        }
        assertThat(files.toString()).contains("pvc-canary").doesNotContain(CANARY);
        assertThat(jsonl.toString(StandardCharsets.UTF_8)).contains("pvc-canary").doesNotContain(CANARY);
        assertThat(csv.toString(StandardCharsets.UTF_8)).contains("pvc-canary").doesNotContain(CANARY);
    }
}
