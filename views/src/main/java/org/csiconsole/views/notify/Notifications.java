package org.csiconsole.views.notify;

import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import java.time.Clock;
import java.util.Objects;

/**
 * The outcome of each action, newest first, bounded to {@link #CAPACITY} entries. Confined to the
 * UI thread (the {@link org.csiconsole.views.task.TaskRunner} callbacks already run there).
 */
public final class Notifications {
    /** Entries kept; the oldest are dropped first. */
    public static final int CAPACITY = 500;

    private final Clock clock;
    private final ObservableList<Notification> items = FXCollections.observableArrayList();
    private final ReadOnlyIntegerWrapper unread = new ReadOnlyIntegerWrapper(this, "unread", 0);

    public Notifications() {
        this(Clock.systemUTC());
    }

    public Notifications(Clock clock) {
        this.clock = Objects.requireNonNull(clock);
    }

    public Notification post(Severity severity, String title, String message) {
        Notification n = new Notification(clock.instant(), severity, title, message == null ? "" : message);
        items.add(0, n);
        if (items.size() > CAPACITY) items.remove(CAPACITY, items.size());
        unread.set(Math.min(unread.get() + 1, CAPACITY));
        return n;
    }

    public Notification info(String title, String message) {
        return post(Severity.INFO, title, message);
    }

    public Notification success(String title, String message) {
        return post(Severity.SUCCESS, title, message);
    }

    public Notification warning(String title, String message) {
        return post(Severity.WARNING, title, message);
    }

    public Notification error(String title, String message) {
        return post(Severity.ERROR, title, message);
    }

    /** Newest first. Read-only for callers by convention; use {@link #clear()} to empty. */
    public ObservableList<Notification> items() {
        return FXCollections.unmodifiableObservableList(items);
    }

    /** How many were posted since {@link #markAllRead()}. */
    public ReadOnlyIntegerProperty unreadProperty() {
        return unread.getReadOnlyProperty();
    }

    public void markAllRead() {
        unread.set(0);
    }

    public void clear() {
        items.clear();
        unread.set(0);
    }
}
