package org.csiconsole.views.replication;

import atlantafx.base.controls.Spacer;
import atlantafx.base.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ToggleButton;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.FlowPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Priority;
import org.csiconsole.core.replication.ReplicationState;
import org.csiconsole.views.Icons;
import org.csiconsole.views.theme.ConsoleStyles;
import org.kordamp.ikonli.material2.Material2AL;
import org.kordamp.ikonli.material2.Material2MZ;

/**
 * The replication perspective's header: site A and site B pickers with a swap, a chip per
 * {@link ReplicationState} with its rows (split brain, stale, mismatched, resyncing, error, degraded,
 * healthy, health unknown; they add up to the rows, and a click filters the table to them) and the
 * settings and faults buttons. Node ids: {@code repl-site-a}, {@code repl-site-b}, {@code repl-swap-sites},
 * {@code repl-chip-<kind>} ({@link #chipId}) in {@code repl-chips}
 * (they wrap onto more lines when the header is narrow),
 * {@code repl-settings}, {@code repl-faults}.
 */
final class ReplicationHeader extends HBox {
    /** Width the chips take in one line before they wrap, in pixels (the header's preferred share of them). */
    private static final double CHIPS_WRAP = 400;
    private final ToggleButton faults = new ToggleButton(null, Icons.of(Material2MZ.SCIENCE));
    private final Button settings = new Button(null, Icons.of(Material2MZ.SETTINGS));

    /**
     * @param onChip what a click on a state's chip does (the view shows the rows in that state)
     */
    ReplicationHeader(ReplicationViewModel model, java.util.function.Consumer<ReplicationState> onChip) {
        super(8);
        getStyleClass().add(ConsoleStyles.REPL_HEADER);
        setAlignment(Pos.CENTER_LEFT);
        setPadding(new Insets(8, 10, 8, 10));
        ComboBox<SiteChoice> a = sitePicker(model, "repl-site-a");
        follow(a, model.siteAProperty());
        ComboBox<SiteChoice> b = sitePicker(model, "repl-site-b");
        follow(b, model.siteBProperty());
        Button swap = new Button(null, Icons.of(Material2MZ.SWAP_HORIZ));
        swap.setId("repl-swap-sites");
        swap.getStyleClass().addAll(Styles.BUTTON_ICON, Styles.FLAT);
        swap.setTooltip(new Tooltip("Swap site A and site B"));
        swap.disableProperty().bind(Bindings.size(model.sites()).lessThan(2));
        swap.setOnAction(e -> {
            SiteChoice x = model.siteAProperty().get();
            model.siteAProperty().set(model.siteBProperty().get());
            model.siteBProperty().set(x);
        });
        Label la = new Label("A");
        la.getStyleClass().add(ConsoleStyles.SECTION_TITLE);
        la.setTooltip(new Tooltip("Site A: its volumes stand first in the site pairs"));
        Label lb = new Label("B");
        lb.getStyleClass().add(ConsoleStyles.SECTION_TITLE);
        lb.setTooltip(new Tooltip("Site B: the partner site"));

        // The chips wrap onto a second line rather than widen the header: at 1280x800 a header as wide as every
        // chip in one line would make the view wider than its room and squeeze the navigator beside it.
        FlowPane chips = new FlowPane(6, 4);
        for (ReplicationState state : ReplicationState.values()) chips.getChildren().add(chip(model, state, onChip));
        chips.setAlignment(Pos.CENTER_LEFT);
        chips.setPrefWrapLength(CHIPS_WRAP);
        // no wider than they wrap at: the height the header asks for is the height of the lines the chips take
        chips.setMaxWidth(CHIPS_WRAP);
        chips.setId("repl-chips");
        HBox.setHgrow(chips, Priority.ALWAYS);

        settings.setId("repl-settings");
        settings.getStyleClass().addAll(Styles.BUTTON_ICON, Styles.FLAT);
        settings.setTooltip(new Tooltip("Sampling interval and RPO thresholds"));
        settings.setOnAction(e -> new SamplingSettingsPopup(model).show(settings));
        faults.setId("repl-faults");
        faults.getStyleClass().addAll(Styles.SMALL, Styles.BUTTON_ICON);
        faults.setText(null);
        faults.setTooltip(new Tooltip("Demo mode: take links down, make a split brain, set array errors, drive resyncs"));
        faults.visibleProperty().bind(model.faultsProperty().isNotNull());
        faults.managedProperty().bind(faults.visibleProperty());
        getChildren().addAll(la, a, swap, lb, b, new Spacer(12), chips, faults, settings);
    }

    ToggleButton faultsToggle() {
        return faults;
    }

    /**
     * The picker shows {@code site} and a pick sets it; a pick the model refuses (core's one-connection rule) shows the
     * site kept again, as a bidirectional binding would leave the refused pick on show.
     */
    private static void follow(ComboBox<SiteChoice> picker, javafx.beans.property.ObjectProperty<SiteChoice> site) {
        picker.setValue(site.get());
        site.addListener((o, was, now) -> picker.setValue(now));
        picker.valueProperty().addListener((o, was, now) -> {
            if (now != site.get()) site.set(now);
            if (picker.getValue() != site.get()) picker.setValue(site.get());
        });
    }

    /**
     * Why the last pick of a site did not stand as picked, in core's words (node id {@code repl-site-note}); hidden
     * while there is nothing to say. It belongs below the table, where its lines cannot move the rows.
     */
    static Label siteNote(ReplicationViewModel model) {
        Label note = new Label();
        note.setId("repl-site-note");
        note.setWrapText(true);
        note.getStyleClass().add(ConsoleStyles.FORM_WARNING);
        note.setPadding(new Insets(4, 10, 4, 10));
        note.setGraphic(Icons.of(Material2MZ.WARNING, 14));
        note.textProperty().bind(model.siteNoteProperty());
        note.visibleProperty().bind(model.siteNoteProperty().isNotEmpty());
        note.managedProperty().bind(note.visibleProperty());
        return note;
    }

    private static ComboBox<SiteChoice> sitePicker(ReplicationViewModel model, String id) {
        ComboBox<SiteChoice> c = new ComboBox<>(model.sites());
        c.setId(id);
        c.getStyleClass().add(Styles.SMALL);
        c.setPromptText("No site");
        c.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(SiteChoice s, boolean empty) {
                super.updateItem(s, empty);
                setText(empty || s == null ? null : s.label());
            }
        });
        // The button and the list name the connection beside the site: two connections may serve sites of one name.
        c.setButtonCell(new ListCell<>() {
            @Override
            protected void updateItem(SiteChoice s, boolean empty) {
                super.updateItem(s, empty);
                setText(empty || s == null ? null : s.label());
            }
        });
        // wide enough for the longest label in the button's own font, so the closed picker names the connection too
        // ("site-a \u00b7 Demo"), never cut to "site-a ..."
        ListCell<SiteChoice> button = c.getButtonCell();
        c.minWidthProperty().bind(Bindings.createDoubleBinding(() -> PICKER_CHROME + model.sites().stream()
                .mapToDouble(s -> textWidth(s.label(), button.getFont())).max().orElse(80), model.sites(), button.fontProperty()));
        c.prefWidthProperty().bind(c.minWidthProperty());
        c.setTooltip(new Tooltip("With two sites (two connections, or one driver serving both arrays) each volume stands next to its partner"));
        return c;
    }

    /** Room a site picker takes beside its label: the cell's padding, the arrow button and the border. */
    private static final double PICKER_CHROME = 64;

    private static double textWidth(String text, javafx.scene.text.Font font) {
        javafx.scene.text.Text t = new javafx.scene.text.Text(text);
        t.setFont(font);
        return Math.ceil(t.getLayoutBounds().getWidth());
    }

    /** The widest count a chip keeps room for, so a count that gains a digit does not widen it. */
    private static final String RESERVED_COUNT = "888";

    /** The chip id of {@code state}: {@code repl-chip-split} for split brain, else the state's name, e.g. {@code repl-chip-healthy}. */
    static String chipId(ReplicationState state) {
        return "repl-chip-" + (state == ReplicationState.SPLIT_BRAIN ? "split" : state.name().toLowerCase(java.util.Locale.ROOT));
    }

    /**
     * One state's chip: how many rows are in it (each row is in one state, so the chips add up to the
     * rows); a click shows those rows. Every state's chip is always shown, muted at 0, and takes the room of a
     * three-digit count: the chips never appear, grow or wrap anew while the admin works, so the toolbar and the
     * table below them never move under the pointer.
     */
    private static Label chip(ReplicationViewModel model, ReplicationState state, java.util.function.Consumer<ReplicationState> onChip) {
        Label l = new Label();
        l.setId(chipId(state));
        l.getStyleClass().add(ConsoleStyles.REPL_CHIP);
        String tip = state.meaning() + " Click to show only these volumes and groups; click again to show all.";
        l.setTooltip(new Tooltip(tip));
        l.setCursor(javafx.scene.Cursor.HAND);
        l.setOnMouseClicked(e -> onChip.accept(state));
        String style = ReplicationTexts.chipStyle(state);
        String words = state.words().toLowerCase(java.util.Locale.ROOT);
        Runnable update = () -> {
            int n = model.countsProperty().get().count(state);
            // a split brain is one of a pair's two sides: the rows (which the chips add up to) and the pairs a recovery acts on
            int pairs = model.countsProperty().get().splitBrainPairs();
            l.setText(state == ReplicationState.SPLIT_BRAIN ? n + " in " + pairs + (pairs == 1 ? " split-brain pair" : " split-brain pairs")
                    : n + " " + words);
            if (state == ReplicationState.SPLIT_BRAIN) {
                l.getTooltip().setText(n + (n == 1 ? " volume or group" : " volumes and groups") + " in " + pairs
                        + (pairs == 1 ? " pair. " : " pairs. ") + tip);
            }
            l.getStyleClass().removeAll(ConsoleStyles.REPL_CHIP_OK, ConsoleStyles.REPL_CHIP_WARNING,
                    ConsoleStyles.REPL_CHIP_DANGER, ConsoleStyles.REPL_CHIP_MUTED);
            l.getStyleClass().add(n == 0 ? ConsoleStyles.REPL_CHIP_MUTED : style);
            boolean icon = state.tone() != ReplicationState.Tone.OK && state.tone() != ReplicationState.Tone.MUTED;
            l.setGraphic(!icon ? null : Icons.of(state.tone() == ReplicationState.Tone.DANGER ? Material2AL.ERROR : Material2MZ.WARNING, 12));
        };
        model.countsProperty().addListener((o, x, y) -> update.run());
        update.run();
        l.minWidthProperty().bind(Bindings.createDoubleBinding(() -> Math.ceil(l.getInsets().getLeft() + l.getInsets().getRight()
                        + (l.getGraphic() == null ? 0 : l.getGraphic().prefWidth(-1) + l.getGraphicTextGap())
                        + textWidth(RESERVED_COUNT + " " + (state == ReplicationState.SPLIT_BRAIN
                        ? "in " + RESERVED_COUNT + " split-brain pairs" : words), l.getFont())),
                l.insetsProperty(), l.fontProperty(), l.graphicProperty(), l.graphicTextGapProperty()));
        return l;
    }
}
