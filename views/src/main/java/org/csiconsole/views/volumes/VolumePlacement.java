package org.csiconsole.views.volumes;

import org.csiconsole.core.model.Topology;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.placement.PlacementCatalog;
import org.csiconsole.core.placement.PlacementCheck;
import org.csiconsole.core.placement.PlacementOptions;
import org.csiconsole.core.port.VolumeRequest;
import org.csiconsole.views.form.Choice;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.resource.ViewContext;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Optional;

/**
 * Where a new volume goes, for the create form: offers the topology segments and parameter keys
 * the connection knows ({@link PlacementCatalog}: GetCapacity, NodeGetInfo, existing volumes,
 * the plugin's documented keys) and, after the create, warns when the volume is not where it was
 * asked to go ({@link PlacementCheck}) with a notification, not a dialog.
 */
final class VolumePlacement {
    private final ViewContext context;
    private PlacementOptions known = PlacementOptions.NONE;

    VolumePlacement(ViewContext context) {
        this.context = context;
    }

    /**
     * Fills {@code form} (a {@link VolumeForms#create} form) at once from {@code volumes}, then again
     * when the other sources have answered; a selection made meanwhile is kept.
     *
     * @return {@code form}
     */
    Form offer(Form form, Collection<Volume> volumes) {
        List<Volume> read = List.copyOf(volumes);
        fill(form, PlacementCatalog.of(null, false, List.of(), List.of(), read, List.of()));
        PlacementCatalog.gather(context.storage(), read).whenComplete((o, e) -> context.ui().execute(() -> {
            if (o == null) return;
            known = o;
            fill(form, o);
        }));
        return form;
    }

    /** Puts {@code o} into the form's "Accessible from" choice and the parameters' key picker. */
    static void fill(Form form, PlacementOptions o) {
        Choice<PlacementOptions.Segment> where = form.choice("topology");
        Topology chosen = where.value().get() == null ? null : where.value().get().topology();
        List<PlacementOptions.Segment> options = new ArrayList<>();
        options.add(VolumeForms.ANY);
        options.addAll(o.segments());
        where.options().setAll(options);
        where.set(options.stream().filter(s -> s.topology().equals(chosen)).findFirst().orElse(VolumeForms.ANY));
        form.text("parameters").keyValues().putAll(o.parameterValues());
    }

    /**
     * Compares the created volume with the request; when something observable differs, posts a
     * warning notification and returns the sentence for the view's status line.
     */
    Optional<String> check(VolumeRequest request, Volume created) {
        List<String> unmet = PlacementCheck.unmet(request, created, known);
        if (unmet.isEmpty()) return Optional.empty();
        String text = created.displayName() + " is not where it was asked to go: " + String.join(" ", unmet);
        context.actions().notifications().warning("Create volume " + request.name(), text);
        return Optional.of(text);
    }
}
