package org.csiconsole.views.form;

import atlantafx.base.theme.Styles;
import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Dialog;
import javafx.scene.control.Label;
import javafx.scene.control.PasswordField;
import javafx.scene.control.TextArea;
import javafx.scene.control.TextField;
import javafx.scene.control.TextInputControl;
import javafx.scene.layout.ColumnConstraints;
import javafx.scene.layout.GridPane;
import javafx.scene.layout.Priority;
import javafx.scene.layout.VBox;
import javafx.util.StringConverter;
import org.csiconsole.views.theme.ConsoleStyles;

/**
 * Shows any {@link Form} as a dialog: a label and an input per field, the field's problem in words
 * under it, and the confirming button enabled only while the form is valid. The result is true
 * when the person confirmed a valid form.
 *
 * <p>Node ids: each input has the field id prefixed with {@code form-} (e.g. {@code form-name}),
 * each problem label {@code form-<id>-error}.
 */
public final class FormDialog extends Dialog<Boolean> {
    private final ButtonType confirmType;

    public FormDialog(Form form) {
        setTitle(form.title());
        getDialogPane().getStyleClass().add(ConsoleStyles.FORM_DIALOG);
        confirmType = new ButtonType(form.actionLabel(), ButtonBar.ButtonData.OK_DONE);
        getDialogPane().getButtonTypes().addAll(ButtonType.CANCEL, confirmType);

        Label heading = new Label(form.title());
        heading.getStyleClass().add(ConsoleStyles.DIALOG_HEADING);
        VBox header = new VBox(4, heading);
        if (!form.message().isEmpty()) {
            Label message = new Label(form.message());
            message.setWrapText(true);
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
            Label label = new Label(f.label());
            label.setMinWidth(Label.USE_PREF_SIZE);
            label.getStyleClass().add(ConsoleStyles.PROPERTY_KEY);
            Node input = input(f);
            input.setId("form-" + f.id());
            input.disableProperty().bind(f.enabled().not());
            if (first == null) first = input;
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
            VBox cell = new VBox(2, input, error);
            if (!f.help().isEmpty()) {
                Label help = new Label(f.help());
                help.getStyleClass().add(ConsoleStyles.MUTED);
                help.setWrapText(true);
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
        getDialogPane().setContent(grid);

        Button confirm = (Button) getDialogPane().lookupButton(confirmType);
        confirm.getStyleClass().add(Styles.ACCENT);
        confirm.disableProperty().bind(form.valid().not());
        setResultConverter(b -> b == confirmType && form.valid().get());
        Node focus = first;
        if (focus != null) setOnShown(e -> Platform.runLater(focus::requestFocus));
    }

    public ButtonType confirmButtonType() {
        return confirmType;
    }

    private static void watch(Form.Field f, javafx.beans.property.BooleanProperty touched) {
        if (f instanceof TextInput t) t.text().addListener((o, a, b) -> touched.set(true));
        else if (f instanceof Choice<?> c) c.value().addListener((o, a, b) -> touched.set(true));
    }

    private static Node input(Form.Field f) {
        if (f instanceof TextInput t) {
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
        return box;
    }

}
