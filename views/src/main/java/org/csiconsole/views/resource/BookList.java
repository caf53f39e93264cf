package org.csiconsole.views.resource;

import org.csiconsole.core.record.ConsoleBook;
import org.csiconsole.core.record.RecordKind;
import org.csiconsole.core.record.RecordedItem;

import java.time.Instant;
import java.util.List;
import java.util.function.Function;

/** {@link KnownList} of one kind of the console's record, as rows of type {@code T}. */
final class BookList<T> implements KnownList<T> {
    /** A row created through this console as a record row. */
    @FunctionalInterface
    interface CreatedRow<T> {
        RecordedItem item(String id, T row, Instant at);
    }

    private final ConsoleBook book;
    private final RecordKind kind;
    private final Function<RecordedItem, T> row;
    private final CreatedRow<T> created;

    BookList(ConsoleBook book, RecordKind kind, Function<RecordedItem, T> row, CreatedRow<T> created) {
        this.book = book;
        this.kind = kind;
        this.row = row;
        this.created = created;
    }

    @Override
    public void created(String id, T resource, Instant at) {
        book.record(created.item(id, resource, at));
    }

    @Override
    public void deleted(String id) {
        book.deleted(kind, id, java.time.Instant.now());
    }

    @Override
    public List<KnownItem<T>> entries() {
        return book.items(kind).stream().map(i -> new KnownItem<>(i.id(), row.apply(i), i)).toList();
    }

    @Override
    public AutoCloseable subscribe(Runnable onChange) {
        return book.subscribe(onChange);
    }
}
