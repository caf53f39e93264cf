package org.csiconsole.views.replication;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import org.csiconsole.core.replication.ReplicationFaults;
import org.csiconsole.core.replication.SimulatedPair;
import org.csiconsole.views.action.ActionRunner;

import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

/**
 * The demo's replication faults (the bundled reference plugin, {@link ReplicationFaults}): every
 * simulated pair with its state, and the faults to inject on the chosen pair or on all of them: the
 * replication link down and up, a split brain, an array error, the sync interval, and how long a
 * resync takes. Each change shows in the next sample, which is asked for at once. UI thread only.
 */
public final class FaultsModel {
    private final ReplicationFaults faults;
    private final ActionRunner actions;
    private final Runnable changed;
    private final ObservableList<SimulatedPair> pairs = FXCollections.observableArrayList();
    private final ObjectProperty<SimulatedPair> chosen = new SimpleObjectProperty<>(this, "chosen");

    /**
     * @param changed called after each fault took effect (the view samples again)
     */
    public FaultsModel(ReplicationFaults faults, ActionRunner actions, Runnable changed) {
        this.faults = Objects.requireNonNull(faults);
        this.actions = Objects.requireNonNull(actions);
        this.changed = Objects.requireNonNull(changed);
    }

    /** Every simulated pair, as last read. */
    public ObservableList<SimulatedPair> pairs() {
        return pairs;
    }

    /** The pair the per-pair faults act on. */
    public ObjectProperty<SimulatedPair> chosenProperty() {
        return chosen;
    }

    /** Chooses the pair one of whose sides is {@code id} (the row selected in the view), when there is one. */
    public void choose(String id) {
        if (id == null) return;
        pairs.stream().filter(p -> p.localId().equals(id) || p.remoteId().equals(id)).findFirst().ifPresent(chosen::set);
    }

    /** Reads the pairs again, keeping the chosen one chosen. */
    public void refresh() {
        actions.tasks().submit("Read the simulated replication pairs", p -> faults.pairs()).outcome().thenAccept(list -> {
            String keep = chosen.get() == null ? null : chosen.get().localId();
            pairs.setAll(list);
            chosen.set(list.stream().filter(x -> x.localId().equals(keep)).findFirst().orElse(list.isEmpty() ? null : list.get(0)));
        });
    }

    /** Takes the chosen pair's link down ({@code down}) or up. */
    public void link(boolean down) {
        onChosen(down ? "Link down" : "Link up", p -> faults.linkDown(p.localId(), down));
    }

    /** Takes every pair's link down or up: the link between the arrays. */
    public void allLinks(boolean down) {
        apply(down ? "All links down" : "All links up", () -> faults.linkDown(null, down),
                down ? "Every pair is DEGRADED from now on; their RPO age grows." : "Syncs resume; pairs turn HEALTHY again.");
    }

    /** Makes both sides of the chosen pair primary. */
    public void splitBrain() {
        onChosen("Split brain", p -> faults.splitBrain(p.localId()));
    }

    /** Sets ({@code message} not blank) or clears an array-reported replication error on the chosen pair. */
    public void arrayError(String message) {
        onChosen(message == null || message.isBlank() ? "Clear array error" : "Array error", p -> faults.arrayError(p.localId(), message));
    }

    /** Sets the chosen pair's sync interval. */
    public void interval(Duration interval) {
        onChosen("Sync interval " + ReplicationTexts.duration(interval), p -> faults.schedulingInterval(p.localId(), interval));
    }

    /** How long a resync takes from now on. */
    public void resyncDuration(Duration d) {
        apply("Resync takes " + ReplicationTexts.duration(d), () -> faults.resyncDuration(d), "Resyncs started from now on take "
                + ReplicationTexts.duration(d) + "; their progress shows in the status message.");
    }

    private void onChosen(String what, Function<SimulatedPair, CompletableFuture<Void>> fault) {
        SimulatedPair p = chosen.get();
        if (p == null) return;
        apply(what + " on " + p.localId() + " \u2194 " + p.remoteId(), () -> fault.apply(p), "Shows in the next sample.");
    }

    private void apply(String title, java.util.function.Supplier<CompletableFuture<Void>> fault, String done) {
        actions.run(title, x -> fault.get(), v -> done).outcome().thenRun(() -> {
            refresh();
            changed.run();
        });
    }

    /** A pair in one line: ids, roles, health and the link. */
    public static String describe(SimulatedPair p) {
        return (p.group() ? "Group " : "") + p.localId() + " (" + p.localArray() + ", " + ReplicationTexts.role(p.localRole())
                + ") \u2194 " + p.remoteId() + " (" + p.remoteArray() + ", " + ReplicationTexts.role(p.remoteRole()) + ")";
    }

    /** What the pair's state is, in words. */
    public static String state(SimulatedPair p) {
        return ReplicationTexts.health(p.health()) + (p.linkDown() ? " \u00b7 link down" : "")
                + (p.resyncProgress() >= 0 ? " \u00b7 resync " + p.resyncProgress() + "%" : "")
                + " \u00b7 every " + ReplicationTexts.duration(p.schedulingInterval())
                + (p.message().isEmpty() ? "" : " \u00b7 " + p.message());
    }

    static List<Duration> intervals() {
        return List.of(Duration.ofSeconds(30), Duration.ofMinutes(1), Duration.ofMinutes(5), Duration.ofMinutes(15), Duration.ofHours(1));
    }
}
