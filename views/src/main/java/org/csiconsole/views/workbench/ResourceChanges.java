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
    public record Change(ResourceKind kind, String what, LocalTime at, Object by) {
        public Change {
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

    private record Listener(List<ResourceKind> kinds, java.util.function.Consumer<Change> then) {
    }

    /** Tells the listeners of {@code kind}, except {@code by} itself, that {@code what} changed it. */
    public void tell(ResourceKind kind, String what, Object by) {
        Change c = new Change(kind, what, LocalTime.now().withNano(0), by);
        for (Listener l : new ArrayList<>(listeners)) {
            if (l.kinds().contains(kind)) l.then().accept(c);
        }
    }

    /** Calls {@code then} with every change of one of {@code kinds} told from now on. */
    public Subscription listen(List<ResourceKind> kinds, java.util.function.Consumer<Change> then) {
        Listener l = new Listener(List.copyOf(kinds), Objects.requireNonNull(then));
        listeners.add(l);
        return () -> listeners.remove(l);
    }
}
