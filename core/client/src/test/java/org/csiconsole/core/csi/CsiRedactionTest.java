package org.csiconsole.core.csi;

import ch.qos.logback.classic.Level;
import ch.qos.logback.classic.Logger;
import ch.qos.logback.classic.spi.ILoggingEvent;
import ch.qos.logback.core.read.ListAppender;
import csi.v1.Csi;
import io.grpc.Status;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.ConnectionSecrets;
import org.csiconsole.core.model.Secrets;
import org.csiconsole.core.model.VolumeCapability;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** A canary secret reaches the driver and nothing else: not the trace, the logs or any failure text. */
class CsiRedactionTest {
    private static final String CANARY = "canary-csi-Pw-6170";

    private final FakeCsiDriver driver = new FakeCsiDriver();
    private final CallTrace trace = new CallTrace();
    private final ListAppender<ILoggingEvent> logs = new ListAppender<>();
    private Logger root;
    private Level rootLevel;
    private CsiClient client;

    @BeforeEach
    void start() throws Exception {
        root = (Logger) LoggerFactory.getLogger(org.slf4j.Logger.ROOT_LOGGER_NAME);
        rootLevel = root.getLevel();
        root.setLevel(Level.TRACE);
        // as in the app's logging (ConsoleLogging): frame loggers stay at INFO
        ((Logger) LoggerFactory.getLogger("io.grpc.netty.shaded.io.grpc.netty.NettyClientHandler")).setLevel(Level.INFO);
        ((Logger) LoggerFactory.getLogger("io.grpc.netty.shaded.io.grpc.netty.NettyServerHandler")).setLevel(Level.INFO);
        logs.start();
        root.addAppender(logs);
        client = CsiClient.open(driver.startInProcess("redact-" + UUID.randomUUID()), Optional.empty(),
                CsiClientOptions.defaults(), trace);
    }

    @AfterEach
    void stop() {
        client.close();
        driver.close();
        root.detachAppender(logs);
        root.setLevel(rootLevel);
    }

    @Test
    void canaryAppearsInNoTraceLogOrFailure() throws Exception {
        Secrets secrets = Secrets.of(Map.of("password", CANARY));
        CreateVolumeRequest req = CreateVolumeRequest.of("pvc-9", 1L << 30, VolumeCapability.block(AccessMode.SINGLE_NODE_WRITER))
                .withSecrets(secrets).withParameters(Map.of("pool", "gold"));
        driver.failNext("CreateVolume", Status.INVALID_ARGUMENT.withDescription("user admin refused"));
        CallFailure failure = null;
        try {
            client.controller().createVolume(req).get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            failure = CallFailure.unwrap(e);
        }
        assertThat(failure).isNotNull();
        assertThat(failure.describe()).doesNotContain(CANARY).contains("refused");
        assertThat(failure.toString()).doesNotContain(CANARY);
        client.controller().createVolume(req).get(10, TimeUnit.SECONDS);
        client.controller().deleteVolume("vol-pvc-9", secrets).get(10, TimeUnit.SECONDS);

        // the secret did go over the wire
        assertThat(driver.<Csi.CreateVolumeRequest>requests("CreateVolume")).allMatch(r -> CANARY.equals(r.getSecretsMap().get("password")));
        assertThat(driver.<Csi.DeleteVolumeRequest>requests("DeleteVolume")).allMatch(r -> CANARY.equals(r.getSecretsMap().get("password")));

        assertThat(trace.snapshot()).hasSizeGreaterThanOrEqualTo(3);
        for (TraceEntry e : trace.snapshot()) {
            assertThat(e.toString()).doesNotContain(CANARY);
        }
        assertThat(trace.snapshot()).filteredOn(e -> e.method().endsWith("CreateVolume"))
                .allSatisfy(e -> assertThat(e.request().json()).contains("***").contains("gold"));
        for (ILoggingEvent e : logs.list) {
            assertThat(e.getFormattedMessage()).doesNotContain(CANARY);
            if (e.getThrowableProxy() != null) assertThat(e.getThrowableProxy().getMessage()).doesNotContain(CANARY);
        }
        assertThat(secrets.toString()).doesNotContain(CANARY).contains("password");
        assertThat(req.toString()).doesNotContain(CANARY);
    }

    @Test
    void aSecretValueInsideAnotherFieldLeavesThatFieldIntactAndTheConnectionsSecretsStayMasked() throws Exception {
        // the connection's secrets: an array address that is a prefix of a network the driver names
        ConnectionSecrets secrets = ConnectionSecrets.all(Secrets.of(Map.of("arrayIp", "10.10.1.5", "password", CANARY)));
        driver.failNext("CreateVolume", Status.INVALID_ARGUMENT.withDescription("network 10.10.1.50/24 is not reachable from the array"));
        try (CsiClient withSecrets = CsiClient.open(driver.startInProcess("redact-cidr-" + UUID.randomUUID()), Optional.empty(),
                CsiClientOptions.defaults().withSecrets(secrets), trace)) {
            CreateVolumeRequest req = CreateVolumeRequest.of("pvc-net", 1L << 30, VolumeCapability.block(AccessMode.SINGLE_NODE_WRITER))
                    .withParameters(Map.of("network", "10.10.1.50/24"));
            CallFailure failure = CallFailure.unwrap(org.assertj.core.api.Assertions.catchThrowable(
                    () -> withSecrets.controller().createVolume(req).get(10, TimeUnit.SECONDS)));

            assertThat(failure.why()).contains("network 10.10.1.50/24 is not reachable");
            withSecrets.controller().createVolume(req).get(10, TimeUnit.SECONDS);
        }
        assertThat(driver.<Csi.CreateVolumeRequest>requests("CreateVolume"))
                .allMatch(r -> r.getSecretsMap().get("arrayIp").equals("10.10.1.5") && CANARY.equals(r.getSecretsMap().get("password")));
        TraceEntry failed = trace.snapshot().stream().filter(e -> e.method().endsWith("CreateVolume") && !e.ok()).findFirst().orElseThrow();
        assertThat(failed.message()).contains("10.10.1.50/24");
        assertThat(failed.request().json()).contains("10.10.1.50/24").contains("\"arrayIp\": \"***\"").doesNotContain("\"10.10.1.5\"");
        for (TraceEntry e : trace.snapshot()) assertThat(e.toString()).doesNotContain(CANARY);
        for (ILoggingEvent e : logs.list) assertThat(e.getFormattedMessage()).doesNotContain(CANARY);
    }
}
