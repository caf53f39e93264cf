package org.csiconsole.views.workbench;

import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * What a command of one view changed on one connection, told to the other views of the same
 * connection, so a view does not go on showing what was true before: after a snapshot the
 * Snapshots view reads again, after a create the capacity view does. UI thread only.
 */
public final class ResourceChanges {
    /**
     * One change.
     *
     * @param kind the kind of resource that changed
     * @param what the change in words, e.g. {@code "Created volume pvc-1"}
     * @param at when the change was seen (wall clock of this machine)
     * @param by who told it, so a view does not react to its own change
     */
    public record ResourceChange(ResourceKind kind, String what, LocalTime at, Object by) {
        public ResourceChange {
            Objects.requireNonNull(kind, "kind");
            what = what == null ? "" : what;
            Objects.requireNonNull(at, "at");
        }
    }

    /** A registration; {@link #close()} ends it. */
    public interface Subscription extends AutoCloseable {
        @Override
        void close();
    }

    private final List<Listener> listeners = new CopyOnWriteArrayList<>();
    private final List<Runnable> reconnectListeners = new CopyOnWriteArrayList<>();

    private record Listener(List<ResourceKind> kinds, java.util.function.Consumer<ResourceChange> then) {
    }

    /** Tells the listeners of {@code kind}, except {@code by} itself, that {@code what} changed it. */
    public void tell(ResourceKind kind, String what, Object by) {
        ResourceChange c = new ResourceChange(kind, what, LocalTime.now().withNano(0), by);
        for (Listener l : new ArrayList<>(listeners)) {
            if (l.kinds().contains(kind)) l.then().accept(c);
        }
    }

    /** Calls {@code then} with every change of one of {@code kinds} told from now on. */
    public Subscription listen(List<ResourceKind> kinds, java.util.function.Consumer<ResourceChange> then) {
        Listener l = new Listener(List.copyOf(kinds), Objects.requireNonNull(then));
        listeners.add(l);
        return () -> listeners.remove(l);
    }

    /**
     * Tells every view of the connection that it is connected again after it was not (the driver
     * restarted, the network came back): what a view failed to read may read now.
     */
    public void tellConnectedAgain() {
        for (Runnable r : new ArrayList<>(reconnectListeners)) r.run();
    }

    /** Calls {@code then} whenever {@link #tellConnectedAgain()} is told from now on. */
    public Subscription listenConnectedAgain(Runnable then) {
        Runnable r = Objects.requireNonNull(then)::run;
        reconnectListeners.add(r);
        return () -> reconnectListeners.remove(r);
    }
}
