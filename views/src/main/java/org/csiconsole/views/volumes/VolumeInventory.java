package org.csiconsole.views.volumes;

import org.csiconsole.core.record.ConsoleBook;
import org.csiconsole.core.record.ExportReader;
import org.csiconsole.core.record.ImportResult;
import org.csiconsole.core.record.Recheck;
import org.csiconsole.core.record.RecordKind;
import org.csiconsole.core.record.RecordedItem;
import org.csiconsole.core.port.Feature;
import org.csiconsole.core.replication.ReplicationRequest;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.form.TextInput;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.task.UiTask;

import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CompletableFuture;

/**
 * The inventory of a driver that cannot list its volumes, kept in the console's record: "Import PV export…" reads a
 * {@code kubectl get pv -o json} file (off the UI thread) and records the CSI PVs of the connection's driver (its
 * GetPluginInfo name); "Add volume ids…" records ids a person pastes; "Re-check with the driver" marks the rows the
 * driver no longer knows. Each row keeps where it came from, which the
 * Volumes view shows beside it. A malformed file fails with the file and the field named.
 */
final class VolumeInventory {
    private final ViewContext context;
    private final Clock clock;

    VolumeInventory(ViewContext context, Clock clock) {
        this.context = context;
        this.clock = clock;
    }

    /** Reads {@code file} and records the driver's volumes from it; the outcome says how many and what was left out. */
    UiTask<String> importPvExport(Path file) {
        ConsoleBook book = context.known().book();
        ExportReader exports = context.known().exports();
        return context.actions().run("Import PV export " + file.getFileName(), p -> context.storage().pluginInfo()
                        .thenApplyAsync(info -> {
                            ImportResult r = exports.persistentVolumes(file, info.name(), clock.instant());
                            r.items().forEach(book::record);
                            return r.summary(info.name());
                        }),
                summary -> "Recorded " + summary + ".");
    }

    /**
     * Asks the driver about each volume of the record (ControllerGetVolume when GET_VOLUME is offered, else csi-addons
     * GetVolumeReplicationInfo) and marks those it no longer knows, which the view then notes "gone at the driver
     * since"; nothing is removed ({@link Recheck}).
     */
    UiTask<Recheck.Result> recheck() {
        ConsoleBook book = context.known().book();
        return context.actions().run("Re-check the record with the driver", p -> context.storage().features().thenCompose(f -> {
            java.util.function.Function<String, CompletableFuture<Boolean>> read = f.available(Feature.GET_VOLUME)
                    ? id -> Recheck.known(context.storage().getVolume(id))
                    : id -> Recheck.known(context.storage().replication().info(ReplicationRequest.of(ReplicationSource.volume(id))));
            return Recheck.check(book, RecordKind.VOLUME, read, clock);
        }), r -> "Re-checked the record: " + r.summary() + ".");
    }

    /** The form of "Add volume ids…": one id a line, blanks around it trimmed, at most {@link ExportReader#ID_BYTES} bytes. */
    static Form idsForm() {
        Form form = new Form("Add volume ids", "Each id is added to the console's record of this connection, noted as a pasted id, "
                + "and shown while the driver cannot list its volumes.", "Add");
        form.addText("ids", "Volume ids", "", TextInput.Kind.LINES, "volume_ids, one a line, each at most " + ExportReader.ID_BYTES
                        + " bytes; blanks around an id are trimmed.",
                t -> t.isBlank() ? "Give at least one volume_id." : "");
        return form;
    }

    /** Asks for ids and records them. */
    void addIds() {
        context.actions().dialogs().submitForm(idsForm(), f -> addIds(f, f.text("ids").value()));
    }

    UiTask<Integer> addIds(Form form, String text) {
        ConsoleBook book = context.known().book();
        return context.actions().run(form, "Add volume ids", p -> CompletableFuture.supplyAsync(() -> {
            List<RecordedItem> rows = ExportReader.pasted(RecordKind.VOLUME, text.lines().toList(), clock.instant());
            rows.forEach(book::record);
            return rows.size();
        }), n -> "Recorded " + n + " volume id" + (n == 1 ? "" : "s") + ".");
    }
}
