package org.csiconsole.views.replication;

import org.csiconsole.views.theme.ConsoleStyles;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.VolumeReplicationRole;
import org.csiconsole.core.replication.PairMismatch;
import org.csiconsole.core.replication.ReplicationSample;
import org.csiconsole.core.replication.RpoLevel;
import org.csiconsole.core.replication.ReplicationState;
import org.csiconsole.core.replication.WorkflowKind;
import org.csiconsole.core.risk.Assessment;
import org.csiconsole.core.risk.Consent;
import org.csiconsole.core.risk.Hazard;
import org.csiconsole.views.workbench.ConnectionModel;
import org.csiconsole.views.workbench.ResourceKind;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import java.time.Duration;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.csiconsole.core.model.ReplicationHealth.ERROR;
import static org.csiconsole.core.model.ReplicationHealth.HEALTHY;
import static org.csiconsole.core.model.ReplicationHealth.UNKNOWN;
import static org.csiconsole.core.model.VolumeReplicationRole.PRIMARY;
import static org.csiconsole.core.model.VolumeReplicationRole.SECONDARY;
import static org.csiconsole.views.replication.FakeReplication.NOW;
import static org.csiconsole.views.replication.FakeReplication.sample;

class ReplicationViewModelTest {
    private ReplicationFixture f;

    @BeforeEach
    void open() {
        f = new ReplicationFixture().open();
        f.model.activate();
        f.samplerA().publish(List.of(
                sample("site-a", "vol-1", PRIMARY, HEALTHY, Duration.ofMinutes(2), "vol-1r", ""),
                sample("site-a", "vol-2", PRIMARY, ERROR, Duration.ofMinutes(20), "vol-2r", "Split brain: both sides are primary."),
                sample("site-a", "vol-3", PRIMARY, HEALTHY, Duration.ofMinutes(9), "vol-gone", "")));
        f.samplerB().publish(List.of(
                sample("site-b", "vol-1r", SECONDARY, UNKNOWN, null, "vol-1", ""),
                sample("site-b", "vol-2r", PRIMARY, ERROR, Duration.ofMinutes(20), "vol-2", "")));
    }

    @Test
    void eachSiteOfEachConnectionIsSampledAndEveryVolumeIsARowWithItsPair() {
        assertThat(f.samplerA().started).isEqualTo(1);
        assertThat(f.samplerA().visibility).containsExactly(true);
        assertThat(f.model.sites()).extracting(SiteChoice::name).containsExactly("site-a", "site-b");
        assertThat(f.model.siteAProperty().get().name()).isEqualTo("site-a");
        assertThat(f.model.siteBProperty().get().name()).isEqualTo("site-b");
        assertThat(f.model.table().all()).hasSize(5);
        assertThat(f.row("site-a", "vol-1").partner().source().id()).isEqualTo("vol-1r");
        assertThat(f.row("site-a", "vol-1").mismatch()).isEqualTo(PairMismatch.NONE);
        var counts = f.model.countsProperty().get();
        assertThat(counts.total()).isEqualTo(5);
        assertThat(counts.count(ReplicationState.SPLIT_BRAIN)).as("vol-2 and vol-2r: split brain, not error").isEqualTo(2);
        assertThat(counts.count(ReplicationState.ERROR)).isZero();
        assertThat(counts.count(ReplicationState.MISMATCHED)).as("vol-3's partner is missing").isEqualTo(1);
        assertThat(counts.count(ReplicationState.HEALTHY)).isEqualTo(1);
        assertThat(counts.count(ReplicationState.UNKNOWN)).as("vol-1r reports no health").isEqualTo(1);
        assertThat(counts.rows().values().stream().mapToInt(Integer::intValue).sum()).as("each row counts once").isEqualTo(5);
        assertThat(counts.splitPairs()).isEqualTo(1);
        assertThat(counts.mismatchedPairs()).isEqualTo(1);
    }

    @Test
    void aToldChangeOfAConnectionsVolumesSamplesItsSitesAgain() {
        int a = f.samplerA().sampledNow, b = f.samplerB().sampledNow;

        f.connections.get(0).changes().tell(ResourceKind.VOLUMES, "Reset to the seed of planned-failover", this);

        assertThat(f.samplerA().sampledNow).as("the told connection reads again").isEqualTo(a + 1);
        assertThat(f.samplerB().sampledNow).as("another connection is not touched").isEqualTo(b);

        f.connections.get(0).changes().tell(ResourceKind.VOLUME_GROUPS, "Deleted vg-erp", this);
        assertThat(f.samplerA().sampledNow).isEqualTo(a + 2);

        ConnectionModel siteA = f.connections.remove(0);
        int after = f.samplerA().sampledNow;
        siteA.changes().tell(ResourceKind.VOLUMES, "Created one", this);
        assertThat(f.samplerA().sampledNow).as("a connection no longer followed reads nothing").isEqualTo(after);
    }

    @Test
    void splitBrainIsAStateOfItsOwnAndAPairIsConsistentOnlyWhenHealthy() {
        assertThat(f.row("site-a", "vol-2").state()).isEqualTo(ReplicationState.SPLIT_BRAIN);
        assertThat(f.pair("vol-2").state().words()).isEqualTo("Split brain");
        assertThat(ReplicationState.pairWords(f.pair("vol-1").pair())).isEqualTo("Consistent");
        f.samplerA().publish(List.of(sample("site-a", "vol-1", PRIMARY, ReplicationHealth.DEGRADED, Duration.ofMinutes(2), "vol-1r", "link down"),
                f.samplerA().samples().get(1), f.samplerA().samples().get(2)));
        assertThat(ReplicationState.pairWords(f.pair("vol-1").pair())).as("never Consistent beside Degraded").isEqualTo("Degraded");
        ReplicationColumns columns = new ReplicationColumns(() -> NOW, f.model::settings, java.time.ZoneOffset.UTC);
        assertThat(columns.rowDetail(f.row("site-b", "vol-2r")))
                .anySatisfy(d -> assertThat(d.label() + "=" + d.value()).startsWith("State=Split brain. Both sides of the pair are primary"));
        f.model.table().filterTextProperty().set(ReplicationState.SPLIT_BRAIN.token());
        assertThat(f.model.table().rows()).extracting(r -> r.source().id()).containsExactlyInAnyOrder("vol-2", "vol-2r");
    }

    @Test
    void siteMismatchesAreFlaggedWithTheirMeaningAndSafeNextStep() {
        assertThat(f.pair("vol-2").mismatch()).isEqualTo(PairMismatch.BOTH_PRIMARY);
        assertThat(f.row("site-b", "vol-2r").splitBrain()).isTrue();
        assertThat(f.pair("vol-3").mismatch()).isEqualTo(PairMismatch.PARTNER_MISSING);
        assertThat(f.pair("vol-3").sideB()).isNull();
        ReplicationColumns columns = new ReplicationColumns(() -> NOW, f.model::settings, java.time.ZoneOffset.UTC);
        assertThat(columns.pairDetail(f.pair("vol-2")))
                .anySatisfy(d -> assertThat(d.value()).contains("Both sides are primary"))
                .anySatisfy(d -> assertThat(d.label()).isEqualTo("Next step"));
    }

    @Test
    void swappingTheSitesPairsSiteBsVolumesFirst() {
        f.model.siteAProperty().set(f.model.sites().get(1));
        assertThat(f.model.siteBProperty().get().name()).as("B moves off the site chosen as A").isEqualTo("site-a");
        assertThat(f.model.pairs().all()).first().satisfies(p -> assertThat(p.sideA().source().id()).isEqualTo("vol-1r"));
    }

    @Test
    void anEditedConnectionKeepsTheSitesPickedOnItWhenItComesBackAsTheSameSite() {
        f.model.siteAProperty().set(f.model.sites().get(1));
        assertThat(f.model.siteAProperty().get().name()).isEqualTo("site-b");
        var samplesB = f.samplerB().samples();

        // site-b's connection edited: the workbench replaces it where it stands, and it reads its site again
        f.connections.set(1, ReplicationFixture.connection("site-b", f.portB));
        f.samplerB().publish(samplesB);
        assertThat(f.model.siteAProperty().get().name()).as("the site picked as A").isEqualTo("site-b");
        assertThat(f.model.siteBProperty().get().name()).isEqualTo("site-a");

        // renamed while edited: the same endpoint and site is still the site picked
        var renamed = new org.csiconsole.views.workbench.ConnectionModel(
                org.csiconsole.core.session.ConnectionProfile.csi("Cluster B", "unix:///run/site-b.sock"));
        renamed.storageProperty().set(FakeReplication.storage(f.portB));
        f.connections.set(1, renamed);
        f.samplerB().publish(samplesB);
        assertThat(f.model.siteAProperty().get().connection()).isEqualTo("Cluster B");
        assertThat(f.model.siteAProperty().get().name()).isEqualTo("site-b");
    }

    @Test
    void siteAIsTheFirstSiteEvenWhenTheSecondSiteAnsweredFirstUntilTheAdminPicksOne() {
        ReplicationFixture late = new ReplicationFixture();
        late.portA.features = new java.util.concurrent.CompletableFuture<>();
        late.open();
        late.model.activate();
        late.samplerB().publish(List.of(sample("site-b", "vol-1r", SECONDARY, UNKNOWN, null, "vol-1", "")));
        assertThat(late.model.siteAProperty().get().name()).as("the only site so far").isEqualTo("site-b");

        late.portA.features.complete(new org.csiconsole.core.replication.ReplicationFeatures(true, true, false, ""));
        late.samplerA().publish(List.of(sample("site-a", "vol-1", PRIMARY, HEALTHY, Duration.ofMinutes(2), "vol-1r", "")));
        assertThat(late.model.siteAProperty().get().name()).as("site A follows the site order").isEqualTo("site-a");
        assertThat(late.model.siteBProperty().get().name()).isEqualTo("site-b");
        assertThat(late.pair("vol-1").mismatch()).isEqualTo(PairMismatch.NONE);

        late.model.siteAProperty().set(late.model.sites().get(1));
        late.samplerA().publish(late.samplerA().samples());
        assertThat(late.model.siteAProperty().get().name()).as("a site the admin picked stays").isEqualTo("site-b");
    }

    @Test
    void theSitesOfOneConnectionAreInNameOrderWhicheverSampleCameFirst() {
        // one driver serving both arrays: its samples arrive in the order the reads ended
        f.samplerA().publish(List.of(sample("site-b", "vol-9r", SECONDARY, UNKNOWN, null, "vol-9", ""),
                sample("site-a", "vol-9", PRIMARY, HEALTHY, Duration.ofMinutes(1), "vol-9r", "")));

        assertThat(f.model.sites()).extracting(SiteChoice::name).startsWith("site-a", "site-b");
        assertThat(f.model.siteAProperty().get().name()).isEqualTo("site-a");
        assertThat(f.model.siteAProperty().get().connection()).isEqualTo(f.model.sites().get(1).connection());
    }

    @Test
    void theRpoAgeIsJudgedAgainstTheIntervalAndASecondaryShowsItsPrimarysLastSync() {
        var t = f.model.settings().thresholds();
        assertThat(f.row("site-a", "vol-1").rpo(t, NOW).level()).isEqualTo(RpoLevel.OK);
        assertThat(f.row("site-a", "vol-3").rpo(t, NOW).level()).as("9 min > 1.5 x 5 min").isEqualTo(RpoLevel.WARNING);
        assertThat(f.row("site-a", "vol-2").rpo(t, NOW).level()).as("20 min > 3 x 5 min").isEqualTo(RpoLevel.ERROR);
        ReplicationColumns columns = new ReplicationColumns(() -> NOW, f.model::settings, java.time.ZoneOffset.UTC);
        assertThat(columns.rowDetail(f.row("site-b", "vol-1r")))
                .anySatisfy(d -> assertThat(d.label() + "=" + d.value()).isEqualTo("RPO age=2 min (ok; interval 5 min)"));
    }

    @Test
    void aSampleWhoseReadFailedIsShownAsStaleWithItsAgeNotAsCurrent() {
        ReplicationSample old = f.samplerA().samples().get(0);
        ReplicationSample failed = old.failed(new CallFailure(FailureKind.UNAVAILABLE, "GetVolumeReplicationInfo vol-1",
                "connection refused", "Check the socket.", ""), NOW);
        f.samplerA().publish(List.of(failed, f.samplerA().samples().get(1), f.samplerA().samples().get(2)));
        ReplicationRow row = f.row("site-a", "vol-1");
        assertThat(row.stale(NOW, f.model.settings().staleAfter())).isTrue();
        assertThat(ReplicationTexts.freshness(row.sample(), NOW, f.model.settings().staleAfter())).isEqualTo("Stale \u00b7 5 s old");
        assertThat(f.model.countsProperty().get().count(ReplicationState.STALE)).isEqualTo(1);
        assertThat(ReplicationTexts.freshness(f.row("site-a", "vol-2").sample(), NOW, f.model.settings().staleAfter())).isEqualTo("5 s ago");
    }

    @Test
    void aRoundThatReadsARowUnchangedKeepsTheHeldRowAndItsSampleAgeCountsFromTheLatestRead() {
        ReplicationRow vol1 = f.row("site-a", "vol-1");
        ReplicationRow vol3 = f.row("site-a", "vol-3");
        List<ReplicationSample> held = f.samplerA().samples();
        java.time.Instant later = NOW.minusSeconds(1);
        ReplicationSample synced = sample("site-a", "vol-3", PRIMARY, HEALTHY, Duration.ofMinutes(1), "vol-gone", "");
        f.samplerA().publish(List.of(readAgain(held.get(0), later), readAgain(held.get(1), later), readAgain(synced, later)));

        assertThat(f.row("site-a", "vol-1")).as("same figures: the held row").isSameAs(vol1);
        assertThat(f.row("site-a", "vol-3")).as("a new last sync: a new row").isNotSameAs(vol3);
        assertThat(f.row("site-a", "vol-3").sample().lastSyncTime()).isEqualTo(NOW.minus(Duration.ofMinutes(1)));
        ReplicationColumns columns = new ReplicationColumns(() -> NOW, f.model::settings, java.time.ZoneOffset.UTC)
                .confirmedBy(f.model::readAt, f.model.publishedProperty());
        assertThat(columns.rowDetail(vol1)).as("the held row was read 5 s ago, its figures again 1 s ago")
                .anySatisfy(d -> assertThat(d.label() + "=" + d.value()).startsWith("Sample=1 s ago"));

        ReplicationSample failed = readAgain(held.get(0), later).failed(new CallFailure(FailureKind.UNAVAILABLE,
                "GetVolumeReplicationInfo vol-1", "connection refused", "Check the socket.", ""), NOW);
        f.samplerA().publish(List.of(failed, readAgain(held.get(1), later), readAgain(synced, later)));
        ReplicationRow stale = f.row("site-a", "vol-1");
        assertThat(stale).as("a failed read is never the held row").isNotSameAs(vol1);
        assertThat(columns.rowDetail(stale)).as("stale, aged from the last successful read")
                .anySatisfy(d -> assertThat(d.label() + "=" + d.value()).startsWith("Sample=Stale \u00b7 1 s old"));
    }

    /** {@code s} read again at {@code at}, its figures unchanged. */
    private static ReplicationSample readAgain(ReplicationSample s, java.time.Instant at) {
        return new ReplicationSample(s.item(), s.role(), s.info(), s.destination(), s.origin(), at, null, at);
    }

    @Test
    void hidingTheViewSlowsEverySamplerAndShowingItAgainSamplesAtOnce() {
        f.model.deactivate();
        assertThat(f.samplerA().visibility).containsExactly(true, false);
        assertThat(f.samplerA().listeners).as("no rows are built while hidden").isEmpty();
        f.model.activate();
        assertThat(f.samplerA().visibility).containsExactly(true, false, true);
        assertThat(f.samplerA().listeners).hasSize(1);
    }

    @Test
    void aBulkPromoteWithOneFailingItemListsEachResultAndRetriesOnlyTheFailure() {
        // vol-3's partner is listed on site B, so its pair is known and it can be acted on
        f.samplerB().publish(List.of(f.samplerB().samples().get(0), f.samplerB().samples().get(1),
                sample("site-b", "vol-gone", SECONDARY, UNKNOWN, null, "vol-3", "")));
        f.portA.failing.put("vol-3", new CallFailure(FailureKind.FAILED_PRECONDITION, "PromoteVolume vol-3",
                "volume cannot be promoted without force: peer is primary", "", ""));
        f.model.selectedRows().setAll(f.row("site-a", "vol-1"), f.row("site-a", "vol-2"), f.row("site-a", "vol-3"));
        f.replicationDialogs.retry = true;

        f.model.commands().promoteAction().run();

        assertThat(f.dialogs.confirmations).as("a split brain among them is a danger: each name is typed")
                .containsExactly("Promote 3 volumes \u00b7 site-a: vol-1:vol-1", "Promote 3 volumes \u00b7 site-a: vol-2:vol-2",
                        "Promote 3 volumes \u00b7 site-a: vol-3:vol-3");
        assertThat(f.assessed.get(0).hazards()).anySatisfy(h -> assertThat(h.kind()).isEqualTo(Hazard.Kind.SPLIT_BRAIN_PRESENT));
        assertThat(f.replicationDialogs.summaries.get(0)).isEqualTo("2 of 3 done; 1 not.");
        assertThat(f.replicationDialogs.results.get(0)).as("each result names its site").contains("vol-1 on site-a: OK", "vol-2 on site-a: OK")
                .anySatisfy(l -> assertThat(l).startsWith("vol-3 on site-a: Failed: volume vol-3 cannot be promoted without force")
                        .contains("demote the partner first"));
        assertThat(f.portA.calls).containsExactly("promote vol-1", "promote vol-2", "promote vol-3", "promote vol-3");
        assertThat(f.portA.calls).noneMatch(c -> c.endsWith("force"));
    }

    @Test
    void aRetryRunsAgainOnlyWhatWasSentAndFailedNeverWhatTheConsoleRefusedBeforeSending() {
        f.samplerB().publish(List.of(f.samplerB().samples().get(0), f.samplerB().samples().get(1),
                sample("site-b", "vol-gone", SECONDARY, UNKNOWN, null, "vol-3", "")));
        f.portA.failing.put("vol-2", CallFailure.refused("PromoteVolume vol-2", "not sent: checked before sending", "Check it."));
        f.portA.failing.put("vol-3", new CallFailure(FailureKind.FAILED_PRECONDITION, "PromoteVolume vol-3",
                "volume cannot be promoted without force: peer is primary", "", ""));
        f.model.selectedRows().setAll(f.row("site-a", "vol-1"), f.row("site-a", "vol-2"), f.row("site-a", "vol-3"));
        f.replicationDialogs.retry = true;

        f.model.commands().promoteAction().run();

        assertThat(f.replicationDialogs.retryOffered.get(0)).isTrue();
        assertThat(f.portA.calls).containsExactly("promote vol-1", "promote vol-2", "promote vol-3", "promote vol-3");

        f.portA.calls.clear();
        f.portA.failing.remove("vol-3");
        f.model.selectedRows().setAll(f.row("site-a", "vol-1"), f.row("site-a", "vol-2"));
        f.replicationDialogs.retry = true;
        f.model.commands().promoteAction().run();

        assertThat(f.replicationDialogs.retryOffered.get(f.replicationDialogs.retryOffered.size() - 1))
                .as("vol-2 was refused before sending: nothing to retry").isFalse();
        assertThat(f.portA.calls).containsExactly("promote vol-1", "promote vol-2");
    }

    @Test
    void aSingleFailedPreconditionIsShownInWordsWithTheNextSafeStep() {
        f.portB.failing.put("vol-1r", new CallFailure(FailureKind.FAILED_PRECONDITION, "ResyncVolume vol-1r",
                "volume is primary", "", ""));
        f.model.selectedRows().setAll(f.row("site-b", "vol-1r"));
        f.model.commands().resyncAction().run();
        assertThat(f.dialogs.failures).singleElement().satisfies(x -> {
            assertThat(x.why()).isEqualTo("resync needs volume vol-1r demoted: only a secondary can be resynchronized");
            assertThat(x.whatToDo()).startsWith("Demote it first");
        });
    }

    @Test
    void aForcePromoteOfAPrimaryInSplitBrainIsRefusedWithTheRecoveryAsNextStepAndNeverSent() {
        f.model.selectedRows().setAll(f.row("site-b", "vol-2r"));
        f.dialogs.answer = true;
        f.dialogs.typed = "vol-2r";
        f.model.commands().promoteForceAction().run();

        Assessment asked = f.assessed.get(0);
        assertThat(asked.title()).isEqualTo("Force promote volume vol-2r on site-b");
        assertThat(asked.has(Hazard.Kind.SPLIT_BRAIN_PRESENT)).isTrue();
        assertThat(asked.blocked()).isTrue();
        assertThat(asked.illegal().overridable()).isFalse();
        assertThat(asked.illegal().reason()).isEqualTo("vol-2r is already primary on site-b: a force promote of it changes nothing");
        assertThat(asked.illegal().nextStep()).startsWith("Run split-brain recovery for the pair");
        assertThat(f.portB.calls).as("refused: nothing sent, whatever is typed").isEmpty();
    }

    @Test
    void forceIsNeverSentWithoutTheNameTypedAndThenOnlyOnThatVolume() {
        f.model.selectedRows().setAll(f.row("site-b", "vol-1r"));
        f.dialogs.answer = true;
        f.dialogs.typed = "vol-1";
        f.model.commands().promoteForceAction().run();
        assertThat(f.portB.calls).as("a name other than its own does not confirm").isEmpty();
        assertThat(f.assessed.get(0).consent().names()).containsExactly("vol-1r");

        f.dialogs.typed = "vol-1r";
        f.model.commands().promoteForceAction().run();
        assertThat(f.portB.calls).containsExactly("promote vol-1r force");
    }

    @Test
    void forcePromotingAHealthySecondaryBesideAReachablePrimaryWarnsOfTheSplitBrainItCreatesAndNamesThePartnersWritesAtRisk() {
        f.model.selectedRows().setAll(f.row("site-b", "vol-1r"));
        f.dialogs.answer = false;
        f.model.commands().promoteForceAction().run();

        Assessment a = f.assessed.get(0);
        assertThat(a.dangerous()).isTrue();
        assertThat(a.hazards()).extracting(Hazard::kind).startsWith(Hazard.Kind.SPLIT_BRAIN_CREATED);
        assertThat(a.hazards()).anySatisfy(h -> assertThat(h.sentence())
                .startsWith("creates a split brain: vol-1 on site-a is primary and reachable (healthy)"));
        assertThat(a.hazards()).anySatisfy(h -> assertThat(h.sentence())
                .as("the writes at risk are the partner's").startsWith("writes to vol-1 on site-a after the last sync"));
        assertThat(a.saferAlternative()).contains("planned failover");
        assertThat(a.state()).singleElement().satisfies(line -> assertThat(line).contains("partner vol-1 on site-a: primary, healthy, answering"));
        assertThat(f.portB.calls).as("nothing is sent before consent").isEmpty();
        assertThat(f.services.engine.ran).isEmpty();
    }

    @Test
    void aForcedPromoteThatMadeASplitBrainIsReportedAsTheSplitBrainWithItsNextStepNeverAsAPlainSuccess() {
        f.model.selectedRows().setAll(f.row("site-b", "vol-1r"));
        f.dialogs.typed = "vol-1r";
        f.model.commands().promoteForceAction().run();

        assertThat(f.portB.calls).containsExactly("promote vol-1r force");
        assertThat(f.replicationDialogs.summaries).singleElement().satisfies(s -> assertThat(s)
                .startsWith("Promoted, and now a split brain: vol-1r on site-b and vol-1 on site-a are both primary and both take writes")
                .contains("Next step:", "split-brain recovery").endsWith("1 of 1 done."));
        assertThat(f.notifications.items()).singleElement().satisfies(n -> {
            assertThat(n.severity()).as("not a success").isEqualTo(org.csiconsole.views.notify.Severity.ERROR);
            assertThat(n.message()).startsWith("Promoted, and now a split brain");
            assertThat(n.title()).as("the result says force was used").startsWith("Promote vol-1r with force on site-b");
        });
    }

    @Test
    void demotingASplitBrainRowAsksTheSplitBrainAssessmentsConsentAsTheCommandLineDoes() {
        f.model.selectedRows().setAll(f.row("site-a", "vol-2"));
        f.dialogs.answer = false;
        f.model.commands().demoteAction().run();

        Assessment a = f.assessed.get(0);
        assertThat(a.blocked()).isFalse();
        assertThat(a.has(Hazard.Kind.SPLIT_BRAIN_PRESENT)).isTrue();
        assertThat(f.dialogs.informations).as("a confirmation, not a plain information").isEmpty();
        assertThat(f.dialogs.confirmations).singleElement().satisfies(c -> assertThat(c).startsWith("Demote volume vol-2 on site-a"));
        assertThat(f.portA.calls).isEmpty();
    }

    @Test
    void aPromoteTheModelKnowsIsRefusedIsExplainedAndNotSent() {
        f.model.selectedRows().setAll(f.row("site-b", "vol-1r"));
        f.model.commands().promoteAction().run();
        assertThat(f.assessed.get(0).blocked()).isTrue();
        assertThat(f.assessed.get(0).illegal().nextStep()).contains("planned failover");
        assertThat(f.dialogs.informations).containsExactly("Promote volume vol-1r on site-b: not sent");
        assertThat(f.portB.calls).isEmpty();
        assertThat(f.services.engine.planned).isEmpty();
    }

    @Test
    void demotingTheOnlyPrimaryIsADangerAndCancellingSendsNothing() {
        f.model.selectedRows().setAll(f.row("site-a", "vol-1"));
        f.dialogs.answer = false;
        f.model.commands().demoteAction().run();
        assertThat(f.assessed.get(0).dangerous()).isTrue();
        assertThat(f.assessed.get(0).hazards()).anySatisfy(h -> assertThat(h.sentence())
                .contains("no side takes writes until vol-1r on site-b is promoted"));
        assertThat(f.portA.calls).isEmpty();
        assertThat(f.services.engine.ran).isEmpty();
    }

    @Test
    void enablingAVolumeThatReplicatesOnAnotherSiteOrWithAnIntervalThatIsNoDurationIsRefusedBeforeSending() {
        f.dialogs.formAnswer = form -> {
            form.text("ids").set("vol-1r");
            return true;
        };
        f.dialogs.answer = true;

        f.model.commands().enableAction().run();

        Assessment asked = f.assessed.get(f.assessed.size() - 1);
        assertThat(asked.blocked()).isTrue();
        assertThat(asked.illegal().describe()).contains("vol-1r already replicates: it is secondary on site-b");

        f.dialogs.formAnswer = form -> {
            form.text("ids").set("vol-new");
            form.text("parameters").set("schedulingInterval=abc");
            return true;
        };
        f.model.commands().enableAction().run();

        assertThat(f.assessed.get(f.assessed.size() - 1).illegal().describe()).contains("'abc' is not a duration");
        assertThat(f.portA.calls).as("nothing sent").isEmpty();
        assertThat(f.portB.calls).isEmpty();
    }

    @Test
    void enablingAVolumeTheDriversCompleteListingLacksIsRefusedAndNothingIsSent() {
        f.portA.volumes = List.of("vol-1", "vol-new");
        f.dialogs.formAnswer = form -> {
            form.text("ids").set("nope");
            return true;
        };
        f.dialogs.answer = true;

        f.model.commands().enableAction().run();

        Assessment asked = f.assessed.get(f.assessed.size() - 1);
        assertThat(asked.blocked()).isTrue();
        assertThat(asked.illegal().describe()).contains("there is no volume nope", "does not hold it");
        assertThat(f.portA.calls).as("nothing sent").isEmpty();
        assertThat(f.services.engine.ran).isEmpty();
    }

    @Test
    void enablingAVolumeNeitherListedNorRecordedSaysSoInTheConfirmationAndIsSent() {
        f.dialogs.formAnswer = form -> {
            form.text("ids").set("nope");
            return true;
        };
        f.dialogs.answer = true;

        f.model.commands().enableAction().run();

        Assessment asked = f.assessed.get(f.assessed.size() - 1);
        assertThat(asked.blocked()).isFalse();
        assertThat(asked.hazards()).anySatisfy(h -> assertThat(h.sentence()).contains("whether nope exists is not known"));
    }

    @Test
    void disablingASplitBrainRowWhosePartnerWasNotReadSaysSplitBrainAndNamesThePartnerAsTheDetailDoes() {
        f.samplerA().publish(List.of(sample("site-a", "vol-7", PRIMARY, ERROR, Duration.ofMinutes(1), "vol-7r",
                "Split-brain: both vol-7 on site-a and vol-7r on site-b are primary.")));
        f.model.selectedRows().setAll(f.row("site-a", "vol-7"));
        f.dialogs.answer = false;

        f.model.commands().disableAction().run();

        Assessment asked = f.assessed.get(f.assessed.size() - 1);
        assertThat(asked.has(Hazard.Kind.SPLIT_BRAIN_PRESENT)).isTrue();
        assertThat(String.join("\n", asked.lines())).contains("split brain", "vol-7r on site-b")
                .contains("partner vol-7r on site-b: primary as vol-7's driver reports").doesNotContain("partner unknown");
        assertThat(f.portA.calls).isEmpty();
    }

    @Test
    void everyReplicationChangeAndWizardIsDisabledWhileItsConnectionDoesNotAnswerWithCoresReasonAndNothingIsSent() {
        f.model.selectedRows().setAll(f.row("site-b", "vol-1r"));
        f.model.selectedPairs().setAll(f.pair("vol-1"));
        var c = f.model.commands();
        List<org.csiconsole.views.action.ViewAction> all = List.of(c.promoteAction(), c.demoteAction(), c.resyncAction(), c.disableAction(),
                c.promoteForceAction(), c.demoteForceAction(), c.resyncForceAction(), c.wizardAction(WorkflowKind.PLANNED_FAILOVER),
                c.wizardAction(WorkflowKind.UNPLANNED_FAILOVER), c.wizardAction(WorkflowKind.FAILBACK));
        for (var a : all) assertThat(a.enabled().get()).as(a.label() + " while both answer").isTrue();

        f.connections.get(1).stateProperty().set(org.csiconsole.core.session.ConnectionState.RECONNECTING);

        for (var a : all) {
            assertThat(a.enabled().get()).as(a.label() + " while site-b reconnects").isFalse();
            assertThat(a.disabledReason().get()).as(a.label()).isEqualTo("The driver does not answer (connection Reconnecting), so nothing "
                    + "is changed on what was read before. Wait until the connection is Connected again (or reconnect it from the navigator).");
            assertThat(a.run()).isFalse();
        }
        assertThat(f.assessed).as("no confirmation opened").isEmpty();
        assertThat(f.replicationDialogs.wizards).as("no wizard opened").isEmpty();
        assertThat(f.portB.calls).as("nothing sent").isEmpty();

        f.connections.get(1).stateProperty().set(org.csiconsole.core.session.ConnectionState.CONNECTED);
        f.connections.get(0).stateProperty().set(org.csiconsole.core.session.ConnectionState.RECONNECTING);
        assertThat(c.demoteAction().enabled().get()).as("site-a's connection is not the one vol-1r is changed through").isTrue();
        assertThat(c.wizardAction(WorkflowKind.UNPLANNED_FAILOVER).enabled().get())
                .as("an unplanned failover sends nothing to site A, which is expected not to answer").isTrue();
        assertThat(c.wizardAction(WorkflowKind.PLANNED_FAILOVER).enabled().get()).as("a planned failover demotes site A").isFalse();
    }

    @Test
    void aPairWhosePartnerIsMissingOnTheOtherConnectionOffersNoPromoteDemoteResyncOrFailoverAndSaysWhyAndWhatNext() {
        f.model.selectedRows().setAll(f.row("site-a", "vol-3"));
        f.model.selectedPairs().setAll(f.pair("vol-3"));

        for (var action : List.of(f.model.commands().promoteAction(), f.model.commands().demoteAction(), f.model.commands().resyncAction(),
                f.model.commands().promoteForceAction(), f.model.commands().demoteForceAction(), f.model.commands().resyncForceAction())) {
            assertThat(action.enabled().get()).as(action.label()).isFalse();
            assertThat(action.disabledReason().get()).as(action.label())
                    .startsWith("The site pair of vol-3 is mismatched (Partner missing)")
                    .contains("needs a correct pairing", PairMismatch.PARTNER_MISSING.safeNextStep());
            assertThat(action.run()).isFalse();
        }
        assertThat(f.model.commands().disableAction().enabled().get()).as("disabling is the mismatch's own next step").isTrue();
        assertThat(f.model.commands().wizardAction(WorkflowKind.PLANNED_FAILOVER).enabled().get()).isFalse();
        assertThat(f.portA.calls).isEmpty();

        f.model.selectedRows().setAll(f.row("site-a", "vol-1"));
        assertThat(f.model.commands().promoteAction().enabled().get()).as("a consistent pair").isTrue();
    }

    @Test
    void aRowWhoseFirstReadWasRefusedSaysNotReadYetAndOffersNoDrActionUntilItIsRead() {
        ReplicationSample listed = sample("site-a", "vol-4", PRIMARY, UNKNOWN, null, "vol-4r", "");
        CallFailure noSecrets = new CallFailure(FailureKind.AUTHENTICATION, "GetVolumeReplicationInfo vol-4",
                "no secrets were sent", "Give the secrets.", "");
        ReplicationSample neverRead = new ReplicationSample(listed.item(), PRIMARY, null, null,
                org.csiconsole.core.replication.SampleOrigin.LISTING, null, noSecrets, NOW);
        f.samplerA().publish(List.of(f.samplerA().samples().get(0), neverRead));
        f.samplerB().publish(List.of(sample("site-b", "vol-4r", SECONDARY, UNKNOWN, null, "vol-4", "")));
        ReplicationRow row = f.row("site-a", "vol-4");

        assertThat(row.state()).isEqualTo(ReplicationState.NOT_READ);
        assertThat(row.state().words()).isEqualTo("Not read yet");
        assertThat(row.state().meaning()).doesNotContain("previous");
        ReplicationColumns columns = new ReplicationColumns(() -> NOW, f.model::settings, java.time.ZoneOffset.UTC);
        assertThat(columns.rowDetail(row)).as("its role and health are not known: no default value shown")
                .anySatisfy(d -> assertThat(d.label() + "=" + d.value()).isEqualTo("Role=Not read yet"))
                .anySatisfy(d -> assertThat(d.label() + "=" + d.value()).isEqualTo("Health=Not read yet"));
        assertThat(columns.pairDetail(f.pair("vol-4")))
                .anySatisfy(d -> assertThat(d.label() + "=" + d.value()).startsWith("A=").contains("Not read yet").doesNotContain("Primary"));
        assertThat(ReplicationTexts.roleStyle(row.sample())).as("never bold as a primary").isEqualTo(ConsoleStyles.CELL_MUTED);
        f.model.selectedRows().setAll(row);
        assertThat(f.model.commands().promoteAction().enabled().get()).isFalse();
        assertThat(f.model.commands().promoteAction().disabledReason().get()).startsWith("The replication state of vol-4 on site-a was not read yet")
                .contains("--secrets-file");
        f.model.selectedPairs().setAll(f.pair("vol-4"));
        assertThat(f.model.commands().wizardAction(WorkflowKind.SPLIT_BRAIN_RECOVERY).enabled().get()).isFalse();
        assertThat(f.model.commands().wizardAction(WorkflowKind.SPLIT_BRAIN_RECOVERY).disabledReason().get())
                .isEqualTo(f.model.commands().promoteAction().disabledReason().get());

        f.samplerA().publish(List.of(f.samplerA().samples().get(0), listed));
        f.model.selectedRows().setAll(f.row("site-a", "vol-4"));
        assertThat(f.model.commands().promoteAction().enabled().get()).as("read now").isTrue();
    }

    @Test
    void aSiteWhoseDriverCannotListAndKnowsNoSourceSaysWhyAndAnIdItDoesNotHoldIsNotFound() {
        assertThat(f.model.emptyNoteProperty().get()).as("every site has sources").isEmpty();
        CallFailure gone = new CallFailure(FailureKind.NOT_FOUND, "GetVolumeReplicationInfo vol-typo", "the object named in the request does not exist",
                "Check the id.", "");
        ReplicationSample typo = new ReplicationSample(org.csiconsole.core.replication.ReplicatedItem.of(
                org.csiconsole.core.replication.ReplicationSource.volume("vol-typo"), "site-a"), org.csiconsole.core.model.VolumeReplicationRole.UNKNOWN,
                null, null, org.csiconsole.core.replication.SampleOrigin.CSI_ADDONS, null, gone, NOW);
        f.samplerA().publish(List.of(typo));

        assertThat(f.row("site-a", "vol-typo").state()).isEqualTo(ReplicationState.NOT_FOUND);
        assertThat(ReplicationTexts.role(typo)).isEqualTo("Not found");
        assertThat(f.model.emptyNoteProperty().get()).startsWith("site-a: The driver does not list its volumes (no LIST_VOLUMES)")
                .contains("the driver holds none of the 1 id it was given (NOT_FOUND)", "Volumes > Add volume ids");
    }

    @Test
    void aVolumeWhoseReplicationIsNotEnabledIsCountedNotReplicatedNotNotReadOrNotAnswering() {
        CallFailure plain = new CallFailure(FailureKind.FAILED_PRECONDITION, "GetVolumeReplicationInfo vol-plain",
                "replication is not enabled for volume vol-plain", "Enable replication on it first.", "");
        ReplicationSample notReplicated = new ReplicationSample(org.csiconsole.core.replication.ReplicatedItem.of(
                org.csiconsole.core.replication.ReplicationSource.volume("vol-plain"), "site-a"), org.csiconsole.core.model.VolumeReplicationRole.UNKNOWN,
                null, null, org.csiconsole.core.replication.SampleOrigin.CSI_ADDONS, null, plain, NOW);
        f.samplerA().publish(List.of(notReplicated));

        assertThat(f.row("site-a", "vol-plain").state()).isEqualTo(ReplicationState.NOT_REPLICATED);
        assertThat(ReplicationTexts.role(notReplicated)).isEqualTo("Not replicated");
        var counts = f.model.countsProperty().get();
        assertThat(counts.count(ReplicationState.NOT_REPLICATED)).isEqualTo(1);
        assertThat(counts.count(ReplicationState.NOT_READ)).isZero();
        assertThat(counts.unanswered()).as("the driver answered").isZero();
    }

    @Test
    void forceActsOnExactlyOneSelectedVolume() {
        f.model.selectedRows().setAll(f.row("site-a", "vol-1"), f.row("site-a", "vol-2"));
        assertThat(f.model.commands().promoteForceAction().enabled().get()).isFalse();
        assertThat(f.model.commands().promoteForceAction().disabledReason().get()).contains("select exactly one");
        assertThat(f.model.commands().promoteAction().enabled().get()).isTrue();
    }

    @Test
    void theGuidedWorkflowsActOnTheSelectedPairsOrientedFromThePrimary() {
        f.model.selectedPairs().setAll(f.model.pairsOf(List.of(f.row("site-b", "vol-1r"))));
        f.model.commands().wizardAction(WorkflowKind.PLANNED_FAILOVER).run();
        WorkflowWizardModel w = f.replicationDialogs.wizards.get(0);
        assertThat(w.siteAProperty().get().name()).as("the primary now").isEqualTo("site-a");
        assertThat(w.items()).singleElement().satisfies(i -> {
            assertThat(i.from().source().id()).isEqualTo("vol-1");
            assertThat(i.to().source().id()).isEqualTo("vol-1r");
        });
        f.model.selectedPairs().setAll(f.pair("vol-3"));
        assertThat(f.model.commands().wizardAction(WorkflowKind.PLANNED_FAILOVER).enabled().get())
                .as("a pair whose partner is missing cannot fail over").isFalse();
    }

    @Test
    void aReplicationAssessmentTakesTheRowsOwnPairNeverAPartnerHeldFromAnotherConnectionsPairing() {
        // a third connection whose array holds the same ids as site-b: an unrelated array, degraded
        f.connections.add(ReplicationFixture.connection("site-c", new FakeReplication.Port("site-c")));
        f.services.samplers.get("site-c").publish(List.of(sample("site-c", "vol-1r", SECONDARY, ReplicationHealth.DEGRADED, null, "vol-1", "")));
        ReplicationRow held = f.row("site-a", "vol-1");
        assertThat(held.partnerSite().name()).isEqualTo("site-b");
        f.model.selectedRows().setAll(held);

        f.model.siteBProperty().set(f.model.sites().stream().filter(s -> s.name().equals("site-c")).findFirst().orElseThrow());
        f.dialogs.answer = false;
        f.model.commands().disableAction().run();

        Assessment a = f.assessed.get(0);
        assertThat(a.state()).singleElement().satisfies(line -> assertThat(line)
                .as("site-c's own facts, not site-b's vol-1r held by the selection").contains("partner vol-1r on site-c: secondary, degraded"));
        assertThat(a.request().connection()).as("both connections are named").contains("unix:///run/site-a.sock", "unix:///run/site-c.sock");
        assertThat(f.row("site-a", "vol-1").mismatch()).as("site-a's driver names site-b as its partner array, not site-c")
                .isEqualTo(PairMismatch.NOT_CONFIRMED);
        f.model.selectedRows().setAll(f.row("site-a", "vol-1"));
        assertThat(f.model.commands().promoteAction().enabled().get()).isFalse();
        assertThat(f.model.commands().promoteAction().disabledReason().get()).startsWith("The site pair of vol-1 is mismatched (Pair not confirmed)");
        assertThat(f.portA.calls).isEmpty();
    }

    /**
     * Two connections serving the same two arrays with the same ids (the demo in the console, and the demo served on a
     * socket), site A picked on the first, then site B on the second: site A follows to the second (core's one-connection
     * rule for site pairs), and each connection's rows keep the partners their own driver names.
     */
    private static ReplicationFixture twoDemos() {
        ReplicationFixture two = new ReplicationFixture();
        two.connections.add(ReplicationFixture.connection("Demo", new FakeReplication.Port("Demo")));
        two.connections.add(ReplicationFixture.connection("Served", new FakeReplication.Port("Served")));
        two.model.activate();
        String split = "Split-brain: both vol-2 on site-a and vol-2r on site-b are primary.";
        for (String c : List.of("Demo", "Served")) {
            two.services.samplers.get(c).publish(List.of(
                    sample("site-a", "vol-1", PRIMARY, HEALTHY, Duration.ofMinutes(2), "vol-1r", ""),
                    sample("site-a", "vol-2", PRIMARY, ERROR, Duration.ofMinutes(20), "vol-2r", split),
                    sample("site-a", "vol-3", PRIMARY, HEALTHY, Duration.ofMinutes(2), "vol-gone", ""),
                    sample("site-b", "vol-1r", SECONDARY, UNKNOWN, null, "vol-1", ""),
                    sample("site-b", "vol-2r", PRIMARY, ERROR, Duration.ofMinutes(20), "vol-2", split)));
        }
        two.model.siteAProperty().set(site(two, "Demo", "site-a"));
        two.model.siteBProperty().set(site(two, "Served", "site-b"));
        return two;
    }

    private static SiteChoice site(ReplicationFixture on, String connection, String site) {
        return on.model.sites().stream().filter(s -> s.connection().equals(connection) && s.site().equals(site)).findFirst().orElseThrow();
    }

    private static ReplicationRow row(ReplicationFixture on, String connection, String site, String id) {
        return on.model.table().all().stream().filter(r -> r.site().connection().equals(connection) && r.site().site().equals(site)
                && r.source().id().equals(id)).findFirst().orElseThrow(() -> new AssertionError("no " + id + " on " + site + " of " + connection));
    }

    @Test
    void aSiteOfAnotherConnectionBesideADriverServingBothSitesIsRefusedWithCoresSentenceAndNoPairIsFlaggedMissing() {
        ReplicationFixture two = new ReplicationFixture();
        two.connections.add(ReplicationFixture.connection("Demo", new FakeReplication.Port("Demo")));
        two.connections.add(ReplicationFixture.connection("Lab", new FakeReplication.Port("Lab")));
        two.model.activate();
        two.services.samplers.get("Demo").publish(List.of(
                sample("site-a", "vol-1", PRIMARY, HEALTHY, Duration.ofMinutes(2), "vol-1r", ""),
                sample("site-b", "vol-1r", SECONDARY, UNKNOWN, null, "vol-1", "")));
        two.services.samplers.get("Lab").publish(List.of(sample("", "vol-9", PRIMARY, HEALTHY, Duration.ofMinutes(2), "vol-9r", "")));
        SiteChoice demoB = site(two, "Demo", "site-b");
        SiteChoice lab = two.model.sites().stream().filter(s -> s.connection().equals("Lab")).findFirst().orElseThrow();
        assertThat(two.model.siteBProperty().get()).isEqualTo(demoB);

        two.model.siteBProperty().set(lab);

        assertThat(two.model.siteBProperty().get()).as("the pick is refused, not taken").isEqualTo(demoB);
        assertThat(two.model.siteNoteProperty().get()).isEqualTo("Not changed: connection Lab cannot stand beside site-a of Demo: Demo serves "
                + "site-a and site-b itself, so the partners of its volumes are read through Demo alone, and a pairing with another "
                + "connection's site would show every pair without its partner. Pick site A and site B of one connection, or two "
                + "connections that each serve one site.");
        assertThat(two.model.pairs().all()).extracting(PairRow::mismatch).containsOnly(PairMismatch.NONE);

        two.model.siteBProperty().set(site(two, "Demo", "site-a"));
        two.model.siteBProperty().set(demoB);
        assertThat(two.model.siteNoteProperty().get()).as("a pick that stands clears the note").isEmpty();
    }

    @Test
    void pickingASiteOfADriverServingBothSitesBringsTheOtherSiteAlongAndSaysSo() {
        ReplicationFixture two = twoDemos();
        assertThat(two.model.siteAProperty().get()).as("Served serves site-a too: site A follows").isEqualTo(site(two, "Served", "site-a"));
        assertThat(two.model.siteBProperty().get()).isEqualTo(site(two, "Served", "site-b"));
        assertThat(two.model.siteNoteProperty().get()).startsWith("Site A is now site-a \u00b7 Served: site-a of Demo cannot stand beside "
                + "site-b of Served: Served serves site-a and site-b itself");
        assertThat(two.model.pairs().all()).extracting(PairRow::mismatch).doesNotContain(PairMismatch.NOT_CONFIRMED);
    }

    @Test
    void thePartnerMissingNextStepNeverSuggestsDisablingAndEnablingReplication() {
        assertThat(PairMismatch.PARTNER_MISSING.safeNextStep()).doesNotContainIgnoringCase("disable").doesNotContainIgnoringCase("enable");
    }

    @Test
    void aRowWhosePickedPairIsNotConfirmedIsAssessedWithThePartnerItsOwnConnectionListsAndAForcedPromoteNamesTheSplitBrain() {
        ReplicationFixture two = twoDemos();
        ReplicationRow secondary = row(two, "Served", "site-b", "vol-1r");
        assertThat(secondary.partner()).as("the partner its own driver names, on its own connection").isNotNull();
        assertThat(secondary.partnerSite().label()).isEqualTo("site-a \u00b7 Served");

        two.model.selectedRows().setAll(secondary);
        two.dialogs.answer = false;
        two.model.commands().promoteForceAction().run();
        Assessment forced = two.assessed.get(0);
        assertThat(forced.hazards()).extracting(Hazard::kind).startsWith(Hazard.Kind.SPLIT_BRAIN_CREATED);
        assertThat(forced.hazards()).anySatisfy(h -> assertThat(h.sentence()).startsWith("creates a split brain: vol-1 on site-a is primary and reachable"));
        assertThat(forced.request().connection()).contains("unix:///run/Served.sock").doesNotContain("Demo.sock");

        two.model.commands().promoteAction().run();
        assertThat(two.assessed.get(1).blocked()).as("a promote beside a primary partner is refused, as the command line refuses it").isTrue();
        assertThat(two.services.engine.ran).isEmpty();
    }

    @Test
    void aPromoteDemoteOrResyncBesideAPartnerNobodyKnowsIsRefusedWithTheModelsReason() {
        ReplicationFixture two = twoDemos();
        ReplicationRow lonely = row(two, "Served", "site-a", "vol-3");
        assertThat(lonely.partner()).isNull();

        two.model.selectedRows().setAll(lonely);
        for (var action : List.of(two.model.commands().promoteAction(), two.model.commands().demoteAction(), two.model.commands().resyncAction(),
                two.model.commands().promoteForceAction())) {
            assertThat(action.enabled().get()).as(action.label()).isFalse();
            assertThat(action.disabledReason().get()).as(action.label()).startsWith("The site pair of vol-3 is mismatched (Partner missing)");
        }
    }

    @Test
    void aSplitBrainItsDriverReportsIsShownAndCountedOnEveryConnectionWhateverSitesArePicked() {
        ReplicationFixture two = twoDemos();
        ReplicationRow demo = row(two, "Demo", "site-a", "vol-2");
        assertThat(demo.state()).as("not hidden as mismatched by the pairing across connections").isEqualTo(ReplicationState.SPLIT_BRAIN);
        assertThat(demo.partnerSite().label()).as("its partner is on its own connection's site-b").isEqualTo("site-b \u00b7 Demo");
        for (String c : List.of("Demo", "Served")) {
            assertThat(row(two, c, "site-a", "vol-2").state()).as(c).isEqualTo(ReplicationState.SPLIT_BRAIN);
            assertThat(row(two, c, "site-b", "vol-2r").state()).as(c).isEqualTo(ReplicationState.SPLIT_BRAIN);
        }
        var counts = two.model.countsProperty().get();
        assertThat(counts.count(ReplicationState.SPLIT_BRAIN)).as("every connection's, by the same rule").isEqualTo(4);
        assertThat(counts.splitBrainPairs()).as("vol-2 and vol-2r on each of the two connections").isEqualTo(2);
        assertThat(counts.count(ReplicationState.ERROR)).isZero();

        two.model.selectedRows().setAll(demo);
        two.dialogs.answer = false;
        two.model.commands().disableAction().run();
        assertThat(two.assessed.get(0).request().connection()).as("the partner is Demo's site-b, never Served's vol-2r")
                .contains("unix:///run/Demo.sock").doesNotContain("Served.sock");
    }

    @Test
    void aConfirmationOnOneOfTwoConnectionsHoldingTheSameIdsNamesItsConnectionInTheTitleAndInTheTextToType() {
        ReplicationFixture two = twoDemos();
        two.model.selectedRows().setAll(row(two, "Demo", "site-a", "vol-1"));
        two.dialogs.answer = false;
        two.model.commands().disableAction().run();

        Assessment a = two.assessed.get(0);
        assertThat(a.title()).endsWith("vol-1 on site-a \u00b7 Demo");
        assertThat(a.consent().untyped()).isFalse();
        assertThat(a.consent().names()).containsExactly("vol-1 on Demo");
        assertThat(a.consent().acceptsFor(0, "vol-1")).as("vol-1 names Served's volume as well").isFalse();
        assertThat(a.consent().acceptsFor(0, "vol-1 on Served")).isFalse();
        assertThat(two.services.engine.planned).isEmpty();
    }

    @Test
    void aSelectionAcrossConnectionsNamesEachRowsSiteAndConnectionAndNoActionTakesItTogether() {
        ReplicationFixture two = twoDemos();
        List<ReplicationRow> both = List.of(row(two, "Demo", "site-a", "vol-1"), row(two, "Served", "site-a", "vol-1"));
        two.model.selectedRows().setAll(both);

        for (var action : List.of(two.model.commands().demoteAction(), two.model.commands().promoteAction(),
                two.model.commands().resyncAction(), two.model.commands().disableAction())) {
            assertThat(action.enabled().get()).as(action.label()).isFalse();
            assertThat(action.disabledReason().get()).as(action.label())
                    .isEqualTo("The selection holds rows of 2 connections (Demo, Served): a replication action is confirmed and sent "
                            + "through one connection at a time. Select rows of one connection.");
        }
        two.model.commands().operate(WorkflowKind.DEMOTE, both, false);
        assertThat(two.assessed).as("core's assessment refuses: no one confirmation covers two connections").singleElement()
                .satisfies(a -> {
                    assertThat(a.blocked()).isTrue();
                    assertThat(a.illegal().overridable()).isFalse();
                    assertThat(a.illegal().reason()).contains("2 connections (Demo, Served)");
                });
        assertThat(two.services.engine.planned).isEmpty();
        assertThat(both).extracting(ReplicationRow::where).containsExactly("vol-1 on site-a \u00b7 Demo", "vol-1 on site-a \u00b7 Served");
        assertThat(ReplicationView.selectionSummary(both)).anySatisfy(d -> assertThat(d.label() + "=" + d.value())
                .isEqualTo("Sites=site-a \u00b7 Demo, site-a \u00b7 Served"))
                .anySatisfy(d -> assertThat(d.value()).endsWith("Select rows of one connection."));

        two.model.selectedRows().setAll(row(two, "Demo", "site-a", "vol-1"), row(two, "Demo", "site-a", "vol-3"));
        assertThat(two.model.commands().disableAction().enabled().get()).as("one connection").isTrue();
    }

    @Test
    void rowsOfAConnectionThatStoppedAnsweringStayStaleAndTheStatusSaysHowManyDoNotAnswer() {
        ReplicationFixture two = twoDemos();
        CallFailure down = new CallFailure(FailureKind.UNAVAILABLE, "GetVolumeReplicationInfo", "connection refused", "Start the driver.", "");
        var served = two.services.samplers.get("Served");
        served.publish(served.samples().stream().map(x -> x.failed(down, NOW)).toList());

        assertThat(two.model.table().all()).as("every row stays").hasSize(10);
        assertThat(row(two, "Served", "site-a", "vol-1").state()).isEqualTo(ReplicationState.STALE);
        var counts = two.model.countsProperty().get();
        assertThat(counts.count(ReplicationState.STALE)).as("vol-1, vol-3, vol-1r of Served").isEqualTo(3);
        assertThat(counts.count(ReplicationState.SPLIT_BRAIN)).as("a split brain stays one while its driver does not answer").isEqualTo(4);
        assertThat(counts.unanswered()).isEqualTo(5);
        two.model.tick(NOW);
        assertThat(two.model.statusProperty().get()).contains("10 volumes and groups \u00b7 5 not answering (shown with their last figures)");
    }

    static ReplicationHealth health(VolumeReplicationRole r) {
        return r == PRIMARY ? HEALTHY : UNKNOWN;
    }
}
