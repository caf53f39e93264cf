package org.csiconsole.views.table;

import javafx.collections.ListChangeListener;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

class PatchableListTest {
    private final PatchableList<String> list = new PatchableList<>();
    private final List<String> changes = new ArrayList<>();

    PatchableListTest() {
        list.addListener((ListChangeListener<String>) c -> {
            StringBuilder b = new StringBuilder();
            while (c.next()) {
                if (c.wasRemoved()) b.append("-").append(c.getRemovedSize()).append("@").append(c.getFrom()).append(' ');
                if (c.wasAdded()) b.append("+").append(c.getAddedSize()).append("@").append(c.getFrom()).append(' ');
            }
            changes.add(b.toString().strip());
        });
    }

    private static List<String> rows(int from, int to) {
        return IntStream.range(from, to).mapToObj(i -> ("row-" + i).intern()).toList();
    }

    @Test
    void rowsDroppedAtTheFrontAndAddedAtTheEndAreOneChangeNamingOnlyThem() {
        list.replaceWith(rows(0, 1000));
        changes.clear();

        list.replaceWith(rows(3, 1005));

        assertThat(list).containsExactlyElementsOf(rows(3, 1005));
        assertThat(changes).containsExactly("-3@0 +5@997");
    }

    @Test
    void aRowInsertedNearTheEndIsOneInsertionAndTheSameRowsMakeNoChange() {
        List<String> before = new ArrayList<>(rows(0, 100));
        list.replaceWith(before);
        changes.clear();
        List<String> after = new ArrayList<>(before);
        after.add(98, "late-call");

        list.replaceWith(after);
        list.replaceWith(after);

        assertThat(list).containsExactlyElementsOf(after);
        assertThat(changes).containsExactly("+1@98");
    }

    @Test
    void rowsDroppedInTheMiddleAreNamedAsRemovedNotAsAReplacement() {
        list.replaceWith(rows(0, 100));
        changes.clear();
        List<String> after = new ArrayList<>(rows(0, 100));
        after.remove(50);
        after.remove(50);

        list.replaceWith(after);

        assertThat(list).containsExactlyElementsOf(after);
        assertThat(changes).containsExactly("-2@50");
    }

    @Test
    void rowsInAnotherOrderReplaceEveryRowInOneChange() {
        list.replaceWith(rows(0, 10));
        changes.clear();
        List<String> reversed = new ArrayList<>(rows(0, 10));
        java.util.Collections.reverse(reversed);

        list.replaceWith(reversed);

        assertThat(list).containsExactlyElementsOf(reversed);
        assertThat(changes).containsExactly("-10@0 +10@0");
    }

    @Test
    void rowsMergedInAndDroppedAllOverAreAChangeThatTurnsACopyOfTheOldRowsIntoTheNewOnes() {
        // A sorted table's paced merge: new rows land between old ones everywhere, a few old ones go.
        java.util.Random random = new java.util.Random(7);
        List<String> before = new ArrayList<>(rows(0, 3000));
        list.replaceWith(before);
        List<String> copy = new ArrayList<>(before);
        int[] parts = {0};
        list.addListener((ListChangeListener<String>) c -> {
            while (c.next()) {
                parts[0]++;
                // what a listener sees: the removed rows of the old list, the added ones read from the new list
                copy.subList(c.getFrom(), c.getFrom() + c.getRemovedSize()).clear();
                copy.addAll(c.getFrom(), c.getAddedSubList());
            }
        });
        List<String> after = new ArrayList<>();
        for (String row : before) {
            if (random.nextInt(10) == 0) continue;
            if (random.nextInt(4) == 0) after.add(("new-" + after.size()).intern());
            after.add(row);
        }

        list.replaceWith(after);

        assertThat(list).containsExactlyElementsOf(after);
        assertThat(copy).as("the old rows with the change applied").containsExactlyElementsOf(after);
        assertThat(parts[0]).as("the change names its removals and insertions, not every row").isGreaterThan(100);
    }
}
