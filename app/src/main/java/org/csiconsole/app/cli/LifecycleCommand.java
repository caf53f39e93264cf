package org.csiconsole.app.cli;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.lifecycle.Diagram;
import org.csiconsole.core.lifecycle.DiagramExporter;
import org.csiconsole.core.lifecycle.DiagramLayout;
import org.csiconsole.core.lifecycle.DiagramOverlay;
import org.csiconsole.core.lifecycle.LifecycleOverlays;
import org.csiconsole.core.lifecycle.LifecycleReading;
import org.csiconsole.core.lifecycle.LiveStateReader;
import org.csiconsole.core.lifecycle.VolumeLiveState;
import org.csiconsole.core.render.Java2dDiagramExporter;
import org.csiconsole.core.storage.CsiStorage;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * {@code csi-console lifecycle}: draws the driver's volume lifecycle (CSI spec v1.12 figure 5, 6, 7
 * or 8, chosen from its capabilities) to an SVG or PNG file, headless, with a volume's live state
 * when {@code --volume-id} is given (inferred from ControllerGetVolume or ListVolumes and
 * NodeGetVolumeStats: a driver reports no stagings). The caption names the volume, the time (UTC)
 * and the figure. Exit codes as every CSI command ({@link ExitCodes}); an unwritable file is a
 * usage error that names it.
 */
@Command(name = "lifecycle", mixinStandardHelpOptions = true,
        description = "Draw the driver's volume lifecycle (CSI spec figures 5 to 8, chosen from its capabilities),"
                + " with a volume's live state, to an SVG or PNG file.")
final class LifecycleCommand extends CsiCommands.Base {
    private static final DateTimeFormatter UTC = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss 'UTC'").withZone(ZoneOffset.UTC);

    @Option(names = "--volume-id", paramLabel = "ID", description = "The volume whose live state to draw; none draws the figure alone.")
    String volumeId = "";

    @Option(names = "--node-id", paramLabel = "ID",
            description = "The node whose state is highlighted and whose next calls are marked legal; default: the volume's furthest state.")
    String nodeId = "";

    @Option(names = "--format", paramLabel = "FORMAT", description = "svg or png; default: from the file name's extension.")
    String format;

    @Option(names = "--file", paramLabel = "FILE", required = true, description = "Where to write the drawing.")
    Path file;

    private final Clock clock;

    LifecycleCommand(Function<String, String> env, Clock clock) {
        super(env);
        this.clock = clock;
    }

    @Override
    void run(CsiClient client, CsiOutput out) throws Exception {
        DiagramExporter.Format f = format();
        CsiStorage storage = new CsiStorage(client, true);
        LifecycleReading reading = new LiveStateReader(storage, List::of, clock).read(volumeId).get(2, TimeUnit.MINUTES);
        Diagram diagram = DiagramLayout.volume(reading.lifecycle());
        DiagramOverlay overlay = volumeId.isEmpty() ? DiagramOverlay.NONE
                : LifecycleOverlays.volume(reading, nodeId, Map.of(), null);
        String caption = caption(reading);
        byte[] bytes = new Java2dDiagramExporter().export(diagram, overlay, caption, f);
        try {
            Path parent = file.toAbsolutePath().getParent();
            if (parent != null) Files.createDirectories(parent);
            Files.write(file, bytes);
        } catch (IOException e) {
            throw CallFailure.refused("Write " + file, "the file cannot be written (" + e.getClass().getSimpleName() + ")",
                    "Check that the folder exists and is writable");
        }
        java.io.PrintWriter w = spec.commandLine().getOut();
        w.println("Wrote " + file + " (" + f.extension().toUpperCase(java.util.Locale.ROOT) + ", " + bytes.length + " bytes): " + caption);
        w.println(reading.lifecycle().reason());
        if (!volumeId.isEmpty()) {
            VolumeLiveState live = reading.live();
            for (var n : live.nodes()) w.println("  " + n.nodeId() + ": " + n.state().specName());
            for (var e : live.evidence()) w.println("  evidence: " + e);
        }
        w.flush();
    }

    /** {@code "Volume pvc-1 · 2025-03-01 12:00:00 UTC · Figure 6 · inferred"}. */
    private String caption(LifecycleReading r) {
        String what = volumeId.isEmpty() ? "Volume lifecycle of " + client() : "Volume " + volumeId;
        String certainty = volumeId.isEmpty() ? "" : " \u00b7 " + r.live().certainty()
                + (r.live().presence() == VolumeLiveState.Presence.DELETED ? " (deleted)" : "");
        return what + " \u00b7 " + UTC.format(r.live().readAt()) + " \u00b7 " + r.lifecycle().title() + certainty;
    }

    private String client() {
        return o.endpoint == null ? "CSI_ENDPOINT" : o.endpoint;
    }

    private DiagramExporter.Format format() {
        String name = format != null ? format : extension(file);
        for (DiagramExporter.Format f : DiagramExporter.Format.values()) {
            if (f.extension().equalsIgnoreCase(name)) return f;
        }
        throw CallFailure.refused("Read --format",
                format != null ? "\"" + format + "\" is not a format" : "the format cannot be told from " + file,
                "Give --format svg or --format png");
    }

    private static String extension(Path p) {
        String n = p.getFileName() == null ? "" : p.getFileName().toString();
        int dot = n.lastIndexOf('.');
        return dot < 0 ? "" : n.substring(dot + 1);
    }
}
