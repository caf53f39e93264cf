package org.csiconsole.views.table;

import javafx.collections.ListChangeListener;
import org.csiconsole.views.table.ResourceTableModel.State;
import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Queue;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The states of a table's rows above the sync limit, with the background executor run step by step
 * by the test and the UI executor direct.
 */
class ResourceTableModelStateTest {
    record Row(String name, long bytes) {
    }

    private static final Comparator<Row> BY_SIZE = Comparator.comparingLong(Row::bytes);

    private final Queue<Runnable> background = new ArrayDeque<>();
    private final ResourceTableModel<Row> model = new ResourceTableModel<>(Row::name, background::add, Runnable::run, 2);
    /** The changes of what the table shows, as the lists shown after each. */
    private final List<List<String>> published = new ArrayList<>();

    ResourceTableModelStateTest() {
        model.append(List.of(new Row("pvc-b", 2), new Row("pvc-c", 3), new Row("pvc-a", 1), new Row("snap-d", 0)));
        model.rows().addListener((ListChangeListener<Row>) c -> published.add(model.rows().stream().map(Row::name).toList()));
    }

    /** Runs the next background computation; its result reaches the table at once (direct UI executor). */
    private void runBackground() {
        assertThat(background).as("a computation is queued").isNotEmpty();
        background.poll().run();
    }

    @Test
    void aFilterTypedWhileASortIsPreparedPublishesOnlyTheLatestResultOnce() {
        model.setComparator(BY_SIZE);
        assertThat(model.state()).isEqualTo(State.PREPARING);
        var settled = model.settled();

        model.filterTextProperty().set("pvc");
        model.filterTextProperty().set("pvc b");
        model.filterTextProperty().set("pvc");
        assertThat(model.state()).isEqualTo(State.PREPARING);
        assertThat(background).as("one computation at a time").hasSize(1);

        runBackground();
        assertThat(published).as("the sort computed without the filter is not shown").isEmpty();
        assertThat(model.state()).as("the latest filter and order are computed next").isEqualTo(State.PREPARING);
        assertThat(settled).isNotDone();

        runBackground();
        assertThat(published).as("one change, with the latest filter and order")
                .containsExactly(List.of("pvc-a", "pvc-b", "pvc-c"));
        assertThat(model.state()).isEqualTo(State.SETTLED);
        assertThat(settled).isDone();
        assertThat(background).isEmpty();
    }

    @Test
    void aReloadDuringPreparationIsNotLost() {
        model.setComparator(BY_SIZE);
        TableLoad<Row> read = model.load();
        read.page(List.of(new Row("pvc-b", 2), new Row("vol-new", 5)));
        read.page(List.of(new Row("pvc-a", 1)));
        read.finish();
        assertThat(model.all()).extracting(Row::name).containsExactly("pvc-b", "vol-new", "pvc-a");
        assertThat(model.state()).isEqualTo(State.PREPARING);

        runBackground();
        assertThat(published).as("the sort of the rows before the reload is not shown").isEmpty();
        runBackground();
        assertThat(published).containsExactly(List.of("pvc-a", "pvc-b", "vol-new"));
        assertThat(model.state()).isEqualTo(State.SETTLED);
    }

    @Test
    void rowsAppendedWhileASortIsPreparedAreMergedInByTheNextPass() {
        model.setComparator(BY_SIZE);
        model.append(List.of(new Row("pvc-e", 1)));
        assertThat(model.state()).isEqualTo(State.PREPARING);

        runBackground();
        assertThat(published).as("the sort is shown: right, only short of the newest row")
                .containsExactly(List.of("snap-d", "pvc-a", "pvc-b", "pvc-c"));
        assertThat(model.state()).as("the appended row is merged in next").isEqualTo(State.PREPARING);
        runBackground();
        assertThat(published).last().isEqualTo(List.of("snap-d", "pvc-a", "pvc-e", "pvc-b", "pvc-c"));
        assertThat(model.shownCount().get()).isEqualTo(5);
        assertThat(model.state()).isEqualTo(State.SETTLED);
    }

    @Test
    void aStreamedPageFromASupersededReadNeverReachesTheTable() {
        Queue<Runnable> ui = new ArrayDeque<>();
        ResourceTableModel<Row> empty = new ResourceTableModel<>(Row::name, background::add, ui::add, 2);
        TableLoad<Row> first = empty.load();
        first.page(List.of(new Row("old", 1)));
        TableLoad<Row> second = empty.load();
        second.page(List.of(new Row("new", 2)));
        assertThat(first.superseded()).isTrue();
        assertThat(second.streaming()).isTrue();
        while (!ui.isEmpty()) ui.poll().run();
        assertThat(empty.all()).extracting(Row::name).containsExactly("new");
        assertThat(empty.rows()).extracting(Row::name).containsExactly("new");
    }

    @Test
    void aFailingSortKeepsTheRowsShownFailsTheWaitersAndTheNextChangeComputesAgain() {
        RuntimeException broken = new IllegalStateException("comparator failed");
        model.setComparator((a, b) -> {
            throw broken;
        });
        var settled = model.settled();
        runBackground();

        assertThat(model.state()).isEqualTo(State.FAILED);
        assertThat(settled).isCompletedExceptionally();
        assertThat(model.settled()).as("asked after the failure").isCompletedExceptionally();
        assertThat(model.rows()).as("the rows shown before").extracting(Row::name)
                .containsExactly("pvc-b", "pvc-c", "pvc-a", "snap-d");

        model.setComparator(BY_SIZE);
        runBackground();
        assertThat(model.state()).isEqualTo(State.SETTLED);
        assertThat(model.rows()).extracting(Row::name).containsExactly("snap-d", "pvc-a", "pvc-b", "pvc-c");
    }
}
