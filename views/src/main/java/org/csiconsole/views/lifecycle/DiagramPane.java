package org.csiconsole.views.lifecycle;

import javafx.animation.FadeTransition;
import javafx.animation.ParallelTransition;
import javafx.animation.PathTransition;
import javafx.animation.ScaleTransition;
import javafx.animation.SequentialTransition;
import javafx.beans.binding.Bindings;
import javafx.css.PseudoClass;
import javafx.geometry.VPos;
import javafx.scene.Group;
import javafx.scene.Node;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.Pane;
import javafx.scene.shape.Circle;
import javafx.scene.shape.Line;
import javafx.scene.shape.LineTo;
import javafx.scene.shape.MoveTo;
import javafx.scene.shape.Path;
import javafx.scene.shape.Polygon;
import javafx.scene.shape.Polyline;
import javafx.scene.shape.Rectangle;
import javafx.scene.text.Text;
import javafx.util.Duration;
import org.csiconsole.core.lifecycle.ArrowHeads;
import org.csiconsole.core.lifecycle.Diagram;
import org.csiconsole.core.lifecycle.DiagramOverlay;
import org.csiconsole.views.theme.ConsoleStyles;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Draws a {@link Diagram} of core with JavaFX shapes at its own coordinates (pixels at 100 %), so
 * it stays crisp at any zoom: states as rounded rectangles, the figures' X boxes, transitions as
 * polylines with arrow heads and labels. The live {@link DiagramOverlay} sets pseudo-classes
 * ({@code :current}, {@code :legal}, {@code :illegal}, {@code :taken}, {@code :failed}) that the
 * stylesheet colours with the theme's tokens. A change of state animates: a token runs along the
 * arrow just taken and the new state pulses. Clicking an arrow calls the handler with its id.
 */
final class DiagramPane extends Pane {
    static final PseudoClass CURRENT = PseudoClass.getPseudoClass("current");
    static final PseudoClass LEGAL = PseudoClass.getPseudoClass("legal");
    static final PseudoClass ILLEGAL = PseudoClass.getPseudoClass("illegal");
    static final PseudoClass TAKEN = PseudoClass.getPseudoClass("taken");
    static final PseudoClass FAILED = PseudoClass.getPseudoClass("failed");
    static final PseudoClass EVENT = PseudoClass.getPseudoClass("event");

    private final Map<String, Group> boxes = new HashMap<>();
    private final Map<String, Edge> arrows = new HashMap<>();
    private final Map<String, Text> badges = new HashMap<>();
    private final Consumer<String> onArrow;
    private Diagram diagram;
    private DiagramOverlay overlay = DiagramOverlay.NONE;
    private boolean animate = true;

    /** The shapes of one arrow. */
    record Edge(Group group, Polyline line, Polygon head, Text label, Text failure, Polyline hit, Tooltip tip) {
    }

    DiagramPane(Consumer<String> onArrow) {
        this.onArrow = Objects.requireNonNull(onArrow);
        getStyleClass().add(ConsoleStyles.DIAGRAM);
        setId("lifecycle-diagram");
    }

    /** The id a node of arrow or box {@code id} gets: letters, digits and dashes only. */
    static String nodeId(String prefix, String id) {
        return prefix + id.replaceAll("[^A-Za-z0-9]+", "-").replaceAll("-$", "");
    }

    /** Whether a change of state animates (off for benchmarks and reduced motion). */
    void setAnimate(boolean animate) {
        this.animate = animate;
    }

    Diagram diagram() {
        return diagram;
    }

    /** Draws {@code d} from scratch (a different figure, or the first one). */
    void setDiagram(Diagram d) {
        diagram = d;
        boxes.clear();
        arrows.clear();
        badges.clear();
        getChildren().clear();
        if (d == null) {
            setPrefSize(0, 0);
            return;
        }
        setPrefSize(d.width(), d.height());
        setMinSize(d.width(), d.height());
        setMaxSize(d.width(), d.height());
        Text title = new Text(24, 24, d.title());
        title.setTextOrigin(VPos.BASELINE);
        title.getStyleClass().add(ConsoleStyles.DIAGRAM_TITLE);
        getChildren().add(title);
        for (Diagram.Arrow a : d.arrows()) {
            Edge e = edge(a);
            arrows.put(a.id(), e);
            getChildren().add(e.group());
        }
        for (Diagram.Box b : d.boxes()) {
            Group g = b.terminal() ? endBox(b) : stateBox(b);
            g.setId(nodeId("lifecycle-state-", b.id()));
            boxes.put(b.id(), g);
            getChildren().add(g);
        }
        apply(overlay, false);
    }

    /** Shows {@code o} over the diagram; animates when the state changed along an arrow. */
    void setOverlay(DiagramOverlay o) {
        DiagramOverlay before = overlay;
        overlay = o == null ? DiagramOverlay.NONE : o;
        apply(overlay, animate && !before.current().isEmpty() && !before.current().equals(overlay.current()));
        if (animate && !before.current().isEmpty() && !before.current().equals(overlay.current())) animateChange(before.current(), overlay.current());
    }

    private void apply(DiagramOverlay o, boolean changing) {
        if (diagram == null) return;
        for (Map.Entry<String, Group> e : boxes.entrySet()) {
            boolean current = o.current().contains(e.getKey());
            for (Node n : e.getValue().getChildren()) n.pseudoClassStateChanged(CURRENT, current);
            Text badge = badges.get(e.getKey());
            if (badge != null) {
                List<String> names = o.badges().getOrDefault(e.getKey(), List.of());
                badge.setText(fit(String.join(", ", names)));
                badge.setVisible(!names.isEmpty());
            }
        }
        for (Map.Entry<String, Edge> e : arrows.entrySet()) {
            DiagramOverlay.Mark m = o.mark(e.getKey());
            DiagramOverlay.Kind k = m == null ? null : m.kind();
            Edge edge = e.getValue();
            for (Node n : List.of(edge.line(), edge.head(), edge.label(), edge.hit())) {
                n.pseudoClassStateChanged(LEGAL, k == DiagramOverlay.Kind.LEGAL);
                n.pseudoClassStateChanged(ILLEGAL, k == DiagramOverlay.Kind.ILLEGAL);
                n.pseudoClassStateChanged(TAKEN, k == DiagramOverlay.Kind.TAKEN);
                n.pseudoClassStateChanged(FAILED, k == DiagramOverlay.Kind.FAILED);
            }
            boolean failed = k == DiagramOverlay.Kind.FAILED;
            edge.failure().setText(failed ? fitLong(m.text()) : "");
            edge.failure().setVisible(failed);
        }
        badgesLayout();
    }

    /** Sets the tooltip of arrow {@code id}: what clicking does or why it cannot. */
    void setTip(String id, String text) {
        Edge e = arrows.get(id);
        if (e != null) e.tip().setText(text);
    }

    /** The shapes of arrow {@code id}, for tests. */
    Edge edge(String id) {
        return arrows.get(id);
    }

    /** The group of state {@code id}, for tests. */
    Group box(String id) {
        return boxes.get(id);
    }

    private Group stateBox(Diagram.Box b) {
        Rectangle r = new Rectangle(b.x(), b.y(), b.width(), b.height());
        r.getStyleClass().add(ConsoleStyles.DIAGRAM_STATE);
        Text label = new Text(b.label());
        label.getStyleClass().add(ConsoleStyles.DIAGRAM_STATE_LABEL);
        label.setTextOrigin(VPos.CENTER);
        Text badge = new Text();
        badge.getStyleClass().add(ConsoleStyles.DIAGRAM_BADGE);
        badge.setTextOrigin(VPos.CENTER);
        badge.setVisible(false);
        centre(label, b.centerX());
        centre(badge, b.centerX());
        // With names under it, the label moves up.
        label.yProperty().bind(Bindings.when(badge.visibleProperty()).then(b.y() + 15).otherwise(b.centerY()));
        badge.setY(b.y() + 32);
        badges.put(b.id(), badge);
        Tooltip.install(r, new Tooltip(b.label()));
        return new Group(r, label, badge);
    }

    private Group endBox(Diagram.Box b) {
        Rectangle r = new Rectangle(b.x(), b.y(), b.width(), b.height());
        r.getStyleClass().add(ConsoleStyles.DIAGRAM_END);
        double p = 8;
        Line l1 = new Line(b.x() + p, b.y() + p, b.x() + b.width() - p, b.y() + b.height() - p);
        Line l2 = new Line(b.x() + b.width() - p, b.y() + p, b.x() + p, b.y() + b.height() - p);
        l1.getStyleClass().add(ConsoleStyles.DIAGRAM_END_MARK);
        l2.getStyleClass().add(ConsoleStyles.DIAGRAM_END_MARK);
        Group g = new Group(r, l1, l2);
        if (!b.note().isEmpty()) {
            Text note = new Text(b.note());
            note.getStyleClass().add(ConsoleStyles.DIAGRAM_NOTE);
            note.setTextOrigin(VPos.CENTER);
            note.setY(b.noteAt().y());
            anchor(note, b.noteAt().x(), b.noteAnchor());
            g.getChildren().add(note);
        }
        Tooltip.install(r, new Tooltip(b.note().isEmpty() ? "X" : b.note()));
        return g;
    }

    private Edge edge(Diagram.Arrow a) {
        List<Diagram.Point> pts = a.points();
        Diagram.Point last = pts.get(pts.size() - 1);
        Diagram.Point prev = pts.get(pts.size() - 2);
        double[] h = ArrowHeads.head(prev.x(), prev.y(), last.x(), last.y());
        Polyline line = new Polyline();
        Polyline hit = new Polyline();
        for (int i = 0; i < pts.size() - 1; i++) {
            line.getPoints().addAll(pts.get(i).x(), pts.get(i).y());
            hit.getPoints().addAll(pts.get(i).x(), pts.get(i).y());
        }
        line.getPoints().addAll(h[6], h[7]);
        hit.getPoints().addAll(last.x(), last.y());
        line.getStyleClass().add(ConsoleStyles.DIAGRAM_ARROW);
        hit.getStyleClass().add(ConsoleStyles.DIAGRAM_ARROW_HIT);
        Polygon head = new Polygon(h[0], h[1], h[2], h[3], h[4], h[5]);
        head.getStyleClass().add(ConsoleStyles.DIAGRAM_ARROW_HEAD);
        Text label = new Text(a.label());
        label.getStyleClass().add(ConsoleStyles.DIAGRAM_ARROW_LABEL);
        label.setTextOrigin(VPos.CENTER);
        label.setY(a.labelAt().y());
        anchor(label, a.labelAt().x(), a.anchor());
        Text failure = new Text();
        failure.getStyleClass().add(ConsoleStyles.DIAGRAM_FAILURE);
        failure.setTextOrigin(VPos.CENTER);
        failure.setY(a.labelAt().y() + 14);
        anchor(failure, a.labelAt().x(), a.anchor());
        failure.setVisible(false);
        for (Node n : List.of(line, head, label, hit)) n.pseudoClassStateChanged(EVENT, a.event());
        Tooltip tip = new Tooltip(a.label());
        tip.setWrapText(true);
        tip.setMaxWidth(420);
        Tooltip.install(hit, tip);
        Tooltip.install(label, tip);
        hit.setOnMouseClicked(e -> onArrow.accept(a.id()));
        label.setOnMouseClicked(e -> onArrow.accept(a.id()));
        Group g = new Group(line, head, label, failure, hit);
        g.getStyleClass().add(ConsoleStyles.DIAGRAM_EDGE);
        g.setId(nodeId("lifecycle-arrow-", a.id()));
        return new Edge(g, line, head, label, failure, hit, tip);
    }

    private void badgesLayout() {
        // Nothing to do: the badges are centred by binding; kept as the one place to adjust after text changes.
    }

    private static void centre(Text t, double cx) {
        anchor(t, cx, Diagram.Anchor.MIDDLE);
    }

    /** Places {@code t} on {@code x} as {@code anchor} says, following its width once CSS set its font. */
    private static void anchor(Text t, double x, Diagram.Anchor anchor) {
        // The width moves the text by translation: its layout bounds include x, not the translation.
        t.setX(x);
        t.translateXProperty().bind(Bindings.createDoubleBinding(() -> switch (anchor) {
            case START -> 0.0;
            case MIDDLE -> -t.getLayoutBounds().getWidth() / 2;
            case END -> -t.getLayoutBounds().getWidth();
        }, t.layoutBoundsProperty()));
    }

    private static String fit(String s) {
        return s.length() <= 26 ? s : s.substring(0, 24) + "\u2026";
    }

    private static String fitLong(String s) {
        return s.length() <= 44 ? s : s.substring(0, 42) + "\u2026";
    }

    private void animateChange(Set<String> before, Set<String> after) {
        String from = before.iterator().next();
        String to = after.iterator().next();
        Group target = boxes.get(to);
        if (target == null || diagram == null) return;
        Diagram.Arrow along = diagram.arrows().stream().filter(a -> a.from().equals(from) && a.to().equals(to)).findFirst().orElse(null);
        ScaleTransition pulse = new ScaleTransition(Duration.millis(180), target);
        pulse.setFromX(1);
        pulse.setFromY(1);
        pulse.setToX(1.05);
        pulse.setToY(1.05);
        pulse.setAutoReverse(true);
        pulse.setCycleCount(2);
        if (along == null) {
            pulse.play();
            return;
        }
        Path path = new Path();
        List<Diagram.Point> pts = along.points();
        path.getElements().add(new MoveTo(pts.get(0).x(), pts.get(0).y()));
        for (int i = 1; i < pts.size(); i++) path.getElements().add(new LineTo(pts.get(i).x(), pts.get(i).y()));
        Circle token = new Circle(5);
        token.getStyleClass().add(ConsoleStyles.DIAGRAM_TOKEN);
        token.setMouseTransparent(true);
        getChildren().add(token);
        PathTransition run = new PathTransition(Duration.millis(420), path, token);
        FadeTransition fade = new FadeTransition(Duration.millis(160), token);
        fade.setToValue(0);
        SequentialTransition all = new SequentialTransition(run, new ParallelTransition(fade, pulse));
        all.setOnFinished(e -> getChildren().remove(token));
        all.play();
    }
}
