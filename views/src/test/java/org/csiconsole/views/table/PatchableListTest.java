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
}
