package org.csiconsole.core.record;

import org.csiconsole.core.model.Snapshot;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.risk.Placement;

import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.HashMap;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The console's record of one connection (keyed by its CSI endpoint text, as audited:
 * {@code unix:///csi/csi.sock}): every volume, snapshot and group it created, imported or touched, and
 * the placements its own calls made. Rows are marked when the driver no longer knows them, never
 * dropped for it; a delete of this console removes its row. Safe to use from any thread; listeners run
 * on the thread that made the change. A store that cannot be written fails with
 * {@link org.csiconsole.core.call.CallFailure} (INTERNAL) naming its file.
 */
public interface ConsoleBook {
    /** The connection this record is of: its CSI endpoint text. */
    String connection();

    /** The rows of {@code kind}, first seen first. */
    List<RecordedItem> items(RecordKind kind);

    /** The row of {@code kind} with {@code id}. */
    Optional<RecordedItem> find(RecordKind kind, String id);

    /** Adds {@code item}, or {@linkplain RecordedItem#merge merges} it into the row with its id. */
    void record(RecordedItem item);

    /** Removes the row and, for a volume, its placements: this console deleted it. An unknown id changes nothing. */
    void forget(RecordKind kind, String id);

    /** Marks the row as the driver answered at {@code at} ({@link RecordedItem#checked}); an unknown id changes nothing. */
    void checked(RecordKind kind, String id, boolean gone, Instant at);

    /**
     * Sets the recorded size of volume {@code volumeId} to {@code bytes}: this console expanded it
     * (ControllerExpandVolume succeeded), so the record's earlier figure is no longer its size. An unknown id changes nothing.
     */
    void resized(String volumeId, long bytes);

    /** The placements in effect on {@code volumeId}, oldest first. */
    List<RecordedPlacement> placements(String volumeId);

    /** Records a placement; one in the same slot (step and node, or step and path) is replaced. */
    void placed(RecordedPlacement placement);

    /**
     * Removes placements of {@code volumeId} at {@code step}: the one at node or path {@code where}, or
     * every one of the step when {@code where} is empty (ControllerUnpublishVolume without a node).
     */
    void unplaced(String volumeId, Placement.Kind step, String where);

    /**
     * Calls {@code onChange} after every change until the returned handle is closed.
     *
     * @return closes the subscription; closing twice is harmless
     */
    AutoCloseable subscribe(Runnable onChange);

    /** The placements of {@code volumeId} as {@link Placement}s known to this console ({@link RecordedPlacement#placement}). */
    default List<Placement> consolePlacements(String volumeId, String connectedNode) {
        return placements(volumeId).stream().map(p -> p.placement(connectedNode)).toList();
    }

    /** {@code v} with the name it was created under and its source, from the record, where the driver reports none. */
    default Volume named(Volume v) {
        return find(RecordKind.VOLUME, v.volumeId()).map(i -> i.named(v)).orElse(v);
    }

    /**
     * Forgets resource {@code id} of {@code kind}, deleted at {@code when} (by this console's call or found gone): a
     * volume's recorded snapshots become the last copies of its data, keeping the volume's name
     * ({@link RecordedItem#SOURCE_DELETED}, {@link RecordedItem#SOURCE_NAME}), so a later delete of them says so.
     */
    default void deleted(RecordKind kind, String id, Instant when) {
        if (id.isEmpty()) return;
        String name = find(kind, id).map(RecordedItem::name).orElse("");
        forget(kind, id);
        if (kind != RecordKind.VOLUME) return;
        Map<String, String> deleted = new java.util.LinkedHashMap<>();
        deleted.put(RecordedItem.SOURCE_DELETED, when.toString());
        if (!name.isEmpty()) deleted.put(RecordedItem.SOURCE_NAME, name);
        for (RecordedItem s : items(RecordKind.SNAPSHOT)) {
            if (s.source().kind() == org.csiconsole.core.model.VolumeSource.Kind.VOLUME && s.source().id().equals(id) && !s.sourceDeleted()) {
                record(RecordedItem.of(RecordKind.SNAPSHOT, s.id(), "", org.csiconsole.core.model.VolumeSource.NONE, s.origin(), 0, deleted,
                        s.firstSeen()));
            }
        }
    }

    /**
     * The name the record holds for volume or snapshot {@code id} (the one it was created or imported under); empty when it
     * holds none: what {@link org.csiconsole.core.model.VolumeNames} falls back to.
     */
    default String nameOf(String id) {
        return find(RecordKind.VOLUME, id).or(() -> find(RecordKind.SNAPSHOT, id)).map(RecordedItem::name).orElse("");
    }

    /** {@code s} with the name it was created under, from the record, where the driver reports none. */
    default Snapshot named(Snapshot s) {
        return find(RecordKind.SNAPSHOT, s.snapshotId()).map(i -> i.named(s)).orElse(s);
    }

    /**
     * {@code v} with the nodes this console's own ControllerPublishVolume calls left it published to, that the driver does
     * not report, as the {@link RecordedItem#PUBLISHED_BY_CONSOLE} property ({@code "node-1,node-2"}); {@code v} itself when
     * there are none. The driver's {@code published_node_ids} stay its own report.
     */
    default Volume withPublications(Volume v) {
        List<String> nodes = placements(v.volumeId()).stream().filter(p -> p.step() == Placement.Kind.PUBLISHED)
                .map(RecordedPlacement::nodeId).filter(n -> !n.isEmpty() && !v.publishedNodeIds().contains(n)).distinct().toList();
        if (nodes.isEmpty()) return v;
        Map<String, String> p = new java.util.LinkedHashMap<>(v.properties());
        p.put(RecordedItem.PUBLISHED_BY_CONSOLE, String.join(",", nodes));
        return new Volume(v.volumeId(), v.name(), v.capacityBytes(), v.source(), v.capabilities(), v.parameters(), v.volumeContext(),
                v.accessibleTopology(), v.publishedNodeIds(), v.condition(), v.groupId(), v.origin(), p, v.replication());
    }

    /** {@link #named(Volume)} for a whole listing: the record is read once, now. */
    default UnaryOperator<Volume> volumeNames() {
        Map<String, RecordedItem> byId = new HashMap<>();
        for (RecordedItem i : items(RecordKind.VOLUME)) byId.put(i.id(), i);
        return v -> {
            RecordedItem i = byId.get(v.volumeId());
            return i == null ? v : i.named(v);
        };
    }

    /** {@link #named(Snapshot)} for a whole listing: the record is read once, now. */
    default UnaryOperator<Snapshot> snapshotNames() {
        Map<String, RecordedItem> byId = new HashMap<>();
        for (RecordedItem i : items(RecordKind.SNAPSHOT)) byId.put(i.id(), i);
        return s -> {
            RecordedItem i = byId.get(s.snapshotId());
            return i == null ? s : i.named(s);
        };
    }

    /**
     * The snapshots the record holds of volume {@code volumeId} (their source), {@code "w3-snap (snap-1)"} each (the id alone
     * when unnamed), first recorded first; those the driver answered it no longer knows are left out.
     */
    default List<String> snapshotsOf(String volumeId) {
        return items(RecordKind.SNAPSHOT).stream()
                .filter(s -> !s.gone() && s.source().kind() == org.csiconsole.core.model.VolumeSource.Kind.VOLUME && s.source().id().equals(volumeId))
                .map(s -> label(RecordKind.SNAPSHOT, s.id())).toList();
    }

    /** {@code "walk-vol-1 (4f1c…)"}-style text: the id with the recorded name beside it, or the id alone. */
    default String label(RecordKind kind, String id) {
        return find(kind, id).filter(i -> !i.name().isEmpty() && !i.name().equals(id)).map(i -> i.name() + " (" + id + ")").orElse(id);
    }

    /**
     * What a view or command says when the driver cannot list {@code kind}s and shows the record instead:
     * {@code "The driver does not list volumes (no LIST_VOLUMES): the 3 shown are the console's record of them. Add
     * more from a PV export, a VolumeSnapshotContent export or a list of ids (csi-console inventory)."}
     */
    static String cannotList(RecordKind kind, int shown) {
        String capability = kind == RecordKind.SNAPSHOT ? "LIST_SNAPSHOTS" : "LIST_VOLUMES";
        return "The driver does not list " + kind.word() + "s (no " + capability + "): the " + shown + " shown are the console's record of them. "
                + "Add more from a PV export, a VolumeSnapshotContent export or a list of ids (csi-console inventory).";
    }

    /** A record held in memory only (tests, and a console whose data folder cannot be written). */
    static ConsoleBook inMemory(String connection) {
        return new MemoryBook(connection);
    }
}
