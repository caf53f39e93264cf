package org.csiconsole.views.resource;

import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.function.Function;

/**
 * The rows a view shows although no listing returned them, because the driver cannot list its
 * resources (no LIST_VOLUMES / LIST_SNAPSHOTS): those this console created ({@link KnownList}) and
 * those looked up by id. Each carries a note that says why it is shown:
 * {@code "created by this console at 2026-12-06 14:05"}, {@code "imported from a PV export at ..."}
 * (see {@link org.csiconsole.core.record.RecordedItem#note}), {@code "looked up by id at 14:07"}. UI thread
 * only, except the {@link KnownList} itself.
 *
 * @param <T> the row type
 */
final class UnlistedRows<T> {
    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm", Locale.ROOT);
    private static final DateTimeFormatter WHEN = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm", Locale.ROOT);

    private final KnownList<T> known;
    private final Function<? super T, String> id;
    private final ZoneId zone;
    /** Rows looked up by id since the last listing that the driver answered, by id, with their note. */
    private final Map<String, Noted<T>> lookedUp = new LinkedHashMap<>();
    /** The note of each row shown without a listing, by id. */
    private final Map<String, String> notes = new HashMap<>();
    /** Since when the driver no longer knows each row of the record it answered about, by id. */
    private final Map<String, Instant> gone = new HashMap<>();
    /** The ids of the rows shown from the record. */
    private final java.util.Set<String> recorded = new java.util.HashSet<>();

    private record Noted<T>(T row, String note) {
    }

    UnlistedRows(KnownList<T> known, Function<? super T, String> id, ZoneId zone) {
        this.known = Objects.requireNonNull(known);
        this.id = Objects.requireNonNull(id);
        this.zone = Objects.requireNonNull(zone);
    }

    KnownList<T> known() {
        return known;
    }

    String id(T row) {
        return id.apply(row);
    }

    /** Why {@code row} is shown without a listing, empty for a listed row. */
    String noteOf(T row) {
        return row == null ? "" : notes.getOrDefault(id.apply(row), "");
    }

    /** A listing answered: its rows need no note, and looked-up rows are in it when they still exist. */
    void listed() {
        lookedUp.clear();
        notes.clear();
        gone.clear();
        recorded.clear();
    }

    /**
     * {@code "vol-1 is gone at the driver since 2026-12-06 15:10"} when {@code row} is in the record and the driver
     * answered that it no longer knows it; empty otherwise.
     */
    String goneNote(T row) {
        if (row == null) return "";
        Instant since = gone.get(id.apply(row));
        return since == null ? "" : id.apply(row) + " is gone at the driver since " + WHEN.format(since.atZone(zone));
    }

    /** True when {@code row} is shown as a row of the console's record (not only looked up). */
    boolean recorded(T row) {
        return row != null && recorded.contains(id.apply(row));
    }

    /** Remembers {@code row} as created through this console at {@code at}. */
    void created(T row, Instant at) {
        known.created(id.apply(row), row, at);
    }

    /** Forgets {@code rowId}: deleted through this console. */
    void deleted(String rowId) {
        known.deleted(rowId);
        lookedUp.remove(rowId);
        notes.remove(rowId);
        gone.remove(rowId);
        recorded.remove(rowId);
    }

    /** Keeps {@code row}, read by its id at {@code at}, in sight while the listing is not offered. */
    void lookedUp(T row, Instant at) {
        String key = id.apply(row);
        lookedUp.put(key, new Noted<>(row, "looked up by id at " + clock(at)));
    }

    /**
     * The rows to show while the driver cannot list: the known ones (oldest first), then the ones
     * looked up that are not known; their notes are set.
     */
    List<T> rows() {
        notes.clear();
        gone.clear();
        recorded.clear();
        List<T> rows = new ArrayList<>();
        for (KnownList.KnownItem<T> e : known.entries()) {
            // the driver's answer to a look-up is its report: shown rather than the record's figures
            Noted<T> read = lookedUp.get(e.id());
            rows.add(read != null ? read.row() : e.resource());
            notes.put(e.id(), e.row().note(zone));
            recorded.add(e.id());
            if (e.row().gone()) gone.put(e.id(), e.row().goneSince());
        }
        for (Map.Entry<String, Noted<T>> e : lookedUp.entrySet()) {
            if (notes.containsKey(e.getKey())) continue;
            rows.add(e.getValue().row());
            notes.put(e.getKey(), e.getValue().note());
        }
        return rows;
    }

    private String clock(Instant at) {
        return CLOCK.format(at.atZone(zone));
    }
}
