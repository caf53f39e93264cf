package org.csiconsole.views.form;

import atlantafx.base.theme.Styles;
import javafx.application.Platform;
import javafx.event.ActionEvent;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.ProgressIndicator;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputControl;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.csiconsole.views.theme.ConsoleStyles;
import javafx.scene.control.ScrollPane;
import org.csiconsole.views.dialog.DialogFit;
import org.csiconsole.views.dialog.Failures;
import org.csiconsole.views.task.UiTask;

import java.util.function.Function;

/**
 * Shows any {@link Form} as a dialog: a label and an input per field, the field's problem in words
 * under it, and the confirming button enabled only while the form is valid. The result is true
 * when the person confirmed a valid form.
 *
 * <p>With a submission ({@link #FormDialog(Form, Function)}) the confirming button starts it and
 * the dialog stays open while it runs (the fields and the button disabled, "Working…" shown); it
 * closes with true when the submission succeeds. A failure shows under the fields (what failed,
 * why, what to do, technical detail behind a link) with every value kept; the person corrects and
 * confirms again, or cancels. Cancel while a submission runs cancels its task and answers false.
 *
 * <p>Node ids: each input has the field id prefixed with {@code form-} (e.g. {@code form-name}),
 * each problem label {@code form-<id>-error}; the failure box {@code form-failure} with
 * {@code form-failure-why}, {@code form-failure-todo} and {@code form-failure-detail}; the running
 * indicator {@code form-busy}. A {@code key=value} field with known pairs has a picker under it
 * ({@code form-<id>-key}, {@code form-<id>-value}, {@code form-<id>-set}, see {@link KeyValuePicker}).
 */
public final class FormDialog extends Dialog<Boolean> {
    /** Height a failure takes at most under the fields before it scrolls in its own box. */
    static final double FAILURE_HEIGHT = 170;
    /** Height of the window's frame, the header, the running line and the buttons, which the fields leave free. */
    static final double FRAME_AND_BUTTONS = 250;
    private final ButtonType confirmType;
    private UiTask<?> running;

    public FormDialog(Form form) {
        this(form, null);
    }

    /**
     * @param submit starts the command for the form's values and returns its task (see
     *               {@link org.csiconsole.views.dialog.DialogService#submitForm}); null to only
     *               collect values
     */
    public FormDialog(Form form, Function<Form, UiTask<?>> submit) {
        setTitle(form.title());
        getDialogPane().getStyleClass().add(ConsoleStyles.FORM_DIALOG);
        confirmType = new ButtonType(form.actionLabel(), ButtonBar.ButtonData.OK_DONE);
        getDialogPane().getButtonTypes().addAll(ButtonType.CANCEL, confirmType);

        Label heading = new Label(form.title());
        heading.getStyleClass().add(ConsoleStyles.DIALOG_HEADING);
        // The title often holds a long name (a generated pvc-...): it wraps instead of being cut.
        heading.setWrapText(true);
        heading.setPrefWidth(520);
        heading.setMinHeight(Label.USE_PREF_SIZE);
        VBox header = new VBox(4, heading);
        if (!form.connection().isEmpty()) {
            Label on = new Label("On connection " + form.connection());
            on.setId("form-connection");
            on.getStyleClass().add(ConsoleStyles.STRONG);
            on.setWrapText(true);
            on.setPrefWidth(520);
            on.setMinHeight(Label.USE_PREF_SIZE);
            header.getChildren().add(on);
        }
        if (!form.message().isEmpty()) {
            Label message = new Label(form.message());
            message.setWrapText(true);
            // A wrapped label asks for its whole text on one line; the form's width decides instead.
            message.setPrefWidth(520);
            message.setMinHeight(Label.USE_PREF_SIZE);
            message.getStyleClass().add(ConsoleStyles.MUTED);
            header.getChildren().add(message);
        }
        header.getStyleClass().add(ConsoleStyles.DIALOG_HEADER);
        header.setPadding(new Insets(18, 20, 6, 20));
        getDialogPane().setHeader(header);

        GridPane grid = new GridPane();
        grid.setHgap(12);
        grid.setVgap(4);
        ColumnConstraints k = new ColumnConstraints();
        k.setMinWidth(javafx.scene.layout.Region.USE_PREF_SIZE);
        ColumnConstraints v = new ColumnConstraints();
        v.setHgrow(Priority.ALWAYS);
        v.setMinWidth(300);
        grid.getColumnConstraints().addAll(k, v);
        int row = 0;
        Node first = null;
        for (Form.Field f : form.fields()) {
            Label label = new Label(f instanceof Toggle ? "" : f.label());
            label.setMinWidth(Label.USE_PREF_SIZE);
            label.getStyleClass().add(ConsoleStyles.PROPERTY_KEY);
            Node input = input(f);
            // A field with suggestions is an editable combo box; its text editor carries the id.
            (input instanceof ComboBox<?> box && box.isEditable() ? box.getEditor() : input).setId("form-" + f.id());
            input.disableProperty().bind(f.enabled().not());
            if (first == null) first = input;
            // A key=value field with known pairs gets a key and value picker under it.
            if (f instanceof TextInput t && t.offeringKeyValues()) input = new VBox(4, input, new KeyValuePicker(t));
            Label error = new Label();
            error.setId("form-" + f.id() + "-error");
            error.getStyleClass().addAll(ConsoleStyles.FIELD_ERROR, Styles.DANGER);
            error.setWrapText(true);
            error.textProperty().bind(f.error());
            // A problem shows once the person has changed the field, not on a fresh form.
            javafx.beans.property.BooleanProperty touched = new javafx.beans.property.SimpleBooleanProperty(false);
            watch(f, touched);
            error.visibleProperty().bind(f.error().isNotEmpty().and(touched));
            error.managedProperty().bind(error.visibleProperty());
            Label note = new Label();
            note.setId("form-" + f.id() + "-note");
            note.getStyleClass().add(ConsoleStyles.FORM_WARNING);
            note.setWrapText(true);
            note.setMinHeight(Label.USE_PREF_SIZE);
            note.textProperty().bind(f.note());
            note.visibleProperty().bind(javafx.beans.binding.Bindings.isNotEmpty(f.note()));
            note.managedProperty().bind(note.visibleProperty());
            VBox cell = new VBox(2, input, error, note);
            if (!f.help().isEmpty()) {
                Label help = new Label(f.help());
                help.getStyleClass().add(ConsoleStyles.MUTED);
                help.setWrapText(true);
                help.setMinHeight(Label.USE_PREF_SIZE);
                cell.getChildren().add(help);
            }
            grid.add(label, 0, row);
            grid.add(cell, 1, row);
            GridPane.setMargin(label, new Insets(6, 0, 0, 0));
            label.setAlignment(javafx.geometry.Pos.TOP_LEFT);
            GridPane.setValignment(label, javafx.geometry.VPos.TOP);
            row++;
        }
        grid.setPadding(new Insets(8, 20, 12, 20));
        grid.setPrefWidth(560);
        grid.disableProperty().bind(form.busyProperty());
        // The fields scroll when the screen is too small for them; the running line and the failure
        // stay in view under them, above the buttons.
        // A long form must not make the window taller than the screen (the buttons would leave it):
        // the fields ask for their height at the width they get (their help wraps whole) up to the screen's
        // height less the header, the failure box and the buttons, and scroll beyond that.
        ScrollPane fields = DialogFit.scrolling(grid, Math.max(300, javafx.stage.Screen.getPrimary().getVisualBounds().getHeight()
                - FRAME_AND_BUTTONS - FAILURE_HEIGHT));
        VBox.setVgrow(fields, Priority.ALWAYS);
        VBox content = new VBox(fields, busy(form), failure(form, () -> DialogFit.fit(this)));
        content.setPadding(new Insets(0, 0, 8, 0));
        getDialogPane().setContent(content);

        Button confirm = (Button) getDialogPane().lookupButton(confirmType);
        confirm.getStyleClass().add(Styles.ACCENT);
        confirm.disableProperty().bind(form.valid().not().or(form.busyProperty()));
        if (submit == null) {
            setResultConverter(b -> b == confirmType && form.valid().get());
        } else {
            // The confirming button starts the submission and keeps the dialog open; only its
            // success closes it. Cancel (or the window's close box) cancels a submission in flight.
            confirm.addEventFilter(ActionEvent.ACTION, e -> {
                e.consume();
                if (form.valid().get() && !form.busyProperty().get()) start(form, submit);
            });
            setResultConverter(b -> {
                if (running != null) running.cancel();
                return false;
            });
        }
        // The failure box and the running line change the content's height: the window follows, so
        // the buttons and the message stay in view.
        form.failureProperty().addListener((o, a, b) -> DialogFit.fit(this));
        form.busyProperty().addListener((o, a, b) -> DialogFit.fit(this));
        setOnShowing(e -> form.showingProperty().set(true));
        setOnHidden(e -> form.showingProperty().set(false));
        Node focus = first;
        setOnShown(e -> {
            DialogFit.fit(this);
            if (focus != null) Platform.runLater(focus::requestFocus);
        });
    }

    private void start(Form form, Function<Form, UiTask<?>> submit) {
        UiTask<?> task = submit.apply(form);
        running = task;
        task.outcome().whenComplete((v, error) -> {
            if (running == task) running = null;
            if (error == null && isShowing()) {
                setResult(true);
                close();
            }
        });
    }

    private static Node busy(Form form) {
        ProgressIndicator spinner = new ProgressIndicator();
        spinner.setPrefSize(16, 16);
        Label working = new Label("Working\u2026", spinner);
        working.setId("form-busy");
        working.getStyleClass().add(ConsoleStyles.MUTED);
        working.setPadding(new Insets(0, 20, 4, 20));
        working.visibleProperty().bind(form.busyProperty());
        working.managedProperty().bind(working.visibleProperty());
        return working;
    }

    /** What the last submission's failure says, under the fields, with the technical detail behind a link. */
    private static Node failure(Form form, Runnable refit) {
        Label what = new Label();
        what.getStyleClass().addAll(ConsoleStyles.STRONG, Styles.DANGER);
        what.setWrapText(true);
        Label why = new Label();
        why.setId("form-failure-why");
        why.setWrapText(true);
        why.setMinHeight(Label.USE_PREF_SIZE);
        Label todo = new Label();
        todo.setId("form-failure-todo");
        todo.setWrapText(true);
        todo.setMinHeight(Label.USE_PREF_SIZE);
        todo.managedProperty().bind(todo.visibleProperty());
        Label detail = new Label();
        detail.setId("form-failure-detail");
        detail.getStyleClass().add(ConsoleStyles.MONO);
        detail.setWrapText(true);
        detail.setMinHeight(Label.USE_PREF_SIZE);
        detail.setVisible(false);
        detail.managedProperty().bind(detail.visibleProperty());
        Hyperlink toggle = new Hyperlink("Show technical detail");
        toggle.setOnAction(e -> {
            detail.setVisible(!detail.isVisible());
            toggle.setText(detail.isVisible() ? "Hide technical detail" : "Show technical detail");
            refit.run();
        });
        VBox box = new VBox(4, what, why, todo, toggle, detail);
        box.setId("form-failure");
        box.getStyleClass().add(ConsoleStyles.FORM_FAILURE);
        // a long failure (a driver's message, the technical detail) scrolls inside its own bounded box
        ScrollPane bounded = DialogFit.scrolling(box, FAILURE_HEIGHT);
        bounded.setId("form-failure-scroll");
        VBox.setMargin(bounded, new Insets(0, 20, 4, 20));
        bounded.visibleProperty().bind(form.failureProperty().isNotNull());
        bounded.managedProperty().bind(bounded.visibleProperty());
        form.failureProperty().addListener((o, a, f) -> {
            if (f == null) return;
            what.setText(f.what() + " failed: " + Failures.heading(f).toLowerCase(java.util.Locale.ROOT));
            why.setText(f.why());
            todo.setText(f.whatToDo());
            todo.setVisible(!f.whatToDo().isBlank());
            detail.setText("Kind: " + f.kind() + (f.detail().isBlank() ? "" : "\n" + f.detail()));
        });
        return bounded;
    }

    public ButtonType confirmButtonType() {
        return confirmType;
    }

    private static void watch(Form.Field f, javafx.beans.property.BooleanProperty touched) {
        if (f instanceof TextInput t) t.text().addListener((o, a, b) -> touched.set(true));
        else if (f instanceof Choice<?> c) c.value().addListener((o, a, b) -> touched.set(true));
        else if (f instanceof Picks<?> p) p.chosen().addListener((javafx.collections.ListChangeListener<Object>) ch -> touched.set(true));
        else if (f instanceof Toggle t) t.value().addListener((o, a, b) -> touched.set(true));
        else if (f instanceof KeyValues kv) kv.rows().addListener((javafx.collections.ListChangeListener<Object>) ch -> touched.set(true));
    }

    private static Node input(Form.Field f) {
        if (f instanceof TextInput t) {
            if (t.suggesting()) {
                ComboBox<String> box = new ComboBox<>(t.suggestions());
                box.setEditable(true);
                box.setCellFactory(l -> new javafx.scene.control.ListCell<>() {
                    @Override
                    protected void updateItem(String item, boolean empty) {
                        super.updateItem(item, empty);
                        setText(empty ? null : t.describe(item));
                    }
                });
                box.setMaxWidth(Double.MAX_VALUE);
                box.getEditor().textProperty().bindBidirectional(t.text());
                return box;
            }
            TextInputControl c = switch (t.kind()) {
                case LINE -> new TextField();
                case SECRET -> new PasswordField();
                case LINES -> {
                    TextArea a = new TextArea();
                    a.setPrefRowCount(3);
                    a.getStyleClass().add(ConsoleStyles.MONO);
                    yield a;
                }
            };
            c.textProperty().bindBidirectional(t.text());
            return c;
        }
        if (f instanceof Picks<?> p) return PicksInput.of(p);
        if (f instanceof KeyValues kv) return KeyValuesInput.of(kv);
        if (f instanceof Toggle t) {
            javafx.scene.control.CheckBox box = new javafx.scene.control.CheckBox(t.label());
            box.setWrapText(true);
            box.selectedProperty().bindBidirectional(t.value());
            return box;
        }
        Choice<?> c = (Choice<?>) f;
        return combo(c);
    }

    private static <E> ComboBox<E> combo(Choice<E> c) {
        ComboBox<E> box = new ComboBox<>(c.options());
        box.setMaxWidth(Double.MAX_VALUE);
        box.setConverter(new StringConverter<>() {
            @Override
            public String toString(E e) {
                return c.name(e);
            }

            @Override
            public E fromString(String s) {
                return c.options().stream().filter(o -> c.name(o).equals(s)).findFirst().orElse(null);
            }
        });
        box.valueProperty().bindBidirectional(c.value());
        TypeAhead.install(box, c::name);
        return box;
    }

}
