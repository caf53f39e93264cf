package org.csiconsole.app.gui.connect;

import org.csiconsole.app.cli.CsiConsoleCommand;
import org.csiconsole.app.audit.LazyAuditLog;
import org.csiconsole.core.addons.AddonsClient;
import org.csiconsole.core.call.CallFailure;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.call.TraceEntry;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.AccessType;
import org.csiconsole.core.model.ReplicationHealth;
import org.csiconsole.core.model.ReplicationInfo;
import org.csiconsole.core.oddpeer.RbdLikeDriver;
import org.csiconsole.core.replication.ReplicationRequest;
import org.csiconsole.core.replication.ReplicationSource;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.session.SecretSources;
import org.csiconsole.core.storage.CsiStorage;
import org.csiconsole.core.store.ProfileStore;
import org.csiconsole.core.store.SecretFiles;
import org.csiconsole.views.action.ActionRunner;
import org.csiconsole.views.dialog.DialogService;
import org.csiconsole.views.form.Form;
import org.csiconsole.views.notify.Notifications;
import org.csiconsole.views.resource.ViewContext;
import org.csiconsole.views.task.TaskRunner;
import org.csiconsole.views.task.UiTask;
import org.csiconsole.views.volumes.VolumesViewModel;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.util.WaitForAsyncUtils;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A connection profile's secrets file against a driver that refuses every call without secrets
 * (the RBD-shaped peer): the workbench's Create volume and the replication reads send them, the
 * command line reads replication state with --secrets-file or CSI_SECRETS_FILE, and the canary
 * value in the file appears in no trace, profile file or output.
 */
class ProfileSecretsTest {
    private static final String CANARY = "canary-Profile-91c2";

    @TempDir
    Path dir;

    private final RbdLikeDriver rbd = RbdLikeDriver.mirroring("csi-vol-0001");
    private final CallTrace trace = new CallTrace();
    private Endpoint endpoint;
    private Path secretsFile;
    private ConnectionProfile profile;
    private CsiClient csi;
    private AddonsClient addons;

    @BeforeEach
    void start() throws Exception {
        endpoint = rbd.startInProcess("rbd-profile-" + UUID.randomUUID());
        secretsFile = Files.writeString(dir.resolve("rbd-secrets.json"), "{\"userID\": \"csi-rbd\", \"userKey\": \"" + CANARY + "\"}");
        profile = ConnectionProfile.csi("ceph", endpoint.text()).withSecrets(SecretSources.allFrom(secretsFile.toString()));
    }

    @AfterEach
    void stop() throws Exception {
        if (addons != null) addons.close();
        if (csi != null) csi.close();
        rbd.close();
    }

    /** CsiStorage as a CSI connection of the workbench builds it from the profile. */
    private CsiStorage storage() {
        CsiClientOptions options = CsiClientOptions.defaults().withSecrets(SecretFiles.of(profile.secrets()));
        csi = CsiClient.open(endpoint, Optional.empty(), options, trace);
        addons = AddonsClient.open(endpoint, options, trace);
        return new CsiStorage(csi, true, addons);
    }

    @Test
    void createVolumeFromTheWorkbenchSendsTheProfilesProvisionerSecrets() throws Exception {
        ActionRunner actions = new ActionRunner(new TaskRunner(Runnable::run), new Notifications(), new FormDialogs(f -> {
            f.text("name").set("pvc-secret");
            f.text("size").set("1GiB");
            f.<AccessType>choice("accessType").set(AccessType.MOUNT);
            f.<AccessMode>choice("accessMode").set(AccessMode.SINGLE_NODE_WRITER);
        }));
        VolumesViewModel m = new VolumesViewModel(new ViewContext(storage(), actions, Runnable::run, "ceph"));
        m.activate();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> m.createAction().enabled().get());

        assertThat(m.createAction().run()).isTrue();
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS, () -> m.table().all().stream().anyMatch(v -> v.name().equals("pvc-secret")));

        assertThat(rbd.secretsOf("CreateVolume")).containsEntry("userKey", CANARY).containsEntry("userID", "csi-rbd");
        assertNoCanaryIn(trace.snapshot());
    }

    @Test
    void replicationStateIsReadWithTheProfilesSecretsAsTheSamplerReadsIt() throws Exception {
        ReplicationInfo info = storage().replication().info(ReplicationRequest.of(ReplicationSource.volume("csi-vol-0001")))
                .get(30, TimeUnit.SECONDS);

        assertThat(info.health()).isEqualTo(ReplicationHealth.HEALTHY);
        assertThat(rbd.secretsOf("GetVolumeReplicationInfo")).containsEntry("userKey", CANARY);
        assertNoCanaryIn(trace.snapshot());
    }

    @Test
    void theProfileFileNamesTheSecretsFileAndHoldsNoValue() throws Exception {
        ProfileStore store = new ProfileStore(dir.resolve("config"));
        store.save(List.of(profile));

        assertThat(Files.readString(store.file())).contains(secretsFile.toString()).doesNotContain(CANARY).doesNotContain("csi-rbd");
        assertThat(store.load()).containsExactly(profile);
    }

    @Test
    void theCommandLineReadsReplicationStateWithTheSecretsFileOrItsVariable() {
        String[] info = {"replication", "info", "--endpoint", endpoint.text(), "--volume-id", "csi-vol-0001", "--trace"};

        Run without = run(k -> null, info);
        assertThat(without.code).isNotZero();
        assertThat(without.err).contains("no secrets were sent: this console has none for GetVolumeReplicationInfo").contains("--secrets-file")
                .doesNotContain("driver is running");

        Run withFile = run(k -> null, concat(info, "--secrets-file", secretsFile.toString()));
        assertThat(withFile.code).as(withFile.err).isZero();
        assertThat(withFile.out.toLowerCase()).contains("healthy");
        assertThat(withFile.out + withFile.err).doesNotContain(CANARY).contains("***");

        Run withVariable = run(Map.of("CSI_SECRETS_FILE", secretsFile.toString())::get, info);
        assertThat(withVariable.code).as(withVariable.err).isZero();
        assertThat(withVariable.out + withVariable.err).doesNotContain(CANARY);
        assertThat(rbd.secretsOf("GetVolumeReplicationInfo")).containsEntry("userKey", CANARY);
    }

    private static void assertNoCanaryIn(List<TraceEntry> entries) {
        assertThat(entries).isNotEmpty();
        for (TraceEntry e : entries) {
            assertThat(e.toString()).doesNotContain(CANARY);
            assertThat(e.request().json()).doesNotContain(CANARY);
        }
    }

    private record Run(int code, String out, String err) {
    }

    private Run run(Function<String, String> env, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cl = CsiConsoleCommand.commandLine(env, new LazyAuditLog(dir.resolve("data")));
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        int code = cl.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }

    /** Fills each form with {@code fill} and submits it once. */
    private static final class FormDialogs implements DialogService {
        private final java.util.function.Consumer<Form> fill;

        FormDialogs(java.util.function.Consumer<Form> fill) {
            this.fill = fill;
        }

        @Override
        public boolean confirm(String title, String message, String actionLabel) {
            return true;
        }

        @Override
        public boolean confirmByTyping(String title, String message, String expected, String actionLabel) {
            return false;
        }

        @Override
        public void showFailure(CallFailure failure) {
            throw new AssertionError("no failure expected: " + failure.describe());
        }

        @Override
        public void showInformation(String title, String message) {
        }

        @Override
        public boolean submitForm(Form form, Function<Form, UiTask<?>> submit) {
            fill.accept(form);
            assertThat(form.valid().get()).as("the filled form is valid").isTrue();
            submit.apply(form);
            return true;
        }
    }
}
