package org.csiconsole.app.cli;

import org.csiconsole.app.audit.LazyAuditLog;
import org.csiconsole.core.audit.AuditQuery;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.session.ConnectionProfile;
import org.csiconsole.core.store.ProfileStore;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** A call the command line makes to a saved connection's endpoint is audited under the connection's name, beside the endpoint. */
class AuditedConnectionTest {
    @TempDir
    Path dir;
    private ReferencePlugin plugin;
    private LazyAuditLog audit;
    private String endpoint;
    private final Map<String, String> env = new HashMap<>();
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void start() throws Exception {
        plugin = ReferencePlugin.builder(dir.resolve("state")).seed(Seed.EMPTY).start();
        plugin.serve(dir.resolve("csi.sock"), Optional.empty());
        endpoint = "unix://" + dir.resolve("csi.sock");
        audit = new LazyAuditLog(dir.resolve("data"));
        env.put("XDG_CONFIG_HOME", dir.resolve("config").toString());
    }

    @AfterEach
    void stop() {
        audit.close();
        plugin.close();
    }

    private int run(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        CommandLine cl = new CommandLine(new CsiConsoleCommand());
        cl.setExecutionExceptionHandler(new FailureHandler());
        cl.setExitCodeExceptionMapper(ExitCodes::forThrowable);
        for (Object c : CsiMutations.all(env::get, audit)) cl.addSubcommand(c);
        cl.addSubcommand(new AuditCommand(audit));
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    private void saveProfile(String name, String csiEndpoint) {
        new ProfileStore(dir.resolve("config").resolve("csi-console")).save(List.of(ConnectionProfile.csi(name, csiEndpoint)));
    }

    @Test
    void aPromptNamesASavedConnectionAsTheAuditDoesWithTheEndpointBeside() {
        saveProfile("Served", endpoint);
        assertThat(run("create-volume", "--endpoint", endpoint, "--name", "logs", "--size", "1GiB")).as(err.toString()).isEqualTo(ExitCodes.OK);
        String id = audit.find(AuditQuery.FIRST_PAGE).get(0).record().targets().get("volume_id").get(0);

        assertThat(run("delete-volume", "--endpoint", endpoint, "--volume-id", id, "--yes=" + id)).as(err.toString()).isEqualTo(ExitCodes.OK);

        assertThat(out.toString() + err.toString()).contains("On connection Served (" + endpoint + ")");
        assertThat(AuditedConnection.site(env::get, "site-a", endpoint)).isEqualTo("site-a on Served (" + endpoint + ")");
        assertThat(AuditedConnection.site(env::get, "site-a", "unix:///elsewhere.sock")).isEqualTo("site-a (unix:///elsewhere.sock)");
    }

    @Test
    void aCallToASavedConnectionsEndpointIsAuditedUnderItsNameAndShownWithTheEndpoint() {
        saveProfile("Lab array", endpoint);

        assertThat(run("create-volume", "--endpoint", endpoint, "--name", "logs", "--size", "1GiB")).as(err.toString()).isEqualTo(ExitCodes.OK);

        assertThat(audit.find(AuditQuery.FIRST_PAGE)).singleElement().satisfies(e -> {
            assertThat(e.record().origin().connection()).isEqualTo("Lab array");
            assertThat(e.record().endpoint()).isEqualTo(endpoint);
        });
        assertThat(run("audit")).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("Lab array (" + endpoint + ")");
        assertThat(run("audit", "--connection", "Lab array", "--output", "json")).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("CreateVolume");
    }

    @Test
    void anEndpointNoProfileHasIsAuditedUnderItselfAndAnUnreadableProfileFileDoesNotStopTheCall() throws Exception {
        saveProfile("Other", "unix:///run/other/csi.sock");
        assertThat(AuditedConnection.name(env::get, endpoint)).isEqualTo(endpoint);

        Files.writeString(dir.resolve("config").resolve("csi-console").resolve(ProfileStore.FILE_NAME), "not json");
        assertThat(run("create-volume", "--endpoint", endpoint, "--name", "logs", "--size", "1GiB")).as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(audit.find(AuditQuery.FIRST_PAGE)).singleElement()
                .satisfies(e -> assertThat(e.record().origin().connection()).isEqualTo(endpoint));
        assertThat(run("audit")).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).as("the endpoint once, not beside itself").doesNotContain(endpoint + " (" + endpoint + ")");
    }
}
