package org.csiconsole.views.fence;

import org.csiconsole.core.model.AccessProtocol;
import org.csiconsole.core.model.FenceClient;
import org.csiconsole.core.model.Host;
import org.csiconsole.core.model.Origin;
import org.csiconsole.core.model.Volume;
import org.csiconsole.core.port.FenceRequest;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.FakeFenceStorage;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.task.TaskRunner;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** The network fence view model without JavaFX running: a direct executor and a fake storage. */
class FenceViewModelTest {
    private static final String CANARY = "canary-fence-view-6623";
    private final FakeFenceStorage storage = FakeFenceStorage.advertisingAll();
    private final FakeDialogService dialogs = new FakeDialogService();
    private final List<Form> forms = new java.util.ArrayList<>();

    private final Notifications notifications = new Notifications();

    private FenceViewModel model() {
        ActionRunner actions = new ActionRunner(new TaskRunner(Runnable::run), notifications, dialogs);
        FenceViewModel m = new FenceViewModel(new ViewContext(storage, actions, Runnable::run, "Demo"));
        m.activate();
        return m;
    }

    private void answerForms(String cidrs, String parameters, String secrets) {
        dialogs.formAnswer = f -> {
            forms.add(f);
            f.field("cidrs").ifPresent(x -> f.text("cidrs").set(cidrs));
            f.text("parameters").set(parameters);
            f.text("secrets").set(secrets);
            return true;
        };
    }

    @Test
    void theFenceFormSaysUnderTheBlocksWhatWasReadDifferentlyAndWhatIsRedundant() {
        var blocks = model().fenceForm(true, "10.1.0.5/24").text("cidrs");
        assertThat(blocks.note().get()).isEqualTo("Read as network blocks, host bits cleared: 10.1.0.5/24 is the block 10.1.0.0/24.");
        blocks.set("0.0.0.0/0\n10.1.0.0/24");
        assertThat(blocks.note().get()).isEqualTo("Redundant: 10.1.0.0/24 lies inside 0.0.0.0/0, which covers it already.");
        blocks.set("10.1.0.0/24");
        assertThat(blocks.note().get()).isEmpty();
        blocks.set("10.1.0.0/33");
        assertThat(blocks.note().get()).as("a block that does not parse has its error, not a note").isEmpty();
    }

    @Test
    void theFenceAndUnfenceFormsNameTheConnectionTheyActOn() {
        FenceViewModel m = model();
        assertThat(m.fenceForm(true, "0.0.0.0/0").connection()).isEqualTo("Demo");
        assertThat(m.fenceForm(false, "10.1.0.0/24").connection()).isEqualTo("Demo");
    }

    @Test
    void fencingSendsTheBlocksParametersAndSecretsOnceConfirmedAndForgetsTheSecrets() {
        storage.fenced.add("10.9.0.0/16");
        FenceViewModel m = model();
        answerForms("10.1.0.5/24\nfd00:10::/64", "clusterID=east", "userKey=" + CANARY);

        m.fenceAction().run();

        FenceRequest sent = storage.requests.get(0);
        assertThat(sent.cidrTexts()).containsExactly("10.1.0.0/24", "fd00:10::/64");
        assertThat(sent.parameters()).isEqualTo(Map.of("clusterID", "east"));
        assertThat(sent.secrets().values()).isEqualTo(Map.of("userKey", CANARY));
        assertThat(dialogs.confirmations).containsExactly("Fence 2 networks:10.1.0.0/24,fd00:10::/64");
        assertThat(forms.get(0).text("secrets").text().get()).as("secrets cleared when the form closes").isEmpty();
        assertThat(m.table().all()).extracting(FenceRow::cidr).containsExactly("10.9.0.0/16", "10.1.0.0/24", "fd00:10::/64");
        assertThat(m.selected().cidr()).isEqualTo("fd00:10::/64");
        assertThat(notifications.items()).as("core's result line, as the command line prints it").anySatisfy(n -> assertThat(n.message())
                .isEqualTo("Fenced 10.1.0.0/24 (IPv4, 256 addresses) and fd00:10::/64 (IPv6, 2^64 addresses) through Demo: I/O from those "
                        + "addresses is refused until you unfence them."));

        m.refresh();
        assertThat(storage.listParameters.get(storage.listParameters.size() - 1)).as("the listing asks the same cluster")
                .isEqualTo(Map.of("clusterID", "east"));
    }

    @Test
    void whileTheConfirmationWaitsForItsReadsTheStatusLineSaysWhatItReadsAndNothingIsSent() {
        storage.fenced.add("10.9.0.0/16");
        storage.clientsAnswer = new java.util.concurrent.CompletableFuture<>();
        FenceViewModel m = model();
        answerForms("10.1.0.5/24", "", "");

        m.fenceAction().run();

        assertThat(m.statusProperty().get()).isEqualTo("Reading who 10.1.0.0/24 cuts off (clients, hosts, volumes) before the confirmation\u2026");
        assertThat(dialogs.confirmations).isEmpty();
        assertThat(storage.requests).isEmpty();
        storage.clientsAnswer.complete(null);
        assertThat(m.statusProperty().get()).as("the wait is over").doesNotStartWith("Reading who");
        assertThat(dialogs.confirmations).hasSize(1);
    }

    @Test
    void cancellingTheReadsBeforeTheConfirmationSendsNothingAndSaysSo() {
        storage.clientsAnswer = new java.util.concurrent.CompletableFuture<>();
        ActionRunner actions = new ActionRunner(new TaskRunner(Runnable::run), notifications, dialogs);
        FenceViewModel m = new FenceViewModel(new ViewContext(storage, actions, Runnable::run, "Demo"));
        m.activate();
        answerForms("10.1.0.5/24", "", "");

        m.fenceAction().run();
        var reads = actions.tasks().tasks().filtered(t -> t.title().equals(
                "Reading who 10.1.0.0/24 cuts off (clients, hosts, volumes) before the confirmation"));
        assertThat(reads).as("the reads are a task, with its Cancel").hasSize(1);
        reads.get(0).cancel();

        assertThat(m.statusProperty().get()).isEqualTo("Not sent: the reads before the fence confirmation were cancelled.");
        storage.clientsAnswer.complete(null);
        assertThat(dialogs.confirmations).as("no confirmation after a cancel").isEmpty();
        assertThat(storage.requests).isEmpty();
    }

    @Test
    void oneFencedBlockIsReadInTheSingular() {
        storage.fenced.add("10.9.0.0/16");
        FenceViewModel m = model();
        assertThat(m.statusProperty().get()).isEqualTo("Read 1 fenced block");
    }

    @Test
    void fencingEveryNetworkIsADangerOfItsOwnWithTheTotalsBeforeTheNames() {
        storage.clients = List.of(new FenceClient("worker-a1", List.of("10.10.3.11")));
        FenceViewModel m = model();
        answerForms("0.0.0.0/0", "", "");
        dialogs.typed = "0.0.0.0/0";

        m.fenceAction().run();

        assertThat(dialogs.assessments).last().satisfies(a -> {
            assertThat(a.has(org.csiconsole.core.risk.Hazard.Kind.WIDE_BLOCK)).isTrue();
            assertThat(a.hazards().get(1).sentence()).startsWith("in all, 1 known host and ");
        });
    }

    @Test
    void aConfirmationNotTypedSendsNothing() {
        FenceViewModel m = model();
        answerForms("10.1.0.0/24", "", "");
        dialogs.typed = "10.1.0.0";

        m.fenceAction().run();

        assertThat(storage.requests).isEmpty();
        assertThat(m.table().all()).isEmpty();
    }

    @Test
    void unfenceRemovesTheSelectedBlockAfterConfirming() {
        storage.fenced.addAll(List.of("10.1.0.0/24", "10.2.0.0/24"));
        FenceViewModel m = model();
        m.selectedProperty().set(m.table().all().get(0));
        answerForms("10.1.0.0/24", "", "");

        m.unfenceAction().run();

        assertThat(storage.fenced).containsExactly("10.2.0.0/24");
        assertThat(m.table().all()).extracting(FenceRow::cidr).containsExactly("10.2.0.0/24");
        assertThat(dialogs.confirmations).containsExactly("Unfence network 10.1.0.0/24:10.1.0.0/24");
    }

    @Test
    void unfenceWithSeveralBlocksSelectedPrefillsEachOfThem() {
        storage.fenced.addAll(List.of("10.1.0.0/24", "10.2.0.0/24", "10.3.0.0/24"));
        FenceViewModel m = model();
        m.selectedProperty().set(m.table().all().get(0));
        m.selectedRows().setAll(m.table().all().get(0), m.table().all().get(2));
        List<String> prefilled = new java.util.ArrayList<>();
        dialogs.formAnswer = f -> {
            prefilled.add(f.text("cidrs").text().get());
            return false;
        };

        m.unfenceAction().run();

        assertThat(prefilled).singleElement().satisfies(t -> assertThat(t.lines().toList())
                .containsExactly(m.table().all().get(0).cidr(), m.table().all().get(2).cidr()));
        assertThat(storage.requests).isEmpty();
    }

    @Test
    void unfencingEveryNetworkNamesTheClientsAnotherFencedBlockKeepsFenced() {
        storage.fenced.addAll(List.of("0.0.0.0/0", "10.10.3.0/24"));
        storage.clients = List.of(new FenceClient("worker-01", List.of("10.10.3.11")), new FenceClient("web-01", List.of("10.20.1.5")));
        FenceViewModel m = model();
        m.selectedProperty().set(m.table().all().get(0));
        answerForms("0.0.0.0/0", "", "");

        m.unfenceAction().run();

        assertThat(dialogs.assessments).last().satisfies(a -> assertThat(String.join("\n", a.lines()))
                .contains("clients in 0.0.0.0/0 (web-01 (10.20.1.5)) can write again")
                .contains("worker-01 (10.10.3.11) stays fenced by 10.10.3.0/24: it cannot write until it is unfenced too"));
    }

    @Test
    void aBlockTheDriverDoesNotListIsNotUnfencedAndNothingIsSent() {
        storage.fenced.add("10.1.0.0/24");
        FenceViewModel m = model();
        m.selectedProperty().set(m.table().all().get(0));
        answerForms("10.99.0.0/24", "", "");
        dialogs.typed = "10.99.0.0/24";

        m.unfenceAction().run();

        assertThat(dialogs.assessments).last().satisfies(a -> {
            assertThat(a.blocked()).isTrue();
            assertThat(a.illegal().reason()).isEqualTo("10.99.0.0/24 is not fenced: ListClusterFence lists 10.1.0.0/24");
        });
        assertThat(storage.requests).as("nothing sent").isEmpty();
        assertThat(storage.fenced).containsExactly("10.1.0.0/24");
    }

    @Test
    void unfenceIsOfferedForAListedBlockOnlyUnlessTheDriverCannotList() {
        FenceViewModel listing = model();
        assertThat(listing.unfenceAction().enabled().get()).as("no block selected").isFalse();
        assertThat(listing.unfenceAction().disabledReason().get()).isEqualTo("Select one of the fenced blocks first.");

        storage.listFailure = new org.csiconsole.core.call.CallFailure(org.csiconsole.core.call.FailureKind.INTERNAL,
                "ListClusterFence", "provided secret is empty", "", "");
        FenceViewModel blind = model();
        assertThat(blind.unfenceAction().enabled().get()).isTrue();
        answerForms("10.99.0.0/24", "", "");
        dialogs.typed = "10.99.0.0/24";
        blind.unfenceAction().run();
        assertThat(dialogs.assessments).last().satisfies(a -> assertThat(a.illegal().overridable()).as(a.illegal().reason()).isTrue());
        assertThat(storage.requests).as("not sent without the override").isEmpty();
    }

    @Test
    void theClientsToFenceAreShownTheFormOpensEmptyAndTheConfirmationNamesTheClientsInsideTheBlocks() {
        storage.clients = List.of(new FenceClient("worker-a1", List.of("10.10.3.11")), new FenceClient("worker-b1", List.of("10.20.3.0/24")));
        FenceViewModel m = model();
        List<String> prefilled = new java.util.ArrayList<>();
        dialogs.formAnswer = f -> {
            f.field("cidrs").ifPresent(x -> {
                prefilled.add(f.text("cidrs").text().get());
                f.text("cidrs").set("10.10.3.0/24");
            });
            return true;
        };

        m.clientsAction().run();

        assertThat(dialogs.confirmations).startsWith("Clients to fence");
        assertThat(dialogs.messages.get(0)).contains("worker-a1: 10.10.3.11", "worker-b1: 10.20.3.0/24");
        assertThat(prefilled).as("nothing chosen for the admin").containsExactly("");
        assertThat(dialogs.assessments).singleElement().satisfies(a -> assertThat(String.join("\n", a.lines()))
                .contains("worker-a1 (10.10.3.11) loses access to storage: it is in 10.10.3.0/24").doesNotContain("worker-b1"));
        assertThat(storage.fenced).containsExactly("10.10.3.0/24");
    }

    @Test
    void theFenceConfirmationNamesTheCspHostsAndTheDriversClientsInsideTheBlockWithTheVolumesPublishedToThem() {
        Host inside = new Host("host-1", "5b8f-1111", "worker-01", List.of("iqn.2026-01.com.example:worker-01"), List.of(), List.of(),
                List.of("10.1.0.11/24"), "", AccessProtocol.ISCSI, "");
        Host outside = new Host("host-2", "5b8f-2222", "worker-09", List.of(), List.of(), List.of(), List.of("10.9.0.5/24"), "", AccessProtocol.ISCSI, "");
        Volume erp = new Volume("vol-1", "erp-db", 1L << 30, null, null, null, null, null, List.of("host-1"), null, null, Origin.CSP, null);
        Volume web = new Volume("vol-2", "web", 1L << 30, null, null, null, null, null, List.of("worker-09"), null, null, Origin.CSP, null);
        Volume app = new Volume("vol-3", "app-data", 1L << 30, null, null, null, null, null, List.of("worker-02"), null, null, Origin.CSI, null);
        storage.withCsp(List.of(inside, outside), List.of(erp, web, app));
        storage.clients = List.of(new FenceClient("worker-02", List.of("10.1.0.12")));
        FenceViewModel m = model();
        answerForms("10.1.0.0/24", "clusterID=east", "");
        dialogs.typed = "wrong";

        m.fenceAction().run();

        assertThat(dialogs.assessments).singleElement().satisfies(a -> assertThat(String.join("\n", a.lines()))
                .startsWith("Fence network 10.1.0.0/24\n  DANGER: every client in 10.1.0.0/24: 2 known hosts and 2 volumes")
                .contains("worker-02 (10.1.0.12; published to it: app-data (vol-3)), worker-01 (10.1.0.11; initiators iqn.2026-01.com.example:worker-01; "
                        + "published to it: erp-db (vol-1)) lose access to storage: they are in 10.1.0.0/24, from every address of which the storage "
                        + "refuses I/O and publications until it is unfenced")
                .doesNotContain("worker-09").doesNotContain("web"));
        assertThat(storage.requests).as("nothing sent before the blocks are typed").isEmpty();
    }

    @Test
    void withoutTheCapabilitiesTheActionsSayWhichOneIsMissing() {
        FakeFenceStorage none = new FakeFenceStorage();
        ActionRunner actions = new ActionRunner(new TaskRunner(Runnable::run), new Notifications(), dialogs);
        FenceViewModel m = new FenceViewModel(new ViewContext(none, actions, Runnable::run, "Demo"));
        m.activate();

        assertThat(m.fenceAction().enabled().get()).isFalse();
        assertThat(m.fenceAction().disabledReason().get()).isEqualTo(
                "The driver does not advertise NetworkFence.NETWORK_FENCE (csi-addons GetCapabilities).");
        assertThat(m.clientsAction().disabledReason().get()).contains("NetworkFence.GET_CLIENTS_TO_FENCE");
        assertThat(m.unsupportedProperty().get()).as("the listing needs NETWORK_FENCE too").isTrue();
        assertThat(m.statusProperty().get()).contains("NetworkFence.NETWORK_FENCE");
        assertThat(none.listParameters).as("not sent").isEmpty();
    }

    @Test
    void badBlocksAndSecretsAreRefusedInTheFormWithoutQuotingASecret() {
        assertThat(FenceViewModel.checkCidrs("10.1.0.0/24\n10.1.0.0/40")).contains("prefix length 40");
        assertThat(Form.checkSecrets("userID=fence;" + CANARY)).contains("Secret 2 is not key=value").doesNotContain(CANARY);
        assertThat(Form.parseSecrets("userID=fence; userKey=a=b").values()).isEqualTo(Map.of("userID", "fence", "userKey", "a=b"));
    }
}
