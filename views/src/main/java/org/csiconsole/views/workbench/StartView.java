package org.csiconsole.views.workbench;

import atlantafx.base.theme.Styles;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableStringValue;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.Node;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.image.Image;
import javafx.scene.image.ImageView;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import org.csiconsole.views.Icons;
import org.csiconsole.views.help.HelpTexts;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.theme.ConsoleStyles;
import org.kordamp.ikonli.Ikon;
import org.kordamp.ikonli.material2.Material2AL;

/**
 * The start page: what the console is, the open connections and their state, beside them the cards
 * features add ({@link StartSection}) such as the drivers found on this host, and the shortcuts. While the
 * demo is open, a line says it is simulated (node id {@code start-demo-note}).
 */
public final class StartView implements ResourceView {
    private final ScrollPane root;
    private final VBox connectionsBox = new VBox(8);
    private final ObservableList<ConnectionModel> connections;
    private final VBox connectionsCard;
    private final VBox keysCard;
    /** Connections, then the sections' cards, or the shortcuts when there is no section. */
    private final HBox firstRow = new HBox(16);
    /** The shortcuts, when sections took their place in the first row. */
    private final HBox secondRow = new HBox(16);
    private final ObservableList<StartSection> sections;
    /** While true, the page shows the hero and the connections only ({@link #holdCards()}). */
    private boolean cardsHeld;
    /** Each section's card, built once, when first shown. */
    private final java.util.Map<StartSection, VBox> cards = new java.util.IdentityHashMap<>();

    public StartView(ObservableList<ConnectionModel> connections) {
        this(connections, javafx.collections.FXCollections.observableArrayList());
    }

    /**
     * @param connections the open connections
     * @param sections the cards shown beside the connections (the shortcuts move below), followed as they change
     */
    public StartView(ObservableList<ConnectionModel> connections, ObservableList<StartSection> sections) {
        this.connections = connections;
        this.sections = sections;
        Node logo;
        Image image = Icons.applicationIcon(64);
        logo = image != null ? new ImageView(image) : Icons.of(Material2AL.LAYERS, 48);
        Label name = new Label("CSI Console");
        name.getStyleClass().add(Styles.TITLE_2);
        Label tagline = new Label("Volumes, snapshots, hosts and capacity of CSI drivers, csi-addons and HPE CSP arrays.");
        tagline.getStyleClass().add(ConsoleStyles.MUTED);
        tagline.setWrapText(true);
        Label demo = new Label(HelpTexts.DEMO_NOTE, Icons.of(Material2AL.INFO, 14));
        demo.setId("start-demo-note");
        demo.setWrapText(true);
        demo.setMinHeight(Region.USE_PREF_SIZE);
        demo.getStyleClass().add(ConsoleStyles.MUTED);
        javafx.beans.binding.BooleanBinding demoOpen = Bindings.createBooleanBinding(() -> connections.stream()
                .anyMatch(c -> c.profile().kind() == org.csiconsole.core.session.ConnectionKind.DEMO), connections);
        demo.visibleProperty().bind(demoOpen);
        demo.managedProperty().bind(demoOpen);
        VBox titles = new VBox(4, name, tagline, demo);
        HBox hero = new HBox(18, logo, titles);
        hero.setAlignment(Pos.CENTER_LEFT);

        connectionsCard = card("Connections", connectionsBox);
        connections.addListener((ListChangeListener<ConnectionModel>) c -> fillConnections());
        fillConnections();

        GridPane keys = new GridPane();
        keys.setHgap(16);
        keys.setVgap(6);
        for (int i = 0; i < HelpTexts.SHORTCUTS.size(); i++) {
            Label key = new Label(HelpTexts.SHORTCUTS.get(i).keys());
            key.getStyleClass().add(ConsoleStyles.KEYCAP);
            key.setMinWidth(Region.USE_PREF_SIZE);
            Label what = new Label(HelpTexts.SHORTCUTS.get(i).what());
            what.setWrapText(true);
            keys.addRow(i, key, what);
        }
        keysCard = card("Keyboard", keys);

        sections.addListener((ListChangeListener<StartSection>) c -> fillSections());
        fillSections();
        VBox page = new VBox(24, hero, firstRow, secondRow);
        page.setPadding(new Insets(32, 36, 32, 36));
        page.setMaxWidth(980);
        page.getStyleClass().add(ConsoleStyles.START_PAGE);
        root = new ScrollPane(page);
        root.setFitToWidth(true);
        root.getStyleClass().add(ConsoleStyles.START_VIEW);
        root.setId("start-view");
    }

    private void fillConnections() {
        connectionsBox.getChildren().clear();
        if (connections.isEmpty()) {
            connectionsBox.getChildren().add(new Label("No connection is open."));
        }
        for (ConnectionModel c : connections) {
            Label title = new Label(c.name());
            title.getStyleClass().add(Styles.TEXT_BOLD);
            Label target = new Label(c.profile().target());
            target.getStyleClass().addAll(ConsoleStyles.MONO, ConsoleStyles.MUTED);
            Label state = new Label();
            state.textProperty().bind(Bindings.createStringBinding(() -> c.stateProperty().get().label(), c.stateProperty()));
            state.getStyleClass().add(ConsoleStyles.BADGE);
            Label note = new Label();
            note.textProperty().bind(c.noteProperty());
            note.getStyleClass().add(ConsoleStyles.MUTED);
            note.setWrapText(true);
            note.managedProperty().bind(c.noteProperty().isNotEmpty());
            HBox line = new HBox(10, title, state);
            line.setAlignment(Pos.CENTER_LEFT);
            connectionsBox.getChildren().add(new VBox(2, line, target, note));
        }
    }

    /**
     * Leaves the cards beside the connections (the sections' cards, the shortcuts) out of the page until
     * {@link #showCards()}: a window's first frame then styles and lays out the hero and the connections only.
     */
    void holdCards() {
        cardsHeld = true;
        fillSections();
    }

    /** Puts the cards {@link #holdCards()} left out back in the page; nothing when none were held. */
    void showCards() {
        if (!cardsHeld) return;
        cardsHeld = false;
        fillSections();
    }

    private void fillSections() {
        firstRow.getChildren().setAll(connectionsCard);
        if (cardsHeld) {
            secondRow.getChildren().clear();
            secondRow.setManaged(false);
            return;
        }
        for (StartSection s : sections) {
            firstRow.getChildren().add(cards.computeIfAbsent(s, x -> {
                VBox card = card(x.title(), x.content().get());
                card.setId(x.id());
                return card;
            }));
        }
        if (sections.isEmpty()) {
            secondRow.getChildren().clear();
            firstRow.getChildren().add(keysCard);
        } else {
            secondRow.getChildren().setAll(keysCard);
        }
        secondRow.setManaged(!sections.isEmpty());
    }

    private static VBox card(String title, Node content) {
        Label heading = new Label(title);
        heading.getStyleClass().add(ConsoleStyles.SECTION_TITLE);
        VBox card = new VBox(12, heading, content);
        card.getStyleClass().add(ConsoleStyles.CARD);
        card.setPadding(new Insets(16, 18, 18, 18));
        card.setPrefWidth(440);
        HBox.setHgrow(card, javafx.scene.layout.Priority.ALWAYS);
        return card;
    }

    @Override
    public ObservableStringValue title() {
        return Bindings.createStringBinding(() -> "Start");
    }

    @Override
    public Ikon icon() {
        return Material2AL.HOME;
    }

    @Override
    public Node node() {
        return root;
    }

    @Override
    public void activate() {
    }

    @Override
    public void deactivate() {
    }

    @Override
    public ViewAction refreshAction() {
        return ViewAction.unavailable("Refresh", "The start page has nothing to refresh");
    }

    @Override
    public ViewAction createAction() {
        return ViewAction.unavailable("New", "Open a resource view from the navigator to create something");
    }

    @Override
    public ViewAction deleteAction() {
        return ViewAction.unavailable("Delete", "Open a resource view from the navigator to delete something");
    }
}
