package org.csiconsole.views.replication;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.replication.ReplicationHistory;
import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.ReplicationTimeline;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * The history of the selected volume or group as its timeline chart shows it: RPO age and health
 * over a chosen range, with role changes and operations to mark (read from the local
 * {@link ReplicationHistory}). UI thread only; reads run in the history's own thread.
 */
public final class TimelineModel {
    /** The ranges offered, newest last. */
    public static final List<Duration> RANGES = List.of(Duration.ofHours(1), Duration.ofHours(6), Duration.ofHours(24),
            Duration.ofDays(7), Duration.ofDays(30));

    private final Optional<ReplicationHistory> history;
    private final Executor ui;
    private final Clock clock;
    private final ObjectProperty<ReplicationRow> subject = new SimpleObjectProperty<>(this, "subject");
    private final ObjectProperty<Duration> range = new SimpleObjectProperty<>(this, "range", Duration.ofHours(1));
    private final ReadOnlyObjectWrapper<ReplicationTimeline> timeline = new ReadOnlyObjectWrapper<>(this, "timeline");
    private final ReadOnlyObjectWrapper<Instant> from = new ReadOnlyObjectWrapper<>(this, "from");
    private final ReadOnlyObjectWrapper<Instant> to = new ReadOnlyObjectWrapper<>(this, "to");
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper(this, "status", "");
    private final ReadOnlyObjectWrapper<List<Period>> splitBrain = new ReadOnlyObjectWrapper<>(this, "splitBrain", List.of());

    private record TimelineRead(ReplicationTimeline timeline, List<Period> splitBrain) {
    }

    /** A stretch of time, e.g. while both sides of a pair were primary. */
    public record Period(Instant from, Instant to) {
    }
    private long reads;

    public TimelineModel(Optional<ReplicationHistory> history, Executor ui, Clock clock) {
        this.history = Objects.requireNonNull(history);
        this.ui = Objects.requireNonNull(ui);
        this.clock = Objects.requireNonNull(clock);
        subject.addListener((o, a, b) -> {
            if (a == null || b == null || !a.key().equals(b.key())) load();
        });
        range.addListener((o, a, b) -> load());
        load();
    }

    /** The row whose history is shown; null for none. */
    public ObjectProperty<ReplicationRow> subjectProperty() {
        return subject;
    }

    /** How far back the chart reaches (default 1 h). */
    public ObjectProperty<Duration> rangeProperty() {
        return range;
    }

    /** The timeline read; null before a read or without a subject. */
    public ReadOnlyObjectProperty<ReplicationTimeline> timelineProperty() {
        return timeline.getReadOnlyProperty();
    }

    /** The start of the range read. */
    public ReadOnlyObjectProperty<Instant> fromProperty() {
        return from.getReadOnlyProperty();
    }

    /** The end of the range read. */
    public ReadOnlyObjectProperty<Instant> toProperty() {
        return to.getReadOnlyProperty();
    }

    /**
     * When the subject's pair was in split brain in the range read: both sides' stored samples said
     * primary (the same rule as {@link org.csiconsole.core.replication.PairMismatch#BOTH_PRIMARY});
     * empty without a partner or its history.
     */
    public ReadOnlyObjectProperty<List<Period>> splitBrainProperty() {
        return splitBrain.getReadOnlyProperty();
    }

    /** What the chart says besides its data: reading, nothing kept, a read that failed. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** Reads the subject's timeline again (after a round, say). */
    public void load() {
        long mine = ++reads;
        ReplicationRow row = subject.get();
        if (row == null) {
            timeline.set(null);
            status.set("Select a volume or group to see its RPO age and health over time.");
            return;
        }
        if (history.isEmpty()) {
            timeline.set(null);
            status.set("No history is kept on this console.");
            return;
        }
        Instant end = clock.instant();
        Instant start = end.minus(range.get());
        status.set("Reading the history of " + row.name() + "\u2026");
        ReplicationSample partner = row.partner();
        var own = history.get().timeline(row.source(), row.site().name(), start, end);
        var other = partner == null || partner.site().isEmpty()
                ? CompletableFuture.<ReplicationTimeline>completedFuture(null)
                : history.get().timeline(partner.source(), partner.site(), start, end).exceptionally(x -> null);
        own.thenCombine(other, (t, p) -> new TimelineRead(t, p == null ? List.<Period>of() : splitBrain(t, p, end))).whenComplete((read, e) -> ui.execute(() -> {
            if (mine != reads) return;
            if (e != null) {
                CallFailure f = CallFailure.unwrap(e);
                timeline.set(null);
                status.set("The history could not be read: " + (f != null ? f.why() : e.toString()));
                return;
            }
            ReplicationTimeline t = read.timeline();
            List<Period> splitPeriods = read.splitBrain();
            from.set(start);
            to.set(end);
            splitBrain.set(splitPeriods);
            timeline.set(t);
            status.set(t.points().isEmpty() && t.operations().isEmpty()
                    ? "No samples of " + row.name() + " on " + row.site().name() + " in the last " + ReplicationTexts.duration(range.get())
                    + " yet: the chart fills as the sites are sampled."
                    : t.points().size() + (t.points().size() == 1 ? " sample, " : " samples, ") + t.operations().size()
                    + (t.operations().size() == 1 ? " operation" : " operations") + " in the last "
                    + ReplicationTexts.duration(range.get()) + "."
                    + (splitPeriods.isEmpty() ? "" : " Split brain " + (splitPeriods.size() == 1 ? "once" : splitPeriods.size() + " times")
                    + ": both sides primary."));
        }));
    }

    /**
     * The periods in which both {@code a}'s and {@code b}'s latest stored samples said primary, up to
     * {@code end} for one still open. Samples of both sides are taken in time order; a side whose
     * read failed keeps the role it had.
     */
    static List<Period> splitBrain(ReplicationTimeline a, ReplicationTimeline b, Instant end) {
        record Seen(Instant at, boolean sideA, VolumeReplicationRole role) {
        }
        List<Seen> all = new ArrayList<>();
        a.points().forEach(p -> all.add(new Seen(p.time(), true, p.role())));
        b.points().forEach(p -> all.add(new Seen(p.time(), false, p.role())));
        all.sort(java.util.Comparator.comparing(Seen::at));
        List<Period> out = new ArrayList<>();
        VolumeReplicationRole ra = VolumeReplicationRole.UNKNOWN;
        VolumeReplicationRole rb = VolumeReplicationRole.UNKNOWN;
        Instant open = null;
        for (Seen s : all) {
            if (s.sideA()) ra = s.role();
            else rb = s.role();
            boolean both = ra == VolumeReplicationRole.PRIMARY && rb == VolumeReplicationRole.PRIMARY;
            if (both && open == null) open = s.at();
            if (!both && open != null) {
                out.add(new Period(open, s.at()));
                open = null;
            }
        }
        if (open != null) out.add(new Period(open, end));
        return List.copyOf(out);
    }
}
