package org.csiconsole.views.training;

import org.csiconsole.core.audit.OverrideMarks;
import org.csiconsole.core.lifecycle.DiagramExporter;
import org.csiconsole.core.training.TrainingPort;
import org.csiconsole.views.lifecycle.LifecyclePerspective;
import org.csiconsole.views.lifecycle.LifecycleView;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.Perspective;
import org.csiconsole.views.workbench.ResourceKind;
import org.csiconsole.views.workbench.ResourceView;
import org.csiconsole.views.workbench.Workbench;
import org.kordamp.ikonli.material2.Material2AL;

import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * The Training perspective (Alt+5): the {@link TrainingView} in the workbench's centre, with the usual views of the
 * running scenario's connection beside its steps: Volumes, Replication and Lifecycle.
 */
public final class TrainingPerspective {
    /** The perspective's id. */
    public static final String ID = "training";

    private TrainingPerspective() {
    }

    /**
     * Where the bottom panel's divider moves while the perspective is shown, 0..1 of the height: the steps need the
     * room, and at 1280x800 the call trace below keeps 3 rows in sight (the lesson reads its calls).
     */
    static final double BOTTOM_DIVIDER = 0.72;

    /**
     * While the perspective is shown, the bottom panel gives way to the steps (its divider moves down to
     * {@link #BOTTOM_DIVIDER} if it was higher); leaving it puts the divider back unless the person moved it meanwhile.
     */
    private static void bottomGivesWay(Workbench workbench) {
        double[] before = {-1};
        workbench.perspectiveProperty().addListener((o, was, now) -> {
            if (ID.equals(now)) {
                double at = workbench.bottomDivider();
                if (at < BOTTOM_DIVIDER) {
                    before[0] = at;
                    workbench.setBottomDivider(BOTTOM_DIVIDER);
                }
            } else if (ID.equals(was) && before[0] >= 0) {
                if (Math.abs(workbench.bottomDivider() - BOTTOM_DIVIDER) < 0.01) workbench.setBottomDivider(before[0]);
                before[0] = -1;
            }
        });
    }

    /**
     * Adds the perspective to {@code workbench}.
     *
     * @param port the training engine
     * @param connections adds and removes a running scenario's connection
     * @param replication the Replication view of one connection (the composition root owns its samplers)
     * @param exporter draws the lifecycle view's PNG and SVG exports
     * @param clock the clock of the elapsed times and of the lifecycle's readings
     * @param overrides told of a call sent anyway from a view beside the steps
     * @return the perspective's model: the composition root remembers its folder and closes it with the console
     */
    public static TrainingViewModel install(Workbench workbench, TrainingPort port, TrainingConnections connections,
                                            Function<ConnectionModel, ResourceView> replication, DiagramExporter exporter,
                                            Clock clock, OverrideMarks overrides) {
        TrainingViewModel model = new TrainingViewModel(port, connections, workbench.services().actions(), workbench.services().ui(), clock);
        workbench.addPerspective(new Perspective(ID, "Training", Material2AL.LOCAL_LIBRARY, "Alt+5",
                () -> new TrainingView(model, c -> {
                    List<ResourceView> views = new ArrayList<>();
                    workbench.services().views().create(ResourceKind.VOLUMES, c).ifPresent(views::add);
                    views.add(replication.apply(c));
                    LifecycleView lifecycle = LifecyclePerspective.view(workbench, exporter, clock, overrides);
                    lifecycle.model().connectionProperty().set(c);
                    views.add(lifecycle);
                    return views;
                })));
        bottomGivesWay(workbench);
        return model;
    }
}
