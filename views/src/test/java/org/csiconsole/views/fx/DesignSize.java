package org.csiconsole.views.fx;

import javafx.geometry.Bounds;
import javafx.geometry.Rectangle2D;
import javafx.scene.Node;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.Labeled;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TableView;
import javafx.scene.text.Text;
import javafx.stage.Screen;
import javafx.stage.Window;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The checks of the design size, 1280×800: a figure is never cut, a table keeps 8 rows in sight, a
 * dialog is no taller than the screen and its buttons are on it. Call them on the FX thread.
 */
public final class DesignSize {
    /** The design size's height, the headless test screen's. */
    public static final double HEIGHT = 800;
    /** Fewest table rows a view keeps in sight. */
    public static final int ROWS = 8;
    private static final Pattern FIGURE = Pattern.compile("^[-+]?\\d.*", Pattern.DOTALL);

    private DesignSize() {
    }

    /** The visible figures (texts starting with a digit: "256 addresses", "4 min 57 s", a time) a control shows cut: "full text → what shows". */
    public static List<String> cutFigures(Node root) {
        List<String> cut = new ArrayList<>();
        for (Node n : root.lookupAll("*")) {
            if (!(n instanceof Labeled l) || !FxChecks.shown(l) || l.getText() == null || !FIGURE.matcher(l.getText()).matches()) continue;
            // Names and ids drop their middle on purpose (identifier cells); figures never.
            if (l.getTextOverrun() == OverrunStyle.CENTER_WORD_ELLIPSIS || l.getTextOverrun() == OverrunStyle.CENTER_ELLIPSIS) continue;
            if (l.getWidth() <= 0) continue;
            Node text = l.lookup(".text");
            // Cut: the text shows elided (a text not laid out yet since it changed is not a cut)
            if (text instanceof Text t && t.getText().endsWith(l.getEllipsisString())
                    && !t.getText().replace("\n", " ").strip().equals(l.getText().replace("\n", " ").strip())) {
                cut.add(l.getText() + " \u2192 " + t.getText() + " (in " + where(l) + ")");
            }
        }
        return cut;
    }

    /**
     * The words a wrapping text of {@code root} breaks in the middle: a word (a run without spaces, such as
     * {@code unix:///tmp/csi.sock}) wider than the room the text wraps in is split across lines.
     */
    public static List<String> brokenWords(Node root) {
        List<String> out = new ArrayList<>();
        for (Node n : root.lookupAll("*")) {
            if (!(n instanceof Labeled l) || !l.isWrapText() || !FxChecks.shown(l) || l.getText() == null || l.getWidth() <= 0) continue;
            double room = l.getWidth() - l.snappedLeftInset() - l.snappedRightInset();
            for (String word : l.getText().split("\\s+")) {
                Text t = new Text(word);
                t.setFont(l.getFont());
                if (t.getLayoutBounds().getWidth() > room + 0.5) out.add("breaks '" + word + "' mid-word (in " + where(l) + ")");
            }
        }
        return out;
    }

    /** Where {@code n} is: its class and the ids and style classes of its parents, nearest first. */
    static String where(Node n) {
        StringBuilder b = new StringBuilder(n.getClass().getSimpleName());
        for (Node p = n.getParent(); p != null && b.length() < 200; p = p.getParent()) {
            if (p.getId() != null) b.append(" < #").append(p.getId());
            else if (!p.getStyleClass().isEmpty()) b.append(" < .").append(p.getStyleClass().get(0));
        }
        return b.toString();
    }

    /** How many whole rows the table has room for. */
    public static int rowsInSight(TableView<?> table) {
        Node flow = table.lookup(".virtual-flow");
        double cell = table.getFixedCellSize() > 0 ? table.getFixedCellSize() : 24;
        return (int) Math.floor(flow.getLayoutBounds().getHeight() / cell);
    }

    /** The rows a table must have room for: {@link #ROWS}, or every row when it holds fewer (at least one). */
    public static int rowsWanted(TableView<?> table) {
        return Math.min(ROWS, Math.max(1, table.getItems().size()));
    }

    /** The tallest table shown under {@code root}: the one a view is about. */
    public static Optional<TableView<?>> mainTable(Node root) {
        return root.lookupAll(".table-view").stream().filter(n -> n instanceof TableView<?> && FxChecks.shown(n))
                .<TableView<?>>map(n -> (TableView<?>) n).max(Comparator.comparingDouble(t -> t.getLayoutBounds().getHeight()));
    }

    /**
     * True when {@code n} shows whole without scrolling: inside the viewport of every scroll pane around it,
     * inside its window and inside the screen.
     */
    public static boolean inSight(Node n) {
        Bounds b = n.localToScreen(n.getBoundsInLocal());
        if (b == null || n.getScene() == null) return false;
        for (Node p = n.getParent(); p != null; p = p.getParent()) {
            if (p instanceof ScrollPane sp) {
                Node viewport = sp.lookup(".viewport");
                Bounds v = viewport == null ? null : viewport.localToScreen(viewport.getBoundsInLocal());
                if (v == null || b.getMinY() < v.getMinY() - 0.5 || b.getMaxY() > v.getMaxY() + 0.5) return false;
            }
        }
        Window w = n.getScene().getWindow();
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        return b.getMinY() >= w.getY() - 0.5 && b.getMaxY() <= w.getY() + w.getHeight() + 0.5 && b.getMaxY() <= screen.getMaxY() + 0.5;
    }

    /** What is wrong with the dialog window {@code w} at the design size: too tall, off screen, buttons out of sight, figures cut. */
    public static List<String> dialogProblems(Window w) {
        List<String> out = new ArrayList<>();
        Rectangle2D screen = Screen.getPrimary().getVisualBounds();
        if (w.getHeight() > screen.getHeight() + 0.5) out.add("the dialog is " + Math.round(w.getHeight()) + " px tall");
        if (w.getY() < screen.getMinY() - 0.5 || w.getY() + w.getHeight() > screen.getMaxY() + 0.5) out.add("the dialog reaches off the screen");
        Node root = w.getScene().getRoot();
        for (Node bar : root.lookupAll(".button-bar")) {
            if (bar instanceof ButtonBar && FxChecks.shown(bar) && !inSight(bar)) out.add("its buttons are out of sight");
        }
        out.addAll(cutFigures(root));
        out.addAll(brokenWords(root));
        return out;
    }
}
