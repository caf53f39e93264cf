package org.csiconsole.views.volumes;

import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.risk.RiskOperation;
import org.csiconsole.views.dialog.DialogService;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.form.TextInput;
import org.csiconsole.views.resource.BulkConfirm;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.task.UiTask;

import java.time.LocalDateTime;
import java.time.format.DateTimeFormatter;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * The volume commands that act on every selected volume: delete (DeleteVolume) and snapshot
 * (CreateSnapshot). One volume keeps the one-volume dialogs (typed name, snapshot form); several
 * get one confirmation for all and run as one task with per-item results
 * ({@link org.csiconsole.views.action.ActionRunner#runEach}).
 */
final class VolumeBulkCommands {
    private final ViewContext context;
    private final BiConsumer<List<Volume>, String> removed;
    private final BiConsumer<List<Volume>, String> snapshotted;

    /**
     * @param removed on the UI thread with the volumes deleted (to drop from the table) and what
     *     was done in words ({@code "Deleted 8 volumes"}); not called when none was deleted
     * @param snapshotted on the UI thread with the volumes a snapshot was taken of and what was done
     *     in words; not called when none was taken
     */
    /**
     * Asks the one risk model's consent for an operation on volumes, the volumes read as the assessment must
     * see them first ({@link VolumesViewModel#withPlacements}, {@link VolumesViewModel#consent}); runs
     * {@code then} with them once consented.
     */
    @FunctionalInterface
    interface ConsentAsker {
        void ask(RiskOperation op, List<Volume> targets, String node, Map<String, String> sends, String actionLabel,
                 java.util.function.Consumer<List<Volume>> then);
    }

    private final ConsentAsker consent;

    VolumeBulkCommands(ViewContext context, ConsentAsker consent, BiConsumer<List<Volume>, String> removed,
                       BiConsumer<List<Volume>, String> snapshotted) {
        this.context = context;
        this.consent = consent;
        this.removed = removed;
        this.snapshotted = snapshotted;
    }

    private DialogService dialogs() {
        return context.actions().dialogs();
    }

    /**
     * Deletes {@code volumes} after the consent the risk model asks (the name typed for one; a phrase
     * naming them for several), showing each one's size, where it is published or staged, and its
     * replication role; a volume known to be published or staged is not deleted unless overridden.
     */
    void delete(List<Volume> volumes) {
        if (volumes.isEmpty()) return;
        Map<String, String> sends = volumes.size() == 1 ? Map.of("volume_id", volumes.get(0).volumeId()) : Map.of();
        consent.ask(RiskOperation.DELETE_VOLUME, volumes, "", sends, "Delete", read -> send(read));
    }

    private void send(List<Volume> volumes) {
        if (volumes.size() == 1) {
            Volume v = volumes.get(0);
            context.actions().run("Delete volume " + v.displayName(), p -> context.storage().deleteVolume(v.volumeId()), x -> "Deleted.")
                    .outcome().thenRun(() -> removed.accept(List.of(v), "Deleted volume " + v.displayName()));
            return;
        }
        context.actions().runEach("Delete " + volumes.size() + " volumes", volumes, Volume::displayName,
                v -> context.storage().deleteVolume(v.volumeId()), "Deleted", "volumes",
                r -> {
                    if (r.done() > 0) removed.accept(r.doneItems(), "Deleted " + r.done() + " volumes");
                });
    }

    /** Snapshots {@code volumes}: one through the snapshot form, several through one form for all. */
    void snapshot(List<Volume> volumes) {
        if (volumes.isEmpty()) return;
        String stamp = LocalDateTime.now().format(DateTimeFormatter.ofPattern("yyyyMMdd-HHmm", Locale.ROOT));
        if (volumes.size() == 1) {
            snapshotOne(volumes.get(0), stamp);
            return;
        }
        List<String> names = volumes.stream().map(Volume::displayName).toList();
        Form form = new Form("Snapshot " + volumes.size() + " volumes",
                "CreateSnapshot of each volume, one after another; each snapshot is named after its volume with the suffix: "
                        + String.join(", ", names.size() > 6 ? names.subList(0, 6) : names) + (names.size() > 6 ? ", \u2026" : "") + ".",
                "Create " + volumes.size() + " snapshots").on(context.connectionName());
        form.addText("suffix", "Name suffix", "-snap-" + stamp, TextInput.Kind.LINE,
                "Added to each volume's name; the names make the requests safe to repeat.", suffix -> names.stream()
                        .map(n -> VolumeForms.checkName(n + suffix)).filter(e -> !e.isEmpty()).findFirst().orElse(""));
        form.addText("parameters", "Parameters", "", TextInput.Kind.LINES, "One key=value per line, for every snapshot.", Form::checkKeyValues);
        if (!dialogs().showForm(form)) return;
        String suffix = form.text("suffix").value();
        Map<String, String> params = Form.parseKeyValues(form.text("parameters").text().get());
        context.actions().runEach("Snapshot " + volumes.size() + " volumes", volumes, Volume::displayName,
                v -> context.storage().createSnapshot(v.volumeId(), v.displayName() + suffix, params).thenApply(this::known),
                "Snapshotted", "volumes",
                r -> {
                    if (r.done() > 0) snapshotted.accept(r.doneItems(), "Created snapshots of " + r.done() + " volumes");
                });
    }

    private void snapshotOne(Volume v, String stamp) {
        Form form = new Form("Snapshot " + v.displayName(), "CreateSnapshot cuts a point-in-time copy; the name makes it safe to repeat.", "Create")
                .on(context.connectionName());
        form.addText("name", "Name", v.displayName() + "-snap-" + stamp, TextInput.Kind.LINE, "", VolumeForms::checkName);
        form.addText("parameters", "Parameters", "", TextInput.Kind.LINES, "One key=value per line.", Form::checkKeyValues);
        dialogs().submitForm(form, f -> {
            String name = f.text("name").value();
            Map<String, String> params = Form.parseKeyValues(f.text("parameters").text().get());
            UiTask<Snapshot> task = context.actions().run(f, "Snapshot " + v.displayName(),
                    p -> context.storage().createSnapshot(v.volumeId(), name, params),
                    s -> "Created snapshot " + (s.name().isEmpty() ? s.snapshotId() : s.name()) + (s.readyToUse() ? "." : "; it is not ready to use yet."));
            task.outcome().thenAccept(s -> {
                known(s);
                snapshotted.accept(List.of(v), "Created snapshot " + (s.name().isEmpty() ? s.snapshotId() : s.name()));
            });
            return task;
        });
    }

    /** Keeps {@code s} known to this console (shown where the driver cannot list snapshots). */
    private Snapshot known(Snapshot s) {
        context.ui().execute(() -> context.known().snapshots().created(s.snapshotId(), s, java.time.Instant.now()));
        return s;
    }
}
