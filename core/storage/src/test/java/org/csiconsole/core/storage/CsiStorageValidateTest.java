package org.csiconsole.core.storage;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.CapabilityValidation;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.port.Feature;
import org.csiconsole.core.port.VolumeRequest;
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
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowable;

/** {@link CsiStorage#validateCapabilities} against the reference plugin over a unix socket. */
class CsiStorageValidateTest {
    private static final VolumeCapability EXT4 = VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4");

    @TempDir
    Path dir;
    private ReferencePlugin plugin;
    private final CallTrace trace = new CallTrace();
    private CsiClient csi;
    private CsiStorage storage;

    @BeforeEach
    void start() throws Exception {
        plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.EMPTY).start();
        plugin.serve(new ReferencePlugin.Sockets(dir.resolve("csi.sock"), Optional.empty(), Optional.empty(), Optional.empty()));
        csi = CsiClient.open(new Endpoint.Unix(dir.resolve("csi.sock")), Optional.empty(), CsiClientOptions.defaults(), trace);
        storage = new CsiStorage(csi, false);
    }

    @AfterEach
    void stop() {
        csi.close();
        plugin.close();
    }

    private static <T> T await(CompletableFuture<T> f) throws Exception {
        return f.get(30, TimeUnit.SECONDS);
    }

    private Volume created() throws Exception {
        return await(storage.createVolume(new VolumeRequest("validate-me", 1L << 30, List.of(EXT4), Map.of(), Map.of(), null)));
    }

    private long validateCalls() {
        return trace.snapshot().stream().map(TraceEntry::method).filter("csi.v1.Controller/ValidateVolumeCapabilities"::equals).count();
    }

    @Test
    void theVolumesOwnCapabilityIsConfirmedWithOneReadCall() throws Exception {
        Volume v = created();
        assertThat(await(storage.features()).available(Feature.VALIDATE_CAPABILITIES)).isTrue();

        CapabilityValidation r = await(storage.validateCapabilities(v.volumeId(), List.of(EXT4), v.volumeContext(), Map.of()));

        assertThat(r.confirmed()).isTrue();
        assertThat(validateCalls()).isEqualTo(1);
    }

    @Test
    void aCapabilityTheVolumeDoesNotHaveIsNotConfirmedWithTheDriversMessage() throws Exception {
        Volume v = created();

        CapabilityValidation r = await(storage.validateCapabilities(v.volumeId(),
                List.of(VolumeCapability.block(AccessMode.SINGLE_NODE_WRITER)), Map.of(), Map.of()));

        assertThat(r.confirmed()).isFalse();
        assertThat(r.message()).contains("not block");
    }

    @Test
    void anUnknownVolumeIdFailsNotFound() {
        Throwable t = catchThrowable(() -> await(storage.validateCapabilities("no-such-volume", List.of(EXT4), Map.of(), Map.of())));

        assertThat(CallFailure.unwrap(t)).isNotNull();
        assertThat(CallFailure.unwrap(t).kind()).isEqualTo(FailureKind.NOT_FOUND);
    }

    @Test
    void noCapabilitiesIsRefusedBeforeAnyCallIsMade() {
        Throwable t = catchThrowable(() -> await(storage.validateCapabilities("vol-1", List.of(), Map.of(), Map.of())));

        assertThat(CallFailure.unwrap(t).kind()).isEqualTo(FailureKind.INVALID_ARGUMENT);
        assertThat(CallFailure.unwrap(t).why()).contains("volume_capabilities");
        assertThat(validateCalls()).isZero();
    }
}
