package org.csiconsole.core.storage.replication;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class BoundedTest {

    @Test
    void aHundredThousandAnswersThatAreCompleteAtOnceKeepTheirOrderWithoutDeepening() throws Exception {
        List<Integer> items = IntStream.range(0, 100_000).boxed().toList();

        List<Integer> out = Bounded.map(items, 8, i -> CompletableFuture.completedFuture(i * 2)).get(30, TimeUnit.SECONDS);

        assertThat(out).hasSize(100_000);
        assertThat(out.get(0)).isZero();
        assertThat(out.get(99_999)).isEqualTo(199_998);
    }

    @Test
    void neverMoreThanTheLimitAreInFlightAndAllEndInOrder() throws Exception {
        AtomicInteger inFlight = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        List<CompletableFuture<Integer>> pending = new ArrayList<>();
        CompletableFuture<List<Integer>> result = Bounded.map(IntStream.range(0, 50).boxed().toList(), 3, i -> {
            most.accumulateAndGet(inFlight.incrementAndGet(), Math::max);
            // every other answer arrives later, the rest at once
            if (i % 2 == 0) {
                inFlight.decrementAndGet();
                return CompletableFuture.completedFuture(i);
            }
            CompletableFuture<Integer> f = new CompletableFuture<>();
            synchronized (pending) {
                pending.add(f);
            }
            return f.thenApply(x -> {
                inFlight.decrementAndGet();
                return x;
            });
        });
        while (!result.isDone()) {
            CompletableFuture<Integer> f;
            synchronized (pending) {
                assertThat(pending).as("a call is in flight while the map is not done").isNotEmpty();
                f = pending.remove(0);
            }
            f.complete(-1);
        }

        assertThat(most.get()).isLessThanOrEqualTo(3);
        List<Integer> out = result.get();
        assertThat(out).hasSize(50);
        assertThat(out.get(2)).isEqualTo(2);
        assertThat(out.get(3)).isEqualTo(-1);
    }

    @Test
    void aFailedAnswerFailsTheWholeMapWithItsCause() {
        IllegalStateException boom = new IllegalStateException("boom");
        CompletableFuture<List<Integer>> r = Bounded.map(List.of(1, 2, 3), 2,
                i -> i == 2 ? CompletableFuture.failedFuture(boom) : CompletableFuture.completedFuture(i));

        assertThatThrownBy(() -> r.get(5, TimeUnit.SECONDS)).hasCause(boom);
    }
}
