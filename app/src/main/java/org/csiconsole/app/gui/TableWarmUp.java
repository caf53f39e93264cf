package org.csiconsole.app.gui;

import javafx.scene.Scene;
import org.csiconsole.core.model.ByteSize;
import org.csiconsole.core.model.Volume;
import org.csiconsole.views.table.Column;
import org.csiconsole.views.table.ResourceTable;
import org.csiconsole.views.table.ResourceTableModel;
import org.csiconsole.views.theme.ThemeManager;

import java.util.ArrayList;
import java.util.List;

/**
 * Pays the one-time costs of a large table before the first real one: while the workbench's first
 * frame is on screen, a resource table of volumes that is never shown (the kinds of columns the
 * resource views use: an identifier, mono text, a formatted size, plain text) gets 2,000 rows, the
 * theme's stylesheets, a layout, a scroll and a sort. That loads and links the classes of the cell
 * path, parses the stylesheets' selectors for those cells and lets the JIT see the layout code once,
 * so the first listing of a real driver does not pay them on the FX thread.
 */
public final class TableWarmUp {
    private static final int ROWS = 2_000;

    private TableWarmUp() {
    }

    /** Runs the warm-up; FX thread. Leaves nothing behind: the table and its scene are dropped. */
    public static void run(ThemeManager themes) {
        ResourceTableModel<Volume> model = new ResourceTableModel<>(Volume::volumeId);
        ResourceTable<Volume> table = new ResourceTable<>(model, List.of(
                Column.<Volume, String>of("name", "Name", Volume::volumeId).width(190).identifier(),
                Column.<Volume, String>of("id", "Volume id", Volume::volumeId).width(170).mono(),
                Column.<Volume, Long>of("size", "Size", Volume::capacityBytes).format(ByteSize::format).width(90).alignRight(),
                Column.<Volume, String>of("published", "Published to", v -> String.join(", ", v.publishedNodeIds())).width(140)));
        Scene scene = new Scene(table, 1280, 720);
        themes.style(scene); // (the theme manager holds its scenes weakly)
        List<Volume> rows = new ArrayList<>(ROWS);
        for (int i = 0; i < ROWS; i++) rows.add(Volume.csi("warm-up-" + i, (long) (i + 1) << 30));
        model.replaceAll(rows);
        table.applyCss();
        table.layout();
        table.tableView().scrollTo(ROWS / 2);
        table.layout();
        table.tableView().getSortOrder().setAll(table.tableView().getColumns().get(2));
        table.layout();
        model.replaceAll(List.of());
        scene.setRoot(new javafx.scene.layout.Pane());
    }
}
