package org.csiconsole.core.call;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class CallTraceTest {
    private static void call(CallTrace trace, String method) {
        trace.record("grpc", "unix:///csi/csi.sock", method, 1, "", "", "OK", true, Instant.EPOCH, Duration.ofMillis(1));
    }

    @Test
    void theBoundDropsTheOldestEntriesAndCountsThem() {
        CallTrace trace = new CallTrace(3);
        for (int i = 1; i <= 5; i++) call(trace, "m" + i);
        assertThat(trace.snapshot()).extracting(TraceEntry::method).containsExactly("m3", "m4", "m5");
        assertThat(trace.dropped()).isEqualTo(2);
        assertThat(trace.snapshot()).extracting(TraceEntry::seq).containsExactly(3L, 4L, 5L);
    }

    @Test
    void aSmallerCapacityDropsTheOldestAtOnceAndAClearStartsTheCountAgain() {
        CallTrace trace = new CallTrace();
        for (int i = 1; i <= 150; i++) call(trace, "m" + i);
        trace.setCapacity(100);
        assertThat(trace.snapshot()).hasSize(100).first().extracting(TraceEntry::method).isEqualTo("m51");
        assertThat(trace.dropped()).isEqualTo(50);
        trace.clear();
        assertThat(trace.dropped()).isZero();
        assertThat(trace.snapshot()).isEmpty();
    }

    @Test
    void theDefaultKeepsTenThousandCalls() {
        assertThat(new CallTrace().capacity()).isEqualTo(10_000);
    }

    @Test
    void aCapacityOutsideTheLimitsIsRefusedWithTheLimits() {
        CallTrace trace = new CallTrace();
        assertThatThrownBy(() -> trace.setCapacity(10)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("between 100 and 1000000");
        assertThat(trace.capacity()).isEqualTo(CallTrace.DEFAULT_CAPACITY);
    }

    @Test
    void listenersSeeEveryEntryNumbered() {
        CallTrace trace = new CallTrace();
        List<TraceEntry> seen = new ArrayList<>();
        trace.subscribe(seen::add);
        call(trace, "a");
        call(trace, "b");
        assertThat(seen).extracting(TraceEntry::seq).containsExactly(1L, 2L);
    }

    @Test
    void workRunWithinAnOriginSeesItAndTheOriginBeforeComesBack() throws Exception {
        CallOrigins origins = new CallTrace().origins();
        CallOrigin task = origins.next("Delete volume pvc-1");
        CallOrigin inner = origins.next("Inner");
        assertThat(origins.current()).isEqualTo(CallOrigin.NONE);
        String seen = origins.within(task, () -> origins.current().title() + "/"
                + origins.within(inner, () -> origins.current().title()) + "/" + origins.current().title());
        assertThat(seen).isEqualTo("Delete volume pvc-1/Inner/Delete volume pvc-1");
        assertThat(origins.current()).isEqualTo(CallOrigin.NONE);
        assertThat(inner.id()).isGreaterThan(task.id());

        // an executor wrapped by the origins runs submitted work with the submitter's origin
        List<CallOrigin> ran = new ArrayList<>();
        List<Runnable> queued = new ArrayList<>();
        var executor = CallOrigins.carrying(queued::add);
        origins.run(task, () -> executor.execute(() -> ran.add(origins.current())));
        executor.execute(() -> ran.add(origins.current()));
        queued.forEach(Runnable::run);
        assertThat(ran).containsExactly(task, CallOrigin.NONE);
    }

    @Test
    void aLazyPayloadIsBuiltOnlyWhenFirstAskedForAndOnce() {
        AtomicInteger built = new AtomicInteger();
        TracePayload p = TracePayload.lazy(() -> {
            built.incrementAndGet();
            return "{\"name\":\"pvc-1\"}";
        }, "");
        assertThat(built).hasValue(0);
        assertThat(p.json()).isEqualTo("{\"name\":\"pvc-1\"}");
        assertThat(p.json()).isEqualTo("{\"name\":\"pvc-1\"}");
        assertThat(built).hasValue(1);
    }

    @Test
    void anEntryNamesTheIdsOfItsTargets() {
        TraceEntry e = new TraceEntry(1, Instant.EPOCH, "grpc", "unix:///csi.sock", "csi.v1.Controller/ControllerPublishVolume", 1,
                TracePayload.EMPTY, TracePayload.EMPTY, "OK", true, Duration.ZERO, "",
                java.util.Map.of("volume_id", List.of("vol-1"), "node_id", List.of("node-1")), java.util.Map.of(), CallOrigin.NONE);
        assertThat(e.names("vol-1")).isTrue();
        assertThat(e.names("vol-2")).isFalse();
        assertThat(e.targets("volume_id")).containsExactly("vol-1");
        assertThat(e.shortMethod()).isEqualTo("ControllerPublishVolume");
    }

    @Test
    void listenersSeeTheEntriesOfManyRecordingThreadsInSequenceOrder() throws Exception {
        CallTrace trace = new CallTrace(100_000);
        List<Long> seen = java.util.Collections.synchronizedList(new ArrayList<>());
        trace.subscribe(e -> seen.add(e.seq()));
        Thread[] threads = new Thread[4];
        for (int t = 0; t < threads.length; t++) {
            threads[t] = new Thread(() -> {
                for (int i = 0; i < 2_000; i++) call(trace, "m");
            });
            threads[t].start();
        }
        for (Thread t : threads) t.join();
        assertThat(seen).hasSize(8_000).isSorted();
    }
}
