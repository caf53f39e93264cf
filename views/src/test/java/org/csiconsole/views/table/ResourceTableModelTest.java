package org.csiconsole.views.table;

import org.junit.jupiter.api.Test;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.Executor;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

class ResourceTableModelTest {
    record Row(String name, long bytes, String state) {
    }

    private final ResourceTableModel<Row> model = new ResourceTableModel<>(r -> r.name() + " " + r.state());

    @Test
    void filterMatchesEveryWordCaseInsensitively() {
        model.append(List.of(new Row("pvc-alpha", 10, "Ready"), new Row("pvc-beta", 20, "Failed"),
                new Row("scratch", 30, "ready")));
        model.filterTextProperty().set("READY pvc");
        assertThat(model.rows()).extracting(Row::name).containsExactly("pvc-alpha");
        assertThat(model.shownCount().get()).isEqualTo(1);
        assertThat(model.totalCount().get()).isEqualTo(3);
        model.filterTextProperty().set("  ");
        assertThat(model.rows()).hasSize(3);
    }

    @Test
    void filterStaysAppliedToRowsAppendedLater() {
        model.filterTextProperty().set("beta");
        model.append(List.of(new Row("pvc-alpha", 1, "Ready")));
        model.append(List.of(new Row("pvc-beta", 2, "Ready")));
        assertThat(model.rows()).extracting(Row::name).containsExactly("pvc-beta");
    }

    @Test
    void preparedBatchesCarryKeysMadeOnTheReadingThreadAndAddInOrder() throws Exception {
        List<String> keyThreads = new java.util.concurrent.CopyOnWriteArrayList<>();
        ResourceTableModel<Row> m = new ResourceTableModel<>(r -> {
            keyThreads.add(Thread.currentThread().getName());
            return r.name() + " " + r.state();
        });
        m.append(List.of(new Row("old", 1, "Ready")));
        var reader = java.util.concurrent.Executors.newSingleThreadExecutor(r -> new Thread(r, "reader"));
        try {
            var first = reader.submit(() -> m.prepare(List.of(new Row("pvc-a", 1, "Ready"), new Row("pvc-b", 2, "Failed")))).get();
            var second = reader.submit(() -> m.prepare(List.of(new Row("pvc-c", 3, "Ready")))).get();
            var third = reader.submit(() -> m.prepare(List.of(new Row("pvc-d", 4, "Failed")))).get();
            keyThreads.clear();

            m.replaceAllPrepared(List.of(first, second));
            assertThat(m.all()).extracting(Row::name).containsExactly("pvc-a", "pvc-b", "pvc-c");
            m.appendPrepared(List.of(third));
            m.filterTextProperty().set("failed");

            assertThat(m.rows()).extracting(Row::name).containsExactly("pvc-b", "pvc-d");
            assertThat(keyThreads).as("no search keys computed when adding").isEmpty();
            assertThat(first.size()).isEqualTo(2);
        } finally {
            reader.shutdown();
        }
    }

    @Test
    void reReadKeepsHeldInstancesOfUnchangedRowsAndTakesChangedOnes() {
        Row alpha = new Row("pvc-alpha", 1, "Ready");
        Row beta = new Row("pvc-beta", 2, "Ready");
        Row gamma = new Row("pvc-gamma", 3, "Ready");
        model.append(List.of(alpha, beta, gamma));
        var prepare = model.rereading();

        Row alphaAgain = new Row("pvc-alpha", 1, "Ready");
        Row betaGrown = new Row("pvc-beta", 20, "Ready");
        Row delta = new Row("pvc-delta", 4, "Ready");
        Row alphaTwice = new Row("pvc-alpha", 1, "Ready");
        model.replaceAllPrepared(List.of(prepare.apply(List.of(alphaAgain, betaGrown))));
        model.appendPrepared(List.of(prepare.apply(List.of(delta, alphaTwice))));

        assertThat(model.all()).containsExactly(alpha, betaGrown, delta, alphaTwice);
        assertThat(model.all().get(0)).as("unchanged row keeps the held instance").isSameAs(alpha);
        assertThat(model.all().get(1)).as("changed row is the one read").isSameAs(betaGrown);
        assertThat(model.all().get(3)).as("a held row is handed out once").isSameAs(alphaTwice);
        model.filterTextProperty().set("alpha");
        assertThat(model.rows()).hasSize(2);
        model.filterTextProperty().set("delta");
        assertThat(model.rows()).containsExactly(delta);
    }

    @Test
    void reReadOfUnchangedRowsChangesNothing() {
        model.append(List.of(new Row("pvc-alpha", 1, "Ready"), new Row("pvc-beta", 2, "Ready")));
        List<Object> changes = new ArrayList<>();
        model.all().addListener((javafx.collections.ListChangeListener<Row>) changes::add);
        model.rows().addListener((javafx.collections.ListChangeListener<Row>) changes::add);

        var same = model.rereading();
        model.replaceAllPrepared(List.of(same.apply(List.of(new Row("pvc-alpha", 1, "Ready"))),
                same.apply(List.of(new Row("pvc-beta", 2, "Ready")))));
        assertThat(changes).as("the same rows in the same order").isEmpty();

        var swapped = model.rereading();
        model.replaceAllPrepared(List.of(swapped.apply(List.of(new Row("pvc-beta", 2, "Ready"), new Row("pvc-alpha", 1, "Ready")))));
        assertThat(changes).as("the same rows in another order are a change").hasSize(2);
        assertThat(model.rows()).extracting(Row::name).containsExactly("pvc-beta", "pvc-alpha");
    }

    @Test
    void columnComparatorSortsByRawValueNotText() {
        model.append(List.of(new Row("a", 900, ""), new Row("b", 10_000, ""), new Row("c", 5, "")));
        Column<Row, Long> size = Column.<Row, Long>of("size", "Size", Row::bytes).format(b -> b + " B");
        model.setComparator(size.rowComparator());
        assertThat(model.rows()).extracting(Row::name).containsExactly("c", "a", "b");
        model.setComparator(size.rowComparator().reversed());
        assertThat(model.rows()).extracting(Row::name).containsExactly("b", "a", "c");
        model.setComparator(null);
        assertThat(model.rows()).extracting(Row::name).containsExactly("a", "b", "c");
    }

    @Test
    void nullValuesSortLast() {
        ResourceTableModel<Row> m = new ResourceTableModel<>(Row::name);
        m.append(List.of(new Row("x", 1, null), new Row("y", 2, "b"), new Row("z", 3, "a")));
        m.setComparator(Column.<Row, String>of("state", "State", Row::state).rowComparator());
        assertThat(m.rows()).extracting(Row::name).containsExactly("z", "y", "x");
    }

    @Test
    void appendBoundedDropsOldestAndForgetsTheirKeys() {
        model.append(List.of(new Row("old-1", 0, ""), new Row("old-2", 0, "")));
        model.appendBounded(List.of(new Row("new-1", 0, ""), new Row("new-2", 0, "")), 3);
        assertThat(model.all()).extracting(Row::name).containsExactly("old-2", "new-1", "new-2");
        model.filterTextProperty().set("old-1");
        assertThat(model.rows()).isEmpty();
    }

    @Test
    void removeIfAndReplaceAll() {
        model.append(List.of(new Row("a", 1, "x"), new Row("b", 2, "y"), new Row("c", 3, "x")));
        model.removeIf(r -> r.state().equals("x"));
        assertThat(model.all()).extracting(Row::name).containsExactly("b");
        model.replaceAll(List.of(new Row("d", 4, "z")));
        model.filterTextProperty().set("d");
        assertThat(model.rows()).extracting(Row::name).containsExactly("d");
    }

    @Test
    void pagesFromAnyThreadArriveAsOneBatchPerUiTurn() {
        Queue<Runnable> ui = new ArrayDeque<>();
        Executor executor = ui::add;
        List<Integer> changes = new ArrayList<>();
        model.all().addListener((javafx.collections.ListChangeListener<Row>) c -> changes.add(1));
        BatchAppender<Row> sink = new BatchAppender<>(executor, model::append);
        for (int page = 0; page < 5; page++) {
            sink.addAll(IntStream.range(0, 1000).mapToObj(i -> new Row("v" + i, i, "")).toList());
        }
        assertThat(ui).hasSize(1);
        ui.poll().run();
        assertThat(model.totalCount().get()).isEqualTo(5000);
        assertThat(changes).hasSize(1);
    }

    @Test
    void aboveTheSyncLimitSortAndFilterAreComputedInTheBackgroundAndCoalesced() {
        Queue<Runnable> background = new ArrayDeque<>();
        ResourceTableModel<Row> big = new ResourceTableModel<>(Row::name, background::add, Runnable::run, 2);
        big.append(List.of(new Row("b", 2, ""), new Row("c", 3, ""), new Row("a", 1, "")));
        assertThat(big.rows()).extracting(Row::name).containsExactly("b", "c", "a");

        Column<Row, Long> size = Column.<Row, Long>of("size", "Size", Row::bytes);
        big.setComparator(size.rowComparator());
        var settled = big.settled();
        big.filterTextProperty().set("a b");
        big.filterTextProperty().set("b");
        assertThat(big.rows()).as("nothing changes on the UI thread until the background is done")
                .extracting(Row::name).containsExactly("b", "c", "a");
        assertThat(background).hasSize(1);
        assertThat(settled).isNotDone();

        background.poll().run();
        assertThat(background).as("the two filter changes made meanwhile become one follow-up").hasSize(1);
        background.poll().run();
        assertThat(background).isEmpty();
        assertThat(settled).isDone();
        assertThat(big.rows()).extracting(Row::name).containsExactly("b");

        big.filterTextProperty().set("");
        background.poll().run();
        big.append(List.of(new Row("d", 0, "")));
        assertThat(background).as("an append under a sort re-sorts in the background").hasSize(1);
        background.poll().run();
        assertThat(big.rows()).extracting(Row::name).containsExactly("d", "a", "b", "c");
        assertThat(big.shownCount().get()).isEqualTo(4);
    }

    @Test
    void appendsUnderASortAreMergedIntoTheLastResultInsteadOfSortingEveryRowAgain() {
        Queue<Runnable> background = new ArrayDeque<>();
        ResourceTableModel<Row> big = new ResourceTableModel<>(Row::name, background::add, Runnable::run, 10);
        java.util.Random random = new java.util.Random(7);
        List<Row> all = new ArrayList<>();
        for (int i = 0; i < 2_000; i++) all.add(new Row((i % 3 == 0 ? "pvc-" : "snap-") + i, random.nextInt(500), ""));
        big.append(all);
        java.util.concurrent.atomic.AtomicLong compares = new java.util.concurrent.atomic.AtomicLong();
        java.util.Comparator<Row> bySize = (a, b) -> {
            compares.incrementAndGet();
            return Long.compare(a.bytes(), b.bytes());
        };
        big.setComparator(bySize);
        background.poll().run();
        assertThat(compares.get()).as("the first sort sorts every row").isGreaterThan(10_000);

        List<Row> more = new ArrayList<>();
        for (int i = 0; i < 20; i++) more.add(new Row("pvc-new-" + i, random.nextInt(500), ""));
        compares.set(0);
        big.append(more);
        background.poll().run();
        assertThat(compares.get()).as("a merge, not a sort").isLessThan(2_000 + 20 + 20 * 5);
        all.addAll(more);
        assertThat(big.rows()).as("the same rows and order (ties in arrival order) as a full stable sort")
                .containsExactlyElementsOf(all.stream().sorted(bySize).toList());

        big.filterTextProperty().set("pvc");
        background.poll().run();
        big.append(List.of(new Row("pvc-late", 250, ""), new Row("snap-late", 250, "")));
        background.poll().run();
        all.add(new Row("pvc-late", 250, ""));
        assertThat(big.rows()).as("merged rows pass the filter too")
                .containsExactlyElementsOf(all.stream().filter(r -> r.name().contains("pvc")).sorted(bySize).toList());

        big.removeIf(r -> r.bytes() < 250);
        background.poll().run();
        big.append(List.of(new Row("pvc-last", 1, "")));
        background.poll().run();
        assertThat(big.rows()).as("after a removal nothing removed comes back through a merge")
                .allMatch(r -> r.bytes() >= 250 || r.name().equals("pvc-last"))
                .first().isEqualTo(new Row("pvc-last", 1, ""));
    }

    @Test
    void aboveTheSyncLimitUnsortedAppendsAreFilteredInPlace() {
        Queue<Runnable> background = new ArrayDeque<>();
        ResourceTableModel<Row> big = new ResourceTableModel<>(Row::name, background::add, Runnable::run, 1);
        big.append(List.of(new Row("pvc-1", 1, ""), new Row("x", 2, "")));
        big.filterTextProperty().set("pvc");
        background.poll().run();
        big.append(List.of(new Row("pvc-2", 3, ""), new Row("y", 4, "")));
        assertThat(background).isEmpty();
        assertThat(big.rows()).extracting(Row::name).containsExactly("pvc-1", "pvc-2");
    }

    /** A paced model over a 6-row viewport filled in 3 frames (2 rows a frame), appends 250 ms apart, on a test clock. */
    private final Queue<Runnable> frames = new ArrayDeque<>();
    private final java.util.concurrent.atomic.AtomicLong clock = new java.util.concurrent.atomic.AtomicLong(1_000_000_000L);

    private ResourceTableModel<Row> paced() {
        ResourceTableModel<Row> m = new ResourceTableModel<>(Row::name);
        m.pace(new TablePacing(frames::add, () -> 6, 3, java.time.Duration.ofMillis(250), clock::get));
        return m;
    }

    private static List<Row> rows(String prefix, int n) {
        return IntStream.range(0, n).mapToObj(i -> new Row(prefix + i, i, "")).toList();
    }

    /** Runs the frame tasks queued so far, as the next pulse would. */
    private void frame() {
        List<Runnable> due = new ArrayList<>(frames);
        frames.clear();
        due.forEach(Runnable::run);
    }

    @Test
    void pacedAppendsFillAnEmptyViewportOverFramesThenFollowAtTheAppendInterval() {
        ResourceTableModel<Row> m = paced();
        m.append(rows("v", 20));
        assertThat(m.rows()).as("the first slice at once").hasSize(2);
        assertThat(m.shownCount().get()).as("the count includes rows still to come").isEqualTo(20);
        assertThat(m.totalCount().get()).isEqualTo(20);
        var settled = m.settled();
        assertThat(settled).isNotDone();
        frame();
        assertThat(m.rows()).hasSize(4);
        frame();
        assertThat(m.rows()).as("viewport full").hasSize(6);
        frame();
        assertThat(m.rows()).as("the rest waits for the append interval").hasSize(6);
        clock.addAndGet(250_000_000L);
        frame();
        assertThat(m.rows()).extracting(Row::name).containsExactlyElementsOf(rows("v", 20).stream().map(Row::name).toList());
        assertThat(settled).isDone();
        assertThat(frames).isEmpty();

        clock.addAndGet(300_000_000L);
        m.append(rows("w", 3));
        assertThat(m.rows()).as("after a quiet interval an append shows at once").hasSize(23);
        m.append(rows("x", 3));
        assertThat(m.rows()).hasSize(23);
        assertThat(m.shownCount().get()).isEqualTo(26);
        clock.addAndGet(250_000_000L);
        frame();
        assertThat(m.rows()).hasSize(26);
    }

    @Test
    void aPacedFilterResultFillsTheViewportOverFramesThenShowsTheRestWithoutWaiting() {
        ResourceTableModel<Row> m = paced();
        m.append(rows("v", 20));
        while (!frames.isEmpty()) {
            clock.addAndGet(250_000_000L);
            frame();
        }
        m.filterTextProperty().set("v19");
        assertThat(m.rows()).extracting(Row::name).containsExactly("v19");
        m.filterTextProperty().set("");
        assertThat(m.rows()).as("one row was shown; two more fill at once").hasSize(3);
        assertThat(m.shownCount().get()).isEqualTo(20);
        frame();
        assertThat(m.rows()).hasSize(5);
        frame();
        assertThat(m.rows()).hasSize(7);
        frame();
        assertThat(m.rows()).as("a filter result does not wait for the append interval").hasSize(20);
        assertThat(m.settled()).isDone();
    }

    @Test
    void aNewFilterReplacesAPacedFillInProgress() {
        ResourceTableModel<Row> m = paced();
        m.append(rows("v", 20));
        assertThat(m.rows()).hasSize(2);
        m.filterTextProperty().set("v1");
        assertThat(m.rows()).as("two rows were shown; two more fill at once")
                .extracting(Row::name).containsExactly("v1", "v10", "v11", "v12");
        m.filterTextProperty().set("v2");
        frame();
        frame();
        assertThat(m.rows()).extracting(Row::name).containsExactly("v2");
        assertThat(m.shownCount().get()).isEqualTo(1);
        assertThat(frames).isEmpty();
    }

    @Test
    void pacedAppendsUnderASortAboveTheSyncLimitAreSortedInAtTheAppendInterval() {
        Queue<Runnable> background = new ArrayDeque<>();
        ResourceTableModel<Row> m = new ResourceTableModel<>(Row::name, background::add, Runnable::run, 2);
        m.pace(new TablePacing(frames::add, () -> 6, 1, java.time.Duration.ofMillis(250), clock::get));
        m.setComparator(Column.<Row, Long>of("size", "Size", Row::bytes).rowComparator());
        m.append(List.of(new Row("c", 3, ""), new Row("a", 1, "")));
        assertThat(m.rows()).as("up to the sync limit, sorted at once").extracting(Row::name).containsExactly("a", "c");

        m.append(List.of(new Row("b", 2, "")));
        m.append(List.of(new Row("d", 0, "")));
        var settled = m.settled();
        frame();
        assertThat(background).as("rows were just shown: the re-sort waits for the append interval").isEmpty();
        assertThat(m.rows()).extracting(Row::name).containsExactly("a", "c");
        assertThat(settled).isNotDone();

        clock.addAndGet(250_000_000L);
        frame();
        assertThat(background).as("one re-sort for both appends").hasSize(1);
        background.poll().run();
        assertThat(m.rows()).extracting(Row::name).containsExactly("d", "a", "b", "c");
        assertThat(settled).isDone();
        assertThat(frames).isEmpty();

        m.setComparator(null);
        assertThat(background).as("a sort change does not wait").hasSize(1);
        background.poll().run();
        assertThat(m.rows()).extracting(Row::name).containsExactly("c", "a", "b", "d");
    }

    @Test
    void countTextReadsNaturally() {
        assertThat(ResourceTable.countText(1, 1)).isEqualTo("1 row");
        assertThat(ResourceTable.countText(100_000, 100_000)).isEqualTo("100,000 rows");
        assertThat(ResourceTable.countText(12, 100_000)).isEqualTo("12 of 100,000 rows");
    }
}
