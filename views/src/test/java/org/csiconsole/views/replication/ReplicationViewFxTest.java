package org.csiconsole.views.replication;

import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableView;
import javafx.stage.Stage;
import org.csiconsole.views.theme.ConsoleStyles;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

@ExtendWith(ApplicationExtension.class)
class ReplicationViewFxTest {
    private final ReplicationFxSupport fx = new ReplicationFxSupport();

    @Start
    void start(Stage stage) {
        fx.show(stage);
    }

    @AfterEach
    void close(FxRobot robot) {
        fx.closeDialogs(robot);
    }

    @Test
    void eachVolumeShowsItsRoleHealthAndRpoAgeColouredByLevelAndTheFilterNarrowsThem(FxRobot robot) throws Exception {
        fx.publish(robot);
        int row = fx.indexOf("site-a", "vol-2");
        assertThat(cell(robot, fx.rows(), row, "role").getText()).isEqualTo("Primary");
        TableCell<?, ?> health = cell(robot, fx.rows(), row, "health");
        assertThat(health.getText()).as("split brain, not an error like any other").isEqualTo("Split brain");
        assertThat(health.getStyleClass()).contains(ConsoleStyles.CELL_DANGER);
        assertThat(cell(robot, fx.rows(), fx.indexOf("site-a", "vol-1"), "health").getText()).isEqualTo("Healthy");
        TableCell<?, ?> rpo = cell(robot, fx.rows(), row, "rpo");
        assertThat(rpo.getText()).isEqualTo("20 min");
        assertThat(rpo.getStyleClass()).contains(ConsoleStyles.CELL_DANGER);
        assertThat(cell(robot, fx.rows(), fx.indexOf("site-a", "vol-1"), "rpo").getStyleClass()).contains(ConsoleStyles.CELL_OK);
        assertThat(cell(robot, fx.rows(), row, "pair").getText()).isEqualTo("Split brain");

        robot.clickOn("#table-filter").write("split brain");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> fx.rows().getItems().size() == 2);
        assertThat(fx.rows().getItems()).extracting(r -> r.source().id()).containsExactlyInAnyOrder("vol-2", "vol-2r");
        assertThat(robot.lookup("#repl-chip-split").queryAs(Label.class).getText()).as("the two sides of one pair")
                .isEqualTo("2 in 1 split-brain pair");
        assertThat(robot.lookup("#repl-chip-split").queryAs(Label.class).getStyleClass()).contains(ConsoleStyles.REPL_CHIP_DANGER);
    }

    @Test
    void theStateChipsWrapInANarrowHeaderRatherThanWidenTheView(FxRobot robot) throws Exception {
        fx.publish(robot);
        javafx.scene.layout.Region chips = robot.lookup("#repl-chips").queryAs(javafx.scene.layout.Region.class);
        java.util.List<Label> shown = org.csiconsole.views.FxWait.onFx(() -> robot.lookup(".cc-repl-chip").queryAllAs(Label.class).stream()
                .filter(Label::isVisible).toList());
        assertThat(shown).hasSizeGreaterThanOrEqualTo(2);
        double widest = org.csiconsole.views.FxWait.onFx(() -> shown.stream().mapToDouble(l -> l.prefWidth(-1)).max().orElseThrow());
        assertThat(org.csiconsole.views.FxWait.onFx(() -> chips.minWidth(-1)))
                .as("the chips ask for the room of the widest, not of all in a line").isLessThanOrEqualTo(widest + 1);

        double width = org.csiconsole.views.FxWait.onFx(fx.stage::getWidth);
        robot.interact(() -> fx.stage.setWidth(640));
        try {
            org.csiconsole.views.FxWait.afterLayout(chips);
            double right = org.csiconsole.views.FxWait.onFx(() -> chips.localToScene(chips.getLayoutBounds()).getMaxX());
            for (Label chip : shown) {
                assertThat(org.csiconsole.views.FxWait.onFx(() -> chip.localToScene(chip.getLayoutBounds()).getMaxX()))
                        .as(chip.getId() + " within the header").isLessThanOrEqualTo(right + 0.5);
                assertThat(org.csiconsole.views.FxWait.onFx(() -> ((javafx.scene.text.Text) chip.lookup(".text")).getText()))
                        .as("a chip's count is never cut").isEqualTo(chip.getText());
            }
        } finally {
            // the stage outlives the test: the next one opens at the design width
            robot.interact(() -> fx.stage.setWidth(width));
        }
    }

    @Test
    void nothingAboveTheTableMovesWhenNewStatesAppearOrACountGrowsOrAPickIsRefused(FxRobot robot) throws Exception {
        // the view's share of a 1280x800 window, beside the navigator
        robot.interact(() -> {
            fx.stage.setWidth(1020);
            fx.stage.setHeight(800);
        });
        try {
            rowsStayPut(robot);
        } finally {
            robot.interact(() -> {
                fx.stage.setWidth(1280);
                fx.stage.setHeight(800);
            });
        }
    }

    private void rowsStayPut(FxRobot robot) throws Exception {
        fx.publish(robot);
        TableView<ReplicationRow> rows = fx.rows();
        org.csiconsole.views.FxWait.afterLayout(rows);
        double top = org.csiconsole.views.FxWait.onFx(() -> rows.localToScene(0, 0).getY());

        // states not seen before (degraded, error) and counts that gain a digit
        java.util.List<org.csiconsole.core.replication.ReplicationSample> a = new java.util.ArrayList<>();
        java.util.List<org.csiconsole.core.replication.ReplicationSample> b = new java.util.ArrayList<>();
        for (int i = 10; i < 24; i++) {
            a.add(FakeReplication.sample("site-a", "vol-" + i, org.csiconsole.core.model.VolumeReplicationRole.PRIMARY,
                    i % 3 == 0 ? org.csiconsole.core.model.ReplicationHealth.DEGRADED
                            : i % 3 == 1 ? org.csiconsole.core.model.ReplicationHealth.ERROR : org.csiconsole.core.model.ReplicationHealth.HEALTHY,
                    java.time.Duration.ofMinutes(2), "vol-" + i + "r", ""));
            b.add(FakeReplication.sample("site-b", "vol-" + i + "r", org.csiconsole.core.model.VolumeReplicationRole.SECONDARY,
                    org.csiconsole.core.model.ReplicationHealth.HEALTHY, null, "vol-" + i, ""));
        }
        robot.interact(() -> {
            fx.services.samplers.get("site-a").publish(a);
            fx.services.samplers.get("site-b").publish(b);
        });
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> rows.getItems().size() == 28);
        org.csiconsole.views.FxWait.afterLayout(rows);
        assertThat(org.csiconsole.views.FxWait.onFx(() -> rows.localToScene(0, 0).getY()))
                .as("the rows stay under the pointer while chips show and counts grow").isEqualTo(top);

        String training = "Training: unplanned-failover";
        robot.interact(() -> fx.connections.add(ReplicationFixture.connection(training, new FakeReplication.Port(training))));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> fx.services.samplers.containsKey(training));
        robot.interact(() -> fx.services.samplers.get(training).publish(java.util.List.of(
                FakeReplication.sample("site-a", "vol-7", org.csiconsole.core.model.VolumeReplicationRole.PRIMARY,
                        org.csiconsole.core.model.ReplicationHealth.HEALTHY, java.time.Duration.ofMinutes(2), "vol-7r", ""),
                FakeReplication.sample("site-b", "vol-7r", org.csiconsole.core.model.VolumeReplicationRole.SECONDARY,
                        org.csiconsole.core.model.ReplicationHealth.HEALTHY, null, "vol-7", ""))));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> fx.view.model().sites().size() == 4);
        org.csiconsole.views.FxWait.afterLayout(rows);
        double settled = org.csiconsole.views.FxWait.onFx(() -> rows.localToScene(0, 0).getY());
        SiteChoice trainingA = fx.view.model().sites().stream().filter(x -> x.connection().equals(training) && x.site().equals("site-a"))
                .findFirst().orElseThrow();
        robot.interact(() -> fx.view.model().siteAProperty().set(trainingA));
        Label note = robot.lookup("#repl-site-note").queryAs(Label.class);
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, note::isVisible);
        org.csiconsole.views.FxWait.afterLayout(rows);
        assertThat(org.csiconsole.views.FxWait.onFx(() -> rows.localToScene(0, 0).getY()))
                .as("the note on a refused pick does not push the rows down").isEqualTo(settled);
    }

    @Test
    void theClosedPickersNameTheConnectionBesideTheSiteAndARefusedPickIsSaidNotReverted(FxRobot robot) throws Exception {
        fx.publish(robot);
        String training = "Training: unplanned-failover";
        robot.interact(() -> fx.connections.add(ReplicationFixture.connection(training, new FakeReplication.Port(training))));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> fx.services.samplers.containsKey(training));
        robot.interact(() -> fx.services.samplers.get(training).publish(java.util.List.of(
                FakeReplication.sample("site-a", "vol-7", org.csiconsole.core.model.VolumeReplicationRole.PRIMARY,
                        org.csiconsole.core.model.ReplicationHealth.HEALTHY, java.time.Duration.ofMinutes(2), "vol-7r", ""),
                FakeReplication.sample("site-b", "vol-7r", org.csiconsole.core.model.VolumeReplicationRole.SECONDARY,
                        org.csiconsole.core.model.ReplicationHealth.HEALTHY, null, "vol-7", ""))));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> fx.view.model().sites().size() == 4);
        SiteChoice trainingA = fx.view.model().sites().stream().filter(x -> x.connection().equals(training) && x.site().equals("site-a"))
                .findFirst().orElseThrow();

        javafx.scene.control.ComboBox<?> a = robot.lookup("#repl-site-a").queryAs(javafx.scene.control.ComboBox.class);
        robot.interact(() -> a.getSelectionModel().select(fx.view.model().sites().indexOf(trainingA)));
        WaitForAsyncUtils.waitForFxEvents();
        org.csiconsole.views.FxWait.afterLayout(a);

        org.csiconsole.views.FxWait.eventually(() -> {
            javafx.scene.control.ListCell<?> cell = a.getButtonCell();
            assertThat(cell.getText()).isEqualTo("site-a \u00b7 Training: unplanned-failover");
            javafx.scene.text.Text shown = (javafx.scene.text.Text) cell.lookup(".text");
            assertThat(shown.getText()).as("whole, with the connection, never elided").isEqualTo(cell.getText());
        });
        assertThat(fx.view.model().siteBProperty().get().label()).isEqualTo("site-b \u00b7 Training: unplanned-failover");
        Label note = robot.lookup("#repl-site-note").queryAs(Label.class);
        assertThat(note.isVisible()).isTrue();
        assertThat(note.getText()).startsWith("Site B is now site-b \u00b7 Training: unplanned-failover: ");
    }

    @Test
    void withAnotherConnectionHoldingTheSameIdsEachRowsSiteNamesItsConnection(FxRobot robot) throws Exception {
        fx.publish(robot);
        robot.interact(() -> fx.connections.add(ReplicationFixture.connection("Served", new FakeReplication.Port("Served"))));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> fx.services.samplers.containsKey("Served"));
        robot.interact(() -> fx.services.samplers.get("Served").publish(java.util.List.of(
                FakeReplication.sample("site-a", "vol-1", org.csiconsole.core.model.VolumeReplicationRole.PRIMARY,
                        org.csiconsole.core.model.ReplicationHealth.HEALTHY, java.time.Duration.ofMinutes(2), "vol-1r", ""))));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> fx.rows().getItems().stream()
                .anyMatch(r -> r.site().connection().equals("Served")));
        int served = -1;
        for (int i = 0; i < fx.rows().getItems().size(); i++) {
            if (fx.rows().getItems().get(i).site().connection().equals("Served")) served = i;
        }
        int row = served;
        org.csiconsole.views.FxWait.eventually(() -> assertThat(textOf(fx.rows(), row, "site")).isEqualTo("site-a \u00b7 Served"));
    }

    @Test
    void anEditedConnectionLeavesTheSitesPickedAndTheChipsWhereTheyWere(FxRobot robot) throws Exception {
        fx.publish(robot);
        robot.interact(() -> fx.view.model().siteAProperty().set(fx.view.model().sites().get(1)));
        WaitForAsyncUtils.waitForFxEvents();
        java.util.function.Supplier<java.util.Map<String, Double>> chips = () -> {
            java.util.Map<String, Double> at = new java.util.TreeMap<>();
            for (var n : robot.lookup(".cc-repl-chip").queryAll()) if (n.isVisible()) at.put(n.getId(), n.localToScene(0, 0).getX());
            return at;
        };
        var before = org.csiconsole.views.FxWait.onFx(chips::get);
        assertThat(before).containsKeys("repl-chip-split", "repl-chip-healthy");

        var samplesB = fx.services.samplers.get("site-b").samples();
        robot.interact(() -> fx.connections.set(1, ReplicationFixture.connection("site-b", fx.portB)));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(org.csiconsole.views.FxWait.onFx(chips::get)).as("while site-b's rows are away, the chips shown stay where they were")
                .containsAllEntriesOf(before);
        robot.interact(() -> fx.services.samplers.get("site-b").publish(samplesB));
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> fx.rows().getItems().size() == 5);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fx.view.model().siteAProperty().get().name()).isEqualTo("site-b");
        assertThat(fx.view.model().siteBProperty().get().name()).isEqualTo("site-a");
        assertThat(org.csiconsole.views.FxWait.onFx(chips::get)).containsAllEntriesOf(before);
    }

    @Test
    void theSitePairsTabPutsEachVolumeNextToItsPartnerAndFlagsMismatchesWithTheSafeNextStep(FxRobot robot) throws Exception {
        fx.publish(robot);
        robot.clickOn("#repl-pairs-tab .tab-label");
        TableView<PairRow> pairs = fx.view.pairsTable().tableView();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> robot.lookup("#repl-pairs").tryQuery().filter(n -> n.isVisible()).isPresent());
        int split = indexOfPair(pairs, "vol-2");
        assertThat(cell(robot, pairs, split, "b").getText()).isEqualTo("vol-2r");
        assertThat(cell(robot, pairs, split, "aRole").getText()).isEqualTo("Primary");
        assertThat(cell(robot, pairs, split, "bRole").getText()).isEqualTo("Primary");
        assertThat(cell(robot, pairs, split, "pair").getText()).isEqualTo("Split brain");
        assertThat(cell(robot, pairs, split, "next").getText()).startsWith("Stop writers on one side, pick the survivor");
        int missing = indexOfPair(pairs, "vol-3");
        assertThat(cell(robot, pairs, missing, "b").getText()).isEqualTo("missing");
        assertThat(cell(robot, pairs, missing, "pair").getText()).isEqualTo("Partner missing");
        assertThat(cell(robot, pairs, indexOfPair(pairs, "vol-1"), "pair").getText()).isEqualTo("Consistent");
        assertThat(robot.lookup("#repl-pairs-tab .tab-label").queryAs(javafx.scene.control.Label.class).getText())
                .isEqualTo("Site pairs (2 flagged)");

        robot.interact(() -> pairs.getSelectionModel().clearAndSelect(split));
        assertThat(fx.view.model().selectedPairs()).extracting(PairRow::name).containsExactly("vol-2");
        assertThat(fx.view.model().commands().wizardAction(org.csiconsole.core.replication.WorkflowKind.SPLIT_BRAIN_RECOVERY)
                .enabled().get()).isTrue();
    }

    @Test
    void aRoundThatReadsTheSameFiguresKeepsTheRowAndItsRpoAgeInSightStillGrows(FxRobot robot) throws Exception {
        fx.publish(robot);
        int row = fx.indexOf("site-a", "vol-1");
        ReplicationRow held = fx.rows().getItems().get(row);
        assertThat(cell(robot, fx.rows(), row, "rpo").getText()).isEqualTo("2 min");
        java.time.Instant later = FakeReplication.NOW.plus(java.time.Duration.ofMinutes(3));
        fx.services.now = later;
        robot.interact(() -> {
            var sampler = fx.services.samplers.get("site-a");
            sampler.publish(sampler.samples().stream().map(s -> new org.csiconsole.core.replication.ReplicationSample(s.item(),
                    s.role(), s.info(), s.destination(), s.origin(), later, null, later)).toList());
        });
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> "5 min".equals(textOf(fx.rows(), row, "rpo")));
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fx.rows().getItems().get(row)).as("the same figures: the held row").isSameAs(held);
        assertThat(textOf(fx.rows(), row, "sample")).as("read again just now").doesNotContain("Stale");
    }

    /** The text of a cell, read on the FX thread where the table writes it. */
    private static String textOf(TableView<?> table, int row, String columnId) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> {
            TableCell<?, ?> c = find(table, row, columnId);
            return c == null ? null : c.getText();
        }).get(10, TimeUnit.SECONDS);
    }

    @Test
    void severalSelectedRowsEnableTheBulkCommandsButForceOnlyForOneRow(FxRobot robot) throws Exception {
        fx.publish(robot);
        robot.interact(() -> {
            fx.rows().getSelectionModel().clearSelection();
            fx.rows().getSelectionModel().selectIndices(fx.indexOf("site-a", "vol-1"), fx.indexOf("site-a", "vol-2"));
        });
        assertThat(robot.lookup("#repl-promote").queryButton().isDisabled()).isFalse();
        assertThat(robot.lookup("#repl-demote").queryButton().isDisabled()).isFalse();
        assertThat(fx.view.model().commands().promoteForceAction().enabled().get()).isFalse();
        robot.interact(() -> fx.rows().getSelectionModel().clearAndSelect(fx.indexOf("site-a", "vol-1")));
        assertThat(fx.view.model().commands().promoteForceAction().enabled().get()).isTrue();
        // vol-3's partner is not on site B: the pair is mismatched, and the buttons say so
        robot.interact(() -> fx.rows().getSelectionModel().clearAndSelect(fx.indexOf("site-a", "vol-3")));
        assertThat(robot.lookup("#repl-promote").queryButton().isDisabled()).isTrue();
        assertThat(robot.lookup("#repl-resync").queryButton().isDisabled()).isTrue();
    }

    @Test
    void theSummaryChipsAddUpToTheRowsAndAClickShowsOnlyTheRowsInThatState(FxRobot robot) throws Exception {
        fx.publish(robot);
        int sum = WaitForAsyncUtils.asyncFx(() -> {
            int n = 0;
            for (var state : org.csiconsole.core.replication.ReplicationState.values()) {
                Label chip = robot.lookup("#" + ReplicationHeader.chipId(state)).queryAs(Label.class);
                if (chip.isVisible()) n += Integer.parseInt(chip.getText().split(" ")[0]);
            }
            return n;
        }).get(10, TimeUnit.SECONDS);
        assertThat(sum).as("each row is in one state").isEqualTo(5);

        robot.clickOn("#repl-chip-split");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> fx.rows().getItems().size() == 2);
        assertThat(fx.rows().getItems()).extracting(r -> r.source().id()).containsExactlyInAnyOrder("vol-2", "vol-2r");
        robot.clickOn("#repl-chip-healthy");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> fx.rows().getItems().size() == 1);
        assertThat(fx.rows().getItems()).extracting(r -> r.source().id()).containsExactly("vol-1");
        robot.clickOn("#repl-chip-healthy");
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> fx.rows().getItems().size() == 5);
    }

    @Test
    void theActionsFollowTheSelectionInSightAndAreDisabledWhenTheTabInSightHasNone(FxRobot robot) throws Exception {
        fx.publish(robot);
        robot.interact(() -> fx.rows().getSelectionModel().clearAndSelect(fx.indexOf("site-a", "vol-2")));
        assertThat(robot.lookup("#repl-promote").queryButton().isDisabled()).isFalse();

        robot.clickOn("#repl-pairs-tab .tab-label");
        WaitForAsyncUtils.waitForFxEvents();
        var commands = fx.view.model().commands();
        assertThat(fx.view.pairsTable().tableView().getSelectionModel().getSelectedItems()).as("nothing selected in sight").isEmpty();
        assertThat(robot.lookup("#repl-promote").queryButton().isDisabled()).as("the hidden row is not acted on").isTrue();
        assertThat(commands.promoteAction().disabledReason().get()).contains("Volumes and groups");
        assertThat(commands.promoteForceAction().enabled().get()).isFalse();
        assertThat(commands.wizardAction(org.csiconsole.core.replication.WorkflowKind.SPLIT_BRAIN_RECOVERY).enabled().get()).isFalse();

        robot.interact(() -> fx.view.pairsTable().tableView().getSelectionModel().clearAndSelect(
                indexOfPair(fx.view.pairsTable().tableView(), "vol-1")));
        assertThat(fx.view.model().selectedPairs()).extracting(PairRow::name).containsExactly("vol-1");
        assertThat(commands.wizardAction(org.csiconsole.core.replication.WorkflowKind.PLANNED_FAILOVER).enabled().get()).isTrue();
        assertThat(robot.lookup("#repl-promote").queryButton().isDisabled()).as("a pair has two sides").isTrue();

        robot.clickOn("#repl-rows-tab .tab-label");
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(fx.view.model().selectedRows()).extracting(ReplicationRow::name).containsExactly("vol-2");
        assertThat(fx.view.model().selectedPairs()).extracting(PairRow::name).containsExactly("vol-2");
    }

    private static int indexOfPair(TableView<PairRow> t, String idA) {
        for (int i = 0; i < t.getItems().size(); i++) {
            PairRow p = t.getItems().get(i);
            if (p.sideA() != null && p.sideA().source().id().equals(idA)) return i;
        }
        throw new AssertionError("no pair " + idA);
    }

    /** The cell of column {@code columnId} in row {@code row}, scrolled into sight. */
    static TableCell<?, ?> cell(FxRobot robot, TableView<?> table, int row, String columnId) throws Exception {
        robot.interact(() -> table.scrollTo(row));
        WaitForAsyncUtils.waitForFxEvents();
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS,
                () -> WaitForAsyncUtils.asyncFx(() -> find(table, row, columnId) != null).get(10, TimeUnit.SECONDS));
        return WaitForAsyncUtils.asyncFx(() -> find(table, row, columnId)).get(10, TimeUnit.SECONDS);
    }

    private static TableCell<?, ?> find(TableView<?> table, int row, String columnId) {
        for (var n : table.lookupAll(".table-cell")) {
            if (n instanceof TableCell<?, ?> c && c.getTableRow() != null && c.getTableRow().getIndex() == row
                    && c.getTableColumn() != null && columnId.equals(c.getTableColumn().getId()) && c.getText() != null
                    && c.isVisible() && !c.getStyleClass().contains("cc-pinned-table")) {
                if (c.getTableView() == table) return c;
            }
        }
        return null;
    }

    @Test
    void everyWordThePairColumnsShowFitsThemWhole(FxRobot robot) throws Exception {
        fx.publish(robot);
        javafx.scene.text.Font font = cell(robot, fx.rows(), fx.indexOf("site-a", "vol-2"), "pair").getFont();
        for (TableView<?> table : java.util.List.<TableView<?>>of(fx.rows(), fx.view.pairsTable().tableView())) {
            double width = org.csiconsole.views.FxWait.onFx(() -> table.getColumns().stream().filter(c -> "pair".equals(c.getId()))
                    .findFirst().orElseThrow().getWidth());
            java.util.List<String> words = new java.util.ArrayList<>();
            for (var m : org.csiconsole.core.replication.PairMismatch.values()) words.add(m.words());
            for (var st : org.csiconsole.core.replication.ReplicationState.values()) words.add(st.words());
            for (String w : words) {
                javafx.scene.text.Text t = new javafx.scene.text.Text(w);
                t.setFont(font);
                // a cell's padding on both sides
                assertThat(t.getLayoutBounds().getWidth() + 16).as(w).isLessThanOrEqualTo(width);
            }
        }
    }

    @Test
    void theResultsOfAReplicationActionNeverMakeRetryTheDefaultButton(FxRobot robot) throws Exception {
        var failed = new org.csiconsole.views.task.ItemOutcome<>("vol-3", "vol-3 on site-a",
                org.csiconsole.views.task.ItemOutcome.Status.FAILED, "The driver refused.");
        ReplicationFxSupport.later(() -> fx.view.model().commands().dialogs().showResults("Demote 2 volumes on site-a", "1 of 2 done; 1 not.",
                java.util.List.of(failed), true));
        javafx.scene.control.Button retry = fx.button(robot, "Retry failed");
        javafx.scene.control.Button close = fx.button(robot, "Close");
        assertThat(org.csiconsole.views.FxWait.onFx(retry::isDefaultButton)).as("Enter never retries a DR action").isFalse();
        assertThat(org.csiconsole.views.FxWait.onFx(close::isDefaultButton)).isTrue();
    }
}
