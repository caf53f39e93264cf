package org.csiconsole.views.troubleshoot;

import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.FailureKind;
import org.csiconsole.core.model.ControllerCapability;
import org.csiconsole.core.trouble.CheckStatus;
import org.csiconsole.core.trouble.DiscoveredSocket;
import org.csiconsole.core.trouble.DiscoveryReport;
import org.csiconsole.core.trouble.ExerciseStep;
import org.csiconsole.core.trouble.RegistrationInfo;
import org.csiconsole.core.trouble.SocketRole;
import org.csiconsole.core.trouble.SocketState;
import org.csiconsole.core.trouble.StepOutcome;
import org.csiconsole.views.FakeDialogService;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.notify.Notification;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.notify.Severity;
import org.csiconsole.views.task.TaskRunner;
import org.junit.jupiter.api.Test;

import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import static org.assertj.core.api.Assertions.assertThat;

class TroubleshootViewModelTest {
    private final FakeTroubleshootPort port = new FakeTroubleshootPort();
    private final FakeDialogService dialogs = new FakeDialogService();
    private final List<String> connected = new ArrayList<>();
    private final Notifications notifications = new Notifications();
    private final TroubleshootViewModel model = new TroubleshootViewModel(port,
            new ActionRunner(new TaskRunner(Runnable::run), notifications, dialogs), Runnable::run,
            (name, endpoint) -> {
                connected.add(name + "=" + endpoint);
                return "Added " + name + ".";
            });

    @Test
    void discoveryListsTheSocketsAndConnectsToADriverInOneClick() {
        model.discover().discover();

        List<DiscoveredSocket> rows = model.discover().sockets().all();
        assertThat(rows).hasSize(2);
        assertThat(model.discover().statusProperty().get()).isEqualTo("2 sockets: 1 warning; 2 drivers (12 ms, discovered 1970-01-01 00:00:00 UTC)");
        assertThat(model.discover().whyNotConnect(rows.get(1))).get().asString().contains("stale");
        assertThat(model.discover().whyNotConnect(rows.get(0))).isEmpty();

        model.discover().connect(rows.get(0));
        model.discover().connect(rows.get(1));

        assertThat(connected).containsExactly("csi.example.com=unix:///var/lib/kubelet/plugins/csi.example.com/csi.sock");
        assertThat(notifications.items()).filteredOn(n -> !n.title().startsWith("Discover")).extracting(Notification::title)
                .containsExactlyInAnyOrder("Connect", "Not connected");
    }

    @Test
    void connectWithSeveralSocketsSelectedSaysWhyAndAddsNothing() {
        model.discover().discover();
        List<DiscoveredSocket> rows = model.discover().sockets().all();

        assertThat(model.discover().whyNotConnect(rows)).get().asString()
                .startsWith("2 sockets are selected: a connection reaches one driver");
        model.discover().connect(rows);

        assertThat(connected).isEmpty();
        assertThat(notifications.items()).filteredOn(n -> n.title().equals("Not connected")).singleElement().satisfies(n -> {
            assertThat(n.severity()).isEqualTo(Severity.WARNING);
            assertThat(n.message()).startsWith("2 sockets are selected");
        });
    }

    @Test
    void twoSocketsOfOneDriverConnectUnderNamesThatTellThemApartAndSayWhatWasDone() {
        DiscoveredSocket healthy = FakeTroubleshootPort.socket("/k/plugins/healthy/csi.sock", SocketRole.CSI, SocketState.LISTENING, "ref.example.com");
        DiscoveredSocket strict = FakeTroubleshootPort.socket("/k/plugins/strict/csi.sock", SocketRole.CSI, SocketState.LISTENING, "ref.example.com");
        DiscoveredSocket own = FakeTroubleshootPort.socket("/k/plugins/ref.example.com/csi.sock", SocketRole.CSI, SocketState.LISTENING, "ref.example.com");

        model.discover().connect(healthy);
        model.discover().connect(strict);
        model.discover().connect(own);

        assertThat(connected).containsExactly("ref.example.com (healthy)=unix:///k/plugins/healthy/csi.sock",
                "ref.example.com (strict)=unix:///k/plugins/strict/csi.sock", "ref.example.com=unix:///k/plugins/ref.example.com/csi.sock");
        assertThat(notifications.items()).extracting(Notification::message).contains("Added ref.example.com (strict).");
    }

    @Test
    void anEmptyRootIsRefusedWithASentenceAndNeitherDiscoveryNorTheProbeLooksAnywhere() {
        model.rootDirProperty().set("  ");
        model.endpointProperty().set("unix:///var/lib/kubelet/plugins/csi.example.com/csi.sock");

        model.discover().discover();
        model.probe().probe();

        assertThat(port.discovered).isEmpty();
        assertThat(port.probed).isEmpty();
        assertThat(model.discover().failureProperty().get())
                .isEqualTo("Root: it is empty, and an empty path would mean the current directory. Give Root, e.g. the kubelet's root "
                        + "directory (its --root-dir), /var/lib/kubelet.");
        assertThat(model.discover().statusProperty().get()).startsWith("Not discovered: Root: it is empty");
        assertThat(model.probe().statusProperty().get()).startsWith("Not probed: Root: it is empty");
        assertThat(model.discover().runningProperty().get()).isFalse();
    }

    private static DiscoveredSocket registration(String endpoint, SocketState endpointState) {
        boolean broken = endpointState != SocketState.LISTENING;
        return new DiscoveredSocket("/var/lib/kubelet/plugins_registry/x.example.com-reg.sock", SocketRole.REGISTRATION,
                SocketState.LISTENING, "root", "root", "rwxr-xr-x", List.of(),
                new RegistrationInfo("CSIPlugin", "x.example.com", endpoint, List.of("1.0.0")), "x.example.com", "", "",
                broken ? "registers " + endpoint + " for x.example.com, but nothing is at that path" : "", "",
                broken ? CheckStatus.FAIL : CheckStatus.PASS, broken ? "Restart x.example.com's driver container" : "");
    }

    @Test
    void aRegistrationNamingItsEndpointAsAUnixUrlConnectsToThatEndpoint() {
        DiscoveredSocket reg = registration("unix:///var/lib/kubelet/plugins/x.example.com/csi.sock", SocketState.LISTENING);

        assertThat(model.discover().whyNotConnect(reg)).isEmpty();
        assertThat(DiscoverModel.endpointOf(reg)).isEqualTo("unix:///var/lib/kubelet/plugins/x.example.com/csi.sock");
        model.discover().connect(reg);
        assertThat(connected).containsExactly("x.example.com=unix:///var/lib/kubelet/plugins/x.example.com/csi.sock");
    }

    @Test
    void aStaleSocketAndABrokenRegistrationCannotBeConnectedToButCanBeProbed() {
        model.discover().discover();
        DiscoveredSocket stale = model.discover().sockets().all().get(1);
        DiscoveredSocket broken = registration("/var/lib/kubelet/plugins/x.example.com/csi.sock", SocketState.MISSING);

        assertThat(model.discover().whyNotConnect(stale)).isPresent();
        assertThat(model.discover().whyNotConnect(broken)).get().asString().contains("nothing is at that path");
        assertThat(model.discover().whyNotProbe(stale)).isEmpty();
        assertThat(model.discover().whyNotProbe(broken)).isEmpty();
        assertThat(DiscoverModel.endpointOf(broken)).isEqualTo("unix:///var/lib/kubelet/plugins/x.example.com/csi.sock");
    }

    @Test
    void theReportPageShowsTheLastProbeAtOnceAndTheSavedReportAfterSave() {
        model.endpointProperty().set("unix:///csi/csi.sock");
        model.probe().probe();

        assertThat(model.reports().reportNameProperty().get()).isEqualTo(ReportsModel.UNSAVED);
        assertThat(model.reports().reportProperty().get().probe()).isSameAs(model.probe().reportProperty().get());
        assertThat(model.reports().checks().all()).extracting(c -> c.id()).containsExactly("list.volumes.paging", "identity.plugin-name");

        model.saveReport(Path.of("/support/case-42"));

        assertThat(model.reports().reportNameProperty().get()).isEqualTo("/support/case-42/report.json");
        assertThat(model.reports().reportProperty().get()).isSameAs(port.reports.get(Path.of("/support/case-42/report.json")));
        assertThat(model.reports().checks().all()).hasSize(2);
    }

    @Test
    void aFailedSaveOffersTryAgainWhichSavesAgain() {
        model.discover().discover();
        port.saveFailure = new CallFailure(FailureKind.INVALID_ARGUMENT, "Save a report", "/support is read-only", "Choose another folder", "");

        model.saveReport(Path.of("/support"));

        assertThat(model.reports().failureProperty().get()).contains("/support is read-only");
        model.reports().retry();
        assertThat(port.saved).hasSize(2);
        assertThat(model.reports().failureProperty().get()).isEmpty();
        assertThat(model.reports().reportNameProperty().get()).isEqualTo("/support/report.json");
    }

    @Test
    void aFailedDiscoveryOrProbeSaysWhyUntilTriedAgain() {
        port.pendingDiscovery = CompletableFuture.failedFuture(new CallFailure(FailureKind.AUTHENTICATION, "Discover",
                "/var/lib/kubelet may not be read", "Run as root", ""));
        model.discover().discover();
        assertThat(model.discover().failureProperty().get()).contains("may not be read");
        port.pendingDiscovery = null;
        model.discover().discover();
        assertThat(model.discover().failureProperty().get()).isEmpty();

        model.endpointProperty().set("unix:///csi/csi.sock");
        port.probeFailure = new CallFailure(FailureKind.INVALID_ARGUMENT, "Probe", "the endpoint cannot be read", "Write it as unix:///path", "");
        model.probe().probe();
        assertThat(model.probe().failureProperty().get()).contains("the endpoint cannot be read").contains("Write it as unix:///path");
        assertThat(model.probe().statusProperty().get()).startsWith("The probe did not finish: ");
        model.probe().probe();
        assertThat(model.probe().failureProperty().get()).isEmpty();
        assertThat(model.probe().reportProperty().get()).isNotNull();
    }

    @Test
    void anExerciseWhoseDriverDidNotSayItsNameSaysWhyUntilTriedAgain() {
        model.endpointProperty().set("unix:///csi/csi.sock");
        port.identifyFailure = new CallFailure(FailureKind.UNAVAILABLE, "GetPluginInfo", "nothing listens on /csi/csi.sock", "Start the driver", "");

        model.exercise().run();

        assertThat(model.exercise().failureProperty().get()).contains("nothing listens on /csi/csi.sock");
        assertThat(port.exercised).isEmpty();
        model.exercise().run();
        assertThat(model.exercise().failureProperty().get()).isEmpty();
    }

    @Test
    void aProbeListsItsChecksFailuresFirst() {
        model.endpointProperty().set("unix:///csi/csi.sock");

        model.probe().probe();

        assertThat(port.probed).containsExactly("unix:///csi/csi.sock");
        assertThat(model.probe().checks().all()).extracting(c -> c.id()).containsExactly("list.volumes.paging", "identity.plugin-name");
        assertThat(model.probe().statusProperty().get()).contains("1 failed").contains("1 passed");
    }

    @Test
    void afterADiscoveryAndAProbeSaveReportWritesBothWithTheCallsOfTheirTasks() {
        assertThat(model.canSaveReport().get()).as("nothing run yet").isFalse();
        model.discover().discover();
        model.endpointProperty().set("unix:///csi/csi.sock");
        model.probe().probe();
        assertThat(model.canSaveReport().get()).isTrue();

        model.saveReport(Path.of("/support/case-42"));

        assertThat(port.saved).singleElement().satisfies(s -> {
            assertThat(s.dir()).isEqualTo(Path.of("/support/case-42"));
            assertThat(s.endpoint()).isEqualTo(model.probe().reportProperty().get().endpoint());
            assertThat(s.discovery()).isSameAs(model.discover().reportProperty().get());
            assertThat(s.probe()).isSameAs(model.probe().reportProperty().get());
            assertThat(s.exercise()).isNull();
            assertThat(s.titles()).containsExactlyInAnyOrder("Discover drivers under /var/lib/kubelet", "Probe unix:///csi/csi.sock");
        });
        assertThat(dialogs.failures).isEmpty();
    }

    @Test
    void aReportIsAboutTheLatestRunsEndpointAndLeavesOutAnExerciseOnAnother() {
        String strict = "unix:///root/plugins/strict/csi.sock";
        String stale = "unix:///root/plugins/stale/csi.sock";
        model.endpointProperty().set(strict);
        model.exercise().workDirProperty().set("/tmp/x");
        dialogs.typed = "csi.example.com/default";
        model.exercise().run();
        assertThat(model.exercise().resultProperty().get().endpoint()).isEqualTo(strict);
        port.probeAnswers.put(stale, FakeTroubleshootPort.unreachable(stale, "nothing listens", "Remove the file"));
        model.endpointProperty().set(stale);
        model.probe().probe();

        assertThat(model.reports().reportProperty().get().exercise()).as("the unsaved report").isNull();
        assertThat(model.reports().leftOutProperty().get()).contains("The exercise of " + strict + " is left out");
        model.saveReport(Path.of("/support/case-43"));

        assertThat(port.saved).singleElement().satisfies(s -> {
            assertThat(s.endpoint()).isEqualTo(stale);
            assertThat(s.probe().endpoint()).isEqualTo(stale);
            assertThat(s.exercise()).isNull();
            assertThat(s.titles()).containsExactly("Probe " + stale);
        });
        assertThat(model.reports().reportProperty().get().summary()).doesNotContain("exercise passed");
        assertThat(model.reports().leftOutProperty().get()).contains("The exercise of " + strict + " is left out");
    }

    @Test
    void aCancelledProbeSaysWhichCallDidNotAnswerAndForHowLong() {
        port.hangingProbe = new org.csiconsole.core.trouble.CheckResult(org.csiconsole.core.trouble.ProbeReport.CANCELLED_CHECK,
                "The probe ran to its end", CheckStatus.FAIL, "GetPluginInfo sent to unix:///hung.sock had not answered after 12.0 s "
                + "when the probe was cancelled", "", "Look at the driver's log");
        model.endpointProperty().set("unix:///hung.sock");
        model.probe().probe();
        assertThat(model.probe().runningProperty().get()).isTrue();

        model.probe().cancel();

        assertThat(model.probe().statusProperty().get())
                .isEqualTo("The probe was cancelled: GetPluginInfo sent to unix:///hung.sock had not answered after 12.0 s when the "
                        + "probe was cancelled.");
        assertThat(model.probe().checks().all()).extracting(c -> c.id() + " " + c.status())
                .containsExactly("socket.listening PASS", "probe.cancelled FAIL");
    }

    @Test
    void stepsAndChecksBelongToTheEndpointTheyRanOn() {
        model.endpointProperty().set("unix:///strict.sock");
        model.exercise().workDirProperty().set("/tmp/x");
        dialogs.typed = "csi.example.com/default";
        model.exercise().run();
        model.probe().probe();
        assertThat(model.exercise().steps().all()).hasSize(2);
        assertThat(model.probe().checks().all()).isNotEmpty();

        model.endpointProperty().set("unix:///healthy.sock");

        assertThat(model.exercise().steps().all()).as("the steps of strict.sock under healthy.sock").isEmpty();
        assertThat(model.exercise().statusProperty().get()).contains("The last exercise ran on unix:///strict.sock");
        assertThat(model.probe().checks().all()).isEmpty();
        assertThat(model.probe().statusProperty().get()).contains("The last probe checked unix:///strict.sock");

        model.endpointProperty().set("unix:///strict.sock");

        assertThat(model.exercise().steps().all()).hasSize(2);
        assertThat(model.exercise().statusProperty().get()).contains("every step passed");
        assertThat(model.probe().checks().all()).isNotEmpty();
    }

    @Test
    void aDiscoveryUnderARootDirectoryThatDoesNotExistSaysSoAndIsNotASuccess() {
        String root = "/nonexistent/kubelet";
        port.discovery = new DiscoveryReport(root, List.of(root + "/plugins_registry", root + "/plugins"), Instant.EPOCH,
                Duration.ofMillis(1), List.of(), List.of(root + "/plugins_registry", root + "/plugins"));

        model.discover().discover();

        assertThat(model.discover().statusProperty().get()).contains("the kubelet root directory " + root + " does not exist");
        assertThat(notifications.items()).last().extracting(Notification::severity).isEqualTo(Severity.WARNING);
    }

    @Test
    void runsThatFoundFailuresAreNotNotifiedAsSuccesses() {
        model.endpointProperty().set("unix:///csi/csi.sock");
        model.probe().probe();
        assertThat(notifications.items()).last().extracting(Notification::severity).isEqualTo(Severity.ERROR);

        port.probeAnswers.put("unix:///gone.sock", FakeTroubleshootPort.unreachable("unix:///gone.sock", "nothing listens", "Start it"));
        model.endpointProperty().set("unix:///gone.sock");
        model.probe().probe();
        assertThat(notifications.items()).last().extracting(Notification::severity).isEqualTo(Severity.ERROR);

        model.endpointProperty().set("unix:///csi/csi.sock");
        model.exercise().parametersProperty().set("pool=gold");
        model.exercise().workDirProperty().set("/tmp/x");
        dialogs.typed = "csi.example.com/gold";
        port.exerciseSteps = List.of(new ExerciseStep("CreateVolume", "vol-1", StepOutcome.FAILED, Duration.ofMillis(20), "INTERNAL", false));
        model.exercise().run();
        assertThat(port.exercised).hasSize(1);
        assertThat(notifications.items()).last().extracting(Notification::severity).isEqualTo(Severity.ERROR);
    }

    @Test
    void theReportPageSaysWhenEachSectionRanAndThatAnOlderDiscoveryIsOlder() {
        model.discover().discover();
        model.endpointProperty().set("unix:///csi/csi.sock");
        model.probe().probe();

        String page = TroubleshootPages.summary(model.reports().reportProperty().get(), ReportsModel.UNSAVED);

        assertThat(page).contains("Discovery ran 1970-01-01 00:00:00 UTC; the probe 2030-01-01 00:00:00 UTC.")
                .contains("The discovery is older than the probe");
    }

    @Test
    void theProbePageSendsTheSecretsFileGivenElseLeavesThemToTheSavedConnection() {
        model.endpointProperty().set("unix:///csi/csi.sock");
        model.probe().probe();
        model.probe().secretsFileProperty().set(" /etc/csi/secrets.json ");
        model.probe().probe();

        assertThat(port.probedWithSecrets).containsExactly(null, Path.of("/etc/csi/secrets.json"));
    }

    @Test
    void aProbeWithoutAnEndpointSaysWhatToGiveAndSendsNothing() {
        model.probe().probe();

        assertThat(port.probed).isEmpty();
        assertThat(model.probe().statusProperty().get()).contains("Give the driver's endpoint");
    }

    @Test
    void anExerciseRunsOnlyAfterTheDriverAndPoolAreTyped() {
        model.endpointProperty().set("unix:///csi/csi.sock");
        model.exercise().parametersProperty().set("pool=gold");
        model.exercise().workDirProperty().set("/tmp/x");
        dialogs.typed = "csi.example.com/silver";

        model.exercise().run();

        assertThat(dialogs.confirmations).containsExactly("Exercise csi.example.com at unix:///csi/csi.sock:csi.example.com/gold");
        assertThat(dialogs.typedMessages).singleElement().asString().contains("of csi.example.com at unix:///csi/csi.sock");
        assertThat(port.exercised).isEmpty();
        assertThat(model.exercise().statusProperty().get()).contains("not confirmed");

        dialogs.typed = "csi.example.com/gold";
        model.exercise().run();

        assertThat(port.exercised).singleElement().satisfies(p -> assertThat(p.parameters()).containsEntry("pool", "gold"));
        assertThat(model.exercise().steps().all()).extracting(s -> s.step()).containsExactly("CreateVolume", "DeleteVolume");
        assertThat(model.exercise().statusProperty().get()).contains("every step passed").contains("nothing was left");
    }

    @Test
    void aBadExerciseFormIsRefusedBeforeAnythingIsSent() {
        model.endpointProperty().set("unix:///csi/csi.sock");
        model.exercise().sizeProperty().set("lots");

        model.exercise().run();

        assertThat(dialogs.confirmations).isEmpty();
        assertThat(model.exercise().statusProperty().get()).contains("'lots' is not a size");
    }

    @Test
    void aReportOpensReadOnlyAndComparesWithAnother() {
        Path before = Path.of("/r/before.json");
        Path after = Path.of("/r/after.json");
        port.reports.put(before, FakeTroubleshootPort.report("1.0", CheckStatus.FAIL, 40, Set.of(ControllerCapability.LIST_VOLUMES), 30));
        port.reports.put(after, FakeTroubleshootPort.report("1.1", CheckStatus.PASS, 42,
                Set.of(ControllerCapability.LIST_VOLUMES, ControllerCapability.GET_CAPACITY), 30));

        model.reports().open(before);
        model.reports().compareWith(after);

        assertThat(model.reports().checks().all()).extracting(c -> c.status()).containsExactly(CheckStatus.FAIL, CheckStatus.PASS);
        assertThat(model.reports().comparison().all()).extracting(r -> r.item() + ": " + r.left() + " -> " + r.right())
                .containsExactly("vendor_version: 1.0 -> 1.1", "volumes listed: 40 -> 42", "controller GET_CAPACITY: no -> yes",
                        "list.volumes.paging: FAIL -> PASS");

        model.reports().differencesOnlyProperty().set(false);

        assertThat(model.reports().comparison().all()).extracting(r -> r.item()).contains("name", "identity.plugin-name",
                "csi.v1.Controller/ListVolumes");
    }

    @Test
    void aReportOnAnUnreachableDriverComparesAsNotReadAndTwoEndpointsAreWarnedOf() {
        Path dead = Path.of("/r/dead.json");
        Path healthy = Path.of("/r/healthy.json");
        var p = FakeTroubleshootPort.unreachable("unix:///root/stale/csi.sock", "nothing listens", "Remove the file");
        port.reports.put(dead, new org.csiconsole.core.trouble.TroubleReport(null, "1.0.0", Instant.EPOCH, java.util.Map.of(),
                p.endpoint(), null, p, null, List.of(), null));
        port.reports.put(healthy, FakeTroubleshootPort.report("1.0", CheckStatus.PASS, 4, Set.of(ControllerCapability.LIST_VOLUMES), 30));

        model.reports().open(dead);
        model.reports().compareWith(healthy);

        assertThat(model.reports().comparison().all()).extracting(r -> r.item() + ": " + r.left() + " -> " + r.right())
                .contains("endpoint: unix:///root/stale/csi.sock -> unix:///csi/csi.sock", "name: not read -> csi.example.com",
                        "controller LIST_VOLUMES: not read -> yes", "volumes listed: not listed -> 4")
                .noneMatch(r -> r.contains(": no -> ") || r.contains(":  -> "));
        assertThat(model.reports().comparisonWarningProperty().get()).contains("different endpoints")
                .contains("unix:///root/stale/csi.sock").contains("unix:///csi/csi.sock");

        model.reports().compareWith(dead);
        assertThat(model.reports().comparisonWarningProperty().get()).as("the same endpoint").isEmpty();
    }

    @Test
    void aFileThatIsNoReportIsRefusedAndTheOpenReportStays() {
        Path good = Path.of("/r/good.json");
        port.reports.put(good, FakeTroubleshootPort.report("1.0", CheckStatus.PASS, 1, Set.of(), 1));
        model.reports().open(good);

        model.reports().open(Path.of("/r/other.txt"));

        assertThat(dialogs.failures).singleElement().satisfies(f -> assertThat(f.why()).contains("not a CSI Console report"));
        assertThat(model.reports().reportNameProperty().get()).isEqualTo("/r/good.json");
    }
}
