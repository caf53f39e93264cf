package org.csiconsole.views.volumes;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import org.csiconsole.core.model.AccessType;
import org.csiconsole.core.model.CapabilityValidation;
import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.port.Feature;
import org.csiconsole.views.action.ViewAction;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.notify.Severity;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.task.UiTask;

import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * The volumes view's read-only check of one volume: ValidateVolumeCapabilities (CSI spec,
 * "ValidateVolumeCapabilities") of the selected volume with one capability chosen in a small form
 * ({@link VolumeForms#validate}: access type, access mode, file system), prefilled with the
 * volume's own. It changes nothing, so it asks for no confirmation and writes no audit entry; it
 * runs as a task, its call appears in the call trace, and the answer is told in words
 * ({@link #describe}): a success notification when confirmed, a warning with the driver's message
 * when not. A failure (NOT_FOUND for a volume_id the driver does not know, say) is explained as the
 * other commands' are, under the form while it shows.
 */
final class VolumeValidateCommand {
    /** The driver in words when GetPluginInfo does not name it. */
    static final String UNNAMED_DRIVER = "The driver";

    private final VolumesViewModel volumes;
    private final ViewContext context;
    private final ViewAction command;
    /** The driver's name from GetPluginInfo, read once; null until read. */
    private volatile String driver;

    VolumeValidateCommand(VolumesViewModel volumes, ViewContext context) {
        this.volumes = volumes;
        this.context = context;
        StringBinding reason = Bindings.createStringBinding(() -> {
            if (!volumes.features().available(Feature.VALIDATE_CAPABILITIES)) return volumes.features().reason(Feature.VALIDATE_CAPABILITIES);
            if (!volumes.oneRowReason().isEmpty()) return volumes.oneRowReason();
            Volume v = volumes.selected();
            if (v == null) return "Select one of the volumes first.";
            if (!volumes.goneReason().isEmpty()) return volumes.goneReason();
            if (v.origin() == Origin.CSP) {
                return v.displayName() + " is known only to the CSP array; ValidateVolumeCapabilities asks the CSI plugin, which does not list it.";
            }
            return "";
        }, volumes.featuresProperty(), volumes.selectedProperty(), volumes.selectedRows());
        command = new ViewAction("Validate capabilities\u2026", reason.isEmpty(), reason, this::validate);
    }

    ViewAction action() {
        return command;
    }

    /** Asks for the capability to check, then runs ValidateVolumeCapabilities of the selected volume as a task. */
    void validate() {
        Volume v = volumes.selected();
        if (v == null || !command.enabled().get()) return;
        Form form = VolumeForms.validate(v);
        context.actions().dialogs().submitForm(form, f -> run(f, v, VolumeForms.validated(f, v)));
    }

    private UiTask<CapabilityCheck> run(Form form, Volume v, VolumeCapability capability) {
        return context.actions().run(form, "Validate capabilities of " + v.displayName(),
                p -> context.storage().validateCapabilities(v.volumeId(), List.of(capability), v.volumeContext(), Map.of())
                        .thenCompose(r -> driverName().thenApply(name -> new CapabilityCheck(r, describe(name, capability, v.volumeId(), r)))),
                CapabilityCheck::words, a -> a.result().confirmed() ? Severity.SUCCESS : Severity.WARNING);
    }

    /** The driver's name (GetPluginInfo), read once; {@link #UNNAMED_DRIVER} when it cannot be read. */
    private CompletableFuture<String> driverName() {
        String known = driver;
        if (known != null) return CompletableFuture.completedFuture(known);
        return context.storage().pluginInfo().handle((info, e) -> {
            if (info == null || info.name().isBlank()) return UNNAMED_DRIVER;
            driver = info.name();
            return info.name();
        });
    }

    /**
     * The answer in words: {@code "Confirmed: csi.example.com supports mount (ext4), single node
     * writer for vol-1."} or {@code "Not confirmed: <the driver's message>"} ({@code "Not confirmed;
     * the driver gave no reason."} without one).
     */
    static String describe(String driver, VolumeCapability capability, String volumeId, CapabilityValidation r) {
        if (r.confirmed()) return "Confirmed: " + driver + " supports " + describe(capability) + " for " + volumeId + ".";
        return r.message().isBlank() ? "Not confirmed; the driver gave no reason." : "Not confirmed: " + r.message();
    }

    /** {@code "mount (ext4), single node writer"}, {@code "block, multi node multi writer"}. */
    static String describe(VolumeCapability c) {
        String type = c.accessType().name().toLowerCase(Locale.ROOT);
        String fs = c.accessType() == AccessType.MOUNT && !c.fsType().isEmpty() ? " (" + c.fsType() + ")" : "";
        return type + fs + ", " + c.accessMode().name().toLowerCase(Locale.ROOT).replace('_', ' ');
    }
}
