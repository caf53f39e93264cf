package org.csiconsole.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.csiconsole.core.call.CallTrace;
import org.csiconsole.core.csi.CsiClient;
import org.csiconsole.core.csi.CsiClientOptions;
import org.csiconsole.core.endpoint.Endpoint;
import org.csiconsole.core.model.AccessMode;
import org.csiconsole.core.model.VolumeCapability;
import org.csiconsole.core.port.VolumeRequest;
import org.csiconsole.core.reference.ReferencePlugin;
import org.csiconsole.core.reference.Seed;
import org.csiconsole.core.storage.CsiStorage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code csi-console volume-group} against the reference plugin in process, output captured. */
class VolumeGroupCommandTest {
    @TempDir
    Path dir;
    private ReferencePlugin plugin;
    private String endpoint;
    private CsiClient client;
    private final List<String> asked = new ArrayList<>();
    private String answer;
    private StringWriter out;
    private StringWriter err;

    @BeforeEach
    void start() {
        plugin = ReferencePlugin.builder(dir).seed(Seed.EMPTY).start();
        String name = "vg-cli-" + UUID.randomUUID();
        plugin.startInProcess(name);
        endpoint = "inproc:" + name;
        client = CsiClient.open(new Endpoint.InProcess(name), Optional.empty(), CsiClientOptions.defaults(), new CallTrace());
    }

    @AfterEach
    void stop() {
        client.close();
        plugin.close();
    }

    private String volume(String name) throws Exception {
        return new CsiStorage(client, false).createVolume(new VolumeRequest(name, 1L << 30,
                List.of(VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4")), Map.of(), Map.of(), null))
                .get(30, TimeUnit.SECONDS).volumeId();
    }

    private List<String> volumeIds() throws Exception {
        List<String> ids = new java.util.concurrent.CopyOnWriteArrayList<>();
        client.controller().listVolumes(0, page -> page.forEach(v -> ids.add(v.volumeId()))).get(30, TimeUnit.SECONDS);
        return ids;
    }

    private int run(String... args) {
        out = new StringWriter();
        err = new StringWriter();
        CommandLine cl = new CommandLine(new CsiConsoleCommand());
        cl.setExecutionExceptionHandler(new FailureHandler());
        cl.setExitCodeExceptionMapper(ExitCodes::forThrowable);
        cl.addSubcommand(new VolumeGroupCommand(k -> null, () -> answer == null ? java.util.Optional.empty()
                : java.util.Optional.<ConsoleTerminal>of(q -> {
                    asked.add(q);
                    return answer;
                })));
        cl.setOut(new PrintWriter(out, true));
        cl.setErr(new PrintWriter(err, true));
        return cl.execute(args);
    }

    private JsonNode list() throws Exception {
        assertThat(run("volume-group", "list", "--endpoint", endpoint, "--output", "json")).isEqualTo(ExitCodes.OK);
        return new ObjectMapper().readTree(out.toString());
    }

    @Test
    void createsAndListsAGroupAsTableAndJson() throws Exception {
        String a = volume("cli-a");
        String b = volume("cli-b");

        assertThat(run("volume-group", "create", "--endpoint", endpoint, "--addons-endpoint", endpoint, "--name", "db",
                "--volume-id", a, "--volume-id", b)).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("Created volume group db").contains("2 members");

        assertThat(run("volume-group", "list", "--endpoint", endpoint)).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("VOLUME_GROUP_ID").contains("db").contains(a);
        JsonNode groups = list();
        assertThat(groups).hasSize(1);
        assertThat(groups.get(0).get("name").asText()).isEqualTo("db");
        assertThat(groups.get(0).get("volume_ids").toString()).contains(a, b);
    }

    @Test
    void aVolumeAlreadyInAnotherGroupStopsTheCreateBeforeAnyCall() throws Exception {
        String a = volume("cli-a");
        assertThat(run("volume-group", "create", "--endpoint", endpoint, "--name", "db", "--volume-id", a)).isEqualTo(ExitCodes.OK);

        int code = run("volume-group", "create", "--endpoint", endpoint, "--name", "again", "--volume-id", a, "--trace");

        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains(a + " is already in group db; this driver allows one group per volume.")
                .contains("Controller/ListVolumeGroups").doesNotContain("Controller/CreateVolumeGroup");
        JsonNode groups = list();
        assertThat(groups).hasSize(1);
        assertThat(groups.get(0).get("name").asText()).isEqualTo("db");
    }

    @Test
    void deleteIsRefusedWithoutYesAndNoTerminalAndKeepsTheMembers() throws Exception {
        String a = volume("cli-a");
        run("volume-group", "create", "--endpoint", endpoint, "--name", "db", "--volume-id", a, "--output", "json");
        String id = new ObjectMapper().readTree(out.toString()).get("volume_group_id").asText();

        answer = null;
        assertThat(run("volume-group", "delete", "--endpoint", endpoint, "--group-id", id)).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("no terminal").contains("--yes=db");
        assertThat(run("volume-group", "delete", "--endpoint", endpoint, "--group-id", id, "--yes=web")).isEqualTo(ExitCodes.USAGE);
        assertThat(list()).hasSize(1);

        assertThat(run("volume-group", "delete", "--endpoint", endpoint, "--group-id", id, "--yes=db")).as(err::toString).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("stay");
        assertThat(list()).isEmpty();
        assertThat(volumeIds()).containsExactly(a);
    }

    @Test
    void aTerminalAsksForTheNameAndTheMembersAreDeletedOnlyWhenThatIsConfirmedToo() throws Exception {
        String a = volume("cli-a");
        run("volume-group", "create", "--endpoint", endpoint, "--name", "db", "--volume-id", a, "--output", "json");
        String id = new ObjectMapper().readTree(out.toString()).get("volume_group_id").asText();

        answer = "db";
        assertThat(run("volume-group", "delete", "--endpoint", endpoint, "--group-id", id, "--delete-volumes")).isEqualTo(ExitCodes.USAGE);
        assertThat(asked).last().asString().isEqualTo("Type " + a + " to delete volume " + a + ": ");
        assertThat(err.toString()).as("the members' own assessment").contains("DeleteVolume removes " + a);
        assertThat(list()).hasSize(1);

        assertThat(run("volume-group", "delete", "--endpoint", endpoint, "--group-id", id, "--delete-volumes",
                "--yes-delete-volumes=" + a)).isEqualTo(ExitCodes.OK);
        assertThat(asked.get(0)).contains("Type db");
        assertThat(list()).isEmpty();
        assertThat(volumeIds()).as("the member is gone").isEmpty();
    }

    @Test
    void aMemberTheDriverReportsPublishedRefusesTheWholeDeleteBeforeAnythingIsSentNamingTheNode() throws Exception {
        String a = volume("cli-a");
        String b = volume("cli-b");
        new CsiStorage(client, false).controllerPublish(b, "node-1",
                VolumeCapability.mount(AccessMode.SINGLE_NODE_WRITER, "ext4"), false).get(30, TimeUnit.SECONDS);
        run("volume-group", "create", "--endpoint", endpoint, "--name", "db", "--volume-id", a, "--volume-id", b, "--output", "json");
        String id = new ObjectMapper().readTree(out.toString()).get("volume_group_id").asText();

        int code = run("volume-group", "delete", "--endpoint", endpoint, "--group-id", id, "--delete-volumes", "--yes=db",
                "--yes-delete-volumes=delete cli-a, cli-b", "--trace");

        assertThat(code).as(err.toString()).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("published").contains("node-1").contains(b)
                .doesNotContain("the driver does not report publications")
                .contains("/ControllerGetVolume attempt").as("nothing sent")
                .doesNotContain("/DeleteVolumeGroup attempt").doesNotContain("/DeleteVolume attempt")
                .doesNotContain("/ModifyVolumeGroupMembership attempt");
        assertThat(list()).as("the group stays").hasSize(1);
        assertThat(volumeIds()).containsExactlyInAnyOrder(a, b);
    }

    @Test
    void aDryRunSendsNothingAndAWrongMembersPhraseNamesTheFlagThatGivesIt() throws Exception {
        String a = volume("cli-a");
        String b = volume("cli-b");
        run("volume-group", "create", "--endpoint", endpoint, "--name", "db", "--volume-id", a, "--volume-id", b, "--output", "json");
        String id = new ObjectMapper().readTree(out.toString()).get("volume_group_id").asText();

        assertThat(run("volume-group", "delete", "--endpoint", endpoint, "--group-id", id, "--delete-volumes", "--dry-run"))
                .as(err.toString()).isEqualTo(ExitCodes.OK);
        assertThat(out.toString()).contains("Dry run: nothing was sent.").contains("1 GiB");
        assertThat(list()).hasSize(1);

        int code = run("volume-group", "delete", "--endpoint", endpoint, "--group-id", id, "--yes=db", "--delete-volumes",
                "--yes-delete-volumes=2");

        assertThat(code).isEqualTo(ExitCodes.USAGE);
        assertThat(err.toString()).contains("--yes-delete-volumes=2 does not name").contains("Pass --yes-delete-volumes=delete ")
                .doesNotContain("--yes=2");
        assertThat(list()).hasSize(1);
        assertThat(volumeIds()).containsExactlyInAnyOrder(a, b);
    }
}
