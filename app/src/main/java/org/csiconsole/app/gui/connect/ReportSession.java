package org.csiconsole.app.gui.connect;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.session.ConnectionState;
import org.csiconsole.core.storage.ReportStorage;
import org.csiconsole.core.trouble.ReportFiles;
import org.csiconsole.core.trouble.TroubleReport;
import org.csiconsole.views.workbench.ConnectionModel;

import java.nio.file.Path;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.concurrent.CompletableFuture;

/**
 * A saved troubleshooting report shown as a read-only connection ({@link
 * org.csiconsole.core.session.ConnectionKind#REPORT}): its storage is a {@link ReportStorage} over
 * the report, its recorded calls are the report's trace, its state is {@link ConnectionState#OFFLINE}.
 * No client, socket or thread belongs to it, so nothing is ever sent anywhere.
 */
final class ReportSession implements Session {
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'").withZone(ZoneOffset.UTC);

    private volatile boolean closed;

    private ReportSession() {
    }

    /**
     * The navigator's name of a report: {@code "report: <driver> <when made, UTC>"}, e.g.
     * {@code "report: csi.example.com 2030-01-01 00:00 UTC"}; the probed endpoint stands in for the
     * driver's name when GetPluginInfo did not answer.
     */
    static String name(TroubleReport report) {
        String driver = report.probe() != null && report.probe().plugin() != null && !report.probe().plugin().name().isBlank()
                ? report.probe().plugin().name() : report.endpoint().isBlank() ? "unknown driver" : report.endpoint();
        return "report: " + driver + " " + WHEN.format(report.created());
    }

    /** Shows {@code report}, read from {@code file}, in {@code model} at once (UI thread). */
    static Session open(Sessions sessions, ConnectionModel model, TroubleReport report, Path file) {
        ReportSession s = new ReportSession();
        show(sessions, model, report, file);
        return s;
    }

    /**
     * Reads the report of {@code model}'s profile again from its file on the background executor,
     * then shows it (Connect on a report whose file was opened before).
     */
    static Session reopen(Sessions sessions, ConnectionModel model, ConnectionManager manager) {
        ReportSession s = new ReportSession();
        Path file = Path.of(model.profile().endpoint());
        model.stateProperty().set(ConnectionState.CONNECTING);
        model.noteProperty().set("Reading the report " + file + "\u2026");
        CompletableFuture.supplyAsync(() -> ReportFiles.read(file), sessions.io).whenComplete((report, e) -> sessions.ui.execute(() -> {
            if (s.closed) return;
            if (e != null) {
                Throwable t = Sessions.unwrap(e);
                manager.ended(model);
                model.stateProperty().set(ConnectionState.DISCONNECTED);
                model.noteProperty().set(t instanceof CallFailure f ? f.getMessage() : "The report could not be read: " + t.getMessage());
                if (t instanceof CallFailure f) manager.dialogs().showFailure(f);
                return;
            }
            show(sessions, model, report, file);
        }));
        return s;
    }

    private static void show(Sessions sessions, ConnectionModel model, TroubleReport report, Path file) {
        String host = report.environment().getOrDefault("host", "");
        model.recordedCallsProperty().set(report.trace());
        model.noteProperty().set("Saved report of " + (report.endpoint().isBlank() ? "a driver" : report.endpoint())
                + (host.isBlank() ? "" : " on " + host) + ", made " + WHEN.format(report.created())
                + ": read-only, nothing is sent to the driver.");
        model.stateProperty().set(ConnectionState.OFFLINE);
        sessions.connected(model, new ReportStorage(report, file.toString()));
    }

    @Override
    public void close() {
        closed = true;
    }
}
