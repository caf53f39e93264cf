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
    void pagesReadCarryKeysMadeOnTheReadingThreadAndAddInOrder() throws Exception {
        List<String> keyThreads = new java.util.concurrent.CopyOnWriteArrayList<>();
        ResourceTableModel<Row> m = new ResourceTableModel<>(r -> {
            keyThreads.add(Thread.currentThread().getName());
            return r.name() + " " + r.state();
        });
        m.append(List.of(new Row("old", 1, "Ready")));
        var reader = java.util.concurrent.Executors.newSingleThreadExecutor(r -> new Thread(r, "reader"));
        try {
            TableLoad<Row> first = m.load();
            reader.submit(() -> first.page(List.of(new Row("pvc-a", 1, "Ready"), new Row("pvc-b", 2, "Failed")))).get();
            reader.submit(() -> first.page(List.of(new Row("pvc-c", 3, "Ready")))).get();
            keyThreads.clear();
            first.finish();
            assertThat(m.all()).extracting(Row::name).containsExactly("pvc-a", "pvc-b", "pvc-c");

            TableLoad<Row> second = m.load();
            reader.submit(() -> second.page(List.of(new Row("pvc-a", 1, "Ready"), new Row("pvc-b", 2, "Failed")))).get();
            reader.submit(() -> second.page(List.of(new Row("pvc-c", 3, "Ready"), new Row("pvc-d", 4, "Failed")))).get();
            keyThreads.clear();
            second.finish();
            m.filterTextProperty().set("failed");

            assertThat(m.rows()).extracting(Row::name).containsExactly("pvc-b", "pvc-d");
            assertThat(keyThreads).as("no search keys computed when adding").isEmpty();
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
        TableLoad<Row> read = model.load();

        Row alphaAgain = new Row("pvc-alpha", 1, "Ready");
        Row betaGrown = new Row("pvc-beta", 20, "Ready");
        Row delta = new Row("pvc-delta", 4, "Ready");
        Row alphaTwice = new Row("pvc-alpha", 1, "Ready");
        read.page(List.of(alphaAgain, betaGrown));
        read.page(List.of(delta, alphaTwice));
        read.finish();

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
    void aKeyedTablesReReadFindsHeldRowsByKeyAndMakesSearchTextOnlyForRowsThatChanged() {
        List<String> searched = new ArrayList<>();
        ResourceTableModel<Row> keyed = new ResourceTableModel<Row>(r -> {
            searched.add(r.name());
            return r.name() + " " + r.state();
        }, Runnable::run, Runnable::run, 5_000).keyedBy(Row::name);
        Row alpha = new Row("pvc-alpha", 1, "Ready");
        keyed.append(List.of(alpha, new Row("pvc-beta", 2, "Ready")));
        searched.clear();

        TableLoad<Row> read = keyed.load();
        Row betaDegraded = new Row("pvc-beta", 2, "Degraded");
        read.page(List.of(new Row("pvc-alpha", 1, "Ready"), betaDegraded));
        read.finish();

        assertThat(keyed.all()).containsExactly(alpha, betaDegraded);
        assertThat(keyed.all().get(0)).as("the unchanged row keeps the held instance").isSameAs(alpha);
        assertThat(searched).as("search text made for the changed row only").containsExactly("pvc-beta");
        keyed.filterTextProperty().set("degraded");
        assertThat(keyed.rows()).containsExactly(betaDegraded);
    }

    @Test
    void reReadOfUnchangedRowsChangesNothing() {
        model.append(List.of(new Row("pvc-alpha", 1, "Ready"), new Row("pvc-beta", 2, "Ready")));
        List<Object> changes = new ArrayList<>();
        model.all().addListener((javafx.collections.ListChangeListener<Row>) changes::add);
        model.rows().addListener((javafx.collections.ListChangeListener<Row>) changes::add);

        TableLoad<Row> same = model.load();
        same.page(List.of(new Row("pvc-alpha", 1, "Ready")));
        same.page(List.of(new Row("pvc-beta", 2, "Ready")));
        same.finish();
        assertThat(changes).as("the same rows in the same order").isEmpty();

        TableLoad<Row> swapped = model.load();
        swapped.page(List.of(new Row("pvc-beta", 2, "Ready"), new Row("pvc-alpha", 1, "Ready")));
        swapped.finish();
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
    void pagesStreamingIntoAnEmptyTableArriveAsOneBatchPerUiTurn() {
        Queue<Runnable> ui = new java.util.concurrent.ConcurrentLinkedQueue<>();
        Executor executor = ui::add;
        ResourceTableModel<Row> streamed = new ResourceTableModel<>(Row::name, Runnable::run, executor, 5_000);
        List<Integer> changes = new ArrayList<>();
        streamed.all().addListener((javafx.collections.ListChangeListener<Row>) c -> changes.add(1));
        TableLoad<Row> sink = streamed.load();
        List<java.util.concurrent.CompletionStage<Void>> reached = new ArrayList<>();
        for (int page = 0; page < 5; page++) {
            reached.add(sink.page(IntStream.range(0, 1000).mapToObj(i -> new Row("v" + i, i, "")).toList()));
        }
        assertThat(ui).hasSize(1);
        assertThat(reached.get(4).toCompletableFuture()).as("the next page waits until this one reached the table").isNotDone();
        ui.poll().run();
        assertThat(streamed.totalCount().get()).isEqualTo(5000);
        assertThat(changes).hasSize(1);
        assertThat(reached).allSatisfy(r -> assertThat(r.toCompletableFuture()).isDone());
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

    /** Frame tasks, and the time in ns of a test clock, for paced models. */
    private final Queue<Runnable> frames = new ArrayDeque<>();
    private final java.util.concurrent.atomic.AtomicLong clock = new java.util.concurrent.atomic.AtomicLong(1_000_000_000L);

    /** A model paced with appends 250 ms apart, computing at once above a sync limit of 5 rows. */
    private ResourceTableModel<Row> paced() {
        ResourceTableModel<Row> m = new ResourceTableModel<>(Row::name, Runnable::run, Runnable::run, 5);
        m.pace(frames::add, java.time.Duration.ofMillis(250), clock::get);
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
    void pacedAppendsAboveTheSyncLimitReachTheTableAtMostOncePerAppendInterval() {
        ResourceTableModel<Row> m = paced();
        m.append(rows("v", 20));
        assertThat(m.rows()).as("the first rows at once").hasSize(20);
        m.append(rows("w", 3));
        assertThat(m.rows()).as("rows were just shown: the next ones wait").hasSize(20);
        assertThat(m.shownCount().get()).as("the count includes rows still to come").isEqualTo(23);
        assertThat(m.totalCount().get()).isEqualTo(23);
        assertThat(m.state()).isEqualTo(ResourceTableModel.State.WAITING);
        var settled = m.settled();
        assertThat(settled).isNotDone();
        frame();
        assertThat(m.rows()).as("the rest waits for the append interval").hasSize(20);
        clock.addAndGet(250_000_000L);
        frame();
        assertThat(m.rows()).extracting(Row::name).containsExactlyElementsOf(
                java.util.stream.Stream.concat(rows("v", 20).stream(), rows("w", 3).stream()).map(Row::name).toList());
        assertThat(settled).isDone();
        assertThat(frames).isEmpty();

        clock.addAndGet(300_000_000L);
        m.append(rows("x", 3));
        assertThat(m.rows()).as("after a quiet interval an append shows at once").hasSize(26);
        m.append(rows("y", 3));
        assertThat(m.rows()).hasSize(26);
        assertThat(m.shownCount().get()).isEqualTo(29);
        clock.addAndGet(250_000_000L);
        frame();
        assertThat(m.rows()).hasSize(29);
    }

    @Test
    void aFilterResultIsShownAtOnceWhileAppendedRowsWaitForTheInterval() {
        ResourceTableModel<Row> m = paced();
        m.append(rows("v", 20));
        m.append(rows("w", 3));
        assertThat(m.state()).isEqualTo(ResourceTableModel.State.WAITING);
        m.filterTextProperty().set("w");
        assertThat(m.rows()).as("the rows waiting are filtered with the rest").extracting(Row::name).containsExactly("w0", "w1", "w2");
        assertThat(m.state()).isEqualTo(ResourceTableModel.State.SETTLED);
        frame();
        assertThat(frames).as("the wait ended with the filter").isEmpty();
        assertThat(m.settled()).isDone();
    }

    @Test
    void pacedAppendsUnderASortAboveTheSyncLimitAreSortedInAtTheAppendInterval() {
        Queue<Runnable> background = new ArrayDeque<>();
        ResourceTableModel<Row> m = new ResourceTableModel<>(Row::name, background::add, Runnable::run, 2);
        m.pace(frames::add, java.time.Duration.ofMillis(250), clock::get);
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
