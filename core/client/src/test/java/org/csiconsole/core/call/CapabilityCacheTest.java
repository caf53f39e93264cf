package org.csiconsole.core.call;

import org.junit.jupiter.api.Test;

import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;

class CapabilityCacheTest {
    private final AtomicInteger discoveries = new AtomicInteger();
    private volatile CompletableFuture<Set<String>> answer = CompletableFuture.completedFuture(Set.of("A"));
    private final CapabilityCache<Set<String>> cache = new CapabilityCache<>(() -> {
        discoveries.incrementAndGet();
        return answer;
    });

    private static Optional<CallFailure> needs(String capability, Set<String> caps) {
        return caps.contains(capability) ? Optional.empty()
                : Optional.of(new CallFailure(FailureKind.UNSUPPORTED, "Call", "not supported", "Use a driver that advertises it", ""));
    }

    @Test
    void capabilitiesAreDiscoveredOnceUntilRefreshed() {
        assertThat(cache.get().join()).containsExactly("A");
        assertThat(cache.get().join()).containsExactly("A");
        assertThat(discoveries).hasValue(1);
        answer = CompletableFuture.completedFuture(Set.of("B"));
        assertThat(cache.refresh().join()).containsExactly("B");
        assertThat(cache.get().join()).containsExactly("B");
        assertThat(discoveries).hasValue(2);
    }

    @Test
    void aFailedDiscoveryIsAskedAgainOnTheNextUse() {
        answer = CompletableFuture.failedFuture(new CallFailure(FailureKind.UNAVAILABLE, "GetCapabilities", "down", "retry", ""));
        assertThat(cache.get()).isCompletedExceptionally();
        answer = CompletableFuture.completedFuture(Set.of("A"));
        assertThat(cache.get().join()).containsExactly("A");
        assertThat(discoveries).hasValue(2);
    }

    @Test
    void aCallWhoseCapabilityIsMissingFailsWithTheRefusalWithoutBeingSent() {
        AtomicInteger sent = new AtomicInteger();
        CompletableFuture<String> r = cache.gated(caps -> needs("B", caps), f -> f, () -> {
            sent.incrementAndGet();
            return CompletableFuture.completedFuture("sent");
        });
        assertThat(CallFailure.unwrap(r.handle((v, t) -> t).join()).kind()).isEqualTo(FailureKind.UNSUPPORTED);
        assertThat(sent).hasValue(0);
        assertThat(cache.gated(caps -> needs("A", caps), f -> f, () -> CompletableFuture.completedFuture("sent")).join())
                .isEqualTo("sent");
    }

    @Test
    void aFailedDiscoveryReachesTheCallerRewrittenAndTheCallIsNotSent() {
        answer = CompletableFuture.failedFuture(new CallFailure(FailureKind.UNAVAILABLE, "GetCapabilities", "down", "retry", ""));
        AtomicInteger sent = new AtomicInteger();
        CompletableFuture<String> r = cache.gated(caps -> Optional.empty(),
                f -> new CallFailure(f.kind(), "Call", f.why(), f.whatToDo(), "while reading capabilities"), () -> {
                    sent.incrementAndGet();
                    return CompletableFuture.completedFuture("sent");
                });
        CallFailure f = CallFailure.unwrap(r.handle((v, t) -> t).join());
        assertThat(f.kind()).isEqualTo(FailureKind.UNAVAILABLE);
        assertThat(f.what()).isEqualTo("Call");
        assertThat(sent).hasValue(0);
    }

    @Test
    void cancellingTheResultCancelsTheCallOnceSent() {
        CompletableFuture<String> inner = new CompletableFuture<>();
        CompletableFuture<String> r = cache.gated(caps -> Optional.empty(), f -> f, () -> inner);
        r.cancel(true);
        assertThat(inner).isCancelled();
    }
}
