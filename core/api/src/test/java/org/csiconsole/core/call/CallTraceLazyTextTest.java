package org.csiconsole.core.call;

import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

import static org.assertj.core.api.Assertions.assertThat;

class CallTraceLazyTextTest {
    private final AtomicInteger built = new AtomicInteger();

    private Supplier<String> text(String t) {
        return () -> {
            built.incrementAndGet();
            return t;
        };
    }

    private void record(CallTrace trace, String method) {
        trace.recordLazily("grpc", "unix:///csi.sock", method, 1, text("max_entries: 500\n"), text("entries { }\n"),
                "OK", true, Instant.EPOCH, Duration.ofMillis(3));
    }

    @Test
    void aLazilyRecordedEntryBuildsItsTextOnlyWhenTheTraceIsRead() {
        CallTrace trace = new CallTrace();
        record(trace, "csi.v1.Controller/ListVolumes");
        assertThat(built).hasValue(0);

        List<TraceEntry> read = trace.snapshot();
        assertThat(read).singleElement().satisfies(e -> {
            assertThat(e.method()).isEqualTo("csi.v1.Controller/ListVolumes");
            assertThat(e.request()).isEqualTo("max_entries: 500\n");
            assertThat(e.response()).isEqualTo("entries { }\n");
            assertThat(e.seq()).isEqualTo(1);
        });
        trace.snapshot();
        assertThat(built).as("built once, kept").hasValue(2);
    }

    @Test
    void anEntryDroppedBeforeAnyoneReadItIsNeverBuilt() {
        CallTrace trace = new CallTrace(1);
        record(trace, "first");
        record(trace, "second");
        assertThat(trace.snapshot()).extracting(TraceEntry::method).containsExactly("second");
        assertThat(built).hasValue(2);
    }

    @Test
    void aSubscribedListenerGetsTheEntryWithItsTextAtOnce() {
        CallTrace trace = new CallTrace();
        List<TraceEntry> seen = new ArrayList<>();
        trace.subscribe(seen::add);
        record(trace, "csi.v1.Identity/Probe");
        assertThat(seen).singleElement().extracting(TraceEntry::response).isEqualTo("entries { }\n");
        assertThat(trace.snapshot()).extracting(TraceEntry::seq).containsExactly(seen.get(0).seq());
    }
}
