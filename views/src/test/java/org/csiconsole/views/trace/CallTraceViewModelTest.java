package org.csiconsole.views.trace;

import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.views.FakeDialogService;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class CallTraceViewModelTest {
    private final CallTrace trace = new CallTrace(100);
    private final FakeDialogService dialogs = new FakeDialogService();
    private final CallTraceViewModel model = new CallTraceViewModel(trace, Runnable::run, dialogs, 3);

    private TraceEntry record(String method, boolean ok) {
        return trace.record("grpc", "unix:///run/csi.sock", method, 1, "name: \"pvc-1\"", ok ? "volume {}" : "",
                ok ? "OK" : "UNAVAILABLE", ok, Instant.parse("2026-01-01T00:00:00Z"), Duration.ofMillis(12));
    }

    @Test
    void activationShowsWhatWasRecordedThenFollowsLive() {
        record("csi.v1.Identity/GetPluginInfo", true);
        assertThat(model.table().all()).isEmpty();
        model.activate();
        assertThat(model.table().all()).extracting(TraceEntry::method).containsExactly("csi.v1.Identity/GetPluginInfo");
        record("csi.v1.Controller/CreateVolume", false);
        assertThat(model.table().all()).extracting(TraceEntry::method)
                .containsExactly("csi.v1.Identity/GetPluginInfo", "csi.v1.Controller/CreateVolume");
    }

    @Test
    void inactiveModelHoldsNoSubscription() {
        model.activate();
        model.deactivate();
        record("csi.v1.Controller/ListVolumes", true);
        assertThat(model.table().all()).isEmpty();
        model.activate();
        assertThat(model.table().all()).hasSize(1);
    }

    @Test
    void keepsOnlyItsCapacity() {
        model.activate();
        for (int i = 0; i < 5; i++) record("m" + i, true);
        assertThat(model.table().all()).extracting(TraceEntry::method).containsExactly("m2", "m3", "m4");
    }

    @Test
    void filterFindsByStatusAndMethod() {
        model.activate();
        record("csi.v1.Controller/CreateVolume", false);
        record("csi.v1.Controller/DeleteVolume", true);
        model.table().filterTextProperty().set("unavailable create");
        assertThat(model.table().rows()).extracting(TraceEntry::method).containsExactly("csi.v1.Controller/CreateVolume");
    }

    @Test
    void clearAsksFirstAndKeepsEverythingWhenRefused() {
        model.activate();
        record("m", true);
        dialogs.answer = false;
        assertThat(model.clear()).isFalse();
        assertThat(trace.snapshot()).hasSize(1);
        assertThat(model.canClear().get()).isTrue();
        dialogs.answer = true;
        assertThat(model.clear()).isTrue();
        assertThat(trace.snapshot()).isEmpty();
        assertThat(model.table().all()).isEmpty();
        assertThat(model.canClear().get()).isFalse();
        assertThat(dialogs.confirmations).hasSize(2);
    }

    @Test
    void durationsReadInMilliseconds() {
        assertThat(CallTraceView.millis(Duration.ofNanos(1_500_000))).isEqualTo("1.5 ms");
        assertThat(CallTraceView.millis(Duration.ofMillis(250))).isEqualTo("250 ms");
    }
}
