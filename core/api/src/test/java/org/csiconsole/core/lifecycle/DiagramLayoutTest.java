package org.csiconsole.core.lifecycle;

import org.csiconsole.core.lifecycle.Diagram.Arrow;
import org.csiconsole.core.lifecycle.Diagram.Box;
import org.csiconsole.core.lifecycle.Diagram.Point;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/** The layouts draw every state and transition, inside the drawing, without boxes on top of each other. */
class DiagramLayoutTest {

    private static List<Diagram> all() {
        List<Diagram> out = new ArrayList<>();
        for (boolean cd : new boolean[] {true, false}) {
            for (boolean pu : new boolean[] {true, false}) {
                for (boolean su : new boolean[] {true, false}) out.add(DiagramLayout.volume(VolumeLifecycle.of(cd, pu, su, true)));
            }
        }
        out.add(StateMachines.snapshot());
        out.add(StateMachines.groupSnapshot());
        out.add(StateMachines.replication());
        return out;
    }

    @Test
    void theVolumeDiagramHasABoxPerStateAndAnArrowPerTransition() {
        VolumeLifecycle lc = VolumeLifecycle.of(true, true, true, true);
        Diagram d = DiagramLayout.volume(lc);

        assertThat(d.boxes()).extracting(Box::id).containsExactlyElementsOf(lc.states().stream().map(Enum::name).toList());
        assertThat(d.arrows()).extracting(Arrow::id).containsExactlyElementsOf(lc.transitions().stream().map(Transition::id).toList());
        assertThat(d.title()).isEqualTo("Figure 6");
        assertThat(d.legend()).isEqualTo(lc.reason());
        // As the spec draws it: CREATED above NODE_READY above VOL_READY above PUBLISHED, one column.
        assertThat(d.box("CREATED").y()).isLessThan(d.box("NODE_READY").y());
        assertThat(d.box("NODE_READY").y()).isLessThan(d.box("VOL_READY").y());
        assertThat(d.box("VOL_READY").y()).isLessThan(d.box("PUBLISHED").y());
        assertThat(d.box("CREATED").centerX()).isEqualTo(d.box("PUBLISHED").centerX());
        assertThat(d.box("INITIAL").x()).isLessThan(d.box("CREATED").x());
        assertThat(d.box("FINAL").x()).isGreaterThan(d.box("CREATED").x());
        // The call down is on the left, its reverse on the right.
        assertThat(d.arrow("NodeStageVolume").points().get(0).x()).isLessThan(d.arrow("NodeUnstageVolume").points().get(0).x());
    }

    @Test
    void everyDiagramKeepsItsBoxesApartAndInsideAndItsArrowsEndOnTheirBoxes() {
        for (Diagram d : all()) {
            for (Box a : d.boxes()) {
                assertThat(a.x()).as("%s %s", d.title(), a.id()).isGreaterThanOrEqualTo(0);
                assertThat(a.x() + a.width()).as("%s %s", d.title(), a.id()).isLessThanOrEqualTo(d.width());
                assertThat(a.y() + a.height()).as("%s %s", d.title(), a.id()).isLessThanOrEqualTo(d.height());
                if (!a.note().isEmpty()) {
                    double w = DiagramLayout.textWidth(a.note(), 11);
                    double left = a.noteAnchor() == Diagram.Anchor.START ? a.noteAt().x()
                            : a.noteAnchor() == Diagram.Anchor.MIDDLE ? a.noteAt().x() - w / 2 : a.noteAt().x() - w;
                    assertThat(left).as("%s: note of %s", d.title(), a.id()).isGreaterThanOrEqualTo(0);
                    assertThat(left + w).as("%s: note of %s", d.title(), a.id()).isLessThanOrEqualTo(d.width());
                }
                for (Box b : d.boxes()) {
                    if (a == b) continue;
                    boolean apart = a.x() + a.width() <= b.x() || b.x() + b.width() <= a.x()
                            || a.y() + a.height() <= b.y() || b.y() + b.height() <= a.y();
                    assertThat(apart).as("%s: %s and %s overlap", d.title(), a.id(), b.id()).isTrue();
                }
            }
            for (Arrow arrow : d.arrows()) {
                Point last = arrow.points().get(arrow.points().size() - 1);
                Point first = arrow.points().get(0);
                assertThat(onEdge(d.box(arrow.to()), last)).as("%s: %s ends on %s", d.title(), arrow.id(), arrow.to()).isTrue();
                assertThat(onEdge(d.box(arrow.from()), first)).as("%s: %s starts on %s", d.title(), arrow.id(), arrow.from()).isTrue();
                double w = DiagramLayout.textWidth(arrow.label(), DiagramLayout.LABEL_PX);
                double left = switch (arrow.anchor()) {
                    case START -> arrow.labelAt().x();
                    case MIDDLE -> arrow.labelAt().x() - w / 2;
                    case END -> arrow.labelAt().x() - w;
                };
                assertThat(left).as("%s: label of %s", d.title(), arrow.id()).isGreaterThanOrEqualTo(0);
                assertThat(left + w).as("%s: label of %s", d.title(), arrow.id()).isLessThanOrEqualTo(d.width());
            }
        }
    }

    private static boolean onEdge(Box b, Point p) {
        double e = 0.5;
        boolean inX = p.x() >= b.x() - e && p.x() <= b.x() + b.width() + e;
        boolean inY = p.y() >= b.y() - e && p.y() <= b.y() + b.height() + e;
        boolean onSide = Math.abs(p.x() - b.x()) < e || Math.abs(p.x() - b.x() - b.width()) < e
                || Math.abs(p.y() - b.y()) < e || Math.abs(p.y() - b.y() - b.height()) < e;
        return inX && inY && onSide;
    }
}
