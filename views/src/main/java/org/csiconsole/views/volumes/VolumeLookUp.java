package org.csiconsole.views.volumes;

import org.csiconsole.core.model.Volume;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.form.TextInput;
import org.csiconsole.views.resource.Texts;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.task.UiTask;

import java.util.function.Consumer;

/**
 * "Look up by id": reads one volume by its volume_id (ControllerGetVolume, GET_VOLUME; CSP
 * {@code GET /volumes/{id}}) and hands it to the view, which keeps it in sight. What still works on
 * a driver that cannot list volumes (no LIST_VOLUMES). An unknown id fails NOT_FOUND inside the
 * form, the id kept.
 */
final class VolumeLookUp {
    private final ViewContext context;
    private final Consumer<Volume> found;

    VolumeLookUp(ViewContext context, Consumer<Volume> found) {
        this.context = context;
        this.found = found;
    }

    /** The look-up form: one volume_id. */
    static Form form() {
        Form form = new Form("Look up a volume by id",
                "ControllerGetVolume reads one volume by its volume_id; it is added to the table.", "Look up");
        form.addText("volumeId", "Volume id", "", TextInput.Kind.LINE, "The volume_id, as CreateVolume returned it.",
                id -> id.isBlank() ? "Give the volume_id of the volume to read." : "");
        return form;
    }

    /** Asks for a volume_id and reads it; a failure keeps the form open with the id. */
    void lookUp() {
        context.actions().dialogs().submitForm(form(), f -> lookUp(f, f.text("volumeId").value()));
    }

    private UiTask<Volume> lookUp(Form form, String volumeId) {
        UiTask<Volume> task = context.actions().run(form, "Look up volume " + volumeId,
                p -> context.storage().getVolume(volumeId).thenApply(context.known().book()::named),
                v -> "Found " + v.displayName() + " (" + Texts.reportedSize(v.capacityBytes()) + ").");
        task.outcome().thenAccept(found);
        return task;
    }
}
