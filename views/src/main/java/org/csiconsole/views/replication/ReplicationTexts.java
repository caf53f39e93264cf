package org.csiconsole.views.replication;

import org.csiconsole.core.model.Words;
import org.csiconsole.core.model.ByteSize;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.replication.ReplicationState;
import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.RpoAge;
import org.csiconsole.core.replication.RpoLevel;
import org.csiconsole.core.replication.RpoThresholds;
import org.csiconsole.views.theme.ConsoleStyles;

import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;

/** Replication figures in words, and the cell styles that go with them. */
public final class ReplicationTexts {
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss");
    private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss");
    private static final DateTimeFormatter EXACT = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS zzz");

    private ReplicationTexts() {
    }

    /** {@code Primary}, {@code Secondary}, {@code Resyncing}, {@code Unknown}. */
    public static String role(VolumeReplicationRole role) {
        return switch (role) {
            case PRIMARY -> "Primary";
            case SECONDARY -> "Secondary";
            case RESYNCING -> "Resyncing";
            case UNKNOWN -> "Unknown";
        };
    }

    /** {@code Healthy}, {@code Degraded}, {@code Error}, {@code Unknown}. */
    public static String health(ReplicationHealth health) {
        return switch (health) {
            case HEALTHY -> "Healthy";
            case DEGRADED -> "Degraded";
            case ERROR -> "Error";
            case UNKNOWN -> "Unknown";
        };
    }

    /** The cell class of a health: ok, warning, danger, muted. */
    public static String healthStyle(ReplicationHealth health) {
        return switch (health) {
            case HEALTHY -> ConsoleStyles.CELL_OK;
            case DEGRADED -> ConsoleStyles.CELL_WARNING;
            case ERROR -> ConsoleStyles.CELL_DANGER;
            case UNKNOWN -> ConsoleStyles.CELL_MUTED;
        };
    }

    /** The cell class of a role: primary stands out, resyncing reads as a warning, unknown muted. */
    public static String roleStyle(VolumeReplicationRole role) {
        return switch (role) {
            case PRIMARY -> ConsoleStyles.REPL_PRIMARY;
            case SECONDARY -> null;
            case RESYNCING -> ConsoleStyles.CELL_WARNING;
            case UNKNOWN -> ConsoleStyles.CELL_MUTED;
        };
    }

    /**
     * The role a side reports in words; {@code "Not read yet"} when no read of it has succeeded ({@code "Not found"} when
     * the driver answered it does not hold it), never a default role.
     */
    public static String role(ReplicationSample side) {
        return figureless(side) ? unread(side).words() : role(side.role());
    }

    /** The health a side reports in words; as {@link #role(ReplicationSample)} when no read of it has succeeded. */
    public static String health(ReplicationSample side) {
        return figureless(side) ? unread(side).words() : health(side.health());
    }

    /**
     * The state of a side with no figures: not found at the driver, not replicated (the driver says replication is not
     * enabled), or not read yet.
     */
    static ReplicationState unread(ReplicationSample side) {
        if (org.csiconsole.core.replication.InventoryNote.notFound(side)) return ReplicationState.NOT_FOUND;
        if (org.csiconsole.core.replication.InventoryNote.notReplicated(side)) return ReplicationState.NOT_REPLICATED;
        return ReplicationState.NOT_READ;
    }

    /** True when a side has no figures to show: no read of it succeeded, or the driver says it is not replicated. */
    static boolean figureless(ReplicationSample side) {
        return side.readAt() == null || org.csiconsole.core.replication.InventoryNote.notReplicated(side);
    }

    /** The cell class of a side's role: muted when no read of it has succeeded. */
    public static String roleStyle(ReplicationSample side) {
        return figureless(side) ? ConsoleStyles.CELL_MUTED : roleStyle(side.role());
    }

    /** The cell class of a side's health: muted when no read of it has succeeded. */
    public static String healthStyle(ReplicationSample side) {
        return figureless(side) ? ConsoleStyles.CELL_MUTED : healthStyle(side.health());
    }

    /** The cell class of an RPO level. */
    public static String rpoStyle(RpoLevel level) {
        return switch (level) {
            case OK -> ConsoleStyles.CELL_OK;
            case WARNING -> ConsoleStyles.CELL_WARNING;
            case ERROR -> ConsoleStyles.CELL_DANGER;
            case UNKNOWN -> ConsoleStyles.CELL_MUTED;
        };
    }

    /** The cell class of a replication state: ok, warning, danger, muted. */
    public static String stateStyle(ReplicationState state) {
        return switch (state.tone()) {
            case OK -> ConsoleStyles.CELL_OK;
            case WARNING -> ConsoleStyles.CELL_WARNING;
            case DANGER -> ConsoleStyles.CELL_DANGER;
            case MUTED -> ConsoleStyles.CELL_MUTED;
        };
    }

    /** The chip class of a replication state. */
    public static String chipStyle(ReplicationState state) {
        return switch (state.tone()) {
            case OK -> ConsoleStyles.REPL_CHIP_OK;
            case WARNING -> ConsoleStyles.REPL_CHIP_WARNING;
            case DANGER -> ConsoleStyles.REPL_CHIP_DANGER;
            case MUTED -> ConsoleStyles.REPL_CHIP_MUTED;
        };
    }

    /** An RPO age in words, {@code "unknown"} when no last sync is known. */
    public static String rpo(RpoAge rpo) {
        return rpo.text();
    }

    /** What an RPO age was judged against, for a tooltip. */
    public static String rpoTip(RpoAge rpo, RpoThresholds t) {
        if (rpo.age() == null) return "No last_sync_time is known, so the recovery point age is unknown.";
        Duration i = rpo.interval();
        return "now \u2212 last_sync_time = " + RpoAge.words(rpo.age()) + ", judged against the scheduling interval "
                + RpoAge.words(i) + ": a warning past " + RpoAge.words(scaled(i, t.warningFactor())) + " ("
                + factor(t.warningFactor()) + "\u00d7), an error past " + RpoAge.words(scaled(i, t.errorFactor())) + " ("
                + factor(t.errorFactor()) + "\u00d7).";
    }

    static Duration scaled(Duration d, double factor) {
        return Duration.ofMillis(Math.round(d.toMillis() * factor));
    }

    /** {@code 1.5}, {@code 3}. */
    public static String factor(double f) {
        return f == Math.rint(f) ? String.valueOf((long) f) : String.valueOf(f);
    }

    /** A duration in words, {@code "—"} for null. */
    public static String duration(Duration d) {
        return d == null ? "\u2014" : d.isZero() ? "0 s" : d.toMillis() < 1000 ? d.toMillis() + " ms" : RpoAge.words(d);
    }

    /** A byte count for a cell, {@code "—"} when not reported (-1). */
    public static String bytes(long bytes) {
        return bytes < 0 ? "\u2014" : ByteSize.format(bytes);
    }

    /** A time of day for today, a date and time otherwise, in the local zone; {@code "—"} for null. */
    public static String time(Instant t, Instant now, ZoneId zone) {
        if (t == null) return "\u2014";
        ZonedDateTime z = t.atZone(zone);
        return z.toLocalDate().equals(LocalDate.ofInstant(now, zone)) ? TIME.format(z) : DATE_TIME.format(z);
    }

    /** {@code t} to the millisecond with its zone, e.g. {@code "2026-11-28 12:59:12.913 UTC"}: for details that go into a support case. */
    public static String exactTime(Instant t, ZoneId zone) {
        return EXACT.format(t.atZone(zone));
    }

    /** How current a sample is: {@code "12 s ago"}, or {@code "Stale · 3 min old"}, {@code "Not read yet"}. */
    public static String freshness(ReplicationSample s, Instant now, Duration staleAfter) {
        return freshness(s, s.readAt(), now, staleAfter);
    }

    /** As {@link #freshness(ReplicationSample, Instant, Duration)}, the figures last confirmed at {@code readAt}. */
    public static String freshness(ReplicationSample s, Instant readAt, Instant now, Duration staleAfter) {
        if (readAt == null) return s.lastError() != null ? "Not read: " + s.lastError().why() : "Not read yet";
        if (stale(s, readAt, now, staleAfter)) return "Stale \u00b7 " + RpoAge.words(Duration.between(readAt, now)) + " old";
        return Words.ago(readAt, now);
    }

    /** True when the figures are not current: never read, the latest read failed, or confirmed longer than {@code staleAfter} ago. */
    public static boolean stale(ReplicationSample s, Instant readAt, Instant now, Duration staleAfter) {
        return readAt == null || s.lastError() != null || Duration.between(readAt, now).compareTo(staleAfter) > 0;
    }

    /** The destination id with its array: {@code "vol-9 on site-b"}; what is known of it otherwise. */
    public static String partner(ReplicationSample s) {
        String id = s.destinationId();
        String array = s.item().partner();
        if (id.isEmpty() && array.isEmpty()) return "unknown";
        if (id.isEmpty()) return "on " + array + " (destination id unknown)";
        return array.isEmpty() ? id : id + " on " + array;
    }

    /** A step or operation in one word: {@code Promote}, {@code Demote}, {@code Resync}, {@code Fence}, ... */
    public static String actionWord(org.csiconsole.core.replication.ReplicationAction a) {
        return switch (a) {
            case ENABLE -> "Enable";
            case DISABLE -> "Disable";
            case PROMOTE -> "Promote";
            case DEMOTE -> "Demote";
            case RESYNC -> "Resync";
            case FENCE -> "Fence";
            case WAIT_FINAL_SYNC -> "Final sync";
            case WAIT_HEALTHY -> "Healthy";
        };
    }
}
