package org.csiconsole.views.lifecycle;

import javafx.collections.ListChangeListener;
import javafx.scene.control.Tab;
import org.csiconsole.core.lifecycle.DiagramExporter;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.volumes.VolumesView;
import org.csiconsole.views.volumes.VolumesViewModel;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.Perspective;
import org.csiconsole.views.workbench.Workbench;
import org.kordamp.ikonli.material2.Material2AL;

import java.time.Clock;

/**
 * The Lifecycle perspective (Alt+3): the {@link LifecycleView} in the workbench's centre, and
 * "Lifecycle" on every Volumes view, which shows the selected volume there.
 */
public final class LifecyclePerspective {
    /** The perspective's id. */
    public static final String ID = "lifecycle";

    private LifecyclePerspective() {
    }

    /**
     * Adds the perspective to {@code workbench} and offers "Lifecycle" on the Volumes views it opens.
     *
     * @param exporter draws the PNG and SVG exports
     * @param clock when readings and exports are taken
     */
    public static void install(Workbench workbench, DiagramExporter exporter, Clock clock) {
        install(workbench, exporter, clock, new org.csiconsole.core.audit.OverrideMarks());
    }

    /** As the overload above, a call sent anyway from the perspective announced to {@code overrides} (its audit record is marked). */
    public static void install(Workbench workbench, DiagramExporter exporter, Clock clock, org.csiconsole.core.audit.OverrideMarks overrides) {
        install(workbench, exporter, clock, overrides, c -> org.csiconsole.views.resource.KnownResources.inSession());
    }

    /**
     * As the overload above, each connection's volumes read with the console's record of it ({@code known}): on a
     * driver that cannot list (no LIST_VOLUMES) the record's volumes are the ones to choose from, as in the Volumes view.
     */
    public static void install(Workbench workbench, DiagramExporter exporter, Clock clock, org.csiconsole.core.audit.OverrideMarks overrides,
                               java.util.function.Function<ConnectionModel, org.csiconsole.views.resource.KnownResources> known) {
        LifecycleView[] view = new LifecycleView[1];
        workbench.addPerspective(new Perspective(ID, "Lifecycle", Material2AL.ACCOUNT_TREE, "Alt+3", () -> {
            view[0] = view(workbench, exporter, clock, overrides, known);
            if (workbench.currentConnectionProperty().get() != null) {
                view[0].model().connectionProperty().set(workbench.currentConnectionProperty().get());
            }
            return view[0];
        }));
        ListChangeListener<Tab> tabs = c -> {
            while (c.next()) {
                for (Tab t : c.getAddedSubList()) {
                    if (!(t.getUserData() instanceof VolumesView volumes)) continue;
                    volumes.offerLifecycle(v -> {
                        ConnectionModel owner = workbench.connections().stream()
                                .filter(m -> m.storage() == volumes.viewModel().storage()).findFirst().orElse(null);
                        workbench.showPerspective(ID);
                        if (view[0] != null) view[0].model().show(owner, v.volumeId());
                    });
                }
            }
        };
        workbench.centre().getTabs().addListener(tabs);
    }

    /**
     * A new lifecycle view over the workbench's connections, with no connection chosen yet; its commands run through
     * the workbench's actions. The perspective shows one; a view that shows one connection's lifecycle (the Training
     * perspective's) makes its own.
     *
     * @param exporter draws the PNG and SVG exports
     * @param clock when readings and exports are taken
     * @param overrides told of a call sent anyway from the view (its audit record is marked)
     */
    public static LifecycleView view(Workbench workbench, DiagramExporter exporter, Clock clock,
                                     org.csiconsole.core.audit.OverrideMarks overrides) {
        return view(workbench, exporter, clock, overrides, c -> org.csiconsole.views.resource.KnownResources.inSession());
    }

    /** As the overload above, each connection's volumes read with the console's record of it ({@code known}). */
    public static LifecycleView view(Workbench workbench, DiagramExporter exporter, Clock clock, org.csiconsole.core.audit.OverrideMarks overrides,
                                     java.util.function.Function<ConnectionModel, org.csiconsole.views.resource.KnownResources> known) {
        ActionRunner actions = workbench.services().actions();
        return new LifecycleView(new LifecycleViewModel(workbench.connections(),
                c -> new VolumesViewModel(new ViewContext(c.storage(), actions, workbench.services().ui(), c.name(), c.changes(),
                        known.apply(c), workbench.services().trace()::snapshot,
                        new org.csiconsole.core.risk.RiskModel().on(c.describe()), overrides)),
                actions, workbench.services().trace()::snapshot, clock, exporter));
    }
}
