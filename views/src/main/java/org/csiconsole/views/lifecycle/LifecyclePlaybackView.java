package org.csiconsole.views.lifecycle;

import javafx.animation.PauseTransition;
import javafx.geometry.Insets;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.StackPane;
import javafx.util.Duration;
import org.csiconsole.core.lifecycle.Diagram;
import org.csiconsole.core.lifecycle.DiagramOverlay;
import org.csiconsole.views.theme.ConsoleStyles;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.Objects;

/**
 * A {@link LifecyclePlayback} drawn: the lifecycle figure fitted to its space (never above 100 %),
 * read-only (its arrows run nothing), with the volume's state highlighted and the status line
 * under it. Each change is shown for {@link #STEP} at least, so a driver that answers in
 * microseconds still plays state by state; the diagram catches up after the workflow ended.
 */
public final class LifecyclePlaybackView {
    /** How long each state shows at least while changes queue up: the arrow's token runs 420 ms. */
    public static final Duration STEP = Duration.millis(450);

    private final BorderPane root = new BorderPane();
    private final DiagramPane pane = new DiagramPane(id -> { });
    private final Group zoomed = new Group(pane);
    private final StackPane holder = new StackPane(zoomed);
    private final Deque<Frame> queue = new ArrayDeque<>();
    private final PauseTransition pause = new PauseTransition(STEP);
    private final Label status = new Label();
    private Frame shown;
    private boolean paced = true;

    /** One state of the playback to draw, and its status line. */
    private record Frame(Diagram diagram, DiagramOverlay overlay, String status) {
    }

    public LifecyclePlaybackView(LifecyclePlayback playback) {
        Objects.requireNonNull(playback, "playback");
        holder.getStyleClass().add(ConsoleStyles.DIAGRAM);
        holder.setMinSize(0, 0);
        holder.setPadding(new Insets(8));
        holder.layoutBoundsProperty().addListener((o, a, b) -> fit());
        status.setId("exercise-diagram-status");
        status.getStyleClass().add(ConsoleStyles.MUTED);
        status.setWrapText(true);
        status.setPadding(new Insets(4, 8, 4, 8));
        root.setCenter(holder);
        root.setBottom(status);
        root.setId("exercise-diagram");
        root.setMinWidth(0);
        pause.setOnFinished(e -> next());
        playback.revisionProperty().addListener((o, a, b) -> offer(frame(playback)));
        draw(frame(playback));
    }

    private static Frame frame(LifecyclePlayback p) {
        return new Frame(p.diagramProperty().get(), p.overlayProperty().get(), p.statusProperty().get());
    }

    public Node node() {
        return root;
    }

    /** The drawing, for tests. */
    Node diagramNode() {
        return pane;
    }

    /** Whether changes are paced and animated (off for tests and reduced motion: each shows at once). */
    public void setPaced(boolean paced) {
        this.paced = paced;
        pane.setAnimate(paced);
        if (!paced) {
            pause.stop();
            Frame last = queue.peekLast();
            queue.clear();
            if (last != null) draw(last);
        }
    }

    private void offer(Frame f) {
        Frame last = queue.isEmpty() ? shown : queue.peekLast();
        if (f.equals(last)) return;
        if (!paced) {
            draw(f);
            return;
        }
        queue.addLast(f);
        if (pause.getStatus() != javafx.animation.Animation.Status.RUNNING) next();
    }

    private void next() {
        Frame f = queue.pollFirst();
        if (f == null) return;
        draw(f);
        pause.playFromStart();
    }

    private void draw(Frame f) {
        if (shown == null || !Objects.equals(shown.diagram(), f.diagram())) {
            pane.setDiagram(f.diagram());
            fit();
        }
        pane.setOverlay(f.overlay());
        status.setText(f.status());
        shown = f;
    }

    private void fit() {
        Diagram d = pane.diagram();
        double w = holder.getWidth() - 16;
        double h = holder.getHeight() - 16;
        if (d == null || w <= 0 || h <= 0) return;
        double z = Math.min(1, Math.min(w / d.width(), h / d.height()));
        pane.setScaleX(z);
        pane.setScaleY(z);
    }
}
