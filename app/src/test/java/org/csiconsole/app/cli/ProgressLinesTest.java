package org.csiconsole.app.cli;

import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.replication.WorkflowEvent;
import org.junit.jupiter.api.Test;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.time.Instant;

import static org.assertj.core.api.Assertions.assertThat;

class ProgressLinesTest {
    private static final Instant T = Instant.parse("2026-12-06T08:00:00Z");
    private static final ReplicationSource VOL = ReplicationSource.volume("vol-9");

    private static WorkflowEvent poll(int seconds, int percent, String message) {
        return new WorkflowEvent(T.plusSeconds(seconds), WorkflowEvent.Type.STEP_PROGRESS, VOL, 2, message, percent);
    }

    @Test
    void aResyncShowsTheDriversPercentWhenItChangesAndElseALineNowAndThenNotOnePerPoll() {
        StringWriter text = new StringWriter();
        ReplicationOutput.ProgressLines lines = new ReplicationOutput.ProgressLines(new PrintWriter(text, true));

        lines.accept(new WorkflowEvent(T, WorkflowEvent.Type.STEP_STARTED, VOL, 2, "ResyncVolume", -1));
        lines.accept(poll(1, 10, "Resync is running: 10% done (the driver's report), 1 s so far."));
        lines.accept(poll(2, 10, "Resync is running: 10% done (the driver's report), 2 s so far."));
        lines.accept(poll(3, 40, "Resync is running: 40% done (the driver's report), 3 s so far."));
        lines.accept(poll(4, -1, "Resync is running (4 s so far); the driver reports no progress."));
        lines.accept(poll(5, -1, "Resync is running (5 s so far); the driver reports no progress."));
        lines.accept(poll(19, -1, "Resync is running (19 s so far); the driver reports no progress."));
        lines.accept(new WorkflowEvent(T.plusSeconds(20), WorkflowEvent.Type.STEP_SUCCEEDED, VOL, 2, "Resync is ready.", -1));

        assertThat(text.toString().lines()).containsExactly(
                "[step started] vol-9 step 2: ResyncVolume",
                "[step progress] vol-9 step 2: Resync is running: 10% done (the driver's report), 1 s so far.",
                "[step progress] vol-9 step 2: Resync is running: 40% done (the driver's report), 3 s so far.",
                "[step progress] vol-9 step 2: Resync is running (4 s so far); the driver reports no progress.",
                "[step progress] vol-9 step 2: Resync is running (19 s so far); the driver reports no progress.",
                "[step succeeded] vol-9 step 2: Resync is ready.");
    }
}
